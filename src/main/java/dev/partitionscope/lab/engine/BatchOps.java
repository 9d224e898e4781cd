package dev.partitionscope.lab.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.item.Capacity;
import dev.partitionscope.core.item.ItemSize;
import dev.partitionscope.lab.partition.Charge;
import dev.partitionscope.lab.partition.Decision;
import dev.partitionscope.lab.wire.AttrJson;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * BatchWriteItem (≤ 25 requests) and BatchGetItem (≤ 100 keys). Each item is admitted separately: throttled items
 * come back in UnprocessedItems / UnprocessedKeys, and only a batch whose every item was throttled fails as a whole —
 * as on DynamoDB.
 */
final class BatchOps {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private final LabEngine engine;

    BatchOps(LabEngine engine) {
        this.engine = engine;
    }

    private record WriteRequest(LabTable table, JsonNode original, Map<String, AttrValue> item,
                                Map<String, AttrValue> key) {
    }

    ObjectNode write(JsonNode req) {
        long start = System.nanoTime();
        JsonNode items = requestItems(req);
        String rcc = Items.returnConsumedCapacity(req);
        List<WriteRequest> requests = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = items.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            Req.checkTableName(e.getKey(), "requestItems.key");
            LabTable t = engine.table(e.getKey());
            Set<Map<String, AttrValue>> seen = new HashSet<>();
            for (JsonNode w : e.getValue()) {
                boolean put = w.has("PutRequest");
                if (put == w.has("DeleteRequest")) {
                    throw LabException.validation("Supplied AttributeValue has more than one datatypes set, must"
                            + " contain exactly one of the supported datatypes");
                }
                Map<String, AttrValue> item = null;
                Map<String, AttrValue> key;
                if (put) {
                    item = AttrJson.item(w.get("PutRequest").get("Item"), "item");
                    if (item == null) {
                        throw LabException.validation("1 validation error detected: Value null at 'item' failed to"
                                + " satisfy constraint: Member must not be null");
                    }
                    Items.validateItem(t, item);
                    key = t.key.keyOf(item);
                } else {
                    key = Items.key(t, w.get("DeleteRequest").get("Key"));
                }
                if (!seen.add(key)) {
                    throw LabException.validation("Provided list of item keys contains duplicates");
                }
                requests.add(new WriteRequest(t, w, item, key));
            }
        }
        if (requests.isEmpty() || requests.size() > 25) {
            throw LabException.validation("1 validation error detected: Value at 'requestItems' failed to satisfy"
                    + " constraint: Map value must satisfy constraint: [Member must have length less than or equal to"
                    + " 25, Member must have length greater than or equal to 1]");
        }
        Map<String, ArrayNode> unprocessed = new LinkedHashMap<>();
        Map<String, double[]> capacity = new LinkedHashMap<>();
        LabException lastThrottle = null;
        for (WriteRequest w : requests) {
            LabTable t = w.table();
            t.lock.writeLock().lock();
            try {
                Map<String, AttrValue> old = t.get(w.key());
                ItemOps.WriteCost cost = ItemOps.WriteCost.of(t, old, w.item());
                Decision d = t.gate.acquire(Charge.write(t.hashOf(w.key()), cost.tableUnits(),
                        cost.effect().gsiWrites()));
                try {
                    Items.meterAndThrow(engine, t, null, "BatchWriteItem", w.key(), d, 0, cost.tableUnits(),
                            cost.effect().gsiUnitsByName(), start, 0);
                } catch (LabException throttled) {
                    lastThrottle = throttled;
                    unprocessed.computeIfAbsent(t.name, n -> F.arrayNode()).add(w.original());
                    continue;
                }
                if (w.item() != null || old != null) {
                    t.apply(old, w.item(), w.key());
                }
                capacity.computeIfAbsent(t.name, n -> new double[1])[0] += cost.totalUnits();
            } finally {
                t.lock.writeLock().unlock();
            }
        }
        int throttledCount = unprocessed.values().stream().mapToInt(ArrayNode::size).sum();
        if (throttledCount == requests.size()) {
            throw lastThrottle;
        }
        ObjectNode out = F.objectNode();
        ObjectNode up = out.putObject("UnprocessedItems");
        unprocessed.forEach(up::set);
        addCapacity(out, rcc, capacity, true);
        return out;
    }

    ObjectNode get(JsonNode req) {
        long start = System.nanoTime();
        JsonNode items = requestItems(req);
        String rcc = Items.returnConsumedCapacity(req);
        ObjectNode out = F.objectNode();
        ObjectNode responses = out.putObject("Responses");
        ObjectNode unprocessed = F.objectNode();
        Map<String, double[]> capacity = new LinkedHashMap<>();
        int requested = 0;
        for (JsonNode spec : items) {
            requested += spec.path("Keys").size();
        }
        if (requested > 100) {
            throw LabException.validation("Too many items requested for the BatchGetItem call");
        }
        int keys = 0;
        int throttled = 0;
        LabException lastThrottle = null;
        for (Iterator<Map.Entry<String, JsonNode>> it = items.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            LabTable t = engine.table(e.getKey());
            JsonNode spec = e.getValue();
            boolean consistent = Req.bool(spec, "ConsistentRead", false);
            Expressions ex = Expressions.of(spec);
            var projection = ex.projection(Req.optString(spec, "ProjectionExpression"));
            Set<String> attributesToGet = Items.attributesToGet(spec);
            ex.checkAllUsed();
            ArrayNode found = responses.putArray(t.name);
            Set<Map<String, AttrValue>> seen = new HashSet<>();
            JsonNode keyList = spec.get("Keys");
            if (keyList == null || !keyList.isArray() || keyList.isEmpty()) {
                throw LabException.validation("1 validation error detected: Value null at 'requestItems." + t.name
                        + ".member.keys' failed to satisfy constraint: Member must not be null");
            }
            for (JsonNode k : keyList) {
                Map<String, AttrValue> key = Items.key(t, k);
                if (!seen.add(key)) {
                    throw LabException.validation("Provided list of item keys contains duplicates");
                }
                keys++;
                Map<String, AttrValue> item;
                t.lock.readLock().lock();
                try {
                    item = t.get(key);
                } finally {
                    t.lock.readLock().unlock();
                }
                // Each item is rounded up separately (1.5 KB + 6.5 KB → 4 KB + 8 KB).
                double units = Capacity.readUnits(item == null ? 0 : ItemSize.of(item), consistent);
                Decision d = t.gate.acquire(Charge.read(null, t.hashOf(key), units));
                try {
                    Items.meterAndThrow(engine, t, null, "BatchGetItem", key, d, units, 0, Map.of(), start,
                            item == null ? 0 : 1);
                } catch (LabException throttle) {
                    throttled++;
                    lastThrottle = throttle;
                    ObjectNode u = unprocessed.has(t.name) ? (ObjectNode) unprocessed.get(t.name)
                            : unprocessed.putObject(t.name);
                    if (!u.has("Keys")) {
                        u.putArray("Keys");
                        spec.fields().forEachRemaining(f -> {
                            if (!f.getKey().equals("Keys")) {
                                u.set(f.getKey(), f.getValue());
                            }
                        });
                    }
                    ((ArrayNode) u.get("Keys")).add(k);
                    continue;
                }
                capacity.computeIfAbsent(t.name, n -> new double[1])[0] += units;
                if (item != null) {
                    found.add(AttrJson.toJson(projection != null ? projection.apply(item)
                            : attributesToGet != null ? Items.select(item, attributesToGet) : item));
                }
            }
        }
        if (throttled == keys && keys > 0) {
            throw lastThrottle;
        }
        out.set("UnprocessedKeys", unprocessed);
        addCapacity(out, rcc, capacity, false);
        return out;
    }

    private static JsonNode requestItems(JsonNode req) {
        JsonNode items = req.get("RequestItems");
        if (items == null || items.isNull() || !items.isObject()) {
            throw LabException.validation("1 validation error detected: Value null at 'requestItems' failed to"
                    + " satisfy constraint: Member must not be null");
        }
        if (items.isEmpty()) {
            throw LabException.validation("1 validation error detected: Value '{}' at 'requestItems' failed to"
                    + " satisfy constraint: Member must have length greater than or equal to 1");
        }
        return items;
    }

    private static void addCapacity(ObjectNode out, String rcc, Map<String, double[]> capacity, boolean write) {
        if (rcc.equals("NONE")) {
            return;
        }
        ArrayNode list = out.putArray("ConsumedCapacity");
        capacity.forEach((table, units) -> {
            ObjectNode c = list.addObject().put("TableName", table).put("CapacityUnits", units[0])
                    .put(write ? "WriteCapacityUnits" : "ReadCapacityUnits", units[0]);
            if (rcc.equals("INDEXES")) {
                c.putObject("Table").put("CapacityUnits", units[0]);
            }
        });
    }
}
