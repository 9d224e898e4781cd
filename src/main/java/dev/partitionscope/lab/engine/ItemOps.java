package dev.partitionscope.lab.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.item.Capacity;
import dev.partitionscope.core.item.ItemSize;
import dev.partitionscope.lab.partition.Charge;
import dev.partitionscope.lab.partition.Decision;
import dev.partitionscope.lab.wire.AttrJson;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/** PutItem, GetItem, DeleteItem, UpdateItem: decide, charge, apply under the table's lock. */
final class ItemOps {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    static final long MAX_ITEM_BYTES = 400 * 1024;

    private final LabEngine engine;

    ItemOps(LabEngine engine) {
        this.engine = engine;
    }

    ObjectNode put(JsonNode req) {
        long start = System.nanoTime();
        LabTable t = engine.table(Req.tableName(req));
        JsonNode itemNode = req.get("Item");
        if (itemNode == null || itemNode.isNull()) {
            throw LabException.validation("1 validation error detected: Value null at 'item' failed to satisfy"
                    + " constraint: Member must not be null");
        }
        Map<String, AttrValue> item = AttrJson.item(itemNode, "item");
        Items.validateItem(t, item);
        Expressions ex = Expressions.of(req);
        WriteOptions options = WriteOptions.of(req, ex, true);
        ex.checkAllUsed();

        return replace(t, "PutItem", t.key.keyOf(item), item, options, start);
    }

    ObjectNode get(JsonNode req) {
        long start = System.nanoTime();
        LabTable t = engine.table(Req.tableName(req));
        Map<String, AttrValue> key = Items.key(t, req.get("Key"));
        boolean consistent = Req.bool(req, "ConsistentRead", false);
        String rcc = Items.returnConsumedCapacity(req);
        Expressions ex = Expressions.of(req);
        var projection = ex.projection(Req.optString(req, "ProjectionExpression"));
        Set<String> attributesToGet = Items.attributesToGet(req);
        ex.checkAllUsed();

        t.lock.readLock().lock();
        Map<String, AttrValue> item;
        try {
            item = t.get(key);
        } finally {
            t.lock.readLock().unlock();
        }
        double units = Capacity.readUnits(item == null ? 0 : ItemSize.of(item), consistent);
        Decision d = t.gate.acquire(Charge.read(null, t.hashOf(key), units));
        Items.meterAndThrow(engine, t, null, "GetItem", key, d, units, 0, List.of(), start, item == null ? 0 : 1);
        ObjectNode out = F.objectNode();
        if (item != null) {
            Map<String, AttrValue> shown = projection != null ? projection.apply(item)
                    : attributesToGet != null ? Items.select(item, attributesToGet) : item;
            out.set("Item", AttrJson.toJson(shown));
        }
        Items.addReadCapacity(out, t, rcc, units, null);
        return out;
    }

    ObjectNode delete(JsonNode req) {
        long start = System.nanoTime();
        LabTable t = engine.table(Req.tableName(req));
        Map<String, AttrValue> key = Items.key(t, req.get("Key"));
        Expressions ex = Expressions.of(req);
        WriteOptions options = WriteOptions.of(req, ex, true);
        ex.checkAllUsed();

        return replace(t, "DeleteItem", key, null, options, start);
    }

    ObjectNode update(JsonNode req) {
        long start = System.nanoTime();
        LabTable t = engine.table(Req.tableName(req));
        Map<String, AttrValue> key = Items.key(t, req.get("Key"));
        Expressions ex = Expressions.of(req);
        WriteOptions options = WriteOptions.of(req, ex, false);
        Set<String> keyNames = t.key.hasSortKey() ? Set.of(t.key.partitionKey(), t.key.sortKey())
                : Set.of(t.key.partitionKey());
        Expressions.Update update = ex.update(Req.optString(req, "UpdateExpression"), keyNames);
        ex.checkAllUsed();

        t.lock.writeLock().lock();
        try {
            Map<String, AttrValue> old = t.get(key);
            // The condition comes first: when it fails, that is the answer, even if the update could not have been
            // applied to the item (DynamoDB's order, which dynalite follows too).
            checkCondition(t, "UpdateItem", key, WriteCost.of(t, old, null), start, options, old);
            Map<String, AttrValue> base = old == null ? new LinkedHashMap<>(key) : old;
            Expressions.Updated result = update == null ? new Expressions.Updated(base, Set.of())
                    : update.apply(base, keyNames);
            Map<String, AttrValue> item = result.item();
            Items.validateItem(t, item);
            WriteCost cost = WriteCost.of(t, old, item);
            admit(t, "UpdateItem", key, cost, start);
            t.apply(old, item, key);
            ObjectNode out = F.objectNode();
            Map<String, AttrValue> attributes = switch (options.returnValues()) {
                case "ALL_OLD" -> old;
                case "ALL_NEW" -> item;
                // Only the written paths, nested as in the item ("SET m.a" returns {m: {a}}, not all of m).
                case "UPDATED_OLD" -> old == null || update == null ? null : update.updatedValues(old);
                case "UPDATED_NEW" -> update == null ? null : update.updatedValues(item);
                default -> null;
            };
            if (attributes != null && !attributes.isEmpty()) {
                out.set("Attributes", AttrJson.toJson(attributes));
            }
            Items.addWriteCapacity(out, t, options.rcc(), cost);
            return out;
        } finally {
            t.lock.writeLock().unlock();
        }
    }

    /**
     * PutItem ({@code item} non-null) and DeleteItem ({@code item} null): condition, charge and apply under the
     * table's write lock, answering the old item for ReturnValues ALL_OLD.
     */
    private ObjectNode replace(LabTable t, String operation, Map<String, AttrValue> key, Map<String, AttrValue> item,
                               WriteOptions options, long start) {
        t.lock.writeLock().lock();
        try {
            Map<String, AttrValue> old = t.get(key);
            WriteCost cost = WriteCost.of(t, old, item);
            checkCondition(t, operation, key, cost, start, options, old);
            admit(t, operation, key, cost, start);
            if (item != null || old != null) {
                t.apply(old, item, key);
            }
            ObjectNode out = F.objectNode();
            if ("ALL_OLD".equals(options.returnValues()) && old != null) {
                out.set("Attributes", AttrJson.toJson(old));
            }
            Items.addWriteCapacity(out, t, options.rcc(), cost);
            return out;
        } finally {
            t.lock.writeLock().unlock();
        }
    }

    /** The settings every conditional write shares: ReturnValues, capacity reporting, the condition. */
    private record WriteOptions(String returnValues, String rcc, boolean oldOnFailure,
                                Predicate<Map<String, AttrValue>> condition) {
        /** {@code oldOnly}: PutItem and DeleteItem accept only ALL_OLD or NONE as ReturnValues. */
        static WriteOptions of(JsonNode req, Expressions ex, boolean oldOnly) {
            String returnValues = Req.optEnum(req, "ReturnValues", "returnValues", "NONE", "ALL_OLD", "UPDATED_OLD",
                    "ALL_NEW", "UPDATED_NEW");
            if (oldOnly && returnValues != null && !returnValues.equals("NONE") && !returnValues.equals("ALL_OLD")) {
                throw LabException.validation("ReturnValues can only be ALL_OLD or NONE");
            }
            boolean oldOnFailure = "ALL_OLD".equals(Req.optEnum(req, "ReturnValuesOnConditionCheckFailure",
                    "returnValuesOnConditionCheckFailure", "ALL_OLD", "NONE"));
            return new WriteOptions(returnValues == null ? "NONE" : returnValues, Items.returnConsumedCapacity(req),
                    oldOnFailure, ex.condition("ConditionExpression", Req.optString(req, "ConditionExpression")));
        }
    }

    /** A failed condition still costs write capacity and answers ConditionalCheckFailedException. */
    private void checkCondition(LabTable t, String operation, Map<String, AttrValue> key, WriteCost cost, long start,
                                WriteOptions options, Map<String, AttrValue> old) {
        if (options.condition() != null && !options.condition().test(old == null ? Map.of() : old)) {
            chargeFailedCondition(t, operation, key, cost, start);
            throw Items.conditionFailed(options.oldOnFailure() ? old : null);
        }
    }

    /** Charges the write and meters it; throws the throttle (changing nothing) when the model refuses. */
    private void admit(LabTable t, String operation, Map<String, AttrValue> key, WriteCost cost, long start) {
        Decision d = t.gate.acquire(Charge.write(t.hashOf(key), cost.tableUnits(), cost.effect().gsiWrites()));
        Items.meterAndThrow(engine, t, null, operation, key, d, 0, cost.tableUnits(), cost.effect().metered(),
                start, 0);
    }

    /** A failed condition still consumes write capacity (of the item as it is), and can itself be throttled. */
    private void chargeFailedCondition(LabTable t, String operation, Map<String, AttrValue> key, WriteCost cost,
                                       long start) {
        double units = Capacity.writeUnits(cost.oldSize());
        Decision d = t.gate.acquire(Charge.write(t.hashOf(key), units, null));
        Items.meterAndThrow(engine, t, null, operation, key, d, 0, units, List.of(), start, 0);
    }

    /** The capacity a write consumes: the larger of the item before and after, plus index writes. */
    record WriteCost(double tableUnits, long oldSize, LabTable.IndexEffect effect) {
        static WriteCost of(LabTable t, Map<String, AttrValue> old, Map<String, AttrValue> next) {
            long oldSize = old == null ? 0 : ItemSize.of(old);
            long newSize = next == null ? 0 : ItemSize.of(next);
            LabTable.IndexEffect effect = t.indexEffect(old, next);
            double units = Capacity.writeUnits(Math.max(oldSize, newSize)) + effect.lsiWriteUnits();
            return new WriteCost(units, oldSize, effect);
        }

        double totalUnits() {
            return tableUnits + effect.gsiUnitsByName().values().stream().mapToDouble(Double::doubleValue).sum();
        }
    }
}
