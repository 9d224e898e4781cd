package dev.partitionscope.cli;

import dev.partitionscope.aws.AuditSampler;
import dev.partitionscope.aws.Connection;
import dev.partitionscope.core.heat.TopKey;
import dev.partitionscope.core.time.TimeRange;
import dev.partitionscope.report.Recommendation;
import dev.partitionscope.report.Report;
import dev.partitionscope.report.ReportBuilder;
import dev.partitionscope.report.ReportOptions;
import dev.partitionscope.report.ReportWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicBoolean;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;

/**
 * {@code partitionscope report}: issue 10's report folder for a design doc — the heatmap and metrics as PNGs, the top
 * keys and the audit's risk matrix as CSV, and a Markdown summary (verdict, evidence, recommended scheme, N and its
 * arithmetic). The same {@link ReportBuilder} and {@link ReportWriter} the app's Export report runs.
 */
@Command(
        name = "report",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Write a hot-partition report into a folder, ready to paste into a design",
            "doc: summary.md (verdict, evidence, recommended scheme, N and its",
            "reasoning), heatmap.png, metrics.png, top-keys.csv, audit-matrix.csv,",
            "audit.md and heatmap.csv."
        },
        footer = {
            "",
            "Time: the last hour up to the endpoint's now by default (a Lab, also a",
            "fast-forwarded or replayed one, says its own time), in whole minutes;",
            "--minutes N, --range or --from/--to choose another window, --now sets now.",
            "The key audit samples the table with a Scan under a read budget (default",
            "5 %% of provisioned reads, or 100 RCU/s on on-demand) and caps; --no-audit",
            "skips it. Contributor Insights reports are billed on AWS.",
            "",
            "The folder is created when missing. It may be empty or hold a previous",
            "report (its files are replaced); a folder of other files needs --force.",
            "",
            "Exit codes: 0 report written; 1 no connection, no such table, or the",
            "report could not be built or written; 2 bad options, --out is a file or a",
            "folder of other files.",
            "",
            "Examples:",
            "  partitionscope report --endpoint http://127.0.0.1:8000 \\",
            "      --table order-status-index --out report/",
            "  partitionscope report --profile prod --table Orders --range 3h \\",
            "      --budget-rcu 50 --out orders-report/"
        })
public final class ReportCommand implements Callable<Integer> {
    @Mixin
    ConnectionOptions connection;

    @Option(names = "--table", required = true, paramLabel = "T", description = "Table name.")
    String table;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Folder to write the report into.")
    Path out;

    @Option(names = "--minutes", paramLabel = "N", description = "Report the last N minutes (default 60).")
    Integer minutes;

    @Option(
            names = "--range",
            paramLabel = "1h|3h|12h|1d|1w",
            converter = MetricsCommand.RangeConverter.class,
            description = "Report this far back from now instead.")
    TimeRange.Preset range;

    @Option(
            names = "--from",
            paramLabel = "ISO",
            converter = MetricsCommand.InstantConverter.class,
            description = "Start of a fixed window (with --to).")
    Instant from;

    @Option(
            names = "--to",
            paramLabel = "ISO",
            converter = MetricsCommand.InstantConverter.class,
            description = "End of a fixed window.")
    Instant to;

    @Option(
            names = "--now",
            paramLabel = "ISO",
            converter = MetricsCommand.InstantConverter.class,
            description = "The endpoint's current time (default: the time a Lab reports, else this machine's).")
    Instant now;

    @Option(
            names = "--budget-rcu",
            paramLabel = "R",
            description = "The audit's read budget in RCU per second"
                    + " (0: none). Default: 5 %% of provisioned reads, or 100 RCU/s on on-demand.")
    Double budgetRcu;

    @Option(
            names = "--max-items",
            paramLabel = "N",
            defaultValue = "" + ReportOptions.DEFAULT_ITEM_CAP,
            description = "Stop sampling a table or index after N items (0: no cap). Default: ${DEFAULT-VALUE}.")
    long maxItems;

    @Option(
            names = "--time-cap",
            paramLabel = "DURATION",
            defaultValue = "2m",
            description = "Stop sampling each table or index after this long: 90s, 5m. Default: ${DEFAULT-VALUE}.")
    String timeCap;

    @Option(names = "--no-audit", description = "Skip the key audit (no Scan; the scheme then comes from the top key).")
    boolean noAudit;

    @Option(
            names = "--top",
            paramLabel = "N",
            defaultValue = "10",
            description = "Top keys per table or index." + " Default: ${DEFAULT-VALUE}.")
    int top;

    @Option(
            names = "--force",
            description = "Write into a folder that holds other files (only the report's files" + " are replaced).")
    boolean force;

    @Option(names = "--json", description = "Print the folder, its files, the verdict and the recommendation as JSON.")
    boolean json;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter err = spec.commandLine().getErr();
        ReportOptions options;
        try {
            options = options();
        } catch (IllegalArgumentException e) {
            return usage(err, e.getMessage(), "see --help; e.g. --minutes 30 --budget-rcu 50 --time-cap 2m");
        }
        try {
            ReportWriter.checkFolder(out, force);
        } catch (ReportWriter.FolderException e) {
            return usage(
                    err,
                    e.getMessage(),
                    Files.isDirectory(out)
                            ? "--out new-folder/, or --force"
                            : "--out with a" + " folder name, e.g. --out " + out + "-report/");
        }
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true"); // draws PNGs on servers without a display
        }
        return connection.run(spec, "DescribeTable", c -> report(c, options));
    }

    private ReportOptions options() {
        int windows = (minutes != null ? 1 : 0) + (range != null ? 1 : 0) + (from != null || to != null ? 1 : 0);
        if (windows > 1) {
            throw new IllegalArgumentException("--minutes, --range and --from/--to each give the window; use one.");
        }
        if ((from == null) != (to == null)) {
            throw new IllegalArgumentException("--from and --to go together (a fixed window).");
        }
        if (from != null && !from.isBefore(to)) {
            throw new IllegalArgumentException("--from " + from + " is not before --to " + to + ".");
        }
        if (minutes != null && minutes < 1) {
            throw new IllegalArgumentException("--minutes is 1 or more, not " + minutes + ".");
        }
        if (budgetRcu != null && (!(budgetRcu >= 0) || budgetRcu.isInfinite())) {
            throw new IllegalArgumentException(
                    "--budget-rcu is a number of RCU per second ≥ 0, not " + budgetRcu + ".");
        }
        if (maxItems < 0) {
            throw new IllegalArgumentException("--max-items is 0 (no cap) or more, not " + maxItems + ".");
        }
        if (top < 1) {
            throw new IllegalArgumentException("--top is 1 or more, not " + top + ".");
        }
        AuditSampler.Budget budget = AuditSampler.Budget.fromOption(budgetRcu);
        ReportOptions o = ReportOptions.defaults()
                .withAudit(!noAudit)
                .withTopKeys(top)
                .withNow(now)
                .withSampling(AuditSampler.Options.defaults()
                        .withBudget(budget)
                        .withItemCap(maxItems)
                        .withTimeCap(AuditCommand.duration(timeCap)));
        if (minutes != null) {
            return o.withLookback(Duration.ofMinutes(minutes));
        }
        if (range != null) {
            return o.withRange(TimeRange.last(range));
        }
        return from != null ? o.withRange(TimeRange.custom(from, to, true)) : o;
    }

    private int report(Connection c, ReportOptions options) throws IOException {
        PrintWriter err = spec.commandLine().getErr();
        MetricsCommand.Progress progress = MetricsCommand.Progress.forTerminal(err);
        AtomicBoolean interrupted = new AtomicBoolean();
        Thread hook = new Thread(() -> interrupted.set(true), "report-cancel");
        Runtime.getRuntime().addShutdownHook(hook);
        Report r;
        try {
            r = ReportBuilder.build(c, table, options, (f, m) -> progress.show(m), interrupted::get);
        } catch (ResourceNotFoundException e) {
            progress.clear();
            err.println("error: Table '" + table + "' not found at " + c.whereLabel() + ".");
            err.println("  what to do: check the name and region; 'partitionscope tables' with the same connection"
                    + " options lists the tables there.");
            err.flush();
            return CliSupport.FAILED;
        } catch (CancellationException e) {
            progress.clear();
            err.println("error: the report was interrupted; nothing was written to " + out + ".");
            err.flush();
            return CliSupport.FAILED;
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // Ctrl+C: the hook ran
            }
        }
        progress.show("Drawing and writing the report…");
        ReportWriter.Written written;
        try {
            written = ReportWriter.write(r, out, force);
        } catch (ReportWriter.FolderException e) {
            progress.clear();
            return usage(err, e.getMessage(), "--out new-folder/, or --force");
        } catch (IOException e) {
            progress.clear();
            err.println("error: could not write the report into " + out + ": " + e.getMessage());
            err.println("  what to do: check that the folder is writable and the disk has room.");
            err.flush();
            return CliSupport.FAILED;
        }
        progress.clear();
        PrintWriter o = spec.commandLine().getOut();
        if (json) {
            o.println(CliSupport.json().writeValueAsString(json(r, written)));
        } else {
            o.print(text(r, written));
        }
        o.flush();
        return CliSupport.OK;
    }

    private static String text(Report r, ReportWriter.Written w) {
        StringBuilder sb = new StringBuilder();
        sb.append("Report on ")
                .append(r.table())
                .append(" written to ")
                .append(w.folder())
                .append(":\n");
        for (Path p : w.files()) {
            sb.append("  ").append(p.getFileName()).append('\n');
        }
        sb.append("Verdict: ").append(r.verdict().headline()).append('\n');
        TopKey hot = r.hotKey();
        if (hot != null) {
            sb.append(String.format(
                    java.util.Locale.ROOT,
                    "Hottest key: %s (%s), peak %.0f %% of its ceiling, %,d" + " throttled%n",
                    hot.key().label(),
                    hot.key().resourceLabel(),
                    hot.peakPercentOfCeiling(),
                    hot.throttles()));
        }
        Recommendation rec = r.recommendation();
        sb.append("Recommendation: ")
                .append(rec.changes() ? rec.scheme() : "no key change")
                .append(" (")
                .append(rec.formula())
                .append(")\n");
        return sb.toString();
    }

    private static Map<String, Object> json(Report r, ReportWriter.Written w) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("table", r.table());
        doc.put("folder", w.folder().toAbsolutePath().toString());
        doc.put("files", w.files().stream().map(p -> p.getFileName().toString()).toList());
        doc.put("start", r.window().start());
        doc.put("end", r.window().end());
        Map<String, Object> verdict = new LinkedHashMap<>();
        verdict.put("kind", r.verdict().kind().name());
        verdict.put("headline", r.verdict().headline());
        doc.put("verdict", verdict);
        TopKey hot = r.hotKey();
        Map<String, Object> key = null;
        if (hot != null) {
            key = new LinkedHashMap<>();
            key.put("partitionKey", hot.key().partitionKey());
            key.put("resource", hot.key().resourceLabel());
            key.put("peakPercentOfCeiling", MetricsReport.number(hot.peakPercentOfCeiling()));
            key.put("throttles", hot.throttles());
        }
        doc.put("hotKey", key);
        Recommendation rec = r.recommendation();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("scheme", rec.scheme());
        m.put("shards", rec.shards());
        m.put("formula", rec.formula());
        m.put("basis", rec.basis());
        m.put("reasoning", rec.reasoning());
        doc.put("recommendation", m);
        doc.put("elapsedMs", r.elapsed().toMillis());
        return doc;
    }

    private static int usage(PrintWriter err, String message, String hint) {
        err.println("error: " + message);
        err.println("  what to do: " + hint);
        err.flush();
        return CliSupport.USAGE;
    }
}
