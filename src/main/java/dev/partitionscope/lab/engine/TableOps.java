package dev.partitionscope.lab.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.partitionscope.core.table.KeyType;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/** CreateTable, DescribeTable, ListTables, UpdateTable, DeleteTable. */
final class TableOps {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    static final int MAX_GSIS = 20;
    static final int MAX_LSIS = 5;

    private final LabEngine engine;

    TableOps(LabEngine engine) {
        this.engine = engine;
    }

    ObjectNode create(JsonNode req) {
        String name = Req.tableName(req);
        Map<String, KeyType> types = attributeDefinitions(req);
        KeyDef key = keySchema(req.get("KeySchema"), "keySchema", types);
        String billing = Req.optEnum(req, "BillingMode", "billingMode", "PROVISIONED", "PAY_PER_REQUEST");
        boolean onDemand = "PAY_PER_REQUEST".equals(billing);
        double[] throughput = throughput(req.get("ProvisionedThroughput"), onDemand, "");
        LabTable t = new LabTable(name, engine.tableArn(name), key, types, engine.clock().epochMillis());
        t.onDemand = onDemand;
        t.readUnits = throughput[0];
        t.writeUnits = throughput[1];
        double[] max = onDemandMax(req.get("OnDemandThroughput"));
        t.maxReadUnits = max[0];
        t.maxWriteUnits = max[1];
        Set<String> used = new LinkedHashSet<>(List.of(key.partitionKey()));
        if (key.hasSortKey()) {
            used.add(key.sortKey());
        }
        JsonNode lsis = req.get("LocalSecondaryIndexes");
        if (lsis != null && !lsis.isNull()) {
            if (!key.hasSortKey()) {
                throw LabException.validation("One or more parameter values were invalid: Table KeySchema does not"
                        + " have a range key, which is required when specifying a LocalSecondaryIndex");
            }
            if (lsis.size() > MAX_LSIS) {
                throw LabException.validation("One or more parameter values were invalid: Number of"
                        + " LocalSecondaryIndexes exceeds per-table limit of " + MAX_LSIS);
            }
            for (JsonNode l : lsis) {
                IndexDef index = indexDef(t, l, false, types, onDemand);
                if (!index.key().partitionKey().equals(key.partitionKey())) {
                    throw LabException.validation("One or more parameter values were invalid: Index KeySchema does not"
                            + " have the same leading hash key as table KeySchema for index: " + index.name()
                            + ". index hash key: " + index.key().partitionKey() + ", table hash key: "
                            + key.partitionKey());
                }
                addIndex(t, index, used);
            }
        }
        JsonNode gsis = req.get("GlobalSecondaryIndexes");
        if (gsis != null && !gsis.isNull()) {
            if (gsis.size() > MAX_GSIS) {
                throw LabException.validation("One or more parameter values were invalid: GlobalSecondaryIndex count"
                        + " exceeds the per-table limit of " + MAX_GSIS);
            }
            for (JsonNode g : gsis) {
                addIndex(t, indexDef(t, g, true, types, onDemand), used);
            }
        }
        if (!used.containsAll(types.keySet()) || used.size() != types.size()) {
            Set<String> unused = new TreeSet<>(types.keySet());
            unused.removeAll(used);
            throw LabException.validation("One or more parameter values were invalid: Number of attributes in"
                    + " KeySchema does not exactly match number of attributes defined in AttributeDefinitions");
        }
        JsonNode stream = req.get("StreamSpecification");
        if (stream != null && stream.path("StreamEnabled").asBoolean(false)) {
            t.streamSpecification = stream;
        }
        String tableClass = Req.optEnum(req, "TableClass", "tableClass", "STANDARD", "STANDARD_INFREQUENT_ACCESS");
        if (tableClass != null) {
            t.tableClass = tableClass;
        }
        t.deletionProtection = Req.bool(req, "DeletionProtectionEnabled", false);
        engine.register(t);
        return (ObjectNode) F.objectNode().set("TableDescription", Descriptions.table(t, "CREATING"));
    }

    private void addIndex(LabTable t, IndexDef index, Set<String> used) {
        if (t.index(index.name()) != null) {
            throw LabException.validation("One or more parameter values were invalid: Duplicate index name: "
                    + index.name());
        }
        (index.global() ? t.globalIndexes : t.localIndexes).put(index.name(), index);
        t.indexStores.put(index.name(), new OrderedStore());
        used.add(index.key().partitionKey());
        if (index.key().hasSortKey()) {
            used.add(index.key().sortKey());
        }
    }

    private IndexDef indexDef(LabTable t, JsonNode node, boolean global, Map<String, KeyType> types,
                              boolean onDemand) {
        String name = Req.string(node, "IndexName", "indexName");
        if (name.length() < 3 || name.length() > 255) {
            throw LabException.validation("1 validation error detected: Value '" + name + "' at 'indexName' failed to"
                    + " satisfy constraint: Member must have length greater than or equal to 3");
        }
        KeyDef key = keySchema(node.get("KeySchema"), "keySchema", types);
        JsonNode projection = node.get("Projection");
        if (projection == null || projection.isNull()) {
            throw LabException.validation("1 validation error detected: Value null at 'projection' failed to satisfy"
                    + " constraint: Member must not be null");
        }
        String type = Req.optEnum(projection, "ProjectionType", "projectionType", "ALL", "KEYS_ONLY", "INCLUDE");
        Set<String> nonKey = new LinkedHashSet<>();
        JsonNode attrs = projection.get("NonKeyAttributes");
        if (attrs != null && attrs.isArray()) {
            attrs.forEach(a -> nonKey.add(a.asText()));
        }
        if (type == null) {
            type = nonKey.isEmpty() ? "ALL" : "INCLUDE";
        }
        if (!"INCLUDE".equals(type) && !nonKey.isEmpty()) {
            throw LabException.validation("One or more parameter values were invalid: ProjectionType is " + type
                    + ", but NonKeyAttributes is specified");
        }
        double[] throughput = global ? throughput(node.get("ProvisionedThroughput"), onDemand, " for index " + name)
                : new double[]{0, 0};
        String arn = t.arn + "/index/" + name;
        IndexDef index = new IndexDef(name, arn, global, key, type, nonKey, throughput[0], throughput[1]);
        if (global) {
            double[] max = onDemandMax(node.get("OnDemandThroughput"));
            index.maxReadUnits = max[0];
            index.maxWriteUnits = max[1];
        }
        return index;
    }

    private static Map<String, KeyType> attributeDefinitions(JsonNode req) {
        JsonNode defs = req.get("AttributeDefinitions");
        if (defs == null || defs.isNull()) {
            throw LabException.validation("1 validation error detected: Value null at 'attributeDefinitions' failed to"
                    + " satisfy constraint: Member must not be null");
        }
        Map<String, KeyType> types = new LinkedHashMap<>();
        for (JsonNode d : defs) {
            String name = Req.string(d, "AttributeName", "attributeDefinitions.member.attributeName");
            String type = Req.optEnum(d, "AttributeType", "attributeDefinitions.member.attributeType", "S", "N", "B");
            if (type == null) {
                throw LabException.validation("1 validation error detected: Value null at"
                        + " 'attributeDefinitions.member.attributeType' failed to satisfy constraint: Member must not"
                        + " be null");
            }
            if (types.put(name, KeyType.valueOf(type)) != null) {
                throw LabException.validation("Cannot have two attributes with the same name");
            }
        }
        return types;
    }

    static KeyDef keySchema(JsonNode schema, String member, Map<String, KeyType> types) {
        if (schema == null || schema.isNull() || !schema.isArray()) {
            throw LabException.validation("1 validation error detected: Value null at '" + member + "' failed to"
                    + " satisfy constraint: Member must not be null");
        }
        if (schema.size() < 1 || schema.size() > 2) {
            throw LabException.validation("1 validation error detected: Value '" + schema + "' at '" + member
                    + "' failed to satisfy constraint: Member must have length less than or equal to 2");
        }
        List<String> names = new ArrayList<>();
        List<String> kinds = new ArrayList<>();
        for (JsonNode e : schema) {
            names.add(Req.string(e, "AttributeName", member + ".member.attributeName"));
            kinds.add(Req.optEnum(e, "KeyType", member + ".member.keyType", "HASH", "RANGE"));
        }
        if (!"HASH".equals(kinds.get(0)) || schema.size() == 2 && !"RANGE".equals(kinds.get(1))) {
            throw LabException.validation("Invalid KeySchema: The first KeySchemaElement is not a HASH key type"
                    + (schema.size() == 2 ? " or the second is not a RANGE key type" : ""));
        }
        if (names.size() == 2 && names.get(0).equals(names.get(1))) {
            throw LabException.validation("Both the Hash Key and the Range Key element in the KeySchema have the same"
                    + " name");
        }
        for (String n : names) {
            if (!types.containsKey(n)) {
                throw LabException.validation("One or more parameter values were invalid: Some index key attributes"
                        + " are not defined in AttributeDefinitions. Keys: " + names + ", AttributeDefinitions: "
                        + types.keySet());
            }
        }
        return new KeyDef(names.get(0), types.get(names.get(0)), names.size() > 1 ? names.get(1) : null,
                names.size() > 1 ? types.get(names.get(1)) : null);
    }

    private static double[] throughput(JsonNode node, boolean onDemand, String where) {
        if (onDemand) {
            if (node != null && !node.isNull()) {
                throw LabException.validation("One or more parameter values were invalid: Neither ReadCapacityUnits"
                        + " nor WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST");
            }
            return new double[]{0, 0};
        }
        if (node == null || node.isNull()) {
            throw LabException.validation("One or more parameter values were invalid: ReadCapacityUnits and"
                    + " WriteCapacityUnits must both be specified when BillingMode is PROVISIONED");
        }
        long read = node.path("ReadCapacityUnits").asLong(0);
        long write = node.path("WriteCapacityUnits").asLong(0);
        if (read < 1 || write < 1) {
            throw LabException.validation("One or more parameter values were invalid: Provisioned throughput"
                    + where + " must be at least 1 read and 1 write capacity unit");
        }
        return new double[]{read, write};
    }

    private static double[] onDemandMax(JsonNode node) {
        if (node == null || node.isNull()) {
            return new double[]{-1, -1};
        }
        return new double[]{node.path("MaxReadRequestUnits").asDouble(-1), node.path("MaxWriteRequestUnits")
                .asDouble(-1)};
    }

    ObjectNode describe(JsonNode req) {
        LabTable t = engine.table(Req.tableName(req));
        t.lock.readLock().lock();
        try {
            return (ObjectNode) F.objectNode().set("Table", Descriptions.table(t, "ACTIVE"));
        } finally {
            t.lock.readLock().unlock();
        }
    }

    ObjectNode list(JsonNode req) {
        Integer limit = Req.optInt(req, "Limit", 1, 100, "limit");
        String start = Req.optString(req, "ExclusiveStartTableName");
        int max = limit == null ? 100 : limit;
        List<String> names = engine.tableNamesAfter(start, max + 1);
        ObjectNode out = F.objectNode();
        ArrayNode a = out.putArray("TableNames");
        names.stream().limit(max).forEach(a::add);
        if (names.size() > max) {
            out.put("LastEvaluatedTableName", names.get(max - 1));
        }
        return out;
    }

    ObjectNode delete(JsonNode req) {
        String name = Req.tableName(req);
        LabTable t = engine.table(name);
        if (t.deletionProtection) {
            throw LabException.validation("Resource cannot be deleted as it is currently protected against deletion."
                    + " Disable deletion protection first.");
        }
        ObjectNode description = Descriptions.table(t, "DELETING");
        engine.unregister(name);
        return (ObjectNode) F.objectNode().set("TableDescription", description);
    }

    ObjectNode update(JsonNode req) {
        LabTable t = engine.table(Req.tableName(req));
        t.lock.writeLock().lock();
        try {
            checkOneIndexChange(req.get("GlobalSecondaryIndexUpdates"));
            boolean changed = false;
            String billing = Req.optEnum(req, "BillingMode", "billingMode", "PROVISIONED", "PAY_PER_REQUEST");
            // Validate the billing mode and throughput before changing anything: a refused update changes nothing.
            boolean onDemandAfter = billing == null ? t.onDemand : billing.equals("PAY_PER_REQUEST");
            JsonNode pt = req.get("ProvisionedThroughput");
            double[] newThroughput = pt != null && !pt.isNull() ? throughput(pt, onDemandAfter, "") : null;
            if (newThroughput == null && billing != null && billing.equals("PROVISIONED")
                    && (t.onDemand || t.readUnits == 0)) {
                throw LabException.validation("One or more parameter values were invalid: ProvisionedThroughput must"
                        + " be specified when BillingMode is PROVISIONED");
            }
            if (billing != null && onDemandAfter != t.onDemand) {
                t.onDemand = onDemandAfter;
                t.lastBillingSwitchMillis = engine.clock().epochMillis();
                if (t.onDemand) {
                    t.readUnits = 0;
                    t.writeUnits = 0;
                }
                changed = true;
            }
            if (newThroughput != null) {
                t.readUnits = newThroughput[0];
                t.writeUnits = newThroughput[1];
                changed = true;
            }
            JsonNode odt = req.get("OnDemandThroughput");
            if (odt != null && !odt.isNull()) {
                double[] max = onDemandMax(odt);
                t.maxReadUnits = max[0];
                t.maxWriteUnits = max[1];
                changed = true;
            }
            if (req.has("DeletionProtectionEnabled")) {
                t.deletionProtection = Req.bool(req, "DeletionProtectionEnabled", false);
                changed = true;
            }
            if (req.has("StreamSpecification")) {
                JsonNode s = req.get("StreamSpecification");
                t.streamSpecification = s.path("StreamEnabled").asBoolean(false) ? s : null;
                changed = true;
            }
            String tableClass = Req.optEnum(req, "TableClass", "tableClass", "STANDARD", "STANDARD_INFREQUENT_ACCESS");
            if (tableClass != null) {
                t.tableClass = tableClass;
                changed = true;
            }
            JsonNode definitions = req.get("AttributeDefinitions");
            Map<String, KeyType> types = new LinkedHashMap<>(t.attributeTypes);
            if (definitions != null && !definitions.isNull()) {
                types.putAll(attributeDefinitions(req));
            }
            JsonNode updates = req.get("GlobalSecondaryIndexUpdates");
            if (updates != null && updates.isArray()) {
                for (JsonNode u : updates) {
                    changed |= gsiUpdate(t, u, types);
                }
            }
            if (!changed) {
                throw LabException.validation("At least one of ProvisionedThroughput, BillingMode, UpdateStreamEnabled,"
                        + " GlobalSecondaryIndexUpdates or SSESpecification or ReplicaUpdates is required");
            }
            t.gate.reconfigure(t.capacityConfig());
            return (ObjectNode) F.objectNode().set("TableDescription", Descriptions.table(t, "UPDATING"));
        } finally {
            t.lock.writeLock().unlock();
        }
    }

    /** DynamoDB creates or deletes one GSI at a time; refused before anything changes. */
    private static void checkOneIndexChange(JsonNode updates) {
        if (updates == null || !updates.isArray()) {
            return;
        }
        long createsOrDeletes = 0;
        for (JsonNode u : updates) {
            createsOrDeletes += u.has("Create") || u.has("Delete") ? 1 : 0;
        }
        if (createsOrDeletes > 1) {
            throw new LabException("LimitExceededException", "Subscriber limit exceeded: Only 1 online index can be"
                    + " created or deleted simultaneously per table");
        }
    }

    private boolean gsiUpdate(LabTable t, JsonNode u, Map<String, KeyType> types) {
        if (u.has("Update")) {
            JsonNode up = u.get("Update");
            String name = Req.string(up, "IndexName", "indexName");
            IndexDef index = t.globalIndexes.get(name);
            if (index == null) {
                throw LabException.notFound("Requested resource not found: Index: " + name + " not found for table: "
                        + t.name);
            }
            JsonNode pt = up.get("ProvisionedThroughput");
            if (pt != null && !pt.isNull()) {
                double[] v = throughput(pt, t.onDemand, " for index " + name);
                index.readUnits = v[0];
                index.writeUnits = v[1];
            }
            JsonNode odt = up.get("OnDemandThroughput");
            if (odt != null && !odt.isNull()) {
                double[] max = onDemandMax(odt);
                index.maxReadUnits = max[0];
                index.maxWriteUnits = max[1];
            }
            return true;
        }
        if (u.has("Create")) {
            if (t.globalIndexes.size() >= MAX_GSIS) {
                throw LabException.validation("One or more parameter values were invalid: GlobalSecondaryIndex count"
                        + " exceeds the per-table limit of " + MAX_GSIS);
            }
            IndexDef index = indexDef(t, u.get("Create"), true, types, t.onDemand);
            if (t.index(index.name()) != null) {
                throw LabException.validation("One or more parameter values were invalid: Index with name "
                        + index.name() + " already exists");
            }
            t.attributeTypes.putAll(types);
            t.globalIndexes.put(index.name(), index);
            t.backfill(index);
            return true;
        }
        if (u.has("Delete")) {
            String name = Req.string(u.get("Delete"), "IndexName", "indexName");
            if (t.globalIndexes.remove(name) == null) {
                throw LabException.notFound("Requested resource not found: Index: " + name + " not found for table: "
                        + t.name);
            }
            t.indexStores.remove(name);
            t.insights.remove(name);
            Set<String> stillUsed = new HashSet<>();
            stillUsed.add(t.key.partitionKey());
            stillUsed.add(t.key.sortKey());
            t.allIndexes().forEach(i -> {
                stillUsed.add(i.key().partitionKey());
                stillUsed.add(i.key().sortKey());
            });
            t.attributeTypes.keySet().retainAll(stillUsed);
            return true;
        }
        throw LabException.validation("One or more parameter values were invalid: GlobalSecondaryIndexUpdate needs"
                + " one of Create, Update or Delete");
    }
}
