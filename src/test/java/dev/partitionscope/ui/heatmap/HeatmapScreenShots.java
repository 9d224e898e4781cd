package dev.partitionscope.ui.heatmap;

import dev.partitionscope.core.heat.HeatGrid;
import dev.partitionscope.core.heat.HeatRow;
import dev.partitionscope.core.time.TimeRange;
import dev.partitionscope.lab.workload.Scenario;
import dev.partitionscope.ui.AppFixture;
import dev.partitionscope.ui.DemoShots;
import dev.partitionscope.ui.UiRobot;
import dev.partitionscope.ui.common.heat.HeatmapCanvas;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import javafx.geometry.Point2D;
import javafx.scene.control.ComboBox;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * The README's heatmap screenshots, taken from the real app driven headless: fast-forwards an ops-log variant on
 * the Lab, opens the heatmap over a range, hovers the hottest cell and writes the window as a PNG.
 *
 * <p>Usage (after {@code mvn test-compile}, with the test classpath in {@code /tmp/cp.txt}):
 * {@code java -Dtestfx.robot=glass -Dtestfx.headless=true -Dglass.platform=Monocle -Dmonocle.platform=Headless
 * -Dprism.order=sw -Dheadless.geometry=1600x1000 -cp target/classes:target/test-classes:$(cat /tmp/cp.txt)
 * dev.partitionscope.ui.heatmap.HeatmapScreenShots OUT.png VARIANT DURATION RANGE [dark] [all]}, e.g.
 * {@code heatmap.png before "1 h" LAST_1H} or {@code heatmap-after.png after "24 h" LAST_1D all} (all: the table
 * and its GSIs in one map; {@code scenario=inventory-counter}: another scenario than ops-log; unfold: one row per shard;
 * {@code minutes=N}: the window is the Lab's last N minutes instead of RANGE.
 * {@code source=streams} or {@code source=both}: per-key heat from the table's DynamoDB stream, at
 * {@code resolution=1} or {@code resolution=60} seconds (default automatic); with the stream off, the shot is the
 * "Streams are off" empty state).
 */
public final class HeatmapScreenShots {
    private HeatmapScreenShots() {}

    /** A primary click (clicks = 2: a double-click) at a point in the canvas's coordinates. */
    private static void click(HeatmapCanvas canvas, Point2D local, int clicks) {
        Point2D p = canvas.localToScene(local);
        for (var type : java.util.List.of(
                javafx.scene.input.MouseEvent.MOUSE_PRESSED,
                javafx.scene.input.MouseEvent.MOUSE_RELEASED,
                javafx.scene.input.MouseEvent.MOUSE_CLICKED)) {
            canvas.fireEvent(new javafx.scene.input.MouseEvent(
                    type,
                    p.getX(),
                    p.getY(),
                    0,
                    0,
                    javafx.scene.input.MouseButton.PRIMARY,
                    clicks,
                    false,
                    false,
                    false,
                    false,
                    type == javafx.scene.input.MouseEvent.MOUSE_PRESSED,
                    false,
                    false,
                    true,
                    false,
                    true,
                    null));
        }
    }

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args[0]);
        String variant = args[1];
        String duration = args[2];
        TimeRange.Preset range = TimeRange.Preset.valueOf(args[3]);
        java.util.List<String> flags = java.util.Arrays.asList(args).subList(4, args.length);
        boolean dark = flags.contains("dark");
        String scenario = flags.stream()
                .filter(f -> f.startsWith("scenario="))
                .map(f -> f.substring("scenario=".length()))
                .findFirst()
                .orElse("ops-log");
        Path config = Files.createTempDirectory("psshots");
        AppFixture fixture = new AppFixture(config);
        UiRobot robot = new UiRobot();
        fixture.startFirstTime();
        var main = fixture.app().context().main();
        AppFixture.waitUntil("connected", Duration.ofSeconds(30), () -> main.getConnection() != null);
        AppFixture.onFx(() -> {
            Window w = Window.getWindows().get(0);
            ((Stage) w).setWidth(1600);
            ((Stage) w).setHeight(1000);
            main.darkThemeProperty().set(dark);
            return null;
        });
        robot.shortcut(KeyCode.CONTROL, KeyCode.DIGIT7);
        AppFixture.waitUntil("the workload panel", Duration.ofSeconds(10), () -> robot.showing("#workloadStart"));
        AppFixture.onFx(() -> {
            @SuppressWarnings("unchecked")
            ComboBox<Scenario> combo = robot.lookup("#workloadScenario").queryAs(ComboBox.class);
            combo.getItems().stream()
                    .filter(s -> s.name().equals(scenario))
                    .findFirst()
                    .ifPresent(combo::setValue);
            return null;
        });
        robot.clickOn("#variant-" + variant);
        AppFixture.waitUntil(
                "the scenario's form shows", Duration.ofSeconds(10), () -> robot.clickable("#workloadFastForward"));
        robot.clickOn("#workloadFastForward");
        robot.replaceText("#workloadDuration", duration);
        robot.clickOn("#workloadStart");
        long t0 = System.nanoTime();
        AppFixture.waitUntil(
                "the fast-forward",
                Duration.ofMinutes(20),
                () -> robot.showing("#labReplay") && main.tableShapeProperty().get() != null);
        System.out.printf("fast-forward took %.1f s%n", (System.nanoTime() - t0) / 1e9);
        java.util.OptionalInt minutes = flags.stream()
                .filter(f -> f.startsWith("minutes="))
                .mapToInt(f -> Integer.parseInt(f.substring("minutes=".length())))
                .findFirst();
        AppFixture.onFx(() -> {
            if (minutes.isPresent()) {
                // The last N minutes of the Lab's time (a fast-forwarded Lab lives in simulated time).
                java.time.Instant now = main.endpointNow();
                main.timeRangeProperty().set(TimeRange.custom(now.minusSeconds(60L * minutes.getAsInt()), now, true));
            } else {
                main.timeRangeProperty().set(TimeRange.last(range).withUtc(true));
            }
            return null;
        });
        robot.shortcut(KeyCode.CONTROL, KeyCode.DIGIT2);
        if (flags.contains("all")) {
            robot.clickOn("#heatmapAllResources");
        }
        if (flags.contains("unfold")) {
            robot.clickOn("#heatmapFold");
        }
        String source = flags.stream()
                .filter(f -> f.startsWith("source="))
                .map(f -> f.substring("source=".length()))
                .findFirst()
                .orElse("insights");
        dev.partitionscope.core.heat.HeatSource heatSource = dev.partitionscope.core.heat.HeatSource.parse(source);
        flags.stream()
                .filter(f -> f.startsWith("resolution="))
                .map(f -> Integer.parseInt(f.substring("resolution=".length())))
                .findFirst()
                .ifPresent(r -> AppFixture.onFx(() -> {
                    ((HeatmapView) robot.lookup("#heatmapScreen")
                                    .queryAs(javafx.scene.Node.class)
                                    .getProperties()
                                    .get(HeatmapView.class))
                            .viewModel()
                            .streamResolutionProperty()
                            .set(r);
                    return null;
                }));
        robot.clickOn("#heatmapSource" + heatSource.name());
        t0 = System.nanoTime();
        HeatmapCanvas canvas = robot.lookup("#heatmapCanvas").queryAs(HeatmapCanvas.class);
        Thread.sleep(500);
        AppFixture.waitUntil(
                "the heatmap",
                Duration.ofMinutes(5),
                () -> ((canvas.getGrid() != null && canvas.getGrid().rowCount() > 0 && canvas.cellCenter(0, 0) != null)
                                || robot.showing("#heatmapEmpty"))
                        && !robot.showing("#heatmapCancel"));
        System.out.printf("heatmap took %.1f s%n", (System.nanoTime() - t0) / 1e9);
        Thread.sleep(1500);
        AppFixture.onFx(() -> {
            HeatGrid g = canvas.getGrid();
            if (g == null || g.rowCount() == 0 || !canvas.isVisible()) {
                return null; // an empty state: nothing to hover
            }
            int hot = 0;
            int column = 0;
            double best = -1;
            for (int r = 0; r < g.rowCount(); r++) {
                HeatRow row = g.row(r);
                for (int c = 0; c < g.columnCount(); c++) {
                    if (!row.other() && g.perMinute(r, c) > best) {
                        best = g.perMinute(r, c);
                        hot = r;
                        column = c;
                    }
                }
            }
            column = Math.max(column, g.columnCount() * 2 / 3);
            Point2D p = canvas.cellCenter(hot, Math.min(column, g.columnCount() - 1));
            if (flags.contains("pin")) {
                click(canvas, p, 1);
            }
            DemoShots.hover(canvas, p.getX(), p.getY());
            if (flags.contains("drill")) {
                click(canvas, p, 2);
            }
            return null;
        });
        Thread.sleep(1500);
        AppFixture.onFx(() -> {
            DemoShots.save(Window.getWindows().get(0).getScene(), out.toString());
            for (Window w : Window.getWindows()) {
                if (w.getScene() != null
                        && "drillDown".equals(w.getScene().getRoot().getId())) {
                    DemoShots.save(w.getScene(), out.toString().replace(".png", "-drill.png"));
                }
            }
            return null;
        });
        fixture.stop();
        System.exit(0);
    }
}
