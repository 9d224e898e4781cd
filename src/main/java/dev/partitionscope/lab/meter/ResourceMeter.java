package dev.partitionscope.lab.meter;

import java.util.ArrayList;
import java.util.List;

/**
 * Everything metered for one table or one GSI: minute aggregates in a ring (retention bounded), the live
 * per-second ring, and four key sketches (partition key / partition + sort key × consumed / throttled), created on
 * first use. Used under its {@link TableMeter}'s lock.
 */
final class ResourceMeter {
    final ResourceId id;
    private final MeterParams params;
    private final MinuteAgg[] minutes;
    private MinuteAgg current;
    final SecondRing seconds;
    private final KeySketches[] keys = new KeySketches[4];
    /** The four sketches as fields too, created on first use: the hot path skips the enum arithmetic. */
    private KeySketches pkConsumed;

    private KeySketches pkThrottled;
    private KeySketches skConsumed;
    private KeySketches skThrottled;
    boolean keyMetering = true;

    ResourceMeter(ResourceId id, MeterParams params) {
        this.id = id;
        this.params = params;
        this.minutes = new MinuteAgg[params.minuteSlots()];
        this.seconds = new SecondRing(params.liveSeconds());
    }

    MinuteAgg minute(long minute) {
        MinuteAgg c = current;
        if (c != null && c.minute == minute) {
            return c;
        }
        int slot = (int) Math.floorMod(minute, (long) minutes.length);
        c = minutes[slot];
        if (c == null || c.minute != minute) {
            c = new MinuteAgg(minute);
            minutes[slot] = c;
        }
        current = c;
        return c;
    }

    @SuppressWarnings("EnumOrdinal") // the ordinals index the dense per-request array of sketches
    private static int slot(KeyKind kind, InsightMetric metric) {
        return kind.ordinal() * 2 + metric.ordinal();
    }

    KeySketches keys(KeyKind kind, InsightMetric metric) {
        int i = slot(kind, metric);
        KeySketches k = keys[i];
        if (k == null) {
            k = new KeySketches(params.sketchCapacity(), params.keySlots(), kind == KeyKind.PARTITION_AND_SORT_KEY);
            keys[i] = k;
        }
        return k;
    }

    boolean hasKeys(KeyKind kind, InsightMetric metric) {
        return keys[slot(kind, metric)] != null;
    }

    /** Records consumed throughput units for a key: PK sketch, and PK+SK sketch when there is a sort key. */
    void consumed(String pk, String sk, double units, long minute) {
        if (!keyMetering) {
            return;
        }
        KeySketches k = pkConsumed;
        if (k == null) {
            k = pkConsumed = keys(KeyKind.PARTITION_KEY, InsightMetric.CONSUMED_THROUGHPUT_UNITS);
        }
        k.add(pk, null, units, minute);
        if (sk != null) {
            k = skConsumed;
            if (k == null) {
                k = skConsumed = keys(KeyKind.PARTITION_AND_SORT_KEY, InsightMetric.CONSUMED_THROUGHPUT_UNITS);
            }
            k.add(pk, sk, units, minute);
        }
    }

    /** Records one throttled request for a key. */
    void throttled(String pk, String sk, long minute) {
        if (!keyMetering) {
            return;
        }
        KeySketches k = pkThrottled;
        if (k == null) {
            k = pkThrottled = keys(KeyKind.PARTITION_KEY, InsightMetric.THROTTLE_COUNT);
        }
        k.add(pk, null, 1, minute);
        if (sk != null) {
            k = skThrottled;
            if (k == null) {
                k = skThrottled = keys(KeyKind.PARTITION_AND_SORT_KEY, InsightMetric.THROTTLE_COUNT);
            }
            k.add(pk, sk, 1, minute);
        }
    }

    MeterState.Resource export(java.util.List<String> operations) {
        List<MeterState.Minute> ms = new ArrayList<>();
        for (MinuteAgg a : minutes) {
            if (a != null) {
                ms.add(a.export());
            }
        }
        ms.sort(java.util.Comparator.comparingLong(MeterState.Minute::minute));
        java.util.Map<String, List<MeterState.Sketch>> sketches = new java.util.LinkedHashMap<>();
        for (KeyKind kind : KeyKind.values()) {
            for (InsightMetric metric : InsightMetric.values()) {
                if (!hasKeys(kind, metric)) {
                    continue;
                }
                List<MeterState.Sketch> list = new ArrayList<>();
                for (FrozenSketch f : keys(kind, metric).all()) {
                    list.add(new MeterState.Sketch(
                            f.minute(),
                            f.pks(),
                            f.sks(),
                            f.hashes(),
                            f.counts(),
                            f.errors(),
                            f.absentBound(),
                            f.total(),
                            f.events(),
                            f.maxSingle(),
                            f.minSingle()));
                }
                sketches.put(MeterState.kindName(kind, metric), list);
            }
        }
        return new MeterState.Resource(id.table(), id.index(), keyMetering, ms, sketches, operations);
    }

    void restore(MeterState.Resource r) {
        keyMetering = r.keyMetering();
        for (MeterState.Minute m : r.minutes()) {
            minutes[(int) Math.floorMod(m.minute(), (long) minutes.length)] = MinuteAgg.restore(m);
        }
        r.sketches().forEach((name, list) -> {
            String[] parts = name.split("/", -1);
            KeySketches k = keys(KeyKind.valueOf(parts[0]), InsightMetric.valueOf(parts[1]));
            for (MeterState.Sketch s : list) {
                k.restore(new FrozenSketch(
                        s.minute(),
                        s.pks(),
                        s.sks(),
                        s.hashes(),
                        s.counts(),
                        s.errors(),
                        s.absentBound(),
                        s.total(),
                        s.events(),
                        s.maxSingle(),
                        s.minSingle()));
            }
        });
    }

    List<MinuteStats> minutes(long fromMinute, long toMinute, long nowMinute) {
        List<MinuteStats> out = new ArrayList<>();
        long first = Math.max(fromMinute, nowMinute - minutes.length + 1);
        long last = Math.min(toMinute - 1, nowMinute);
        for (long m = first; m <= last; m++) {
            MinuteAgg a = minutes[(int) Math.floorMod(m, (long) minutes.length)];
            if (a != null && a.minute == m) {
                out.add(a.toStats());
            }
        }
        return out;
    }
}
