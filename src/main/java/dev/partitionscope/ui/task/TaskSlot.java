package dev.partitionscope.ui.task;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * One kind of background work of a ViewModel (listing tables, a scatter-gather run, a point read…) of which only the
 * latest run counts. {@link #submit} first cancels the run in progress, then starts the new one; a superseded run is
 * dead: none of its callbacks runs, nor anything it {@link TaskContext#post posts}, whenever its result, failure or
 * cancellation arrives. So a ViewModel needs no generation counters: a callback that runs belongs to the current run.
 *
 * <p>Each run has its own cancel token, seen by its work as {@link TaskContext#isCancelled()}: {@link #stop()} sets
 * it for the current run only, so starting another run (in this slot or another) never un-stops a run that is
 * stopping. Use one slot per independent kind of work.
 *
 * <p>All methods are called on the UI thread, like the callbacks.
 */
public final class TaskSlot {
    private final TaskRunner runner;
    private Run current;

    public TaskSlot(TaskRunner runner) {
        this.runner = runner;
    }

    /** One submitted run: its token, its task and whether its callbacks may still run. */
    private static final class Run {
        /** Set by stop, cancel or supersede; read by the work on its own thread. */
        final AtomicBoolean stopped = new AtomicBoolean();

        Runnable onCancelled = () -> {};
        TaskHandle handle = TaskHandle.NONE;
    }

    /**
     * Cancels the current run (if any; none of its callbacks will run) and starts {@code work}. Exactly one of the
     * callbacks runs, on the UI thread, unless this run is superseded by another {@code submit} or dropped by
     * {@link #discard()} first.
     */
    public <T> void submit(
            String title,
            TaskRunner.Work<T> work,
            Consumer<T> onSuccess,
            Consumer<Throwable> onFailure,
            Runnable onCancelled) {
        submit(title, work, onSuccess, onFailure, onCancelled, value -> {});
    }

    /**
     * As above; {@code onDropped} gets a result that arrives after its run was superseded, cancelled or discarded
     * (the work had finished before the cancel reached it), so that what it holds — an opened connection, a file —
     * can be released. It runs on the UI thread and must not touch the ViewModel's state.
     */
    public <T> void submit(
            String title,
            TaskRunner.Work<T> work,
            Consumer<T> onSuccess,
            Consumer<Throwable> onFailure,
            Runnable onCancelled,
            Consumer<T> onDropped) {
        discard();
        Run run = new Run();
        run.onCancelled = onCancelled;
        current = run;
        TaskHandle handle = runner.run(
                title,
                ctx -> work.call(new RunContext(run, ctx)),
                value -> {
                    if (finish(run)) {
                        onSuccess.accept(value);
                    } else {
                        onDropped.accept(value);
                    }
                },
                failure -> {
                    if (finish(run)) {
                        onFailure.accept(failure);
                    }
                },
                () -> {
                    if (finish(run)) {
                        onCancelled.run();
                    }
                });
        // A synchronous runner may have finished the run (or the callbacks may have started another) already.
        run.handle = handle;
    }

    /** As above, for work whose cancellation needs no clean-up. */
    public <T> void submit(
            String title, TaskRunner.Work<T> work, Consumer<T> onSuccess, Consumer<Throwable> onFailure) {
        submit(title, work, onSuccess, onFailure, () -> {});
    }

    /**
     * Asks the current run to stop: its work sees {@link TaskContext#isCancelled()} and returns what it has, which
     * arrives through its callbacks as usual (a partial result, "stopped" noted). Only that run is affected.
     */
    public void stop() {
        if (current != null) {
            current.stopped.set(true);
        }
    }

    /**
     * Cancels the current run: its task is cancelled and its {@code onCancelled} runs now, once; nothing else of it
     * runs later (a result that was already on its way is dropped). Does nothing when no run is in progress.
     */
    public void cancel() {
        Run run = current;
        if (run == null) {
            return;
        }
        kill(run);
        run.onCancelled.run();
    }

    /** Cancels the current run without any of its callbacks running: the caller resets the state itself. */
    public void discard() {
        Run run = current;
        if (run != null) {
            kill(run);
        }
    }

    /** True from {@link #submit} until the run's callback has run (or it was cancelled or discarded). */
    public boolean isRunning() {
        return current != null;
    }

    private void kill(Run run) {
        current = null; // first: a runner that calls onCancelled synchronously from cancel() finds the run dead
        run.stopped.set(true);
        run.handle.cancel();
    }

    /** Whether {@code run}'s callback may run (it is the current run); it is then no longer in progress. */
    private boolean finish(Run run) {
        if (current != run) {
            return false;
        }
        current = null;
        return true;
    }

    /** The runner's context seen through one run: stopped by its own token, posts dropped once it is dead. */
    private final class RunContext implements TaskContext {
        private final Run run;
        private final TaskContext inner;

        RunContext(Run run, TaskContext inner) {
            this.run = run;
            this.inner = inner;
        }

        @Override
        public boolean isCancelled() {
            return run.stopped.get() || inner.isCancelled();
        }

        @Override
        public void progress(double fraction, String message) {
            inner.progress(fraction, message);
        }

        @Override
        public void post(Runnable onUiThread) {
            inner.post(() -> {
                if (current == run) {
                    onUiThread.run();
                }
            });
        }
    }
}
