package dev.partitionscope.aws;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.core.audit.Advisor;
import dev.partitionscope.core.audit.Advisor.Finding;
import dev.partitionscope.core.audit.AuditReport;
import dev.partitionscope.core.time.TimeRange;
import dev.partitionscope.lab.Lab;
import dev.partitionscope.lab.clock.SimulatedClock;
import dev.partitionscope.lab.workload.FastForward;
import dev.partitionscope.lab.workload.Plan;
import dev.partitionscope.lab.workload.RunSettings;
import dev.partitionscope.lab.workload.ScenarioCatalog;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The audit's done-when on the Lab, through the SDK: after each seed scenario's before-variant (fast-forwarded, so
 * the Lab holds sampled items and Contributor Insights saw the traffic), the audit reproduces seed 000's findings —
 * OPS_LOG and THREAT high, BRAND_INDEX accepted — and seed 001's: the status index high, its hot value named.
 */
public class KeyAuditTest {

    /** What a test does on a connection to the Lab a scenario ran on. */
    public interface OnLab<T> {
        T apply(Connection c) throws Exception;
    }

    /**
     * Runs a scenario's variant for 10 simulated minutes on a Lab of its own (so it holds sampled items and
     * Contributor Insights saw the traffic), then {@code body} on a connection to that Lab through the SDK.
     */
    public static <T> T onScenario(String scenario, String variant, OnLab<T> body) throws Exception {
        SimulatedClock clock = new SimulatedClock(Instant.parse("2026-06-22T10:00:00Z"));
        try (Lab lab = Lab.start(Lab.Options.defaults().withClock(clock))) {
            var s = ScenarioCatalog.load(null).get(scenario);
            new FastForward(
                            Plan.of(s, variant, RunSettings.defaults().withDuration(Duration.ofMinutes(10))),
                            lab,
                            clock,
                            2_000)
                    .run();
            Path home = Files.createTempDirectory("audit-test");
            AwsProfiles none = AwsProfiles.from(home.resolve("config"), home.resolve("credentials"), Map.of());
            try (Connection c = new ConnectionFactory(none)
                    .open(ConnectionSpec.lab().withEndpoint(lab.endpoint().orElseThrow()))) {
                return body.apply(c);
            }
        }
    }

    private static KeyAudit.Result audit(String scenario, String variant, String table) throws Exception {
        return onScenario(scenario, variant, c -> {
            KeyAudit.Options o = new KeyAudit.Options(
                    AuditSampler.Options.defaults().withBudget(AuditSampler.Budget.unlimited()),
                    true,
                    TimeRange.last(TimeRange.Preset.LAST_1H),
                    true);
            return new KeyAudit(c).run(table, o, () -> false, KeyAudit.Listener.NONE);
        });
    }

    private static Finding finding(KeyAudit.Result r, String pattern) {
        return r.advice().findings().stream()
                .filter(f -> f.pattern().equals(pattern))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no finding for " + pattern + ": "
                        + r.advice().findings() + "\nmatrix: " + r.advice().matrix() + "\nload: " + r.loadNote()));
    }

    @Test
    void opsLogBeforeIsHighWithADayBucket() throws Exception {
        KeyAudit.Result r = audit("ops-log", "before", "app");
        assertThat(r.complete()).isTrue();
        assertThat(r.resources().get(0).itemsSampled()).isPositive();
        assertThat(r.loadNote()).startsWith("load from Contributor Insights");
        Finding f = finding(r, "OPS_LOG");
        assertThat(f.severity()).isEqualTo(Advisor.Risk.HIGH);
        assertThat(f.suggestedScheme()).startsWith("day");
        assertThat(AuditReport.markdown("Key audit: app", null, r.advice()))
                .contains("| `OPS_LOG` | app | 1 — hot by" + " definition |");
    }

    @Test
    void threatsBeforeIsHighOnTheAttackedBrand() throws Exception {
        KeyAudit.Result r = audit("threats", "before", "app");
        Finding f = finding(r, "THREAT#<text>");
        assertThat(f.severity()).isEqualTo(Advisor.Risk.HIGH);
        assertThat(f.suggestedScheme()).startsWith("THREAT#brand-abc-123:hash:");
    }

    @Test
    void collectionKeysBeforeAreAccepted() throws Exception {
        KeyAudit.Result r = audit("collection-keys", "before", "app");
        Finding f = finding(r, "BRAND_INDEX");
        assertThat(f.action()).isEqualTo(Advisor.Action.ACCEPT);
        assertThat(r.advice().findings()).noneMatch(x -> x.severity() == Advisor.Risk.HIGH);
    }

    @Test
    void orderStatusBeforeNamesThePendingValue() throws Exception {
        KeyAudit.Result r = audit("order-status", "before", "order-status-index");
        Finding f = finding(r, "{PENDING|SHIPPED|DELIVERED|CANCELLED}");
        assertThat(f.severity()).isEqualTo(Advisor.Risk.HIGH);
        assertThat(f.suggestedScheme()).startsWith("PENDING").contains(":hash:");
        assertThat(f.seed()).isEqualTo("seed 001");
    }

    @Test
    void aCappedAuditResumesWhereItStoppedAndCountsEveryItemOnce() throws Exception {
        onScenario("order-status", "before", c -> {
            long total = c.dynamo()
                    .describeTable(b -> b.tableName("order-status-index"))
                    .table()
                    .itemCount();
            KeyAudit.Options capped = new KeyAudit.Options(
                    AuditSampler.Options.defaults()
                            .withBudget(AuditSampler.Budget.unlimited())
                            .withItemCap(500),
                    true,
                    TimeRange.last(TimeRange.Preset.LAST_1H),
                    false);
            KeyAudit audit = new KeyAudit(c);
            KeyAudit.Result first = audit.run("order-status-index", capped, () -> false, KeyAudit.Listener.NONE);
            assertThat(first.complete()).isFalse();
            assertThat(first.resources().get(0).itemsSampled()).isEqualTo(500);
            KeyAudit.Result rest = audit.resume(first, capped.withItemCap(0), () -> false, KeyAudit.Listener.NONE);
            assertThat(rest.complete()).isTrue();
            assertThat(rest.resources().get(0).itemsSampled())
                    .as("every item once over both runs")
                    .isEqualTo(total);
            assertThat(rest.resources().get(0).patterns().get(0).itemsSampled()).isEqualTo(total);
            assertThat(rest.consumedRcu()).isGreaterThan(first.consumedRcu());
            return null;
        });
    }
}
