package dev.partitionscope.lab.workload;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Reads and checks one operation of a variant (part of {@link ScenarioReader}). */
final class OpReader {
    private final ScenarioReader r;
    private final Map<String, TableDef> tables;

    OpReader(ScenarioReader reader, Map<String, TableDef> tables) {
        this.r = reader;
        this.tables = tables;
    }

    OpDef op(JsonNode node, String path) {
        if (node == null || !node.isObject()) {
            throw r.fail(path, "must be an object with \"op\" and \"table\"");
        }
        String opName = r.text(node, "op", path, true);
        OpDef.Type type = OpDef.Type.of(opName);
        if (type == null) {
            throw r.fail(
                    path + ".op",
                    "'" + opName + "' is not supported; use PutItem, UpdateItem, GetItem, Query,"
                            + " BatchWriteItem or TransactWriteItems");
        }
        if (type == OpDef.Type.TRANSACT_WRITE) {
            return transaction(node, path);
        }
        switch (type) {
            case PUT_ITEM -> r.only(node, path, "op", "table", "weight", "item", "pad");
            case BATCH_WRITE -> r.only(node, path, "op", "table", "weight", "item", "pad", "batch");
            case UPDATE_ITEM -> r.only(node, path, "op", "table", "weight", "key", "add");
            case GET_ITEM -> r.only(node, path, "op", "table", "weight", "key", "fanOut", "buckets");
            case QUERY ->
                r.only(node, path, "op", "table", "index", "weight", "key", "limit", "forward", "fanOut", "buckets");
            case TRANSACT_WRITE -> throw new IllegalStateException("read by transaction()");
        }
        String tableName = r.text(node, "table", path, true);
        TableDef table = tables.get(tableName);
        if (table == null) {
            throw r.fail(
                    path + ".table",
                    "'" + tableName + "' is not in \"tables\" (" + String.join(", ", tables.keySet()) + ")");
        }
        String index = r.text(node, "index", path, false);
        if (index != null && table.index(index) == null) {
            throw r.fail(path + ".index", "table " + tableName + " has no index '" + index + "'");
        }
        double weight = r.number(node, "weight", path, 0.000001, 1e9, 1.0);
        String attrsField = type == OpDef.Type.PUT_ITEM || type == OpDef.Type.BATCH_WRITE ? "item" : "key";
        JsonNode attrs = r.object(node, attrsField, path, true);
        Map<String, ValueDef> values = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : attrs.properties()) {
            values.put(e.getKey(), r.value(e.getValue(), path + "." + attrsField + "." + e.getKey()));
        }
        checkKeys(type, table, index, values, path + "." + attrsField);

        Map<String, Long> add = new LinkedHashMap<>();
        if (type == OpDef.Type.UPDATE_ITEM) {
            JsonNode a = r.object(node, "add", path, true);
            for (Map.Entry<String, JsonNode> e : a.properties()) {
                if (!e.getValue().canConvertToLong() || values.containsKey(e.getKey())) {
                    throw r.fail(path + ".add." + e.getKey(), "must be a whole number added to a non-key attribute");
                }
                add.put(e.getKey(), e.getValue().longValue());
            }
            if (add.isEmpty()) {
                throw r.fail(path + ".add", "names at least one attribute to add to, e.g. {\"count\": 1}");
            }
        }
        int limit = type == OpDef.Type.QUERY ? (int) r.number(node, "limit", path, 1, 10_000, null) : 0;
        boolean forward = !node.has("forward") || bool(node, "forward", path);
        boolean fanOut = node.has("fanOut") && bool(node, "fanOut", path);
        int buckets = (int) r.number(node, "buckets", path, 1, 400, 1.0);
        String pkName = index != null ? table.index(index).partitionKey() : table.partitionKey();
        ValueDef pk = values.get(pkName);
        if (fanOut && pk.scheme() == null) {
            throw r.fail(
                    path + ".fanOut",
                    "a fan-out sends one request per key of the partition key's scheme, but"
                            + " the partition key has no \"scheme\"");
        }
        if (buckets > 1 && (!fanOut || pk.scheme().bucket() == null)) {
            throw r.fail(path + ".buckets", "needs \"fanOut\": true and a scheme with hour, day or month");
        }
        if (!fanOut && pk.scheme() != null && !pk.scheme().recomputable() && !type.write()) {
            throw r.fail(
                    path,
                    "reads one key, but the scheme " + pk.scheme() + " has a random part, so the key"
                            + " cannot be recomputed; add \"fanOut\": true");
        }
        for (Map.Entry<String, ValueDef> e : values.entrySet()) {
            ValueDef value = e.getValue();
            boolean fannedOut = fanOut && e.getKey().equals(pkName);
            if (value.scheme() != null && value.scheme().needsId() && value.id() == null && !fannedOut) {
                throw r.fail(
                        path + "." + attrsField + "." + e.getKey(),
                        "the scheme " + value.scheme() + " computes its suffix from an id: add \"id\": \"{...}\"");
            }
        }
        int batch = type == OpDef.Type.BATCH_WRITE ? (int) r.number(node, "batch", path, 1, 25, 25.0) : 1;
        boolean pad = node.has("pad")
                ? bool(node, "pad", path)
                : type == OpDef.Type.PUT_ITEM || type == OpDef.Type.BATCH_WRITE;
        return new OpDef(
                type, tableName, index, weight, values, add, limit, forward, fanOut, buckets, batch, pad, List.of());
    }

    /**
     * {@code {"op": "TransactWriteItems", "weight": …, "actions": [PutItem or UpdateItem ops without weight]}}: 1 to
     * 100 actions (DynamoDB's limit), each read as the operation of the same name.
     */
    private OpDef transaction(JsonNode node, String path) {
        r.only(node, path, "op", "weight", "actions");
        double weight = r.number(node, "weight", path, 0.000001, 1e9, 1.0);
        JsonNode list = node.get("actions");
        if (list == null || !list.isArray() || list.isEmpty() || list.size() > 100) {
            throw r.fail(path + ".actions", "must be a list of 1 to 100 PutItem or UpdateItem actions");
        }
        List<OpDef> actions = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            String at = path + ".actions[" + i + "]";
            JsonNode a = list.get(i);
            String kind = a.isObject() ? a.path("op").asText("") : "";
            if (!kind.equals("PutItem") && !kind.equals("UpdateItem")) {
                throw r.fail(at + ".op", "a transaction's action is a PutItem or an UpdateItem");
            }
            if (a.has("weight")) {
                throw r.fail(at + ".weight", "actions have no weight of their own: the transaction has one");
            }
            actions.add(op(a, at));
        }
        return new OpDef(
                OpDef.Type.TRANSACT_WRITE,
                actions.get(0).table(),
                null,
                weight,
                Map.of(),
                Map.of(),
                0,
                true,
                false,
                1,
                1,
                false,
                actions);
    }

    /** Items carry the table's keys; keys are exactly the key attributes; a Query names the partition key only. */
    private void checkKeys(OpDef.Type type, TableDef t, String index, Map<String, ValueDef> values, String path) {
        List<String> keyAttrs =
                t.sortKey() == null ? List.of(t.partitionKey()) : List.of(t.partitionKey(), t.sortKey());
        switch (type) {
            case PUT_ITEM, BATCH_WRITE -> {
                for (String k : keyAttrs) {
                    if (!values.containsKey(k)) {
                        throw r.fail(path, "the item has no " + k + ", a key of table " + t.name());
                    }
                }
                for (TableDef.Gsi g : t.indexes()) {
                    boolean hasPk = values.containsKey(g.partitionKey());
                    if (hasPk && g.sortKey() != null && !values.containsKey(g.sortKey())) {
                        throw r.fail(
                                path,
                                "the item has " + g.partitionKey() + " but not " + g.sortKey() + ", so "
                                        + "it would not be in index " + g.name() + "; give both or neither");
                    }
                }
            }
            case GET_ITEM, UPDATE_ITEM -> {
                if (!values.keySet().equals(Set.copyOf(keyAttrs))) {
                    throw r.fail(
                            path,
                            "must name exactly the key of table " + t.name() + ": " + String.join(", ", keyAttrs));
                }
            }
            case TRANSACT_WRITE -> {}
            case QUERY -> {
                String pk = index == null ? t.partitionKey() : t.index(index).partitionKey();
                if (!values.keySet().equals(Set.of(pk))) {
                    throw r.fail(path, "a Query names the partition key only: " + pk);
                }
            }
        }
        for (Map.Entry<String, ValueDef> e : values.entrySet()) {
            boolean isKey = keyAttrs.contains(e.getKey())
                    || t.indexes().stream()
                            .anyMatch(g -> e.getKey().equals(g.partitionKey())
                                    || e.getKey().equals(g.sortKey()));
            if (isKey && e.getValue().number()) {
                throw r.fail(path + "." + e.getKey(), "key attributes of scenario tables are strings; use \"s\"");
            }
            if (!isKey && e.getValue().scheme() != null) {
                throw r.fail(path + "." + e.getKey(), "a scheme widens a key attribute, and this is not one");
            }
        }
    }

    private boolean bool(JsonNode node, String field, String path) {
        JsonNode v = node.get(field);
        if (!v.isBoolean()) {
            throw r.fail(path + "." + field, "must be true or false");
        }
        return v.booleanValue();
    }
}
