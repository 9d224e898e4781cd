package dev.partitionscope.lab.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.partitionscope.lab.clock.LabClock;
import dev.partitionscope.lab.partition.CapacityConfig;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.function.Function;

/**
 * The Lab's DynamoDB engine: tables, items, indexes and the operations of the DynamoDB API, answering in DynamoDB's
 * JSON. Every data-plane request is admitted or throttled by its table's {@link CapacityGate} and reported to the
 * meter. Thread-safe; the HTTP server calls {@link #handle} from many threads.
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
    private final InsightsOps insightsOps = new InsightsOps(this);

    /**
     * @param gates builds the partition model of a new table (or {@code c -> CapacityGate.UNLIMITED})
     * @param meter receives one record per data-plane request, throttled ones included
     */
    public LabEngine(LabClock clock, String region, Function<CapacityConfig, CapacityGate> gates,
                     EngineMeter meter) {
        this.clock = clock;
        this.region = region;
        this.gates = gates;
        this.meter = meter;
    }

    /** Answers one API call. Throws {@link LabException} for every DynamoDB error. */
    public ObjectNode handle(String operation, JsonNode request) {
        if (request == null || !request.isObject()) {
            throw LabException.validation("The request body must be a JSON object");
        }
        return switch (operation) {
            case "CreateTable" -> tableOps.create(request);
            case "DescribeTable" -> tableOps.describe(request);
            case "ListTables" -> tableOps.list(request);
            case "UpdateTable" -> tableOps.update(request);
            case "DeleteTable" -> tableOps.delete(request);
            case "PutItem" -> itemOps.put(request);
            case "GetItem" -> itemOps.get(request);
            case "DeleteItem" -> itemOps.delete(request);
            case "UpdateItem" -> itemOps.update(request);
            case "Query" -> queryOps.query(request);
            case "Scan" -> queryOps.scan(request);
            case "BatchWriteItem" -> batchOps.write(request);
            case "BatchGetItem" -> batchOps.get(request);
            case "DescribeContributorInsights" -> insightsOps.describe(request);
            case "UpdateContributorInsights" -> insightsOps.update(request);
            case "ListContributorInsights" -> insightsOps.list(request);
            default -> throw new LabException("UnknownOperationException", "The Lab does not serve the operation "
                    + operation);
        };
    }

    // Tables

    void register(LabTable t) {
        t.gate = gates.apply(t.capacityConfig());
        if (tables.putIfAbsent(t.name, t) != null) {
            throw LabException.inUse("Table already exists: " + t.name);
        }
    }

    void unregister(String name) {
        tables.remove(name);
    }

    /** The table, or DynamoDB's ResourceNotFoundException. */
    LabTable table(String name) {
        LabTable t = tables.get(name);
        if (t == null) {
            throw LabException.notFound("Requested resource not found: Table: " + name + " not found");
        }
        return t;
    }

    List<String> tableNamesAfter(String start, int max) {
        Collection<String> names = start == null ? tables.keySet() : tables.tailMap(start, false).keySet();
        List<String> out = new ArrayList<>();
        for (String n : names) {
            if (out.size() >= max) {
                break;
            }
            out.add(n);
        }
        return out;
    }

    /** Tables in name order, for the Lab screen and recordings. */
    public List<LabTable> tables() {
        return List.copyOf(tables.values());
    }

    public Map<String, LabTable> tablesByName() {
        return java.util.Collections.unmodifiableMap(tables);
    }

    String tableArn(String name) {
        return "arn:aws:dynamodb:" + region + ":" + ACCOUNT + ":table/" + name;
    }

    /**
     * Stores an item without admission, charging or metering (index entries are kept as usual): for runs that
     * account for capacity themselves, such as fast-forwarded workloads, which model every request but keep only a
     * sample of the items.
     */
    public void putUnmetered(String tableName, Map<String, dev.partitionscope.core.item.AttrValue> item) {
        LabTable t = table(tableName);
        Items.validateItem(t, item);
        t.lock.writeLock().lock();
        try {
            Map<String, dev.partitionscope.core.item.AttrValue> key = t.key.keyOf(item);
            t.apply(t.get(key), item, key);
        } finally {
            t.lock.writeLock().unlock();
        }
    }

    /** Rebuilds every table's gate (new model parameters); partition state starts afresh. */
    public void regate(Function<CapacityConfig, CapacityGate> newGates) {
        this.gates = newGates;
        for (LabTable t : tables.values()) {
            t.lock.writeLock().lock();
            try {
                t.gate = newGates.apply(t.capacityConfig());
            } finally {
                t.lock.writeLock().unlock();
            }
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
