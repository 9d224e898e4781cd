package dev.partitionscope.lab.workload;

import java.time.Duration;
import java.util.Map;

/**
 * Where a run is, as one immutable snapshot (safe to hand to the FX thread). Counts are API requests: a fan-out
 * read of eight shards is eight requests, a BatchWriteItem call is one (its unprocessed items are counted apart).
 *
 * @param elapsed            real time, or simulated time for a fast-forwarded run
 * @param throttlesByReason  throttled requests by ThrottlingReason (e.g. TableWriteKeyRangeThroughputExceeded),
 *                           most frequent first; a request with two reasons counts under both
 * @param unprocessedItems   BatchWriteItem items returned unprocessed (throttled) in calls that partly succeeded
 * @param errorsByKind       failed requests that were not throttles, by error code or kind
 * @param doing              the latest request, e.g. {@code PutItem order-status-index · status = PENDING#3}
 * @param message            why the run ended or failed; empty while running
 */
public record WorkloadProgress(
        String headline,
        Mode mode,
        State state,
        Duration elapsed,
        Duration planned,
        long operations,
        long requests,
        long succeeded,
        long throttled,
        long unprocessedItems,
        long errors,
        Map<String, Long> throttlesByReason,
        Map<String, Long> errorsByKind,
        String doing,
        String message) {

    /** How a run sends its requests. */
    public enum Mode {
        /** Real time through the AWS SDK, against an endpoint. */
        REAL_TIME,
        /** Simulated time into an in-process Lab's partition model and meter. */
        FAST_FORWARD
    }

    /** The life of a run. */
    public enum State {
        STARTING,
        RUNNING,
        FINISHED,
        STOPPED,
        FAILED;

        public boolean over() {
            return this == FINISHED || this == STOPPED || this == FAILED;
        }
    }

    public WorkloadProgress {
        // Copies that keep the caller's order (most frequent first).
        throttlesByReason = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(throttlesByReason));
        errorsByKind = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(errorsByKind));
    }

    /** Share of the planned duration done, 0..1. */
    public double fraction() {
        return planned.isZero() ? 0 : Math.min(1, (double) elapsed.toMillis() / planned.toMillis());
    }

    /** Throttled requests with a KeyRange reason (a hot partition), table or index. */
    public long keyRangeThrottles() {
        return throttlesByReason.entrySet().stream()
                .filter(e -> e.getKey().contains("KeyRange"))
                .mapToLong(Map.Entry::getValue)
                .sum();
    }

    /** Requests per second of elapsed time. */
    public double achievedRate() {
        double s = elapsed.toNanos() / 1e9;
        return s <= 0 ? 0 : requests / s;
    }

    /** {@code 10,800 requests · 9,650 ok · 1,150 throttled · 0 errors}. */
    public String countsLine() {
        StringBuilder sb = new StringBuilder(
                String.format("%,d requests · %,d ok · %,d throttled", requests, succeeded, throttled));
        if (unprocessedItems > 0) {
            sb.append(String.format(" · %,d batch items unprocessed", unprocessedItems));
        }
        return sb.append(String.format(" · %,d errors", errors)).toString();
    }
}
