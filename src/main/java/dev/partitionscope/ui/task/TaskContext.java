package dev.partitionscope.ui.task;

/** What background work may do besides computing its result. */
public interface TaskContext {
    /** True once the user cancelled; long work checks it between steps and returns early. */
    boolean isCancelled();

    /** Progress for the status bar; {@code fraction} below 0 means indeterminate. */
    void progress(double fraction, String message);

    /**
     * Hands a partial result to the UI thread (e.g. one page of table names). Dropped after cancellation, so a
     * cancelled task never changes the screen.
     */
    void post(Runnable onUiThread);
}
