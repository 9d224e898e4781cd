package dev.partitionscope.ui.report;

import dev.partitionscope.aws.Connection;
import dev.partitionscope.aws.ErrorTranslator;
import dev.partitionscope.aws.UserMessage;
import dev.partitionscope.core.table.TableShape;
import dev.partitionscope.core.time.TimeRange;
import dev.partitionscope.report.Report;
import dev.partitionscope.report.ReportBuilder;
import dev.partitionscope.report.ReportOptions;
import dev.partitionscope.report.ReportWriter;
import dev.partitionscope.ui.common.FileDialogs;
import dev.partitionscope.ui.common.Fx;
import dev.partitionscope.ui.common.MessageBox;
import dev.partitionscope.ui.common.MessageDialog;
import dev.partitionscope.ui.common.Theme;
import dev.partitionscope.ui.session.Session;
import dev.partitionscope.ui.task.TaskHandle;
import dev.partitionscope.ui.task.TaskRunner;
import java.awt.Desktop;
import java.awt.GraphicsEnvironment;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.function.Consumer;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.VBox;
import javafx.stage.Window;

/**
 * "Export report…" (issue 10): the report folder the CLI's {@code report} writes — heatmap and metrics PNGs, top keys
 * and audit CSVs, a Markdown summary for a design doc — for the table and time range the top bar shows. It asks for a
 * folder, builds the report on the task runner (progress and Cancel in the status bar; the key audit's Scan runs
 * under the table's default read budget, so it is fine on read-only connections), writes it, and offers to open the
 * folder where the desktop can, else shows the path to copy.
 *
 * <p>The shell calls {@link #run(Window)} from its menu and may bind the item's disable to
 * {@code availableProperty().not()}.
 */
public final class ExportReportAction {
    /** A finished export: where it went, what it says, and whether this desktop can open a folder. */
    record Done(ReportWriter.Written written, Report report, boolean canOpenFolder) {}

    private final Session main;
    private final TaskRunner tasks;
    private final FileDialogs files;
    private final java.util.function.Supplier<ReportBuilder.SavedAudit> savedAudit;
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(this, "running");
    private final BooleanBinding available;
    private TaskHandle task = TaskHandle.NONE;

    public ExportReportAction(Session main, TaskRunner tasks, FileDialogs files) {
        this(main, tasks, files, () -> null);
    }

    /** @param savedAudit the audit shown when it was saved in a file (a snapshot's), else null; asked on the UI thread */
    public ExportReportAction(
            Session main,
            TaskRunner tasks,
            FileDialogs files,
            java.util.function.Supplier<ReportBuilder.SavedAudit> savedAudit) {
        this.savedAudit = savedAudit;
        this.main = main;
        this.tasks = tasks;
        this.files = files;
        this.available = main.tableShapeProperty()
                .isNotNull()
                .and(main.connectionProperty().isNotNull())
                .and(running.not());
    }

    // Properties

    /** True while a report is being built or written. */
    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }

    /** True when there is a table to report on and no export is running. */
    public BooleanBinding availableProperty() {
        return available;
    }

    // Commands

    /** Asks for a folder and exports the selected table over the top bar's time range; the menu item's handler. */
    public void run(Window owner) {
        Connection c = main.getConnection();
        TableShape shape = main.tableShapeProperty().get();
        if (c == null || shape == null) {
            alert(
                    owner,
                    MessageBox.Kind.INFO,
                    UserMessage.of(
                            "Choose a table first",
                            "Export report covers the"
                                    + " table selected in the top bar, over the top bar's time range.",
                            "Pick a table, then export."));
            return;
        }
        if (running.get()) {
            return;
        }
        Optional<Path> chosen = files.chooseFolder(owner, "Export report on " + shape.name() + " into…");
        if (chosen.isEmpty()) {
            return;
        }
        TimeRange range = main.timeRangeProperty().get();
        ReportOptions options = ReportOptions.defaults().withRange(range == null ? TimeRange.defaultRange() : range);
        export(
                c,
                shape.name(),
                options,
                chosen.get(),
                done -> showDone(owner, done),
                failure -> alert(owner, MessageBox.Kind.ERROR, message(failure, c)),
                () -> {});
    }

    /** Stops a running export; nothing is written once the build was cancelled. */
    public void cancel() {
        task.cancel();
    }

    /**
     * Builds and writes the report in the background. The folder follows {@link ReportWriter#folderFor}: the chosen
     * one when it is empty or a previous report, else a new dated folder inside it.
     */
    TaskHandle export(
            Connection c,
            String table,
            ReportOptions options,
            Path chosen,
            Consumer<Done> onDone,
            Consumer<Throwable> onFailure,
            Runnable onCancelled) {
        ReportBuilder.SavedAudit saved = savedAudit.get();
        running.set(true);
        task = tasks.run(
                "Exporting the report on " + table,
                ctx -> {
                    Report r = ReportBuilder.build(
                            c,
                            table,
                            options,
                            saved,
                            (fraction, text) -> ctx.progress(fraction, "Report on " + table + ": " + text),
                            ctx::isCancelled);
                    ctx.progress(0.98, "Report on " + table + ": drawing and writing the files…");
                    Path dir = ReportWriter.folderFor(chosen, table, r.generatedAt());
                    return new Done(ReportWriter.write(r, dir, false), r, desktopCanOpen());
                },
                done -> {
                    running.set(false);
                    onDone.accept(done);
                },
                failure -> {
                    running.set(false);
                    if (failure instanceof CancellationException) {
                        onCancelled.run();
                    } else {
                        onFailure.accept(failure);
                    }
                },
                () -> {
                    running.set(false);
                    onCancelled.run();
                });
        return task;
    }

    private void showDone(Window owner, Done d) {
        Path folder = d.written().folder().toAbsolutePath();
        Alert a = new Alert(Alert.AlertType.INFORMATION);
        a.initOwner(owner);
        a.setTitle("Report exported");
        a.setHeaderText("Report on " + d.report().table() + " written ("
                + d.written().files().size() + " files)");
        TextField path = new TextField(folder.toString());
        path.setEditable(false);
        path.setPrefColumnCount(48);
        Label verdict = new Label(d.report().verdict().headline());
        verdict.setWrapText(true);
        var rec = d.report().recommendation();
        Label scheme = new Label(
                rec.changes() ? "Recommended: " + rec.scheme() + " — " + rec.formula() : "No key change recommended.");
        scheme.setWrapText(true);
        a.getDialogPane()
                .setContent(new VBox(
                        8,
                        path,
                        verdict,
                        scheme,
                        new Label("Paste summary.md into the design" + " doc; its images are linked relatively.")));
        ButtonType open = new ButtonType("Open folder", ButtonBar.ButtonData.OK_DONE);
        ButtonType copy = new ButtonType("Copy path", ButtonBar.ButtonData.OTHER);
        if (d.canOpenFolder()) {
            a.getButtonTypes().setAll(open, copy, ButtonType.CLOSE);
        } else {
            a.getButtonTypes().setAll(copy, ButtonType.CLOSE);
        }
        a.getDialogPane().setId("exportReportDone");
        Theme.style(a.getDialogPane().getScene());
        a.setOnHidden(e -> {
            if (a.getResult() == open) {
                openFolder(owner, folder);
            } else if (a.getResult() == copy) {
                Fx.copy(folder.toString());
            }
        });
        a.show();
    }

    /** Opens the folder off the FX thread: AWT's Desktop may block, and must not run inside the FX event loop. */
    private void openFolder(Window owner, Path folder) {
        tasks.run(
                "Opening " + folder.getFileName(),
                ctx -> {
                    Desktop.getDesktop().open(folder.toFile());
                    return folder;
                },
                ok -> {},
                failure -> alert(
                        owner,
                        MessageBox.Kind.WARNING,
                        UserMessage.of(
                                "Could not open the folder",
                                folder + ": " + failure.getMessage(),
                                "Open it from your file manager; the path is in the clipboard.")));
        Fx.copy(folder.toString());
    }

    static boolean desktopCanOpen() {
        try {
            return !GraphicsEnvironment.isHeadless()
                    && Desktop.isDesktopSupported()
                    && Desktop.getDesktop().isSupported(Desktop.Action.OPEN);
        } catch (RuntimeException | LinkageError e) {
            return false;
        }
    }

    static UserMessage message(Throwable failure, Connection c) {
        if (failure instanceof ReportWriter.FolderException e) {
            return UserMessage.of("The report was not written", e.getMessage(), "Pick an empty folder.");
        }
        if (failure instanceof IOException e) {
            return UserMessage.of(
                    "Could not write the report",
                    e.getMessage(),
                    "Check that the folder is writable" + " and the disk has room, or pick another folder.");
        }
        if (ErrorTranslator.isTableMissing(failure)) {
            return UserMessage.of(
                    "The table is gone",
                    "It was not found at " + c.whereLabel() + ".",
                    "Refresh the table list (F5) and pick it again.");
        }
        return ErrorTranslator.translate(failure, c.spec(), "GetInsightRuleReport");
    }

    private static void alert(Window owner, MessageBox.Kind kind, UserMessage m) {
        MessageDialog.show(owner, m, kind);
    }
}
