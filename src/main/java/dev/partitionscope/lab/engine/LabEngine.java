package dev.partitionscope.lab.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.lab.api.DynamoDbApi;
import dev.partitionscope.lab.clock.LabClock;
import dev.partitionscope.lab.partition.CapacityConfig;
import dev.partitionscope.lab.partition.Charge;
import dev.partitionscope.lab.partition.Decision;
import dev.partitionscope.lab.wire.LabException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.function.Function;

/**
 * The Lab's DynamoDB engine: tables, items, indexes and the operations of the DynamoDB API, answering in DynamoDB's
 * JSON. Every request passes {@link DynamoDbApi} first (types, constraints, expressions — DynamoDB's checks before any
 * table), then the operation, which checks against the table and runs. Every data-plane request is admitted or
 * throttled by its table's {@link CapacityGate} and reported to the meter. Thread-safe; the HTTP server calls
 * {@link #handle} from many threads.
 *
 * <p>Tables pass through CREATING, UPDATING and DELETING for {@link #setLifecycleMillis a configurable time} on the
 * Lab's clock (0: at once, as the app's own tables need), and Time to Live deletes expired items in a sweep on the
 * same clock.
 */
public final class LabEngine {
    public static final String ACCOUNT = "000000000000";

    private final LabClock clock;
    private final String region;
    private volatile Function<CapacityConfig, CapacityGate> gates;
    private final EngineMeter meter;
    private final ConcurrentSkipListMap<String, LabTable> tables = new ConcurrentSkipListMap<>();
    private final TableOps tableOps = new TableOps(this);
    private final ItemOps itemOps = new ItemOps(this);
    private final QueryOps queryOps = new QueryOps(this);
    private final BatchOps batchOps = new BatchOps(this);
    private final PartiqlOps partiqlOps = new PartiqlOps(this, itemOps, queryOps);
    private final TransactOps transactOps = new TransactOps(this);
    private final InsightsOps insightsOps = new InsightsOps(this);
    private final ControlOps controlOps = new ControlOps(this);
    private final TimeToLive ttl = new TimeToLive(this);
    private volatile long lifecycleMillis;
    private final dev.partitionscope.lab.streams.StreamRegistry streams;

    /**
     * @param gates builds the partition model of a new table (or {@code c -> CapacityGate.UNLIMITED})
     * @param meter receives one record per data-plane request, throttled ones included
     */
    public LabEngine(LabClock clock, String region, Function<CapacityConfig, CapacityGate> gates, EngineMeter meter) {
        this.clock = clock;
        this.region = region;
        this.gates = gates;
        this.meter = meter;
        this.streams = new dev.partitionscope.lab.streams.StreamRegistry(clock, region);
    }

    /** The Lab's DynamoDB streams (those of deleted tables too, until retention passes). */
    public dev.partitionscope.lab.streams.StreamRegistry streams() {
        return streams;
    }

    /** Answers one API call. Throws {@link LabException} for every DynamoDB error. */
    public ObjectNode handle(String operation, JsonNode request) {
        return handle(operation, request, lifecycleMillis);
    }

    /**
     * Answers a call the Lab makes itself (its demo and scenario tables, recordings): tables change state at once,
     * whatever the lifecycle time, so that the app's own screens never wait for them.
     */
    public ObjectNode handleAtOnce(String operation, JsonNode request) {
        return handle(operation, request, 0);
    }

    /**
     * Answers an API call straight from its body's JSON when the front door reads that body without a tree
     * ({@link DynamoDbApi#readPlain}); null, having done nothing, for every other body.
     */
    public ObjectNode handlePlain(String operation, byte[] body, int offset, int length) {
        DynamoDbApi.ApiRequest r = DynamoDbApi.readPlain(operation, body, offset, length);
        return r == null ? null : answer(r, lifecycleMillis);
    }

    private ObjectNode handle(String operation, JsonNode request, long lifecycle) {
        return answer(DynamoDbApi.read(operation, request), lifecycle);
    }

    private ObjectNode answer(DynamoDbApi.ApiRequest r, long lifecycle) {
        String operation = r.operation();
        ttl.sweepIfDue();
        JsonNode d = r.data();
        return switch (operation) {
            case "CreateTable" -> tableOps.create(d, lifecycle);
            case "DescribeTable" -> tableOps.describe(d);
            case "ListTables" -> tableOps.list(d);
            case "UpdateTable" -> tableOps.update(d, lifecycle);
            case "DeleteTable" -> tableOps.delete(d, lifecycle);
            case "PutItem" -> itemOps.put(r);
            case "GetItem" -> itemOps.get(r);
            case "DeleteItem" -> itemOps.delete(r);
            case "UpdateItem" -> itemOps.update(r);
            case "Query" -> queryOps.query(r);
            case "Scan" -> queryOps.scan(r);
            case "BatchWriteItem" -> batchOps.write(d);
            case "BatchGetItem" -> batchOps.get(d);
            case "ExecuteStatement" -> partiqlOps.execute(d);
            case "BatchExecuteStatement" -> partiqlOps.batch(d);
            case "ExecuteTransaction" -> partiqlOps.transaction(d);
            case "TransactWriteItems" -> transactOps.write(r);
            case "TransactGetItems" -> transactOps.get(r);
            case "DescribeContributorInsights" -> insightsOps.describe(d);
            case "UpdateContributorInsights" -> insightsOps.update(d);
            case "ListContributorInsights" -> insightsOps.list(d);
            case "DescribeTimeToLive" -> controlOps.describeTimeToLive(d);
            case "UpdateTimeToLive" -> controlOps.updateTimeToLive(d);
            case "TagResource" -> controlOps.tag(d);
            case "UntagResource" -> controlOps.untag(d);
            case "ListTagsOfResource" -> controlOps.listTags(d);
            case "DescribeLimits" -> controlOps.describeLimits();
            case "DescribeEndpoints" -> controlOps.describeEndpoints();
            case "DescribeContinuousBackups" -> controlOps.describeContinuousBackups(d);
            case "UpdateContinuousBackups" -> controlOps.updateContinuousBackups(d);
            default ->
                throw LabException.coral(
                        "UnknownOperationException", "The Lab does not serve the operation " + operation);
        };
    }

    /**
     * Answers a request the engine makes itself on behalf of another operation (ExecuteTransaction's
     * TransactWriteItems), metered under that operation's name.
     */
    ObjectNode handleAs(String operation, JsonNode request, String meteredAs) {
        DynamoDbApi.ApiRequest r = DynamoDbApi.read(operation, request);
        return switch (operation) {
            case "TransactWriteItems" -> transactOps.write(r.data(), meteredAs);
            case "TransactGetItems" -> transactOps.get(r.data(), meteredAs);
            default -> throw new IllegalArgumentException("not run on behalf of another operation: " + operation);
        };
    }

    /**
     * How long tables stay CREATING, UPDATING or DELETING, and new indexes CREATING, in Lab milliseconds. 0 (the
     * default) changes state at once; the standalone {@code lab} command uses a short delay, as DynamoDB does.
     */
    public void setLifecycleMillis(long millis) {
        this.lifecycleMillis = Math.max(0, millis);
    }

    /** Where this engine is served, for DescribeEndpoints (so that endpoint discovery never leaves the Lab). */
    public void setEndpointAddress(String hostAndPort) {
        controlOps.setEndpointAddress(hostAndPort);
    }

    /**
     * How long a transaction holds its prepared items before it commits them, in wall-clock milliseconds: a plain write
     * to one of them in that time cancels the transaction with TransactionConflict, as on DynamoDB. 0 (the default)
     * prepares and commits in one step.
     */
    public void setTransactionWindowMillis(long millis) {
        transactOps.setWindowMillis(millis);
    }

    /** A plain write changed this item: a transaction holding it between its phases is overtaken. */
    void written(LabTable t, Map<String, AttrValue> key) {
        transactOps.overtake(t, key);
    }

    public long lifecycleMillis() {
        return lifecycleMillis;
    }

    /** Time to Live's sweep: how long after expiry an item may still be read, and how often the sweep looks. */
    public void setTimeToLive(long deleteDelayMillis, long sweepEveryMillis) {
        ttl.configure(deleteDelayMillis, sweepEveryMillis);
    }

    // Tables

    void register(LabTable t) {
        t.gate = gates.apply(t.capacityConfig());
        t.streamClock = clock::epochMillis;
        if (tables.putIfAbsent(t.name, t) != null) {
            throw LabException.inUse("Table already exists: " + t.name);
        }
    }

    void unregister(String name) {
        tables.remove(name);
    }

    /**
     * The table for a control-plane operation (DescribeTable, DeleteTable, UpdateTable, …), in whatever state;
     * DynamoDB's ResourceNotFoundException naming it when there is none.
     */
    LabTable table(String name) {
        LabTable t = settled(name);
        if (t == null) {
            throw LabException.notFound("Requested resource not found: Table: " + name + " not found");
        }
        return t;
    }

    /**
     * The table for a data-plane operation: only an ACTIVE or UPDATING table serves items; a missing, CREATING or
     * DELETING one is DynamoDB's bare "Requested resource not found".
     */
    LabTable activeTable(String name) {
        LabTable t = settled(name);
        if (t == null || t.status() == LabTable.Status.CREATING || t.status() == LabTable.Status.DELETING) {
            throw LabException.notFound("Requested resource not found");
        }
        return t;
    }

    /** The table with any lifecycle step that is due applied (a DELETING table past its time is gone). */
    private LabTable settled(String name) {
        LabTable t = tables.get(name);
        if (t != null && !t.settle(clock.epochMillis())) {
            tables.remove(name, t);
            return null;
        }
        return t;
    }

    List<String> tableNamesAfter(String start, int max) {
        Collection<String> names =
                start == null ? tables.keySet() : tables.tailMap(start, false).keySet();
        List<String> out = new ArrayList<>();
        for (String n : names) {
            if (out.size() >= max) {
                break;
            }
            if (settled(n) != null) {
                out.add(n);
            }
        }
        return out;
    }

    /** Tables in name order, for the Lab screen and recordings. */
    public List<LabTable> tables() {
        List<LabTable> out = new ArrayList<>();
        for (String n : tables.keySet()) {
            LabTable t = settled(n);
            if (t != null) {
                out.add(t);
            }
        }
        return out;
    }

    public Map<String, LabTable> tablesByName() {
        return Collections.unmodifiableMap(tables);
    }

    String tableArn(String name) {
        return "arn:aws:dynamodb:" + region + ":" + ACCOUNT + ":table/" + name;
    }

    /**
     * Stores an item without admission, charging or metering (index entries are kept as usual): for runs that
     * account for capacity themselves, such as fast-forwarded workloads, which model every request but keep only a
     * sample of the items.
     */
    public void putUnmetered(String tableName, Map<String, AttrValue> item) {
        LabTable t = activeTable(tableName);
        Items.validateItem(t, item);
        t.write(() -> {
            Map<String, AttrValue> key = t.key.keyOf(item);
            t.applyUnrecorded(t.get(key), item, key);
            return null;
        });
    }

    /**
     * Writes an item as traffic that has happened (the app's demo data at start): charged to the partition model and
     * metered like a PutItem, but never refused, whatever the model's state.
     */
    public void putSeed(String tableName, Map<String, AttrValue> item) {
        long start = System.nanoTime();
        LabTable t = activeTable(tableName);
        Items.validateItem(t, item);
        t.write(() -> {
            Map<String, AttrValue> key = t.key.keyOf(item);
            Map<String, AttrValue> old = t.get(key);
            ItemOps.WriteCost cost = ItemOps.WriteCost.of(t, old, item);
            t.gate.consume(
                    Charge.write(t.hashOf(key), cost.tableUnits(), cost.effect().gsiWrites()));
            Items.meterAndThrow(
                    this,
                    t,
                    null,
                    "PutItem",
                    key,
                    Decision.ALLOWED,
                    0,
                    cost.tableUnits(),
                    cost.effect().metered(),
                    start,
                    0);
            t.apply(old, item, key, cost.oldSize(), cost.newSize());
            return null;
        });
    }

    /** Rebuilds every table's gate (new model parameters); partition state starts afresh. */
    public void regate(Function<CapacityConfig, CapacityGate> newGates) {
        this.gates = newGates;
        for (LabTable t : tables.values()) {
            t.write(() -> {
                t.gate = newGates.apply(t.capacityConfig());
                return null;
            });
        }
    }

    public LabClock clock() {
        return clock;
    }

    public String region() {
        return region;
    }

    EngineMeter meter() {
        return meter;
    }
}
