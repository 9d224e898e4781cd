package dev.partitionscope.cli;

import dev.partitionscope.core.time.TimeRange;
import java.io.PrintWriter;
import java.time.Instant;
import picocli.CommandLine.Option;

/**
 * The time window of a command that reads CloudWatch (or a stream): {@code --range} back from now, or {@code
 * --from}/{@code --to}, and {@code --now} for the endpoint's current time. One set of options and one set of checks,
 * so every command reads a window the same way.
 */
public final class WindowOptions {
    @Option(
            names = "--range",
            paramLabel = "1h|3h|12h|1d|1w",
            converter = MetricsCommand.RangeConverter.class,
            description = "How far back from now (default 3h; heat: 1h). Not with --from/--to.")
    TimeRange.Preset range;

    /** The window when neither --range nor --from is given; a command may choose another before parsing. */
    TimeRange.Preset defaultRange = TimeRange.Preset.LAST_3H;

    @Option(
            names = "--from",
            paramLabel = "ISO",
            converter = MetricsCommand.InstantConverter.class,
            description = "Start of the window.")
    Instant from;

    @Option(
            names = "--to",
            paramLabel = "ISO",
            converter = MetricsCommand.InstantConverter.class,
            description = "End of the window (default: now). Needs --from.")
    Instant to;

    @Option(
            names = "--now",
            paramLabel = "ISO",
            converter = MetricsCommand.InstantConverter.class,
            description = "The endpoint's current time (default: the time a Lab reports, else this machine's"
                    + " clock): where --range ends, and the age CloudWatch's retention (so the period) is judged by.")
    Instant now;

    /** Checks the options against this machine's clock before connecting; false (after saying why) when bad. */
    boolean check(PrintWriter err) {
        return window(now != null ? now : Instant.now(), err, from != null && to == null) != null;
    }

    /** --now, else the endpoint's clock. */
    Instant now(Instant endpointNow) {
        return now != null ? now : endpointNow;
    }

    /** The window seen at the endpoint's now; null (after saying why) when the options do not make one. */
    TimeRange.Window window(Instant endpointNow, PrintWriter err) {
        return window(now(endpointNow), err, false);
    }

    private TimeRange.Window window(Instant endpointNow, PrintWriter err, boolean endIsNow) {
        if (range != null && (from != null || to != null)) {
            usage(
                    err,
                    "--range and --from/--to both give the window; use one.",
                    "--range 3h looks back from now;" + " --from/--to give fixed times.");
            return null;
        }
        if (to != null && from == null) {
            usage(err, "--to needs --from.", "Give the start too, e.g. --from 2026-06-22T01:00:00Z.");
            return null;
        }
        if (from == null) {
            TimeRange.Preset p = range == null ? defaultRange : range;
            return TimeRange.last(p).resolve(endpointNow);
        }
        Instant end = to != null ? to : endpointNow;
        if (!from.isBefore(end) && !(endIsNow && now == null)) {
            usage(
                    err,
                    "--from " + from + " is not before " + (to != null ? "--to " : "now (") + end
                            + (to != null ? "" : ")") + ".",
                    "The window is [--from, --to); swap them or widen it.");
            return null;
        }
        return new TimeRange.Window(from, end);
    }

    static int usage(PrintWriter err, String message, String hint) {
        err.println("error: " + message);
        err.println("  what to do: " + hint);
        err.flush();
        return CliSupport.USAGE;
    }
}
