package dev.partitionscope.ui.lab;

import dev.partitionscope.lab.Lab;
import dev.partitionscope.lab.LabHost;
import dev.partitionscope.lab.clock.SimulatedClock;
import dev.partitionscope.lab.partition.ModelParams;
import dev.partitionscope.lab.workload.FastForward;
import dev.partitionscope.lab.workload.Plan;
import dev.partitionscope.lab.workload.WorkloadProgress;
import dev.partitionscope.lab.workload.WorkloadRun;
import dev.partitionscope.lab.workload.Workloads;
import dev.partitionscope.ui.task.TaskHandle;
import dev.partitionscope.ui.task.TaskRunner;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A fast-forward started from the workload panel, as a {@link WorkloadRun} so the panel follows it like a real-time
 * run. The plan runs in simulated time with {@link FastForward} in a new in-process Lab with the shown Lab's model
 * parameters, on the app's task runner. Its clock starts one run-length ago, so the run ends about now and its
 * metrics fall in the window a CloudWatch query asks for. When it finishes, the Lab is served on a free port and
 * handed to {@code onServed} on the UI thread. Stopping it cancels: the partial Lab is dropped.
 */
final class FastForwardRun implements WorkloadRun {
    /** Items stored at most (spread over the run), as the command line does: the metrics are complete anyway. */
    static final int SAMPLE_ITEMS = 2_000;

    private final Plan plan;
    private final ModelParams params;
    private final LabHost labHost;
    private final TaskRunner tasks;
    private final CountDownLatch ended = new CountDownLatch(1);
    private volatile FastForward fastForward;
    private volatile boolean stopAsked;
    private volatile WorkloadProgress last;
    private volatile long startedNanos;
    private volatile long endedNanos;
    private TaskHandle task = TaskHandle.NONE;

    /** The finished run's Lab, served at {@code endpoint}. */
    record Served(Lab lab, String endpoint, WorkloadProgress progress) {}

    FastForwardRun(Plan plan, ModelParams params, LabHost labHost, TaskRunner tasks) {
        this.plan = plan;
        this.params = params;
        this.labHost = labHost;
        this.tasks = tasks;
        this.last = snapshot(WorkloadProgress.State.STARTING, Duration.ZERO, "");
    }

    /**
     * Starts the run in the background. Exactly once, on the UI thread: {@code onServed} when it finished and its
     * Lab is served; otherwise the run just ends (stopped or failed, {@link #progress()} says which and why).
     */
    void start(Consumer<Served> onServed) {
        startedNanos = System.nanoTime();
        task = tasks.run(
                "Fast-forwarding " + plan.headline(),
                ctx -> work(),
                served -> {
                    if (served == null) {
                        end(cancelled(last));
                    } else {
                        end(served.progress());
                        onServed.accept(served);
                    }
                },
                error -> end(failed(error)),
                () -> {
                    // Cancelled from the status bar: the run's thread sees the stop within a few thousand requests.
                    stopAsked = true;
                    FastForward f = fastForward;
                    if (f != null) {
                        f.stop();
                    }
                    end(cancelled(progress()));
                });
    }

    private Served work() {
        SimulatedClock clock =
                new SimulatedClock(System.currentTimeMillis() - plan.duration().toMillis());
        Lab lab = Lab.inProcess(Lab.Options.defaults().withClock(clock).withParams(params));
        FastForward f = new FastForward(plan, lab, clock, SAMPLE_ITEMS);
        fastForward = f;
        if (stopAsked) {
            f.stop();
        }
        WorkloadProgress p = f.run();
        if (p.state() != WorkloadProgress.State.FINISHED || stopAsked) {
            last = p;
            lab.close();
            return null;
        }
        return new Served(lab, labHost.serve(lab), p);
    }

    private void end(WorkloadProgress p) {
        if (ended.getCount() == 0) {
            return;
        }
        last = p;
        fastForward = null;
        endedNanos = System.nanoTime();
        ended.countDown();
    }

    @Override
    public WorkloadProgress progress() {
        FastForward f = fastForward;
        return ended.getCount() > 0 && f != null ? f.progress() : last;
    }

    /** Cancels the run: the fast-forwarded Lab is dropped. Idempotent; returns at once. */
    @Override
    public void stop() {
        stopAsked = true;
        FastForward f = fastForward;
        if (f != null) {
            f.stop();
        }
    }

    @Override
    public boolean await(Duration timeout) throws InterruptedException {
        return ended.await(timeout.toNanos(), TimeUnit.NANOSECONDS);
    }

    /** Real time since the start, up to the end. */
    Duration realElapsed() {
        long end = ended.getCount() == 0 ? endedNanos : System.nanoTime();
        return Duration.ofNanos(Math.max(0, end - startedNanos));
    }

    /** Cancels the background task itself (the app or the screen goes away). */
    void dispose() {
        stop();
        task.cancel();
    }

    // Snapshots of our own

    private WorkloadProgress cancelled(WorkloadProgress p) {
        return with(
                p,
                WorkloadProgress.State.STOPPED,
                "Cancelled at " + Workloads.duration(p.elapsed()) + " of " + Workloads.duration(plan.duration())
                        + " of simulated time; the partial run was dropped.");
    }

    private WorkloadProgress failed(Throwable error) {
        String why = error.getMessage() == null ? error.getClass().getSimpleName() : error.getMessage();
        return with(progress(), WorkloadProgress.State.FAILED, "The fast-forward failed: " + why);
    }

    private WorkloadProgress snapshot(WorkloadProgress.State state, Duration elapsed, String message) {
        return new WorkloadProgress(
                plan.headline(),
                WorkloadProgress.Mode.FAST_FORWARD,
                state,
                elapsed,
                plan.duration(),
                0,
                0,
                0,
                0,
                0,
                0,
                Map.of(),
                Map.of(),
                "",
                message);
    }

    private static WorkloadProgress with(WorkloadProgress p, WorkloadProgress.State state, String message) {
        return new WorkloadProgress(
                p.headline(),
                p.mode(),
                state,
                p.elapsed(),
                p.planned(),
                p.operations(),
                p.requests(),
                p.succeeded(),
                p.throttled(),
                p.unprocessedItems(),
                p.errors(),
                p.throttlesByReason(),
                p.errorsByKind(),
                p.doing(),
                message);
    }
}
