package dev.partitionscope.lab.partition;

import dev.partitionscope.lab.clock.LabClock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The throughput model of one table and its GSIs: the reason the Lab exists. DynamoDB Local and LocalStack never
 * throttle; this decides, request by request, what DynamoDB would: partitions with hard per-partition ceilings
 * (which also cap a single key), provisioned shares with burst, adaptive capacity, split for heat, table-level
 * provisioned and on-demand limits, and GSI back-pressure on base-table writes. The rules and their approximations
 * are in {@link ModelParams#describe()} and {@link HeatSplit}.
 *
 * <p>{@link #acquire(Charge)} is atomic: every resource the request touches (base partition and table level, and for
 * writes each GSI in {@link Charge#indexWrites()}) is checked first, and only if all admit is anything consumed; a
 * throttled request changes nothing. All time comes from the {@link LabClock}: tokens refill lazily when a request
 * arrives, so simulated time can jump. One lock per table: the routine path allocates nothing and takes a few
 * dozen nanoseconds, so contention stays low even with many server threads.
 */
public final class ThroughputModel {
    private final LabClock clock;
    private final ModelParams params;
    private final long originNanos;

    private CapacityConfig config;
    private ResourceModel base;
    private Map<String, ResourceModel> indexes = new HashMap<>();
    private String lastIndexName;
    private ResourceModel lastIndex;

    private long secondEnd;
    private long second;

    // Scratch space for the items of one request (base side(s) + index writes); reused under the lock.
    private ResourceModel[] itemRes = new ResourceModel[4];
    private Partition[] itemPart = new Partition[4];
    private boolean[] itemWrite = new boolean[4];
    private double[] itemUnits = new double[4];
    private long[] itemHash = new long[4];
    private int items;

    public ThroughputModel(CapacityConfig config, ModelParams params, LabClock clock) {
        this.clock = clock;
        this.params = params;
        this.originNanos = clock.nanoTime();
        this.secondEnd = originNanos + 1_000_000_000L;
        this.config = config;
        long now = originNanos;
        base = new ResourceModel(
                config.tableName(),
                config.tableArn(),
                false,
                params,
                config.onDemand(),
                config.readUnits(),
                config.writeUnits(),
                now,
                0);
        for (Map.Entry<String, CapacityConfig.IndexCapacity> e :
                config.indexes().entrySet()) {
            indexes.put(e.getKey(), newIndex(e.getKey(), e.getValue(), config.onDemand(), now, 0));
        }
    }

    private ResourceModel newIndex(String name, CapacityConfig.IndexCapacity c, boolean onDemand, long now, long sec) {
        return new ResourceModel(name, c.indexArn(), true, params, onDemand, c.readUnits(), c.writeUnits(), now, sec);
    }

    public ModelParams params() {
        return params;
    }

    public synchronized CapacityConfig config() {
        return config;
    }

    public String tableName() {
        return base.name;
    }

    /**
     * Decides one request and, when allowed, charges it. Throttled: nothing is consumed anywhere and the decision
     * lists every reason, each naming the table or index ARN (an {@code Index...} reason on a base write is GSI
     * back-pressure).
     *
     * @throws IllegalArgumentException when the charge names an index this table does not have
     */
    public synchronized Decision acquire(Charge charge) {
        long now = clock.nanoTime();
        long sec = secondOf(now);
        items = 0;
        try {
            ResourceModel r = resolve(charge.index());
            if (charge.readUnits() > 0) {
                add(r, false, charge.keyHash(), charge.readUnits(), now, sec);
            }
            if (charge.writeUnits() > 0) {
                add(r, true, charge.keyHash(), charge.writeUnits(), now, sec);
            }
            List<Charge.IndexWrite> iw = charge.indexWrites();
            for (int i = 0, m = iw.size(); i < m; i++) {
                Charge.IndexWrite w = iw.get(i);
                if (w.writeUnits() > 0) {
                    add(resolve(w.index()), true, w.keyHash(), w.writeUnits(), now, sec);
                }
            }
            boolean ok = true;
            for (int i = 0; i < items; i++) {
                int mask = itemRes[i].check(itemPart[i], itemWrite[i]);
                if (mask != 0) {
                    ok = false;
                    if (itemWrite[i]) {
                        itemRes[i].failWrite |= mask;
                    } else {
                        itemRes[i].failRead |= mask;
                    }
                }
            }
            if (!ok) {
                return throttled();
            }
            for (int i = 0; i < items; i++) {
                itemRes[i].commit(itemPart[i], itemWrite[i], itemUnits[i], itemHash[i]);
            }
            return Decision.ALLOWED;
        } finally {
            // Also on an unknown index half-way through: no pending demand may outlive the request.
            for (int i = 0; i < items; i++) {
                itemRes[i].clearPending(itemPart[i]);
                itemPart[i] = null;
            }
        }
    }

    private void add(ResourceModel r, boolean write, long hash, double units, long now, long sec) {
        if (items == itemRes.length) {
            int cap = items * 2;
            itemRes = Arrays.copyOf(itemRes, cap);
            itemPart = Arrays.copyOf(itemPart, cap);
            itemWrite = Arrays.copyOf(itemWrite, cap);
            itemUnits = Arrays.copyOf(itemUnits, cap);
            itemHash = Arrays.copyOf(itemHash, cap);
        }
        Partition pt = r.enter(hash, now, sec);
        r.addPending(pt, write, units, now);
        itemRes[items] = r;
        itemPart[items] = pt;
        itemWrite[items] = write;
        itemUnits[items] = units;
        itemHash[items] = hash;
        items++;
    }

    /** One failing resource side (the usual case) gives a cached decision; several are combined. */
    private Decision throttled() {
        ResourceModel single = null;
        boolean singleWrite = false;
        int failing = 0;
        for (int i = 0; i < items; i++) {
            ResourceModel r = itemRes[i];
            if (!r.reported && (r.failRead | r.failWrite) != 0) {
                r.reported = true;
                failing += (r.failRead != 0 ? 1 : 0) + (r.failWrite != 0 ? 1 : 0);
                single = r;
                singleWrite = r.failWrite != 0;
            }
        }
        if (failing == 1) {
            return single.decision(singleWrite, singleWrite ? single.failWrite : single.failRead);
        }
        List<ThrottleReason> reasons = new ArrayList<>();
        for (int i = 0; i < items; i++) {
            ResourceModel r = itemRes[i];
            if (r.reported) {
                r.reported = false;
                r.reasonList(false, r.failRead, reasons);
                r.reasonList(true, r.failWrite, reasons);
            }
        }
        return Decision.throttled(reasons);
    }

    @SuppressWarnings("ReferenceEquality") // identity fast path before the map lookup, which uses equals
    private ResourceModel resolve(String index) {
        if (index == null) {
            return base;
        }
        if (index == lastIndexName) {
            return lastIndex; // identity: an engine usually passes the same name object for a GSI
        }
        ResourceModel r = indexes.get(index);
        if (r == null) {
            throw new IllegalArgumentException("Table " + base.name + " has no global secondary index " + index);
        }
        lastIndexName = index;
        lastIndex = r;
        return r;
    }

    private long secondOf(long now) {
        if (now >= secondEnd) {
            second = (now - originNanos) / 1_000_000_000L;
            secondEnd = originNanos + (second + 1) * 1_000_000_000L;
        }
        return second;
    }

    /**
     * Applies UpdateTable: new throughput or billing mode, GSIs added or removed. Partitions are kept (they never
     * merge); more capacity than the partitions serve adds partitions. Tokens earned so far are kept, capped.
     */
    public synchronized void reconfigure(CapacityConfig newConfig) {
        long now = clock.nanoTime();
        long sec = secondOf(now);
        base.configure(newConfig.onDemand(), newConfig.readUnits(), newConfig.writeUnits(), now, false);
        Map<String, ResourceModel> next = new HashMap<>();
        for (Map.Entry<String, CapacityConfig.IndexCapacity> e :
                newConfig.indexes().entrySet()) {
            ResourceModel existing = indexes.get(e.getKey());
            if (existing != null) {
                existing.configure(
                        newConfig.onDemand(),
                        e.getValue().readUnits(),
                        e.getValue().writeUnits(),
                        now,
                        false);
                next.put(e.getKey(), existing);
            } else {
                next.put(e.getKey(), newIndex(e.getKey(), e.getValue(), newConfig.onDemand(), now, sec));
            }
        }
        indexes = next;
        lastIndexName = null;
        lastIndex = null;
        config = newConfig;
    }

    /** The base table's partitions now, without taking a snapshot (a stream checks it on every write). */
    public synchronized int tablePartitionCount() {
        return base.partitionCount();
    }

    /** The whole table's state now, for the Lab screen. */
    public synchronized ModelSnapshot snapshot() {
        long now = clock.nanoTime();
        long sec = secondOf(now);
        List<ModelSnapshot.ResourceView> gsis = new ArrayList<>();
        for (ResourceModel r : new TreeMap<>(indexes).values()) {
            gsis.add(r.view(now, sec));
        }
        return new ModelSnapshot(base.name, clock.epochMillis(), params, base.view(now, sec), gsis);
    }
}
