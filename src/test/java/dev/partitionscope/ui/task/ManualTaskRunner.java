package dev.partitionscope.ui.task;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * A runner the test drives step by step, on its own thread (which plays both the worker and the UI thread), with the
 * app runner's (JavaFX {@code Task}'s) timing: nothing runs until the test says so; cancelling a task whose work has
 * not finished calls its {@code onCancelled} at once, from {@code cancel()}; cancelling a task whose work has
 * finished but whose callback has not been delivered yet does nothing, and the result is delivered later. That last
 * case is the race that stale-result guards are for.
 */
public final class ManualTaskRunner implements TaskRunner {
    private final List<Pending<?>> tasks = new ArrayList<>();

    /** One task: run its work with {@link #finishWork()}, hand its outcome to the UI with {@link #deliver()}. */
    public static final class Pending<T> implements TaskHandle {
        private final String title;
        private final Work<T> work;
        private final Consumer<T> onSuccess;
        private final Consumer<Throwable> onFailure;
        private final Runnable onCancelled;
        private boolean cancelled;
        private boolean workDone;
        private boolean delivered;
        private T value;
        private Throwable failure;

        Pending(String title, Work<T> work, Consumer<T> onSuccess, Consumer<Throwable> onFailure, Runnable cancel) {
            this.title = title;
            this.work = work;
            this.onSuccess = onSuccess;
            this.onFailure = onFailure;
            this.onCancelled = cancel;
        }

        public String title() {
            return title;
        }

        /** Runs the work to its end (its posts reach the UI at once unless cancelled); the outcome waits. */
        /** What the work returned (after {@link #finishWork()}), delivered or not. */
        public T value() {
            return value;
        }

        public Pending<T> finishWork() {
            check();
            try {
                value = work.call(context());
            } catch (Exception | Error e) {
                failure = e;
            }
            workDone = true;
            return this;
        }

        /** The work ends in {@code e} without being run (a network error, a timeout…); the outcome waits. */
        public Pending<T> failWork(Throwable e) {
            check();
            failure = e;
            workDone = true;
            return this;
        }

        /** Delivers the outcome of the finished work, as the UI thread would, unless the task was cancelled. */
        public void deliver() {
            if (!workDone) {
                throw new IllegalStateException(title + ": the work has not finished");
            }
            if (cancelled || delivered) {
                return;
            }
            delivered = true;
            if (failure != null) {
                onFailure.accept(failure);
            } else {
                onSuccess.accept(value);
            }
        }

        /** {@link #finishWork()} then {@link #deliver()}. */
        public void complete() {
            finishWork().deliver();
        }

        private void check() {
            if (workDone) {
                throw new IllegalStateException(title + ": the work has finished already");
            }
        }

        private TaskContext context() {
            return new TaskContext() {
                @Override
                public boolean isCancelled() {
                    return cancelled;
                }

                @Override
                public void progress(double fraction, String message) {}

                @Override
                public void post(Runnable onUiThread) {
                    if (!cancelled) {
                        onUiThread.run();
                    }
                }
            };
        }

        @Override
        public void cancel() {
            if (workDone || cancelled) {
                return; // too late: a finished task cannot be cancelled, its result is on its way
            }
            cancelled = true;
            onCancelled.run();
        }

        @Override
        public boolean isCancelled() {
            return cancelled;
        }

        @Override
        public boolean isDone() {
            return cancelled || delivered;
        }

        /** Neither cancelled nor delivered. */
        public boolean isOpen() {
            return !cancelled && !delivered;
        }
    }

    @Override
    public <T> TaskHandle run(
            String title, Work<T> work, Consumer<T> onSuccess, Consumer<Throwable> onFailure, Runnable onCancelled) {
        Pending<T> p = new Pending<>(title, work, onSuccess, onFailure, onCancelled);
        tasks.add(p);
        return p;
    }

    /** Every task started so far, in order. */
    public List<Pending<?>> tasks() {
        return List.copyOf(tasks);
    }

    /** The last task started whose title starts with {@code prefix}. */
    public Pending<?> last(String prefix) {
        for (int i = tasks.size() - 1; i >= 0; i--) {
            if (tasks.get(i).title().startsWith(prefix)) {
                return tasks.get(i);
            }
        }
        throw new AssertionError("No task \"" + prefix + "…\" in " + titles());
    }

    /** Completes open tasks (and those their callbacks start) until none is left: for setting a scene up. */
    public void completeAll() {
        for (int guard = 0; guard < 1000; guard++) {
            Pending<?> open = tasks.stream()
                    .filter(p -> p.isOpen() && !p.workDone)
                    .findFirst()
                    .orElse(null);
            if (open == null) {
                return;
            }
            open.complete();
        }
        throw new AssertionError("Tasks keep starting tasks: " + titles());
    }

    public List<String> titles() {
        return tasks.stream().map(Pending::title).toList();
    }
}
