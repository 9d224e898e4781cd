package dev.partitionscope.lab.demo;

import dev.partitionscope.lab.demo.Story.Kind;
import dev.partitionscope.lab.demo.Story.Step;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The guided demos: one story per pattern of the seeds, in the Demo menu's order. Numbers in the captions are the
 * scenarios' own (their JSON states rate, item size and skew) and the tests check the screens agree with them.
 */
public final class Stories {
    private Stories() {}

    /** All stories, in menu order. */
    public static List<Story> all() {
        return List.of(orderStatus(), opsLog(), threats(), randomVsCalculated());
    }

    public static Optional<Story> find(String id) {
        return all().stream().filter(s -> s.id().equals(id)).findFirst();
    }

    private static Step run(String variant, int minutes, String title, String caption) {
        return new Step(Kind.RUN, title, caption, Map.of("variant", variant, "minutes", Integer.toString(minutes)));
    }

    private static Step metrics(String caption) {
        return new Step(Kind.METRICS, "The metrics say why", caption, Map.of());
    }

    private static Step audit(String caption) {
        return new Step(Kind.AUDIT, "The audit names the pattern", caption, Map.of());
    }

    static Story orderStatus() {
        return new Story(
                "order-status",
                "Order-status index: suffix the hot values",
                "001",
                "order-status",
                "order-status-index",
                "Seed 001: an index of orders by status, where PENDING takes 70 % of the writes.",
                List.of(
                        run(
                                "before",
                                8,
                                "Before: every pending order under one key",
                                "The index is keyed by status. 900 entries/s of 1.2 KB (2 WCU) are 1,800 WCU/s — inside"
                                        + " the table's 2,000 — but PENDING alone gets 70 % of them: about 1,250 WCU/s"
                                        + " on one key, above the 1,000 WCU/s one partition serves. Watch the PENDING"
                                        + " row: red, with throttle marks (TableWriteKeyRangeThroughputExceeded)."),
                        metrics("Consumed capacity stays under what is provisioned, yet writes are throttled: the"
                                + " verdict blames a hot partition, not the table's size. Contributor Insights' top"
                                + " key is PENDING."),
                        audit("A budgeted Scan finds the pattern: a status index — four values, one of them taking"
                                + " most of the writes. The advisor gives seed 001's remedy: suffix only the hot"
                                + " values."),
                        new Step(
                                Kind.DESIGN,
                                "The designer previews the fix",
                                "PENDING's 630 writes/s are 1,260 WCU/s on one key. The N calculator says N = 4"
                                        + " (1.3 keys at the ceiling × 2.5 headroom); seed 001 shards into 8, twice"
                                        + " that, for growth: hash:8 of the table's own order ids gives 8 shards of"
                                        + " about 160 WCU/s, room for 6× today's load. hash:2 leaves each near 630"
                                        + " WCU/s — enough today, not with growth.",
                                Map.of(
                                        "key",
                                        "PENDING",
                                        "rate",
                                        "630",
                                        "itemBytes",
                                        "1200",
                                        "schemes",
                                        "hash:8|hash:4|hash:2|random:8")),
                        run(
                                "after",
                                8,
                                "After: PENDING,SHIPPED:hash:8",
                                "The same 900 entries/s with the hot values suffixed: PENDING#1 … PENDING#8 take"
                                        + " about 160 WCU/s each, DELIVERED and CANCELLED stay as they are. The heat"
                                        + " spreads over eight rows; no key-range throttles."),
                        new Step(
                                Kind.SCATTER,
                                "Reading it back: 8 queries and a merge",
                                "All PENDING orders, newest first, limit 100: eight Queries in parallel, merged as"
                                        + " they arrive. The Scan baseline returns the same items in the same order,"
                                        + " and a point read recomputes PENDING#n from an order id — no fan-out.",
                                Map.of(
                                        "key",
                                        "PENDING",
                                        "scheme",
                                        "PENDING,SHIPPED:hash:8",
                                        "limit",
                                        "100",
                                        "descending",
                                        "true",
                                        "point",
                                        "orderId"))));
    }

    static Story opsLog() {
        return new Story(
                "ops-log",
                "OPS_LOG: a day bucket moves the heat, shards spread it",
                "000",
                "ops-log",
                "app",
                "Seed 000: every operations-log entry under PK OPS_LOG.",
                List.of(
                        run(
                                "before",
                                6,
                                "Before: one key for the whole log",
                                "Every entry goes to PK OPS_LOG: 700 entries/s of 1.8 KB (2 WCU) are 1,400 WCU/s on"
                                        + " one key, above the 1,000 WCU/s a partition serves, while the on-demand"
                                        + " table is nowhere near its limits. About 3 writes in 10 are throttled."),
                        metrics("Throttles by cause: all of them key-range (a hot partition), none for the table or"
                                + " the account. Contributor Insights' top key is OPS_LOG with all the traffic."),
                        audit("The audit finds OPS_LOG: cardinality 1 — hot by definition. The advice: a day bucket,"
                                + " and shards within the day when today's key alone is over the ceiling."),
                        run(
                                "after",
                                5,
                                "The seed's fix as written: OPS_LOG#<day>",
                                "Day buckets bound the key's size and make a day one query — but every write still"
                                        + " goes to today's key, and GSI1's single OPS_LOG key takes every write too"
                                        + " (IndexWriteKeyRangeThroughputExceeded). The heat moved; it did not spread."),
                        new Step(
                                Kind.DESIGN,
                                "The designer: a time bucket is not a shard",
                                "day alone puts today's 1,400 WCU/s on one key (predicted throttling). The N"
                                        + " calculator says N = 4; day+random:8, twice that for growth, gives 8 keys of"
                                        + " about 175 WCU/s. Random is fine here: the log is read a day or a week at a"
                                        + " time, never one entry by id.",
                                Map.of(
                                        "key",
                                        "OPS_LOG",
                                        "rate",
                                        "700",
                                        "itemBytes",
                                        "1800",
                                        "schemes",
                                        "day|day+random:8|day+random:2|hour")),
                        run(
                                "after-sharded",
                                6,
                                "After: day+random:8, and GSI1 sharded the same way",
                                "OPS_LOG#<day>#1 … #8 on the table and OPS_LOG#1 … #8 on GSI1: about 175 WCU/s per"
                                        + " key. The rows multiply and cool down; no key-range throttles."),
                        new Step(
                                Kind.SCATTER,
                                "The dashboard's read: 8 GSI1 keys merged",
                                "The newest 50 entries across days come from the 8 GSI1 keys, merged newest first."
                                        + " The Scan baseline of the index returns the same entries in the same order.",
                                Map.of(
                                        "key",
                                        "OPS_LOG",
                                        "scheme",
                                        "random:8",
                                        "index",
                                        "GSI1",
                                        "limit",
                                        "50",
                                        "descending",
                                        "true"))));
    }

    static Story threats() {
        return new Story(
                "threats",
                "THREAT by brand and month: one attacked brand",
                "000",
                "threats",
                "app",
                "Seed 000: security alerts under PK THREAT#<brand>; one brand is under attack.",
                List.of(
                        run(
                                "before",
                                6,
                                "Before: one brand takes 80 % of the alerts",
                                "brand-abc-123 is under attack: 640 of 800 alerts/s, 1.5 KB each (2 WCU), are 1,280"
                                        + " WCU/s on THREAT#brand-abc-123, above the 1,000 WCU/s ceiling. The other 29"
                                        + " brands write freely."),
                        metrics("The verdict: a hot partition. Contributor Insights ranks THREAT#brand-abc-123 first,"
                                + " with the throttled requests on that key alone."),
                        audit("The audit finds THREAT#<text> with one value far hotter than the rest, and suggests"
                                + " sharding that value only: THREAT#brand-abc-123 with a hash suffix."),
                        run(
                                "after",
                                5,
                                "The seed's fix as written: THREAT#<brand>#<month>",
                                "The month bucket bounds each key's size, but this month's alerts of the attacked"
                                        + " brand still share one key: it throttles just as before."),
                        new Step(
                                Kind.DESIGN,
                                "The designer: month plus a hash of the alert id",
                                "month keeps 1,280 WCU/s on one key. The N calculator says N = 4; month+hash:8,"
                                        + " twice that for a bigger attack, gives 8 keys of about 160 WCU/s, and hash:8"
                                        + " of the alert id is computable, so one alert can still be read directly.",
                                Map.of(
                                        "key",
                                        "THREAT#brand-abc-123",
                                        "rate",
                                        "640",
                                        "itemBytes",
                                        "1500",
                                        "schemes",
                                        "month|month+hash:8|month+hash:2|hash:8")),
                        run(
                                "after-sharded",
                                6,
                                "After: month+hash:8, GSI1 by brand hashed the same way",
                                "THREAT#brand-abc-123#<month>#1 … #8 and BRAND#brand-abc-123#1 … #8 on GSI1: the"
                                        + " attack spreads over 8 keys of about 160 WCU/s. No key-range throttles."),
                        new Step(
                                Kind.SCATTER,
                                "Reading a brand's alerts: 8 GSI1 queries",
                                "The newest 50 alerts of the attacked brand: 8 GSI1 Queries merged newest first,"
                                        + " identical to the Scan baseline of the index.",
                                Map.of(
                                        "key",
                                        "BRAND#brand-abc-123",
                                        "scheme",
                                        "hash:8",
                                        "index",
                                        "GSI1",
                                        "limit",
                                        "50",
                                        "descending",
                                        "true"))));
    }

    static Story randomVsCalculated() {
        return new Story(
                "random-vs-calculated",
                "Random vs calculated suffixes: PEDIDOS#<date>",
                "002",
                "orders-by-day",
                "pedidos",
                "Seed 002: a day's orders under one date key, and the two ways to" + " shard it.",
                List.of(
                        run(
                                "before",
                                6,
                                "Before: the day's orders on one key",
                                "600 operations/s, 97 % of them orders of 1.5 KB (2 WCU): about 1,160 WCU/s on"
                                        + " PEDIDOS#<date>, above the 1,000 WCU/s ceiling."),
                        metrics("On-demand, the total is far from any limit, yet writes are throttled: the ceiling"
                                + " being hit is one partition's. Contributor Insights' top key is today's date."),
                        audit("The audit finds a date key (one hot value per day) and recommends a calculated"
                                + " suffix, so single orders stay readable by id."),
                        new Step(
                                Kind.DESIGN,
                                "The designer: random, sum and product on the table's ids",
                                "The N calculator says N = 3 for the day's 1,164 WCU/s; seed 002 uses 10. random:10"
                                        + " and sum:10 spread the day over 10 keys. product:200 — AWS's example — puts"
                                        + " every one of these ids on suffix 1:"
                                        + " 'P' is code point 80 = 2⁴·5 and each sort key PEDIDO#P… holds two, so the"
                                        + " product is a multiple of 200. A calculated suffix needs a well-mixed"
                                        + " function.",
                                Map.of(
                                        "key",
                                        "PEDIDOS#{date}",
                                        "rate",
                                        "582",
                                        "itemBytes",
                                        "1500",
                                        "separator",
                                        ".",
                                        "schemes",
                                        "random:10|product:200|sum:10|hash:10")),
                        run(
                                "after",
                                6,
                                "After: PEDIDOS#<date>.<sum:10 of the order id>",
                                "Seed 002's code as written: code-point sum mod 10, + 1, joined with '.'. The day's"
                                        + " writes spread over 10 keys of about 116 WCU/s; no key-range throttles."),
                        new Step(
                                Kind.SCATTER,
                                "Calculated means recomputable",
                                "Reading the whole day is still 10 Queries and a union — the price of the pattern —"
                                        + " and the Scan baseline agrees. But one order is a GetItem: its key is"
                                        + " recomputed from its id. With random:10 there would be no key to compute.",
                                Map.of(
                                        "key",
                                        "PEDIDOS#{date}",
                                        "scheme",
                                        "sum:10",
                                        "separator",
                                        ".",
                                        "limit",
                                        "100",
                                        "point",
                                        "SK",
                                        "pointPrefix",
                                        "PEDIDO#"))));
    }
}
