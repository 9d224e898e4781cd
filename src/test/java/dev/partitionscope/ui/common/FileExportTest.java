package dev.partitionscope.ui.common;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.aws.UserMessage;
import dev.partitionscope.ui.task.DirectTaskRunner;
import dev.partitionscope.ui.task.TaskContext;
import dev.partitionscope.ui.task.TaskHandle;
import dev.partitionscope.ui.task.TaskRunner;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The one way screens save exports: the write runs on the task runner, not the caller's thread; it is atomic (a
 * failure leaves the old file whole and no temporary file); a failure is a message naming the file, never a trace.
 */
class FileExportTest {
    @TempDir
    Path dir;

    private final AtomicReference<Path> saved = new AtomicReference<>();
    private final AtomicReference<UserMessage> failed = new AtomicReference<>();

    /** Holds work until {@link #runPending()}, which runs it on a thread of its own and the callbacks on the caller. */
    private static final class HeldRunner implements TaskRunner {
        private final List<Runnable> pending = new ArrayList<>();

        @Override
        public <T> TaskHandle run(
                String title,
                Work<T> work,
                Consumer<T> onSuccess,
                Consumer<Throwable> onFailure,
                Runnable onCancelled) {
            pending.add(() -> {
                AtomicReference<T> result = new AtomicReference<>();
                AtomicReference<Throwable> error = new AtomicReference<>();
                Thread worker = new Thread(
                        () -> {
                            try {
                                result.set(work.call(CONTEXT));
                            } catch (Exception | Error e) {
                                error.set(e);
                            }
                        },
                        "held-worker");
                worker.start();
                try {
                    worker.join();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException(e);
                }
                if (error.get() == null) {
                    onSuccess.accept(result.get());
                } else {
                    onFailure.accept(error.get());
                }
            });
            return TaskHandle.NONE;
        }

        void runPending() {
            List<Runnable> now = List.copyOf(pending);
            pending.clear();
            now.forEach(Runnable::run);
        }
    }

    private static final TaskContext CONTEXT = new TaskContext() {
        @Override
        public boolean isCancelled() {
            return false;
        }

        @Override
        public void progress(double fraction, String message) {}

        @Override
        public void post(Runnable onUiThread) {
            onUiThread.run();
        }
    };

    private List<String> filesIn(Path folder) throws IOException {
        try (Stream<Path> s = Files.list(folder)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void theWriteRunsOnTheRunnerNotOnTheCallersThread() throws Exception {
        HeldRunner runner = new HeldRunner();
        Path file = dir.resolve("top-keys.csv");
        AtomicReference<String> writtenOn = new AtomicReference<>();

        new FileExport(runner)
                .save(
                        file,
                        out -> {
                            writtenOn.set(Thread.currentThread().getName());
                            FileExport.text("key,share\nA,50\n").writeTo(out);
                        },
                        saved::set,
                        failed::set);

        // save returned without writing: the caller (the FX thread in the app) never waits on the disk.
        assertThat(file).doesNotExist();
        assertThat(writtenOn.get()).isNull();
        assertThat(saved.get()).isNull();

        runner.runPending();
        assertThat(writtenOn.get()).isEqualTo("held-worker");
        assertThat(Files.readString(file)).isEqualTo("key,share\nA,50\n");
        assertThat(saved.get()).isEqualTo(file);
        assertThat(failed.get()).isNull();
        assertThat(filesIn(dir)).containsExactly("top-keys.csv");
        UserMessage ok = FileExport.saved(file);
        assertThat(ok.headline()).isEqualTo("Saved top-keys.csv");
        assertThat(ok.detail()).isEqualTo(file.toAbsolutePath().toString());
    }

    @Test
    void aCancelledSaveSaysSoAndLeavesTheOldFile() throws Exception {
        Path file = dir.resolve("design.md");
        Files.writeString(file, "the old design\n");
        TaskRunner cancelledAtOnce = new TaskRunner() {
            @Override
            public <T> TaskHandle run(
                    String title,
                    Work<T> work,
                    Consumer<T> onSuccess,
                    Consumer<Throwable> onFailure,
                    Runnable onCancelled) {
                onCancelled.run(); // the status bar's Cancel before the work started
                return TaskHandle.NONE;
            }
        };

        new FileExport(cancelledAtOnce).save(file, FileExport.text("# new\n"), saved::set, failed::set);

        assertThat(saved.get()).isNull();
        assertThat(failed.get()).isNotNull();
        assertThat(failed.get().headline()).isEqualTo("Not saved: cancelled");
        assertThat(failed.get().detail()).isEqualTo(file.toString());
        assertThat(Files.readString(file)).isEqualTo("the old design\n");
    }

    @Test
    void aWriteThatFailsHalfWayLeavesTheOldFileWholeAndNoTemporaryFile() throws Exception {
        Path file = dir.resolve("metrics-orders.csv");
        Files.writeString(file, "the old export\n");

        new FileExport(new DirectTaskRunner())
                .save(
                        file,
                        out -> {
                            out.write("half a new exp".getBytes(StandardCharsets.UTF_8));
                            throw new IOException("No space left on device");
                        },
                        saved::set,
                        failed::set);

        assertThat(saved.get()).isNull();
        assertThat(Files.readString(file)).isEqualTo("the old export\n");
        assertThat(filesIn(dir)).containsExactly("metrics-orders.csv");
        UserMessage m = failed.get();
        assertThat(m.headline()).isEqualTo("Could not save metrics-orders.csv");
        assertThat(m.detail())
                .startsWith(file.toAbsolutePath() + ": No space left on device")
                .contains("left as it was");
        assertThat(m.hint()).contains("another folder");
        assertThat(m.asText()).doesNotContain("Exception").doesNotContain("\tat ");
    }

    @Test
    void aSuccessfulWriteReplacesTheOldFileWhole() throws Exception {
        Path file = dir.resolve("audit.md");
        Files.writeString(file, "a much longer old audit that must not leave a tail behind\n");

        new FileExport(new DirectTaskRunner()).save(file, FileExport.text("# new\n"), saved::set, failed::set);

        assertThat(failed.get()).isNull();
        assertThat(Files.readString(file)).isEqualTo("# new\n");
        assertThat(filesIn(dir)).containsExactly("audit.md");
    }

    @Test
    void aFolderAtThePathIsRefusedAndKeptWithAMessageNamingThePath() throws Exception {
        Path folder = Files.createDirectory(dir.resolve("heat.png"));

        new FileExport(new DirectTaskRunner()).save(folder, FileExport.text("x"), saved::set, failed::set);

        assertThat(saved.get()).isNull();
        assertThat(folder).isDirectory();
        assertThat(filesIn(folder)).isEmpty();
        assertThat(filesIn(dir)).containsExactly("heat.png");
        assertThat(failed.get().headline()).isEqualTo("Could not save heat.png");
        assertThat(failed.get().detail()).startsWith(folder.toAbsolutePath() + ": it is a folder.");
    }

    @Test
    void aMissingFolderIsNamed() {
        Path file = dir.resolve("gone").resolve("scatter.csv");

        new FileExport(new DirectTaskRunner()).save(file, FileExport.text("x"), saved::set, failed::set);

        assertThat(file).doesNotExist();
        assertThat(failed.get().detail()).startsWith(file.toAbsolutePath() + ": the folder does not exist.");
    }

    @Test
    void ofSeveralFilesTheFirstThatFailsIsNamedAndThoseBeforeItAreWritten() throws Exception {
        Path keys = dir.resolve("keys.py");
        Path reader = Files.createDirectory(dir.resolve("reader.py"));
        AtomicReference<List<Path>> all = new AtomicReference<>();

        new FileExport(new DirectTaskRunner())
                .save(
                        List.of(
                                new FileExport.Output(keys, FileExport.text("SHARDS = 8\n")),
                                new FileExport.Output(reader, FileExport.text("def read(): ...\n"))),
                        all::set,
                        failed::set);

        assertThat(all.get()).isNull();
        assertThat(Files.readString(keys)).isEqualTo("SHARDS = 8\n");
        assertThat(failed.get().headline()).isEqualTo("Could not save reader.py");
        assertThat(failed.get().detail()).startsWith(reader.toAbsolutePath() + ": it is a folder");
    }

    @Test
    void textStreamedThroughAWriterIsUtf8() throws Exception {
        Path file = dir.resolve("heat.csv");

        new FileExport(new DirectTaskRunner())
                .save(file, FileExport.text(w -> w.append("clé,µ\n")), saved::set, failed::set);

        assertThat(failed.get()).isNull();
        assertThat(Files.readAllBytes(file)).isEqualTo("clé,µ\n".getBytes(StandardCharsets.UTF_8));
    }
}
