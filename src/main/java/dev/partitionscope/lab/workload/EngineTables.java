package dev.partitionscope.lab.workload;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.partitionscope.lab.engine.KeyDef;
import dev.partitionscope.lab.engine.LabEngine;
import dev.partitionscope.lab.engine.LabTable;

/**
 * Creates a scenario's tables in an in-process Lab engine (through CreateTable, as a client would), or checks that
 * an existing table has the keys the scenario writes.
 */
public final class EngineTables {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private EngineTables() {}

    public static void ensure(LabEngine engine, TableDef def) {
        LabTable existing = engine.tablesByName().get(def.name());
        if (existing != null) {
            KeyDef k = existing.key();
            if (!k.partitionKey().equals(def.partitionKey()) || !java.util.Objects.equals(k.sortKey(), def.sortKey())) {
                throw new ScenarioException("Table " + def.name() + " exists with key " + k.partitionKey()
                        + (k.sortKey() == null ? "" : " / " + k.sortKey()) + ", but the scenario needs "
                        + def.partitionKey() + (def.sortKey() == null ? "" : " / " + def.sortKey())
                        + ". Delete the table or run the scenario against another endpoint.");
            }
            for (TableDef.Gsi g : def.indexes()) {
                if (!existing.capacityConfig().indexes().containsKey(g.name())) {
                    throw new ScenarioException("Table " + def.name() + " exists without the index " + g.name()
                            + " the scenario writes. Delete the table or add the index (UpdateTable).");
                }
            }
        } else {
            engine.handleAtOnce("CreateTable", createRequest(def));
        }
        enableInsights(engine, def);
    }

    /** Contributor Insights on for the table and its GSIs where off, as {@link SdkTables#enableInsights} does. */
    private static void enableInsights(LabEngine engine, TableDef def) {
        java.util.List<String> indexes = new java.util.ArrayList<>();
        indexes.add(null);
        def.indexes().forEach(g -> indexes.add(g.name()));
        for (String index : indexes) {
            ObjectNode req = F.objectNode().put("TableName", def.name());
            if (index != null) {
                req.put("IndexName", index);
            }
            String status = engine.handleAtOnce("DescribeContributorInsights", req.deepCopy())
                    .path("ContributorInsightsStatus")
                    .asText();
            if (!status.equals("ENABLED")) {
                engine.handleAtOnce("UpdateContributorInsights", req.put("ContributorInsightsAction", "ENABLE"));
            }
        }
    }

    static ObjectNode createRequest(TableDef def) {
        ObjectNode req = F.objectNode()
                .put("TableName", def.name())
                .put("BillingMode", def.onDemand() ? "PAY_PER_REQUEST" : "PROVISIONED");
        java.util.Set<String> attrs = new java.util.LinkedHashSet<>();
        attrs.add(def.partitionKey());
        if (def.sortKey() != null) {
            attrs.add(def.sortKey());
        }
        keys(req.putArray("KeySchema"), def.partitionKey(), def.sortKey());
        if (!def.indexes().isEmpty()) {
            ArrayNode gsis = req.putArray("GlobalSecondaryIndexes");
            for (TableDef.Gsi g : def.indexes()) {
                attrs.add(g.partitionKey());
                if (g.sortKey() != null) {
                    attrs.add(g.sortKey());
                }
                ObjectNode gsi = gsis.addObject().put("IndexName", g.name());
                keys(gsi.putArray("KeySchema"), g.partitionKey(), g.sortKey());
                gsi.putObject("Projection").put("ProjectionType", g.keysOnly() ? "KEYS_ONLY" : "ALL");
                if (!def.onDemand()) {
                    throughput(gsi, def);
                }
            }
        }
        ArrayNode defs = req.putArray("AttributeDefinitions");
        attrs.forEach(a -> defs.addObject().put("AttributeName", a).put("AttributeType", "S"));
        if (!def.onDemand()) {
            throughput(req, def);
        }
        if (def.stream() != null) {
            req.putObject("StreamSpecification").put("StreamEnabled", true).put("StreamViewType", def.stream());
        }
        return req;
    }

    private static void throughput(ObjectNode node, TableDef def) {
        node.putObject("ProvisionedThroughput")
                .put("ReadCapacityUnits", def.readCapacity())
                .put("WriteCapacityUnits", def.writeCapacity());
    }

    private static void keys(ArrayNode schema, String pk, String sk) {
        schema.addObject().put("AttributeName", pk).put("KeyType", "HASH");
        if (sk != null) {
            schema.addObject().put("AttributeName", sk).put("KeyType", "RANGE");
        }
    }
}
