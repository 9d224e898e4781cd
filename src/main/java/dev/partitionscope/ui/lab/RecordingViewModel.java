package dev.partitionscope.ui.lab;

import com.fasterxml.jackson.databind.JsonNode;
import dev.partitionscope.aws.Connection;
import dev.partitionscope.lab.Lab;
import dev.partitionscope.lab.LabHost;
import dev.partitionscope.lab.recording.Recording;
import dev.partitionscope.ui.session.Session;
import dev.partitionscope.ui.task.TaskHandle;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * Recordings on the Lab screen: save the Lab the screen shows to a file, open a file and show it (served on its own
 * port, the app connected to it). Both run on the app's task runner; the file comes from the view, which asks the
 * user. Every outcome is one sentence in {@link #noteProperty()}: what was saved or opened, or why not — never an
 * exception. All methods run on the UI thread.
 */
public final class RecordingViewModel {
    /** The file type of recordings. */
    public static final String EXTENSION = "psrec";

    private static final DateTimeFormatter NAME_TIME = DateTimeFormatter.ofPattern("yyyyMMdd-HHmm", Locale.ROOT);

    /** What the note says: work in progress, a result, or a failure. */
    public enum Kind {
        BUSY,
        DONE,
        ERROR
    }

    /** One sentence for the user. */
    public record Note(Kind kind, String text) {}

    /** An opened recording, served: where, which tables it holds, and the view it was saved at (or null). */
    private record Opened(LabReplays.Replay replay, String region, List<String> tables, JsonNode view) {}

    /**
     * What the app does around a save or an open, wherever it was asked for (this screen's menu, the File menu, a
     * dropped file): the view saved with a recording, the view restored once one is open, the recent-files list.
     */
    public interface Hooks {
        /** The view to save with the recording; asked on the UI thread when the save starts. Null: none. */
        default JsonNode view() {
            return null;
        }

        default void saved(Path file) {}

        /** The recording is served at {@code endpoint} and the app connects to it; {@code view} may be null. */
        default void opened(Path file, String endpoint, JsonNode view) {}

        /**
         * Saving or opening {@code file} failed.
         *
         * @param saving  true for a save, false for an open
         * @param reason  why, for the user (a recording's own problems name the file)
         */
        default void failed(Path file, boolean saving, String reason) {}
    }

    private final Session main;
    private final LabHost labHost;
    private final LabReplays replays;

    // Properties
    private final ReadOnlyObjectWrapper<Note> note = new ReadOnlyObjectWrapper<>(this, "note");
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(this, "busy");
    private final ReadOnlyStringWrapper saveUnavailable = new ReadOnlyStringWrapper(this, "saveUnavailable", "");
    private final ReadOnlyBooleanWrapper canSave = new ReadOnlyBooleanWrapper(this, "canSave");

    private TaskHandle task = TaskHandle.NONE;
    private Hooks hooks = new Hooks() {};

    RecordingViewModel(Session main, LabHost labHost, LabReplays replays) {
        this.main = main;
        this.labHost = labHost;
        this.replays = replays;
        main.connectionProperty().addListener((obs, old, now) -> updateActions());
        busy.addListener((obs, old, now) -> updateActions());
        updateActions();
    }

    /** Set once by the window. */
    public void setHooks(Hooks hooks) {
        this.hooks = hooks;
    }

    // Commands

    /**
     * Saves the Lab the screen shows to {@code file} in the background ({@code .psrec} is added to a name without
     * an extension).
     */
    public void save(Path file) {
        Optional<Lab> lab = shownLab();
        if (busy.get() || lab.isEmpty() || !canSave.get()) {
            return;
        }
        Path target = withExtension(file);
        String name = target.getFileName().toString();
        Lab l = lab.get();
        JsonNode view = hooks.view();
        begin("Saving " + name + "…");
        task = main.tasks()
                .run(
                        "Saving recording " + name,
                        ctx -> Recording.save(l, target, view),
                        saved -> {
                            busy.set(false);
                            hooks.saved(target);
                            note.set(new Note(
                                    Kind.DONE,
                                    "Saved " + name + " — " + tables(saved)
                                            + (saved.itemsTruncated()
                                                    ? " (items beyond " + String.format("%,d", Recording.MAX_ITEMS)
                                                            + " were left out; the metrics" + " are complete)"
                                                    : "")
                                            + "."));
                        },
                        error -> {
                            busy.set(false);
                            String why = reason(error, target);
                            note.set(new Note(Kind.ERROR, "Could not save " + name + ": " + why));
                            hooks.failed(target, true, why);
                        },
                        () -> {
                            busy.set(false);
                            note.set(new Note(Kind.DONE, "Saving " + name + " was cancelled."));
                        });
    }

    /** Opens a recording in the background, serves it and connects the app to it. */
    public void open(Path file) {
        if (busy.get()) {
            return;
        }
        String name = file.getFileName().toString();
        String shown = main.selectedTableProperty().get();
        begin("Opening " + name + "…");
        task = main.tasks()
                .run(
                        "Opening recording " + name,
                        ctx -> {
                            Recording.Opened read = Recording.open(file);
                            Lab lab = read.lab();
                            if (ctx.isCancelled()) {
                                return null; // nothing served yet: the loaded Lab has no threads and no port
                            }
                            LabReplays.Replay replay = new LabReplays.Replay(
                                    LabReplays.Kind.RECORDING,
                                    labHost.serve(lab),
                                    name,
                                    lab.clock().epochMillis());
                            return new Opened(
                                    replay,
                                    lab.region(),
                                    List.copyOf(lab.engine().tablesByName().keySet()),
                                    read.view());
                        },
                        opened -> {
                            busy.set(false);
                            if (opened == null) {
                                return;
                            }
                            note.set(new Note(
                                    Kind.DONE,
                                    "Opened " + name + ". Its clock stands at the moment it was saved; Back to"
                                            + " live Lab returns to the Lab that runs."));
                            // The table of the view it was saved at; else the table shown before, when the recording
                            // has it; else
                            // its only table.
                            List<String> show = new ArrayList<>();
                            if (opened.view() != null && opened.view().hasNonNull("table")) {
                                show.add(opened.view().path("table").asText());
                            }
                            if (shown != null) {
                                show.add(shown);
                            }
                            if (opened.tables().size() == 1) {
                                show.add(opened.tables().get(0));
                            }
                            replays.connect(opened.replay(), opened.region(), show);
                            hooks.opened(file, opened.replay().endpoint(), opened.view());
                        },
                        error -> {
                            busy.set(false);
                            // A recording's own problems name the file already.
                            boolean own = error instanceof Recording.RecordingException;
                            String why = reason(error, file);
                            note.set(new Note(
                                    Kind.ERROR,
                                    own
                                            ? "Could not open the recording: " + why
                                            : "Could not open " + name + ": " + why));
                            hooks.failed(file, false, why);
                        },
                        () -> {
                            busy.set(false);
                            note.set(new Note(Kind.DONE, "Opening " + name + " was cancelled."));
                        });
    }

    /** Cancels the save or open in progress. */
    public void cancel() {
        if (busy.get()) {
            task.cancel();
            busy.set(false);
        }
    }

    public void dismissNote() {
        if (!busy.get()) {
            note.set(null);
        }
    }

    /** {@code lab-order-status-index-20260622-1000.psrec}: the table shown and where the Lab's clock stands. */
    public String suggestedName() {
        String table = main.selectedTableProperty().get();
        long at = shownLab().map(l -> l.clock().epochMillis()).orElseGet(System::currentTimeMillis);
        String time = NAME_TIME.withZone(ZoneId.systemDefault()).format(Instant.ofEpochMilli(at));
        String part = table == null ? "" : table.replaceAll("[^A-Za-z0-9._-]", "_") + "-";
        return "lab-" + part + time + "." + EXTENSION;
    }

    // Internals

    private void begin(String text) {
        task.cancel();
        busy.set(true);
        note.set(new Note(Kind.BUSY, text));
    }

    private void updateActions() {
        Connection c = main.getConnection();
        Optional<Lab> lab = shownLab();
        String reason;
        if (lab.isEmpty()) {
            reason = "Connect to the Lab first: a recording holds a Lab's tables and metrics.";
        } else if (lab.get().options().upstream() != null) {
            reason = "This Lab is a proxy: its tables live in "
                    + (c.upstream() == null ? "the engine behind it" : c.upstream())
                    + ", and a recording holds the Lab's own tables. Run the workload in the"
                    + " built-in Lab to record it.";
        } else {
            reason = "";
        }
        saveUnavailable.set(reason);
        canSave.set(reason.isEmpty() && !busy.get());
    }

    private Optional<Lab> shownLab() {
        Connection c = main.getConnection();
        return c == null ? Optional.empty() : labHost.forEndpoint(c.spec().endpoint());
    }

    static Path withExtension(Path file) {
        String name = file.getFileName().toString();
        return name.contains(".") ? file : file.resolveSibling(name + "." + EXTENSION);
    }

    private static String tables(Recording.Summary s) {
        return s.tables().isEmpty()
                ? "no tables"
                : (s.tables().size() == 1 ? "table " : "tables ") + String.join(", ", s.tables());
    }

    /** The cause as the user can act on it; a recording's own problems already name the file. */
    private static String reason(Throwable error, Path file) {
        if (error instanceof Recording.RecordingException e) {
            return e.getMessage();
        }
        if (error instanceof java.io.UncheckedIOException u) {
            error = u.getCause();
        }
        if (error instanceof java.nio.file.FileAlreadyExistsException f && f.getFile() != null) {
            return f.getFile() + " is a file, not a folder. Choose a folder to save in.";
        }
        if (error instanceof AccessDeniedException) {
            return "no permission to write there (" + file.toAbsolutePath().getParent() + "). Choose another folder.";
        }
        if (error instanceof NoSuchFileException) {
            return "the folder " + file.toAbsolutePath().getParent() + " does not exist.";
        }
        if (error instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason() + ".";
        }
        if (error instanceof IOException) {
            return error.getMessage() == null ? "the file could not be written." : error.getMessage() + ".";
        }
        return error.getMessage() == null ? error.getClass().getSimpleName() : error.getMessage();
    }

    // Accessors

    /** What happened last (or is happening); null when there is nothing to say. */
    public ReadOnlyObjectProperty<Note> noteProperty() {
        return note.getReadOnlyProperty();
    }

    /** A save or an open is running. */
    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty canSaveProperty() {
        return canSave.getReadOnlyProperty();
    }

    /** Why the Lab shown cannot be saved; empty when it can. */
    public ReadOnlyStringProperty saveUnavailableProperty() {
        return saveUnavailable.getReadOnlyProperty();
    }
}
