package dev.partitionscope.ui.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import dev.partitionscope.aws.ConnectionKind;
import dev.partitionscope.lab.DemoTables;
import dev.partitionscope.lab.Lab;
import dev.partitionscope.lab.LabHost;
import dev.partitionscope.lab.clock.SimulatedClock;
import dev.partitionscope.lab.recording.Recording;
import dev.partitionscope.ui.LabSessions;
import dev.partitionscope.ui.shell.MainViewModel;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Saving and opening recordings from the Lab screen, without a toolkit (tasks run on the test's thread), against the
 * real embedded Lab on a simulated clock and real replays served by the host on their own ports.
 */
class RecordingViewModelTest {
    private static final Instant NOW = Instant.parse("2026-06-22T10:00:00Z");

    @TempDir
    Path dir;

    private final SimulatedClock clock = new SimulatedClock(NOW);
    private final LabHost labHost = new LabHost(Lab.Options.defaults().withClock(clock));
    private final MainViewModel main = LabSessions.on(labHost);
    private final LabViewModel lab = new LabViewModel(main, labHost, System::currentTimeMillis);
    private final RecordingViewModel vm = lab.recordings();

    @BeforeEach
    void utc() {
        main.timeRangeProperty().set(main.timeRangeProperty().get().withUtc(true));
    }

    @AfterEach
    void close() {
        lab.workload().dispose();
        main.shutdown();
        labHost.close();
    }

    private String endpoint() {
        return main.getConnection().spec().endpoint();
    }

    @Test
    void savesTheLabTheScreenShowsWithItsTables() throws Exception {
        assertThat(vm.canSaveProperty().get())
                .as("nothing to save before connecting")
                .isFalse();
        assertThat(vm.saveUnavailableProperty().get()).startsWith("Connect to the Lab first");
        lab.connectToLab();
        lab.selectTable(DemoTables.APP);
        assertThat(vm.canSaveProperty().get()).isTrue();
        assertThat(vm.suggestedName()).matches("lab-app-20260622-\\d{4}\\.psrec");

        vm.save(dir.resolve("demo")); // no extension: .psrec is added

        Path file = dir.resolve("demo.psrec");
        assertThat(file).isRegularFile();
        Recording.Summary summary = Recording.summary(file);
        assertThat(summary.tables())
                .containsExactlyInAnyOrder(DemoTables.APP, DemoTables.ORDER_STATUS, DemoTables.PEDIDOS);
        assertThat(summary.savedAtMillis()).isEqualTo(NOW.toEpochMilli());
        assertThat(vm.noteProperty().get().kind()).isEqualTo(RecordingViewModel.Kind.DONE);
        assertThat(vm.noteProperty().get().text())
                .startsWith("Saved demo.psrec — tables ")
                .contains(DemoTables.APP, DemoTables.ORDER_STATUS, DemoTables.PEDIDOS);
        assertThat(vm.busyProperty().get()).isFalse();
    }

    @Test
    void opensARecordingConnectsTheAppToItsReplayAndGoesBackToTheLiveLab() throws Exception {
        lab.connectToLab();
        String live = endpoint();
        lab.selectTable(DemoTables.PEDIDOS);
        Path file = dir.resolve("before.psrec");
        vm.save(file);
        clock.advanceSeconds(90); // the live Lab moves on; the replay must not

        vm.open(file);

        assertThat(endpoint()).isNotEqualTo(live);
        assertThat(labHost.isReplay(endpoint()))
                .as("connected to the served replay")
                .isTrue();
        Lab replay = labHost.forEndpoint(endpoint()).orElseThrow();
        assertThat(replay).isNotSameAs(labHost.lab());
        assertThat(replay.clock().epochMillis()).isEqualTo(NOW.toEpochMilli());
        assertThat(main.getConnection().spec().name()).isEqualTo("Replay · before.psrec");
        assertThat(main.getConnection().guard().isReadOnly())
                .as("a replay is looked at, not written to")
                .isTrue();
        assertThat(main.tables()).contains(DemoTables.APP, DemoTables.ORDER_STATUS, DemoTables.PEDIDOS);
        assertThat(lab.stateProperty().get()).isEqualTo(LabViewModel.State.READY);
        assertThat(lab.endpointProperty().get()).isEqualTo(endpoint());
        assertThat(lab.replayProperty().get()).isEqualTo("REPLAY · before.psrec · saved 2026-06-22 10:00:00 UTC");
        assertThat(lab.replayNoteProperty().get()).contains("clock stands still");
        assertThat(vm.noteProperty().get().text()).startsWith("Opened before.psrec.");

        assertThat(main.selectedTableProperty().get())
                .as("the table shown before")
                .isEqualTo(DemoTables.PEDIDOS);
        lab.selectTable(DemoTables.APP);
        assertThat(lab.tableStateProperty().get()).isEqualTo(LabViewModel.TableState.SHOWING);
        assertThat(lab.updatedProperty().get()).isEqualTo("As at 10:00:00 UTC · a replay does not change");

        WorkloadViewModel workload = lab.workload();
        assertThat(workload.canStartProperty().get())
                .as("no real-time run against a frozen clock")
                .isFalse();
        assertThat(workload.unavailableProperty().get()).startsWith("This Lab is a replay");
        workload.start();
        assertThat(workload.progressProperty().get()).isNull();
        workload.fastForwardProperty().set(true);
        assertThat(workload.unavailableProperty().get())
                .as("a fast-forward runs in a Lab of its own")
                .isEmpty();
        assertThat(workload.canStartProperty().get()).isTrue();

        lab.connectToLab();
        assertThat(endpoint()).isEqualTo(live);
        assertThat(main.getConnection().spec().kind()).isEqualTo(ConnectionKind.LAB);
        assertThat(lab.replayProperty().get()).isEmpty();
    }

    @Test
    void aDamagedFileIsReportedByNameAndTheAppStaysWhereItWas() throws Exception {
        lab.connectToLab();
        String live = endpoint();
        Path good = dir.resolve("good.psrec");
        vm.save(good);
        byte[] bytes = Files.readAllBytes(good);
        Path cut = dir.resolve("cut-short.psrec");
        Files.write(cut, Arrays.copyOf(bytes, bytes.length / 2));
        Path text = dir.resolve("notes.psrec");
        Files.writeString(text, "not a recording");
        Path other = dir.resolve("other.psrec");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(other))) {
            out.write("{\"format\":\"something-else\"}".getBytes(StandardCharsets.UTF_8));
        }

        assertThatCode(() -> vm.open(cut)).doesNotThrowAnyException();
        assertThat(vm.noteProperty().get().kind()).isEqualTo(RecordingViewModel.Kind.ERROR);
        assertThat(vm.noteProperty().get().text())
                .isEqualTo("Could not open the recording: cut-short.psrec is"
                        + " incomplete (it ends early): it may have been copied while still being written.");
        assertThat(endpoint()).isEqualTo(live);
        assertThat(lab.replayProperty().get()).isEmpty();
        assertThat(vm.busyProperty().get()).isFalse();

        vm.open(text);
        assertThat(vm.noteProperty().get().text())
                .isEqualTo("Could not open the recording: notes.psrec is not a"
                        + " PartitionScope Lab recording (not a compressed recording file).");
        vm.open(other);
        assertThat(vm.noteProperty().get().text())
                .isEqualTo("Could not open the recording: other.psrec is not a" + " PartitionScope Lab recording.");
        vm.open(dir.resolve("gone.psrec"));
        assertThat(vm.noteProperty().get().text()).contains("gone.psrec");
        assertThat(endpoint()).isEqualTo(live);

        vm.dismissNote();
        assertThat(vm.noteProperty().get()).isNull();
    }

    @Test
    void aFolderThatCannotBeWrittenIsASentenceNotAnException() throws Exception {
        lab.connectToLab();
        Path file = dir.resolve("missing-folder").resolve("x.psrec");
        Files.writeString(dir.resolve("missing-folder"), "a file where the folder should be");

        assertThatCode(() -> vm.save(file)).doesNotThrowAnyException();

        assertThat(vm.noteProperty().get().kind()).isEqualTo(RecordingViewModel.Kind.ERROR);
        assertThat(vm.noteProperty().get().text())
                .isEqualTo("Could not save x.psrec: " + dir.resolve("missing-folder")
                        + " is a file, not a folder. Choose a folder to save in.");
        assertThat(Files.isRegularFile(file)).isFalse();
    }
}
