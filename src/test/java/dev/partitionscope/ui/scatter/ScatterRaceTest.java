package dev.partitionscope.ui.scatter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.aws.ConnectionSpec;
import dev.partitionscope.core.scatter.ScatterResult;
import dev.partitionscope.lab.DemoTables;
import dev.partitionscope.lab.Lab;
import dev.partitionscope.lab.LabHost;
import dev.partitionscope.ui.LabSessions;
import dev.partitionscope.ui.shell.MainViewModel;
import dev.partitionscope.ui.task.ManualTaskRunner;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The console's kinds of work (run, compare, point read, detect) each cancel only their own previous task, with the
 * app runner's timing: cancelling a running task calls its cancel callback at once, from {@code cancel()}.
 */
class ScatterRaceTest {
    private final LabHost labHost = new LabHost(Lab.Options.defaults());
    private final ManualTaskRunner tasks = new ManualTaskRunner();
    private final MainViewModel main = LabSessions.on(labHost, tasks);
    private ScatterViewModel vm;

    @BeforeEach
    void open() {
        main.connect(ConnectionSpec.lab());
        tasks.completeAll();
        main.selectedTableProperty().set(DemoTables.APP);
        tasks.completeAll();
        assertThat(main.tableShapeProperty().get().name()).isEqualTo(DemoTables.APP);
        vm = new ScatterViewModel(main);
        assertThat(vm.planProperty().get()).isNotNull();
    }

    @AfterEach
    void close() {
        main.shutdown();
        labHost.close();
    }

    @Test
    void aSecondPointReadStaysBusyWhenTheFirstIsCancelled() {
        vm.pointIdProperty().set("o-1");
        vm.readPoint();
        ManualTaskRunner.Pending<?> first = tasks.last("GetItem");
        assertThat(vm.busyProperty().get()).isTrue();

        vm.pointIdProperty().set("o-2");
        vm.readPoint();
        assertThat(first.isCancelled()).isTrue();
        assertThat(vm.busyProperty().get())
                .as("the second read runs, whatever the first's cancellation says")
                .isTrue();

        tasks.last("GetItem").complete();
        assertThat(vm.busyProperty().get()).isFalse();
        assertThat(vm.pointReadProperty().get().key()).containsValue("o-2");
    }

    @Test
    void aSecondDetectionStaysBusyWhenTheFirstIsCancelled() {
        vm.detectScheme();
        ManualTaskRunner.Pending<?> first = tasks.last("Detect the scheme");
        vm.detectScheme();
        assertThat(first.isCancelled()).isTrue();
        assertThat(vm.busyProperty().get()).isTrue();
        assertThat(vm.noteProperty().get()).startsWith("Reading the keys of app");

        tasks.last("Detect the scheme").complete();
        assertThat(vm.busyProperty().get()).isFalse();
        assertThat(vm.noteProperty().get()).containsAnyOf("Scheme detected", "No scheme found");
    }

    @Test
    void aComparisonStartedWhileARunStopsDoesNotUnStopTheRun() {
        vm.run();
        ManualTaskRunner.Pending<?> run = tasks.last("Scatter-gather");
        vm.cancel();
        vm.compare(ScatterViewModel.CompareKind.UNSHARDED, null);
        ManualTaskRunner.Pending<?> compare = tasks.last(ScatterViewModel.CompareKind.UNSHARDED.label());

        run.complete();
        ScatterResult r = vm.resultProperty().get();
        assertThat(vm.runningProperty().get()).isFalse();
        assertThat(r.complete())
                .as("the run was stopped before it read anything")
                .isFalse();
        assertThat(String.join("; ", r.reasons())).contains("cancelled");

        compare.complete();
        assertThat(vm.comparisonProperty().get().complete())
                .as("the comparison was not stopped")
                .isTrue();
        assertThat(vm.busyProperty().get()).isFalse();
    }
}
