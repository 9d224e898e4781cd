package dev.partitionscope.lab.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.item.Capacity;
import dev.partitionscope.core.item.ItemSize;
import dev.partitionscope.lab.api.DynamoDbApi.ApiRequest;
import dev.partitionscope.lab.api.RequestExpressions;
import dev.partitionscope.lab.partition.Charge;
import dev.partitionscope.lab.partition.Decision;
import dev.partitionscope.lab.wire.AttrJson;
import dev.partitionscope.lab.wire.LabException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * PutItem, GetItem, DeleteItem, UpdateItem on requests DynamoDbApi has checked: the table's own checks (key schema,
 * key sizes, index key types), then decide, charge and apply under the table's lock. Conditions come from either
 * ConditionExpression or the legacy Expected, updates from UpdateExpression or AttributeUpdates, projections from
 * ProjectionExpression or AttributesToGet — one path for both forms.
 */
final class ItemOps {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    static final long MAX_ITEM_BYTES = 400 * 1024;

    private final LabEngine engine;

    ItemOps(LabEngine engine) {
        this.engine = engine;
    }

    ObjectNode put(ApiRequest r) {
        long start = System.nanoTime();
        JsonNode d = r.data();
        LabTable t = engine.activeTable(d.get("TableName").asText());
        RequestExpressions ex = r.expressions();
        Map<String, AttrValue> item = ex.item(d.get("Item"));
        Items.validateItem(t, item);
        long size = ex.itemSize();
        return replace(
                t,
                r.meteredAs(),
                t.key.keyOf(item),
                item,
                size >= 0 ? size : ItemSize.of(item),
                WriteOptions.of(d, ex),
                start);
    }

    ObjectNode get(ApiRequest r) {
        long start = System.nanoTime();
        JsonNode d = r.data();
        LabTable t = engine.activeTable(d.get("TableName").asText());
        Map<String, AttrValue> key = Items.key(t, d.get("Key"));
        RequestExpressions ex = r.expressions();
        Items.checkKeyPaths(t, ex.projectedNestedHeads());
        boolean consistent = d.path("ConsistentRead").asBoolean(false);
        RequestOptions.ConsumedCapacity rcc = Items.returnConsumedCapacity(d);
        Map<String, AttrValue> item = t.read(() -> t.get(key));
        double units = Capacity.readUnits(item == null ? 0 : StoredItem.sizeOf(item), consistent);
        Decision decision = t.gate.acquire(Charge.read(null, t.hashOf(key), units));
        Items.meterAndThrow(
                engine, t, null, r.meteredAs(), key, decision, units, 0, List.of(), start, item == null ? 0 : 1);
        ObjectNode out = F.objectNode();
        if (item != null) {
            out.set("Item", AttrJson.toJson(ex.project(item)));
        }
        Items.addReadCapacity(out, t, rcc, units, 0, null);
        return out;
    }

    ObjectNode delete(ApiRequest r) {
        long start = System.nanoTime();
        JsonNode d = r.data();
        LabTable t = engine.activeTable(d.get("TableName").asText());
        Map<String, AttrValue> key = Items.key(t, d.get("Key"));
        return replace(t, r.meteredAs(), key, null, 0, WriteOptions.of(d, r.expressions()), start);
    }

    ObjectNode update(ApiRequest r) {
        long start = System.nanoTime();
        JsonNode d = r.data();
        LabTable t = engine.activeTable(d.get("TableName").asText());
        Map<String, AttrValue> key = Items.key(t, d.get("Key"));
        RequestExpressions ex = r.expressions();
        Items.checkUpdate(t, ex);
        WriteOptions options = WriteOptions.of(d, ex);
        Set<String> keyNames =
                t.key.hasSortKey() ? Set.of(t.key.partitionKey(), t.key.sortKey()) : Set.of(t.key.partitionKey());
        StoreKey.Partition partition = t.partitionOf(key);
        long hash = t.hashOf(key);
        Written written = t.write(() -> {
            Map<String, AttrValue> old = t.get(partition, key);
            // The condition comes first: when it fails, that is the answer, even if the update could not have been
            // applied to the item (DynamoDB's order).
            checkCondition(t, r.meteredAs(), key, WriteCost.of(t, old, null, 0), start, options, old);
            Map<String, AttrValue> base = old == null ? new LinkedHashMap<>(key) : old;
            Map<String, AttrValue> item = ex.hasUpdate() ? new LinkedHashMap<>(ex.applyUpdate(base, keyNames)) : base;
            long size = Items.validateUpdatedItem(t, item, ex.updateExpression() != null);
            WriteCost cost = WriteCost.of(t, old, item, size);
            Decision decision = decide(t, hash, cost);
            if (!decision.allowed()) {
                return new Written(null, cost, decision);
            }
            t.apply(old, item, key, cost.oldSize(), cost.newSize(), partition);
            engine.written(t, key);
            ObjectNode out = F.objectNode();
            Map<String, AttrValue> attributes =
                    switch (options.returnValues()) {
                        case ALL_OLD -> old;
                        case ALL_NEW -> item;
                        // Only the written paths, nested as in the item ("SET m.a" returns {m: {a}}, not all of m).
                        case UPDATED_OLD -> old == null ? null : ex.updatedValues(old);
                        case UPDATED_NEW -> ex.updatedValues(item);
                        default -> null;
                    };
            if (attributes != null && !attributes.isEmpty()) {
                out.set("Attributes", AttrJson.toJson(attributes));
            }
            Items.addWriteCapacity(out, t, options.rcc(), cost);
            Items.addItemCollectionMetrics(out, t, options.collectionMetrics(), key);
            return new Written(out, cost, decision);
        });
        return meter(t, r.meteredAs(), key, written, start);
    }

    /**
     * PutItem ({@code item} non-null, {@code size} its size) and DeleteItem ({@code item} null): condition, charge and
     * apply under the table's write lock, answering the old item for ReturnValues ALL_OLD. What can be done before the
     * lock is: the partition's digest and hash; the meter records the write after it.
     */
    private ObjectNode replace(
            LabTable t,
            String operation,
            Map<String, AttrValue> key,
            Map<String, AttrValue> item,
            long size,
            WriteOptions options,
            long start) {
        StoreKey.Partition partition = t.partitionOf(key);
        long hash = t.hashOf(key);
        Written written = t.write(() -> {
            Map<String, AttrValue> old = t.get(partition, key);
            WriteCost cost = WriteCost.of(t, old, item, size);
            checkCondition(t, operation, key, cost, start, options, old);
            Decision decision = decide(t, hash, cost);
            if (!decision.allowed()) {
                return new Written(null, cost, decision);
            }
            if (item != null || old != null) {
                t.apply(old, item, key, cost.oldSize(), cost.newSize(), partition);
            }
            engine.written(t, key);
            ObjectNode out = F.objectNode();
            if (options.returnValues() == RequestOptions.ReturnValues.ALL_OLD && old != null) {
                out.set("Attributes", AttrJson.toJson(old));
            }
            Items.addWriteCapacity(out, t, options.rcc(), cost);
            Items.addItemCollectionMetrics(out, t, options.collectionMetrics(), key);
            return new Written(out, cost, decision);
        });
        return meter(t, operation, key, written, start);
    }

    /** A write's outcome under the lock: its answer (null when the model refused it), cost and the model's decision. */
    private record Written(ObjectNode out, WriteCost cost, Decision decision) {}

    /** The settings every conditional write shares: ReturnValues, capacity and collection reporting, condition. */
    private record WriteOptions(
            RequestOptions.ReturnValues returnValues,
            RequestOptions.ConsumedCapacity rcc,
            boolean collectionMetrics,
            boolean oldOnFailure,
            RequestExpressions expressions) {
        static WriteOptions of(JsonNode d, RequestExpressions ex) {
            return new WriteOptions(
                    RequestOptions.ReturnValues.of(d),
                    Items.returnConsumedCapacity(d),
                    "SIZE".equals(d.path("ReturnItemCollectionMetrics").asText(null)),
                    "ALL_OLD"
                            .equals(d.path("ReturnValuesOnConditionCheckFailure")
                                    .asText(null)),
                    ex);
        }
    }

    /** A failed condition still costs write capacity and answers ConditionalCheckFailedException. */
    private void checkCondition(
            LabTable t,
            String operation,
            Map<String, AttrValue> key,
            WriteCost cost,
            long start,
            WriteOptions options,
            Map<String, AttrValue> old) {
        RequestExpressions ex = options.expressions();
        if (ex.hasCondition() && !ex.conditionHolds(old == null ? Map.of() : old)) {
            chargeFailedCondition(t, operation, key, cost, start);
            throw Items.conditionFailed(options.oldOnFailure() ? old : null);
        }
    }

    /** Charges the write (under the table's lock): the model's decision, which changes nothing when it refuses. */
    private static Decision decide(LabTable t, long hash, WriteCost cost) {
        return t.gate.acquire(
                Charge.write(hash, cost.tableUnits(), cost.effect().gsiWrites()));
    }

    /**
     * Meters a write decided under the lock, after the lock (the meter has its own), and answers it: its answer, or
     * the throttle when the model refused it.
     */
    private ObjectNode meter(LabTable t, String operation, Map<String, AttrValue> key, Written w, long start) {
        Items.meterAndThrow(
                engine,
                t,
                null,
                operation,
                key,
                w.decision(),
                0,
                w.cost().tableUnits(),
                w.cost().effect().metered(),
                start,
                0);
        return w.out();
    }

    /** A failed condition still consumes write capacity (of the item as it is), and can itself be throttled. */
    private void chargeFailedCondition(
            LabTable t, String operation, Map<String, AttrValue> key, WriteCost cost, long start) {
        double units = Capacity.writeUnits(cost.oldSize());
        Decision d = t.gate.acquire(Charge.write(t.hashOf(key), units, null));
        Items.meterAndThrow(engine, t, null, operation, key, d, 0, units, List.of(), start, 0);
    }

    /**
     * The capacity a write consumes: the larger of the item before and after, plus index writes. The sizes (0 for an
     * absent item) go on to the store, which need not measure the items again.
     */
    record WriteCost(double tableUnits, long oldSize, long newSize, LabTable.IndexEffect effect) {
        static WriteCost of(LabTable t, Map<String, AttrValue> old, Map<String, AttrValue> next) {
            return of(t, old, next, next == null ? 0 : StoredItem.sizeOf(next));
        }

        /** {@code nextSize}: the size of {@code next}, measured by the caller (0 when next is null). */
        static WriteCost of(LabTable t, Map<String, AttrValue> old, Map<String, AttrValue> next, long nextSize) {
            long oldSize = old == null ? 0 : StoredItem.sizeOf(old);
            long newSize = next == null ? 0 : nextSize;
            LabTable.IndexEffect effect = t.indexEffect(old, next);
            double units = Capacity.writeUnits(Math.max(oldSize, newSize)) + effect.lsiWriteUnits();
            return new WriteCost(units, oldSize, newSize, effect);
        }

        double totalUnits() {
            if (effect.gsiUnitsByName().isEmpty()) {
                return tableUnits;
            }
            return tableUnits
                    + effect.gsiUnitsByName().values().stream()
                            .mapToDouble(Double::doubleValue)
                            .sum();
        }
    }

    static LabException tooLarge() {
        return LabException.validation("Item size to update has exceeded the maximum allowed size");
    }
}
