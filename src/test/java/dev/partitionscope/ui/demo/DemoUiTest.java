package dev.partitionscope.ui.demo;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.ui.AppFixture;
import dev.partitionscope.ui.UiRobot;
import dev.partitionscope.ui.shell.MainViewModel;
import dev.partitionscope.ui.shell.Screen;
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
        AppFixture.waitUntil("step 1 playing", Duration.ofSeconds(30), () -> demo().indexProperty().get() == 0);
        assertThat(main().getConnection().spec().name()).isEqualTo("Demo · order-status");
        assertThat(main().screenProperty().get()).isEqualTo(Screen.HEATMAP);
        assertThat(robot.text("#demoTitle")).isEqualTo("Before: every pending order under one key");
        assertThat(robot.text("#demoStory")).contains("step 1 of 6");

        // Space pauses: the workload holds between two minutes and the demo does not move on by itself.
        robot.clickOn("#demoCaption");
        robot.type(KeyCode.SPACE);
        AppFixture.waitUntil("paused", Duration.ofSeconds(5), () -> demo().pausedProperty().get());
        // Page Down during the workload resumes: the rest of it plays at once, then step 2.
        robot.type(KeyCode.PAGE_DOWN);
        AppFixture.waitUntil("resumed", Duration.ofSeconds(5), () -> !demo().pausedProperty().get());
        AppFixture.waitUntil("step 2 (metrics)", Duration.ofSeconds(60), () -> demo().indexProperty().get() == 1);
        assertThat(demo().lab().tally("before").orElseThrow().keyRangeThrottles()).isPositive();
        assertThat(main().screenProperty().get()).isEqualTo(Screen.METRICS);
        AppFixture.waitUntil("the verdict", Duration.ofSeconds(60), () -> !demo().busyProperty().get());
        assertThat(robot.text("#demoStatus")).containsIgnoringCase("hot");

        // Page Up goes back to the heatmap and pauses there.
        robot.type(KeyCode.PAGE_UP);
        AppFixture.waitUntil("back at step 1", Duration.ofSeconds(5), () -> demo().indexProperty().get() == 0);
        assertThat(main().screenProperty().get()).isEqualTo(Screen.HEATMAP);
        assertThat(demo().pausedProperty().get()).isTrue();

        // Then on to the end, one Page Down a step once each is done.
        for (int step = 1; step < 6; step++) {
            int expected = step;
            robot.type(KeyCode.PAGE_DOWN);
            AppFixture.waitUntil("step " + (step + 1), Duration.ofSeconds(90), () -> demo().indexProperty().get()
                    == expected && !demo().busyProperty().get());
        }
        assertThat(main().screenProperty().get()).isEqualTo(Screen.SCATTER_GATHER);
        assertThat(demo().finishedProperty().get()).isTrue();
        assertThat(demo().lab().tally("after").orElseThrow().keyRangeThrottles()).isZero();
        assertThat(robot.text("#demoStatus")).contains("Same").contains("items in the same order")
                .contains("The end");

        // End closes the bar; the story's Lab stays connected for questions.
        robot.clickOn("#demoCaption");
        robot.type(KeyCode.END);
        AppFixture.waitUntil("bar closed", Duration.ofSeconds(5), () -> !robot.showing("#demoBar"));
        assertThat(main().getConnection().spec().name()).isEqualTo("Demo · order-status");
    }
}
