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
        Map<String, Map<String, Double>> gsiCapacity = new LinkedHashMap<>();
        Map<String, Map<String, Double>> lsiCapacity = new LinkedHashMap<>();
        Set<String> tablesTouched = new java.util.LinkedHashSet<>();
        LabException lastThrottle = null;
        for (WriteRequest w : requests) {
            LabTable t = w.table();
            t.lock.writeLock().lock();
            try {
                Map<String, AttrValue> old = t.get(w.key());
                ItemOps.WriteCost cost = ItemOps.WriteCost.of(t, old, w.item());
                Decision d = t.gate.acquire(Charge.write(t.hashOf(w.key()), cost.tableUnits(),
                        cost.effect().gsiWrites()));
                tablesTouched.add(t.name);
                if (!Items.meterBatchItem(engine, t, "BatchWriteItem", w.key(), d, 0, cost.tableUnits(),
                        cost.effect().metered(), start, 0)) {
                    lastThrottle = LabException.throttled(d.exceptionName(), d.reasons());
                    unprocessed.computeIfAbsent(t.name, n -> F.arrayNode()).add(w.original());
                    continue;
                }
                if (w.item() != null || old != null) {
                    t.apply(old, w.item(), w.key());
                }
                capacity.computeIfAbsent(t.name, n -> new double[1])[0] += cost.totalUnits();
                cost.effect().gsiUnitsByName().forEach((index, units) -> gsiCapacity
                        .computeIfAbsent(t.name, n -> new LinkedHashMap<>()).merge(index, units, Double::sum));
                cost.effect().lsiUnitsByName().forEach((index, units) -> lsiCapacity
                        .computeIfAbsent(t.name, n -> new LinkedHashMap<>()).merge(index, units, Double::sum));
            } finally {
                t.lock.writeLock().unlock();
            }
        }
        int throttledCount = unprocessed.values().stream().mapToInt(ArrayNode::size).sum();
        long latency = System.nanoTime() - start;
        for (String table : tablesTouched) {
            boolean allThrottled = unprocessed.containsKey(table) && !capacity.containsKey(table);
            engine.meter().recordCall(table, "BatchWriteItem", allThrottled, latency, 0);
        }
        if (throttledCount == requests.size()) {
            throw lastThrottle;
        }
        ObjectNode out = F.objectNode();
        ObjectNode up = out.putObject("UnprocessedItems");
        unprocessed.forEach(up::set);
        addCapacity(out, rcc, capacity, gsiCapacity, lsiCapacity, true);
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
        Map<String, int[]> calls = new LinkedHashMap<>(); // per table: keys, throttled, returned
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
                calls.computeIfAbsent(t.name, n -> new int[3])[0]++;
                if (!Items.meterBatchItem(engine, t, "BatchGetItem", key, d, units, 0, List.of(), start,
                        item == null ? 0 : 1)) {
                    throttled++;
                    calls.get(t.name)[1]++;
                    lastThrottle = LabException.throttled(d.exceptionName(), d.reasons());
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
                    calls.get(t.name)[2]++;
                    found.add(AttrJson.toJson(projection != null ? projection.apply(item)
                            : attributesToGet != null ? Items.select(item, attributesToGet) : item));
                }
            }
        }
        long latency = System.nanoTime() - start;
        calls.forEach((table, c) -> engine.meter().recordCall(table, "BatchGetItem", c[1] == c[0], latency, c[2]));
        if (throttled == keys && keys > 0) {
            throw lastThrottle;
        }
        out.set("UnprocessedKeys", unprocessed);
        addCapacity(out, rcc, capacity, Map.of(), Map.of(), false);
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

    /** Per table; INDEXES splits the total into the table's own units and each index's (as for single writes). */
    private static void addCapacity(ObjectNode out, String rcc, Map<String, double[]> capacity,
                                    Map<String, Map<String, Double>> gsiCapacity,
                                    Map<String, Map<String, Double>> lsiCapacity, boolean write) {
        if (rcc.equals("NONE")) {
            return;
        }
        String kind = write ? "WriteCapacityUnits" : "ReadCapacityUnits";
        ArrayNode list = out.putArray("ConsumedCapacity");
        capacity.forEach((table, units) -> {
            ObjectNode c = list.addObject().put("TableName", table).put("CapacityUnits", units[0])
                    .put(kind, units[0]);
            if (rcc.equals("INDEXES")) {
                Map<String, Double> gsis = gsiCapacity.getOrDefault(table, Map.of());
                Map<String, Double> lsis = lsiCapacity.getOrDefault(table, Map.of());
                double own = units[0] - gsis.values().stream().mapToDouble(Double::doubleValue).sum()
                        - lsis.values().stream().mapToDouble(Double::doubleValue).sum();
                c.putObject("Table").put("CapacityUnits", own).put(kind, own);
                if (!gsis.isEmpty()) {
                    ObjectNode g = c.putObject("GlobalSecondaryIndexes");
                    gsis.forEach((name, u) -> g.putObject(name).put("CapacityUnits", u).put(kind, u));
                }
                if (!lsis.isEmpty()) {
                    ObjectNode l = c.putObject("LocalSecondaryIndexes");
                    lsis.forEach((name, u) -> l.putObject(name).put("CapacityUnits", u).put(kind, u));
                }
            }
        });
    }
}
