package dev.partitionscope.lab.proxy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.partitionscope.core.table.KeyAttribute;
import dev.partitionscope.core.table.KeySchema;
import dev.partitionscope.core.table.KeyType;
import dev.partitionscope.lab.engine.CapacityGate;
import dev.partitionscope.lab.partition.CapacityConfig;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * What the proxy knows of the upstream's tables (keys, GSIs, capacity) and the partition model it keeps for each,
 * read with DescribeTable on first use and dropped when the table is created, updated or deleted through the proxy.
 * Entries are per access key, because DynamoDB Local keeps a database per key.
 */
final class TableCatalog {
    private final BiFunction<Upstream.Call, JsonNode, com.fasterxml.jackson.databind.node.ObjectNode> forward;
    private final Function<CapacityConfig, CapacityGate> gates;
    private final Map<String, Entry> entries = new ConcurrentHashMap<>();

    /** A GSI's keys and projection. */
    record Index(String name, KeySchema key, String projectionType, Set<String> nonKeyAttributes) {}

    record Entry(String name, KeySchema key, Map<String, Index> indexes, CapacityGate gate, CapacityConfig config) {}

    TableCatalog(
            BiFunction<Upstream.Call, JsonNode, com.fasterxml.jackson.databind.node.ObjectNode> forward,
            Function<CapacityConfig, CapacityGate> gates) {
        this.forward = forward;
        this.gates = gates;
    }

    Entry entry(Upstream.Call call, String table) {
        String cacheKey = call.accessKey() + "/" + table;
        Entry e = entries.get(cacheKey);
        if (e != null) {
            return e;
        }
        JsonNode d = forward.apply(
                        call.as("DescribeTable"),
                        JsonNodeFactory.instance.objectNode().put("TableName", table))
                .path("Table");
        Entry fresh = parse(d);
        Entry raced = entries.putIfAbsent(cacheKey, fresh);
        return raced == null ? fresh : raced;
    }

    java.util.Optional<Entry> any(String table) {
        return entries.values().stream().filter(e -> e.name().equals(table)).findFirst();
    }

    java.util.List<CapacityConfig> configs() {
        Map<String, CapacityConfig> byName = new LinkedHashMap<>();
        entries.values().forEach(e -> byName.put(e.name(), e.config()));
        return java.util.List.copyOf(byName.values());
    }

    void clear() {
        entries.clear();
    }

    void forget(Upstream.Call call, String table) {
        entries.remove(call.accessKey() + "/" + table);
    }

    private Entry parse(JsonNode d) {
        Map<String, KeyType> types = new HashMap<>();
        d.path("AttributeDefinitions")
                .forEach(a -> types.put(
                        a.path("AttributeName").asText(),
                        KeyType.fromWire(a.path("AttributeType").asText())));
        String name = d.path("TableName").asText();
        String arn = d.path("TableArn").asText("arn:aws:dynamodb:us-east-1:000000000000:table/" + name);
        boolean onDemand = "PAY_PER_REQUEST"
                .equals(d.path("BillingModeSummary").path("BillingMode").asText());
        Map<String, Index> indexes = new LinkedHashMap<>();
        Map<String, CapacityConfig.IndexCapacity> capacities = new LinkedHashMap<>();
        for (JsonNode g : d.path("GlobalSecondaryIndexes")) {
            String indexName = g.path("IndexName").asText();
            Set<String> nonKey = new LinkedHashSet<>();
            g.path("Projection").path("NonKeyAttributes").forEach(n -> nonKey.add(n.asText()));
            indexes.put(
                    indexName,
                    new Index(
                            indexName,
                            key(g.path("KeySchema"), types),
                            g.path("Projection").path("ProjectionType").asText("ALL"),
                            nonKey));
            capacities.put(
                    indexName,
                    new CapacityConfig.IndexCapacity(
                            g.path("IndexArn").asText(arn + "/index/" + indexName),
                            units(g, "ReadCapacityUnits", onDemand, "MaxReadRequestUnits"),
                            units(g, "WriteCapacityUnits", onDemand, "MaxWriteRequestUnits")));
        }
        CapacityConfig config = new CapacityConfig(
                name,
                arn,
                onDemand,
                units(d, "ReadCapacityUnits", onDemand, "MaxReadRequestUnits"),
                units(d, "WriteCapacityUnits", onDemand, "MaxWriteRequestUnits"),
                capacities);
        return new Entry(name, key(d.path("KeySchema"), types), indexes, gates.apply(config), config);
    }

    private static double units(JsonNode d, String field, boolean onDemand, String maxField) {
        if (onDemand) {
            return d.path("OnDemandThroughput").path(maxField).asDouble(-1);
        }
        return d.path("ProvisionedThroughput").path(field).asDouble(1);
    }

    private static KeySchema key(JsonNode schema, Map<String, KeyType> types) {
        KeyAttribute pk = null;
        KeyAttribute sk = null;
        for (JsonNode e : schema) {
            String n = e.path("AttributeName").asText();
            KeyAttribute a = new KeyAttribute(n, types.getOrDefault(n, KeyType.S));
            if ("HASH".equals(e.path("KeyType").asText())) {
                pk = a;
            } else {
                sk = a;
            }
        }
        if (pk == null) {
            throw new dev.partitionscope.lab.wire.LabException(
                    "InternalServerError",
                    "The upstream described a table without a partition key",
                    502,
                    java.util.List.of(),
                    null);
        }
        return new KeySchema(pk, sk);
    }
}
