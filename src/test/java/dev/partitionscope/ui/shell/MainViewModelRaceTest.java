package dev.partitionscope.ui.shell;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.aws.Connection;
import dev.partitionscope.aws.ConnectionSpec;
import dev.partitionscope.lab.DemoTables;
import dev.partitionscope.lab.Lab;
import dev.partitionscope.lab.LabHost;
import dev.partitionscope.ui.LabSessions;
import dev.partitionscope.ui.session.ConnectionState;
import dev.partitionscope.ui.task.ManualTaskRunner;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Late answers of superseded work (a listing of the previous connection, a description of the previously selected
 * table) never change the state of the current one. The runner has JavaFX's timing: a task whose work has finished
 * cannot be cancelled any more, and its callback arrives after whatever the user did next.
 */
class MainViewModelRaceTest {
    private final LabHost labHost = new LabHost(Lab.Options.defaults());
    private final ManualTaskRunner tasks = new ManualTaskRunner();
    private final MainViewModel vm = LabSessions.on(labHost, tasks);

    @BeforeEach
    void connect() {
        vm.connect(ConnectionSpec.lab());
        tasks.completeAll();
        assertThat(vm.tables()).contains(DemoTables.APP, DemoTables.PEDIDOS);
    }

    @AfterEach
    void close() {
        vm.shutdown();
        labHost.close();
    }

    @Test
    void aLateListingOfThePreviousConnectionDoesNotEndTheNewOne() {
        vm.refresh();
        ManualTaskRunner.Pending<?> old = tasks.last("Listing tables").finishWork(); // done, callback on its way
        Connection first = vm.getConnection();

        vm.connect(ConnectionSpec.lab());
        tasks.last("Connecting to").complete();
        assertThat(vm.getConnection()).isNotSameAs(first);
        ManualTaskRunner.Pending<?> fresh = tasks.last("Listing tables");
        assertThat(fresh).isNotSameAs(old);
        assertThat(vm.tablesLoadingProperty().get()).isTrue();

        old.deliver();
        assertThat(vm.tablesLoadingProperty().get())
                .as("the new connection's listing still runs")
                .isTrue();
        assertThat(vm.tablesLoadedProperty().get()).isFalse();

        fresh.complete();
        assertThat(vm.tablesLoadingProperty().get()).isFalse();
        assertThat(vm.tablesLoadedProperty().get()).isTrue();
        assertThat(vm.tables()).contains(DemoTables.APP, DemoTables.PEDIDOS);
    }

    @Test
    void aLateFailureOfAPreviousListingShowsNoErrorOnTheNewOne() {
        vm.refresh();
        ManualTaskRunner.Pending<?> old = tasks.last("Listing tables")
                .failWork(new java.io.UncheckedIOException(new java.io.IOException("reset")));
        vm.refresh();
        ManualTaskRunner.Pending<?> fresh = tasks.last("Listing tables");

        old.deliver();
        assertThat(vm.tablesErrorProperty().get()).isNull();
        assertThat(vm.tablesLoadingProperty().get()).isTrue();

        fresh.complete();
        assertThat(vm.tablesErrorProperty().get()).isNull();
        assertThat(vm.tablesLoadingProperty().get()).isFalse();
        assertThat(vm.tables()).contains(DemoTables.APP);
    }

    @Test
    void aLateFailureToDescribeThePreviousTableLeavesTheSelectedOne() {
        vm.selectedTableProperty().set(DemoTables.APP);
        ManualTaskRunner.Pending<?> old =
                tasks.last("Describing " + DemoTables.APP).failWork(new IllegalStateException("timed out"));
        vm.selectedTableProperty().set(DemoTables.PEDIDOS);
        ManualTaskRunner.Pending<?> fresh = tasks.last("Describing " + DemoTables.PEDIDOS);

        old.deliver();
        assertThat(vm.shapeErrorProperty().get())
                .as("app's failure is not pedidos' error")
                .isNull();
        assertThat(vm.shapeLoadingProperty().get()).isTrue();

        fresh.complete();
        assertThat(vm.shapeErrorProperty().get()).isNull();
        assertThat(vm.shapeLoadingProperty().get()).isFalse();
        assertThat(vm.tableShapeProperty().get().name()).isEqualTo(DemoTables.PEDIDOS);
    }

    @Test
    void aLateConnectionOfACancelledAttemptIsNotAdopted() {
        Connection first = vm.getConnection();
        vm.connect(ConnectionSpec.lab());
        ManualTaskRunner.Pending<?> attempt = tasks.last("Connecting to").finishWork();
        vm.cancelConnect();
        assertThat(vm.connectionStateProperty().get()).isEqualTo(ConnectionState.CONNECTED);

        attempt.deliver();
        assertThat(vm.getConnection()).as("the cancelled attempt's connection").isSameAs(first);
        assertThat(first.isClosed()).isFalse();
        assertThat(((dev.partitionscope.aws.ConnectService.Result) attempt.value())
                        .connection()
                        .isClosed())
                .as("the late connection is closed, not leaked")
                .isTrue();
    }
}
