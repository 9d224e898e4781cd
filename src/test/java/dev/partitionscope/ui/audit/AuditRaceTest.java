package dev.partitionscope.ui.audit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.aws.ConnectionSpec;
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
 * Picking another table while an audit runs: the old table's audit, even one that had finished its sampling and
 * was on its way, never shows as the new table's (with the app runner's timing, {@link ManualTaskRunner}).
 */
class AuditRaceTest {
    private final LabHost labHost = new LabHost(Lab.Options.defaults());
    private final ManualTaskRunner tasks = new ManualTaskRunner();
    private final MainViewModel main = LabSessions.on(labHost, tasks);
    private AuditViewModel vm;

    @BeforeEach
    void open() {
        main.connect(ConnectionSpec.lab());
        tasks.completeAll();
        main.selectedTableProperty().set(DemoTables.APP);
        tasks.completeAll();
        assertThat(main.tableShapeProperty().get().name()).isEqualTo(DemoTables.APP);
        vm = new AuditViewModel(main);
    }

    @AfterEach
    void close() {
        main.shutdown();
        labHost.close();
    }

    @Test
    void theOldTablesAuditDoesNotShowAfterAnotherTableIsPicked() {
        vm.run();
        assertThat(vm.runningProperty().get()).isTrue();
        ManualTaskRunner.Pending<?> audit = tasks.last("Key audit of").finishWork();

        main.selectedTableProperty().set(DemoTables.ORDER_STATUS);
        tasks.completeAll();
        audit.deliver();

        assertThat(vm.resultProperty().get())
                .as("the app table's audit, on order-status")
                .isNull();
        assertThat(vm.runningProperty().get()).isFalse();
        assertThat(vm.progressProperty().get()).isEmpty();
    }
}
