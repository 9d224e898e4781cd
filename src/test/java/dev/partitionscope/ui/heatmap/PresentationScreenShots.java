package dev.partitionscope.ui.heatmap;

import dev.partitionscope.core.heat.HeatGrid;
import dev.partitionscope.core.time.TimeRange;
import dev.partitionscope.lab.demo.Stories;
import dev.partitionscope.lab.workload.Scenario;
import dev.partitionscope.ui.AppFixture;
import dev.partitionscope.ui.DemoShots;
import dev.partitionscope.ui.UiRobot;
import dev.partitionscope.ui.common.Theme;
import dev.partitionscope.ui.common.heat.HeatmapCanvas;
import dev.partitionscope.ui.present.PresentationMode;
import dev.partitionscope.ui.shell.demo.DemoViewModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import javafx.geometry.Point2D;
import javafx.scene.control.ComboBox;
import javafx.scene.input.KeyCode;
import javafx.stage.Window;

/**
 * The README's presentation-mode screenshot, from the real app driven headless: the heatmap of a hot key — the guided
 * demo's order-status story at its after step ({@code order-status}), or an hour of the ops-log scenario
 * fast-forwarded in the Lab ({@code ops-log}) — in presentation mode (F11) and the chosen theme, pointing at the
 * hottest row. With {@code screens} it also writes every screen (Ctrl+1…7) and the F1 list, to check each is legible;
 * {@code window} leaves presentation mode off.
 *
 * <p>Usage (after {@code mvn test-compile}, with the test classpath in {@code /tmp/cp-present.txt}):
 * {@code java -Dtestfx.robot=glass -Dtestfx.headless=true -Dglass.platform=Monocle -Dmonocle.platform=Headless
 * -Dprism.order=sw -Dheadless.geometry=1600x1000 -cp target/classes:target/test-classes:$(cat /tmp/cp-present.txt)
 * dev.partitionscope.ui.heatmap.PresentationScreenShots OUT.png [HIGH_CONTRAST|LIGHT|DARK] [order-status|ops-log]
 * [screens] [window]}
 */
public final class PresentationScreenShots {
    private PresentationScreenShots() {}

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args[0]);
        Theme.Mode mode = args.length > 1 ? Theme.Mode.valueOf(args[1]) : Theme.Mode.HIGH_CONTRAST;
        List<String> flags = Arrays.asList(args).subList(Math.min(2, args.length), args.length);
        AppFixture fixture = new AppFixture(Files.createTempDirectory("psshots"));
        UiRobot robot = new UiRobot();
        fixture.startFirstTime();
        var main = fixture.app().context().main();
        AppFixture.waitUntil(
                "connected",
                Duration.ofSeconds(30),
                () -> main.tableShapeProperty().get() != null);
        AppFixture.onFx(() -> {
            main.themeModeProperty().set(mode);
            return null;
        });
        if (flags.contains("ops-log")) {
            fastForwardOpsLog(robot, main);
        } else {
            playOrderStatusDemo(fixture);
        }
        robot.shortcut(KeyCode.CONTROL, KeyCode.DIGIT2);
        if (!flags.contains("window")) {
            robot.shortcut(KeyCode.F11);
        }
        HeatmapCanvas canvas = robot.lookup("#heatmapCanvas").queryAs(HeatmapCanvas.class);
        AppFixture.waitUntil(
                "the heatmap",
                Duration.ofMinutes(5),
                () -> canvas.getGrid() != null
                        && canvas.getGrid().rowCount() > 0
                        && canvas.cellCenter(0, 0) != null
                        && robot.text("#heatmapProgress").isEmpty());
        Thread.sleep(2500);
        PresentationMode presentation = fixture.app().controller().presentation();
        AppFixture.onFx(() -> {
            HeatGrid g = canvas.getGrid();
            int hot = 0;
            int column = 0;
            double best = -1;
            for (int r = 0; r < g.rowCount(); r++) {
                for (int c = 0; c < g.columnCount(); c++) {
                    if (!g.row(r).other() && g.perMinute(r, c) > best) {
                        best = g.perMinute(r, c);
                        hot = r;
                        column = c;
                    }
                }
            }
            Point2D p = canvas.cellCenter(hot, Math.max(column, g.columnCount() / 3));
            DemoShots.hover(canvas, p.getX(), p.getY());
            if (presentation.isPresenting()) {
                presentation.captionNode().reveal();
            }
            return null;
        });
        Thread.sleep(800);
        save(out);
        if (flags.contains("screens")) {
            for (int digit = 1; digit <= 7; digit++) {
                robot.shortcut(KeyCode.CONTROL, KeyCode.valueOf("DIGIT" + digit));
                Thread.sleep(2500);
                save(Path.of(out.toString().replace(".png", "-" + digit + ".png")));
            }
            robot.shortcut(KeyCode.F1);
            Thread.sleep(1000);
            AppFixture.onFx(() -> {
                for (Window w : Window.getWindows()) {
                    if (w.getScene() != null
                            && "shortcutsDialog".equals(w.getScene().getRoot().getId())) {
                        DemoShots.save(w.getScene(), out.toString().replace(".png", "-f1.png"));
                    }
                }
                return null;
            });
        }
        fixture.stop();
        System.exit(0);
    }

    /** The guided demo's order-status story, paused at its after step: PENDING throttling, then spread over 8. */
    private static void playOrderStatusDemo(AppFixture fixture) {
        var story = Stories.find("order-status").orElseThrow();
        int step = story.runStep("after");
        DemoViewModel demo = fixture.app().controller().demo().viewModel();
        AppFixture.onFx(() -> {
            fixture.app().controller().demo().start(story);
            return null;
        });
        for (int i = 0; i <= step; i++) {
            int at = i;
            AppFixture.waitUntil(
                    "step " + (i + 1),
                    Duration.ofMinutes(2),
                    () -> AppFixture.onFx(() -> demo.indexProperty().get() == at
                            && !demo.busyProperty().get()));
            if (i < step) {
                AppFixture.onFx(() -> {
                    demo.next();
                    return null;
                });
            }
        }
        AppFixture.onFx(() -> {
            demo.pausedProperty().set(true);
            return null;
        });
    }

    /** An hour of seed 000's ops-log before-variant, fast-forwarded in the Lab: one OPS_LOG row over the ceiling. */
    private static void fastForwardOpsLog(UiRobot robot, dev.partitionscope.ui.shell.MainViewModel main) {
        robot.shortcut(KeyCode.CONTROL, KeyCode.DIGIT7);
        AppFixture.waitUntil("the workload panel", Duration.ofSeconds(10), () -> robot.showing("#workloadStart"));
        AppFixture.onFx(() -> {
            @SuppressWarnings("unchecked")
            ComboBox<Scenario> combo = robot.lookup("#workloadScenario").queryAs(ComboBox.class);
            combo.getItems().stream()
                    .filter(s -> s.name().equals("ops-log"))
                    .findFirst()
                    .ifPresent(combo::setValue);
            return null;
        });
        robot.clickOn("#variant-before");
        AppFixture.waitUntil("the ops-log form", Duration.ofSeconds(10), () -> robot.clickable("#workloadFastForward"));
        robot.clickOn("#workloadFastForward");
        robot.replaceText("#workloadDuration", "1 h");
        robot.clickOn("#workloadStart");
        AppFixture.waitUntil(
                "the fast-forward",
                Duration.ofMinutes(20),
                () -> robot.showing("#labReplay") && main.tableShapeProperty().get() != null);
        AppFixture.onFx(() -> {
            main.timeRangeProperty()
                    .set(TimeRange.last(TimeRange.Preset.LAST_1H).withUtc(true));
            return null;
        });
    }

    private static void save(Path path) {
        AppFixture.onFx(() -> {
            DemoShots.save(Window.getWindows().get(0).getScene(), path.toString());
            return null;
        });
    }
}
