package dev.partitionscope.config;

import java.nio.file.Path;
import java.util.List;

/**
 * What Help ▸ Copy diagnostics puts on the clipboard for a bug report: version, Java, OS, the connection's kind and
 * where it points (never a secret: no keys, no tokens), where the log is, and its last lines.
 */
public final class Diagnostics {
    /** Log lines included. */
    public static final int LOG_LINES = 60;

    private Diagnostics() {}

    /**
     * The diagnostics text for the current process: version, OS, Java, the connection and the last log lines.
     *
     * @param connection a description of the current connection without secrets (kind, region, endpoint), or null
     */
    public static String text(String connection) {
        return text(connection, Logs.file(), Logs.recent(LOG_LINES));
    }

    static String text(String connection, Path logFile, List<String> logLines) {
        StringBuilder sb = new StringBuilder();
        sb.append(AppInfo.NAME).append(' ').append(AppInfo.version()).append('\n');
        sb.append("Java ")
                .append(System.getProperty("java.version"))
                .append(" (")
                .append(System.getProperty("java.vendor"))
                .append("), JavaFX ")
                .append(System.getProperty("javafx.runtime.version", "not loaded"))
                .append('\n');
        sb.append(System.getProperty("os.name"))
                .append(' ')
                .append(System.getProperty("os.version"))
                .append(' ')
                .append(System.getProperty("os.arch"))
                .append('\n');
        sb.append("Connection: ")
                .append(connection == null ? "none" : connection)
                .append('\n');
        sb.append("Config directory: ").append(AppDirs.configDir()).append('\n');
        sb.append("Log file: ")
                .append(logFile == null ? "none (logging to memory only)" : logFile)
                .append('\n');
        sb.append("\nLast ").append(logLines.size()).append(" log lines:\n");
        logLines.forEach(l -> sb.append(l).append('\n'));
        return sb.toString();
    }
}
