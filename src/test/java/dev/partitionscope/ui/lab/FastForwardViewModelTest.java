package dev.partitionscope.ui.lab;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.lab.DemoTables;
import dev.partitionscope.lab.Lab;
import dev.partitionscope.lab.LabHost;
import dev.partitionscope.lab.clock.SimulatedClock;
import dev.partitionscope.lab.meter.MinuteStats;
import dev.partitionscope.lab.meter.ResourceId;
import dev.partitionscope.lab.partition.ModelParams;
import dev.partitionscope.lab.partition.ModelSnapshot;
import dev.partitionscope.lab.recording.Recording;
import dev.partitionscope.lab.workload.WorkloadProgress;
import dev.partitionscope.ui.LabSessions;
import dev.partitionscope.ui.shell.MainViewModel;
import dev.partitionscope.ui.task.DirectTaskRunner;
import dev.partitionscope.ui.task.TaskRunner;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fast-forward from the workload panel, without a toolkit: order-status before in simulated time in a new Lab, which
 * the app then shows like an opened recording; and cancelling one while it runs.
 */
class FastForwardViewModelTest {
    private static final String TABLE = DemoTables.ORDER_STATUS;

    @TempDir
    Path dir;

    private final SimulatedClock clock = new SimulatedClock(Instant.parse("2026-06-22T10:00:00Z"));
    /** A model parameter of the live Lab that the fast-forwarded Lab must take over. */
    private final ModelParams params = ModelParams.defaults().with("burst-seconds", "120");

    private final LabHost labHost =
            new LabHost(Lab.Options.defaults().withClock(clock).withParams(params));
    private MainViewModel main;
    private LabViewModel lab;

    @AfterEach
    void close() {
        if (lab != null) {
            lab.workload().dispose();
        }
        if (main != null) {
            main.shutdown();
        }
        labHost.close();
    }

    private void open(TaskRunner tasks) {
        main = LabSessions.on(labHost, tasks);
        lab = new LabViewModel(main, labHost, System::currentTimeMillis);
    }

    private static long writeThrottles(Lab l, String table) {
        return l.meter().minutes(ResourceId.table(table), 0, Long.MAX_VALUE).stream()
                .mapToLong(MinuteStats::writeThrottleEvents)
                .sum();
    }

    @Test
    void orderStatusBeforeForTenMinutesThrottlesInANewLabThatTheScreenThenShows() throws Exception {
        open(new DirectTaskRunner());
        lab.connectToLab();
        String live = main.getConnection().spec().endpoint();
        WorkloadViewModel w = lab.workload();
        assertThat(w.scenarioProperty().get().name()).isEqualTo("order-status");
        assertThat(w.variantProperty().get()).isEqualTo("before");
        w.fastForwardProperty().set(true);
        w.durationProperty().set("10 min");
        assertThat(w.canStartProperty().get()).isTrue();

        w.start(); // the runner is synchronous: the run, the serving and the connect are done on return

        WorkloadProgress p = w.progressProperty().get();
        assertThat(p.mode()).isEqualTo(WorkloadProgress.Mode.FAST_FORWARD);
        assertThat(p.state()).isEqualTo(WorkloadProgress.State.FINISHED);
        assertThat(p.elapsed()).isEqualTo(Duration.ofMinutes(10));
        assertThat(p.operations()).isEqualTo(900L * 600);
        assertThat(p.throttled()).isGreaterThan(0);
        assertThat(p.throttlesByReason()).containsKey("TableWriteKeyRangeThroughputExceeded");
        assertThat(w.runningProperty().get()).isFalse();
        assertThat(w.stateTextProperty().get()).isEqualTo("Finished");
        assertThat(w.elapsedProperty().get()).isEqualTo("10 min of 10 min simulated");
        assertThat(w.achievedProperty().get()).matches("in \\d+\\.\\d s");
        assertThat(w.messageProperty().get())
                .startsWith("Finished after 540,000 operations in 10 min of simulated" + " time.")
                .endsWith("The Lab screen now shows that Lab; Save recording… (Ctrl+S) keeps it.");

        String endpoint = main.getConnection().spec().endpoint();
        assertThat(endpoint).isNotEqualTo(live);
        assertThat(labHost.isReplay(endpoint)).isTrue();
        Lab ff = labHost.forEndpoint(endpoint).orElseThrow();
        assertThat(writeThrottles(ff, TABLE))
                .as("the meter of the new Lab saw the hot key throttled")
                .isGreaterThan(0);
        assertThat(ff.params().toMap()).as("the shown Lab's model").isEqualTo(params.toMap());
        assertThat(writeThrottles(labHost.lab(), TABLE))
                .as("the live Lab is left alone")
                .isZero();
        assertThat(ff.clock().epochMillis())
                .as("the run ends about now")
                .isCloseTo(System.currentTimeMillis(), org.assertj.core.data.Offset.offset(60_000L));

        assertThat(main.getConnection().spec().name()).isEqualTo("Fast-forward · order-status before · 10 min");
        assertThat(main.tables()).containsExactly(TABLE);
        assertThat(main.selectedTableProperty().get())
                .as("the run's table is shown")
                .isEqualTo(TABLE);
        assertThat(lab.stateProperty().get()).isEqualTo(LabViewModel.State.READY);
        assertThat(lab.replayProperty().get()).isEqualTo("Fast-forwarded · order-status before · 10 min");
        assertThat(lab.tableStateProperty().get()).isEqualTo(LabViewModel.TableState.SHOWING);
        ModelSnapshot snap = lab.snapshotProperty().get();
        assertThat(snap.tableName()).isEqualTo(TABLE);
        assertThat(lab.throttlesProperty().get()).isNotEqualTo(ThrottleSummary.EMPTY);
        assertThat(lab.currentRows())
                .filteredOn(r -> r instanceof LabRow.Part part && part.isolated())
                .extracting(r -> ((LabRow.Part) r).keyText())
                .as("the hot key is named although the replay's clock never moves")
                .containsExactly("PENDING");
        assertThat(w.progressProperty().get())
                .as("the run's summary stays in the panel")
                .isSameAs(p);

        Path file = dir.resolve("ff.psrec");
        lab.recordings().save(file);
        assertThat(Recording.summary(file).tables()).containsExactly(TABLE);
    }

    @Test
    void aFastForwardRunsUpTo24Hours() {
        open(new DirectTaskRunner());
        lab.connectToLab();
        WorkloadViewModel w = lab.workload();
        w.durationProperty().set("25 h");
        assertThat(w.problemProperty().get()).as("real time has no such limit").isEmpty();

        w.fastForwardProperty().set(true);

        assertThat(w.problemProperty().get())
                .isEqualTo("Duration: a fast-forward runs up to 24 h (the Lab keeps 24"
                        + " hours of metrics), not '25 h'.");
        assertThat(w.canStartProperty().get()).isFalse();
        w.durationProperty().set("24 h");
        assertThat(w.problemProperty().get()).isEmpty();
    }

    @Test
    void cancellingAFastForwardDropsItsLabAndKeepsTheAppWhereItWas() throws Exception {
        QueuedTaskRunner tasks = new QueuedTaskRunner();
        open(tasks);
        lab.connectToLab();
        tasks.pumpUntil("connected", Duration.ofSeconds(20), () -> main.getConnection() != null);
        String live = main.getConnection().spec().endpoint();
        WorkloadViewModel w = lab.workload();
        w.fastForwardProperty().set(true);
        w.durationProperty().set("24 h");

        w.start();
        tasks.pumpUntil("the fast-forward is under way", Duration.ofSeconds(20), () -> {
            w.poll();
            WorkloadProgress p = w.progressProperty().get();
            return p.state() == WorkloadProgress.State.RUNNING && p.operations() > 0;
        });
        assertThat(w.stateTextProperty().get()).isEqualTo("Fast-forwarding");
        assertThat(w.stopTextProperty().get()).isEqualTo("Cancel");
        assertThat(w.canStopProperty().get()).isTrue();
        assertThat(w.canStartProperty().get())
                .as("a fast-forward is cancelled, not switched")
                .isFalse();
        assertThat(w.fastForwardingProperty().get()).isTrue();

        main.disconnect(); // a fast-forward writes to its own Lab: leaving the shown one does not stop it
        w.poll();
        assertThat(w.stateTextProperty().get()).isEqualTo("Fast-forwarding");
        lab.connectToLab();
        tasks.pumpUntil("connected again", Duration.ofSeconds(20), () -> main.getConnection() != null);

        w.stop();
        tasks.pumpUntil("the fast-forward ends", Duration.ofSeconds(20), () -> {
            w.poll();
            return !w.runningProperty().get();
        });

        WorkloadProgress p = w.progressProperty().get();
        assertThat(p.state()).isEqualTo(WorkloadProgress.State.STOPPED);
        assertThat(p.elapsed()).isLessThan(Duration.ofHours(24));
        assertThat(w.stateTextProperty().get()).isEqualTo("Cancelled");
        assertThat(w.messageProperty().get())
                .startsWith("Cancelled at ")
                .endsWith(" of 24 h of simulated time; the partial run was dropped.");
        assertThat(main.getConnection().spec().endpoint())
                .as("still on the live Lab")
                .isEqualTo(live);
        assertThat(lab.replayProperty().get()).isEmpty();
        assertThat(w.canStartProperty().get()).isTrue();
        assertThat(w.fastForwardingProperty().get()).isFalse();
        assertThat(main.getConnection().spec().kind()).isEqualTo(dev.partitionscope.aws.ConnectionKind.LAB);
    }
}
