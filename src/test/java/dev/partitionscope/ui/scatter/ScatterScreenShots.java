package dev.partitionscope.ui.scatter;

import dev.partitionscope.lab.workload.Scenario;
import dev.partitionscope.ui.AppFixture;
import dev.partitionscope.ui.DemoShots;
import dev.partitionscope.ui.UiRobot;
import java.nio.file.Files;
import java.time.Duration;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * The README's scatter-gather screenshot, from the real app driven headless: the Lab's order-status after-scenario
 * fast-forwarded 10 minutes (PENDING under PENDING#1 … PENDING#8), then "all PENDING orders, newest first, limit
 * 100" across the 8 shards, compared with its Scan baseline, one item selected. Usage as {@code HeatmapScreenShots}
 * (Monocle headless), with arguments: the PNG to write, and {@code dark} for the dark theme.
 */
public final class ScatterScreenShots {
    private ScatterScreenShots() {}

    private static void set(UiRobot robot, String id, String text) {
        robot.lookup(id).queryAs(TextField.class).setText(text);
    }

    public static void main(String[] args) throws Exception {
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
                    .filter(s -> s.name().equals("order-status"))
                    .findFirst()
                    .ifPresent(combo::setValue);
            return null;
        });
        robot.clickOn("#variant-after");
        AppFixture.waitUntil("the form", Duration.ofSeconds(10), () -> robot.clickable("#workloadFastForward"));
        robot.clickOn("#workloadFastForward");
        robot.replaceText("#workloadDuration", "10 min");
        robot.clickOn("#workloadStart");
        AppFixture.waitUntil(
                "the fast-forward",
                Duration.ofMinutes(5),
                () -> robot.showing("#labReplay") && main.tableShapeProperty().get() != null);
        robot.shortcut(KeyCode.CONTROL, KeyCode.DIGIT5);
        AppFixture.waitUntil("the console", Duration.ofSeconds(10), () -> robot.showing("#scatterScreen"));
        AppFixture.onFx(() -> {
            set(robot, "#scatterKey", "PENDING");
            set(robot, "#scatterScheme", "PENDING,SHIPPED:hash:8");
            set(robot, "#scatterLimit", "100");
            robot.lookup("#scatterDescending").queryAs(CheckBox.class).setSelected(true);
            robot.lookup("#scatterRun").queryButton().fire();
            return null;
        });
        AppFixture.waitUntil("the result", Duration.ofSeconds(30), () -> robot.text("#scatterTotals")
                .startsWith("100 items"));
        // Once more, warm: the first run of a fresh JVM spends a few hundred ms loading the SDK's classes.
        AppFixture.onFx(() -> {
            robot.lookup("#scatterRun").queryButton().fire();
            return null;
        });
        AppFixture.waitUntil(
                "the second run",
                Duration.ofSeconds(30),
                () -> robot.text("#scatterTotals").startsWith("100 items") && !robot.showing("#scatterCancel"));
        AppFixture.onFx(() -> {
            robot.lookup("#scatterCompareScan").queryButton().fire();
            return null;
        });
        AppFixture.waitUntil("the comparison", Duration.ofSeconds(30), () -> robot.text("#scatterCompareVerdict")
                .startsWith("✓"));
        AppFixture.onFx(() -> {
            robot.lookup("#scatterShowSharded")
                    .queryAs(javafx.scene.control.RadioButton.class)
                    .setSelected(true);
            TableView<?> items = robot.lookup("#scatterItems").queryAs(TableView.class);
            items.getSelectionModel().select(0);
            return null;
        });
        Thread.sleep(800);
        AppFixture.onFx(() -> {
            DemoShots.save(Window.getWindows().get(0).getScene(), args[0]);
            return null;
        });
        fixture.stop();
        System.exit(0);
    }
}
