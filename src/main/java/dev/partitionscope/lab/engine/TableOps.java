package dev.partitionscope.lab.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.partitionscope.core.table.KeyType;
import dev.partitionscope.lab.wire.LabException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * CreateTable, DescribeTable, ListTables, UpdateTable, DeleteTable, on requests {@link
 * dev.partitionscope.lab.api.DynamoDbApi} has already checked. Tables and new indexes pass through CREATING,
 * UPDATING and DELETING for the engine's lifecycle time; what DynamoDB refuses in each state is refused here.
 */
final class TableOps {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final String INVALID = "One or more parameter values were invalid: ";

    private final LabEngine engine;

    TableOps(LabEngine engine) {
        this.engine = engine;
    }

    ObjectNode create(JsonNode req, long lifecycle) {
        String name = req.get("TableName").asText();
        Map<String, KeyType> types = attributeDefinitions(req.get("AttributeDefinitions"));
        KeyDef key = keyDef(req.get("KeySchema"), types);
        boolean onDemand = RequestOptions.BillingMode.of(req) == RequestOptions.BillingMode.PAY_PER_REQUEST;
        long now = engine.clock().epochMillis();
        LabTable t = new LabTable(name, engine.tableArn(name), key, types, now);
        t.onDemand = onDemand;
        JsonNode pt = req.get("ProvisionedThroughput");
        if (pt != null) {
            t.readUnits = pt.get("ReadCapacityUnits").asLong();
            t.writeUnits = pt.get("WriteCapacityUnits").asLong();
        }
        JsonNode max = req.get("OnDemandThroughput");
        if (max != null) {
            t.maxReadUnits = max.path("MaxReadRequestUnits").asDouble(-1);
            t.maxWriteUnits = max.path("MaxWriteRequestUnits").asDouble(-1);
        }
        for (JsonNode l : iterable(req.get("LocalSecondaryIndexes"))) {
            addIndex(t, indexDef(t, l, false, types));
        }
        for (JsonNode g : iterable(req.get("GlobalSecondaryIndexes"))) {
            addIndex(t, indexDef(t, g, true, types));
        }
        // DynamoDB keeps only the definitions a key schema uses ... and refuses extra ones when indexes exist too.
        Set<String> used = keyAttributes(t);
        if (!used.equals(types.keySet())) {
            throw LabException.validation(INVALID + "Number of attributes in KeySchema does not exactly match number"
                    + " of attributes defined in AttributeDefinitions");
        }
        JsonNode stream = req.get("StreamSpecification");
        if (stream != null) {
            t.streamSpecification = checkedStream(stream, null, name, false);
        }
        if (req.has("SSESpecification")) {
            t.sseSpecification = req.get("SSESpecification");
        }
        if (req.has("TableClass")) {
            t.tableClass = req.get("TableClass").asText();
            t.tableClassSet = true;
        }
        if (req.has("DeletionProtectionEnabled")) {
            t.deletionProtection = req.get("DeletionProtectionEnabled").booleanValue();
            t.deletionProtectionSet = true;
        }
        for (JsonNode tag : iterable(req.get("Tags"))) {
            t.tags.put(tag.path("Key").asText(), tag.path("Value").asText());
        }
        if (lifecycle > 0 && !t.localIndexes.isEmpty() && creatingWithLocalIndexes()) {
            throw LabException.limitExceeded("Subscriber limit exceeded: Only 1 table with local secondary indexes can"
                    + " be in the CREATING state at any one time");
        }
        t.globalIndexes.values().forEach(i -> i.status = "CREATING");
        t.enter(LabTable.Status.CREATING, now + lifecycle, () -> t.globalIndexes
                .values()
                .forEach(i -> i.status = "ACTIVE"));
        engine.register(t);
        if (t.streamSpecification != null) {
            t.write(() -> enableStream(t));
        }
        ObjectNode d = Descriptions.table(t, false);
        return (ObjectNode) F.objectNode().set("TableDescription", d);
    }

    private boolean creatingWithLocalIndexes() {
        for (LabTable other : engine.tables()) {
            if (other.status() == LabTable.Status.CREATING && !other.localIndexes.isEmpty()) {
                return true;
            }
        }
        return false;
    }

    private static Set<String> keyAttributes(LabTable t) {
        Set<String> used = new LinkedHashSet<>();
        used.add(t.key.partitionKey());
        if (t.key.hasSortKey()) {
            used.add(t.key.sortKey());
        }
        for (IndexDef i : t.allIndexes()) {
            used.add(i.key().partitionKey());
            if (i.key().hasSortKey()) {
                used.add(i.key().sortKey());
            }
        }
        return used;
    }

    private static void addIndex(LabTable t, IndexDef index) {
        (index.global() ? t.globalIndexes : t.localIndexes).put(index.name(), index);
        t.indexStores.put(index.name(), new OrderedStore());
        t.indexesChanged();
    }

    private static IndexDef indexDef(LabTable t, JsonNode node, boolean global, Map<String, KeyType> types) {
        String name = node.get("IndexName").asText();
        KeyDef key = keyDef(node.get("KeySchema"), types);
        JsonNode projection = node.get("Projection");
        String type = projection.get("ProjectionType").asText();
        Set<String> nonKey = new LinkedHashSet<>();
        for (JsonNode a : iterable(projection.get("NonKeyAttributes"))) {
            nonKey.add(a.asText());
        }
        JsonNode pt = node.get("ProvisionedThroughput");
        if (global && !t.onDemand && pt == null) {
            throw LabException.validation(INVALID + "ProvisionedThroughput should be specified for index: " + name);
        }
        double read = pt == null ? 0 : pt.get("ReadCapacityUnits").asLong();
        double write = pt == null ? 0 : pt.get("WriteCapacityUnits").asLong();
        IndexDef index = new IndexDef(name, t.arn + "/index/" + name, global, key, type, nonKey, read, write);
        JsonNode max = node.get("OnDemandThroughput");
        if (global && max != null) {
            index.maxReadUnits = max.path("MaxReadRequestUnits").asDouble(-1);
            index.maxWriteUnits = max.path("MaxWriteRequestUnits").asDouble(-1);
        }
        return index;
    }

    private static Map<String, KeyType> attributeDefinitions(JsonNode defs) {
        Map<String, KeyType> types = new LinkedHashMap<>();
        for (JsonNode d : iterable(defs)) {
            types.put(
                    d.get("AttributeName").asText(),
                    KeyType.valueOf(d.get("AttributeType").asText()));
        }
        return types;
    }

    private static KeyDef keyDef(JsonNode schema, Map<String, KeyType> types) {
        String hash = schema.get(0).get("AttributeName").asText();
        String range = schema.size() > 1 ? schema.get(1).get("AttributeName").asText() : null;
        return new KeyDef(hash, types.get(hash), range, range == null ? null : types.get(range));
    }

    ObjectNode describe(JsonNode req) {
        LabTable t = engine.table(req.get("TableName").asText());
        return t.read(() -> (ObjectNode) F.objectNode().set("Table", Descriptions.table(t, true)));
    }

    ObjectNode list(JsonNode req) {
        int max = req.has("Limit") ? req.get("Limit").asInt() : 100;
        String start = req.has("ExclusiveStartTableName")
                ? req.get("ExclusiveStartTableName").asText()
                : null;
        List<String> names = engine.tableNamesAfter(start, max + 1);
        ObjectNode out = F.objectNode();
        ArrayNode a = out.putArray("TableNames");
        names.stream().limit(max).forEach(a::add);
        if (names.size() > max) {
            out.put("LastEvaluatedTableName", names.get(max - 1));
        }
        return out;
    }

    ObjectNode delete(JsonNode req, long lifecycle) {
        String name = req.get("TableName").asText();
        LabTable t = engine.table(name);
        if (t.status() == LabTable.Status.CREATING) {
            throw LabException.inUse(
                    "Attempt to change a resource which is still in use: Table is being created: " + name);
        }
        if (t.status() == LabTable.Status.UPDATING) {
            throw LabException.inUse(
                    "Attempt to change a resource which is still in use: Table is being updated: " + name);
        }
        if (t.deletionProtection) {
            throw LabException.validation("Resource cannot be deleted as it is currently protected against deletion."
                    + " Disable deletion protection first.");
        }
        long now = engine.clock().epochMillis();
        t.enter(LabTable.Status.DELETING, now + lifecycle, null);
        if (t.stream != null) {
            t.stream.disable(now); // listed and readable until retention passes, as on AWS
        }
        ObjectNode description = t.read(() -> Descriptions.deleting(t));
        if (lifecycle == 0) {
            engine.unregister(name);
        }
        return (ObjectNode) F.objectNode().set("TableDescription", description);
    }

    ObjectNode update(JsonNode req, long lifecycle) {
        String name = req.get("TableName").asText();
        LabTable t = engine.table(name);
        if (t.status() != LabTable.Status.ACTIVE) {
            String state =
                    switch (t.status()) {
                        case CREATING -> "being created";
                        case DELETING -> "being deleted";
                        default -> "being updated";
                    };
            throw LabException.inUse(
                    "Attempt to change a resource which is still in use: Table is " + state + ": " + name);
        }
        return t.write(() -> updateLocked(t, req, lifecycle));
    }

    private ObjectNode updateLocked(LabTable t, JsonNode req, long lifecycle) {
        long now = engine.clock().epochMillis();
        RequestOptions.BillingMode billing = RequestOptions.BillingMode.of(req);
        boolean onDemandAfter = billing == null ? t.onDemand : billing == RequestOptions.BillingMode.PAY_PER_REQUEST;
        JsonNode pt = req.get("ProvisionedThroughput");
        if (pt != null && onDemandAfter) {
            throw LabException.validation(INVALID + "Neither ReadCapacityUnits nor WriteCapacityUnits can be specified"
                    + " when BillingMode is PAY_PER_REQUEST");
        }
        JsonNode updates = req.get("GlobalSecondaryIndexUpdates");
        int createsOrDeletes = 0;
        for (JsonNode u : iterable(updates)) {
            createsOrDeletes += u.has("Create") || u.has("Delete") ? 1 : 0;
        }
        if (createsOrDeletes > 1) {
            throw LabException.limitExceeded("Subscriber limit exceeded: Only 1 online index can be created or deleted"
                    + " simultaneously per table");
        }
        List<Runnable> apply = new ArrayList<>();
        boolean increase = false;
        boolean decrease = false;
        if (pt != null) {
            long read = pt.get("ReadCapacityUnits").asLong();
            long write = pt.get("WriteCapacityUnits").asLong();
            if (!t.onDemand && read == (long) t.readUnits && write == (long) t.writeUnits) {
                throw unchanged((long) t.readUnits, (long) t.writeUnits, read, write);
            }
            increase |= read > t.readUnits || write > t.writeUnits;
            decrease |= !t.onDemand && (read < t.readUnits || write < t.writeUnits);
            apply.add(() -> {
                t.readUnits = read;
                t.writeUnits = write;
            });
        }
        Set<String> throughputGiven = new HashSet<>();
        for (JsonNode u : iterable(updates)) {
            if (u.has("Update")) {
                JsonNode up = u.get("Update");
                IndexDef index = gsi(t, up.get("IndexName").asText());
                JsonNode ipt = up.get("ProvisionedThroughput");
                if (ipt != null) {
                    long read = ipt.get("ReadCapacityUnits").asLong();
                    long write = ipt.get("WriteCapacityUnits").asLong();
                    if (onDemandAfter) {
                        throw LabException.validation(INVALID + "ProvisionedThroughput should not be specified for"
                                + " index: " + index.name() + " when BillingMode is PAY_PER_REQUEST");
                    }
                    if (!t.onDemand && read == (long) index.readUnits && write == (long) index.writeUnits) {
                        throw unchanged((long) index.readUnits, (long) index.writeUnits, read, write);
                    }
                    throughputGiven.add(index.name());
                    apply.add(() -> {
                        index.readUnits = read;
                        index.writeUnits = write;
                    });
                }
                JsonNode odt = up.get("OnDemandThroughput");
                if (odt != null) {
                    apply.add(() -> {
                        index.maxReadUnits = odt.path("MaxReadRequestUnits").asDouble(index.maxReadUnits);
                        index.maxWriteUnits = odt.path("MaxWriteRequestUnits").asDouble(index.maxWriteUnits);
                    });
                }
            }
        }
        if (billing == RequestOptions.BillingMode.PROVISIONED && t.onDemand) {
            List<String> missing = new ArrayList<>();
            for (String gsi : t.globalIndexes.keySet()) {
                if (!throughputGiven.contains(gsi)) {
                    missing.add(gsi);
                }
            }
            if (!missing.isEmpty()) {
                throw LabException.validation(
                        INVALID + "ProvisionedThroughput must be specified for index: " + String.join(",", missing));
            }
            if (pt == null) {
                throw LabException.validation(
                        INVALID + "ProvisionedThroughput must be specified when BillingMode is" + " PROVISIONED");
            }
        }
        JsonNode stream = req.get("StreamSpecification");
        JsonNode newStream = stream == null ? null : checkedStream(stream, t.streamSpecification, t.name, true);
        Map<String, KeyType> types = new LinkedHashMap<>(t.attributeTypes);
        for (JsonNode d : iterable(req.get("AttributeDefinitions"))) {
            types.put(
                    d.get("AttributeName").asText(),
                    KeyType.valueOf(d.get("AttributeType").asText()));
        }
        IndexDef created = null;
        String deleted = null;
        for (JsonNode u : iterable(updates)) {
            if (u.has("Create")) {
                if (t.globalIndexes.size() >= 20) {
                    throw LabException.validation(
                            INVALID + "GlobalSecondaryIndex count exceeds the per-table limit" + " of 20");
                }
                JsonNode c = u.get("Create");
                for (JsonNode k : c.get("KeySchema")) {
                    if (!types.containsKey(k.get("AttributeName").asText())) {
                        throw LabException.validation(INVALID + "Some index key attributes are not defined in"
                                + " AttributeDefinitions. Keys: " + keyNames(c.get("KeySchema"))
                                + ", AttributeDefinitions: " + types.keySet());
                    }
                }
                created = indexDef(t, c, true, types);
                if (t.index(created.name()) != null) {
                    throw LabException.validation(INVALID + "Index with name " + created.name() + " already exists");
                }
            } else if (u.has("Delete")) {
                deleted = gsi(t, u.get("Delete").get("IndexName").asText()).name();
            }
        }
        // Everything checked: the changes go through.
        if (pt != null || !throughputGiven.isEmpty()) {
            if (increase || !throughputGiven.isEmpty()) {
                t.lastIncreaseMillis = now;
            }
            if (decrease) {
                t.lastDecreaseMillis = now;
            }
        }
        if (billing != null && onDemandAfter != t.onDemand) {
            boolean toOnDemand = onDemandAfter;
            apply.add(() -> {
                t.onDemand = toOnDemand;
                t.lastBillingSwitchMillis = now;
                if (toOnDemand) {
                    t.readUnits = 0;
                    t.writeUnits = 0;
                    t.globalIndexes.values().forEach(i -> {
                        i.readUnits = 0;
                        i.writeUnits = 0;
                    });
                }
            });
        }
        JsonNode odt = req.get("OnDemandThroughput");
        if (odt != null) {
            apply.add(() -> {
                t.maxReadUnits = odt.path("MaxReadRequestUnits").asDouble(t.maxReadUnits);
                t.maxWriteUnits = odt.path("MaxWriteRequestUnits").asDouble(t.maxWriteUnits);
            });
        }
        if (req.has("DeletionProtectionEnabled")) {
            t.deletionProtection = req.get("DeletionProtectionEnabled").booleanValue();
            t.deletionProtectionSet = true;
        }
        if (stream != null) {
            // A stream goes on or off at once (AWS passes ENABLING/DISABLING in seconds): writes from now on are
            // recorded in the new stream; a disabled one keeps its records until retention passes.
            t.write(() -> {
                t.streamSpecification = newStream;
                if (newStream != null) {
                    enableStream(t);
                } else if (t.stream != null) {
                    t.stream.disable(engine.clock().epochMillis());
                }
                return null;
            });
        }
        if (req.has("SSESpecification")) {
            t.sseSpecification = req.get("SSESpecification");
        }
        if (req.has("TableClass")) {
            t.tableClass = req.get("TableClass").asText();
            t.tableClassSet = true;
        }
        if (created != null) {
            IndexDef index = created;
            t.attributeTypes.putAll(types);
            t.globalIndexes.put(index.name(), index);
            t.indexesChanged();
            t.backfill(index);
            index.status = lifecycle > 0 ? "CREATING" : "ACTIVE";
            apply.add(() -> index.status = "ACTIVE");
        }
        if (deleted != null) {
            String gone = deleted;
            t.globalIndexes.get(gone).status = "DELETING";
            apply.add(() -> {
                t.globalIndexes.remove(gone);
                t.indexesChanged();
                t.indexStores.remove(gone);
                t.insights.remove(gone);
                t.attributeTypes.keySet().retainAll(keyAttributes(t));
            });
        }
        // When the change takes effect its time is stamped again, as DynamoDB does (and a decrease is counted).
        boolean increased = increase || !throughputGiven.isEmpty();
        boolean decreased = decrease;
        apply.add(() -> {
            long done = engine.clock().epochMillis();
            if (increased && (pt != null || !throughputGiven.isEmpty())) {
                t.lastIncreaseMillis = Math.max(done, t.lastIncreaseMillis + 1);
            }
            if (decreased) {
                t.lastDecreaseMillis = Math.max(done, t.lastDecreaseMillis + 1);
                t.decreasesToday.incrementAndGet();
            }
        });
        ObjectNode before = Descriptions.table(t, false);
        before.put("TableStatus", "UPDATING");
        apply.add(() -> t.gate.reconfigure(t.capacityConfig()));
        if (lifecycle > 0) {
            t.enter(LabTable.Status.UPDATING, now + lifecycle, () -> apply.forEach(Runnable::run));
        } else {
            apply.forEach(Runnable::run);
        }
        return (ObjectNode) F.objectNode().set("TableDescription", before);
    }

    private static String keyNames(JsonNode schema) {
        List<String> names = new ArrayList<>();
        schema.forEach(k -> names.add(k.get("AttributeName").asText()));
        return names.toString();
    }

    private static IndexDef gsi(LabTable t, String name) {
        IndexDef index = t.globalIndexes.get(name);
        if (index == null) {
            throw LabException.notFound(
                    "Requested resource not found: Index: " + name + " not found for table: " + t.name);
        }
        return index;
    }

    /** A new stream for the table's current specification (caller holds the table's write lock). */
    private Void enableStream(LabTable t) {
        t.stream = engine.streams()
                .create(
                        t.arn,
                        t.name,
                        t.key.partitionKey(),
                        t.key.sortKey(),
                        dev.partitionscope.lab.streams.LabStream.ViewType.valueOf(
                                t.streamSpecification.get("StreamViewType").asText()),
                        t.streamPartitions());
        return null;
    }

    /**
     * A stream specification as DynamoDB accepts it: a view type exactly when enabling; no second stream while one
     * is enabled, and (UpdateTable) nothing to disable when none is.
     */
    private static JsonNode checkedStream(JsonNode spec, JsonNode current, String table, boolean update) {
        boolean enabled = spec.get("StreamEnabled").booleanValue();
        if (enabled && !spec.has("StreamViewType")) {
            throw LabException.validation(INVALID + "Stream view type must be specified when stream is enabled");
        }
        if (!enabled && spec.has("StreamViewType")) {
            throw LabException.validation(INVALID + "Stream view type can only be specified when stream is enabled");
        }
        if (enabled && current != null) {
            throw LabException.validation("Table already has an enabled stream: TableName: " + table);
        }
        if (!enabled && current == null && update) {
            throw LabException.validation("Table has no stream to disable: TableName: " + table);
        }
        return enabled ? spec : null;
    }

    private static LabException unchanged(long currentRead, long currentWrite, long read, long write) {
        return LabException.validation("The provisioned throughput for the table will not change. The requested value"
                + " equals the current value. Current ReadCapacityUnits provisioned for the table: " + currentRead
                + ". Requested ReadCapacityUnits: " + read + ". Current WriteCapacityUnits provisioned for the table: "
                + currentWrite + ". Requested WriteCapacityUnits: " + write + ". Refer to the Amazon DynamoDB"
                + " Developer Guide for current limits and how to request higher limits.");
    }

    private static Iterable<JsonNode> iterable(JsonNode list) {
        return list == null ? List.of() : list;
    }
}
