package dev.partitionscope.core.audit;

import dev.partitionscope.core.scheme.KeyScheme;
import dev.partitionscope.core.scheme.Suffixes;
import java.time.Instant;
import java.util.SplittableRandom;
import java.util.UUID;

/**
 * The Lab scenarios' tables (resources/scenarios/*.json), item by item, as their generators draw them: uuids from
 * two random longs, {@code {now}} as ISO-8601 with milliseconds, weighted values, a hot key taking its share of the
 * draws, and the after-variants' key schemes applied with {@link KeyScheme#apply}, as the Lab's workloads do. Time
 * advances with each item so day and month buckets change over the run.
 */
final class SeedTables {
    /** Receives one item: partition key, sort key (or null) and item size. */
    interface Sink {
        void item(String pk, String sk, long bytes);
    }

    static final long START = Instant.parse("2026-06-22T01:00:00Z").toEpochMilli();
    private static final String[] AGENTS = {"threat_detector", "listing_classifier", "image_matcher", "price_anomaly"};
    private static final int[] AGENT_WEIGHTS = {40, 30, 20, 10};
    private static final String[] STATUSES = {"PENDING", "SHIPPED", "DELIVERED", "CANCELLED"};
    private static final int[] STATUS_WEIGHTS = {70, 20, 8, 2};
    private static final String[] KINDS = {"geographic_anomaly", "price_drop", "counterfeit_listing"};
    private static final int[] KIND_WEIGHTS = {50, 30, 20};

    private final SplittableRandom random;
    private final long stepMillis;
    private long now = START;

    /** @param stepMillis how far the clock moves per item */
    SeedTables(long seed, long stepMillis) {
        this.random = new SplittableRandom(seed);
        this.stepMillis = stepMillis;
    }

    private long tick() {
        now += stepMillis;
        return now;
    }

    String uuid() {
        return new UUID(random.nextLong(), random.nextLong()).toString();
    }

    String nowText() {
        return Instant.ofEpochMilli(now).toString().replace("Z", "") + (now % 1000 == 0 ? ".000Z" : "Z");
    }

    private String weighted(String[] values, int[] weights) {
        int total = 0;
        for (int w : weights) {
            total += w;
        }
        int r = random.nextInt(total);
        for (int i = 0; i < values.length; i++) {
            r -= weights[i];
            if (r < 0) {
                return values[i];
            }
        }
        throw new AssertionError();
    }

    /** The Lab's "keys" generator: {@code count} keys, the first being {@code hot} with {@code hotShare} %. */
    private String keys(String prefix, int count, String hot, int hotShare) {
        if (random.nextInt(100) < hotShare) {
            return hot;
        }
        int index = 1 + random.nextInt(count - 1);
        return prefix + String.format("%02d", index + 1);
    }

    private String scheme(String spec, String base, String id, String separator) {
        return KeyScheme.parse(spec).apply(base, id, now, random, separator);
    }

    private String agentSortKey() {
        return nowText() + "#" + weighted(AGENTS, AGENT_WEIGHTS);
    }

    /** ops-log: PK OPS_LOG ({@code before}), OPS_LOG#day ({@code after}), day+random:8 ({@code after-sharded}). */
    void opsLog(String variant, int items, Sink table, Sink gsi1) {
        for (int i = 0; i < items; i++) {
            tick();
            String sk = agentSortKey();
            switch (variant) {
                case "before" -> table.item("OPS_LOG", sk, 1800);
                case "after" -> {
                    table.item(scheme("day", "OPS_LOG", null, "#"), sk, 1800);
                    gsi1.item("OPS_LOG", nowText(), 1800);
                }
                case "after-sharded" -> {
                    table.item(scheme("day+random:8", "OPS_LOG", null, "#"), sk, 1800);
                    gsi1.item(scheme("random:8", "OPS_LOG", null, "#"), nowText(), 1800);
                }
                default -> throw new IllegalArgumentException(variant);
            }
        }
    }

    /** threats: THREAT#brand, THREAT#brand#month, month+hash:8 of the alert id. */
    void threats(String variant, int items, Sink table) {
        for (int i = 0; i < items; i++) {
            tick();
            String brand = keys("brand-", 30, "brand-abc-123", 80);
            String sk = "ALERT#" + nowText() + "#" + weighted(KINDS, KIND_WEIGHTS);
            String pk =
                    switch (variant) {
                        case "before" -> "THREAT#" + brand;
                        case "after" -> scheme("month", "THREAT#" + brand, null, "#");
                        case "after-sharded" -> scheme("month+hash:8", "THREAT#" + brand, uuid(), "#");
                        default -> throw new IllegalArgumentException(variant);
                    };
            table.item(pk, sk, 1500);
        }
    }

    /** collection-keys: BRAND_INDEX and PRODUCT_INDEX (1 : 3), a bulk import of products, then random:10. */
    void collectionKeys(String variant, int items, Sink table) {
        for (int i = 0; i < items; i++) {
            tick();
            if (variant.equals("before") && random.nextInt(4) == 0) {
                table.item("BRAND_INDEX", "BRAND#" + nowText() + "#" + uuid(), 800);
                continue;
            }
            String pk = variant.equals("after") ? scheme("random:10", "PRODUCT_INDEX", null, "#") : "PRODUCT_INDEX";
            table.item(pk, "PRODUCT#" + nowText() + "#" + uuid(), 800);
        }
    }

    /** order-status: the status itself, then PENDING,SHIPPED:hash:8 of the order id. */
    void orderStatus(String variant, int items, Sink table) {
        for (int i = 0; i < items; i++) {
            tick();
            String status = weighted(STATUSES, STATUS_WEIGHTS);
            String orderId = uuid();
            String pk = variant.equals("before") ? status : scheme("PENDING,SHIPPED:hash:8", status, orderId, "#");
            table.item(pk, orderId, 1200);
        }
    }

    /** orders-by-day: PEDIDOS#date, then sum:10 of the order id with separator '.'. */
    void ordersByDay(String variant, int items, Sink table) {
        for (int i = 0; i < items; i++) {
            tick();
            String orderId = "P" + (100_000 + random.nextInt(900_000));
            String base = "PEDIDOS#" + Suffixes.bucket(KeyScheme.Bucket.DAY, now);
            String pk = variant.equals("before") ? base : scheme("sum:10", base, orderId, ".");
            table.item(pk, "PEDIDO#" + orderId, 1500);
        }
    }

    /** tenant-skew: TENANT#tenant (acme 80 %), then TENANT#acme:hash:8 of the event id. */
    void tenantSkew(String variant, int items, Sink table) {
        for (int i = 0; i < items; i++) {
            tick();
            String tenant = keys("tenant-", 50, "acme", 80);
            String eventId = uuid();
            String pk = variant.equals("before")
                    ? "TENANT#" + tenant
                    : scheme("TENANT#acme:hash:8", "TENANT#" + tenant, eventId, "#");
            table.item(pk, "EVENT#" + nowText() + "#" + eventId, 1500);
        }
    }

    /** global-counter: one item per counter key (UpdateItem ADD), no sort key; then random:10 shards. */
    void globalCounter(String variant, int updates, Sink table) {
        java.util.Set<String> keys = new java.util.TreeSet<>();
        for (int i = 0; i < updates; i++) {
            tick();
            keys.add(
                    variant.equals("before") ? "CONTADOR#visitas" : scheme("random:10", "CONTADOR#visitas", null, "#"));
        }
        keys.forEach(k -> table.item(k, null, 100)); // a scan sees each counter item once
    }
}
