package dev.partitionscope.ui.heatmap;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.aws.ConnectionKind;
import dev.partitionscope.core.heat.ColorLut;
import dev.partitionscope.core.heat.HeatGrid;
import dev.partitionscope.core.heat.HeatPalette;
import dev.partitionscope.core.heat.HeatRow;
import dev.partitionscope.core.heat.ScaleMode;
import dev.partitionscope.lab.workload.Scenario;
import dev.partitionscope.ui.AppFixture;
import dev.partitionscope.ui.UiRobot;
import dev.partitionscope.ui.common.FileDialogs;
import dev.partitionscope.ui.common.heat.HeatmapCanvas;
import dev.partitionscope.ui.session.Screen;
import dev.partitionscope.ui.shell.MainViewModel;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import javafx.geometry.Point2D;
import javafx.scene.control.ComboBox;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.stage.Window;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The heatmap screen in the real app, headless, on a Lab that fast-forwarded the ops-log before-scenario (every
 * write on PK OPS_LOG at 1,400 WCU/s): OPS_LOG is a row of its own above the ceiling with throttle marks and a
 * KeyRange throttle strip; hovering and pinning show its values; zoom to selection re-buckets; Back returns; the PNG
 * export has the visible cells' colours; the CSV export names the key.
 */
class HeatmapScreenUiTest {
    @TempDir
    Path configDir;

    @TempDir
    Path files;

    private AppFixture fixture;
    private final UiRobot robot = new UiRobot();
    private final AtomicReference<Path> answer = new AtomicReference<>();
    private final FileDialogs dialogs = new FileDialogs() {
        @Override
        public Optional<Path> saveFile(Window owner, String title, String initialName, Type type) {
            return Optional.ofNullable(answer.get());
        }

        @Override
        public Optional<Path> openFile(Window owner, String title, Type type) {
            return Optional.empty();
        }
    };

    @AfterEach
    void stop() throws Exception {
        if (fixture != null) {
            fixture.stop();
        }
    }

    private MainViewModel main() {
        return fixture.app().context().main();
    }

    private HeatmapCanvas canvas() {
        return robot.lookup("#heatmapCanvas").queryAs(HeatmapCanvas.class);
    }

    private HeatGrid grid() {
        return AppFixture.onFx(() -> canvas().getGrid());
    }

    private int row(String key) {
        HeatGrid g = grid();
        for (int r = 0; r < g.rowCount(); r++) {
            HeatRow row = g.row(r);
            if (!row.merged() && !row.other() && row.first().partitionKey().equals(key) && row.index() == null) {
                return r;
            }
        }
        return -1;
    }

    private void mouse(javafx.event.EventType<MouseEvent> type, Point2D local, boolean shift, int clicks) {
        AppFixture.onFx(() -> {
            HeatmapCanvas c = canvas();
            Point2D p = c.localToScene(local);
            Point2D s = c.localToScreen(local);
            c.fireEvent(new MouseEvent(
                    type,
                    p.getX(),
                    p.getY(),
                    s.getX(),
                    s.getY(),
                    MouseButton.PRIMARY,
                    clicks,
                    shift,
                    false,
                    false,
                    false,
                    type != MouseEvent.MOUSE_RELEASED && type != MouseEvent.MOUSE_CLICKED,
                    false,
                    false,
                    true,
                    false,
                    true,
                    null));
            return null;
        });
    }

    /** Waits until no load runs for half a second (a table or connection change may start a second one). */
    private void settled() throws InterruptedException {
        for (int quiet = 0; quiet < 5; ) {
            Thread.sleep(100);
            quiet = robot.showing("#heatmapCancel") ? 0 : quiet + 1;
        }
    }

    private Point2D center(int row, int column) {
        return AppFixture.onFx(() -> canvas().cellCenter(row, column));
    }

    @Test
    void opsLogBeforeIsOneHotThrottledRowThatCanBeHoveredPinnedZoomedAndExported() throws Exception {
        fixture = new AppFixture(configDir).withFileDialogs(dialogs);
        fixture.startFirstTime();
        AppFixture.waitUntil(
                "connected to the Lab",
                Duration.ofSeconds(20),
                () -> main().getConnection() != null
                        && main().getConnection().spec().kind() == ConnectionKind.LAB);
        robot.shortcut(KeyCode.CONTROL, KeyCode.DIGIT7);
        AppFixture.waitUntil("the workload panel shows", Duration.ofSeconds(10), () -> robot.showing("#workloadStart"));
        AppFixture.onFx(() -> {
            @SuppressWarnings("unchecked")
            ComboBox<Scenario> combo = robot.lookup("#workloadScenario").queryAs(ComboBox.class);
            combo.getItems().stream()
                    .filter(s -> s.name().equals("ops-log"))
                    .findFirst()
                    .ifPresent(combo::setValue);
            return null;
        });
        AppFixture.waitUntil(
                "the ops-log form shows", Duration.ofSeconds(10), () -> robot.clickable("#workloadFastForward"));
        robot.clickOn("#workloadFastForward");
        robot.replaceText("#workloadDuration", "10 min");
        // The Start button is laid out after the duration field (it failed once under load: "no nodes were visible").
        AppFixture.waitUntil("Start shows", Duration.ofSeconds(10), () -> robot.clickable("#workloadStart"));
        robot.clickOn("#workloadStart");
        AppFixture.waitUntil(
                "the fast-forwarded Lab is connected",
                Duration.ofSeconds(90),
                () -> robot.showing("#labReplay")
                        && main().selectedTableProperty().get() != null
                        && main().tableShapeProperty().get() != null);

        robot.shortcut(KeyCode.CONTROL, KeyCode.DIGIT2);
        assertThat(main().screenProperty().get()).isEqualTo(Screen.HEATMAP);
        AppFixture.waitUntil(
                "the heatmap has its keys",
                Duration.ofSeconds(60),
                () -> grid() != null && row("OPS_LOG") >= 0 && center(0, 0) != null);
        settled();
        HeatGrid g = grid();
        int opsLog = row("OPS_LOG");
        assertThat(g.rowThrottles(opsLog)).isPositive();
        // 1,400 WCU/s offered, about 1,000 admitted: the key sits at the ceiling, over it in some minutes.
        double peak = 0;
        for (int c = 0; c < g.columnCount(); c++) {
            peak = Math.max(peak, g.perMinute(opsLog, c));
        }
        assertThat(peak).isGreaterThan(0.9 * 180_000);
        assertThat(robot.text("#heatmapTitle")).startsWith("Heatmap · ");
        assertThat(robot.text("#heatmapSource"))
                .matches("Contributor Insights · \\d+ × 5 min sub-windows, top 25 keys each · \\d+ reports");
        assertThat(robot.text("#heatmapRange")).contains("rows ×").contains("1 min");

        // Hover: the hovered cell is the one under the mouse.
        int column = g.columnCount() - 3;
        mouse(MouseEvent.MOUSE_MOVED, center(opsLog, column), false, 0);
        assertThat(AppFixture.onFx(() -> canvas().getHoveredCell())).isEqualTo(new HeatmapCanvas.Cell(opsLog, column));

        // Click pins; the panel shows the key, its value with unit and % of the ceiling, and throttles.
        Point2D at = center(opsLog, column);
        mouse(MouseEvent.MOUSE_PRESSED, at, false, 1);
        mouse(MouseEvent.MOUSE_RELEASED, at, false, 1);
        mouse(MouseEvent.MOUSE_CLICKED, at, false, 1);
        AppFixture.waitUntil("the pinned panel shows", Duration.ofSeconds(5), () -> robot.showing("#heatmapPinned"));
        assertThat(robot.text("#heatmapPinned-Key")).isEqualTo("OPS_LOG");
        assertThat(robot.text("#heatmapPinned-Value")).endsWith("throughput units/min");
        assertThat(robot.text("#heatmapPinned-Ceiling")).endsWith("% of the partition ceiling");
        assertThat(robot.text("#heatmapPinned-Throttles")).endsWith("throttled requests");

        // Export PNG at 1×: the plot's pixels are the LUT colours of the visible cells.
        Path png = files.resolve("heat.png");
        answer.set(png);
        // Export, and what the canvas shows at that moment, in one FX turn (a layout pass may resize it between).
        Object[] atExport = AppFixture.onFx(() -> {
            HeatmapView view = (HeatmapView)
                    robot.lookup("#heatmapScreen").query().getProperties().get(HeatmapView.class);
            view.exportPng(1);
            return new Object[] {
                canvas().exportImage(1, "t"),
                canvas().exportPoint(opsLog, column, 1, true),
                canvas().getScale().level(g.perMinute(opsLog, column)),
                canvas().getScale().mode()
            };
        });
        AppFixture.waitUntil("the PNG is written", Duration.ofSeconds(10), () -> Files.exists(png));
        BufferedImage image = ImageIO.read(png.toFile());
        javafx.scene.image.WritableImage shown = (javafx.scene.image.WritableImage) atExport[0];
        assertThat(image.getWidth()).isEqualTo((int) shown.getWidth());
        int[] lut = ColorLut.build(HeatPalette.HEAT, 0).table();
        int level = (int) atExport[2];
        assertThat(atExport[3]).isEqualTo(ScaleMode.ABSOLUTE);
        Point2D inImage = (Point2D) atExport[1];
        assertThat(image.getRGB((int) inImage.getX(), (int) inImage.getY())).isEqualTo(lut[level]);

        // CSV of the view names the key.
        Path csv = files.resolve("heat.csv");
        answer.set(csv);
        AppFixture.onFx(() -> {
            ((HeatmapView) robot.lookup("#heatmapScreen")
                            .query()
                            .getProperties()
                            .get(HeatmapView.class))
                    .exportCsv();
            return null;
        });
        AppFixture.waitUntil("the CSV is written", Duration.ofSeconds(10), () -> Files.exists(csv));
        assertThat(Files.readString(csv)).contains("OPS_LOG").startsWith("# unit: throughput units/min");

        // Shift+drag selects the hot row over five columns; zoom to selection re-buckets them on their own.
        Point2D from = center(opsLog, column - 4);
        Point2D to = center(opsLog, column);
        mouse(MouseEvent.MOUSE_PRESSED, from, true, 1);
        mouse(MouseEvent.MOUSE_DRAGGED, to, true, 1);
        mouse(MouseEvent.MOUSE_RELEASED, to, true, 1);
        assertThat(AppFixture.onFx(() -> canvas().getSelection()))
                .isEqualTo(new HeatmapCanvas.Selection(opsLog, opsLog, column - 4, column));
        robot.clickOn("#heatmapZoomSelection");
        AppFixture.waitUntil("the zoomed grid shows", Duration.ofSeconds(10), () -> grid().columnCount() == 5);
        assertThat(grid().rowCount()).isEqualTo(1);
        assertThat(grid().row(0).first().partitionKey()).isEqualTo("OPS_LOG");
        robot.clickOn("#heatmapBack");
        AppFixture.waitUntil(
                "back to the whole range",
                Duration.ofSeconds(10),
                () -> grid().columnCount() == g.columnCount() && grid().rowCount() == g.rowCount());

        // Double-click drills into the key: its time series against the ceiling, then the sharding designer.
        Point2D hot = center(opsLog, column);
        mouse(MouseEvent.MOUSE_PRESSED, hot, false, 2);
        mouse(MouseEvent.MOUSE_RELEASED, hot, false, 2);
        mouse(MouseEvent.MOUSE_CLICKED, hot, false, 2);
        AppFixture.waitUntil(
                "the drill-down opens", Duration.ofSeconds(10), () -> AppFixture.windowWithId("drillDown") != null);
        assertThat(robot.text("#drillKey")).isEqualTo("OPS_LOG");
        String series = AppFixture.onFx(() -> robot.lookup("#drillRate")
                .queryAs(dev.partitionscope.ui.common.chart.TimeChart.class)
                .csv());
        assertThat(series).contains("partition ceiling (100 %)");
        // Its sort keys' heat, read on request from the partition + sort key rules.
        robot.clickOn("#drillSortKeyLoad");
        AppFixture.waitUntil("the sort-key heat shows", Duration.ofSeconds(30), () -> robot.text("#drillSortKeyNote")
                .contains("of this key were in"));
        HeatGrid sortKeys = AppFixture.onFx(() ->
                robot.lookup("#drillSortKeyHeat").queryAs(HeatmapCanvas.class).getGrid());
        assertThat(sortKeys.keys())
                .isNotEmpty()
                .allMatch(k -> "OPS_LOG".equals(k.partitionKey()) && k.sortKey() != null);
        robot.clickOn("#drillDesigner");
        AppFixture.waitUntil(
                "the designer has the key",
                Duration.ofSeconds(10),
                () -> main().screenProperty().get() == Screen.SHARDING);
        assertThat(main().designerHandOverProperty().get().key()).isEqualTo("OPS_LOG");
        // Offered ≈ consumed WCU/s (about 1,000: the ceiling) + throttled requests/s.
        assertThat(main().designerHandOverProperty().get().writesPerSecond()).isGreaterThan(1_000);
        assertThat(robot.text("#shardingHandedOver")).startsWith("From the heatmap: OPS_LOG · peak ≈ ");
        assertThat(AppFixture.onFx(() -> robot.lookup("#shardingKey")
                        .queryAs(javafx.scene.control.TextField.class)
                        .getText()))
                .isEqualTo("OPS_LOG");
        assertThat(AppFixture.windowWithId("drillDown")).isNull();
    }

    @Test
    void theFirstStartShowsTheDemoTablesKeysAndLiveModeFollowsTheLab() throws Exception {
        fixture = new AppFixture(configDir).withFileDialogs(dialogs);
        fixture.startFirstTime();
        AppFixture.waitUntil(
                "connected to the Lab",
                Duration.ofSeconds(20),
                () -> main().getConnection() != null
                        && main().getConnection().spec().kind() == ConnectionKind.LAB
                        && main().tableShapeProperty().get() != null);
        robot.shortcut(KeyCode.CONTROL, KeyCode.DIGIT2);
        AppFixture.waitUntil(
                "the heatmap of " + main().selectedTableProperty().get() + " shows",
                Duration.ofSeconds(90),
                () -> grid() != null && grid().rowCount() > 1);
        assertThat(main().selectedTableProperty().get()).isEqualTo("app");
        // The demo table's keys, split on '#' into label columns: THREAT › brand-abc-123.
        assertThat(grid().keys())
                .extracting(k -> k.other() ? "" : k.partitionKey())
                .contains("OPS_LOG", "BRAND_INDEX", "THREAT#brand-abc-123");

        dev.partitionscope.ui.session.AutoRefresh before =
                main().autoRefreshProperty().get();
        robot.clickOn("#heatmapLive");
        assertThat(main().autoRefreshProperty().get())
                .isEqualTo(dev.partitionscope.ui.session.AutoRefresh.FIVE_SECONDS);
        assertThat(AppFixture.onFx(() -> canvas().isFollowLatest())).isTrue();
        robot.clickOn("#heatmapLive");
        assertThat(main().autoRefreshProperty().get()).isEqualTo(before);
        assertThat(AppFixture.onFx(() -> canvas().isFollowLatest())).isFalse();
    }
}
