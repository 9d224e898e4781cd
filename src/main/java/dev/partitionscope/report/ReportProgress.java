package dev.partitionscope.report;

/**
 * Hears how far a report has come, from the thread that builds it: the CLI prints a status line, the app hands it to
 * its task's progress (the status bar). Fractions rise from 0 to 1; below 0 means "no idea how long".
 */
@FunctionalInterface
public interface ReportProgress {
    void update(double fraction, String message);

    ReportProgress NONE = (fraction, message) -> {};
}
