package dev.partitionscope.config;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.logging.FileHandler;
import java.util.logging.Formatter;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * The app's log: every {@link System.Logger} (and, through slf4j-jdk14, the AWS SDK's warnings) goes to a rotating
 * file in the config directory — {@code logs/partitionscope.0.log}, 2 MB × 3 files — and the last lines are kept in
 * memory for Help ▸ Copy diagnostics. Installed once by the launcher, for the window and the CLI alike; the console
 * stays quiet (the CLI's stdout and stderr are its interface). Tests that never install it log to the console, as
 * java.util.logging does by default.
 */
public final class Logs {
    /** Lines kept in memory for diagnostics. */
    public static final int RECENT = 200;

    private static final int FILE_LIMIT = 2 * 1024 * 1024;
    private static final int FILE_COUNT = 3;
    private static final Deque<String> recent = new ArrayDeque<>();
    private static Path file;

    private Logs() {}

    /**
     * Sends the logs to {@code configDir/logs/} from now on. Idempotent: a second call returns the same file.
     *
     * @return the current log file, or null when the directory cannot be written (logging then stays in memory)
     */
    public static synchronized Path install(Path configDir) {
        if (file != null) {
            return file;
        }
        Logger root = Logger.getLogger("");
        for (Handler h : root.getHandlers()) {
            root.removeHandler(h); // the default console handler: the CLI's streams are its interface
        }
        root.setLevel(Level.INFO);
        Logger.getLogger("software.amazon").setLevel(Level.WARNING);
        Logger.getLogger("io.netty").setLevel(Level.WARNING);
        root.addHandler(new RecentHandler());
        Path dir = configDir.resolve("logs");
        try {
            Files.createDirectories(dir);
            FileHandler handler =
                    new FileHandler(dir.resolve("partitionscope.%g.log").toString(), FILE_LIMIT, FILE_COUNT, true);
            handler.setEncoding("UTF-8");
            handler.setFormatter(new LineFormatter());
            root.addHandler(handler);
            file = dir.resolve("partitionscope.0.log");
        } catch (IOException | SecurityException e) {
            remember("WARNING could not open a log file in " + dir + ": " + e.getMessage());
        }
        System.getLogger(Logs.class.getName())
                .log(
                        System.Logger.Level.INFO,
                        "PartitionScope "
                                + AppInfo.version() + " on Java " + System.getProperty("java.version") + ", "
                                + System.getProperty("os.name") + " " + System.getProperty("os.version"));
        return file;
    }

    /** Undoes {@link #install} (tests): closes the file and puts java.util.logging's console handler back. */
    static synchronized void reset() {
        Logger root = Logger.getLogger("");
        for (Handler h : root.getHandlers()) {
            root.removeHandler(h);
            h.close();
        }
        root.addHandler(new java.util.logging.ConsoleHandler());
        file = null;
        recent.clear();
    }

    /** The current log file, or null when none is open. */
    public static synchronized Path file() {
        return file;
    }

    /** The last {@code max} log lines (stack traces included), oldest first. */
    public static synchronized List<String> recent(int max) {
        List<String> all = new ArrayList<>(recent);
        return all.subList(Math.max(0, all.size() - max), all.size());
    }

    private static synchronized void remember(String line) {
        recent.addLast(line);
        while (recent.size() > RECENT) {
            recent.removeFirst();
        }
    }

    /** One line per record — time, level, logger, message — then the stack trace when there is one. */
    static final class LineFormatter extends Formatter {
        @Override
        public String format(LogRecord r) {
            StringBuilder sb = new StringBuilder()
                    .append(Instant.ofEpochMilli(r.getMillis()))
                    .append(' ')
                    .append(r.getLevel().getName())
                    .append(' ')
                    .append(r.getLoggerName())
                    .append(": ")
                    .append(formatMessage(r))
                    .append(System.lineSeparator());
            if (r.getThrown() != null) {
                StringWriter trace = new StringWriter();
                r.getThrown().printStackTrace(new PrintWriter(trace));
                sb.append(trace);
            }
            return sb.toString();
        }
    }

    private static final class RecentHandler extends Handler {
        private final LineFormatter formatter = new LineFormatter();

        /** Frames of a stack trace kept in memory: enough to place it; the file has the whole trace. */
        private static final int FRAMES = 8;

        @Override
        public void publish(LogRecord record) {
            if (!isLoggable(record)) {
                return;
            }
            Throwable thrown = record.getThrown();
            record.setThrown(null);
            try {
                remember(formatter.format(record).stripTrailing());
            } finally {
                record.setThrown(thrown);
            }
            for (Throwable t = thrown; t != null; t = t.getCause()) {
                remember((t == thrown ? "" : "Caused by: ") + t);
                StackTraceElement[] frames = t.getStackTrace();
                for (int i = 0; i < Math.min(FRAMES, frames.length); i++) {
                    remember("\tat " + frames[i]);
                }
                if (frames.length > FRAMES) {
                    remember("\t... " + (frames.length - FRAMES) + " more (see the log file)");
                }
            }
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
    }
}
