package dev.partitionscope.ui.task;

import java.util.function.Consumer;

/**
 * The one way ViewModels start background work. The real runner executes on a small pool and delivers callbacks on
 * the FX thread; tests use {@link DirectTaskRunner}, which runs everything on the calling thread, so asynchronous
 * ViewModel code is tested deterministically without a toolkit.
 */
public interface TaskRunner {

    /** Work to run off the UI thread. */
    @FunctionalInterface
    interface Work<T> {
        T call(TaskContext context) throws Exception;
    }

    /**
     * Runs {@code work} in the background. Exactly one of {@code onSuccess} / {@code onFailure} / {@code onCancelled}
     * is called, on the UI thread; after a cancel, only {@code onCancelled}, whoever cancelled (the ViewModel or the
     * status bar's Cancel link).
     *
     * @param title short description shown in the status bar while it runs, e.g. "Connecting to Orders-prod"
     */
    <T> TaskHandle run(
            String title, Work<T> work, Consumer<T> onSuccess, Consumer<Throwable> onFailure, Runnable onCancelled);

    /** As above, for work whose cancellation needs no clean-up. */
    default <T> TaskHandle run(String title, Work<T> work, Consumer<T> onSuccess, Consumer<Throwable> onFailure) {
        return run(title, work, onSuccess, onFailure, () -> {});
    }

    /** Closes the pool (at exit); running tasks are cancelled. */
    default void shutdown() {}
}
