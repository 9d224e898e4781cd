package dev.partitionscope.ui.lab;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.aws.ConnectionKind;
import dev.partitionscope.lab.DemoTables;
import dev.partitionscope.lab.recording.Recording;
import dev.partitionscope.ui.AppFixture;
import dev.partitionscope.ui.UiRobot;
import dev.partitionscope.ui.common.FileDialogs;
import dev.partitionscope.ui.shell.MainViewModel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import javafx.scene.Node;
import javafx.scene.control.ListView;
import javafx.scene.input.KeyCode;
import javafx.stage.Window;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fast-forward and recordings on the Lab screen in the real app, headless: fast-forward order-status before, see the
 * replay badge and its partitions, save it (Ctrl+S), go back to the live Lab, open the file from the Recording menu.
 * The file chooser is replaced by one that answers with a path and notes the name it was offered.
 */
class LabReplayUiTest {
    @TempDir
    Path configDir;

    @TempDir
    Path files;

    private AppFixture fixture;
    private final UiRobot robot = new UiRobot();
    private final AtomicReference<Path> answer = new AtomicReference<>();
    private final List<String> offeredNames = new ArrayList<>();

    private final FileDialogs dialogs = new FileDialogs() {
        @Override
        public Optional<Path> saveFile(Window owner, String title, String initialName, Type type) {
            offeredNames.add(initialName);
            return Optional.ofNullable(answer.get());
        }

        @Override
        public Optional<Path> openFile(Window owner, String title, Type type) {
            return Optional.ofNullable(answer.get());
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

    private boolean disabled(String query) {
        Node n = robot.lookup(query).query();
        return AppFixture.onFx(n::isDisabled);
    }

    @Test
    void fastForwardsOrderStatusShowsTheResultAsAReplaySavesItAndOpensItAgain() throws Exception {
        fixture = new AppFixture(configDir).withFileDialogs(dialogs);
        fixture.startFirstTime();
        AppFixture.waitUntil(
                "connected to the Lab",
                Duration.ofSeconds(20),
                () -> main().getConnection() != null
                        && main().getConnection().spec().kind() == ConnectionKind.LAB);
        robot.shortcut(KeyCode.CONTROL, KeyCode.DIGIT7);
        AppFixture.waitUntil("the workload panel shows", Duration.ofSeconds(10), () -> robot.showing("#workloadStart"));
        assertThat(robot.showing("#labReplay")).isFalse();
        assertThat(robot.text("#labStatus")).isEqualTo("RUNNING");

        robot.clickOn("#workloadFastForward");
        assertThat(robot.showing("#workloadFastForwardNote")).isTrue();
        robot.replaceText("#workloadDuration", "10 min");
        robot.clickOn("#workloadStart");

        AppFixture.waitUntil(
                "the fast-forwarded Lab shows",
                Duration.ofSeconds(60),
                () -> robot.showing("#labReplay")
                        && main().tables().contains(DemoTables.ORDER_STATUS)
                        && DemoTables.ORDER_STATUS.equals(
                                main().selectedTableProperty().get()));
        assertThat(robot.text("#labReplayBadge")).isEqualTo("Fast-forwarded · order-status before · 10 min");
        assertThat(robot.text("#labStatus")).isEqualTo("REPLAY");
        assertThat(main().getConnection().spec().name()).isEqualTo("Fast-forward · order-status before · 10 min");
        String replayEndpoint = main().getConnection().spec().endpoint();
        assertThat(fixture.app().context().labHost().isReplay(replayEndpoint)).isTrue();
        assertThat(robot.text("#labEndpoint")).isEqualTo(replayEndpoint);
        assertThat(robot.text("#workloadState")).isEqualTo("Finished");
        assertThat(robot.text("#workloadElapsed")).isEqualTo("10 min of 10 min simulated");
        assertThat(robot.text("#workloadCounts"))
                .matches("[\\d,]+ requests · [\\d,]+ ok · [1-9][\\d,]* throttled" + " · 0 errors");
        assertThat(robot.text("#workloadMessage")).startsWith("Finished after 540,000 operations");
        AppFixture.waitUntil("its partitions show", Duration.ofSeconds(10), () -> robot.lookup(
                        "#section-" + PartitionCell.idPart(DemoTables.ORDER_STATUS))
                .tryQuery()
                .isPresent());
        assertThat(AppFixture.onFx(() -> robot.lookup("#partitionList")
                        .queryAs(ListView.class)
                        .getItems()
                        .size()))
                .isGreaterThan(1);

        // Real time cannot run against a frozen clock; fast-forward can (a new Lab).
        robot.clickOn("#workloadFastForward");
        assertThat(disabled("#workloadStart")).isTrue();
        assertThat(robot.text("#workloadUnavailable")).startsWith("This Lab is a replay");
        robot.clickOn("#workloadFastForward");
        assertThat(disabled("#workloadStart")).isFalse();

        Path saved = files.resolve("order-status-ff.psrec");
        answer.set(saved);
        robot.shortcut(KeyCode.CONTROL, KeyCode.S);
        AppFixture.waitUntil(
                "the recording is saved",
                Duration.ofSeconds(20),
                () -> robot.showing("#recordingNote")
                        && robot.text("#recordingNoteText").startsWith("Saved "));
        assertThat(offeredNames).hasSize(1);
        assertThat(offeredNames.get(0)).matches("lab-order-status-index-\\d{8}-\\d{4}\\.psrec");
        assertThat(robot.text("#recordingNoteText"))
                .isEqualTo("Saved order-status-ff.psrec — table " + DemoTables.ORDER_STATUS + ".");
        assertThat(Recording.summary(saved).tables()).containsExactly(DemoTables.ORDER_STATUS);

        robot.clickOn("#backToLive");
        AppFixture.waitUntil(
                "back on the live Lab",
                Duration.ofSeconds(20),
                () -> main().getConnection() != null
                        && main().getConnection().spec().kind() == ConnectionKind.LAB
                        && !robot.showing("#labReplay"));
        assertThat(robot.text("#labStatus")).isEqualTo("RUNNING");

        robot.clickOn("#recordingMenu");
        robot.clickOn("Open recording…  (Ctrl+O)");
        AppFixture.waitUntil(
                "the recording is open",
                Duration.ofSeconds(20),
                () -> robot.showing("#labReplay")
                        && robot.text("#labReplayBadge").startsWith("REPLAY · order-status-ff.psrec · saved "));
        String reopened = main().getConnection().spec().endpoint();
        assertThat(reopened).isNotEqualTo(replayEndpoint);
        assertThat(fixture.app().context().labHost().isReplay(reopened)).isTrue();
        assertThat(main().getConnection().spec().name()).isEqualTo("Replay · order-status-ff.psrec");
        AppFixture.waitUntil(
                "its only table is shown",
                Duration.ofSeconds(10),
                () -> DemoTables.ORDER_STATUS.equals(
                        main().selectedTableProperty().get()));
        assertThat(fixture.app().context().settings().lastConnection)
                .as("a replay is never reopened at start")
                .isEqualTo("Lab");

        Path broken = files.resolve("broken.psrec");
        java.nio.file.Files.writeString(broken, "nope");
        answer.set(broken);
        robot.shortcut(KeyCode.CONTROL, KeyCode.O);
        AppFixture.waitUntil("the error shows", Duration.ofSeconds(20), () -> robot.text("#recordingNoteText")
                .contains("broken.psrec"));
        assertThat(robot.text("#recordingNoteText"))
                .isEqualTo("Could not open the recording: broken.psrec is not a"
                        + " PartitionScope Lab recording (not a compressed recording file).");
        assertThat(main().getConnection().spec().endpoint())
                .as("still on the replay")
                .isEqualTo(reopened);
    }
}
