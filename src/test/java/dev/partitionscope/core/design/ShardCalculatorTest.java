package dev.partitionscope.core.design;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.partitionscope.core.scheme.KeyScheme;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The N calculator on the seeds' own numbers. */
class ShardCalculatorTest {

    /** Seed 002: "Con 4 000/s, diez sufijos dejan 400 por clave." */
    @Test
    void seed002FourThousandWritesOfOneKilobyteNeedTenSuffixesAt400Each() {
        ShardCalculator.Recommendation r = ShardCalculator.recommend(Workload.writes(4_000, 1_000));
        assertThat(r.shards()).isEqualTo(10);
        assertThat(r.shard()).isTrue();
        assertThat(r.keysAtCeiling()).isEqualTo(4.0);
        assertThat(r.reasoning())
                .containsExactly(
                        "4,000 writes/s of items up to 1 KB cost 1 WCU each: 4,000 WCU/s on one key.",
                        "One key takes at most 1,000 WCU/s, so the load needs 4 keys at the ceiling.",
                        "With headroom ×2.5 (room for the peak to double, × 1.25 for an uneven spread), 4 × 2.5 = 10.",
                        "With 10 suffixes each key takes 400 writes/s (400 WCU/s, 40 % of its ceiling).",
                        "Reading all of a value then takes 10 queries, and a single item needs a calculated suffix (hash:10)"
                                + " to be found with one GetItem.");
        // The recommendation holds up in the partition model: hash:10 on 100,000 ids, no throttling.
        List<String> ids =
                IntStream.range(0, 100_000).mapToObj(i -> "P" + (100_000 + i)).toList();
        Prediction p = Prediction.of(
                SchemePreview.of(KeyScheme.parse("hash:10"), "PEDIDOS", ids, 1), Workload.writes(4_000, 1_000));
        assertThat(p.writesBefore().throttledShare()).isEqualTo(0.75);
        assertThat(p.writesAfter().throttledShare()).isZero();
        assertThat(p.writesAfter().peakOfCeiling()).isBetween(0.4, 0.42);
    }

    @Test
    void itemSizeRoundsUpToWholeKilobytes() {
        assertThat(ShardCalculator.recommend(Workload.writes(4_000, 1_024)).shards())
                .isEqualTo(10);
        assertThat(ShardCalculator.recommend(Workload.writes(4_000, 1_025)).shards())
                .as("2 WCU each")
                .isEqualTo(20);
        assertThat(ShardCalculator.recommend(Workload.writes(4_001, 1_000)).shards())
                .isEqualTo(11);
        assertThat(ShardCalculator.recommend(Workload.writes(4_000, 1_000), 1.25)
                        .shards())
                .isEqualTo(5);
        assertThat(ShardCalculator.recommend(Workload.writes(5_000_000, 1_000)).shards())
                .isEqualTo(KeyScheme.MAX_SHARDS);
        assertThatThrownBy(() -> ShardCalculator.recommend(Workload.writes(1, 1), 0.5))
                .hasMessageContaining("at least 1");
    }

    /** Seed 000: BRAND_INDEX takes about 50 registrations a day, maybe 500 in production. */
    @Test
    void seed000CollectionKeysAreNotWorthSharding() {
        for (double perDay : new double[] {50, 500}) {
            ShardCalculator.Recommendation r = ShardCalculator.recommend(Workload.writes(perDay / 86_400, 800));
            assertThat(r.shards()).isEqualTo(1);
            assertThat(r.shard()).isFalse();
            assertThat(r.text()).contains("Don't shard", "of one key's 1,000 WCU/s ceiling", "far below it");
        }
        assertThat(ShardCalculator.recommend(Workload.writes(50 / 86_400.0, 800))
                        .text())
                .startsWith("0.00058 writes/s of items up to 1 KB cost 1 WCU each");
        // 400 writes/s is 40 % of the ceiling: with ×2.5 exactly one key, no sharding yet.
        assertThat(ShardCalculator.recommend(Workload.writes(400, 1_000)).shards())
                .isEqualTo(1);
        assertThat(ShardCalculator.recommend(Workload.writes(401, 1_000)).shards())
                .isEqualTo(2);
    }

    @Test
    void readsDriveNWhenTheyAreTheHeavierLoad() {
        // 9,000 strongly consistent reads/s of 6 KB = 2 RCU each = 18,000 RCU/s = 6 keys at 3,000; × 2.5 = 15.
        ShardCalculator.Recommendation r = ShardCalculator.recommend(new Workload(100, 6_000, 9_000, true));
        assertThat(r.shards()).isEqualTo(15);
        assertThat(r.text())
                .contains(
                        "18,000 RCU/s on one key",
                        "3,000 RCU/s",
                        "Reads drive N",
                        "each key takes 600 reads/s (1,200 RCU/s, 40 % of its ceiling)");
    }

    /** Seed 001: PENDING takes a write for every new order, DELIVERED and CANCELLED are rare. */
    @Test
    void seed001ShardsOnlyTheHotStatuses() {
        Map<String, Double> rates = new LinkedHashMap<>();
        rates.put("DELIVERED", 300.0);
        rates.put("SHIPPED", 1_200.0);
        rates.put("PENDING", 3_000.0);
        rates.put("CANCELLED", 20.0);
        ShardCalculator.HotValues h = ShardCalculator.hotValues(rates, 512, ShardCalculator.DEFAULT_HEADROOM);
        assertThat(h.spec()).isEqualTo("PENDING,SHIPPED:hash:8");
        assertThat(h.perValue())
                .containsExactly(
                        Map.entry("DELIVERED", 1),
                        Map.entry("SHIPPED", 3),
                        Map.entry("PENDING", 8),
                        Map.entry("CANCELLED", 1));
        assertThat(h.text())
                .contains(
                        "DELIVERED: 300 writes/s = 300 WCU/s, fits one key — leave it.",
                        "PENDING: 3,000 writes/s = 3,000 WCU/s, needs 8 keys.",
                        "Shard only the hot values");
        assertThat(KeyScheme.parse(h.spec()).hotValues()).containsExactly("PENDING", "SHIPPED");

        Map<String, Double> quiet = Map.of("PENDING", 10.0, "DELIVERED", 1.0);
        assertThat(ShardCalculator.hotValues(quiet, 512, 2.5).spec()).isNull();
        assertThat(ShardCalculator.hotValues(Map.of("A", 2_000.0), 512, 2.5).spec())
                .isEqualTo("hash:5");
    }
}
