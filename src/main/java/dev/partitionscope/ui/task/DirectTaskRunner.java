package dev.partitionscope.ui.task;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/** Runs work synchronously on the caller's thread: for ViewModel tests and the CLI. */
public final class DirectTaskRunner implements TaskRunner {
    private final List<String> titles = new ArrayList<>();

    @Override
    public <T> TaskHandle run(
            String title, Work<T> work, Consumer<T> onSuccess, Consumer<Throwable> onFailure, Runnable onCancelled) {
        titles.add(title);
        boolean[] cancelled = {false};
        TaskHandle handle = new TaskHandle() {
            @Override
            public void cancel() {
                cancelled[0] = true;
            }

            @Override
            public boolean isCancelled() {
                return cancelled[0];
            }

            @Override
            public boolean isDone() {
                return true;
            }
        };
        TaskContext context = new TaskContext() {
            @Override
            public boolean isCancelled() {
                return cancelled[0];
            }

            @Override
            public void progress(double fraction, String message) {}

            @Override
            public void post(Runnable onUiThread) {
                if (!cancelled[0]) {
                    onUiThread.run();
                }
            }
        };
        T result;
        try {
            result = work.call(context);
        } catch (Exception | Error e) {
            if (cancelled[0]) {
                onCancelled.run();
            } else {
                onFailure.accept(e);
            }
            return handle;
        }
        if (cancelled[0]) {
            onCancelled.run();
        } else {
            onSuccess.accept(result);
        }
        return handle;
    }

    /** Titles of every task run so far, in order (lets tests assert what ran). */
    public List<String> titles() {
        return List.copyOf(titles);
    }
}
