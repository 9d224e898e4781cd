package dev.partitionscope.lab.engine;

import com.fasterxml.jackson.databind.JsonNode;
import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.item.Capacity;
import dev.partitionscope.core.item.ItemSize;
import dev.partitionscope.core.table.KeyType;
import dev.partitionscope.lab.meter.RequestRecord;
import dev.partitionscope.lab.partition.CapacityConfig;
import dev.partitionscope.lab.partition.Charge;
import dev.partitionscope.lab.partition.KeyHash;
import dev.partitionscope.lab.wire.AttrJson;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * One Lab table: its definition, its items and index entries, and the partition model that admits or throttles its
 * requests. Reads take the read lock and writes the write lock, so "decide, charge, apply" is atomic per table.
 */
public final class LabTable {
    final String name;
    final String arn;
    final String id;
    final KeyDef key;
    final Map<String, KeyType> attributeTypes;
    final Map<String, IndexDef> globalIndexes = new LinkedHashMap<>();
    final Map<String, IndexDef> localIndexes = new LinkedHashMap<>();
    final long createdMillis;
    volatile boolean onDemand;
    volatile double readUnits;
    volatile double writeUnits;
    volatile double maxReadUnits = -1;
    volatile double maxWriteUnits = -1;
    volatile JsonNode streamSpecification;
    /** The table's latest stream (kept after it is disabled, as DescribeTable names it); null when never enabled. */
    volatile dev.partitionscope.lab.streams.LabStream stream;

    volatile String tableClass = "STANDARD";
    volatile boolean deletionProtection;
    /** Whether the request set DeletionProtectionEnabled or TableClass (DynamoDB describes them only then). */
    volatile boolean deletionProtectionSet;

    volatile boolean tableClassSet;
    volatile long lastBillingSwitchMillis;
    volatile long lastIncreaseMillis;
    volatile long lastDecreaseMillis;
    /** Throughput decreases applied; atomic so the count stays right whichever thread applies a change. */
    final AtomicInteger decreasesToday = new AtomicInteger();
    /** SSESpecification as given (state only: the Lab stores items in memory, unencrypted). */
    volatile JsonNode sseSpecification;
    /** Time to Live: the attribute holding epoch seconds, or null when disabled. */
    volatile String ttlAttribute;
    /** Point-in-time recovery (state only: the Lab keeps no backups) and its recovery period in days. */
    volatile boolean pointInTimeRecovery;

    volatile int recoveryPeriodDays = 35;
    volatile long pointInTimeRecoveryEnabledMillis;
    /** Tags by key, in the order they were first set. */
    final Map<String, String> tags = java.util.Collections.synchronizedMap(new LinkedHashMap<>());
    /** Contributor Insights per resource: "" for the table, else the GSI name. */
    final Map<String, InsightsSetting> insights = new ConcurrentHashMap<>();

    final OrderedStore base = new OrderedStore();
    final Map<String, OrderedStore> indexStores = new LinkedHashMap<>();
    /** The table owns its lock: every caller goes through {@link #read} or {@link #write}. */
    private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();

    volatile CapacityGate gate = CapacityGate.UNLIMITED;

    /** A table's lifecycle state, as DescribeTable reports it. */
    enum Status {
        CREATING,
        ACTIVE,
        UPDATING,
        DELETING
    }

    private volatile Status status = Status.ACTIVE;
    /** When the current CREATING/UPDATING/DELETING state ends (Lab epoch millis). */
    private volatile long statusUntilMillis;
    /** What becomes visible when an update ends (new throughput, an index done backfilling). */
    private final List<Runnable> onActive = new ArrayList<>();

    /** Contributor Insights state of one resource. */
    record InsightsSetting(String status, String mode, long lastUpdateMillis) {}

    LabTable(String name, String arn, KeyDef key, Map<String, KeyType> attributeTypes, long createdMillis) {
        this.name = name;
        this.arn = arn;
        // A stable id in the random (version 4) form DynamoDB uses: same table, same id, across recordings.
        java.util.UUID named = java.util.UUID.nameUUIDFromBytes(
                (arn + "@" + createdMillis).getBytes(java.nio.charset.StandardCharsets.UTF_8));
        this.id = new java.util.UUID(
                        (named.getMostSignificantBits() & ~0xF000L) | 0x4000L, named.getLeastSignificantBits())
                .toString();
        this.key = key;
        this.attributeTypes = new LinkedHashMap<>(attributeTypes);
        this.createdMillis = createdMillis;
    }

    public String name() {
        return name;
    }

    Status status() {
        return status;
    }

    /** Enters a state until {@code untilMillis}; {@code whenDone} runs (under the write lock) as it ends. */
    void enter(Status next, long untilMillis, Runnable whenDone) {
        write(() -> {
            status = next;
            statusUntilMillis = untilMillis;
            if (whenDone != null) {
                onActive.add(whenDone);
            }
            return null;
        });
    }

    /**
     * Applies the end of the current state when it is due. Returns false when the table is gone (its DELETING time
     * is over).
     */
    boolean settle(long nowMillis) {
        Status s = status;
        if (s == Status.ACTIVE || nowMillis < statusUntilMillis) {
            return true;
        }
        if (s == Status.DELETING) {
            return false;
        }
        write(() -> {
            if (status != Status.ACTIVE && status != Status.DELETING && nowMillis >= statusUntilMillis) {
                onActive.forEach(Runnable::run);
                onActive.clear();
                status = Status.ACTIVE;
            }
            return null;
        });
        return true;
    }

    /** Runs {@code work} under the table's read lock (reads of items and indexes). */
    <T> T read(java.util.function.Supplier<T> work) {
        lock.readLock().lock();
        try {
            return work.get();
        } finally {
            lock.readLock().unlock();
        }
    }

    /** Runs {@code work} under the table's write lock: decide, charge and apply as one step. */
    <T> T write(java.util.function.Supplier<T> work) {
        lock.writeLock().lock();
        try {
            return work.get();
        } finally {
            lock.writeLock().unlock();
        }
    }

    /**
     * Runs {@code work} holding the write locks of every table in {@code tables} (a transaction across tables), taken
     * in name order so that two transactions never wait on each other.
     */
    static <T> T writeAll(java.util.Collection<LabTable> tables, java.util.function.Supplier<T> work) {
        return lockAll(sortedByName(tables), 0, true, work);
    }

    /** As {@link #writeAll}, with the read locks. */
    static <T> T readAll(java.util.Collection<LabTable> tables, java.util.function.Supplier<T> work) {
        return lockAll(sortedByName(tables), 0, false, work);
    }

    private static List<LabTable> sortedByName(java.util.Collection<LabTable> tables) {
        return tables.stream()
                .distinct()
                .sorted(java.util.Comparator.comparing(LabTable::name))
                .toList();
    }

    private static <T> T lockAll(List<LabTable> tables, int i, boolean write, java.util.function.Supplier<T> work) {
        if (i == tables.size()) {
            return work.get();
        }
        LabTable t = tables.get(i);
        return write
                ? t.write(() -> lockAll(tables, i + 1, true, work))
                : t.read(() -> lockAll(tables, i + 1, false, work));
    }

    public String arn() {
        return arn;
    }

    public KeyDef key() {
        return key;
    }

    public CapacityGate gate() {
        return gate;
    }

    /** The table's latest stream, enabled or not; null when it never had one. */
    public dev.partitionscope.lab.streams.LabStream stream() {
        return stream;
    }

    /** The base table's partitions as its stream follows them (read from whatever gate the table has now). */
    dev.partitionscope.lab.streams.LabStream.Partitions streamPartitions() {
        return new dev.partitionscope.lab.streams.LabStream.Partitions() {
            @Override
            public int count() {
                return gate.partitionCount(null);
            }

            @Override
            public java.util.Optional<dev.partitionscope.lab.partition.ModelSnapshot> snapshot() {
                return gate.snapshot();
            }
        };
    }

    public long itemCount() {
        return base.itemCount();
    }

    public long sizeBytes() {
        return base.sizeBytes();
    }

    IndexDef index(String name) {
        IndexDef i = globalIndexes.get(name);
        return i != null ? i : localIndexes.get(name);
    }

    /** The GSIs then the LSIs, as an unmodifiable list (shared: every write asks for it). */
    List<IndexDef> allIndexes() {
        return indexList;
    }

    /**
     * The index list {@link #allIndexes} answers, rebuilt by {@link #indexesChanged} whenever {@link #globalIndexes}
     * or {@link #localIndexes} change; volatile, so the item checks made before the lock see a whole list.
     */
    private volatile List<IndexDef> indexList = List.of();

    /** Call after adding or removing an index (under the write lock, or before the table is registered). */
    void indexesChanged() {
        List<IndexDef> all = new ArrayList<>(globalIndexes.values());
        all.addAll(localIndexes.values());
        indexList = List.copyOf(all);
    }

    /** Capacity settings of the table and its GSIs, as the partition model and CloudWatch see them. */
    public CapacityConfig capacityConfig() {
        Map<String, CapacityConfig.IndexCapacity> gsis = new LinkedHashMap<>();
        for (IndexDef g : globalIndexes.values()) {
            gsis.put(
                    g.name(),
                    new CapacityConfig.IndexCapacity(
                            g.arn(),
                            onDemand ? g.maxReadUnits : g.readUnits,
                            onDemand ? g.maxWriteUnits : g.writeUnits));
        }
        return new CapacityConfig(
                name, arn, onDemand, onDemand ? maxReadUnits : readUnits, onDemand ? maxWriteUnits : writeUnits, gsis);
    }

    /** The Contributor Insights rules that exist now (resources with insights enabled), with AWS's names. */
    public java.util.List<dev.partitionscope.lab.cloudwatch.InsightRule> insightRules() {
        java.util.List<dev.partitionscope.lab.cloudwatch.InsightRule> rules = new ArrayList<>();
        insights.forEach((resource, setting) -> {
            if (!"ENABLED".equals(setting.status())) {
                return;
            }
            String index = resource.isEmpty() ? null : resource;
            if (index != null && !globalIndexes.containsKey(index)) {
                return;
            }
            KeyDef k = index == null ? key : globalIndexes.get(index).key();
            rules.addAll(dev.partitionscope.lab.cloudwatch.InsightRules.of(
                    this.name, index, k.hasSortKey(), setting.mode(), setting.lastUpdateMillis()));
        });
        return rules;
    }

    /**
     * A CreateTable request that recreates this table's definition (keys, indexes, billing, capacity, stream, class,
     * deletion protection), for recordings.
     */
    public com.fasterxml.jackson.databind.node.ObjectNode createRequest() {
        var f = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance;
        var d = Descriptions.table(this, true);
        var req = f.objectNode().put("TableName", name);
        req.set("AttributeDefinitions", d.get("AttributeDefinitions"));
        req.set("KeySchema", d.get("KeySchema"));
        req.put("BillingMode", onDemand ? "PAY_PER_REQUEST" : "PROVISIONED");
        if (!onDemand) {
            req.putObject("ProvisionedThroughput")
                    .put("ReadCapacityUnits", (long) readUnits)
                    .put("WriteCapacityUnits", (long) writeUnits);
        } else if (d.has("OnDemandThroughput")) {
            req.set("OnDemandThroughput", d.get("OnDemandThroughput"));
        }
        for (String kind : new String[] {"GlobalSecondaryIndexes", "LocalSecondaryIndexes"}) {
            if (!d.has(kind)) {
                continue;
            }
            var list = req.putArray(kind);
            for (var i : d.get(kind)) {
                var o = list.addObject().put("IndexName", i.get("IndexName").asText());
                o.set("KeySchema", i.get("KeySchema"));
                o.set("Projection", i.get("Projection"));
                if (kind.startsWith("Global")) {
                    if (!onDemand) {
                        o.putObject("ProvisionedThroughput")
                                .put(
                                        "ReadCapacityUnits",
                                        i.path("ProvisionedThroughput")
                                                .path("ReadCapacityUnits")
                                                .asLong())
                                .put(
                                        "WriteCapacityUnits",
                                        i.path("ProvisionedThroughput")
                                                .path("WriteCapacityUnits")
                                                .asLong());
                    } else if (i.has("OnDemandThroughput")) {
                        o.set("OnDemandThroughput", i.get("OnDemandThroughput"));
                    }
                }
            }
        }
        if (streamSpecification != null) {
            req.set("StreamSpecification", streamSpecification);
        }
        if (tableClassSet) {
            req.put("TableClass", tableClass);
        }
        if (deletionProtectionSet) {
            req.put("DeletionProtectionEnabled", deletionProtection);
        }
        return req;
    }

    /** Contributor Insights settings as saved: resource "" for the table, else the GSI name. */
    public Map<String, String[]> insightsSettings() {
        Map<String, String[]> out = new LinkedHashMap<>();
        insights.forEach((resource, s) ->
                out.put(resource, new String[] {s.status(), s.mode(), Long.toString(s.lastUpdateMillis())}));
        return out;
    }

    /** Restores a saved Contributor Insights setting (keeps its original enable time, so rule names match). */
    public void restoreInsights(String resource, String status, String mode, long millis) {
        insights.put(resource, new InsightsSetting(status, mode, millis));
    }

    /** Puts an item back as saved: no capacity charged, nothing metered (recordings, not traffic). */
    public void loadItem(Map<String, AttrValue> item) {
        write(() -> {
            Map<String, AttrValue> k = key.keyOf(item);
            applyUnrecorded(get(k), item, k);
            return null;
        });
    }

    /** Every item, in Scan order (for recordings); stops after {@code max}. */
    public java.util.List<Map<String, AttrValue>> items(int max) {
        return read(() -> {
            java.util.List<Map<String, AttrValue>> out = new ArrayList<>();
            for (Iterator<Map<String, AttrValue>> it = base.items(); it.hasNext() && out.size() < max; ) {
                out.add(it.next());
            }
            return out;
        });
    }

    // Keys

    StoreKey.Sort sortOf(Map<String, AttrValue> item) {
        return key.hasSortKey() ? new StoreKey.Sort(item.get(key.sortKey()), null, null) : StoreKey.Sort.NONE;
    }

    StoreKey.Sort indexSortOf(IndexDef index, Map<String, AttrValue> item) {
        AttrValue indexSort = index.key().hasSortKey() ? item.get(index.key().sortKey()) : null;
        return new StoreKey.Sort(
                indexSort, item.get(key.partitionKey()), key.hasSortKey() ? item.get(key.sortKey()) : null);
    }

    long hashOf(Map<String, AttrValue> item) {
        return KeyHash.of(item.get(key.partitionKey()));
    }

    Map<String, AttrValue> get(Map<String, AttrValue> keyItem) {
        return base.get(keyItem.get(key.partitionKey()), sortOf(keyItem));
    }

    /**
     * The store's key for {@code keyItem}'s partition (its Scan-order digest): made by a write before it takes the lock
     * and handed to {@link #get(StoreKey.Partition, Map)} and {@link #apply(Map, Map, Map, long, long,
     * StoreKey.Partition)}, so that the digest is not computed while the table's other writers wait.
     */
    StoreKey.Partition partitionOf(Map<String, AttrValue> keyItem) {
        return OrderedStore.partition(keyItem.get(key.partitionKey()));
    }

    /** As {@link #get(Map)}, with {@code partition} from {@link #partitionOf} of the same key. */
    Map<String, AttrValue> get(StoreKey.Partition partition, Map<String, AttrValue> keyItem) {
        return base.get(partition, sortOf(keyItem));
    }

    // Writes

    /** What a write does to the secondary indexes: per-GSI write units (for the model) and LSI units (table's). */
    record IndexEffect(
            List<Charge.IndexWrite> gsiWrites,
            double lsiWriteUnits,
            Map<String, Double> gsiUnitsByName,
            Map<String, Double> lsiUnitsByName,
            List<RequestRecord.IndexUnits> metered) {}

    private static final IndexEffect NO_INDEX_EFFECT = new IndexEffect(List.of(), 0, Map.of(), Map.of(), List.of());

    /** Index writes a change from {@code oldItem} to {@code newItem} (either may be null) would make. */
    IndexEffect indexEffect(Map<String, AttrValue> oldItem, Map<String, AttrValue> newItem) {
        List<IndexDef> indexes = allIndexes();
        if (indexes.isEmpty()) {
            return NO_INDEX_EFFECT;
        }
        List<Charge.IndexWrite> gsi = new ArrayList<>();
        Map<String, Double> byName = new LinkedHashMap<>();
        Map<String, Double> lsiByName = new LinkedHashMap<>();
        List<RequestRecord.IndexUnits> metered = new ArrayList<>();
        double lsi = 0;
        for (IndexDef index : indexes) {
            Map<String, AttrValue> before =
                    oldItem != null && index.key().coveredBy(oldItem) ? index.project(oldItem, key) : null;
            Map<String, AttrValue> after =
                    newItem != null && index.key().coveredBy(newItem) ? index.project(newItem, key) : null;
            double units = indexWriteUnits(index, before, after);
            if (units == 0) {
                continue;
            }
            if (index.global()) {
                Map<String, AttrValue> placed = after != null ? after : before;
                gsi.add(new Charge.IndexWrite(
                        index.name(), KeyHash.of(placed.get(index.key().partitionKey())), units));
                byName.put(index.name(), units);
                // The GSI's own keys, so its Contributor Insights name the hot GSI key, not a hash.
                AttrValue sk = index.key().hasSortKey() ? placed.get(index.key().sortKey()) : null;
                metered.add(new RequestRecord.IndexUnits(
                        index.name(),
                        AttrJson.keyString(placed.get(index.key().partitionKey())),
                        sk == null ? null : AttrJson.keyString(sk),
                        units));
            } else {
                lsi += units;
                lsiByName.put(index.name(), units);
            }
        }
        return new IndexEffect(gsi, lsi, byName, lsiByName, List.copyOf(metered));
    }

    /** A changed index key costs a delete and a put; an unchanged entry costs nothing. */
    private double indexWriteUnits(IndexDef index, Map<String, AttrValue> before, Map<String, AttrValue> after) {
        if ((before == null && after == null) || Objects.equals(before, after)) {
            return 0;
        }
        if (before == null) {
            return Capacity.writeUnits(ItemSize.of(after));
        }
        if (after == null) {
            return Capacity.writeUnits(ItemSize.of(before));
        }
        boolean moved = !Objects.equals(
                        before.get(index.key().partitionKey()),
                        after.get(index.key().partitionKey()))
                || (index.key().hasSortKey()
                        && !Objects.equals(
                                before.get(index.key().sortKey()),
                                after.get(index.key().sortKey())));
        if (moved) {
            return Capacity.writeUnits(ItemSize.of(before)) + Capacity.writeUnits(ItemSize.of(after));
        }
        return Capacity.writeUnits(Math.max(ItemSize.of(before), ItemSize.of(after)));
    }

    /**
     * Applies a put (newItem) or delete (newItem null) to the table and every index, and records the change in the
     * table's stream when one is enabled (nothing when the item did not change). Caller holds the write lock.
     */
    void apply(Map<String, AttrValue> oldItem, Map<String, AttrValue> newItem, Map<String, AttrValue> keyItem) {
        apply(oldItem, newItem, keyItem, OrderedStore.UNKNOWN_SIZE, OrderedStore.UNKNOWN_SIZE, null, false);
    }

    /**
     * As {@link #apply(Map, Map, Map)}, with the items' sizes already measured (by the write's cost): the store need
     * not measure them again.
     */
    void apply(
            Map<String, AttrValue> oldItem,
            Map<String, AttrValue> newItem,
            Map<String, AttrValue> keyItem,
            long oldSize,
            long newSize) {
        apply(oldItem, newItem, keyItem, oldSize, newSize, null, false);
    }

    /** As {@link #apply(Map, Map, Map, long, long)}, with {@code partition} from {@link #partitionOf} of the key. */
    void apply(
            Map<String, AttrValue> oldItem,
            Map<String, AttrValue> newItem,
            Map<String, AttrValue> keyItem,
            long oldSize,
            long newSize,
            StoreKey.Partition partition) {
        apply(oldItem, newItem, keyItem, oldSize, newSize, partition, false);
    }

    /** As {@link #apply}, for a deletion by Time to Live (its stream record names DynamoDB as the user). */
    void applyExpired(Map<String, AttrValue> oldItem, Map<String, AttrValue> keyItem) {
        apply(oldItem, null, keyItem, OrderedStore.UNKNOWN_SIZE, OrderedStore.UNKNOWN_SIZE, null, true);
    }

    private void apply(
            Map<String, AttrValue> oldItem,
            Map<String, AttrValue> newItem,
            Map<String, AttrValue> keyItem,
            long oldSize,
            long newSize,
            StoreKey.Partition partition,
            boolean byTimeToLive) {
        applyUnrecorded(oldItem, newItem, keyItem, oldSize, newSize, partition);
        dev.partitionscope.lab.streams.LabStream s = stream;
        if (s != null && streamSpecification != null) {
            s.record(hashOf(keyItem), keyItem, oldItem, newItem, byTimeToLive, streamClock.getAsLong());
        }
    }

    /** The Lab's clock, for stream records' times (set when the table is registered). */
    volatile java.util.function.LongSupplier streamClock = System::currentTimeMillis;

    /**
     * Applies a change without a stream record: items that are not traffic (fast-forward's sample, recordings).
     * Caller holds the write lock.
     */
    void applyUnrecorded(
            Map<String, AttrValue> oldItem, Map<String, AttrValue> newItem, Map<String, AttrValue> keyItem) {
        applyUnrecorded(oldItem, newItem, keyItem, OrderedStore.UNKNOWN_SIZE, OrderedStore.UNKNOWN_SIZE, null);
    }

    /** {@code partition}: {@link #partitionOf} of the key, or null for the store to make it. */
    private void applyUnrecorded(
            Map<String, AttrValue> oldItem,
            Map<String, AttrValue> newItem,
            Map<String, AttrValue> keyItem,
            long oldSize,
            long newSize,
            StoreKey.Partition partition) {
        if (newItem == null) {
            base.remove(partition, keyItem.get(key.partitionKey()), sortOf(keyItem), oldItem, oldSize);
        } else {
            base.put(partition, newItem.get(key.partitionKey()), sortOf(newItem), newItem, newSize, oldItem, oldSize);
        }
        for (IndexDef index : allIndexes()) {
            OrderedStore store = indexStores.get(index.name());
            if (oldItem != null && index.key().coveredBy(oldItem)) {
                store.remove(oldItem.get(index.key().partitionKey()), indexSortOf(index, oldItem));
            }
            if (newItem != null && index.key().coveredBy(newItem)) {
                store.put(
                        newItem.get(index.key().partitionKey()),
                        indexSortOf(index, newItem),
                        index.project(newItem, key));
            }
        }
    }

    /** Fills a new index from the table's items (UpdateTable Create, done at once rather than as a backfill). */
    void backfill(IndexDef index) {
        OrderedStore store = new OrderedStore();
        for (Iterator<Map<String, AttrValue>> it = base.items(); it.hasNext(); ) {
            Map<String, AttrValue> item = it.next();
            if (index.key().coveredBy(item)) {
                store.put(item.get(index.key().partitionKey()), indexSortOf(index, item), index.project(item, key));
            }
        }
        indexStores.put(index.name(), store);
    }
}
