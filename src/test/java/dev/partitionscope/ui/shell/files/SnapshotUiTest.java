package dev.partitionscope.ui.shell.files;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.aws.ConnectionSpec;
import dev.partitionscope.aws.KeyAudit;
import dev.partitionscope.core.heat.HeatGrid;
import dev.partitionscope.core.heat.HeatRow;
import dev.partitionscope.core.heat.TopKey;
import dev.partitionscope.core.metrics.Verdict;
import dev.partitionscope.core.time.TimeRange;
import dev.partitionscope.lab.cloudwatch.CwLab;
import dev.partitionscope.report.ReportWriter;
import dev.partitionscope.ui.AnsweringFileDialogs;
import dev.partitionscope.ui.AppFixture;
import dev.partitionscope.ui.UiRobot;
import dev.partitionscope.ui.audit.AuditViewModel;
import dev.partitionscope.ui.common.heat.HeatmapCanvas;
import dev.partitionscope.ui.metrics.MetricsViewModel;
import dev.partitionscope.ui.session.Screen;
import dev.partitionscope.ui.shell.MainViewModel;
import dev.partitionscope.ui.shell.MainWindowController;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.zip.GZIPInputStream;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A snapshot of a live view in the real app, headless. A Lab the app does not run stands in for AWS (connected as a
 * custom endpoint, so not a Lab connection): its hot-PENDING workload is read on the Metrics and Heatmap screens,
 * an item page is scanned as a screen would, and File ▸ Save snapshot… writes the file — no credentials and no item
 * contents unless asked. Then the endpoint is shut down and the file opened: the same verdict, the same top keys,
 * the same PENDING row, at the same window; a read it does not hold says what it holds.
 */
class SnapshotUiTest {
    private static final String NOTE = "a-private-note-77";

    @TempDir
    Path configDir;

    @TempDir
    Path files;

    private AppFixture fixture;
    private CwLab live;
    private final UiRobot robot = new UiRobot();
    private final AnsweringFileDialogs dialogs = new AnsweringFileDialogs();

    @AfterEach
    void stop() throws Exception {
        if (fixture != null) {
            fixture.stop();
        }
        if (live != null) {
            live.close();
        }
    }

    private MainViewModel main() {
        return fixture.app().context().main();
    }

    private MainWindowController controller() {
        return fixture.app().controller();
    }

    private MetricsViewModel metrics() {
        return AppFixture.onFx(() -> controller().screens().metrics());
    }

    private HeatGrid grid() {
        return AppFixture.onFx(() ->
                robot.lookup("#heatmapCanvas").queryAs(HeatmapCanvas.class).getGrid());
    }

    private double pendingTotal() {
        HeatGrid g = grid();
        for (int r = 0; g != null && r < g.rowCount(); r++) {
            HeatRow row = g.row(r);
            if (!row.merged() && !row.other() && "PENDING".equals(row.first().partitionKey())) {
                return g.rowTotal(r);
            }
        }
        return -1;
    }

    private boolean metricsLoaded() {
        return AppFixture.onFx(() -> {
            MetricsViewModel vm = controller().screens().metrics();
            return vm.verdictProperty().get() != null
                    && !vm.loadingProperty().get()
                    && !vm.insightsLoadingProperty().get()
                    && !vm.topKeys().isEmpty();
        });
    }

    private boolean heatmapLoaded() {
        return AppFixture.onFx(() -> {
                    var vm = controller().screens().heatmap();
                    return !vm.loadingProperty().get()
                            && vm.viewProperty().get() != null
                            && controller()
                                    .screens()
                                    .heatmapView()
                                    .shows(vm.viewProperty().get());
                })
                && pendingTotal() > 0;
    }

    private static String text(Path file) throws IOException {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(file))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /**
     * The stand-in for AWS: a Lab the app does not run, with its hot-PENDING hour and one item holding {@link #NOTE},
     * connected as a custom endpoint in a fresh app, its tables listed.
     */
    private void connectToStandIn() throws Exception {
        live = CwLab.started();
        live.playHotPending();
        live.ddb(
                "PutItem",
                "{\"TableName\": \"orders\", \"Item\": {\"status\": {\"S\": \"NOTE\"}, \"orderId\":"
                        + " {\"S\": \"n1\"}, \"customer\": {\"S\": \"c-n1\"}, \"note\": {\"S\": \"" + NOTE + "\"}}}");
        live.at(3_600);
        dialogs.folder(files.resolve("report"));
        fixture = new AppFixture(configDir).withFileDialogs(dialogs);
        fixture.start();
        AppFixture.onFx(() -> {
            main().connect(ConnectionSpec.custom("stand-in for AWS", live.endpoint(), "us-east-1", "AKIDSTANDIN"));
            return null;
        });
        AppFixture.waitUntil("the tables are listed", Duration.ofSeconds(20), () -> main().tables()
                .contains("orders"));
    }

    @Test
    void aSnapshotOfALiveViewReopensWithTheSameNumbersWithoutTheEndpoint() throws Exception {
        connectToStandIn();
        AppFixture.onFx(() -> {
            main().selectedTableProperty().set("orders");
            return null;
        });
        AppFixture.waitUntil(
                "connected, orders described",
                Duration.ofSeconds(20),
                () -> main().tableShapeProperty().get() != null);
        assertThat(AppFixture.onFx(
                        () -> controller().files().canSaveSnapshotProperty().get()))
                .isTrue();
        assertThat(AppFixture.onFx(
                        () -> controller().files().canSaveRecordingProperty().get()))
                .isFalse();

        robot.shortcut(KeyCode.CONTROL, KeyCode.DIGIT3);
        AppFixture.waitUntil("the metrics are read", Duration.ofSeconds(60), this::metricsLoaded);
        Verdict verdict = AppFixture.onFx(() -> metrics().verdictProperty().get());
        List<TopKey> topKeys = AppFixture.onFx(() -> List.copyOf(metrics().topKeys()));
        assertThat(topKeys.get(0).key().partitionKey()).isEqualTo("PENDING");
        robot.shortcut(KeyCode.CONTROL, KeyCode.DIGIT2);
        AppFixture.waitUntil("the heatmap shows PENDING", Duration.ofSeconds(60), this::heatmapLoaded);
        double pending = pendingTotal();
        TimeRange.Window window =
                AppFixture.onFx(() -> controller().screens().heatmap().loadedWindow());
        // An item read, as a screen would make one.
        main().getConnection().dynamo().scan(b -> b.tableName("orders").filterExpression("attribute_exists(note)"));

        // File ▸ Save snapshot…: the dialog says what goes in; item contents stay out.
        Path plain = files.resolve("orders-live.pssnap");
        dialogs.answer(plain);
        robot.shortcut(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.S);
        AppFixture.waitUntil(
                "the snapshot dialog shows", Duration.ofSeconds(10), () -> robot.showing("#snapshotDialog"));
        assertThat(robot.allText("#snapshotDialog"))
                .contains("for table orders")
                .contains("No credentials");
        robot.clickOn("OK");
        AppFixture.waitUntil(
                "the snapshot is saved",
                Duration.ofSeconds(30),
                () -> Files.exists(plain)
                        && controller()
                                .files()
                                .recentFiles()
                                .contains(plain.toAbsolutePath().normalize()));
        assertThat(text(plain))
                .doesNotContain("AKIDSTANDIN")
                .doesNotContain("partitionscope-local")
                .doesNotContainIgnoringCase("authorization")
                .doesNotContain("Credential=")
                .doesNotContain("stand-in for AWS")
                .doesNotContain(NOTE);
        Path withItems = files.resolve("orders-with-items.pssnap");
        AppFixture.onFx(() -> {
            controller().files().saveSnapshot(withItems, true);
            return null;
        });
        AppFixture.waitUntil("the second snapshot is saved", Duration.ofSeconds(30), () -> Files.exists(withItems));
        assertThat(text(withItems)).contains(NOTE).doesNotContain("AKIDSTANDIN");

        // The endpoint goes away; the app looks elsewhere.
        live.close();
        live = null;
        AppFixture.onFx(() -> {
            main().disconnect();
            main().screenProperty().set(Screen.OVERVIEW);
            main().timeRangeProperty().set(TimeRange.last(TimeRange.Preset.LAST_1H));
            return null;
        });

        dialogs.answer(plain);
        robot.shortcut(KeyCode.CONTROL, KeyCode.O);
        AppFixture.waitUntil(
                "the snapshot is open at its view",
                Duration.ofSeconds(60),
                () -> main().getConnection() != null
                        && main().getConnection().isSnapshot()
                        && !controller().files().restoringProperty().get()
                        && heatmapLoaded());
        assertThat(main().getConnection().spec().name()).isEqualTo("Snapshot · orders-live.pssnap");
        assertThat(main().getConnection().guard().isReadOnly()).isTrue();
        assertThat(main().whereTextProperty().get()).startsWith("Snapshot of Custom endpoint");
        assertThat(main().screenProperty().get()).isEqualTo(Screen.HEATMAP);
        assertThat(main().timeRangeProperty().get()).isEqualTo(TimeRange.custom(window.start(), window.end(), false));
        assertThat(pendingTotal()).isEqualTo(pending);

        robot.shortcut(KeyCode.CONTROL, KeyCode.DIGIT3);
        AppFixture.waitUntil("the metrics are read from the snapshot", Duration.ofSeconds(60), this::metricsLoaded);
        assertThat(AppFixture.onFx(() -> metrics().verdictProperty().get())).isEqualTo(verdict);
        assertThat(AppFixture.onFx(() -> List.copyOf(metrics().topKeys()))).isEqualTo(topKeys);

        // A window the snapshot was not read for: the screens say what it holds.
        AppFixture.onFx(() -> {
            main().timeRangeProperty().set(TimeRange.last(TimeRange.Preset.LAST_1W));
            return null;
        });
        AppFixture.waitUntil(
                "the metrics say what is missing",
                Duration.ofSeconds(30),
                () -> AppFixture.onFx(() -> {
                    var s = metrics().snapshotProperty().get();
                    return s != null
                            && !metrics().loadingProperty().get()
                            && s.status().message() != null
                            && s.status().message().contains("Not in this snapshot");
                }));
        assertThat(AppFixture.onFx(
                        () -> metrics().snapshotProperty().get().status().message()))
                .contains("This snapshot (orders-live.pssnap) was taken on the Overview, Heatmap and Metrics screens"
                        + " for table orders")
                .contains("it has no data for GetMetricData");
        assertThat(fixture.app().context().settings().lastConnection)
                .as("a snapshot is never reopened at start")
                .isEqualTo("stand-in for AWS");
    }

    @Test
    void aKeyAuditGoesInAsItsResultAndReopensReadOnly() throws Exception {
        connectToStandIn();
        AppFixture.onFx(() -> {
            main().selectedTableProperty().set("orders");
            main().screenProperty().set(Screen.AUDIT);
            return null;
        });
        AppFixture.waitUntil(
                "orders described",
                Duration.ofSeconds(20),
                () -> main().tableShapeProperty().get() != null);
        AppFixture.onFx(() -> {
            audit().budgetProperty().set("0");
            audit().run();
            return null;
        });
        AppFixture.waitUntil(
                "the audit is done",
                Duration.ofSeconds(60),
                () -> AppFixture.onFx(() -> audit().resultProperty().get() != null
                        && !audit().runningProperty().get()));
        KeyAudit.Result ran = AppFixture.onFx(() -> audit().resultProperty().get());
        assertThat(ran.advice().findings())
                .anySatisfy(f -> assertThat(f.message()).contains("PENDING"));

        Path file = files.resolve("orders-audit.pssnap");
        dialogs.answer(file);
        robot.shortcut(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.S);
        AppFixture.waitUntil(
                "the snapshot dialog shows", Duration.ofSeconds(10), () -> robot.showing("#snapshotDialog"));
        assertThat(robot.allText("#snapshotDialog"))
                .contains("The key audit of orders goes in as its result")
                .contains("without the items it sampled");
        robot.clickOn("OK");
        AppFixture.waitUntil("the snapshot is saved", Duration.ofSeconds(30), () -> Files.exists(file));
        assertThat(text(file))
                .contains("\"audit\"")
                .contains("PENDING")
                .doesNotContain(NOTE)
                .doesNotContain("startKey")
                .doesNotContain("AKIDSTANDIN");

        live.close();
        live = null;
        AppFixture.onFx(() -> {
            main().disconnect();
            main().screenProperty().set(Screen.OVERVIEW);
            return null;
        });
        dialogs.answer(file);
        robot.shortcut(KeyCode.CONTROL, KeyCode.O);
        AppFixture.waitUntil(
                "the snapshot is open on the audit",
                Duration.ofSeconds(60),
                () -> main().getConnection() != null
                        && main().getConnection().isSnapshot()
                        && !controller().files().restoringProperty().get()
                        && AppFixture.onFx(() -> audit().resultProperty().get() != null));
        assertThat(main().screenProperty().get()).isEqualTo(Screen.AUDIT);
        KeyAudit.Result shown = AppFixture.onFx(() -> audit().resultProperty().get());
        assertThat(shown.advice()).isEqualTo(ran.advice());
        assertThat(AppFixture.onFx(() -> audit().savedInProperty().get())).isEqualTo("orders-audit.pssnap");
        assertThat(AppFixture.onFx(() -> audit().resumable())).isFalse();
        AppFixture.waitUntil("the screen says where the audit comes from", Duration.ofSeconds(10), () -> robot.allText(
                        "#auditScreen")
                .contains("The audit saved in orders-audit.pssnap"));
        assertThat(robot.allText("#auditScreen")).contains("PENDING").contains("Read-only");

        // Run cannot sample a snapshot: it says so and keeps the saved audit rather than showing an empty one.
        AppFixture.onFx(() -> {
            audit().run();
            return null;
        });
        assertThat(AppFixture.onFx(() -> audit().errorProperty().get().headline()))
                .isEqualTo("A snapshot cannot be sampled again");
        assertThat(AppFixture.onFx(() -> audit().errorProperty().get().detail()))
                .contains("The audit shown is the one saved in orders-audit.pssnap");
        assertThat(AppFixture.onFx(() -> audit().resultProperty().get()))
                .as("the saved audit stays")
                .isSameAs(shown);

        // File ▸ Export report… on the snapshot: the report's audit is the saved one, not an empty sampling.
        robot.shortcut(KeyCode.CONTROL, KeyCode.E);
        AppFixture.waitUntil("the report is written", Duration.ofSeconds(90), () -> robot.lookup("#exportReportDone")
                .tryQuery()
                .isPresent());
        String summary = Files.readString(files.resolve("report").resolve(ReportWriter.SUMMARY));
        assertThat(summary)
                .contains("The key audit saved in orders-audit.pssnap (not sampled again)")
                .contains("PENDING");
    }

    private AuditViewModel audit() {
        return controller().screens().audit();
    }
}
