package dev.partitionscope.lab.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.item.Capacity;
import dev.partitionscope.lab.api.RequestExpressions;
import dev.partitionscope.lab.partition.Charge;
import dev.partitionscope.lab.partition.Decision;
import dev.partitionscope.lab.wire.AttrJson;
import dev.partitionscope.lab.wire.LabException;
import java.util.ArrayList;
import java.util.HashSet;
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

    /** BatchGetItem answers at most 16 MB of items; the rest come back in UnprocessedKeys. */
    static final long MAX_RESPONSE_BYTES = 16L * 1024 * 1024;

    private final LabEngine engine;

    BatchOps(LabEngine engine) {
        this.engine = engine;
    }

    private record WriteRequest(
            LabTable table, JsonNode original, Map<String, AttrValue> item, Map<String, AttrValue> key) {}

    ObjectNode write(JsonNode req) {
        long start = System.nanoTime();
        JsonNode items = req.get("RequestItems");
        RequestOptions.ConsumedCapacity rcc = Items.returnConsumedCapacity(req);
        boolean collectionMetrics =
                "SIZE".equals(req.path("ReturnItemCollectionMetrics").asText(null));
        Map<String, ArrayNode> metrics = new LinkedHashMap<>();
        List<WriteRequest> requests = new ArrayList<>();
        for (Map.Entry<String, JsonNode> e : items.properties()) {
            LabTable t = engine.activeTable(e.getKey());
            Set<Map<String, AttrValue>> seen = new HashSet<>();
            for (JsonNode w : e.getValue()) {
                Map<String, AttrValue> item = null;
                Map<String, AttrValue> key;
                if (w.has("PutRequest")) {
                    item = AttrJson.item(w.get("PutRequest").get("Item"), "item");
                    Items.validateItemInBatch(t, item);
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
        Map<String, ArrayNode> unprocessed = new LinkedHashMap<>();
        Map<String, double[]> capacity = new LinkedHashMap<>();
        Map<String, Map<String, Double>> gsiCapacity = new LinkedHashMap<>();
        Map<String, Map<String, Double>> lsiCapacity = new LinkedHashMap<>();
        Set<String> tablesTouched = new java.util.LinkedHashSet<>();
        LabException lastThrottle = null;
        for (WriteRequest w : requests) {
            LabTable t = w.table();
            // Decide, charge and apply each item as one step under its table's write lock.
            LabException throttled = t.write(() -> {
                Map<String, AttrValue> old = t.get(w.key());
                ItemOps.WriteCost cost = ItemOps.WriteCost.of(t, old, w.item());
                Decision d = t.gate.acquire(Charge.write(
                        t.hashOf(w.key()), cost.tableUnits(), cost.effect().gsiWrites()));
                tablesTouched.add(t.name);
                if (!Items.meterBatchItem(
                        engine,
                        t,
                        "BatchWriteItem",
                        w.key(),
                        d,
                        0,
                        cost.tableUnits(),
                        cost.effect().metered(),
                        start,
                        0)) {
                    unprocessed.computeIfAbsent(t.name, n -> F.arrayNode()).add(w.original());
                    return LabException.throttled(d.exceptionName(), d.reasons());
                }
                if (w.item() != null || old != null) {
                    t.apply(old, w.item(), w.key(), cost.oldSize(), cost.newSize());
                }
                engine.written(t, w.key());
                if (collectionMetrics && !t.localIndexes.isEmpty()) {
                    metrics.computeIfAbsent(t.name, n -> F.arrayNode()).add(Items.itemCollectionMetrics(t, w.key()));
                }
                capacity.computeIfAbsent(t.name, n -> new double[1])[0] += cost.totalUnits();
                cost.effect().gsiUnitsByName().forEach((index, units) -> gsiCapacity
                        .computeIfAbsent(t.name, n -> new LinkedHashMap<>())
                        .merge(index, units, Double::sum));
                cost.effect().lsiUnitsByName().forEach((index, units) -> lsiCapacity
                        .computeIfAbsent(t.name, n -> new LinkedHashMap<>())
                        .merge(index, units, Double::sum));
                return null;
            });
            if (throttled != null) {
                lastThrottle = throttled;
            }
        }
        int throttledCount =
                unprocessed.values().stream().mapToInt(ArrayNode::size).sum();
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
        if (!metrics.isEmpty()) {
            ObjectNode m = out.putObject("ItemCollectionMetrics");
            metrics.forEach(m::set);
        }
        addCapacity(out, rcc, capacity, gsiCapacity, lsiCapacity);
        return out;
    }

    ObjectNode get(JsonNode req) {
        long start = System.nanoTime();
        JsonNode items = req.get("RequestItems");
        RequestOptions.ConsumedCapacity rcc = Items.returnConsumedCapacity(req);
        // DynamoDB's checks against every table come before any read.
        Map<LabTable, List<Map<String, AttrValue>>> keysByTable = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : items.properties()) {
            LabTable t = engine.activeTable(e.getKey());
            List<Map<String, AttrValue>> keys = new ArrayList<>();
            for (JsonNode k : e.getValue().get("Keys")) {
                keys.add(Items.key(t, k));
            }
            keysByTable.put(t, keys);
        }
        ObjectNode out = F.objectNode();
        ObjectNode responses = out.putObject("Responses");
        ObjectNode unprocessed = F.objectNode();
        Map<String, double[]> capacity = new LinkedHashMap<>();
        int keys = 0;
        int throttled = 0;
        long responseBytes = 0;
        Map<String, int[]> calls = new LinkedHashMap<>(); // per table: keys, throttled, returned
        LabException lastThrottle = null;
        for (Map.Entry<LabTable, List<Map<String, AttrValue>>> e : keysByTable.entrySet()) {
            LabTable t = e.getKey();
            JsonNode spec = items.get(t.name);
            boolean consistent = spec.path("ConsistentRead").asBoolean(false);
            RequestExpressions ex = RequestExpressions.of(spec);
            Items.checkKeyPaths(t, ex.projectedNestedHeads());
            ArrayNode found = responses.putArray(t.name);
            capacity.computeIfAbsent(t.name, n -> new double[1]);
            for (Map<String, AttrValue> key : e.getValue()) {
                keys++;
                Map<String, AttrValue> item = t.read(() -> t.get(key));
                // Each item is rounded up separately (1.5 KB + 6.5 KB → 4 KB + 8 KB).
                long size = item == null ? 0 : StoredItem.sizeOf(item);
                double units = Capacity.readUnits(size, consistent);
                boolean overLimit = responseBytes + size > MAX_RESPONSE_BYTES;
                Decision d = overLimit ? Decision.ALLOWED : t.gate.acquire(Charge.read(null, t.hashOf(key), units));
                calls.computeIfAbsent(t.name, n -> new int[3])[0]++;
                if (overLimit
                        || !Items.meterBatchItem(
                                engine, t, "BatchGetItem", key, d, units, 0, List.of(), start, item == null ? 0 : 1)) {
                    if (!overLimit) {
                        throttled++;
                        calls.get(t.name)[1]++;
                        lastThrottle = LabException.throttled(d.exceptionName(), d.reasons());
                    }
                    ObjectNode u = unprocessed.has(t.name)
                            ? (ObjectNode) unprocessed.get(t.name)
                            : unprocessed.putObject(t.name);
                    if (!u.has("Keys")) {
                        u.putArray("Keys");
                        spec.properties().forEach(f -> {
                            if (!f.getKey().equals("Keys")) {
                                u.set(f.getKey(), f.getValue());
                            }
                        });
                    }
                    ((ArrayNode) u.get("Keys")).add(AttrJson.toJson(key));
                    continue;
                }
                capacity.get(t.name)[0] += units;
                if (item != null) {
                    responseBytes += size;
                    calls.get(t.name)[2]++;
                    found.add(AttrJson.toJson(ex.project(item)));
                }
            }
        }
        long latency = System.nanoTime() - start;
        calls.forEach((table, c) -> engine.meter().recordCall(table, "BatchGetItem", c[1] == c[0], latency, c[2]));
        if (throttled == keys && keys > 0) {
            throw lastThrottle;
        }
        out.set("UnprocessedKeys", unprocessed);
        addCapacity(out, rcc, capacity, Map.of(), Map.of());
        return out;
    }

    /** Per table; INDEXES splits the total into the table's own units and each index's (as for single writes). */
    private static void addCapacity(
            ObjectNode out,
            RequestOptions.ConsumedCapacity rcc,
            Map<String, double[]> capacity,
            Map<String, Map<String, Double>> gsiCapacity,
            Map<String, Map<String, Double>> lsiCapacity) {
        if (!rcc.wanted()) {
            return;
        }
        ArrayNode list = out.putArray("ConsumedCapacity");
        capacity.forEach((table, units) -> {
            ObjectNode c = list.addObject().put("CapacityUnits", units[0]).put("TableName", table);
            if (rcc == RequestOptions.ConsumedCapacity.INDEXES) {
                Map<String, Double> gsis = gsiCapacity.getOrDefault(table, Map.of());
                Map<String, Double> lsis = lsiCapacity.getOrDefault(table, Map.of());
                double own = units[0]
                        - gsis.values().stream()
                                .mapToDouble(Double::doubleValue)
                                .sum()
                        - lsis.values().stream()
                                .mapToDouble(Double::doubleValue)
                                .sum();
                c.putObject("Table").put("CapacityUnits", own);
                if (!gsis.isEmpty()) {
                    ObjectNode g = c.putObject("GlobalSecondaryIndexes");
                    gsis.forEach((name, u) -> g.putObject(name).put("CapacityUnits", u));
                }
                if (!lsis.isEmpty()) {
                    ObjectNode l = c.putObject("LocalSecondaryIndexes");
                    lsis.forEach((name, u) -> l.putObject(name).put("CapacityUnits", u));
                }
            }
        });
    }
}
