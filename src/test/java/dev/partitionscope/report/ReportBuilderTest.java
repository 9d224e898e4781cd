package dev.partitionscope.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.partitionscope.aws.AuditSampler;
import dev.partitionscope.aws.Connection;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report builder's API (what the app's Export report calls) on seed 000's ops-log before-scenario, fast-forwarded
 * ten minutes in a Lab: every AI call appends to the one key {@code OPS_LOG}. The summary must name it, the advisor's
 * day bucket (with random suffixes: today's key alone is still over the ceiling) must be the scheme, progress only
 * rises, Cancel stops the build, and the folder rule keeps a previous report's folder consistent.
 */
class ReportBuilderTest {
    private static ScenarioLab lab;
    private static Connection connection;
    private static Report report;
    private static final List<Double> fractions = new ArrayList<>();

    @TempDir
    static Path tmp;

    @BeforeAll
    static void reportOnOpsLog() throws IOException {
        lab = ScenarioLab.played("ops-log", "before", Duration.ofMinutes(10));
        connection = lab.connect();
        ReportOptions o = ReportOptions.defaults()
                .withLookback(Duration.ofMinutes(20))
                .withSampling(ReportOptions.defaults().sampling().withBudget(AuditSampler.Budget.unlimited()));
        report = ReportBuilder.build(connection, "app", o, (f, m) -> fractions.add(f), () -> false);
    }

    @AfterAll
    static void stop() {
        if (connection != null) {
            connection.close();
        }
        if (lab != null) {
            lab.close();
        }
    }

    @Test
    void summaryNamesOpsLogAndItsDayBucket() {
        String md = new String(ReportWriter.render(report).get(ReportWriter.SUMMARY), StandardCharsets.UTF_8);
        assertThat(report.hotKey().key().partitionKey()).isEqualTo("OPS_LOG");
        assertThat(md).startsWith("# Hot-partition report: `app`");
        assertThat(md)
                .contains(
                        "**Hot partition:",
                        "The hot key is `OPS_LOG` (app)",
                        "| `OPS_LOG` | app |",
                        "| `OPS_LOG` | app | 1 — hot by definition |");
        assertThat(report.recommendation().scheme()).startsWith("day+random:");
        assertThat(md)
                .contains(
                        "**Scheme:** `" + report.recommendation().scheme() + "`",
                        "seed 000 pattern 1",
                        "**N = " + report.recommendation().shards() + "**");
        assertThat(report.recommendation().formula()).contains(" WCU/s ÷ 1,000 WCU/s × 2.5 headroom⌉");
    }

    @Test
    void aTableWithoutAHotKeyGetsNoSchemeButItsNumbers() throws IOException {
        // Seed 000's collection keys at registration pace: one key, little traffic — accept the trade-off.
        try (ScenarioLab quiet = ScenarioLab.played("collection-keys", "before", Duration.ofMinutes(10));
                Connection c = quiet.connect()) {
            Report r = ReportBuilder.build(
                    c,
                    "app",
                    ReportOptions.defaults()
                            .withLookback(Duration.ofMinutes(15))
                            .withSampling(
                                    ReportOptions.defaults().sampling().withBudget(AuditSampler.Budget.unlimited())),
                    ReportProgress.NONE,
                    () -> false);
            assertThat(r.verdict().kind()).isEqualTo(dev.partitionscope.core.metrics.Verdict.Kind.NO_THROTTLING);
            assertThat(r.recommendation().changes()).isFalse();
            assertThat(r.recommendation().shards()).isEqualTo(1);
            String md = new String(ReportWriter.render(r).get(ReportWriter.SUMMARY), StandardCharsets.UTF_8);
            assertThat(md)
                    .contains(
                            "**No throttling.",
                            "**No key change needed** (the key audit found no pattern" + " to shard)",
                            "**N = 1** — `N = ⌈",
                            "Don't shard",
                            "accept the trade-off");
        }
    }

    @Test
    void theWindowEndsAtTheLabsSimulatedNow() {
        assertThat(Duration.between(lab.now(), report.window().end()).abs()).isLessThan(Duration.ofSeconds(30));
        assertThat(report.window().start()).isEqualTo(report.window().end().minus(Duration.ofMinutes(20)));
    }

    @Test
    void progressOnlyRisesAndEndsNearTheEnd() {
        assertThat(fractions).isNotEmpty().isSorted();
        assertThat(fractions.get(fractions.size() - 1)).isGreaterThan(0.9);
        assertThat(report.elapsed()).isPositive();
    }

    @Test
    void cancellingStopsTheBuild() {
        AtomicInteger steps = new AtomicInteger();
        assertThatThrownBy(() -> ReportBuilder.build(
                        connection,
                        "app",
                        ReportOptions.defaults(),
                        (f, m) -> steps.incrementAndGet(),
                        () -> steps.get() >= 3))
                .isInstanceOf(CancellationException.class);
    }

    @Test
    void aPreviousReportIsReplacedAndItsStaleFilesRemoved() throws IOException {
        Path dir = tmp.resolve("again");
        ReportWriter.write(report, dir, false);
        assertThat(dir.resolve(ReportWriter.AUDIT)).isRegularFile();
        Report noAudit = new Report(
                report.shape(),
                report.where(),
                report.window(),
                report.generatedAt(),
                report.traffic(),
                report.heat(),
                report.topKeys(),
                null,
                "Key audit skipped (--no-audit).",
                report.recommendation(),
                report.elapsed());
        ReportWriter.write(noAudit, dir, false);
        assertThat(dir.resolve(ReportWriter.AUDIT)).doesNotExist();
        assertThat(dir.resolve(ReportWriter.AUDIT_MATRIX)).doesNotExist();
        assertThat(Files.readString(dir.resolve(ReportWriter.SUMMARY)))
                .contains("Key audit skipped")
                .doesNotContain("[audit.md]");
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".tmp"));
        }
    }

    @Test
    void forceWritesBesideOtherFilesAndKeepsThem() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("shared"));
        Files.writeString(dir.resolve("design.md"), "mine");
        assertThatThrownBy(() -> ReportWriter.write(report, dir, false))
                .isInstanceOf(ReportWriter.FolderException.class)
                .hasMessageContaining("--force");
        ReportWriter.write(report, dir, true);
        assertThat(dir.resolve("design.md")).hasContent("mine");
        assertThat(dir.resolve(ReportWriter.HEATMAP)).isRegularFile();
    }
}
