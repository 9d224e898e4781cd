package dev.partitionscope.ui.task;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.concurrent.Task;

/**
 * Runs work as {@link Task}s on a small daemon pool; callbacks arrive on the FX thread. Running tasks are listed
 * so the status bar can show what is in progress and offer to cancel it.
 */
public final class FxTaskRunner implements TaskRunner {
    private static final System.Logger LOG = System.getLogger(FxTaskRunner.class.getName());
    private final ExecutorService pool;
    private final ObservableList<Task<?>> running = FXCollections.observableArrayList();
    private final ReadOnlyObjectWrapper<Task<?>> latest = new ReadOnlyObjectWrapper<>(this, "latest");

    public FxTaskRunner(int threads) {
        AtomicInteger counter = new AtomicInteger();
        ThreadFactory factory = r -> {
            Thread t = new Thread(r, "partitionscope-worker-" + counter.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
        this.pool = Executors.newFixedThreadPool(threads, factory);
    }

    @Override
    public <T> TaskHandle run(
            String title, Work<T> work, Consumer<T> onSuccess, Consumer<Throwable> onFailure, Runnable onCancelled) {
        WorkTask<T> task = new WorkTask<>(title, work);
        task.setOnSucceeded(e -> {
            finished(task);
            onSuccess.accept(task.getValue());
        });
        task.setOnFailed(e -> {
            finished(task);
            // Every background failure leaves a trace, whatever the screen makes of it.
            LOG.log(System.Logger.Level.WARNING, "'" + title + "' failed", task.getException());
            onFailure.accept(task.getException());
        });
        task.setOnCancelled(e -> {
            finished(task);
            onCancelled.run();
        });
        runOnFx(() -> {
            running.add(task);
            latest.set(task);
        });
        try {
            pool.execute(task);
        } catch (java.util.concurrent.RejectedExecutionException closing) {
            // The app is shutting down (the pool is closed): late work — a debounced recompute, a timer — is
            // dropped quietly rather than failing on the FX thread.
            runOnFx(() -> finished(task));
            return TaskHandle.NONE;
        }
        return new TaskHandle() {
            @Override
            public void cancel() {
                task.cancel(true);
            }

            @Override
            public boolean isCancelled() {
                return task.isCancelled();
            }

            @Override
            public boolean isDone() {
                return task.isDone();
            }
        };
    }

    private void finished(Task<?> task) {
        running.remove(task);
        if (latest.get() == task) {
            latest.set(running.isEmpty() ? null : running.get(running.size() - 1));
        }
    }

    /** Tasks in progress, observed on the FX thread. */
    public ObservableList<Task<?>> running() {
        return FXCollections.unmodifiableObservableList(running);
    }

    /** The most recently started task still running, for the status bar. */
    public ReadOnlyObjectProperty<Task<?>> latestProperty() {
        return latest.getReadOnlyProperty();
    }

    @Override
    public void shutdown() {
        pool.shutdownNow();
    }

    static void runOnFx(Runnable r) {
        if (Platform.isFxApplicationThread()) {
            r.run();
        } else {
            Platform.runLater(r);
        }
    }

    private static final class WorkTask<T> extends Task<T> implements TaskContext {
        private final Work<T> work;

        WorkTask(String title, Work<T> work) {
            this.work = work;
            updateTitle(title);
            updateMessage(title);
        }

        @Override
        protected T call() throws Exception {
            return work.call(this);
        }

        @Override
        public void progress(double fraction, String message) {
            if (fraction < 0) {
                updateProgress(-1, 1);
            } else {
                updateProgress(fraction, 1);
            }
            if (message != null) {
                updateMessage(message);
            }
        }

        @Override
        public void post(Runnable onUiThread) {
            Platform.runLater(() -> {
                if (!isCancelled()) {
                    onUiThread.run();
                }
            });
        }
    }
}
