package dev.partitionscope.lab.proxy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.partitionscope.lab.engine.EngineMeter;
import dev.partitionscope.lab.partition.Decision;
import dev.partitionscope.lab.wire.LabException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Batch calls through the proxy: each item is admitted separately, throttled items are kept back and returned in
 * UnprocessedItems / UnprocessedKeys next to whatever the upstream itself left unprocessed, and only a batch whose
 * every item was throttled fails as a whole.
 */
final class ProxyBatch {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private final ProxyHandler proxy;
    private final TableCatalog catalog;
    private final EngineMeter meter;

    ProxyBatch(ProxyHandler proxy, TableCatalog catalog, EngineMeter meter) {
        this.proxy = proxy;
        this.catalog = catalog;
        this.meter = meter;
    }

    ObjectNode write(Upstream.Call call, ObjectNode request) {
        long start = System.nanoTime();
        ObjectNode items = (ObjectNode) request.path("RequestItems");
        ObjectNode keptBack = F.objectNode();
        Map<String, int[]> perTable = new LinkedHashMap<>(); // requests, throttled
        int total = 0;
        int throttled = 0;
        LabException last = null;
        for (Map.Entry<String, JsonNode> e : items.properties()) {
            TableCatalog.Entry table = catalog.entry(call, e.getKey());
            ArrayNode admitted = F.arrayNode();
            for (JsonNode w : e.getValue()) {
                total++;
                boolean put = w.has("PutRequest");
                ObjectNode single = F.objectNode();
                single.set(
                        put ? "Item" : "Key",
                        put
                                ? w.path("PutRequest").path("Item")
                                : w.path("DeleteRequest").path("Key"));
                Estimate estimate = Estimate.of(put ? "PutItem" : "DeleteItem", single, table);
                Decision d = table.gate().acquire(estimate.charge());
                perTable.computeIfAbsent(table.name(), n -> new int[2])[0]++;
                meter.recordItem(ProxyHandler.record(
                        table,
                        "BatchWriteItem",
                        estimate,
                        0,
                        d.allowed() ? estimate.charge().writeUnits() : 0,
                        d,
                        start,
                        0));
                if (d.allowed()) {
                    admitted.add(w);
                } else {
                    throttled++;
                    perTable.get(table.name())[1]++;
                    last = LabException.throttled(d.exceptionName(), d.reasons());
                    withArray(keptBack, e.getKey()).add(w);
                }
            }
            e.setValue(admitted);
        }
        recordCalls(perTable, "BatchWriteItem", start);
        if (total > 0 && throttled == total) {
            throw last;
        }
        removeEmpty(items);
        ObjectNode answer = items.isEmpty() ? F.objectNode() : proxy.forward(call, request);
        ObjectNode unprocessed = answer.has("UnprocessedItems")
                ? (ObjectNode) answer.get("UnprocessedItems")
                : answer.putObject("UnprocessedItems");
        keptBack.properties().forEach(f -> f.getValue()
                .forEach(w -> withArray(unprocessed, f.getKey()).add(w)));
        return answer;
    }

    ObjectNode get(Upstream.Call call, ObjectNode request) {
        long start = System.nanoTime();
        ObjectNode items = (ObjectNode) request.path("RequestItems");
        ObjectNode keptBack = F.objectNode();
        Map<String, int[]> perTable = new LinkedHashMap<>();
        int total = 0;
        int throttled = 0;
        LabException last = null;
        for (Map.Entry<String, JsonNode> e : items.properties()) {
            TableCatalog.Entry table = catalog.entry(call, e.getKey());
            ObjectNode spec = (ObjectNode) e.getValue();
            ArrayNode admitted = F.arrayNode();
            for (JsonNode key : spec.path("Keys")) {
                total++;
                ObjectNode single = F.objectNode();
                single.set("Key", key);
                single.put("ConsistentRead", spec.path("ConsistentRead").asBoolean(false));
                Estimate estimate = Estimate.of("GetItem", single, table);
                Decision d = table.gate().acquire(estimate.charge());
                perTable.computeIfAbsent(table.name(), n -> new int[2])[0]++;
                meter.recordItem(ProxyHandler.record(
                        table,
                        "BatchGetItem",
                        estimate,
                        d.allowed() ? estimate.charge().readUnits() : 0,
                        0,
                        d,
                        start,
                        0));
                if (d.allowed()) {
                    admitted.add(key);
                } else {
                    throttled++;
                    perTable.get(table.name())[1]++;
                    last = LabException.throttled(d.exceptionName(), d.reasons());
                    ObjectNode back = keptBack.has(e.getKey())
                            ? (ObjectNode) keptBack.get(e.getKey())
                            : keptBack.putObject(e.getKey());
                    if (!back.has("Keys")) {
                        spec.properties().forEach(f -> {
                            if (!f.getKey().equals("Keys")) {
                                back.set(f.getKey(), f.getValue());
                            }
                        });
                        back.putArray("Keys");
                    }
                    ((ArrayNode) back.get("Keys")).add(key);
                }
            }
            spec.set("Keys", admitted);
        }
        recordCalls(perTable, "BatchGetItem", start);
        if (total > 0 && throttled == total) {
            throw last;
        }
        items.properties().removeIf(e -> e.getValue().path("Keys").isEmpty());
        ObjectNode answer = items.isEmpty() ? F.objectNode() : proxy.forward(call, request);
        ObjectNode unprocessed = answer.has("UnprocessedKeys")
                ? (ObjectNode) answer.get("UnprocessedKeys")
                : answer.putObject("UnprocessedKeys");
        keptBack.properties().forEach(f -> {
            if (unprocessed.has(f.getKey())) {
                f.getValue()
                        .path("Keys")
                        .forEach(k -> ((ArrayNode) unprocessed.get(f.getKey()).path("Keys")).add(k));
            } else {
                unprocessed.set(f.getKey(), f.getValue());
            }
        });
        if (!answer.has("Responses")) {
            answer.putObject("Responses");
        }
        return answer;
    }

    private void recordCalls(Map<String, int[]> perTable, String operation, long start) {
        long latency = System.nanoTime() - start;
        perTable.forEach((table, c) -> meter.recordCall(table, operation, c[1] == c[0], latency, 0));
    }

    private static ArrayNode withArray(ObjectNode o, String field) {
        return o.has(field) ? (ArrayNode) o.get(field) : o.putArray(field);
    }

    private static void removeEmpty(ObjectNode items) {
        items.properties().removeIf(e -> e.getValue().isEmpty());
    }
}
