package dev.partitionscope.ui.lab;

import dev.partitionscope.ui.task.TaskContext;
import dev.partitionscope.ui.task.TaskHandle;
import dev.partitionscope.ui.task.TaskRunner;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * Runs work on its own thread, like the app's runner, and queues the callbacks for the test's thread, which plays the
 * UI thread: {@link #pumpUntil} runs them. A cancel delivers {@code onCancelled} at once (as a JavaFX task does) and
 * drops the work's result. For ViewModel tests that must act while background work runs (cancelling it).
 */
final class QueuedTaskRunner implements TaskRunner {
    private final BlockingQueue<Runnable> ui = new LinkedBlockingQueue<>();

    @Override
    public <T> TaskHandle run(
            String title, Work<T> work, Consumer<T> onSuccess, Consumer<Throwable> onFailure, Runnable onCancelled) {
        AtomicBoolean cancelled = new AtomicBoolean();
        AtomicBoolean done = new AtomicBoolean();
        TaskContext context = new TaskContext() {
            @Override
            public boolean isCancelled() {
                return cancelled.get();
            }

            @Override
            public void progress(double fraction, String message) {}

            @Override
            public void post(Runnable onUiThread) {
                ui.add(() -> {
                    if (!cancelled.get()) {
                        onUiThread.run();
                    }
                });
            }
        };
        Thread thread = new Thread(
                () -> {
                    try {
                        T result = work.call(context);
                        ui.add(() -> {
                            if (!cancelled.get()) {
                                done.set(true);
                                onSuccess.accept(result);
                            }
                        });
                    } catch (Throwable e) {
                        ui.add(() -> {
                            if (!cancelled.get()) {
                                done.set(true);
                                onFailure.accept(e);
                            }
                        });
                    }
                },
                "test-task-" + title);
        thread.setDaemon(true);
        thread.start();
        return new TaskHandle() {
            @Override
            public void cancel() {
                if (!done.get() && cancelled.compareAndSet(false, true)) {
                    ui.add(onCancelled);
                }
            }

            @Override
            public boolean isCancelled() {
                return cancelled.get();
            }

            @Override
            public boolean isDone() {
                return done.get() || cancelled.get();
            }
        };
    }

    /** Runs queued callbacks on this thread until {@code condition} holds (checked between them). */
    void pumpUntil(String what, Duration timeout, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("Timed out after " + timeout.toSeconds() + " s waiting until " + what);
            }
            Runnable r = ui.poll(10, TimeUnit.MILLISECONDS);
            if (r != null) {
                r.run();
            }
        }
    }
}
