package dev.partitionscope.lab.meter;

import java.util.List;
import java.util.Map;

/**
 * Everything the meter keeps, as plain data: per table and GSI the minute aggregates and the per-minute key
 * sketches. Recordings save it, so a review replays the same metrics and Contributor Insights answers without the
 * millions of requests behind them. (The live per-second ring is not kept: a replay has no "last two minutes".)
 */
public record MeterState(List<Resource> resources) {

    /** One table or GSI. */
    public record Resource(
            String table,
            String index,
            boolean keyMetering,
            List<Minute> minutes,
            Map<String, List<Sketch>> sketches,
            List<String> operations) {}

    /** One minute's aggregate; {@code reasons} counts throttle events per reason number (MinuteAgg's order). */
    public record Minute(
            long minute,
            Stat read,
            Stat write,
            long readThrottleEvents,
            long writeThrottleEvents,
            long[] reasons,
            Map<String, Op> operations) {}

    public record Stat(double sum, long count, double min, double max) {}

    public record Op(long requests, long throttled, Stat latencyNanos, Stat returned) {}

    /** One closed minute of one key sketch (see {@code FrozenSketch}). */
    public record Sketch(
            long minute,
            String[] pks,
            String[] sks,
            int[] hashes,
            double[] counts,
            double[] errors,
            double absentBound,
            double total,
            long events,
            double maxSingle,
            double minSingle) {}

    /** Sketch kind names, e.g. "PARTITION_KEY/CONSUMED_THROUGHPUT_UNITS". */
    static String kindName(KeyKind kind, InsightMetric metric) {
        return kind.name() + "/" + metric.name();
    }
}
