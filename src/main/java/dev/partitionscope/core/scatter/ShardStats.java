package dev.partitionscope.core.scatter;

import java.util.List;

/**
 * What one shard's Query did: items returned (after the filter), pages, capacity consumed, wall time from its first
 * request to its last answer, retries and throttles with the reasons the service gave.
 *
 * @param state  where the shard stands
 * @param error  why it failed, or null
 */
public record ShardStats(
        String key,
        State state,
        int items,
        int pages,
        double consumedCapacity,
        long latencyMs,
        int retries,
        int throttles,
        List<String> throttleReasons,
        String error) {

    public enum State {
        /** Not asked yet. */
        WAITING,
        /** A page is being read or more are needed. */
        RUNNING,
        /** Read to its end. */
        DONE,
        /** Not read to its end because the merged result was already complete without it (limit reached). */
        NOT_NEEDED,
        /** Failed or throttled past its retries: its items are missing from the result. */
        FAILED,
        /** Stopped by a cancel before its end. */
        CANCELLED
    }

    public ShardStats {
        throttleReasons = throttleReasons == null ? List.of() : List.copyOf(throttleReasons);
    }

    /** True when the result may lack items of this shard. */
    public boolean missing() {
        return state == State.FAILED || state == State.CANCELLED || state == State.RUNNING || state == State.WAITING;
    }
}
