package dev.partitionscope.core.audit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.partitionscope.core.scheme.KeyScheme;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Pattern extraction on the Lab scenarios' tables (see {@link SeedTables}), before and after each seed's fix: the
 * patterns found are exactly the seeds' ones, with the facts the risk matrix reads off them.
 */
class KeyPatternsTest {
    private static final long MINUTE = 60_000;
    private static final long HOUR = 60 * MINUTE;

    private static List<String> templates(KeyPatterns k) {
        return k.patterns().stream().map(PatternStats::template).toList();
    }

    private static PatternStats only(KeyPatterns k) {
        assertThat(k.patterns()).hasSize(1);
        return k.patterns().get(0);
    }

    private static PatternStats find(KeyPatterns k, String template) {
        return k.patterns().stream()
                .filter(p -> p.template().equals(template))
                .findFirst()
                .orElseThrow(() -> new AssertionError(template + " not among " + templates(k)));
    }

    // --- seed 000 -----------------------------------------------------------------------------------------------

    @Test
    void opsLogBeforeIsOneKeyHotByDefinition() {
        KeyPatterns table = new KeyPatterns();
        new SeedTables(1, 100).opsLog("before", 20_000, table::add, null);

        PatternStats p = only(table);
        assertThat(p.template()).isEqualTo("OPS_LOG");
        assertThat(p.singleKey()).isTrue();
        assertThat(p.estimatedCardinality()).isEqualTo(1);
        assertThat(p.cardinalityError()).isZero();
        assertThat(p.topKeys()).containsExactly(new PatternStats.KeyCount("OPS_LOG", 20_000, 0));
        assertThat(p.topKeyShare()).isEqualTo(1.0);
        assertThat(p.hasTimeBucket()).isFalse();
        assertThat(p.hasShardSuffix()).isFalse();
        assertThat(p.sortKeyTemplate()).isEqualTo("<timestamp>#<text>");
        // 1.8 KB items: 2 WCU per write, 1 RCU strongly consistent, 0.5 eventually (dynamodb-facts §3).
        assertThat(p.itemBytes()).isEqualTo(new PatternStats.ItemSizes(1800, 1800, 1800));
        assertThat(p.costAtP50()).isEqualTo(new PatternStats.UnitCost(1800, 2, 1, 0.5));
        assertThat(p.parts()).singleElement().satisfies(part -> {
            assertThat(part.kind()).isEqualTo(ValueKind.LITERAL);
            assertThat(part.literal()).isEqualTo("OPS_LOG");
        });
    }

    @Test
    void opsLogAfterIsADayBucketAndItsGsiKeyIsOneKeyAgain() {
        KeyPatterns table = new KeyPatterns();
        KeyPatterns gsi1 = new KeyPatterns();
        new SeedTables(2, 30 * MINUTE).opsLog("after", 7 * 48, table::add, gsi1::add); // a week

        PatternStats p = only(table);
        assertThat(p.template()).isEqualTo("OPS_LOG#<date>");
        assertThat(p.timeBucket()).contains(KeyScheme.Bucket.DAY);
        assertThat(p.existingScheme()).contains("day");
        assertThat(p.distinctSeen()).isEqualTo(8); // 01:00 on day one to 01:00 on day eight
        assertThat(p.holes()).singleElement().satisfies(h -> {
            assertThat(h.kind()).isEqualTo(ValueKind.DATE);
            assertThat(h.min()).isEqualTo("2026-06-22");
            assertThat(h.max()).isEqualTo("2026-06-29");
        });
        assertThat(only(gsi1).template()).isEqualTo("OPS_LOG");
        assertThat(only(gsi1).singleKey()).isTrue();
    }

    @Test
    void opsLogAfterShardedIsADayBucketWithEightShards() {
        KeyPatterns table = new KeyPatterns();
        KeyPatterns gsi1 = new KeyPatterns();
        new SeedTables(3, 10 * MINUTE).opsLog("after-sharded", 5_000, table::add, gsi1::add);

        PatternStats p = only(table);
        assertThat(p.template()).isEqualTo("OPS_LOG#<date>#<shard 1..8>");
        assertThat(p.shardCount()).isEqualTo(8);
        assertThat(p.timeBucket()).contains(KeyScheme.Bucket.DAY);
        assertThat(p.existingScheme()).contains("day+hash:8");
        assertThat(only(gsi1).template()).isEqualTo("OPS_LOG#<shard 1..8>");
    }

    @Test
    void threatsBeforeIsOneKeyPerBrandWithTheAttackedBrandHoldingMost() {
        KeyPatterns table = new KeyPatterns();
        new SeedTables(4, 1_000).threats("before", 20_000, table::add);

        PatternStats p = only(table);
        assertThat(p.template()).isEqualTo("THREAT#<text>");
        assertThat(p.distinctSeen()).isEqualTo(30);
        assertThat(p.distinctExact()).isTrue();
        assertThat(p.topKeys().get(0).key()).isEqualTo("THREAT#brand-abc-123");
        assertThat(p.topKeyShare()).isCloseTo(0.8, within(0.02));
        assertThat(p.sortKeyTemplate()).isEqualTo("ALERT#<timestamp>#<text>");
        assertThat(p.holes()).singleElement().satisfies(h -> {
            assertThat(h.kind()).isEqualTo(ValueKind.TEXT);
            assertThat(h.distinct()).isEqualTo(30);
        });
    }

    @Test
    void threatsAfterAreMonthBuckets() {
        KeyPatterns table = new KeyPatterns();
        new SeedTables(5, 4 * HOUR).threats("after", 1_000, table::add); // 22 June to 5 December

        PatternStats p = only(table);
        assertThat(p.template()).isEqualTo("THREAT#<text>#<month>");
        assertThat(p.timeBucket()).contains(KeyScheme.Bucket.MONTH);
        assertThat(p.parts().get(2).distinct()).isEqualTo(7);

        KeyPatterns sharded = new KeyPatterns();
        new SeedTables(6, HOUR).threats("after-sharded", 5_000, sharded::add);
        assertThat(only(sharded).template()).isEqualTo("THREAT#<text>#<month>#<shard 1..8>");
        assertThat(only(sharded).existingScheme()).contains("month+hash:8");
    }

    @Test
    void collectionKeysAreTwoSingletonsNotOneEnum() {
        KeyPatterns table = new KeyPatterns();
        new SeedTables(7, 1_000).collectionKeys("before", 8_000, table::add);

        assertThat(templates(table)).containsExactly("PRODUCT_INDEX", "BRAND_INDEX");
        assertThat(table.patterns()).allSatisfy(p -> assertThat(p.singleKey()).isTrue());
        assertThat(find(table, "BRAND_INDEX").sortKeyTemplate()).isEqualTo("BRAND#<timestamp>#<uuid>");
        assertThat(find(table, "BRAND_INDEX").itemShare()).isCloseTo(0.25, within(0.02));

        KeyPatterns after = new KeyPatterns();
        new SeedTables(8, 1_000).collectionKeys("bulk-import", 5_000, after::add);
        new SeedTables(9, 1_000).collectionKeys("after", 6_000, after::add);
        assertThat(templates(after)).containsExactly("PRODUCT_INDEX#<shard 1..10>", "PRODUCT_INDEX");
        assertThat(find(after, "PRODUCT_INDEX#<shard 1..10>").shardCount()).isEqualTo(10);
    }

    @Test
    void theSeedsSingleTableKeepsEachKindOfItemApart() {
        // One table holding seed 000's items side by side, plus entities keyed by id.
        KeyPatterns table = new KeyPatterns();
        new SeedTables(10, 1_000).opsLog("before", 3_000, table::add, null);
        new SeedTables(11, 1_000).collectionKeys("before", 2_000, table::add);
        new SeedTables(12, 1_000).threats("before", 2_500, table::add);
        Random r = new Random(13);
        for (int i = 0; i < 2_000; i++) {
            table.add("ORDER#" + new UUID(r.nextLong(), r.nextLong()), "METADATA", 600);
            table.add("PRODUCT#" + new UUID(r.nextLong(), r.nextLong()), "METADATA", 600);
        }

        assertThat(templates(table))
                .containsExactlyInAnyOrder(
                        "OPS_LOG", "BRAND_INDEX", "PRODUCT_INDEX", "THREAT#<text>", "ORDER#<uuid>", "PRODUCT#<uuid>");
        assertThat(templates(table).get(0)).isEqualTo("OPS_LOG");
        for (String singleton : List.of("OPS_LOG", "BRAND_INDEX", "PRODUCT_INDEX")) {
            assertThat(find(table, singleton).singleKey()).as(singleton).isTrue();
        }
        PatternStats orders = find(table, "ORDER#<uuid>");
        assertThat(orders.distinctSeen()).isEqualTo(1_024);
        assertThat(orders.distinctExact()).isFalse();
        assertThat((double) orders.estimatedCardinality())
                .isCloseTo(2_000, within(3 * orders.cardinalityError() * 2_000));
        assertThat(orders.topKeyShare()).isLessThan(0.01);
        assertThat(orders.examples()).hasSize(3).allSatisfy(e -> assertThat(e).startsWith("ORDER#"));
    }

    // --- seed 001 -----------------------------------------------------------------------------------------------

    @Test
    void orderStatusIsOneIndexWithFourValues() {
        KeyPatterns index = new KeyPatterns();
        new SeedTables(14, 1_000).orderStatus("before", 20_000, index::add);

        PatternStats p = only(index);
        assertThat(p.template()).isEqualTo("{PENDING|SHIPPED|DELIVERED|CANCELLED}");
        assertThat(p.distinctSeen()).isEqualTo(4);
        assertThat(p.estimatedCardinality()).isEqualTo(4);
        assertThat(p.sortKeyTemplate()).isEqualTo("<uuid>");
        PatternStats.Part status = p.enumerated().orElseThrow();
        assertThat(status.values())
                .extracting(PatternStats.ValueCount::value)
                .containsExactly("PENDING", "SHIPPED", "DELIVERED", "CANCELLED");
        assertThat(status.values().get(0).items() / 20_000.0).isCloseTo(0.70, within(0.02));
        assertThat(p.topKeys().get(0))
                .isEqualTo(new PatternStats.KeyCount(
                        "PENDING", status.values().get(0).items(), 0));
        assertThat(p.topKeyShare()).isCloseTo(0.70, within(0.02));
        assertThat(p.hasShardSuffix()).isFalse();
    }

    @Test
    void orderStatusAfterShardsTheHotValuesOnly() {
        KeyPatterns index = new KeyPatterns();
        new SeedTables(15, 1_000).orderStatus("after", 20_000, index::add);

        assertThat(templates(index)).containsExactly("{PENDING|SHIPPED}#<shard 1..8>", "{DELIVERED|CANCELLED}");
        PatternStats hot = index.patterns().get(0);
        assertThat(hot.shardCount()).isEqualTo(8);
        assertThat(hot.distinctSeen()).isEqualTo(16);
        assertThat(hot.enumerated().orElseThrow().values())
                .extracting(PatternStats.ValueCount::value)
                .containsExactly("PENDING", "SHIPPED");
        assertThat(hot.topKeyShare()).isCloseTo(0.70 / 0.90 / 8, within(0.02));
    }

    // --- seed 002 -----------------------------------------------------------------------------------------------

    @Test
    void ordersByDayBeforeAndAfterTheCalculatedSuffix() {
        KeyPatterns before = new KeyPatterns();
        new SeedTables(16, MINUTE).ordersByDay("before", 5_000, before::add);
        assertThat(only(before).template()).isEqualTo("PEDIDOS#<date>");
        assertThat(only(before).sortKeyTemplate()).isEqualTo("PEDIDO#<text>");

        KeyPatterns after = new KeyPatterns();
        new SeedTables(17, MINUTE).ordersByDay("after", 5_000, after::add);
        PatternStats p = only(after);
        assertThat(p.template()).isEqualTo("PEDIDOS#<date>.<shard 1..10>");
        assertThat(p.shardCount()).isEqualTo(10);
        assertThat(p.existingScheme()).contains("day+hash:10");
    }

    @Test
    void tenantSkewBeforeAndAfterShardingTheHotTenant() {
        KeyPatterns before = new KeyPatterns();
        new SeedTables(18, 1_000).tenantSkew("before", 20_000, before::add);
        PatternStats p = only(before);
        assertThat(p.template()).isEqualTo("TENANT#<text>");
        assertThat(p.distinctSeen()).isEqualTo(50);
        assertThat(p.topKeys().get(0).key()).isEqualTo("TENANT#acme");
        assertThat(p.topKeyShare()).isCloseTo(0.8, within(0.02));

        KeyPatterns after = new KeyPatterns();
        new SeedTables(19, 1_000).tenantSkew("after", 20_000, after::add);
        assertThat(templates(after)).containsExactly("TENANT#acme#<shard 1..8>", "TENANT#<text>");
    }

    @Test
    void globalCounterIsOneKeyThenTenShards() {
        KeyPatterns before = new KeyPatterns();
        new SeedTables(20, 1).globalCounter("before", 1_000, before::add);
        assertThat(only(before).template()).isEqualTo("CONTADOR#visitas");
        assertThat(only(before).singleKey()).isTrue();
        assertThat(only(before).sortKeyTemplate()).isNull();

        KeyPatterns after = new KeyPatterns();
        new SeedTables(21, 1).globalCounter("after", 1_000, after::add);
        assertThat(only(after).template()).isEqualTo("CONTADOR#visitas#<shard 1..10>");
        assertThat(only(after).itemsSampled()).isEqualTo(10);
    }

    // --- parts ---------------------------------------------------------------------------------------------------

    @Test
    void shardsCountedFromZeroAsInTheSeedsCode() {
        KeyPatterns k = new KeyPatterns();
        Random r = new Random(22);
        for (int i = 0; i < 1_000; i++) {
            k.add("PRODUCT_INDEX#" + r.nextInt(10), "PRODUCT#" + i, 500); // Math.floor(Math.random() * 10)
        }
        PatternStats p = only(k);
        assertThat(p.template()).isEqualTo("PRODUCT_INDEX#<shard 0..9>");
        assertThat(p.shardCount()).isEqualTo(10);
        assertThat(p.parts().get(1).shardsFromZero()).isTrue();
    }

    @Test
    void idsYearsAndSparseNumbersAreNotShards() {
        KeyPatterns k = new KeyPatterns();
        Random r = new Random(23);
        for (int i = 0; i < 2_000; i++) {
            k.add("INVOICE#" + (100_000 + r.nextInt(900_000)), null, 300); // ids
            k.add("REPORT#" + (2024 + r.nextInt(3)), null, 300); // years
            k.add("TICKET#" + (1 + r.nextInt(9_000)), null, 300); // ids from 1, too few seen to be shards
            k.add("VERSION#007", null, 300); // a leading zero
        }
        assertThat(templates(k)).containsExactlyInAnyOrder("INVOICE#<n>", "REPORT#<n>", "TICKET#<n>", "VERSION#<n>");
        assertThat(k.patterns()).noneMatch(PatternStats::hasShardSuffix);
    }

    @Test
    void textPartsAreLiteralEnumeratedOrFree() {
        KeyPatterns k = new KeyPatterns();
        for (int i = 0; i < 700; i++) {
            k.add("COLOR#" + List.of("red", "green", "blue").get(i % 3), null, 100); // most items first, then a..z
            k.add("SIZE#" + "s" + (char) ('a' + i % 10), null, 100); // 10 values: not spelled out
            k.add("USER#" + "u" + i, null, 100); // 700 values: free text
            k.add("CONFIG#global", null, 100);
        }
        assertThat(templates(k))
                .containsExactlyInAnyOrder(
                        "COLOR#{red|blue|green}", "SIZE#<one of 10>", "USER#<text>", "CONFIG#global");
        assertThat(find(k, "SIZE#<one of 10>").enumerated().orElseThrow().values())
                .hasSize(10);
        assertThat(find(k, "USER#<text>").parts().get(1).distinctExact()).isFalse();
    }

    @Test
    void itemSizesAndCapacityUnits() {
        KeyPatterns k = new KeyPatterns();
        for (int i = 0; i < 98; i++) {
            k.add("PROFILE", "u" + i, 3_000);
        }
        k.add("PROFILE", "big", 20_480);
        k.add("PROFILE", "bigger", 20_480);

        PatternStats p = only(k);
        assertThat(p.itemBytes().p50()).isEqualTo(3_008); // the bucket's top: still 3 WCU, 1 RCU
        assertThat(p.itemBytes().p99()).isEqualTo(20_480);
        assertThat(p.itemBytes().max()).isEqualTo(20_480);
        assertThat(p.costAtP50()).isEqualTo(new PatternStats.UnitCost(3_008, 3, 1, 0.5));
        // The seed's 20 KB item: 5 RCU per strongly consistent read, 20 WCU per write.
        assertThat(p.costAtMax()).isEqualTo(new PatternStats.UnitCost(20_480, 20, 5, 2.5));
    }

    // --- skew and bounds -------------------------------------------------------------------------------------------

    @Test
    void topKeyShareOnASkewedSet() {
        KeyPatterns k = new KeyPatterns();
        Random r = new Random(24);
        int n = 200_000;
        for (int i = 0; i < n; i++) {
            int u = r.nextInt(100);
            String customer = u < 30 ? "cust-hot" : u < 40 ? "cust-warm" : "cust-" + r.nextInt(20_000);
            k.add("CUSTOMER#" + customer, "ORDER#" + i, 400);
        }
        PatternStats p = only(k);
        assertThat(p.topKeys().get(0).key()).isEqualTo("CUSTOMER#cust-hot");
        assertThat(p.topKeys().get(1).key()).isEqualTo("CUSTOMER#cust-warm");
        assertThat(p.topKeyShare()).isCloseTo(0.30, within(0.01));
        assertThat(p.topKeys()).hasSizeLessThanOrEqualTo(KeyPatterns.TOP_KEYS);
        PatternStats.KeyCount warm = p.topKeys().get(1);
        assertThat(warm.atLeast() / (double) n).isCloseTo(0.10, within(0.01));
        assertThat((double) p.estimatedCardinality()).isCloseTo(20_002, within(3 * p.cardinalityError() * 20_002));
    }

    @Test
    void manyNamesOfOneShapeBecomeOnePattern() {
        // 500 different prefixes, each followed by a uuid: past TAG_LIMIT names the first part is an id after all.
        KeyPatterns k = new KeyPatterns();
        Random r = new Random(25);
        for (int i = 0; i < 2_000_000; i++) {
            k.add(name(r.nextInt(500)) + "#" + new UUID(r.nextLong(), r.nextLong()), null, 200 + r.nextInt(100));
        }
        PatternStats p = only(k);
        assertThat(p.template()).isEqualTo("<text>#<uuid>");
        assertThat(p.itemsSampled()).isEqualTo(2_000_000);
        assertThat((double) p.estimatedCardinality())
                .isCloseTo(2_000_000, within(3 * p.cardinalityError() * 2_000_000));
        assertThat(p.parts().get(0).distinctExact()).isFalse();
        assertThat(Footprint.of(k)).isLessThan(200_000);
    }

    @Test
    void thePatternCapSendsTheRestToOther() {
        KeyPatterns k = new KeyPatterns(200);
        fillWithShapes(k, 2_000_000, 300, 8);

        List<PatternStats> patterns = k.patterns();
        assertThat(patterns).hasSize(201);
        PatternStats other =
                patterns.stream().filter(PatternStats::other).findFirst().orElseThrow();
        assertThat(other.template()).isEqualTo("<other>");
        assertThat(other.parts()).isEmpty();
        assertThat(other.itemsSampled()).isGreaterThan(1_000_000);
        assertThat(patterns.stream().mapToLong(PatternStats::itemsSampled).sum())
                .isEqualTo(2_000_000);
        assertThat(k.itemsSampled()).isEqualTo(2_000_000);
        // At most ~40 KB per pattern: a 16 KB HyperLogLog, a 4 KB size histogram, the top-keys sketch and part values.
        assertThat(Footprint.of(k)).isLessThan(201 * 40_000L);
    }

    @Test
    void memoryStopsGrowingOnceEachPatternIsFull() {
        // 60 shapes under a cap of 50: by 300,000 items every pattern has passed 1,024 distinct keys (its
        // HyperLogLog is allocated) and 32 values per part; four times the items add nothing.
        KeyPatterns fewer = new KeyPatterns(50);
        KeyPatterns more = new KeyPatterns(50);
        fillWithShapes(fewer, 300_000, 60, 1);
        fillWithShapes(more, 1_200_000, 60, 1);

        assertThat(more.patterns()).hasSize(51);
        assertThat(more.patterns()).filteredOn(p -> !p.other()).allSatisfy(p -> assertThat(p.distinctExact())
                .isFalse());
        long fewerBytes = Footprint.of(fewer);
        long moreBytes = Footprint.of(more);
        assertThat((double) moreBytes).isCloseTo((double) fewerBytes, within(0.05 * fewerBytes));
    }

    /**
     * Keys of {@code shapes} shapes (four parts after the name, each a uuid, number, date, hex id or month) under
     * {@code names} names each, each would-be pattern with many distinct keys.
     */
    private static void fillWithShapes(KeyPatterns k, int items, int shapes, int names) {
        Random r = new Random(26);
        StringBuilder key = new StringBuilder();
        for (int i = 0; i < items; i++) {
            key.setLength(0);
            key.append(name(r.nextInt(names)));
            for (int shape = r.nextInt(shapes), part = 0; part < 4; part++, shape /= 5) {
                key.append('#')
                        .append(
                                switch (shape % 5) {
                                    case 0 -> new UUID(r.nextLong(), r.nextLong()).toString();
                                    case 1 -> Integer.toString(100_000 + r.nextInt(900_000));
                                    case 2 -> "2026-06-" + (10 + r.nextInt(20));
                                    case 3 -> Long.toHexString(r.nextLong() | 1L << 60) + "a1";
                                    default -> "2026-0" + (1 + r.nextInt(9));
                                });
            }
            k.add(key.toString(), "SK#" + r.nextInt(1_000_000), 100 + r.nextInt(5_000));
        }
    }

    /** A name without digits, so it reads as a kind of item: A, B, …, BA, BB, … */
    private static String name(int i) {
        StringBuilder sb = new StringBuilder();
        do {
            sb.append((char) ('A' + i % 26));
            i /= 26;
        } while (i > 0);
        return "N" + sb;
    }

    @Test
    void rejectsANonPositiveCap() {
        assertThatThrownBy(() -> new KeyPatterns(0)).isInstanceOf(IllegalArgumentException.class);
    }
}
