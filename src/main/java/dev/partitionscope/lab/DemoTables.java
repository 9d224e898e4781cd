package dev.partitionscope.lab;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.partitionscope.lab.engine.LabEngine;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Random;
import java.util.UUID;

/**
 * The tables the seeds talk about, with deterministic sample data, so the Lab opens on something recognisable:
 * {@code app} (seed 000's single-table design with OPS_LOG, THREAT#brand and BRAND_INDEX keys and GSI1),
 * {@code order-status-index} (seed 001's four-valued status index) and {@code pedidos} (seed 002's orders by day).
 */
public final class DemoTables {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    public static final String APP = "app";
    public static final String ORDER_STATUS = "order-status-index";
    public static final String PEDIDOS = "pedidos";

    private DemoTables() {}

    /**
     * Creates the demo tables that do not exist yet and fills them, with Contributor Insights on for each table and
     * GSI: in the Lab it costs nothing, and the heatmap and top keys need it from the first request on.
     */
    public static void create(LabEngine engine) {
        Random random = new Random(42);
        if (!engine.tablesByName().containsKey(APP)) {
            createApp(engine, random);
            enableInsights(engine, APP, "GSI1");
        }
        if (!engine.tablesByName().containsKey(ORDER_STATUS)) {
            createOrderStatus(engine, random);
            enableInsights(engine, ORDER_STATUS);
        }
        if (!engine.tablesByName().containsKey(PEDIDOS)) {
            createPedidos(engine, random);
            enableInsights(engine, PEDIDOS);
        }
    }

    private static void enableInsights(LabEngine engine, String table, String... indexes) {
        engine.handleAtOnce(
                "UpdateContributorInsights",
                F.objectNode().put("TableName", table).put("ContributorInsightsAction", "ENABLE"));
        for (String index : indexes) {
            engine.handleAtOnce(
                    "UpdateContributorInsights",
                    F.objectNode()
                            .put("TableName", table)
                            .put("IndexName", index)
                            .put("ContributorInsightsAction", "ENABLE"));
        }
    }

    private static void createApp(LabEngine engine, Random random) {
        ObjectNode req = F.objectNode().put("TableName", APP).put("BillingMode", "PAY_PER_REQUEST");
        ArrayNode defs = req.putArray("AttributeDefinitions");
        for (String a : new String[] {"PK", "SK", "GSI1PK", "GSI1SK"}) {
            defs.addObject().put("AttributeName", a).put("AttributeType", "S");
        }
        keys(req.putArray("KeySchema"), "PK", "SK");
        ObjectNode gsi = req.putArray("GlobalSecondaryIndexes").addObject().put("IndexName", "GSI1");
        keys(gsi.putArray("KeySchema"), "GSI1PK", "GSI1SK");
        gsi.putObject("Projection").put("ProjectionType", "ALL");
        engine.handleAtOnce("CreateTable", req);

        Instant t = Instant.parse("2026-06-22T01:00:00Z");
        String[] agents = {"threat_detector", "listing_classifier", "image_matcher", "price_anomaly"};
        String[] severities = {"LOW", "MEDIUM", "HIGH"};
        for (int i = 0; i < 160; i++) {
            Instant ts = t.plus(i * 37L, ChronoUnit.SECONDS);
            String agent = agents[random.nextInt(agents.length)];
            put(
                    engine,
                    APP,
                    F.objectNode().set("PK", s("OPS_LOG")),
                    "SK",
                    s(ts + "#" + agent),
                    "agent",
                    s(agent),
                    "latencyMs",
                    n(80 + random.nextInt(900)),
                    "aiSeverity",
                    s(severities[random.nextInt(3)]));
        }
        String[] brands = {"brand-abc-123", "brand-luxe-7", "brand-nord-42"};
        String[] kinds = {"geographic_anomaly", "price_drop", "counterfeit_listing"};
        for (int i = 0; i < 90; i++) {
            String brand = i < 70 ? brands[0] : brands[1 + random.nextInt(2)];
            Instant ts = t.plus(i * 311L, ChronoUnit.SECONDS);
            String kind = kinds[random.nextInt(kinds.length)];
            put(
                    engine,
                    APP,
                    F.objectNode().set("PK", s("THREAT#" + brand)),
                    "SK",
                    s("ALERT#" + ts + "#" + kind),
                    "severity",
                    s(severities[random.nextInt(3)]),
                    "GSI1PK",
                    s("BRAND#" + brand),
                    "GSI1SK",
                    s("THREAT#" + ts));
        }
        String[] names = {"Luxe Watches", "Nord Outdoor", "Aster Bags", "Kite Shoes", "Mira Optics"};
        for (int i = 0; i < 25; i++) {
            Instant ts = t.minus(i, ChronoUnit.DAYS);
            String id = Integer.toString(1000 + i, 36);
            put(
                    engine,
                    APP,
                    F.objectNode().set("PK", s("BRAND_INDEX")),
                    "SK",
                    s("BRAND#" + ts + "#" + id),
                    "name",
                    s(names[i % names.length] + " " + (i / names.length + 1)));
        }
        for (int i = 0; i < 60; i++) {
            UUID id = new UUID(random.nextLong(), random.nextLong());
            put(
                    engine,
                    APP,
                    F.objectNode().set("PK", s("PRODUCT#" + id)),
                    "SK",
                    s("META"),
                    "brand",
                    s("BRAND#" + brands[random.nextInt(3)]),
                    "price",
                    n(5 + random.nextInt(900)));
        }
    }

    private static void createOrderStatus(LabEngine engine, Random random) {
        ObjectNode req = F.objectNode().put("TableName", ORDER_STATUS).put("BillingMode", "PROVISIONED");
        ArrayNode defs = req.putArray("AttributeDefinitions");
        defs.addObject().put("AttributeName", "status").put("AttributeType", "S");
        defs.addObject().put("AttributeName", "orderId").put("AttributeType", "S");
        keys(req.putArray("KeySchema"), "status", "orderId");
        req.putObject("ProvisionedThroughput").put("ReadCapacityUnits", 2000).put("WriteCapacityUnits", 2000);
        engine.handleAtOnce("CreateTable", req);
        for (int i = 0; i < 400; i++) {
            int r = random.nextInt(100);
            String status = r < 55 ? "PENDING" : r < 85 ? "SHIPPED" : r < 95 ? "DELIVERED" : "CANCELLED";
            String orderId = new UUID(random.nextLong(), random.nextLong()).toString();
            put(
                    engine,
                    ORDER_STATUS,
                    F.objectNode().set("status", s(status)),
                    "orderId",
                    s(orderId),
                    "total",
                    n(10 + random.nextInt(490)));
        }
    }

    private static void createPedidos(LabEngine engine, Random random) {
        ObjectNode req = F.objectNode().put("TableName", PEDIDOS).put("BillingMode", "PAY_PER_REQUEST");
        ArrayNode defs = req.putArray("AttributeDefinitions");
        defs.addObject().put("AttributeName", "PK").put("AttributeType", "S");
        defs.addObject().put("AttributeName", "SK").put("AttributeType", "S");
        keys(req.putArray("KeySchema"), "PK", "SK");
        engine.handleAtOnce("CreateTable", req);
        String[] days = {"2026-09-05", "2026-09-06", "2026-09-07"};
        for (int i = 0; i < 240; i++) {
            String day = days[i < 160 ? 1 : random.nextInt(3)];
            String id = "P" + (100_000 + random.nextInt(900_000));
            put(
                    engine,
                    PEDIDOS,
                    F.objectNode().set("PK", s("PEDIDOS#" + day)),
                    "SK",
                    s("PEDIDO#" + id),
                    "cliente",
                    s("cliente-" + random.nextInt(80)),
                    "importe",
                    n(5 + random.nextInt(300)));
        }
    }

    private static void keys(ArrayNode schema, String pk, String sk) {
        schema.addObject().put("AttributeName", pk).put("KeyType", "HASH");
        schema.addObject().put("AttributeName", sk).put("KeyType", "RANGE");
    }

    private static void put(LabEngine engine, String table, ObjectNode item, Object... more) {
        for (int i = 0; i < more.length; i += 2) {
            item.set((String) more[i], (ObjectNode) more[i + 1]);
        }
        // Metered as the traffic it is (the first heatmap shows it), but never refused: a model with a tiny burst
        // (tests, presentations) must not fail the Lab's start with a throttle.
        engine.putSeed(table, dev.partitionscope.lab.wire.AttrJson.item(item, "item"));
    }

    private static ObjectNode s(String v) {
        return F.objectNode().put("S", v);
    }

    private static ObjectNode n(long v) {
        return F.objectNode().put("N", Long.toString(v));
    }
}
