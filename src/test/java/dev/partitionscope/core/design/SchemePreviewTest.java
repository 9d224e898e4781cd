package dev.partitionscope.core.design;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.partitionscope.core.scheme.KeyScheme;
import java.math.BigInteger;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The preview's counts against brute force: every id's key spelled out with {@link KeyScheme#apply} (or, for
 * {@code product}, with arbitrary-precision arithmetic) and counted in a map, then compared shard by shard.
 */
class SchemePreviewTest {
    private static final long DAY = 86_400_000L;
    private static final long T0 = Instant.parse("2026-06-22T00:00:00Z").toEpochMilli();

    /** Counts of the keys each id gets from {@link KeyScheme#apply}, the naive way. */
    private static Map<String, Integer> naive(
            KeyScheme s, List<String> bases, List<String> ids, long[] millis, java.util.random.RandomGenerator random) {
        Map<String, Integer> counts = new TreeMap<>();
        for (int i = 0; i < ids.size(); i++) {
            String base = bases.size() == 1 ? bases.get(0) : bases.get(i);
            counts.merge(s.apply(base, ids.get(i), millis == null ? 0 : millis[i], random, "#"), 1, Integer::sum);
        }
        return counts;
    }

    private static Map<String, Integer> used(SchemePreview p) {
        return p.shards().stream()
                .filter(s -> s.count() > 0)
                .collect(Collectors.toMap(
                        SchemePreview.Shard::key, SchemePreview.Shard::count, (a, b) -> a, TreeMap::new));
    }

    private static List<String> orderIds(int n) {
        return IntStream.range(0, n).mapToObj(i -> "order-" + i).toList();
    }

    @Test
    void hashCountsMatchBruteForceAndTheVerdictMeasuresTheSpread() {
        KeyScheme s = KeyScheme.parse("hash:8");
        List<String> ids = orderIds(100_000);
        SchemePreview p = SchemePreview.of(s, "PENDING", ids, 1);

        Map<String, Integer> expected = naive(s, List.of("PENDING"), ids, null, null);
        assertThat(used(p)).isEqualTo(expected);
        assertThat(p.shards())
                .extracting(SchemePreview.Shard::suffix)
                .containsExactly("1", "2", "3", "4", "5", "6", "7", "8");
        for (int i = 0; i < ids.size(); i += 997) {
            assertThat(p.keyOf(i)).isEqualTo(s.apply("PENDING", ids.get(i), 0L, null, "#"));
        }
        int max = expected.values().stream().mapToInt(Integer::intValue).max().orElseThrow();
        int min = expected.values().stream().mapToInt(Integer::intValue).min().orElseThrow();
        double mean = 100_000 / 8.0;
        assertThat(p.distinctShards()).isEqualTo(8);
        assertThat(p.maxShare()).isEqualTo(max / 100_000.0);
        assertThat(p.maxToMean()).isCloseTo(max / mean, within(1e-12));
        assertThat(p.evenSpread()).isCloseTo(Math.max(max - mean, mean - min) / mean, within(1e-12));
        assertThat(p.shards().stream().mapToDouble(SchemePreview.Shard::share).sum())
                .isCloseTo(1.0, within(1e-9));
        assertThat(p.verdict())
                .startsWith("hash:8 spreads these 100,000 ids within ±")
                .contains(Text.pct(p.evenSpread()) + " of even over 8 keys");
    }

    /**
     * Seed 002's order ids are {@code P} and six digits (the Lab's orders-by-day scenario draws P100000..P999999).
     * AWS's product formula with N = 200 on them: 'P' is 80 = 2⁴·5, so the product is a multiple of 40 and only
     * suffixes 1, 41, 81, 121, 161 can occur; any digit '2' (50 = 2·5²) or '7' (55 = 5·11) adds the missing 5 and
     * the product is 0 mod 200: suffix 1. That is every id but those whose first digit avoids 2 and 7 (7 of 9) and
     * whose other five digits do too (8⁵ = 32,768 each): 900,000 − 7 × 32,768 = 670,624 ids on suffix 1.
     */
    @Test
    void productOfCodePointsOnSeed002IdsUsesFiveOf200KeysAndPutsThreeQuartersOnOne() {
        KeyScheme s = KeyScheme.parse("product:200");
        List<String> ids =
                IntStream.rangeClosed(100_000, 999_999).mapToObj(i -> "P" + i).toList();
        SchemePreview p = SchemePreview.of(s, "PEDIDOS#2026-09-06", ids, 1);

        Map<String, Integer> brute = new TreeMap<>();
        for (String id : ids) {
            BigInteger product = BigInteger.ONE;
            for (int cp : id.codePoints().toArray()) {
                product = product.multiply(BigInteger.valueOf(cp));
            }
            brute.merge(
                    "PEDIDOS#2026-09-06#"
                            + (product.mod(BigInteger.valueOf(200)).intValue() + 1),
                    1,
                    Integer::sum);
        }
        assertThat(used(p)).isEqualTo(brute);
        assertThat(brute.keySet())
                .allMatch(k -> List.of("1", "41", "81", "121", "161").contains(k.substring(k.lastIndexOf('#') + 1)));
        long withoutTwoOrSeven = ids.stream()
                .filter(id -> id.indexOf('2') < 0 && id.indexOf('7') < 0)
                .count();
        assertThat(withoutTwoOrSeven).isEqualTo(7L * 32_768);
        assertThat(p.shards().get(0).count()).isEqualTo(900_000 - 7 * 32_768);
        assertThat(p.maxShare()).isCloseTo(0.745, within(0.001));
        assertThat(p.distinctShards()).isEqualTo(5);
        assertThat(p.possibleShards()).isEqualTo(200);
        assertThat(p.maxToMean()).isCloseTo(200 * 670_624 / 900_000.0, within(1e-9));
        assertThat(p.verdict())
                .isEqualTo("product:200 spreads these 900,000 ids unevenly: the busiest key"
                        + " (PEDIDOS#2026-09-06#1) has 74.5 %, 149.03× the even share of 0.5 %, and 195 of 200 keys get"
                        + " none.");

        // The sum the seed's code actually computes spreads the same ids evenly over 10 keys.
        SchemePreview sum = SchemePreview.of(KeyScheme.parse("sum:10"), "PEDIDOS#2026-09-06", ids, 1);
        assertThat(sum.distinctShards()).isEqualTo(10);
        assertThat(sum.verdict()).contains("within ±");
    }

    @Test
    void productOnUuidsPutsEveryIdOnOneShard() {
        Random r = new Random(5);
        List<String> ids = IntStream.range(0, 5_000)
                .mapToObj(i -> new UUID(r.nextLong(), r.nextLong()).toString())
                .toList();
        SchemePreview p = SchemePreview.of(KeyScheme.parse("product:200"), "2014-07-09", ids, 1);
        assertThat(p.distinctShards()).isEqualTo(1);
        assertThat(p.maxShare()).isEqualTo(1.0);
        assertThat(p.maxToMean()).isEqualTo(200.0);
        assertThat(p.verdict())
                .isEqualTo("product:200 puts 100 % of these 5,000 ids on one shard (2014-07-09#1);"
                        + " the other 199 of its 200 keys get nothing.");
    }

    @Test
    void randomIsReproducibleFromTheSeed() {
        List<String> ids = orderIds(20_000);
        SchemePreview p = SchemePreview.of(KeyScheme.parse("random:10"), "PRODUCT_INDEX", ids, 42);
        int[] expected = new int[10];
        SplittableRandom random = new SplittableRandom(42);
        for (int i = 0; i < ids.size(); i++) {
            int suffix = random.nextInt(10);
            expected[suffix]++;
            assertThat(p.keyOf(i)).isEqualTo("PRODUCT_INDEX#" + (suffix + 1));
        }
        assertThat(p.shards())
                .extracting(SchemePreview.Shard::count)
                .containsExactly(IntStream.of(expected).boxed().toArray(Integer[]::new));
        assertThat(SchemePreview.of(KeyScheme.parse("random:10"), "PRODUCT_INDEX", ids, 42)
                        .shards())
                .isEqualTo(p.shards());
        assertThat(SchemePreview.of(KeyScheme.parse("random:10"), "PRODUCT_INDEX", ids, 43)
                        .shards())
                .isNotEqualTo(p.shards());
    }

    @Test
    void hotValuesShardOnlyTheListedStatuses() {
        KeyScheme s = KeyScheme.parse("PENDING,SHIPPED:hash:8");
        Random r = new Random(9);
        List<String> statuses = new ArrayList<>();
        List<String> ids = orderIds(40_000);
        String[] all = {"PENDING", "SHIPPED", "DELIVERED", "CANCELLED"};
        for (int i = 0; i < ids.size(); i++) {
            int x = r.nextInt(100);
            int k = x < 60 ? 0 : x < 90 ? 1 : x < 98 ? 2 : 3; // 60 / 30 / 8 / 2 %
            statuses.add(all[k]);
        }
        SchemePreview p = SchemePreview.of(s, "#", statuses, ids, null, 1);
        assertThat(used(p)).isEqualTo(naive(s, statuses, ids, null, null));
        assertThat(p.possibleShards()).isEqualTo(8 + 8 + 1 + 1);
        assertThat(p.shards())
                .extracting(SchemePreview.Shard::key)
                .startsWith("CANCELLED", "DELIVERED", "PENDING#1")
                .endsWith("SHIPPED#8");
        assertThat(p.shards().get(1).suffix()).isEmpty();
        for (int i = 0; i < 200; i++) {
            assertThat(p.keyOf(i)).isEqualTo(s.apply(statuses.get(i), ids.get(i), 0L, null, "#"));
        }
        assertThat(p.verdict()).contains("Left unsharded: CANCELLED (", "DELIVERED (");
    }

    @Test
    void timeBucketsSplitIdsByDayButNotTheLoadOfAMoment() {
        int n = 30_000;
        List<String> ids = orderIds(n);
        long[] millis = new long[n];
        for (int i = 0; i < n; i++) {
            millis[i] = T0 + (i % 3) * DAY + (i * 7919L) % DAY; // three days, interleaved
        }
        KeyScheme dayHash = KeyScheme.parse("day+hash:8");
        SchemePreview p = SchemePreview.of(dayHash, "#", List.of("OPS_LOG"), ids, millis, 1);
        assertThat(used(p)).isEqualTo(naive(dayHash, List.of("OPS_LOG"), ids, millis, null));
        assertThat(p.timeBuckets()).isEqualTo(3);
        assertThat(p.possibleShards()).isEqualTo(24);
        assertThat(p.shards().get(0).key()).isEqualTo("OPS_LOG#2026-06-22#1");
        assertThat(p.shards().get(8).key()).isEqualTo("OPS_LOG#2026-06-23#1");
        assertThat(p.shards().get(23).key()).isEqualTo("OPS_LOG#2026-06-24#8");
        SchemePreview.Shard first = p.shards().get(0);
        assertThat(first.loadShare()).as("count ÷ the day's ids").isCloseTo(first.count() / 10_000.0, within(1e-12));
        assertThat(first.share()).isCloseTo(first.count() / 30_000.0, within(1e-12));

        SchemePreview day = SchemePreview.of(KeyScheme.parse("day"), "#", List.of("OPS_LOG"), ids, millis, 1);
        assertThat(day.shards())
                .extracting(SchemePreview.Shard::key)
                .containsExactly("OPS_LOG#2026-06-22", "OPS_LOG#2026-06-23", "OPS_LOG#2026-06-24");
        assertThat(day.maxShare()).isCloseTo(1 / 3.0, within(1e-9));
        assertThat(day.maxLoadShare()).isEqualTo(1.0);
        assertThat(day.verdict())
                .isEqualTo("day spreads these 30,000 ids over 3 days, but at any moment every write"
                        + " goes to one key (the current day's): the load is not divided.");

        // Parts sort in the order the spec writes them: hash first, then day.
        KeyScheme hashDay = KeyScheme.parse("hash:2+month");
        SchemePreview hd = SchemePreview.of(hashDay, ".", List.of("T"), ids, millis, 1);
        assertThat(hd.shards()).extracting(SchemePreview.Shard::key).containsExactly("T.1.2026-06", "T.2.2026-06");
    }

    @Test
    void refusesInputItCannotPreview() {
        KeyScheme day = KeyScheme.parse("day+hash:8");
        assertThatThrownBy(() -> SchemePreview.of(day, "X", List.of("a"), 1)).hasMessageContaining("timestamp");
        assertThatThrownBy(() -> SchemePreview.of(KeyScheme.parse("hash:8"), "X", List.of(), 1))
                .hasMessageContaining("No ids");
        assertThatThrownBy(() -> SchemePreview.of(
                        KeyScheme.parse("hash:8"), "#", List.of("A", "B"), List.of("1", "2", "3"), null, 1))
                .hasMessageContaining("one per id");
    }
}
