package dev.partitionscope.ui.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.lab.DemoTables;
import dev.partitionscope.lab.Lab;
import dev.partitionscope.lab.LabHost;
import dev.partitionscope.lab.clock.SimulatedClock;
import dev.partitionscope.report.ReportOptions;
import dev.partitionscope.report.ReportWriter;
import dev.partitionscope.ui.LabSessions;
import dev.partitionscope.ui.lab.LabViewModel;
import dev.partitionscope.ui.lab.WorkloadViewModel;
import dev.partitionscope.ui.shell.MainViewModel;
import dev.partitionscope.ui.task.DirectTaskRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Export report as the app runs it, without a toolkit: the Lab screen fast-forwards order-status before for ten
 * minutes (the app then shows that Lab), and the action builds and writes the report for the top bar's table and
 * range on the task runner — the same-thread one here — under the table's default read budget.
 */
class ExportReportActionTest {
    private final SimulatedClock clock = new SimulatedClock(Instant.parse("2026-06-22T10:00:00Z"));
    private final LabHost labHost = new LabHost(Lab.Options.defaults().withClock(clock));
    private final DirectTaskRunner tasks = new DirectTaskRunner();
    private MainViewModel main;
    private LabViewModel lab;

    @TempDir
    Path tmp;

    @BeforeEach
    void fastForwardOrderStatusBefore() {
        main = LabSessions.on(labHost, tasks);
        lab = new LabViewModel(main, labHost);
        lab.connectToLab();
        WorkloadViewModel w = lab.workload();
        w.variantProperty().set("before");
        w.fastForwardProperty().set(true);
        w.durationProperty().set("10 min");
        w.start();
        assertThat(main.selectedTableProperty().get()).isEqualTo(DemoTables.ORDER_STATUS);
    }

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

    @Test
    void writesTheTopBarsTableIntoTheChosenEmptyFolder() throws Exception {
        ExportReportAction action = new ExportReportAction(main, tasks, null);
        assertThat(action.availableProperty().get()).isTrue();
        List<ExportReportAction.Done> done = new ArrayList<>();
        List<Throwable> failed = new ArrayList<>();
        action.export(
                main.getConnection(),
                DemoTables.ORDER_STATUS,
                ReportOptions.defaults().withRange(main.timeRangeProperty().get()),
                tmp,
                done::add,
                failed::add,
                () -> {});
        assertThat(failed).isEmpty();
        assertThat(done).hasSize(1);
        assertThat(done.get(0).written().folder()).isEqualTo(tmp);
        assertThat(tmp.resolve(ReportWriter.SUMMARY)).content().contains("The hot key is `PENDING`");
        assertThat(tasks.titles()).contains("Exporting the report on " + DemoTables.ORDER_STATUS);
        assertThat(action.runningProperty().get()).isFalse();
        assertThat(done.get(0).canOpenFolder())
                .as("a headless test JVM has no desktop to open folders")
                .isFalse();
    }

    @Test
    void aFolderOfOtherFilesGetsADatedReportFolderInside() throws Exception {
        Files.writeString(tmp.resolve("design.md"), "mine");
        ExportReportAction action = new ExportReportAction(main, tasks, null);
        List<ExportReportAction.Done> done = new ArrayList<>();
        action.export(
                main.getConnection(),
                DemoTables.ORDER_STATUS,
                ReportOptions.defaults().withAudit(false),
                tmp,
                done::add,
                e -> {
                    throw new AssertionError(e);
                },
                () -> {});
        Path folder = done.get(0).written().folder();
        assertThat(folder.getParent()).isEqualTo(tmp);
        assertThat(folder.getFileName().toString())
                .as("stamped with the report's time, the Lab's now, in UTC")
                .isEqualTo(DemoTables.ORDER_STATUS + "-report-"
                        + java.time.format.DateTimeFormatter.ofPattern("yyyyMMdd-HHmm")
                                .withZone(java.time.ZoneOffset.UTC)
                                .format(done.get(0).report().generatedAt()));
        assertThat(folder.resolve(ReportWriter.HEATMAP)).isRegularFile();
        assertThat(tmp.resolve("design.md")).hasContent("mine");
    }
}
