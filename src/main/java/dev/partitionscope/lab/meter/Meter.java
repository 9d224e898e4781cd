package dev.partitionscope.lab.meter;

import dev.partitionscope.lab.clock.LabClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The Lab's meter: every request the engine decides is recorded here, and the Lab's CloudWatch metrics and
 * Contributor Insights reports are answered from it, so the explorer's views work offline exactly as on AWS
 * (LocalStack publishes no DynamoDB metrics and has no insight rules).
 *
 * <p>What is kept, per table and per GSI:
 * <ul>
 *   <li>per minute, for {@link MeterParams#minuteRetention()}: consumed read/write units (sum, samples, min, max),
 *       Read/WriteThrottleEvents (one per request per resource throttled), events per ThrottlingReason, and on the
 *       table per operation: requests, ThrottledRequests (a request once, however many events),
 *       SuccessfulRequestLatency and ReturnedItemCount (Query, Scan, ExecuteStatement);</li>
 *   <li>per second, for the last {@link MeterParams#liveSeconds()}: the live view;</li>
 *   <li>per minute, for {@link MeterParams#keyRetention()}: heavy hitters by partition key and by partition + sort
 *       key, of consumed throughput units (3 × write + read, Contributor Insights' weighting) and of throttled
 *       requests, in Space-Saving sketches of {@link MeterParams#sketchCapacity()} counters, so memory stays bounded
 *       under millions of keys and every count carries its error bound.</li>
 * </ul>
 * Counting rules follow AWS: GSI writes count on the GSI's consumed metrics and keys; a base write throttled by GSI
 * back-pressure is a throttle event on the GSI and a ThrottledRequest on the table, but (as on AWS) not a throttled
 * key. Time comes from the {@link LabClock}; records are stamped when they arrive. Thread-safe: one lock per table.
 */
public final class Meter {
    private final LabClock clock;
    private final MeterParams params;
    private final ConcurrentHashMap<String, TableMeter> tables = new ConcurrentHashMap<>();

    public Meter(LabClock clock) {
        this(clock, MeterParams.DEFAULTS);
    }

    public Meter(LabClock clock, MeterParams params) {
        this.clock = clock;
        this.params = params;
    }

    public MeterParams params() {
        return params;
    }

    public LabClock clock() {
        return clock;
    }

    private TableMeter table(String name) {
        TableMeter t = tables.get(name);
        return t != null ? t : tables.computeIfAbsent(name, n -> new TableMeter(n, params));
    }

    /** One API request on one table: consumption, throttle events, keys and the request-level metrics. */
    public void record(RequestRecord r) {
        table(r.table()).record(r, clock.epochMillis(), true);
    }

    /**
     * One item of a batch or transaction: consumption, throttle events and keys, but no request-level metrics
     * (ThrottledRequests, latency, ReturnedItemCount). Follow with one {@link #recordCall} per table the call
     * touched: AWS counts a batch as throttled only when every item was.
     */
    public void recordItem(RequestRecord r) {
        table(r.table()).record(r, clock.epochMillis(), false);
    }

    /** The request-level metrics of one call on one table (for batches, after {@link #recordItem}). */
    public void recordCall(String table, String operation, boolean throttled, long latencyNanos, int returnedItems) {
        table(table).recordCall(operation, throttled, latencyNanos, returnedItems, clock.epochMillis());
    }

    // Stamped by the caller: for a runner that hands its records to the meter a little later, in order, from
    // another thread (fast-forward). Each records exactly what its unstamped form would have at that instant.

    /** {@link #record(RequestRecord)} of a request made at {@code epochMillis}. */
    public void record(RequestRecord r, long epochMillis) {
        table(r.table()).record(r, epochMillis, true);
    }

    /** {@link #recordItem(RequestRecord)} of an item written at {@code epochMillis}. */
    public void recordItem(RequestRecord r, long epochMillis) {
        table(r.table()).record(r, epochMillis, false);
    }

    /** {@link #recordCall(String, String, boolean, long, int)} of a call made at {@code epochMillis}. */
    public void recordCall(
            String table, String operation, boolean throttled, long latencyNanos, int returnedItems, long epochMillis) {
        table(table).recordCall(operation, throttled, latencyNanos, returnedItems, epochMillis);
    }

    /** Turns per-key metering of a table or GSI on or off (on by default); aggregates are always kept. */
    public void setKeyMetering(ResourceId resource, boolean on) {
        table(resource.table()).setKeyMetering(resource.index(), on);
    }

    /** Everything metered, as plain data (for recordings). */
    public MeterState exportState() {
        List<MeterState.Resource> all = new ArrayList<>();
        for (TableMeter t : new TreeMap<>(tables).values()) {
            all.addAll(t.export());
        }
        return new MeterState(all);
    }

    /** Adds saved state (tables already metered here are merged minute by minute; saved minutes win). */
    public void importState(MeterState state) {
        for (MeterState.Resource r : state.resources()) {
            table(r.table()).restore(r, clock.epochMillis());
        }
    }

    /** Drops everything metered for a table (memory); CloudWatch itself keeps a deleted table's metrics. */
    public void forget(String table) {
        tables.remove(table);
    }

    /** Every table and GSI with metered data, tables in name order, each followed by its GSIs. */
    public List<ResourceId> resources() {
        List<ResourceId> out = new ArrayList<>();
        for (TableMeter t : new TreeMap<>(tables).values()) {
            out.addAll(t.resources());
        }
        return out;
    }

    /** Operations seen on a table (the Operation dimension values for ListMetrics). */
    public List<String> operations(String table) {
        TableMeter t = tables.get(table);
        return t == null ? List.of() : t.operations();
    }

    /** Minutes with data whose start lies in {@code [fromMillis, toMillis)}, oldest first. */
    public List<MinuteStats> minutes(ResourceId resource, long fromMillis, long toMillis) {
        TableMeter t = tables.get(resource.table());
        if (t == null) {
            return List.of();
        }
        return t.minutes(
                resource.index(), Math.floorDiv(fromMillis, 60_000L), ceilMinute(toMillis), clock.epochMillis());
    }

    /** The last {@link MeterParams#liveSeconds()} seconds up to now, oldest first, zeros where idle. */
    public List<SecondStats> recentSeconds(ResourceId resource) {
        TableMeter t = tables.get(resource.table());
        List<SecondStats> seconds = t == null ? null : t.seconds(resource.index(), clock.epochMillis());
        return seconds != null
                ? seconds
                : new SecondRing(params.liveSeconds()).last(Math.floorDiv(clock.epochMillis(), 1000));
    }

    /**
     * Top contributors, GetInsightRuleReport style: minutes in {@code [fromMillis, toMillis)} (to the minute),
     * periods of {@code period} (a multiple of 60 s) counted from the start minute, at most
     * {@code maxContributors} keys ranked by {@code orderBy}, datapoints only where a key appeared. The API
     * layer enforces AWS's limit of 25 contributors; the meter serves any number (the Lab screen wants more).
     */
    public ContributorReport topContributors(
            ResourceId resource,
            KeyKind kind,
            InsightMetric metric,
            long fromMillis,
            long toMillis,
            Duration period,
            int maxContributors,
            OrderBy orderBy) {
        long periodSeconds = period.getSeconds();
        if (periodSeconds < 60 || periodSeconds % 60 != 0 || period.getNano() != 0) {
            throw new IllegalArgumentException("period must be a positive multiple of 60 seconds, not " + period);
        }
        if (maxContributors < 1) {
            throw new IllegalArgumentException("maxContributors must be >= 1");
        }
        if (toMillis <= fromMillis) {
            throw new IllegalArgumentException("the end of the range must come after its start");
        }
        TableMeter t = tables.get(resource.table());
        List<FrozenSketch> minutes = t == null
                ? List.of()
                : t.sketches(
                        resource.index(),
                        kind,
                        metric,
                        Math.floorDiv(fromMillis, 60_000L),
                        ceilMinute(toMillis),
                        clock.epochMillis());
        return ContributorQuery.run(
                resource, kind, metric, fromMillis, toMillis, periodSeconds, maxContributors, orderBy, minutes);
    }

    private static long ceilMinute(long millis) {
        return -Math.floorDiv(-millis, 60_000L);
    }
}
