package dev.partitionscope.lab.partition;

import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.lab.clock.SimulatedClock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

/** Drives a model with evenly spaced requests in simulated time and tallies what happened, per second. */
final class ModelDriver {
    static final String ACCOUNT = "arn:aws:dynamodb:us-east-1:000000000000:table/";

    final SimulatedClock clock = new SimulatedClock(1_750_000_000_000L);
    final ThroughputModel model;

    ModelDriver(CapacityConfig config, ModelParams params) {
        model = new ThroughputModel(config, params, clock);
    }

    static CapacityConfig provisioned(String table, double rcu, double wcu) {
        return new CapacityConfig(table, ACCOUNT + table, false, rcu, wcu, Map.of());
    }

    static CapacityConfig onDemand(String table, double maxRead, double maxWrite) {
        return new CapacityConfig(table, ACCOUNT + table, true, maxRead, maxWrite, Map.of());
    }

    static CapacityConfig withIndex(CapacityConfig c, String index, double rcu, double wcu) {
        Map<String, CapacityConfig.IndexCapacity> m = new LinkedHashMap<>(c.indexes());
        m.put(index, new CapacityConfig.IndexCapacity(c.tableArn() + "/index/" + index, rcu, wcu));
        return new CapacityConfig(c.tableName(), c.tableArn(), c.onDemand(), c.readUnits(), c.writeUnits(), m);
    }

    static long hash(String key) {
        return KeyHash.of(new AttrValue.S(key));
    }

    /** Per-second tallies of one run. */
    static final class Tally {
        final List<Double> admittedUnits = new ArrayList<>();
        final List<Integer> throttled = new ArrayList<>();
        final Map<String, Integer> reasons = new LinkedHashMap<>();
        final Map<String, Integer> exceptions = new LinkedHashMap<>();
        final Map<String, Integer> resources = new LinkedHashMap<>();

        double admittedBetween(int fromSecond, int toSecond) {
            double s = 0;
            for (int i = fromSecond; i < toSecond; i++) {
                s += admittedUnits.get(i);
            }
            return s;
        }

        int throttledBetween(int fromSecond, int toSecond) {
            int s = 0;
            for (int i = fromSecond; i < toSecond; i++) {
                s += throttled.get(i);
            }
            return s;
        }

        double totalAdmitted() {
            return admittedBetween(0, admittedUnits.size());
        }

        int totalThrottled() {
            return throttledBetween(0, throttled.size());
        }
    }

    /**
     * Sends {@code perSecond} requests each second for {@code seconds} seconds, evenly spaced; the request number
     * (counting from 0 over the whole run) picks the charge. Units admitted are the charge's read + write units.
     */
    Tally run(int seconds, int perSecond, IntFunction<Charge> charges) {
        Tally t = new Tally();
        long step = 1_000_000_000L / perSecond;
        int k = 0;
        for (int s = 0; s < seconds; s++) {
            double admitted = 0;
            int throttled = 0;
            long used = 0;
            for (int i = 0; i < perSecond; i++) {
                Charge c = charges.apply(k++);
                Decision d = model.acquire(c);
                if (d.allowed()) {
                    admitted += c.readUnits() + c.writeUnits();
                } else {
                    throttled++;
                    t.exceptions.merge(d.exceptionName(), 1, Integer::sum);
                    for (ThrottleReason r : d.reasons()) {
                        t.reasons.merge(r.wire(), 1, Integer::sum);
                        t.resources.merge(r.resourceArn(), 1, Integer::sum);
                    }
                }
                clock.advanceNanos(step);
                used += step;
            }
            clock.advanceNanos(1_000_000_000L - used);
            t.admittedUnits.add(admitted);
            t.throttled.add(throttled);
        }
        return t;
    }

    void idle(int seconds) {
        clock.advanceSeconds(seconds);
    }

    /** Distinct keys whose hashes all land on the partition of the first, under the snapshot's layout. */
    List<String> keysOnOnePartition(String index, int count, String prefix) {
        ModelSnapshot.ResourceView v = model.snapshot().resource(index);
        ModelSnapshot.PartitionView target = v.partitionOf(hash(prefix + 0));
        List<String> keys = new ArrayList<>();
        for (int i = 0; keys.size() < count; i++) {
            if (target.contains(hash(prefix + i))) {
                keys.add(prefix + i);
            }
        }
        return keys;
    }
}
