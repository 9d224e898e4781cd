package dev.partitionscope.ui.shell.files;

import com.fasterxml.jackson.databind.JsonNode;
import dev.partitionscope.aws.Connection;
import dev.partitionscope.aws.ConnectionSpec;
import dev.partitionscope.aws.UserMessage;
import dev.partitionscope.aws.snapshot.Snapshot;
import dev.partitionscope.core.view.ViewState;
import dev.partitionscope.lab.Lab;
import dev.partitionscope.ui.common.FileDialogs;
import dev.partitionscope.ui.lab.RecordingViewModel;
import dev.partitionscope.ui.session.Screen;
import dev.partitionscope.ui.shell.MainViewModel;
import dev.partitionscope.ui.shell.Screens;
import dev.partitionscope.ui.shell.ShellServices;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.Supplier;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.stage.Window;

/**
 * The File menu's commands, whatever screen shows: open a recording or snapshot (menu, Ctrl+O, a dropped file, a
 * recent file) and reopen it at the view it was saved at; save the Lab shown as a recording, or a live endpoint's
 * view as a snapshot; keep the recent files. File work runs on the task runner; every failure is one message in a
 * dialog, never a stack trace. Recordings go through the Lab screen's {@link RecordingViewModel}, so its REPLAY
 * banner and its note tell the same story whichever way a recording was opened.
 */
public final class FileActions {
    /** What File ▸ Open accepts. */
    static final FileDialogs.Type OPEN_TYPE = new FileDialogs.Type(
            "PartitionScope recording or snapshot", RecordingViewModel.EXTENSION, List.of(Snapshot.EXTENSION));

    static final FileDialogs.Type RECORDING_TYPE =
            new FileDialogs.Type("PartitionScope Lab recording", RecordingViewModel.EXTENSION);
    static final FileDialogs.Type SNAPSHOT_TYPE = new FileDialogs.Type("PartitionScope snapshot", Snapshot.EXTENSION);

    private final ShellServices services;
    private final MainViewModel main;
    private final Screens screens;
    private final Supplier<Window> owner;
    private final RecentFiles recent;
    private final SnapshotFiles snapshots;
    private final ViewRestorer restorer;
    private final SnapshotDialog.Prompt prompt;
    private final Consumer<UserMessage> show;

    // Properties
    private final ReadOnlyBooleanWrapper canSaveRecording = new ReadOnlyBooleanWrapper(this, "canSaveRecording");
    private final ReadOnlyBooleanWrapper canSaveSnapshot = new ReadOnlyBooleanWrapper(this, "canSaveSnapshot");
    private final ReadOnlyObjectWrapper<UserMessage> problem = new ReadOnlyObjectWrapper<>(this, "problem");

    private boolean hooked;

    /**
     * @param prompt asks what a snapshot includes (a dialog; tests answer directly)
     * @param show   shows a problem to the user (a dialog)
     */
    FileActions(
            ShellServices services,
            Screens screens,
            Supplier<Window> owner,
            SnapshotDialog.Prompt prompt,
            Consumer<UserMessage> show) {
        this.services = services;
        this.main = services.main();
        this.screens = screens;
        this.owner = owner;
        this.prompt = prompt;
        this.show = show;
        this.recent = new RecentFiles(services.settings(), services.saveSettings());
        this.snapshots = new SnapshotFiles(main, screens, services.profiles());
        this.restorer = new ViewRestorer(
                main,
                screens,
                text -> report(
                        UserMessage.of("The view could not be" + " restored", text, "Pick the table in the top bar.")));
        main.connectionProperty().addListener((obs, old, now) -> updateActions());
        // The Lab screen saves and opens recordings itself too: the view and the recent files go with them.
        main.screenProperty().addListener((obs, old, now) -> {
            if (now == Screen.LAB) {
                recordings();
            }
        });
        if (main.screenProperty().get() == Screen.LAB) {
            recordings();
        }
        updateActions();
    }

    /** The window's actions with the app's own dialogs. */
    public FileActions(ShellServices services, Screens screens, Supplier<Window> owner, Consumer<UserMessage> show) {
        this(services, screens, owner, SnapshotDialog::ask, show);
    }

    // Commands

    /** Asks for a file and opens it. */
    public void open() {
        services.files()
                .openFile(owner.get(), "Open a recording or snapshot", OPEN_TYPE)
                .ifPresent(this::open);
    }

    /** Opens a recording or snapshot at the view it was saved at; anything else is refused with a message. */
    public void open(Path file) {
        String name = String.valueOf(file.getFileName());
        main.tasks()
                .run(
                        "Opening " + name,
                        ctx -> FileKind.of(file),
                        kind -> {
                            if (kind == FileKind.RECORDING) {
                                recordings().open(file);
                            } else {
                                openSnapshot(file);
                            }
                        },
                        error -> {
                            recent.remove(file);
                            report(UserMessage.of(
                                    "Could not open " + name,
                                    error instanceof FileKind.NotOurs n
                                            ? n.getMessage()
                                            : String.valueOf(error.getMessage()),
                                    "Open a .psrec recording or a .pssnap snapshot."));
                        });
    }

    /** Asks where and saves the Lab shown as a recording, at this view. */
    public void saveRecording() {
        if (canSaveRecording.get()) {
            RecordingViewModel vm = recordings();
            services.files()
                    .saveFile(owner.get(), "Save the Lab as a recording", vm.suggestedName(), RECORDING_TYPE)
                    .ifPresent(vm::save);
        }
    }

    public void saveRecording(Path file) {
        if (canSaveRecording.get()) {
            recordings().save(file);
        }
    }

    /** Asks what to include and where, and saves a snapshot of this view. */
    public void saveSnapshot() {
        Connection c = main.getConnection();
        if (!canSaveSnapshot.get() || c == null) {
            return;
        }
        int items = c.exchanges().orElseThrow().itemExchanges();
        prompt.ask(owner.get(), snapshots.summary(c), items).ifPresent(withItems -> services.files()
                .saveFile(owner.get(), "Save a snapshot of this view", suggestedSnapshotName(), SNAPSHOT_TYPE)
                .ifPresent(file -> saveSnapshot(file, withItems)));
    }

    /** Saves a snapshot of this view; item contents only when {@code itemContents}. */
    public void saveSnapshot(Path file, boolean itemContents) {
        Connection c = main.getConnection();
        if (!canSaveSnapshot.get() || c == null) {
            return;
        }
        Path target = file.getFileName().toString().contains(".")
                ? file
                : file.resolveSibling(file.getFileName() + "." + Snapshot.EXTENSION);
        Snapshot.Contents contents = snapshots.take(c, itemContents);
        String name = target.getFileName().toString();
        main.tasks()
                .run(
                        "Saving snapshot " + name,
                        ctx -> {
                            Snapshot.save(contents, target);
                            return target;
                        },
                        recent::add,
                        error -> report(UserMessage.of(
                                "Could not save " + name,
                                Files.isDirectory(target)
                                        ? target + " is a folder."
                                        : String.valueOf(error.getMessage()),
                                "Choose another folder or name.")));
    }

    /**
     * Opens a recent file; one that has gone is removed from the list, with a message. Whether it is still there is
     * asked off the UI thread: a file on a network share that does not answer must not freeze the window.
     */
    public void openRecent(Path file) {
        main.tasks()
                .run(
                        "Opening " + file.getFileName(),
                        ctx -> Files.exists(file),
                        there -> {
                            if (there) {
                                open(file);
                                return;
                            }
                            recent.remove(file);
                            report(UserMessage.of(
                                    "Could not open " + file.getFileName(),
                                    file.getFileName() + " is no longer at "
                                            + file.toAbsolutePath().getParent() + ". It was removed from Recent files.",
                                    "Open it from where it is now (Ctrl+O), or drop it on the window."));
                        },
                        error -> open(file)); // could not tell: opening says what is wrong with it
    }

    /** Recordings and snapshots opened or saved lately, newest first. */
    public List<Path> recentFiles() {
        return recent.list();
    }

    /**
     * Which of {@code files} are no longer there, asked off the UI thread (the File menu lists the recent files at
     * once and marks the missing ones when this answers); {@code missing} is called on the UI thread.
     */
    public void findMissing(List<Path> files, Consumer<Set<Path>> missing) {
        if (files.isEmpty()) {
            return;
        }
        main.tasks()
                .run(
                        "Checking recent files",
                        ctx -> {
                            Set<Path> gone = new HashSet<>();
                            for (Path f : files) {
                                if (ctx.isCancelled()) {
                                    break;
                                }
                                if (!Files.exists(f)) {
                                    gone.add(f);
                                }
                            }
                            return gone;
                        },
                        missing,
                        error -> {}); // nothing marked: choosing a file still says if it is gone
    }

    // Internals

    /** The Lab screen's recordings, with this window's hooks (installed once, when first needed). */
    private RecordingViewModel recordings() {
        RecordingViewModel vm = screens.lab().recordings();
        if (!hooked) {
            hooked = true;
            vm.setHooks(new RecordingViewModel.Hooks() {
                @Override
                public JsonNode view() {
                    return ViewStates.toJson(ViewStates.capture(main, screens));
                }

                @Override
                public void saved(Path file) {
                    recent.add(file);
                }

                @Override
                public void opened(Path file, String endpoint, JsonNode json) {
                    recent.add(file);
                    ViewState view = ViewStates.fromJson(json);
                    if (view == null) {
                        main.screenProperty().set(Screen.LAB); // a file from before views: as it always opened
                    } else {
                        restorer.restore(view, c -> endpoint.equals(c.spec().endpoint()));
                    }
                }

                @Override
                public void failed(Path file, boolean saving, String reason) {
                    if (!saving) {
                        recent.remove(file);
                    }
                    if (main.screenProperty().get() != Screen.LAB) { // the Lab screen says it in its note
                        report(UserMessage.of(
                                "Could not " + (saving ? "save " : "open ") + file.getFileName(),
                                reason,
                                saving ? "Choose another folder or name." : "Open another file."));
                    }
                }
            });
        }
        return vm;
    }

    private void openSnapshot(Path file) {
        String name = file.getFileName().toString();
        main.tasks()
                .run(
                        "Opening snapshot " + name,
                        ctx -> Snapshot.load(file),
                        contents -> {
                            recent.add(file);
                            ConnectionSpec spec = snapshots.connect(file, contents);
                            ViewState view = ViewStates.fromJson(contents.view());
                            if (view != null) {
                                // This snapshot's connection, not another with an equal spec.
                                @SuppressWarnings("ReferenceEquality")
                                Predicate<Connection> thisSnapshot = c -> c.spec() == spec;
                                restorer.restore(
                                        view,
                                        thisSnapshot,
                                        snapshots
                                                .savedAudit(contents, view, name, this::report)
                                                .<Runnable>map(audit ->
                                                        () -> screens.audit().showSaved(audit, name))
                                                .orElse(null));
                            }
                        },
                        error -> {
                            recent.remove(file);
                            report(UserMessage.of(
                                    "Could not open " + name,
                                    String.valueOf(error.getMessage()),
                                    "Open another file."));
                        });
    }

    private String suggestedSnapshotName() {
        String table = main.selectedTableProperty().get();
        String time = java.time.format.DateTimeFormatter.ofPattern("yyyyMMdd-HHmm", java.util.Locale.ROOT)
                .withZone(java.time.ZoneId.systemDefault())
                .format(java.time.Instant.now());
        return "snapshot-" + (table == null ? "" : table.replaceAll("[^A-Za-z0-9._-]", "_") + "-") + time + "."
                + Snapshot.EXTENSION;
    }

    private void updateActions() {
        Connection c = main.getConnection();
        Optional<Lab> lab = c == null
                ? Optional.empty()
                : services.labHost().forEndpoint(c.spec().endpoint());
        boolean labBacked = lab.isPresent() && lab.get().options().upstream() == null;
        canSaveRecording.set(labBacked);
        canSaveSnapshot.set(c != null && !labBacked && c.exchanges().isPresent());
    }

    private void report(UserMessage m) {
        problem.set(m);
        show.accept(m);
    }

    // Accessors

    /** The Lab shown can be saved as a recording (the built-in Lab, a fast-forwarded run, a replay). */
    public ReadOnlyBooleanProperty canSaveRecordingProperty() {
        return canSaveRecording.getReadOnlyProperty();
    }

    /** The connection is a live endpoint (AWS, LocalStack, custom) or a snapshot: a snapshot can be saved. */
    public ReadOnlyBooleanProperty canSaveSnapshotProperty() {
        return canSaveSnapshot.getReadOnlyProperty();
    }

    /** The last problem reported (also shown in a dialog); null before any. */
    public ReadOnlyObjectProperty<UserMessage> problemProperty() {
        return problem.getReadOnlyProperty();
    }

    /** A restore of a saved view is waiting for its connection, table or heatmap. */
    public ReadOnlyBooleanProperty restoringProperty() {
        return restorer.restoringProperty();
    }
}
