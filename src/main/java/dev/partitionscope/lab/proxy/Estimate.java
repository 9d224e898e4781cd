package dev.partitionscope.lab.proxy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.item.Capacity;
import dev.partitionscope.core.item.ItemSize;
import dev.partitionscope.lab.expr.ExpressionContext;
import dev.partitionscope.lab.expr.KeyCondition;
import dev.partitionscope.lab.partition.Charge;
import dev.partitionscope.lab.partition.KeyHash;
import dev.partitionscope.lab.wire.AttrJson;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a request will probably cost, known before the upstream answers: a put's item size and its GSI entries;
 * the minimum for updates, deletes and reads (their true cost depends on data only the upstream has, and is settled
 * after its answer). Also where the request lands (key hash) and which keys to meter.
 */
record Estimate(Charge charge, String partitionKey, String sortKey, boolean consistent) {

    static Estimate of(String operation, JsonNode request, TableCatalog.Entry table) {
        boolean consistent = request.path("ConsistentRead").asBoolean(false);
        switch (operation) {
            case "PutItem" -> {
                Map<String, AttrValue> item = ProxyHandler.item(request.get("Item"));
                if (item == null || item.get(table.key().partitionKey().name()) == null) {
                    return unknown(false, consistent);
                }
                return new Estimate(
                        Charge.write(hash(item, table), Capacity.writeUnits(ItemSize.of(item)), gsiWrites(item, table)),
                        keyString(item, table, true),
                        keyString(item, table, false),
                        false);
            }
            case "UpdateItem", "DeleteItem" -> {
                Map<String, AttrValue> key = ProxyHandler.item(request.get("Key"));
                if (key == null || key.get(table.key().partitionKey().name()) == null) {
                    return unknown(false, consistent);
                }
                return new Estimate(
                        Charge.write(hash(key, table), 1, List.of()),
                        keyString(key, table, true),
                        keyString(key, table, false),
                        false);
            }
            case "GetItem" -> {
                Map<String, AttrValue> key = ProxyHandler.item(request.get("Key"));
                if (key == null || key.get(table.key().partitionKey().name()) == null) {
                    return unknown(true, consistent);
                }
                return new Estimate(
                        Charge.read(null, hash(key, table), Capacity.readUnits(0, consistent)),
                        keyString(key, table, true),
                        keyString(key, table, false),
                        consistent);
            }
            case "Query" -> {
                return query(request, table, consistent);
            }
            default -> {
                String index = gsi(request, table);
                return new Estimate(Charge.read(index, 0, Capacity.readUnits(0, consistent)), null, null, consistent);
            }
        }
    }

    private static Estimate query(JsonNode request, TableCatalog.Entry table, boolean consistent) {
        String index = gsi(request, table);
        try {
            var schema =
                    index == null ? table.key() : table.indexes().get(index).key();
            JsonNode legacy = request.get("KeyConditions");
            if (legacy != null && legacy.isObject()) {
                // The legacy form names the partition key's value directly: {pk: {EQ, [value]}}.
                JsonNode value = legacy.path(schema.partitionKey().name())
                        .path("AttributeValueList")
                        .path(0);
                AttrValue pk = AttrJson.value(value);
                return new Estimate(
                        Charge.read(index, KeyHash.of(pk), Capacity.readUnits(0, consistent)),
                        AttrJson.keyString(pk),
                        null,
                        consistent);
            }
            Map<String, String> names = null;
            if (request.has("ExpressionAttributeNames")) {
                names = new LinkedHashMap<>();
                Map<String, String> n = names;
                request.get("ExpressionAttributeNames")
                        .properties()
                        .forEach(f -> n.put(f.getKey(), f.getValue().asText()));
            }
            Map<String, AttrValue> values = request.has("ExpressionAttributeValues")
                    ? AttrJson.item(request.get("ExpressionAttributeValues"), "values")
                    : null;
            KeyCondition kc = KeyCondition.parse(
                    request.path("KeyConditionExpression").asText(""), ExpressionContext.of(names, values), schema);
            return new Estimate(
                    Charge.read(index, KeyHash.of(kc.partitionValue()), Capacity.readUnits(0, consistent)),
                    AttrJson.keyString(kc.partitionValue()),
                    null,
                    consistent);
        } catch (RuntimeException malformed) {
            // The upstream will say what is wrong with the expression; admit on the table's first partition.
            return new Estimate(Charge.read(index, 0, Capacity.readUnits(0, consistent)), null, null, consistent);
        }
    }

    private static String gsi(JsonNode request, TableCatalog.Entry table) {
        String index = request.path("IndexName").asText(null);
        return index != null && table.indexes().containsKey(index) ? index : null;
    }

    private static Estimate unknown(boolean read, boolean consistent) {
        return new Estimate(
                read ? Charge.read(null, 0, Capacity.readUnits(0, consistent)) : Charge.write(0, 1, List.of()),
                null,
                null,
                consistent);
    }

    private static long hash(Map<String, AttrValue> item, TableCatalog.Entry table) {
        return KeyHash.of(item.get(table.key().partitionKey().name()));
    }

    private static String keyString(Map<String, AttrValue> item, TableCatalog.Entry table, boolean partition) {
        if (!partition && table.key().sortKey() == null) {
            return null;
        }
        AttrValue v = item.get(
                partition
                        ? table.key().partitionKey().name()
                        : table.key().sortKey().name());
        return v == null ? null : AttrJson.keyString(v);
    }

    /** The GSI entries a put creates (projected size of the item), each on its own index partition. */
    private static List<Charge.IndexWrite> gsiWrites(Map<String, AttrValue> item, TableCatalog.Entry table) {
        List<Charge.IndexWrite> writes = new ArrayList<>();
        for (TableCatalog.Index index : table.indexes().values()) {
            AttrValue pk = item.get(index.key().partitionKey().name());
            if (pk == null
                    || (index.key().sortKey() != null
                            && item.get(index.key().sortKey().name()) == null)) {
                continue;
            }
            long size = ItemSize.of(project(item, index, table));
            writes.add(new Charge.IndexWrite(index.name(), KeyHash.of(pk), Capacity.writeUnits(size)));
        }
        return writes;
    }

    private static Map<String, AttrValue> project(
            Map<String, AttrValue> item, TableCatalog.Index index, TableCatalog.Entry table) {
        if (index.projectionType().equals("ALL")) {
            return item;
        }
        Map<String, AttrValue> out = new LinkedHashMap<>();
        item.forEach((k, v) -> {
            boolean key = k.equals(table.key().partitionKey().name())
                    || (table.key().sortKey() != null
                            && k.equals(table.key().sortKey().name()))
                    || k.equals(index.key().partitionKey().name())
                    || (index.key().sortKey() != null
                            && k.equals(index.key().sortKey().name()));
            if (key
                    || (index.projectionType().equals("INCLUDE")
                            && index.nonKeyAttributes().contains(k))) {
                out.put(k, v);
            }
        });
        return out;
    }
}
