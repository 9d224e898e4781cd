package dev.partitionscope.core.audit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.core.audit.Advisor.Action;
import dev.partitionscope.core.audit.Advisor.Finding;
import dev.partitionscope.core.audit.Advisor.Risk;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The advisor on the seeds' own situations, with the figures of the Lab's before-scenarios. */
class AdvisorTest {

    private static PatternProfile.Load load(
            double writeShare, double peakWcu, double peakRcu, String hottest, long throttles, double perDay) {
        return new PatternProfile.Load(writeShare, 0, peakWcu, peakRcu, hottest, throttles, perDay, "Lab meter");
    }

    private static Finding only(PatternProfile p) {
        Advisor.Advice a = Advisor.of(List.of(p));
        assertThat(a.findings()).hasSize(1);
        return a.findings().get(0);
    }

    @Test
    void opsLogIsOneKeyOverTheCeilingDayBucketPlusRandomSuffixes() {
        PatternProfile ops = new PatternProfile(
                "OPS_LOG",
                "app",
                1,
                0,
                Map.of("OPS_LOG", 1.0),
                null,
                0,
                true,
                1_850,
                load(0.97, 1_400, 2, "OPS_LOG", 52_000, 60_480_000));
        Advisor.Advice a = Advisor.of(List.of(ops));
        Advisor.RiskRow row = a.matrix().get(0);
        assertThat(row.risk()).isEqualTo(Risk.HIGH);
        assertThat(row.cardinality()).isEqualTo("1 — hot by definition");
        assertThat(row.peak()).isEqualTo("140 % of 1,000 WCU/s (OPS_LOG), 52,000 throttled");
        assertThat(row.burst()).isEqualTo("over the ceiling (140 %)");
        assertThat(row.growth()).isEqualTo("≈ 60.5 M writes/day");
        assertThat(row.reason()).isEqualTo("throttled; peaked at 140 % of one key's ceiling on its only key");
        Finding f = only(ops);
        assertThat(f.severity()).isEqualTo(Risk.HIGH);
        assertThat(f.action()).isEqualTo(Action.SHARD);
        assertThat(f.suggestedScheme()).isEqualTo("day+random:4");
        assertThat(f.seed()).isEqualTo("seed 000 pattern 1");
        assertThat(f.message())
                .startsWith("OPS_LOG has cardinality 1 and takes 97 % of writes: time-bucket it by day"
                        + " (seed 000 pattern 1) — but today's key would still take every write (1,400 WCU/s at peak, 140 %"
                        + " of the ceiling), so add 4 random suffixes: day+random:4.");
    }

    @Test
    void aSlowerLogIsJustDayBucketed() {
        PatternProfile ops = new PatternProfile(
                "OPS_LOG", "app", 1, 0, Map.of(), null, 0, true, 900, load(0.8, 350, 0, "OPS_LOG", 0, 2_000_000));
        Finding f = only(ops);
        assertThat(Advisor.of(List.of(ops)).matrix().get(0).risk()).isEqualTo(Risk.MEDIUM);
        assertThat(f.suggestedScheme()).isEqualTo("day");
    }

    @Test
    void threatOfOneBrandUnderAttackShardsTheHotValue() {
        PatternProfile threat = new PatternProfile(
                "THREAT#<text>",
                "app",
                30,
                0,
                Map.of(),
                null,
                0,
                true,
                1_500,
                load(0.8, 1_280, 0, "THREAT#brand-abc-123", 9_000, 69_000_000));
        Finding f = only(threat);
        assertThat(f.severity()).isEqualTo(Risk.HIGH);
        assertThat(f.suggestedScheme()).isEqualTo("THREAT#brand-abc-123:hash:4");
        assertThat(f.seed()).isEqualTo("seed 000 pattern 2");
        assertThat(f.message())
                .isEqualTo("THREAT#<text>: THREAT#brand-abc-123 (1,280 WCU/s at peak, 128 % of the"
                        + " ceiling) — shard the hot value: THREAT#brand-abc-123:hash:4; a month bucket (seed 000 pattern 2)"
                        + " spreads its history, not this month's writes.");
    }

    @Test
    void brandIndexIsAcceptedAsOneKey() {
        PatternProfile brands = new PatternProfile(
                "BRAND_INDEX", "app", 1, 0, Map.of(), null, 0, true, 300, load(0.2, 1.5, 0.5, "BRAND_INDEX", 0, 50));
        Advisor.Advice a = Advisor.of(List.of(brands));
        assertThat(a.matrix().get(0).risk()).isEqualTo(Risk.LOW);
        Finding f = only(brands);
        assertThat(f.action()).isEqualTo(Action.ACCEPT);
        assertThat(f.suggestedScheme()).isNull();
        assertThat(f.message())
                .isEqualTo("BRAND_INDEX is one key but takes 50 writes/day (0.2 % of its ceiling at"
                        + " peak): accept the trade-off — sharding would turn every read of it into several queries (seed 000"
                        + " pattern 3).");
    }

    @Test
    void statusIndexHashSuffixesOnlyItsHotValues() {
        Map<String, Double> values = new LinkedHashMap<>();
        values.put("PENDING", 0.70);
        values.put("SHIPPED", 0.20);
        values.put("DELIVERED", 0.08);
        values.put("CANCELLED", 0.02);
        PatternProfile status = new PatternProfile(
                "<status>",
                "order-status-index",
                4,
                0,
                values,
                null,
                0,
                false,
                1_200,
                load(1.0, 1_260, 0, "PENDING", 20_000, 77_000_000));
        Advisor.Advice a = Advisor.of(List.of(status));
        assertThat(a.matrix().get(0).cardinality()).isEqualTo("4 values");
        assertThat(a.matrix().get(0).risk()).isEqualTo(Risk.HIGH);
        Finding f = only(status);
        assertThat(f.suggestedScheme()).isEqualTo("PENDING:hash:4");
        assertThat(f.seed()).isEqualTo("seed 001");
        assertThat(f.message())
                .isEqualTo("<status> has 4 values (PENDING 70 %, SHIPPED 20 %, DELIVERED 8 %,"
                        + " CANCELLED 2 %): hash-suffix the hot values — PENDING:hash:4 (seed 001).");
    }

    @Test
    void aHotDayKeyGetsACalculatedSuffixAndACounterRandomOnes() {
        PatternProfile pedidos = new PatternProfile(
                "PEDIDOS#<date>",
                "pedidos",
                3,
                0,
                Map.of(),
                "day",
                0,
                false,
                1_500,
                load(1.0, 1_160, 10, "PEDIDOS#2026-09-06", 4_000, 50_000_000));
        Finding f = only(pedidos);
        assertThat(f.suggestedScheme()).isEqualTo("hash:3");
        assertThat(f.seed()).isEqualTo("seed 002");
        assertThat(Advisor.of(List.of(pedidos)).matrix().get(0).cardinality()).isEqualTo("3, one per day");

        PatternProfile counter = new PatternProfile(
                "CONTADOR#visitas",
                "counters",
                1,
                0,
                Map.of(),
                null,
                0,
                false,
                60,
                load(1.0, 1_300, 1, "CONTADOR#visitas", 30_000, 112_000_000));
        assertThat(only(counter).suggestedScheme()).isEqualTo("random:4");
    }

    @Test
    void hotReadsAreForACacheAndBigItemsForTheirSize() {
        PatternProfile config = new PatternProfile(
                "CONFIG",
                "app",
                1,
                0,
                Map.of(),
                null,
                0,
                false,
                20_000,
                new PatternProfile.Load(0.01, 0.9, 5, 2_400, "CONFIG", 0, 1_000, "Contributor Insights"));
        Advisor.Advice a = Advisor.of(List.of(config));
        assertThat(a.matrix().get(0).risk()).isEqualTo(Risk.HIGH);
        assertThat(a.matrix().get(0).peak()).isEqualTo("80 % of 3,000 RCU/s (CONFIG)");
        assertThat(a.findings()).extracting(Finding::action).containsExactly(Action.CACHE, Action.SIZE);
        assertThat(a.findings().get(0).message())
                .contains("consider a cache (DAX) or moving the query, not sharding" + " (seed 002)");
        assertThat(a.findings().get(1).message())
                .isEqualTo("CONFIG: items of 20 KB (p99) cost 5 RCU per strongly"
                        + " consistent read (2.5 eventually consistent) and are read hot — project only the attributes"
                        + " needed, or split the large ones into their own item.");
    }

    @Test
    void spreadKeysAndUnmeasuredOnesSayWhy() {
        PatternProfile orders = new PatternProfile(
                "ORDER#<uuid>",
                "app",
                1_200_000,
                0.008,
                Map.of(),
                null,
                0,
                false,
                700,
                load(0.6, 3, 1, "ORDER#1f…", 0, 400_000));
        Advisor.Advice a = Advisor.of(List.of(orders));
        assertThat(a.findings()).isEmpty();
        assertThat(a.matrix().get(0).risk()).isEqualTo(Risk.LOW);
        assertThat(a.matrix().get(0).cardinality()).isEqualTo("unbounded (≈ 1.2 M) (± 0.8 %)");

        PatternProfile unknown = new PatternProfile("OPS_LOG", "app", 1, 0, Map.of(), null, 0, true, 900, null);
        Advisor.Advice u = Advisor.of(List.of(unknown));
        assertThat(u.matrix().get(0).risk()).isEqualTo(Risk.MEDIUM);
        assertThat(u.matrix().get(0).reason())
                .isEqualTo("one key and no load measured: enable Contributor Insights" + " to see how hot");
        assertThat(u.findings().get(0).suggestedScheme()).isEqualTo("day");

        PatternProfile sharded = new PatternProfile(
                "PENDING#<shard>",
                "idx",
                8,
                0,
                Map.of(),
                null,
                8,
                false,
                1_200,
                load(0.7, 150, 0, "PENDING#3", 0, 1_000_000));
        assertThat(Advisor.of(List.of(sharded)).findings()).isEmpty();
        assertThat(Advisor.of(List.of(sharded)).matrix().get(0).cardinality()).isEqualTo("8, 8 shards");
    }

    @Test
    void theMatrixPutsTheRiskiestFirst() {
        PatternProfile low = new PatternProfile(
                "ORDER#<uuid>", "app", 50_000, 0.01, Map.of(), null, 0, false, 700, load(0.1, 2, 1, null, 0, 10_000));
        PatternProfile high = new PatternProfile(
                "OPS_LOG", "app", 1, 0, Map.of(), null, 0, true, 900, load(0.9, 1_200, 0, "OPS_LOG", 10, 1_000_000));
        assertThat(Advisor.of(List.of(low, high)).matrix())
                .extracting(Advisor.RiskRow::pattern)
                .containsExactly("OPS_LOG", "ORDER#<uuid>");
    }

    @Test
    void theReportReadsLikeSeed000sRiskMatrix() {
        PatternProfile ops = new PatternProfile(
                "OPS_LOG",
                "app",
                1,
                0,
                Map.of(),
                null,
                0,
                true,
                1_850,
                load(0.97, 1_400, 2, "OPS_LOG", 52_000, 60_480_000));
        PatternProfile brands = new PatternProfile(
                "BRAND_INDEX", "app", 1, 0, Map.of(), null, 0, true, 300, load(0.001, 1.5, 0.5, "BRAND_INDEX", 0, 50));
        Advisor.Advice a = Advisor.of(List.of(brands, ops));
        String md = AuditReport.markdown("Key audit: app (Lab)", "2,000 items sampled, 12.5 RCU.", a);
        assertThat(md)
                .startsWith("# Key audit: app (Lab)\n\n2,000 items sampled, 12.5 RCU.\n\n## Risk matrix\n\n"
                        + "| Pattern | Where | Cardinality | Peak | Burst exposure | Growth | Risk | Why |\n|---|");
        assertThat(md)
                .contains("| `OPS_LOG` | app | 1 — hot by definition | 140 % of 1,000 WCU/s (OPS_LOG), 52,000"
                        + " throttled | over the ceiling (140 %) | ≈ 60.5 M writes/day | **High** |");
        assertThat(md.indexOf("`OPS_LOG`")).isLessThan(md.indexOf("`BRAND_INDEX`"));
        assertThat(md)
                .contains("- **High** OPS_LOG has cardinality 1")
                .contains("Try `day+random:4` in the sharding" + " designer.")
                .contains("- **Low** BRAND_INDEX is one key");
        String csv = AuditReport.csv(a);
        assertThat(csv.split("\r\n")).hasSize(3);
        assertThat(csv)
                .startsWith("pattern,resource,cardinality,peak,burst,growth,risk,reason\r\nOPS_LOG,app,1 — hot"
                        + " by definition,\"140 % of 1,000 WCU/s (OPS_LOG), 52,000 throttled\",");
    }
}
