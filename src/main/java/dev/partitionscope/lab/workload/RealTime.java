package dev.partitionscope.lab.workload;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.RequestLimitExceededException;
import software.amazon.awssdk.services.dynamodb.model.ThrottlingException;
import software.amazon.awssdk.services.dynamodb.model.ThrottlingReason;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * Runs a plan in real time through the AWS SDK against any endpoint ({@link SdkTarget}): creates the tables it
 * needs, then N worker threads send operations at the plan's rate through one shared rate limiter until the
 * duration is over or {@link #stop()}. Throttles are counted by the reasons DynamoDB (or the Lab) gives in
 * {@code ThrottlingReasons}; other failures by error code. When the endpoint fails every request for a while (nothing
 * listening, writes locked), the run stops with that message instead of spinning.
 */
public final class RealTime implements WorkloadRun {
    /** Consecutive failed requests (not throttles) after which a run gives up. */
    static final int GIVE_UP_AFTER = 200;

    private final Plan plan;
    private final SdkTarget target;
    private final LongSupplier wallMillis;
    private final Tally tally = new Tally();
    private final CountDownLatch done = new CountDownLatch(1);
    private final AtomicInteger consecutiveErrors = new AtomicInteger();
    private final AtomicLong nextSlot = new AtomicLong();
    private volatile boolean stop;
    private volatile WorkloadProgress.State state = WorkloadProgress.State.STARTING;
    private volatile String message = "";
    /** Why Contributor Insights is off on a table of the run, shown with the final message; empty when on. */
    private volatile String insightsNote = "";

    private volatile long startNanos;
    private volatile long endNanos;
    private volatile long finishedNanos;

    private RealTime(Plan plan, SdkTarget target, LongSupplier wallMillis) {
        this.plan = plan;
        this.target = target;
        this.wallMillis = wallMillis;
    }

    /**
     * Starts a run on its own threads and returns at once.
     *
     * @param wallMillis the clock item timestamps come from (the target Lab's clock, or the system's)
     */
    public static RealTime start(Plan plan, SdkTarget target, LongSupplier wallMillis) {
        RealTime run = new RealTime(plan, target, wallMillis);
        Thread coordinator = new Thread(run::run, "workload-" + plan.scenario().name());
        coordinator.setDaemon(true);
        coordinator.start();
        return run;
    }

    private void run() {
        int threads = plan.settings().threads();
        try (DynamoDbClient client = target.client(threads)) {
            tally.doing = "Creating tables " + String.join(", ", plan.tables().keySet()) + " if missing";
            for (TableDef t : plan.tables().values()) {
                if (stop) {
                    break;
                }
                SdkTables.ensure(client, t);
                String note = SdkTables.enableInsights(client, t);
                if (!note.isEmpty()) {
                    insightsNote = note;
                }
            }
            startNanos = System.nanoTime();
            endNanos = startNanos + plan.duration().toNanos();
            nextSlot.set(startNanos);
            state = WorkloadProgress.State.RUNNING;
            Thread[] workers = new Thread[threads];
            for (int i = 0; i < threads; i++) {
                int worker = i;
                workers[i] = new Thread(() -> work(client, plan.draws(worker)), "workload-worker-" + i);
                workers[i].setDaemon(true);
                workers[i].start();
            }
            for (Thread w : workers) {
                w.join();
            }
            finishedNanos = System.nanoTime();
            if (state == WorkloadProgress.State.RUNNING) {
                boolean stopped = stop;
                // The message first: a snapshot that sees the final state must also see why it ended.
                message = (stopped ? "Stopped" : "Finished") + " after " + Workloads.duration(elapsed()) + "."
                        + (insightsNote.isEmpty() ? "" : " " + insightsNote);
                state = stopped ? WorkloadProgress.State.STOPPED : WorkloadProgress.State.FINISHED;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            fail("Interrupted.");
        } catch (RuntimeException e) {
            fail(SdkTables.describe(e));
        } finally {
            if (finishedNanos == 0) {
                finishedNanos = System.nanoTime();
            }
            done.countDown();
        }
    }

    private void work(DynamoDbClient client, Draws d) {
        long interval = Math.max(1, (long) (1e9 / plan.rate()));
        long described = 0;
        while (!stop) {
            long slot = nextSlot.getAndAdd(interval);
            long now = System.nanoTime();
            if (slot < now - 250_000_000L) {
                // Far behind (the endpoint is slower than the rate): drop the backlog instead of bursting later.
                nextSlot.accumulateAndGet(now, Math::max);
                slot = now;
            }
            if (slot >= endNanos) {
                return;
            }
            if (slot > now) {
                LockSupport.parkNanos(slot - now);
                if (stop) {
                    return;
                }
            }
            d.next(wallMillis.getAsLong());
            Step s = plan.pick(d);
            tally.operations.increment();
            String what = SdkCalls.send(client, s, d, outcome);
            long t = System.nanoTime();
            if (t - described > 200_000_000L) {
                described = t;
                tally.doing = what;
            }
        }
    }

    private final SdkCalls.Outcome outcome = new SdkCalls.Outcome() {
        @Override
        public void ok() {
            tally.succeeded.increment();
            consecutiveErrors.set(0);
        }

        @Override
        public void unprocessed(int items) {
            tally.unprocessed.add(items);
        }

        @Override
        public void attempt(Runnable request) {
            tally.requests.increment();
            try {
                request.run();
            } catch (ProvisionedThroughputExceededException e) {
                throttled(e.throttlingReasons(), "ProvisionedThroughputExceededException");
            } catch (ThrottlingException e) {
                throttled(e.throttlingReasons(), "ThrottlingException");
            } catch (RequestLimitExceededException e) {
                throttled(e.throttlingReasons(), "RequestLimitExceeded");
            } catch (TransactionCanceledException e) {
                List<String> throttles = e.hasCancellationReasons()
                        ? e.cancellationReasons().stream()
                                .map(CancellationReason::code)
                                .filter(SdkCalls::throttleCode)
                                .toList()
                        : List.of();
                if (throttles.isEmpty()) {
                    error("TransactionCanceledException", SdkTables.describe(e));
                } else {
                    tally.throttled.increment();
                    consecutiveErrors.set(0);
                    throttles.forEach(code -> tally.throttle(SdkCalls.cancelledReason(code)));
                }
            } catch (DynamoDbException e) {
                String code = e.awsErrorDetails() == null
                        ? "DynamoDbException"
                        : e.awsErrorDetails().errorCode();
                error(code, SdkTables.describe(e));
            } catch (SdkClientException e) {
                error("client: " + SdkTables.clientKind(e), SdkTables.describe(e));
            } catch (RuntimeException e) {
                // The app's read-only guard refuses from inside the client: say so rather than count a mystery.
                error(e.getClass().getSimpleName(), e.getMessage());
            }
        }
    };

    private void throttled(List<ThrottlingReason> reasons, String withoutReason) {
        tally.throttled.increment();
        consecutiveErrors.set(0);
        if (reasons == null || reasons.isEmpty()) {
            tally.throttle(withoutReason + " (no reason given)");
            return;
        }
        for (ThrottlingReason r : reasons) {
            tally.throttle(r.reason());
        }
    }

    private void error(String kind, String text) {
        tally.error(kind);
        if (consecutiveErrors.incrementAndGet() >= GIVE_UP_AFTER && !stop) {
            fail("Every request fails: " + text);
        }
    }

    private void fail(String why) {
        message = why;
        state = WorkloadProgress.State.FAILED;
        stop = true;
    }

    private Duration elapsed() {
        long s = startNanos;
        if (s == 0) {
            return Duration.ZERO;
        }
        long end = finishedNanos != 0 ? finishedNanos : System.nanoTime();
        return Duration.ofNanos(Math.max(0, Math.min(end, endNanos) - s));
    }

    @Override
    public WorkloadProgress progress() {
        WorkloadProgress.State now = state; // read once: the message below must belong to this state
        return tally.snapshot(plan.headline(), now, elapsed(), plan.duration(), now.over() ? message : insightsNote);
    }

    @Override
    public void stop() {
        stop = true;
    }

    @Override
    public boolean await(Duration timeout) throws InterruptedException {
        return done.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }
}
