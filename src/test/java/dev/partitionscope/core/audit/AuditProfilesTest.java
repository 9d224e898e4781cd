package dev.partitionscope.core.audit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.core.audit.Advisor.Action;
import dev.partitionscope.core.audit.Advisor.Finding;
import dev.partitionscope.core.audit.Advisor.Risk;
import dev.partitionscope.core.audit.AuditProfiles.KeyLoad;
import dev.partitionscope.core.audit.AuditProfiles.ResourceLoad;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * From sampled keys and per-key load to findings, on the seeds' before-scenarios (keys drawn as the Lab draws them,
 * load at the scenarios' rates): OPS_LOG and THREAT high, the status index high with its hot value named,
 * BRAND_INDEX accepted — seed 000's and seed 001's audits.
 */
class AuditProfilesTest {
    private static final double WINDOW = 300;

    private static KeyLoad writes(String key, double wcuPerSecond, long throttles) {
        return new KeyLoad(key, wcuPerSecond, 0, wcuPerSecond * WINDOW, 0, throttles);
    }

    private static Advisor.Advice audit(KeyPatterns sample, String resource, List<KeyLoad> keys) {
        double total =
                keys.stream().mapToDouble(k -> k.writeUnits() + k.readUnits()).sum();
        return Advisor.of(AuditProfiles.of(resource, sample.patterns(), new ResourceLoad(keys, total, WINDOW, "test")));
    }

    private static Finding finding(Advisor.Advice a, String pattern) {
        return a.findings().stream()
                .filter(f -> f.pattern().equals(pattern))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no finding for " + pattern + " in " + a.findings()));
    }

    @Test
    void seed000OpsLogThreatAndBrandIndex() {
        KeyPatterns app = new KeyPatterns();
        SeedTables seed = new SeedTables(1, 1_000);
        seed.opsLog("before", 4_000, app::add, (pk, sk, b) -> {});
        seed.threats("before", 4_000, app::add);
        seed.collectionKeys("before", 400, app::add);
        List<KeyLoad> load = new ArrayList<>(List.of(
                writes("OPS_LOG", 1_400, 50_000),
                writes("THREAT#brand-abc-123", 1_280, 9_000),
                writes("THREAT#brand-07", 12, 0),
                writes("BRAND_INDEX", 1.2, 0),
                writes("PRODUCT_INDEX", 3.6, 0),
                writes("NOT#SAMPLED#x", 5, 0)));
        Advisor.Advice a = audit(app, "app", load);

        Finding ops = finding(a, "OPS_LOG");
        assertThat(ops.severity()).isEqualTo(Risk.HIGH);
        assertThat(ops.suggestedScheme()).isEqualTo("day+random:4");
        assertThat(ops.message())
                .startsWith("OPS_LOG has cardinality 1 and takes 52 % of writes: time-bucket it by"
                        + " day (seed 000 pattern 1)");
        Finding threat = finding(a, "THREAT#<text>");
        assertThat(threat.severity()).isEqualTo(Risk.HIGH);
        assertThat(threat.suggestedScheme()).isEqualTo("THREAT#brand-abc-123:hash:4");
        Finding brands = finding(a, "BRAND_INDEX");
        assertThat(brands.action()).isEqualTo(Action.ACCEPT);
        assertThat(brands.severity()).isEqualTo(Risk.LOW);
        assertThat(a.matrix())
                .filteredOn(r -> r.pattern().equals("PRODUCT_INDEX"))
                .extracting(Advisor.RiskRow::risk)
                .containsExactly(Risk.LOW);
        assertThat(a.matrix().get(0).risk()).isEqualTo(Risk.HIGH);
        assertThat(AuditReport.markdown("Key audit: app", null, a))
                .contains("| `OPS_LOG` | app | 1 — hot by" + " definition |");
    }

    @Test
    void seed001StatusIndexNamesItsHotValue() {
        KeyPatterns index = new KeyPatterns();
        new SeedTables(2, 100).orderStatus("before", 5_000, index::add);
        Advisor.Advice a = audit(
                index,
                "order-status-index",
                List.of(
                        writes("PENDING", 1_260, 20_000),
                        writes("SHIPPED", 360, 0),
                        writes("DELIVERED", 144, 0),
                        writes("CANCELLED", 36, 0)));
        assertThat(a.findings()).hasSize(1);
        Finding f = a.findings().get(0);
        assertThat(f.pattern()).isEqualTo("{PENDING|SHIPPED|DELIVERED|CANCELLED}");
        assertThat(f.severity()).isEqualTo(Risk.HIGH);
        assertThat(f.suggestedScheme()).isEqualTo("PENDING:hash:4");
        assertThat(f.message())
                .contains("has 4 values (PENDING 70 %, SHIPPED 20 %, DELIVERED 8 %, CANCELLED 2 %)")
                .endsWith("hash-suffix the hot values — PENDING:hash:4 (seed 001).");
        assertThat(a.matrix().get(0).cardinality()).isEqualTo("4 values");
    }

    @Test
    void withoutLoadTheShapeAloneSpeaksAndSpreadKeysAreLowRisk() {
        KeyPatterns app = new KeyPatterns();
        SeedTables seed = new SeedTables(3, 1_000);
        seed.opsLog("after", 2_000, app::add, (pk, sk, b) -> {});
        for (int i = 0; i < 3_000; i++) {
            app.add("ORDER#" + seed.uuid(), "META", 700);
        }
        Advisor.Advice a = Advisor.of(AuditProfiles.of("app", app.patterns(), null));
        assertThat(a.matrix())
                .extracting(Advisor.RiskRow::pattern, Advisor.RiskRow::risk)
                .contains(
                        org.assertj.core.groups.Tuple.tuple("ORDER#<uuid>", Risk.LOW),
                        org.assertj.core.groups.Tuple.tuple("OPS_LOG#<date>", Risk.MEDIUM));
        assertThat(a.matrix())
                .filteredOn(r -> r.pattern().equals("OPS_LOG#<date>"))
                .extracting(Advisor.RiskRow::peak)
                .containsExactly("not measured");
        assertThat(a.findings()).noneMatch(f -> f.pattern().equals("ORDER#<uuid>"));
    }

    @Test
    void theMatcherGivesEachKeyItsPattern() {
        KeyPatterns app = new KeyPatterns();
        SeedTables seed = new SeedTables(4, 1_000);
        seed.threats("after", 3_000, app::add);
        seed.orderStatus("after", 3_000, app::add);
        PatternMatcher m = new PatternMatcher(app.patterns());
        assertThat(m.patternOf("THREAT#brand-abc-123#2026-06").template()).isEqualTo("THREAT#<text>#<month>");
        assertThat(m.patternOf("PENDING#3").template()).startsWith("{PENDING|SHIPPED}#<shard");
        assertThat(m.patternOf("DELIVERED").template()).isEqualTo("{DELIVERED|CANCELLED}");
        assertThat(m.patternOf("RETURNED")).isNull();
        assertThat(m.patternOf("THREAT#brand-abc-123")).isNull();
    }

    @Test
    void contributorInsightsUnitsBecomeWriteUnitsPerSecond() {
        var start = java.time.Instant.parse("2026-06-22T10:00:00Z");
        var unit = dev.partitionscope.core.heat.MatrixUnit.CONSUMED_UNITS_PER_MINUTE;
        var ops = new dev.partitionscope.core.heat.RowKey("app", null, "OPS_LOG", null, false);
        var other = new dev.partitionscope.core.heat.RowKey("app", null, null, null, true);
        var m = dev.partitionscope.core.heat.KeyTimeMatrix.builder(
                        start, 60, 3, unit, dev.partitionscope.core.heat.Provenance.CONTRIBUTOR_INSIGHTS_STITCHED)
                .add(ops, 0, 252_000)
                .add(ops, 1, 126_000)
                .addThrottles(ops, 0, 700)
                .add(other, 0, 42_000)
                .build();
        ResourceLoad load = AuditProfiles.fromInsights(m);
        assertThat(load.keys()).hasSize(1);
        KeyLoad k = load.keys().get(0);
        assertThat(k.key()).isEqualTo("OPS_LOG");
        assertThat(k.peakWriteUnits())
                .as("252,000 units in a minute = 4,200 units/s = 1,400 WCU/s")
                .isEqualTo(1_400);
        assertThat(k.writeUnits()).isEqualTo(126_000);
        assertThat(k.throttles()).isEqualTo(700);
        assertThat(load.totalUnits()).isEqualTo(140_000);
        assertThat(load.windowSeconds()).isEqualTo(180);
    }

    @Test
    void aStreamLoadIsWritesOnlyAndSaysItCameFromTheStream() {
        var load = AuditProfiles.fromStream(
                java.util.List.of(
                        new dev.partitionscope.core.heat.StreamKeyTotal("PENDING", 1_000, 1_000, 1_000),
                        new dev.partitionscope.core.heat.StreamKeyTotal("SHIPPED", 10, 20, 2)),
                3_600,
                false);
        org.assertj.core.api.Assertions.assertThat(load.source()).startsWith("DynamoDB stream");
        org.assertj.core.api.Assertions.assertThat(load.totalUnits()).isEqualTo(1_020);
        org.assertj.core.api.Assertions.assertThat(load.keys().get(0).peakWriteUnits())
                .isEqualTo(1_000);
        org.assertj.core.api.Assertions.assertThat(load.keys().get(0).readUnits())
                .isZero();
        var keysOnly = AuditProfiles.fromStream(
                java.util.List.of(
                        new dev.partitionscope.core.heat.StreamKeyTotal("PENDING", 1_000, Double.NaN, Double.NaN)),
                3_600,
                true);
        org.assertj.core.api.Assertions.assertThat(keysOnly.totalUnits()).isEqualTo(1_000);
        org.assertj.core.api.Assertions.assertThat(keysOnly.source()).contains("KEYS_ONLY");
    }
}
