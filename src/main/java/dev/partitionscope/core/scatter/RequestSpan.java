package dev.partitionscope.core.scatter;

/**
 * One request of a scatter-gather read, for the waterfall: which shard asked, when (milliseconds from the start of
 * the read) and how it ended. Overlapping spans across shards are what makes N queries cost about one.
 *
 * @param shard   the shard's position in the plan
 * @param attempt 1 for a page's first try, 2+ for its retries after a throttle
 * @param items   items the page returned (0 unless {@link Outcome#OK})
 * @param detail  the throttle reason or error, or null
 */
public record RequestSpan(
        int shard,
        String key,
        int page,
        int attempt,
        long startMs,
        long endMs,
        Outcome outcome,
        int items,
        String detail) {

    public enum Outcome {
        OK,
        THROTTLED,
        FAILED,
        CANCELLED
    }

    public long durationMs() {
        return Math.max(0, endMs - startMs);
    }
}
