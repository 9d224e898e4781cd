package dev.partitionscope.lab.meter;

import dev.partitionscope.lab.partition.ThrottleReason;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The meter of one table and its GSIs, behind one lock: requests on one table are metered without contention from
 * other tables. Applies the CloudWatch and Contributor Insights counting rules (see {@link Meter}).
 */
final class TableMeter {
    private static final boolean[] RETURNS_ITEMS = new boolean[Operations.MAX];

    static {
        // AWS publishes ReturnedItemCount for Query, Scan and ExecuteStatement only.
        RETURNS_ITEMS[Operations.id("Query")] = true;
        RETURNS_ITEMS[Operations.id("Scan")] = true;
        RETURNS_ITEMS[Operations.id("ExecuteStatement")] = true;
    }

    final String table;
    private final MeterParams params;
    final ResourceMeter base;
    private final Map<String, ResourceMeter> indexes = new HashMap<>();
    private final Map<String, ResourceMeter> byArn = new HashMap<>();
    private String lastIndexName;
    private ResourceMeter lastIndex;
    private String lastArn;
    private ResourceMeter lastArnMeter;
    private final BitSet opsSeen = new BitSet();
    private long lastSecond = Long.MIN_VALUE;
    private long lastMinute = Long.MIN_VALUE;
    private long secondStartMillis = Long.MAX_VALUE - 1000;
    /** Operation names seen lately, compared by identity: engines pass constants, so this skips the registry. */
    private final String[] opNames = new String[8];

    private final int[] opIds = new int[8];
    private int opNext;

    TableMeter(String table, MeterParams params) {
        this.table = table;
        this.params = params;
        this.base = new ResourceMeter(ResourceId.table(table), params);
    }

    @SuppressWarnings("ReferenceEquality") // identity fast path before the map lookup, which uses equals
    ResourceMeter index(String name) {
        if (name == lastIndexName) {
            return lastIndex; // identity: an engine usually passes the same name object for a GSI
        }
        ResourceMeter r = indexes.get(name);
        if (r == null) {
            r = new ResourceMeter(ResourceId.index(table, name), params);
            indexes.put(name, r);
        }
        lastIndexName = name;
        lastIndex = r;
        return r;
    }

    ResourceMeter resource(String indexOrNull) {
        return indexOrNull == null ? base : index(indexOrNull);
    }

    /** For queries: never creates a resource (a query about an unknown GSI must not make it appear). */
    private ResourceMeter existing(String indexOrNull) {
        return indexOrNull == null ? base : indexes.get(indexOrNull);
    }

    @SuppressWarnings("ReferenceEquality") // identity fast path before the map lookup, which uses equals
    private ResourceMeter byArn(String arn) {
        if (arn == lastArn) {
            return lastArnMeter; // the model hands out one reason object per resource, so one ARN object
        }
        ResourceMeter r = byArn.get(arn);
        if (r == null) {
            int at = arn.lastIndexOf("/index/");
            r = at < 0 ? base : index(arn.substring(at + "/index/".length()));
            byArn.put(arn, r);
        }
        lastArn = arn;
        lastArnMeter = r;
        return r;
    }

    /** Time only moves forward for the meter: a wall clock stepping back lands in the latest second. */
    private long second(long epochMillis) {
        if (epochMillis >= secondStartMillis && epochMillis < secondStartMillis + 1000) {
            return lastSecond; // the common case: same second as the previous record, no division
        }
        long sec = Math.floorDiv(epochMillis, 1000);
        if (sec < lastSecond) {
            return lastSecond;
        }
        lastSecond = sec;
        lastMinute = Math.floorDiv(sec, 60);
        secondStartMillis = sec * 1000;
        return sec;
    }

    long nowMinute(long epochMillis) {
        return Math.floorDiv(Math.max(Math.floorDiv(epochMillis, 1000), lastSecond), 60);
    }

    /** The reason's counter in {@link MinuteAgg#REASONS}' layout: index 8, write 4, then the cause. */
    @SuppressWarnings("EnumOrdinal") // the cause's ordinal is the dense index of a per-request counter array
    private static int reasonSlot(ThrottleReason t) {
        return (t.index() ? 8 : 0) + (t.write() ? 4 : 0) + t.cause().ordinal();
    }

    synchronized void record(RequestRecord r, long epochMillis, boolean countRequest) {
        long sec = second(epochMillis);
        long minute = lastMinute;
        ResourceMeter target = r.index() == null ? base : index(r.index());
        double read = r.readUnits();
        double write = r.writeUnits();
        if (read > 0) {
            target.minute(minute).read.add(read);
            target.seconds.read(sec, read);
        }
        if (write > 0) {
            base.minute(minute).write.add(write);
            base.seconds.write(sec, write);
        }
        // Contributor Insights does not see PartiQL requests (as on AWS): their units count in the metrics, not in
        // the key sketches.
        boolean insights = !Operations.isPartiql(r.operation());
        List<RequestRecord.IndexUnits> iws = r.indexWrites();
        for (int i = 0, n = iws.size(); i < n; i++) {
            RequestRecord.IndexUnits iu = iws.get(i);
            double w = iu.writeUnits();
            if (w > 0) {
                ResourceMeter g = index(iu.index());
                g.minute(minute).write.add(w);
                g.seconds.write(sec, w);
                if (iu.partitionKey() != null && insights) {
                    g.consumed(iu.partitionKey(), iu.sortKey(), 3 * w, minute);
                }
            }
        }
        List<ThrottleReason> reasons = r.throttleReasons();
        boolean targetThrottled = false;
        for (int i = 0, n = reasons.size(); i < n; i++) {
            ThrottleReason t = reasons.get(i);
            ResourceMeter res = t.index() ? byArn(t.resourceArn()) : base;
            MinuteAgg agg = res.minute(minute);
            boolean sameReason = false;
            boolean sameEvent = false;
            for (int j = 0; j < i; j++) {
                ThrottleReason o = reasons.get(j);
                if (o.write() == t.write() && o.resourceArn().equals(t.resourceArn())) {
                    sameEvent = true;
                    sameReason |= o.cause() == t.cause();
                }
            }
            if (!sameReason) {
                agg.reasons[reasonSlot(t)]++;
            }
            if (!sameEvent) {
                // One throttle event per resource (and direction) a request was throttled on.
                if (t.write()) {
                    agg.writeThrottleEvents++;
                } else {
                    agg.readThrottleEvents++;
                }
                res.seconds.throttleEvent(sec, t.write());
            }
            targetThrottled |= res == target;
        }
        String pk = r.partitionKey();
        if (pk != null && insights) {
            // Contributor Insights weighting: 3 × write units + read units.
            double units = target == base ? 3 * write + read : read;
            if (units > 0) {
                target.consumed(pk, r.sortKey(), units, minute);
            }
            // GSI back-pressure is not in the throttled-keys graphs: only throttles of the resource itself count.
            if (targetThrottled) {
                target.throttled(pk, r.sortKey(), minute);
            }
        }
        if (countRequest && r.operation() != null) {
            call(r.operation(), !reasons.isEmpty(), r.latencyNanos(), r.returnedItems(), sec);
        }
    }

    synchronized void recordCall(
            String operation, boolean throttled, long latencyNanos, int returnedItems, long epochMillis) {
        call(operation, throttled, latencyNanos, returnedItems, second(epochMillis));
    }

    // Identity cache of the operation-name constants callers pass; a miss (an equal but new string) only costs a
    // lookup in Operations.
    @SuppressWarnings("ReferenceEquality")
    private void call(String operation, boolean throttled, long latencyNanos, int returnedItems, long sec) {
        int id = -1;
        for (int i = 0; i < opNames.length; i++) {
            if (opNames[i] == operation) {
                id = opIds[i];
                break;
            }
        }
        if (id < 0) {
            id = Operations.id(operation);
            opsSeen.set(id);
            opNames[opNext] = operation;
            opIds[opNext] = id;
            opNext = (opNext + 1) & (opNames.length - 1);
        }
        MinuteAgg.OpAgg a = base.minute(lastMinute).op(id);
        a.requests++;
        if (throttled) {
            a.throttled++;
        } else {
            a.latencyNanos.add((double) latencyNanos);
            if (RETURNS_ITEMS[id]) {
                a.returned.add(returnedItems);
            }
        }
        base.seconds.request(sec, throttled);
    }

    synchronized List<ResourceId> resources() {
        List<ResourceId> out = new ArrayList<>();
        out.add(base.id);
        for (String name : new TreeSet<>(indexes.keySet())) {
            out.add(indexes.get(name).id);
        }
        return out;
    }

    synchronized List<String> operations() {
        List<String> out = new ArrayList<>();
        for (int i = opsSeen.nextSetBit(0); i >= 0; i = opsSeen.nextSetBit(i + 1)) {
            out.add(Operations.name(i));
        }
        return out;
    }

    synchronized List<MinuteStats> minutes(String index, long fromMinute, long toMinute, long epochMillis) {
        ResourceMeter r = existing(index);
        return r == null ? List.of() : r.minutes(fromMinute, toMinute, nowMinute(epochMillis));
    }

    /** The live seconds of a resource, or null when it has no data. */
    synchronized List<SecondStats> seconds(String index, long epochMillis) {
        ResourceMeter r = existing(index);
        return r == null ? null : r.seconds.last(Math.max(Math.floorDiv(epochMillis, 1000), lastSecond));
    }

    synchronized List<FrozenSketch> sketches(
            String index, KeyKind kind, InsightMetric metric, long fromMinute, long toMinute, long epochMillis) {
        ResourceMeter r = existing(index);
        if (r == null || !r.hasKeys(kind, metric)) {
            return List.of();
        }
        return r.keys(kind, metric).collect(fromMinute, toMinute, nowMinute(epochMillis));
    }

    synchronized List<MeterState.Resource> export() {
        List<MeterState.Resource> out = new ArrayList<>();
        out.add(base.export(operations()));
        for (String name : new TreeSet<>(indexes.keySet())) {
            out.add(indexes.get(name).export(List.of()));
        }
        return out;
    }

    synchronized void restore(MeterState.Resource r, long lastMinuteMillis) {
        resource(r.index()).restore(r);
        for (String op : r.operations()) {
            opsSeen.set(Operations.id(op));
        }
        long minute = Math.floorDiv(lastMinuteMillis, 60_000L);
        if (minute > lastMinute) {
            lastMinute = minute;
            lastSecond = minute * 60;
        }
    }

    synchronized void setKeyMetering(String index, boolean on) {
        resource(index).keyMetering = on;
    }
}
