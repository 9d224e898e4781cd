package dev.partitionscope.ui.lab;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.aws.ConnectionKind;
import dev.partitionscope.lab.workload.Scenario;
import dev.partitionscope.ui.AppFixture;
import dev.partitionscope.ui.UiRobot;
import dev.partitionscope.ui.shell.MainViewModel;
import java.nio.file.Path;
import java.time.Duration;
import javafx.scene.Node;
import javafx.scene.control.ComboBox;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.ToggleButton;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Lab screen's workload panel in the real app, headless: choose, start, watch, stop; a bad rate. */
class WorkloadPaneUiTest {
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

    private void openLab() throws Exception {
        fixture = new AppFixture(configDir);
        fixture.startFirstTime();
        AppFixture.waitUntil(
                "connected to the Lab",
                Duration.ofSeconds(20),
                () -> main().getConnection() != null
                        && main().getConnection().spec().kind() == ConnectionKind.LAB);
        robot.shortcut(KeyCode.CONTROL, KeyCode.DIGIT7);
        AppFixture.waitUntil("the workload panel shows", Duration.ofSeconds(10), () -> robot.showing("#workloadStart"));
    }

    private boolean disabled(String query) {
        Node n = robot.lookup(query).query();
        return AppFixture.onFx(n::isDisabled);
    }

    @Test
    void startsTheChosenScenarioShowsItsProgressAndStopsItByButtonAndByKey() throws Exception {
        openLab();
        ComboBox<Scenario> combo = robot.lookup("#workloadScenario").queryComboBox();
        assertThat(AppFixture.onFx(() -> combo.getValue().name())).isEqualTo("order-status");
        assertThat(AppFixture.onFx(() -> robot.lookup("#variant-before")
                        .queryAs(ToggleButton.class)
                        .isSelected()))
                .isTrue();
        assertThat(disabled("#workloadStop")).isTrue();

        robot.clickOn("#workloadScenario").clickOn("OPS_LOG: every AI call on one key");
        assertThat(AppFixture.onFx(() -> combo.getValue().name())).isEqualTo("ops-log");
        assertThat(AppFixture.onFx(() -> combo.getTooltip().getText()))
                .startsWith("ops-log (seed ")
                .endsWith(AppFixture.onFx(() -> combo.getValue().summary()));
        assertThat(robot.lookup("#workloadVariants")
                        .queryAs(javafx.scene.layout.HBox.class)
                        .getChildren())
                .extracting(n -> n.getId())
                .containsExactly("variant-before", "variant-after", "variant-after-sharded");
        assertThat(disabled("#workloadSkew"))
                .as("OPS_LOG is one constant key: no skew to change")
                .isTrue();
        assertThat(robot.text("#workloadCaption")).isNotEmpty();
        robot.replaceText("#workloadRate", "100");
        assertThat(robot.text("#workloadPreview")).startsWith("ops-log · before · 100 ops/s for ");

        robot.clickOn("#workloadStart");
        AppFixture.waitUntil(
                "the run sends requests",
                Duration.ofSeconds(10),
                () -> "Running".equals(robot.text("#workloadState"))
                        && robot.lookup("#workloadBar")
                                        .queryAs(ProgressBar.class)
                                        .getProgress()
                                > 0
                        && !robot.text("#workloadCounts").startsWith("0 requests")
                        // past the set-up step ("Creating tables app if missing"), which also counts requests
                        && robot.text("#workloadDoing").matches("(PutItem|Query) .+"));
        assertThat(robot.text("#workloadElapsed")).matches("\\d+ s of 5 min");
        assertThat(robot.text("#workloadAchieved")).matches("[\\d,]+ req/s");
        assertThat(robot.text("#workloadCounts")).contains(" requests · ", " ok · ", " throttled · ", " errors");
        assertThat(robot.text("#workloadDoing")).matches("(PutItem|Query) .+");
        assertThat(disabled("#workloadStart"))
                .as("the same variant already runs")
                .isTrue();
        assertThat(disabled("#workloadStop")).isFalse();
        assertThat(robot.text("#workloadToggle")).isEqualTo("Workload · running");
        WorkloadPane pane = robot.lookup("#workloadPane").queryAs(WorkloadPane.class);
        assertThat(AppFixture.onFx(pane::polling))
                .as("polls while the run goes")
                .isTrue();

        robot.clickOn("#workloadStop");
        AppFixture.waitUntil(
                "the run stops", Duration.ofSeconds(10), () -> "Stopped".equals(robot.text("#workloadState")));
        assertThat(robot.text("#workloadMessage")).startsWith("Stopped after ");
        assertThat(disabled("#workloadStop")).isTrue();
        assertThat(disabled("#workloadStart")).isFalse();
        assertThat(AppFixture.onFx(pane::polling))
                .as("no polling once the run is over")
                .isFalse();
        assertThat(AppFixture.onFx(() -> robot.lookup("#workloadStart").query().isFocused()))
                .as("the focus goes to Start, not to the top bar")
                .isTrue();

        robot.shortcut(KeyCode.CONTROL, KeyCode.ENTER);
        AppFixture.waitUntil("Ctrl+Enter starts a run", Duration.ofSeconds(10), () -> robot.text("#workloadState")
                .equals("Running"));
        robot.shortcut(KeyCode.ESCAPE);
        AppFixture.waitUntil("Esc stops it", Duration.ofSeconds(10), () -> robot.text("#workloadState")
                .equals("Stopped"));
    }

    @Test
    void aBadRateShowsAnInlineMessageAndDisablesStart() throws Exception {
        openLab();
        assertThat(robot.showing("#workloadProblem")).isFalse();

        robot.replaceText("#workloadRate", "0");
        assertThat(robot.showing("#workloadProblem")).isTrue();
        assertThat(robot.text("#workloadProblem"))
                .isEqualTo("Rate: enter more than 0 and at most 1,000,000 ops/s (not '0').");
        assertThat(disabled("#workloadStart")).isTrue();
        assertThat(AppFixture.onFx(() -> robot.lookup("#workloadRate").query().getPseudoClassStates().stream()
                        .anyMatch(p -> p.getPseudoClassName().equals("danger"))))
                .isTrue();

        robot.replaceText("#workloadRate", "lots");
        assertThat(robot.text("#workloadProblem"))
                .isEqualTo("Rate: 'lots' is not a number; enter operations per second, e.g. 900.");

        robot.replaceText("#workloadRate", "900");
        assertThat(robot.showing("#workloadProblem")).isFalse();
        assertThat(disabled("#workloadStart")).isFalse();
    }
}
