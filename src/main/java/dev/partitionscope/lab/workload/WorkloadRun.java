package dev.partitionscope.lab.workload;

import java.time.Duration;

/** A started run: watch it, stop it, wait for it. Implementations are thread-safe. */
public interface WorkloadRun {
    /** The latest snapshot; cheap enough to call several times a second. */
    WorkloadProgress progress();

    /** Asks the run to stop; returns at once (requests in flight finish). Idempotent. */
    void stop();

    /** Waits up to {@code timeout} for the run to end; true when it has. */
    boolean await(Duration timeout) throws InterruptedException;
}
