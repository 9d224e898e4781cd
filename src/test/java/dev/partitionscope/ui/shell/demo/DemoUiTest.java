package dev.partitionscope.ui.shell.demo;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.core.time.TimeRange;
import dev.partitionscope.ui.AppFixture;
import dev.partitionscope.ui.UiRobot;
import dev.partitionscope.ui.session.Screen;
import dev.partitionscope.ui.shell.MainViewModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import javafx.scene.control.MenuButton;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The order-status story in the real window, headless, driven by the keys a presenter uses: the Demo menu starts
 * it, the caption bar narrates each step, Space pauses (the demo then stays put), Page Down moves on and resumes —
 * during a workload it plays the rest at once — and Page Up goes back (and pauses); the last step is the sharded read matching the Scan.
 */
class DemoUiTest {
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

    private DemoViewModel demo() {
        return fixture.app().controller().demo().viewModel();
    }

    @Test
    void walksTheOrderStatusStoryWithTheKeyboard() throws Exception {
        fixture = new AppFixture(configDir);
        fixture.startFirstTime();
        AppFixture.waitUntil("the demo menu", Duration.ofSeconds(10), () -> robot.showing("#demoMenu"));
        MenuButton menu = robot.lookup("#demoMenu").queryAs(MenuButton.class);
        assertThat(menu.getItems()).hasSize(4);
        assertThat(menu.getItems().get(0).getText()).contains("Order-status").contains("seed 001");
        AppFixture.onFx(() -> {
            menu.getItems().get(0).fire();
            return null;
        });
        AppFixture.waitUntil("the caption bar", Duration.ofSeconds(10), () -> robot.showing("#demoBar"));
        AppFixture.waitUntil(
                "step 1 playing",
                Duration.ofSeconds(30),
                () -> demo().indexProperty().get() == 0);
        assertThat(main().getConnection().spec().name()).isEqualTo("Demo · order-status");
        assertThat(main().screenProperty().get()).isEqualTo(Screen.HEATMAP);
        assertThat(robot.text("#demoTitle")).isEqualTo("Before: every pending order under one key");
        assertThat(robot.text("#demoStory")).contains("step 1 of 6");

        // Space pauses: the workload holds between two minutes and the demo does not move on by itself.
        robot.clickOn("#demoCaption");
        robot.type(KeyCode.SPACE);
        AppFixture.waitUntil(
                "paused", Duration.ofSeconds(5), () -> demo().pausedProperty().get());
        // Page Down during the workload resumes: the rest of it plays at once, then step 2.
        robot.type(KeyCode.PAGE_DOWN);
        AppFixture.waitUntil(
                "resumed", Duration.ofSeconds(5), () -> !demo().pausedProperty().get());
        AppFixture.waitUntil(
                "step 2 (metrics)",
                Duration.ofSeconds(60),
                () -> demo().indexProperty().get() == 1);
        assertThat(demo().lab().tally("before").orElseThrow().keyRangeThrottles())
                .isPositive();
        assertThat(main().screenProperty().get()).isEqualTo(Screen.METRICS);
        AppFixture.waitUntil("the verdict", Duration.ofSeconds(60), () -> !demo().busyProperty()
                .get());
        assertThat(robot.text("#demoStatus")).containsIgnoringCase("hot");

        // Page Up goes back to the heatmap and pauses there.
        robot.type(KeyCode.PAGE_UP);
        AppFixture.waitUntil(
                "back at step 1",
                Duration.ofSeconds(5),
                () -> demo().indexProperty().get() == 0);
        assertThat(main().screenProperty().get()).isEqualTo(Screen.HEATMAP);
        assertThat(demo().pausedProperty().get()).isTrue();

        // Then on to the end, one Page Down a step once each is done; at step 5 (the after workload on the
        // heatmap) the presenter saves a recording of the story so far.
        Path recording = configDir.resolve("order-status-story.psrec");
        // The window at the save: each run's step sets it to end where that run's traffic does.
        TimeRange[] storyWindow = new TimeRange[1];
        for (int step = 1; step < 6; step++) {
            int expected = step;
            robot.type(KeyCode.PAGE_DOWN);
            AppFixture.waitUntil(
                    "step " + (step + 1),
                    Duration.ofSeconds(90),
                    () -> demo().indexProperty().get() == expected
                            && !demo().busyProperty().get());
            if (step == 4) {
                AppFixture.waitUntil(
                        "the heatmap's last read",
                        Duration.ofSeconds(30),
                        () -> AppFixture.onFx(() -> !fixture.app()
                                .controller()
                                .screens()
                                .heatmap()
                                .loadingProperty()
                                .get()));
                AppFixture.onFx(() -> {
                    storyWindow[0] = main().timeRangeProperty().get();
                    fixture.app().controller().files().saveRecording(recording);
                    return null;
                });
                AppFixture.waitUntil("the recording", Duration.ofSeconds(30), () -> Files.exists(recording));
            }
        }
        assertThat(main().screenProperty().get()).isEqualTo(Screen.SCATTER_GATHER);
        assertThat(demo().finishedProperty().get()).isTrue();
        assertThat(demo().lab().tally("after").orElseThrow().keyRangeThrottles())
                .isZero();
        assertThat(robot.text("#demoStatus"))
                .contains("Same")
                .contains("items in the same order")
                .contains("The end");

        // End closes the bar; the story's Lab stays connected for questions.
        robot.clickOn("#demoCaption");
        robot.type(KeyCode.END);
        AppFixture.waitUntil("bar closed", Duration.ofSeconds(5), () -> !robot.showing("#demoBar"));
        assertThat(main().getConnection().spec().name()).isEqualTo("Demo · order-status");

        // The recording saved mid-story reopens at the same view: the heatmap of the story's window, with the
        // shards' rows, read-only.
        AppFixture.onFx(() -> {
            main().connect(dev.partitionscope.aws.ConnectionSpec.lab());
            main().screenProperty().set(Screen.OVERVIEW);
            return null;
        });
        AppFixture.waitUntil(
                "back on the Lab",
                Duration.ofSeconds(20),
                () -> main().getConnection() != null
                        && main().getConnection().spec().kind() == dev.partitionscope.aws.ConnectionKind.LAB);
        AppFixture.onFx(() -> {
            fixture.app().controller().files().open(recording);
            return null;
        });
        AppFixture.waitUntil(
                "the recording at its view",
                Duration.ofSeconds(60),
                () -> AppFixture.onFx(() -> {
                    var files = fixture.app().controller().files();
                    var heat = fixture.app().controller().screens().heatmap();
                    return main().getConnection() != null
                            && main().getConnection().spec().name().startsWith("Replay")
                            && !files.restoringProperty().get()
                            && heat.viewProperty().get() != null
                            && !heat.loadingProperty().get();
                }));
        assertThat(main().screenProperty().get()).isEqualTo(Screen.HEATMAP);
        assertThat(main().selectedTableProperty().get()).isEqualTo("order-status-index");
        assertThat(main().readOnlyProperty().get()).isTrue();
        TimeRange reopened = main().timeRangeProperty().get();
        assertThat(reopened.customStart()).isEqualTo(storyWindow[0].customStart());
        assertThat(reopened.customEnd()).isEqualTo(storyWindow[0].customEnd());
        var grid = AppFixture.onFx(() -> fixture.app()
                .controller()
                .screens()
                .heatmap()
                .viewProperty()
                .get()
                .grid());
        assertThat(grid.rows())
                .anyMatch(r -> !r.merged() && "PENDING#3".equals(r.first().partitionKey()));
        assertThat(grid.rows())
                .anyMatch(r -> !r.merged() && "PENDING".equals(r.first().partitionKey()));
    }
}
