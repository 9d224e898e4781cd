package dev.partitionscope.ui.common;

import dev.partitionscope.aws.UserMessage;
import dev.partitionscope.ui.task.TaskHandle;
import dev.partitionscope.ui.task.TaskRunner;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import javafx.scene.image.Image;

/**
 * Saves what a screen exports (CSV, PNG, Markdown, code) to the file the user chose, the one way every screen does
 * it. The caller prepares the content on the FX thread where it must (a node's snapshot, a table's text); encoding and
 * writing run on the {@link TaskRunner}, so the FX thread never waits on the disk or on ImageIO. Each file is written
 * to a temporary file in the same folder and moved over the target, so a failed write leaves neither a half file nor
 * a damaged old one. Success and failure come back on the FX thread as a {@link UserMessage} naming the file (never a
 * stack trace).
 */
public final class FileExport {

    /** Writes a file's bytes; runs on the task runner, never on the FX thread. */
    @FunctionalInterface
    public interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    /** Writes a file's text (UTF-8); runs on the task runner. */
    @FunctionalInterface
    public interface TextContent {
        void writeTo(Writer out) throws IOException;
    }

    /** One file of an export. */
    public record Output(Path path, Content content) {}

    /** A write that failed, with the file it was writing (an export may write several). */
    static final class SaveFailed extends IOException {
        private static final long serialVersionUID = 1L;
        private final transient Path path;

        SaveFailed(Path path, Throwable cause) {
            super(path + ": " + cause.getMessage(), cause);
            this.path = path;
        }

        Path path() {
            return path;
        }
    }

    private final TaskRunner tasks;

    public FileExport(TaskRunner tasks) {
        this.tasks = tasks;
    }

    // Contents

    /** Text as UTF-8. */
    public static Content text(String text) {
        return out -> out.write(text.getBytes(StandardCharsets.UTF_8));
    }

    /** Text written by {@code body} as UTF-8 (e.g. a CSV streamed row by row). */
    public static Content text(TextContent body) {
        return out -> {
            Writer w = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
            body.writeTo(w);
            w.flush();
        };
    }

    /**
     * An image as PNG. Take the image (a snapshot, a canvas export) on the FX thread and hand it here untouched: its
     * pixels are copied and encoded on the task runner.
     */
    public static Content png(Image image) {
        return out -> Png.write(image, out);
    }

    // Saving

    /**
     * Writes one file in the background and shows the outcome in {@code box}: "Saved name" (information) or what
     * failed (error). Returns at once.
     */
    public TaskHandle save(Path path, Content content, MessageBox box) {
        return save(
                path,
                content,
                written -> box.show(saved(written), MessageBox.Kind.INFO),
                failed -> box.show(failed, MessageBox.Kind.ERROR));
    }

    /** Writes several files as {@link #save(List, Consumer, Consumer)} and shows the outcome in {@code box}. */
    public TaskHandle save(List<Output> outputs, MessageBox box) {
        return save(
                outputs,
                written -> box.show(saved(written), MessageBox.Kind.INFO),
                failed -> box.show(failed, MessageBox.Kind.ERROR));
    }

    /** Writes one file in the background; exactly one callback runs, on the FX thread. Returns at once. */
    public TaskHandle save(Path path, Content content, Consumer<Path> onSaved, Consumer<UserMessage> onFailed) {
        return save(List.of(new Output(path, content)), written -> onSaved.accept(path), onFailed);
    }

    /**
     * Writes several files in order in the background (code and its reader modules); each is atomic, and the first
     * that fails stops the rest and is the one the message names. Returns at once.
     */
    public TaskHandle save(List<Output> outputs, Consumer<List<Path>> onSaved, Consumer<UserMessage> onFailed) {
        List<Output> all = List.copyOf(outputs);
        if (all.isEmpty()) {
            throw new IllegalArgumentException("nothing to save");
        }
        Path first = all.get(0).path();
        String title = "Saving " + first.getFileName() + (all.size() > 1 ? " and " + (all.size() - 1) + " more" : "");
        return tasks.run(
                title,
                ctx -> {
                    List<Path> written = new ArrayList<>();
                    for (Output o : all) {
                        if (ctx.isCancelled()) {
                            break;
                        }
                        try {
                            writeAtomically(o.path(), o.content());
                        } catch (IOException | RuntimeException e) {
                            throw new SaveFailed(o.path(), e);
                        }
                        written.add(o.path());
                    }
                    return List.copyOf(written);
                },
                onSaved,
                error -> onFailed.accept(
                        error instanceof SaveFailed f ? failure(f.path(), f.getCause()) : failure(first, error)),
                () -> onFailed.accept(UserMessage.of(
                        "Not saved: cancelled",
                        first.toString(),
                        "A file being written when you cancelled was left as it was; export again to save it.")));
    }

    /**
     * Writes {@code content} to a temporary file beside {@code path} and moves it over {@code path}: readers see the
     * old file or the whole new one, and a failure removes the temporary file and leaves the old one as it was.
     */
    public static void writeAtomically(Path path, Content content) throws IOException {
        Path target = path.toAbsolutePath();
        if (Files.isDirectory(target)) {
            // Checked first: a move with REPLACE_EXISTING would replace an empty folder by the file.
            throw new FileSystemException(target.toString(), null, "it is a folder");
        }
        Path dir = target.getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            throw new NoSuchFileException(String.valueOf(dir), null, "the folder does not exist");
        }
        Path tmp = Files.createTempFile(dir, "." + target.getFileName() + ".", ".tmp");
        try {
            try (OutputStream out = Files.newOutputStream(tmp)) {
                content.writeTo(out);
            }
            try {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    // Messages

    /** What a screen shows after a save: the file's name, and where it went. */
    public static UserMessage saved(Path path) {
        return UserMessage.of(
                "Saved " + path.getFileName(), path.toAbsolutePath().toString(), null);
    }

    /** What a screen shows after saving several files: their names, and the folder of the first. */
    public static UserMessage saved(List<Path> paths) {
        if (paths.size() == 1) {
            return saved(paths.get(0));
        }
        List<String> names =
                paths.stream().map(p -> String.valueOf(p.getFileName())).toList();
        Path dir = paths.isEmpty() ? null : paths.get(0).toAbsolutePath().getParent();
        return UserMessage.of("Saved " + String.join(", ", names), dir == null ? "" : "in " + dir, null);
    }

    /** What a screen shows when a save failed: which file, where, why, and what to do. Never a stack trace. */
    public static UserMessage failure(Path path, Throwable error) {
        return UserMessage.of(
                "Could not save " + path.getFileName(),
                path.toAbsolutePath() + ": " + reason(error) + ". Any file already there was left as it was.",
                "Pick another folder or file name, or check that the folder is writable and the disk has room.");
    }

    /** The cause in words: the file system's reason without the file names it repeats, else the message. */
    public static String reason(Throwable error) {
        if (error instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (error instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        if (error instanceof NoSuchFileException) {
            return "the folder does not exist";
        }
        String m = error.getMessage();
        return m == null || m.isBlank() ? error.getClass().getSimpleName() : m;
    }
}
