package dev.partitionscope.lab.meter;

import java.time.Duration;

/**
 * How much the meter keeps. Memory is bounded by these figures whatever the traffic: per resource, at most
 * {@code minuteRetention} minute aggregates (about 1 KB each), {@code liveSeconds} second slots, and per key kind
 * (partition key / partition + sort key, consumed / throttled) one live sketch of {@code sketchCapacity} counters
 * plus {@code keyRetention} closed minutes of at most {@code sketchCapacity} entries each.
 *
 * @param minuteRetention how long per-minute table/GSI aggregates are kept (CloudWatch keeps 1-minute data 15 days)
 * @param keyRetention    how long per-minute key sketches are kept (Contributor Insights reports span ≤ 24 h)
 * @param liveSeconds     per-second slots for the live view
 * @param sketchCapacity  Space-Saving counters per minute per resource per kind
 */
public record MeterParams(Duration minuteRetention, Duration keyRetention, int liveSeconds, int sketchCapacity) {
    public static final MeterParams DEFAULTS = new MeterParams(Duration.ofHours(24), Duration.ofHours(24), 120, 1000);

    public MeterParams {
        if (minuteRetention.toMinutes() < 1 || minuteRetention.toDays() > 455) {
            throw new IllegalArgumentException("minute retention must be between 1 minute and 455 days");
        }
        if (keyRetention.toMinutes() < 1 || keyRetention.toDays() > 63) {
            throw new IllegalArgumentException("key retention must be between 1 minute and 63 days");
        }
        if (liveSeconds < 2 || liveSeconds > 3600) {
            throw new IllegalArgumentException("live seconds must be between 2 and 3600");
        }
        if (sketchCapacity < 1 || sketchCapacity > 1_000_000) {
            throw new IllegalArgumentException("sketch capacity must be between 1 and 1,000,000");
        }
    }

    int minuteSlots() {
        return (int) minuteRetention.toMinutes();
    }

    int keySlots() {
        return (int) keyRetention.toMinutes();
    }
}
