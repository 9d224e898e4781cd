package dev.partitionscope.lab.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.item.ItemSize;
import dev.partitionscope.lab.meter.RequestRecord;
import dev.partitionscope.lab.partition.Decision;
import dev.partitionscope.lab.wire.AttrJson;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Validation, metering and response pieces shared by the item operations. */
final class Items {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private Items() {
    }

    /** An item to store: keys present with their declared types and non-empty, index keys typed, ≤ 400 KB. */
    static void validateItem(LabTable t, Map<String, AttrValue> item) {
        checkKeyAttr(item, t.key.partitionKey(), t.key.partitionType());
        if (t.key.hasSortKey()) {
            checkKeyAttr(item, t.key.sortKey(), t.key.sortType());
        }
        List<IndexDef> indexes;
        t.lock.readLock().lock(); // UpdateTable may be changing the indexes (a write-lock holder may take it too)
        try {
            indexes = t.allIndexes();
        } finally {
            t.lock.readLock().unlock();
        }
        for (IndexDef index : indexes) {
            for (String attr : new String[]{index.key().partitionKey(), index.key().sortKey()}) {
                if (attr == null || !item.containsKey(attr)) {
                    continue;
                }
                var type = attr.equals(index.key().partitionKey()) ? index.key().partitionType()
                        : index.key().sortType();
                AttrValue v = item.get(attr);
                if (!KeyDef.typed(v, type)) {
                    throw LabException.validation("One or more parameter values were invalid: Type mismatch for Index"
                            + " Key " + attr + " Expected: " + type.name() + " Actual: " + v.type().name()
                            + " IndexName: " + index.name());
                }
                if (isEmpty(v)) {
                    throw LabException.validation("One or more parameter values are not valid. A value specified for"
                            + " a secondary index key is not supported. The AttributeValue for a key attribute cannot"
                            + " contain an empty string value. IndexName: " + index.name() + ", IndexKey: " + attr);
                }
            }
        }
        if (ItemSize.of(item) > ItemOps.MAX_ITEM_BYTES) {
            throw LabException.validation("Item size has exceeded the maximum allowed size");
        }
    }

    private static void checkKeyAttr(Map<String, AttrValue> item, String name,
                                     dev.partitionscope.core.table.KeyType type) {
        AttrValue v = item.get(name);
        if (v == null) {
            throw LabException.validation("One or more parameter values were invalid: Missing the key " + name
                    + " in the item");
        }
        if (!KeyDef.typed(v, type)) {
            throw LabException.validation("One or more parameter values were invalid: Type mismatch for key " + name
                    + " expected: " + type.name() + " actual: " + v.type().name());
        }
        if (isEmpty(v)) {
            throw LabException.validation("One or more parameter values are not valid. The AttributeValue for a key"
                    + " attribute cannot contain an empty " + (v.type() == AttrValue.Type.S ? "string" : "binary")
                    + " value. Key: " + name);
        }
    }

    private static boolean isEmpty(AttrValue v) {
        return v instanceof AttrValue.S s && s.value().isEmpty() || v instanceof AttrValue.B b && b.value().length == 0;
    }

    /** A Key parameter: exactly the table's key attributes with their types. */
    static Map<String, AttrValue> key(LabTable t, JsonNode node) {
        if (node == null || node.isNull()) {
            throw LabException.validation("1 validation error detected: Value null at 'key' failed to satisfy"
                    + " constraint: Member must not be null");
        }
        Map<String, AttrValue> key = AttrJson.item(node, "key");
        int expected = t.key.hasSortKey() ? 2 : 1;
        if (key.size() != expected || !KeyDef.typed(key.get(t.key.partitionKey()), t.key.partitionType())
                || t.key.hasSortKey() && !KeyDef.typed(key.get(t.key.sortKey()), t.key.sortType())) {
            throw LabException.validation("The provided key element does not match the schema");
        }
        for (AttrValue v : key.values()) {
            if (isEmpty(v)) {
                throw LabException.validation("One or more parameter values are not valid. The AttributeValue for a"
                        + " key attribute cannot contain an empty string value. Key: " + t.key.partitionKey());
            }
        }
        return key;
    }

    static String returnConsumedCapacity(JsonNode req) {
        String v = Req.optEnum(req, "ReturnConsumedCapacity", "returnConsumedCapacity", "INDEXES", "TOTAL", "NONE");
        return v == null ? "NONE" : v;
    }

    /** The legacy AttributesToGet list, accepted for reads. */
    static Set<String> attributesToGet(JsonNode req) {
        JsonNode a = req.get("AttributesToGet");
        if (a == null || a.isNull()) {
            return null;
        }
        if (req.has("ProjectionExpression")) {
            throw LabException.validation("Can not use both expression and non-expression parameters in the same"
                    + " request: Non-expression parameters: {AttributesToGet} Expression parameters:"
                    + " {ProjectionExpression}");
        }
        Set<String> names = new LinkedHashSet<>();
        a.forEach(n -> names.add(n.asText()));
        return names;
    }

    static Map<String, AttrValue> select(Map<String, AttrValue> item, Set<String> names) {
        Map<String, AttrValue> out = new LinkedHashMap<>();
        for (String n : names) {
            AttrValue v = item.get(n);
            if (v != null) {
                out.put(n, v);
            }
        }
        return out;
    }

    static LabException conditionFailed(Map<String, AttrValue> old) {
        JsonNode extra = old == null ? null : F.objectNode().set("Item", AttrJson.toJson(old));
        return LabException.conditionFailed(extra);
    }

    /** Reports the request to the meter and, when the model refused it, throws the throttle. */
    static void meterAndThrow(LabEngine engine, LabTable t, String index, String operation,
                              Map<String, AttrValue> key, Decision d, double readUnits, double writeUnits,
                              List<RequestRecord.IndexUnits> gsiWrites, long startNanos, int returned) {
        String pk = key == null ? null : keyString(key.get(t.key.partitionKey()));
        String sk = key == null || !t.key.hasSortKey() ? null : keyString(key.get(t.key.sortKey()));
        meterAndThrow(engine, t, index, operation, pk, sk, d, readUnits, writeUnits, gsiWrites, startNanos, returned);
    }

    /** As above with the key already in Contributor Insights' string form (e.g. a GSI's partition key). */
    static void meterAndThrow(LabEngine engine, LabTable t, String index, String operation, String pk, String sk,
                              Decision d, double readUnits, double writeUnits, List<RequestRecord.IndexUnits> gsiWrites,
                              long startNanos, int returned) {
        record(engine, t, index, operation, pk, sk, d, readUnits, writeUnits, gsiWrites, startNanos, returned, false);
        if (!d.allowed()) {
            throw LabException.throttled(d.exceptionName(), d.reasons());
        }
    }

    /** One item of a batch: metered as an item (the call is recorded once per table afterwards). */
    static boolean meterBatchItem(LabEngine engine, LabTable t, String operation, Map<String, AttrValue> key,
                                  Decision d, double readUnits, double writeUnits, List<RequestRecord.IndexUnits> gsiWrites,
                                  long startNanos, int returned) {
        String pk = keyString(key.get(t.key.partitionKey()));
        String sk = t.key.hasSortKey() ? keyString(key.get(t.key.sortKey())) : null;
        record(engine, t, null, operation, pk, sk, d, readUnits, writeUnits, gsiWrites, startNanos, returned, true);
        return d.allowed();
    }

    private static void record(LabEngine engine, LabTable t, String index, String operation, String pk, String sk,
                               Decision d, double readUnits, double writeUnits, List<RequestRecord.IndexUnits> gsiWrites,
                               long startNanos, int returned, boolean batchItem) {
        List<RequestRecord.IndexUnits> indexUnits = d.allowed() ? gsiWrites : List.of();
        RequestRecord r = new RequestRecord(t.name, index, operation, pk, sk, d.allowed() ? readUnits : 0,
                d.allowed() ? writeUnits : 0, indexUnits, d.reasons(), System.nanoTime() - startNanos,
                d.allowed() ? returned : 0);
        if (batchItem) {
            engine.meter().recordItem(r);
        } else {
            engine.meter().record(r);
        }
    }

    static String keyString(AttrValue v) {
        return v == null ? null : AttrJson.keyString(v);
    }

    static void addWriteCapacity(ObjectNode out, LabTable t, String rcc, ItemOps.WriteCost cost) {
        if (rcc.equals("NONE")) {
            return;
        }
        ObjectNode c = out.putObject("ConsumedCapacity");
        c.put("TableName", t.name);
        c.put("CapacityUnits", cost.totalUnits());
        c.put("WriteCapacityUnits", cost.totalUnits());
        if (rcc.equals("INDEXES")) {
            c.putObject("Table").put("CapacityUnits", cost.tableUnits() - cost.effect().lsiWriteUnits())
                    .put("WriteCapacityUnits", cost.tableUnits() - cost.effect().lsiWriteUnits());
            if (!cost.effect().gsiUnitsByName().isEmpty()) {
                ObjectNode g = c.putObject("GlobalSecondaryIndexes");
                cost.effect().gsiUnitsByName().forEach((name, units) -> g.putObject(name).put("CapacityUnits", units)
                        .put("WriteCapacityUnits", units));
            }
            if (!cost.effect().lsiUnitsByName().isEmpty()) {
                ObjectNode l = c.putObject("LocalSecondaryIndexes");
                cost.effect().lsiUnitsByName().forEach((name, units) -> l.putObject(name).put("CapacityUnits", units)
                        .put("WriteCapacityUnits", units));
            }
        }
    }

    /** Read capacity; {@code index} non-null when a Query/Scan read an index (LSI or GSI). */
    static void addReadCapacity(ObjectNode out, LabTable t, String rcc, double units, IndexDef index) {
        if (rcc.equals("NONE")) {
            return;
        }
        ObjectNode c = out.putObject("ConsumedCapacity");
        c.put("TableName", t.name);
        c.put("CapacityUnits", units);
        c.put("ReadCapacityUnits", units);
        if (rcc.equals("INDEXES")) {
            if (index == null) {
                c.putObject("Table").put("CapacityUnits", units).put("ReadCapacityUnits", units);
            } else {
                c.putObject("Table").put("CapacityUnits", 0.0).put("ReadCapacityUnits", 0.0);
                c.putObject(index.global() ? "GlobalSecondaryIndexes" : "LocalSecondaryIndexes")
                        .putObject(index.name()).put("CapacityUnits", units).put("ReadCapacityUnits", units);
            }
        }
    }
}
