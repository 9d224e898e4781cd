package dev.partitionscope.ui.audit;

import dev.partitionscope.lab.workload.Scenario;
import dev.partitionscope.ui.AppFixture;
import dev.partitionscope.ui.DemoShots;
import dev.partitionscope.ui.UiRobot;
import java.nio.file.Files;
import java.time.Duration;
import javafx.scene.control.ComboBox;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * The README's audit screenshot (system property {@code scenario}, default threats: its before-variant
 * fast-forwarded, then Ctrl+6, Run with no budget). Below, the scatter-gather program's description, which this
 * one follows:
 * The README's scatter-gather screenshot, from the real app driven headless: the Lab's order-status after-scenario
 * fast-forwarded 10 minutes (PENDING under PENDING#1 … PENDING#8), then "all PENDING orders, newest first, limit
 * 100" across the 8 shards, compared with its Scan baseline, one item selected. Usage as {@code HeatmapScreenShots}
 * (Monocle headless), with arguments: the PNG to write, and {@code dark} for the dark theme.
 */
public final class AuditScreenShots {
    private static final String SCENARIO = System.getProperty("scenario", "threats");

    private AuditScreenShots() {}

    private static void set(UiRobot robot, String id, String text) {
        robot.lookup(id).queryAs(TextField.class).setText(text);
    }

    public static void main(String[] args) throws Exception {
        // args: <png> [dark|light] [saved]
        boolean dark = args.length > 1 && args[1].equals("dark");
        AppFixture fixture = new AppFixture(Files.createTempDirectory("psshots"));
        UiRobot robot = new UiRobot();
        fixture.startFirstTime();
        var main = fixture.app().context().main();
        AppFixture.waitUntil(
                "connected",
                Duration.ofSeconds(30),
                () -> main.tableShapeProperty().get() != null);
        AppFixture.onFx(() -> {
            Stage w = (Stage) Window.getWindows().get(0);
            w.setWidth(1600);
            w.setHeight(1000);
            main.darkThemeProperty().set(dark);
            return null;
        });
        robot.shortcut(KeyCode.CONTROL, KeyCode.DIGIT7);
        AppFixture.waitUntil("the workload panel", Duration.ofSeconds(10), () -> robot.showing("#workloadStart"));
        AppFixture.onFx(() -> {
            @SuppressWarnings("unchecked")
            ComboBox<Scenario> combo = robot.lookup("#workloadScenario").queryAs(ComboBox.class);
            combo.getItems().stream()
                    .filter(s -> s.name().equals(SCENARIO))
                    .findFirst()
                    .ifPresent(combo::setValue);
            return null;
        });
        robot.clickOn("#variant-before");
        AppFixture.waitUntil("the form", Duration.ofSeconds(10), () -> robot.clickable("#workloadFastForward"));
        robot.clickOn("#workloadFastForward");
        robot.replaceText("#workloadDuration", "10 min");
        robot.clickOn("#workloadStart");
        AppFixture.waitUntil(
                "the fast-forward",
                Duration.ofMinutes(5),
                () -> robot.showing("#labReplay") && main.tableShapeProperty().get() != null);
        robot.shortcut(KeyCode.CONTROL, KeyCode.DIGIT6);
        AppFixture.waitUntil("the audit screen", Duration.ofSeconds(10), () -> robot.showing("#auditScreen"));
        AppFixture.onFx(() -> {
            set(robot, "#auditBudget", "0");
            robot.lookup("#auditRun").queryButton().fire();
            return null;
        });
        AppFixture.waitUntil(
                "the audit",
                Duration.ofSeconds(60),
                () -> AppFixture.onFx(() -> !robot.lookup("#auditMatrix")
                        .queryAs(TableView.class)
                        .getItems()
                        .isEmpty()));
        if (args.length > 2 && args[2].equals("saved")) { // as it reopens from a snapshot
            AppFixture.onFx(() -> {
                var vm = fixture.app().controller().screens().audit();
                vm.showSaved(vm.resultProperty().get(), "threats-review.pssnap");
                return null;
            });
        }
        Thread.sleep(800);
        AppFixture.onFx(() -> {
            DemoShots.save(Window.getWindows().get(0).getScene(), args[0]);
            return null;
        });
        fixture.stop();
        System.exit(0);
    }
}
