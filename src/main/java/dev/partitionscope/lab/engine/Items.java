package dev.partitionscope.lab.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.item.ItemSize;
import dev.partitionscope.core.table.KeyType;
import dev.partitionscope.lab.api.RequestExpressions;
import dev.partitionscope.lab.expr.AttributeUpdates;
import dev.partitionscope.lab.meter.RequestRecord;
import dev.partitionscope.lab.partition.Decision;
import dev.partitionscope.lab.wire.AttrJson;
import dev.partitionscope.lab.wire.LabException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Validation, metering and response pieces shared by the item operations. */
final class Items {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private Items() {}

    /**
     * An item to store, checked as DynamoDB does against the table: key attributes present, of their declared types,
     * not empty and within the key size limits; index key attributes of their declared types.
     */
    static void validateItem(LabTable t, Map<String, AttrValue> item) {
        checkKeyAttr(item, t.key.partitionKey(), t.key.partitionType(), true);
        if (t.key.hasSortKey()) {
            checkKeyAttr(item, t.key.sortKey(), t.key.sortType(), false);
        }
        checkIndexKeyTypes(t, item);
    }

    /**
     * An item put by a batch or a transaction: checked as {@link #validateItem}, but DynamoDB words a missing or
     * mistyped key attribute there as a key that does not match the schema.
     */
    static void validateItemInBatch(LabTable t, Map<String, AttrValue> item) {
        try {
            validateItem(t, item);
        } catch (LabException e) {
            String m = e.getMessage();
            throw m.contains("Missing the key") || m.contains("Type mismatch for key")
                    ? LabException.validation("The provided key element does not match the schema")
                    : e;
        }
    }

    /**
     * An item after an update: index key attributes of their declared types (DynamoDB words a type the update
     * expression computed differently from one it could see in the request), within 400 KB. Answers the item's size.
     */
    static long validateUpdatedItem(LabTable t, Map<String, AttrValue> item, boolean expression) {
        try {
            checkIndexKeyTypes(t, item);
        } catch (LabException e) {
            if (expression && e.getMessage().contains("Type mismatch for Index Key")) {
                throw LabException.validation(
                        "The update expression attempted to update the secondary index key to" + " unsupported type");
            }
            throw e;
        }
        long size = ItemSize.of(item);
        if (size > ItemOps.MAX_ITEM_BYTES) {
            throw ItemOps.tooLarge();
        }
        return size;
    }

    private static void checkIndexKeyTypes(LabTable t, Map<String, AttrValue> item) {
        List<IndexDef> indexes = t.allIndexes();
        for (IndexDef index : indexes) {
            List<String> attrs = index.global()
                    ? java.util.Arrays.asList(
                            index.key().partitionKey(), index.key().sortKey())
                    : java.util.Collections.singletonList(index.key().sortKey());
            for (String attr : attrs) {
                if (attr == null || !item.containsKey(attr)) {
                    continue;
                }
                var type = attr.equals(index.key().partitionKey())
                        ? index.key().partitionType()
                        : index.key().sortType();
                AttrValue v = item.get(attr);
                if (!KeyDef.typed(v, type)) {
                    throw LabException.validation("One or more parameter values were invalid: Type mismatch for Index"
                            + " Key " + attr + " Expected: " + type.name() + " Actual: "
                            + v.type().name()
                            + " IndexName: " + index.name());
                }
                if (isEmpty(v)) {
                    throw LabException.validation("One or more parameter values are not valid. A value specified for"
                            + " a secondary index key is not supported. The AttributeValue for a key attribute cannot"
                            + " contain an empty " + (v.type() == AttrValue.Type.S ? "string" : "binary")
                            + " value. IndexName: " + index.name() + ", IndexKey: " + attr);
                }
            }
        }
    }

    private static void checkKeyAttr(Map<String, AttrValue> item, String name, KeyType type, boolean hash) {
        AttrValue v = item.get(name);
        if (v == null) {
            throw LabException.validation(
                    "One or more parameter values were invalid: Missing the key " + name + " in the item");
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
        checkKeySize(v, hash);
    }

    /** DynamoDB's key size limits: 2,048 bytes for a partition key, 1,024 for a sort key (UTF-8 or binary). */
    private static void checkKeySize(AttrValue v, boolean hash) {
        long size = v instanceof AttrValue.S s
                ? ItemSize.utf8Length(s.value())
                : v instanceof AttrValue.B b ? b.value().length : 0;
        if (hash && size > 2048) {
            throw LabException.validation("One or more parameter values were invalid: Size of hashkey has exceeded the"
                    + " maximum size limit of2048 bytes");
        }
        if (!hash && size > 1024) {
            throw LabException.validation("One or more parameter values were invalid: Aggregated size of all range keys"
                    + " has exceeded the size limit of 1024 bytes");
        }
    }

    private static boolean isEmpty(AttrValue v) {
        return (v instanceof AttrValue.S s && s.value().isEmpty())
                || (v instanceof AttrValue.B b && b.value().length == 0);
    }

    /**
     * A Key parameter checked against the table's key schema, in DynamoDB's order: the number of attributes, then
     * each key attribute's presence and type, emptiness and size.
     */
    static Map<String, AttrValue> key(LabTable t, JsonNode node) {
        Map<String, AttrValue> key = AttrJson.item(node, "key");
        checkKey(key, t.key, "");
        return key;
    }

    /** Checks a key against a schema; {@code prefix} goes before each message (start keys). */
    static void checkKey(Map<String, AttrValue> key, KeyDef schema, String prefix) {
        int expected = schema.hasSortKey() ? 2 : 1;
        if (key.size() != expected) {
            throw LabException.validation(prefix + "The provided key element does not match the schema");
        }
        checkKeyPiece(key, schema.partitionKey(), schema.partitionType(), true, prefix);
        if (schema.hasSortKey()) {
            checkKeyPiece(key, schema.sortKey(), schema.sortType(), false, prefix);
        }
    }

    static void checkKeyPiece(Map<String, AttrValue> key, String name, KeyType type, boolean hash, String prefix) {
        AttrValue v = key.get(name);
        if (!KeyDef.typed(v, type)) {
            throw LabException.validation(prefix + "The provided key element does not match the schema");
        }
        if (isEmpty(v)) {
            throw LabException.validation(prefix + "One or more parameter values were invalid: The AttributeValue for"
                    + " a key attribute cannot contain an empty " + (v.type() == AttrValue.Type.S ? "string" : "binary")
                    + " value. Key: " + name);
        }
        try {
            checkKeySize(v, hash);
        } catch (LabException e) {
            throw prefix.isEmpty() ? e : LabException.validation(prefix + e.getMessage());
        }
    }

    /** A projection (or filter) may not reach inside a key attribute: key attributes are scalars. */
    static void checkKeyPaths(LabTable t, Set<String> nestedHeads) {
        if (nestedHeads.isEmpty()) {
            return;
        }
        for (String key : new String[] {t.key.partitionKey(), t.key.sortKey()}) {
            if (key != null && nestedHeads.contains(key)) {
                throw LabException.validation("Key attributes must be scalars; list random access '[]' and map lookup"
                        + " '.' are not allowed: Key: " + key);
            }
        }
        for (IndexDef index : t.allIndexes()) {
            for (String key :
                    new String[] {index.key().partitionKey(), index.key().sortKey()}) {
                if (key != null && nestedHeads.contains(key)) {
                    throw LabException.validation("Key attributes must be scalars; list random access '[]' and map"
                            + " lookup '.' are not allowed: IndexKey: " + key);
                }
            }
        }
    }

    /**
     * An update checked against the table before the item is read: no key attribute written, index key attributes
     * written with their declared types, no path into a key attribute.
     */
    static void checkUpdate(LabTable t, RequestExpressions ex) {
        Set<String> written;
        Map<String, AttrValue.Type> types = new LinkedHashMap<>();
        Set<String> nested = Set.of();
        if (ex.updateExpression() != null) {
            written = ex.updateExpression().updatedAttributeNames();
            types.putAll(ex.updateExpression().topLevelTypes());
            nested = ex.updateExpression().nestedHeads();
        } else if (ex.attributeUpdates() != null) {
            written = ex.attributeUpdates().attributeNames();
            for (AttributeUpdates.Action a : ex.attributeUpdates().actions()) {
                if (a.value() != null) {
                    types.put(a.attribute(), a.value().type());
                }
            }
        } else {
            return;
        }
        for (String key : new String[] {t.key.partitionKey(), t.key.sortKey()}) {
            if (key != null && written.contains(key)) {
                throw LabException.validation("One or more parameter values were invalid: Cannot update attribute "
                        + key + ". This attribute is part of the key");
            }
        }
        for (IndexDef index : t.allIndexes()) {
            for (String attr :
                    new String[] {index.key().partitionKey(), index.key().sortKey()}) {
                AttrValue.Type actual = attr == null ? null : types.get(attr);
                if (actual == null) {
                    continue;
                }
                KeyType expected = attr.equals(index.key().partitionKey())
                        ? index.key().partitionType()
                        : index.key().sortType();
                if (!actual.name().equals(expected.name())) {
                    throw LabException.validation("One or more parameter values were invalid: Type mismatch for Index"
                            + " Key " + attr + " Expected: " + expected.name() + " Actual: " + actual.name()
                            + " IndexName: " + index.name());
                }
            }
        }
        checkKeyPaths(t, nested);
    }

    static RequestOptions.ConsumedCapacity returnConsumedCapacity(JsonNode req) {
        return RequestOptions.ConsumedCapacity.of(req);
    }

    static LabException conditionFailed(Map<String, AttrValue> old) {
        JsonNode extra = old == null ? null : F.objectNode().set("Item", AttrJson.toJson(old));
        return LabException.conditionFailed(extra);
    }

    /** Reports the request to the meter and, when the model refused it, throws the throttle. */
    static void meterAndThrow(
            LabEngine engine,
            LabTable t,
            String index,
            String operation,
            Map<String, AttrValue> key,
            Decision d,
            double readUnits,
            double writeUnits,
            List<RequestRecord.IndexUnits> gsiWrites,
            long startNanos,
            int returned) {
        String pk = key == null ? null : keyString(key.get(t.key.partitionKey()));
        String sk = key == null || !t.key.hasSortKey() ? null : keyString(key.get(t.key.sortKey()));
        meterAndThrow(engine, t, index, operation, pk, sk, d, readUnits, writeUnits, gsiWrites, startNanos, returned);
    }

    /** As above with the key already in Contributor Insights' string form (e.g. a GSI's partition key). */
    static void meterAndThrow(
            LabEngine engine,
            LabTable t,
            String index,
            String operation,
            String pk,
            String sk,
            Decision d,
            double readUnits,
            double writeUnits,
            List<RequestRecord.IndexUnits> gsiWrites,
            long startNanos,
            int returned) {
        record(engine, t, index, operation, pk, sk, d, readUnits, writeUnits, gsiWrites, startNanos, returned, false);
        if (!d.allowed()) {
            throw LabException.throttled(d.exceptionName(), d.reasons());
        }
    }

    /** One item of a batch: metered as an item (the call is recorded once per table afterwards). */
    static boolean meterBatchItem(
            LabEngine engine,
            LabTable t,
            String operation,
            Map<String, AttrValue> key,
            Decision d,
            double readUnits,
            double writeUnits,
            List<RequestRecord.IndexUnits> gsiWrites,
            long startNanos,
            int returned) {
        String pk = keyString(key.get(t.key.partitionKey()));
        String sk = t.key.hasSortKey() ? keyString(key.get(t.key.sortKey())) : null;
        record(engine, t, null, operation, pk, sk, d, readUnits, writeUnits, gsiWrites, startNanos, returned, true);
        return d.allowed();
    }

    private static void record(
            LabEngine engine,
            LabTable t,
            String index,
            String operation,
            String pk,
            String sk,
            Decision d,
            double readUnits,
            double writeUnits,
            List<RequestRecord.IndexUnits> gsiWrites,
            long startNanos,
            int returned,
            boolean batchItem) {
        List<RequestRecord.IndexUnits> indexUnits = d.allowed() ? gsiWrites : List.of();
        RequestRecord r = new RequestRecord(
                t.name,
                index,
                operation,
                pk,
                sk,
                d.allowed() ? readUnits : 0,
                d.allowed() ? writeUnits : 0,
                indexUnits,
                d.reasons(),
                System.nanoTime() - startNanos,
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

    static void addWriteCapacity(
            ObjectNode out, LabTable t, RequestOptions.ConsumedCapacity rcc, ItemOps.WriteCost cost) {
        if (!rcc.wanted()) {
            return;
        }
        ObjectNode c = out.putObject("ConsumedCapacity");
        c.put("CapacityUnits", cost.totalUnits());
        c.put("TableName", t.name);
        if (rcc == RequestOptions.ConsumedCapacity.INDEXES) {
            c.putObject("Table")
                    .put("CapacityUnits", cost.tableUnits() - cost.effect().lsiWriteUnits());
            if (!cost.effect().gsiUnitsByName().isEmpty()) {
                ObjectNode g = c.putObject("GlobalSecondaryIndexes");
                cost.effect().gsiUnitsByName().forEach((name, units) -> g.putObject(name)
                        .put("CapacityUnits", units));
            }
            if (!cost.effect().lsiUnitsByName().isEmpty()) {
                ObjectNode l = c.putObject("LocalSecondaryIndexes");
                cost.effect().lsiUnitsByName().forEach((name, units) -> l.putObject(name)
                        .put("CapacityUnits", units));
            }
        }
    }

    /**
     * Read capacity: {@code tableUnits} read from the table, {@code indexUnits} from {@code index} (null when the
     * read used no index; a local index read may fetch from the table too).
     */
    static void addReadCapacity(
            ObjectNode out,
            LabTable t,
            RequestOptions.ConsumedCapacity rcc,
            double tableUnits,
            double indexUnits,
            IndexDef index) {
        if (!rcc.wanted()) {
            return;
        }
        ObjectNode c = out.putObject("ConsumedCapacity");
        c.put("CapacityUnits", tableUnits + indexUnits);
        c.put("TableName", t.name);
        if (rcc == RequestOptions.ConsumedCapacity.INDEXES) {
            c.putObject("Table").put("CapacityUnits", tableUnits);
            if (index != null) {
                c.putObject(index.global() ? "GlobalSecondaryIndexes" : "LocalSecondaryIndexes")
                        .putObject(index.name())
                        .put("CapacityUnits", indexUnits);
            }
        }
    }

    /**
     * ReturnItemCollectionMetrics SIZE, on a table with local secondary indexes: the item collection's key and an
     * estimate of its size in GB (the collection's items and their index entries), as a [lower, upper] range.
     */
    static void addItemCollectionMetrics(ObjectNode out, LabTable t, boolean wanted, Map<String, AttrValue> key) {
        if (wanted && !t.localIndexes.isEmpty()) {
            out.set("ItemCollectionMetrics", itemCollectionMetrics(t, key));
        }
    }

    /** One item collection's metrics: its key and its size estimate in GB (items plus local index entries). */
    static ObjectNode itemCollectionMetrics(LabTable t, Map<String, AttrValue> key) {
        AttrValue pk = key.get(t.key.partitionKey());
        long bytes = 0;
        for (Map<String, AttrValue> item : t.base.partitionItems(pk).values()) {
            bytes += StoredItem.sizeOf(item);
        }
        for (IndexDef index : t.localIndexes.values()) {
            for (Map<String, AttrValue> entry :
                    t.indexStores.get(index.name()).partitionItems(pk).values()) {
                bytes += StoredItem.sizeOf(entry);
            }
        }
        double gb = bytes / (1024.0 * 1024 * 1024);
        ObjectNode m = F.objectNode();
        m.putObject("ItemCollectionKey").set(t.key.partitionKey(), AttrJson.toJson(pk));
        m.putArray("SizeEstimateRangeGB").add(Math.floor(gb)).add(Math.floor(gb) + 1);
        return m;
    }
}
