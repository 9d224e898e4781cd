package dev.partitionscope.ui.task;

/** A running (or finished) background task the user can cancel. */
public interface TaskHandle {
    void cancel();

    boolean isCancelled();

    boolean isDone();

    /** A handle for "nothing running". */
    TaskHandle NONE = new TaskHandle() {
        @Override
        public void cancel() {}

        @Override
        public boolean isCancelled() {
            return false;
        }

        @Override
        public boolean isDone() {
            return true;
        }
    };
}
