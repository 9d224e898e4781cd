package dev.partitionscope.ui.heatmap;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.aws.ConnectionKind;
import dev.partitionscope.core.heat.HeatSource;
import dev.partitionscope.lab.DemoTables;
import dev.partitionscope.ui.AppFixture;
import dev.partitionscope.ui.UiRobot;
import dev.partitionscope.ui.session.Screen;
import dev.partitionscope.ui.shell.MainViewModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import javafx.scene.Node;
import javafx.scene.control.ToggleButton;
import javafx.scene.input.KeyCode;
import javafx.stage.Window;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The heatmap's Streams source in the real app, headless, on the built-in Lab: a demo table whose stream is off
 * says "Streams are off on this table"; Enable stream… asks first (free to enable, reads billed, only new writes)
 * and turns the stream on; the source choice survives switching screens and a restart.
 */
class HeatmapStreamsUiTest {
    @TempDir
    Path configDir;

    private AppFixture fixture;
    private final UiRobot robot = new UiRobot();

    @AfterEach
    void stop() throws Exception {
        if (fixture != null) {
            fixture.stop();
        }
    }

    private MainViewModel main() {
        return fixture.app().context().main();
    }

    private boolean selected(String id) {
        return AppFixture.onFx(
                () -> robot.lookup(id).queryAs(ToggleButton.class).isSelected());
    }

    private void startOnTheLab() throws Exception {
        fixture.startFirstTime();
        AppFixture.waitUntil(
                "connected to the Lab with its demo tables",
                Duration.ofSeconds(30),
                () -> main().getConnection() != null
                        && main().getConnection().spec().kind() == ConnectionKind.LAB
                        && main().tables().contains(DemoTables.ORDER_STATUS));
        AppFixture.onFx(() -> {
            main().selectedTableProperty().set(DemoTables.ORDER_STATUS);
            return null;
        });
        AppFixture.waitUntil(
                "the table is described",
                Duration.ofSeconds(20),
                () -> main().tableShapeProperty().get() != null
                        && main().tableShapeProperty().get().name().equals(DemoTables.ORDER_STATUS));
    }

    private Node dialogButton(String dialogId) {
        for (Window w : Window.getWindows()) {
            if (w.getScene() != null
                    && w.getScene().getRoot() instanceof javafx.scene.control.DialogPane pane
                    && dialogId.equals(pane.getId())) {
                return pane.lookupButton(javafx.scene.control.ButtonType.OK);
            }
        }
        return null;
    }

    @Test
    void streamsOffSaysSoEnableStreamTurnsItOnAndTheChoiceIsRemembered() throws Exception {
        fixture = new AppFixture(configDir);
        startOnTheLab();
        if (main().tableShapeProperty().get().stream().enabled()) {
            throw new AssertionError("the demo table starts with its stream on: the test needs one that is off");
        }
        robot.shortcut(KeyCode.CONTROL, KeyCode.DIGIT2);
        assertThat(main().screenProperty().get()).isEqualTo(Screen.HEATMAP);
        AppFixture.waitUntil(
                "the source toggle shows", Duration.ofSeconds(10), () -> robot.clickable("#heatmapSourceSTREAMS"));
        assertThat(selected("#heatmapSourceINSIGHTS")).isTrue();
        robot.clickOn("#heatmapSourceSTREAMS");
        assertThat(selected("#heatmapSourceSTREAMS")).isTrue();
        AppFixture.waitUntil(
                "the empty state says the stream is off",
                Duration.ofSeconds(30),
                () -> robot.showing("#heatmapEnableStream")
                        && robot.allText("#heatmapEmpty").contains("Streams are off on this table"));
        assertThat(robot.showing("#heatmapResolution")).isTrue();
        assertThat(robot.text("#heatmapSource")).startsWith("DynamoDB stream");

        // Enable stream… asks first, saying what it costs and what will appear.
        robot.clickOn("#heatmapEnableStream");
        AppFixture.waitUntil(
                "the confirmation shows", Duration.ofSeconds(10), () -> dialogButton("enableStreamConfirm") != null);
        assertThat(robot.allText("#enableStreamConfirm"))
                .contains("costs nothing")
                .contains("reading the stream is billed")
                .contains("Only writes from now on will appear");
        robot.clickOn(AppFixture.onFx(() -> dialogButton("enableStreamConfirm")));
        AppFixture.waitUntil(
                "the stream is on",
                Duration.ofSeconds(30),
                () -> main().tableShapeProperty().get() != null
                        && main().tableShapeProperty().get().stream().enabled());
        assertThat(main().tableShapeProperty().get().stream().viewType()).isEqualTo("NEW_AND_OLD_IMAGES");
        AppFixture.waitUntil("the empty state moves on", Duration.ofSeconds(30), () -> !robot.allText("#heatmapEmpty")
                .contains("Streams are off on this table"));

        // Remembered: across screens, in the settings, and after a restart.
        robot.shortcut(KeyCode.CONTROL, KeyCode.DIGIT1);
        robot.shortcut(KeyCode.CONTROL, KeyCode.DIGIT2);
        AppFixture.waitUntil(
                "back on the heatmap", Duration.ofSeconds(10), () -> robot.showing("#heatmapSourceSTREAMS"));
        assertThat(selected("#heatmapSourceSTREAMS")).isTrue();
        assertThat(fixture.app().context().settings().heatmapSource).isEqualTo(HeatSource.STREAMS.name());
        assertThat(Files.readString(configDir.resolve("settings.json")))
                .containsPattern("\"heatmapSource\"\\s*:\\s*\"STREAMS\"");
        fixture.stop();
        fixture = new AppFixture(configDir);
        startOnTheLab();
        robot.shortcut(KeyCode.CONTROL, KeyCode.DIGIT2);
        AppFixture.waitUntil("the heatmap shows", Duration.ofSeconds(10), () -> robot.showing("#heatmapSourceSTREAMS"));
        assertThat(selected("#heatmapSourceSTREAMS")).isTrue();
    }
}
