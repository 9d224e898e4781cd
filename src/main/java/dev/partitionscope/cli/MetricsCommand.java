package dev.partitionscope.cli;

import dev.partitionscope.aws.Connection;
import dev.partitionscope.aws.InsightsReader;
import dev.partitionscope.aws.MetricsReader;
import dev.partitionscope.aws.TableGateway;
import dev.partitionscope.core.heat.KeyTimeMatrix;
import dev.partitionscope.core.heat.TopKey;
import dev.partitionscope.core.heat.TopKeys;
import dev.partitionscope.core.metrics.DataState;
import dev.partitionscope.core.metrics.DataStatus;
import dev.partitionscope.core.metrics.MetricPeriod;
import dev.partitionscope.core.metrics.MetricPlan;
import dev.partitionscope.core.metrics.MetricsSnapshot;
import dev.partitionscope.core.metrics.Resource;
import dev.partitionscope.core.metrics.Verdict;
import dev.partitionscope.core.metrics.Verdicts;
import dev.partitionscope.core.table.ContributorInsightsState;
import dev.partitionscope.core.table.TableShape;
import dev.partitionscope.core.time.TimeRange;
import java.io.PrintWriter;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;

/**
 * {@code partitionscope metrics}: the metrics screen for scripts and CI — the verdict, capacity and throttles per
 * table and GSI, throttled requests per operation and the stitched Contributor Insights top keys, as text or one
 * JSON object. Reads the same way as {@code MetricsViewModel.load()}, so the CLI and the window never disagree.
 */
@Command(
        name = "metrics",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Read a table's CloudWatch metrics and Contributor Insights: why it throttled",
            "(the verdict), consumed capacity and throttle events per table and GSI,",
            "throttled requests per operation, and the top partition keys."
        },
        footer = {
            "",
            "Time: --range counts back from now; --from/--to give any window, ISO-8601",
            "with a zone (2026-06-22T01:00:00Z, 2026-06-22T03:00+02:00). A Lab — also a",
            "replayed or fast-forwarded one, which lives in simulated time — says its own",
            "time in every answer, and \"now\" is then the Lab's now; --now overrides it.",
            "Peaks are the busiest period's average per second, as CloudWatch reports them.",
            "",
            "Exit codes: 0 report printed (its states say what the endpoint could not",
            "give: not enabled, not supported by this endpoint, access denied — needs",
            "a permission); 1 no connection or no such table; 2 bad options.",
            "",
            "Examples:",
            "  partitionscope metrics --endpoint http://127.0.0.1:8000 \\",
            "      --table order-status-index --range 1h",
            "  partitionscope metrics --profile prod --table Orders --range 1d --json",
            "  partitionscope metrics --table Orders --index byStatus --top 25 \\",
            "      --from 2026-06-22T00:00:00Z --to 2026-06-22T06:00:00Z",
            "  partitionscope metrics --endpoint http://127.0.0.1:8000 --table pedidos \\",
            "      --range 3h --now 2026-06-22T03:00:00Z    (a replay saved at that time)"
        })
public final class MetricsCommand implements Callable<Integer> {
    @Mixin
    ConnectionOptions connection;

    @Option(names = "--table", required = true, paramLabel = "TABLE", description = "Table name.")
    String table;

    @Mixin
    WindowOptions time;

    @Option(
            names = "--index",
            paramLabel = "GSI",
            description = "Show the top keys of this GSI instead of the table's.")
    String index;

    @Option(names = "--no-insights", description = "Skip Contributor Insights (metrics and verdict only).")
    boolean noInsights;

    @Option(
            names = "--top",
            paramLabel = "N",
            defaultValue = "10",
            description = "Top keys to list. Default:" + " ${DEFAULT-VALUE}.")
    int top;

    @Option(names = "--json", description = "Print one JSON object instead of text.")
    boolean json;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter err = spec.commandLine().getErr();
        // Checked once against this machine's clock so bad options fail before connecting; the report recomputes the
        // window against the endpoint's clock (a Lab reports its own, possibly simulated, time).
        if (!time.check(err)) {
            return CliSupport.USAGE;
        }
        if (top < 1) {
            return usage(
                    err,
                    "--top must be at least 1, not " + top + ".",
                    "Give --top N with N of 1 or more, or" + " --no-insights to skip the top keys.");
        }
        if (index != null && index.isBlank()) {
            return usage(err, "--index needs a GSI name.", "Leave it out for the table's own top keys.");
        }
        return connection.run(spec, "DescribeTable", c -> report(c));
    }

    private static int usage(PrintWriter err, String message, String hint) {
        return WindowOptions.usage(err, message, hint);
    }

    private int report(Connection c) throws Exception {
        PrintWriter err = spec.commandLine().getErr();
        TableGateway gateway = new TableGateway(c);
        TableShape shape;
        try {
            shape = gateway.describe(table);
        } catch (ResourceNotFoundException e) {
            err.println("error: Table '" + table + "' not found at " + c.whereLabel() + ".");
            err.println("  what to do: check the name and region; 'partitionscope tables' with the same connection"
                    + " options lists the tables there.");
            err.flush();
            return CliSupport.FAILED;
        }
        Instant endpointNow = time.now(c.clock().now());
        TimeRange.Window window = time.window(c.clock().now(), err);
        if (window == null) {
            return CliSupport.USAGE;
        }
        Resource resource = index == null ? Resource.table(shape.name()) : Resource.index(shape.name(), index);
        if (index != null && !shape.globalIndexNames().contains(index)) {
            List<String> gsis = shape.globalIndexNames();
            return usage(
                    err,
                    "Table '" + shape.name() + "' has no global secondary index '" + index + "'.",
                    gsis.isEmpty()
                            ? "It has no GSIs; leave out --index. (LSIs share the table's capacity and its"
                                    + " Contributor Insights.)"
                            : "Its GSIs: " + String.join(", ", gsis) + ".");
        }
        Progress progress = Progress.forTerminal(err);
        int period = MetricPeriod.choose(window.start(), window.end(), endpointNow);
        MetricPlan plan =
                MetricPlan.forTable(shape.name(), shape.globalIndexNames(), window.start(), window.end(), period);
        progress.show("Reading CloudWatch metrics…");
        MetricsSnapshot snapshot = new MetricsReader(c)
                .read(plan, () -> false, pages -> progress.show("Reading CloudWatch metrics (page " + pages + ")…"));
        Verdict verdict = Verdicts.of(snapshot, Verdicts.limitsOf(shape));
        MetricsReport.Insights insights = null;
        if (!noInsights) {
            progress.show("Reading Contributor Insights status…");
            insights = insights(c, gateway, shape, resource, snapshot, top, progress);
        }
        progress.clear();
        MetricsReport report = new MetricsReport(shape, snapshot, verdict, insights);
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(CliSupport.json().writeValueAsString(report.json()));
        } else {
            out.print(report.text());
        }
        return CliSupport.OK;
    }

    /** Reads only the chosen resource's reports: the others would not be shown, and each report is a call. */
    private static MetricsReport.Insights insights(
            Connection c,
            TableGateway gateway,
            TableShape shape,
            Resource resource,
            MetricsSnapshot snapshot,
            int top,
            Progress progress) {
        ContributorInsightsState state = gateway.contributorInsights(shape).stream()
                .filter(s -> Objects.equals(s.indexName(), resource.index()))
                .findFirst()
                .orElse(null);
        if (state == null) {
            return new MetricsReport.Insights(
                    resource,
                    DataStatus.of(
                            DataState.FAILED, "DescribeContributorInsights said nothing about " + resource.label()),
                    List.of());
        }
        DataStatus ready = InsightsReader.readiness(state, c.spec());
        if (ready != null) {
            return new MetricsReport.Insights(resource, ready, List.of());
        }
        MetricPlan plan = snapshot.plan();
        InsightsReader.Request request = new InsightsReader.Request(
                List.of(state),
                plan.start(),
                plan.periodSeconds(),
                plan.columns(),
                snapshot.throughputUnitsByResource());
        InsightsReader.Result result = new InsightsReader(c)
                .load(
                        request,
                        () -> false,
                        (done, total) -> progress.show("Contributor Insights: report " + done + " of " + total + "…"));
        KeyTimeMatrix m = result.partitionKeys().get(resource);
        DataStatus status = result.status()
                .getOrDefault(
                        resource, DataStatus.of(DataState.NO_DATA, "no partition-key report for " + resource.label()));
        List<TopKey> keys = m == null ? List.of() : TopKeys.of(m, top);
        return new MetricsReport.Insights(resource, status, keys);
    }

    /** {@code 1h|3h|12h|1d|1w}, the presets of the window's time picker. */
    static final class RangeConverter implements CommandLine.ITypeConverter<TimeRange.Preset> {
        @Override
        public TimeRange.Preset convert(String value) {
            return switch (value.trim().toLowerCase(Locale.ROOT)) {
                case "1h" -> TimeRange.Preset.LAST_1H;
                case "3h" -> TimeRange.Preset.LAST_3H;
                case "12h" -> TimeRange.Preset.LAST_12H;
                case "1d", "24h" -> TimeRange.Preset.LAST_1D;
                case "1w", "7d" -> TimeRange.Preset.LAST_1W;
                default ->
                    throw new CommandLine.TypeConversionException("'" + value + "' is not a range: use 1h,"
                            + " 3h, 12h, 1d or 1w, or --from/--to for any other window");
            };
        }
    }

    /** An ISO-8601 time with a zone: {@code 2026-06-22T01:00:00Z}, {@code 2026-06-22T03:00+02:00}. */
    static final class InstantConverter implements CommandLine.ITypeConverter<Instant> {
        @Override
        public Instant convert(String value) {
            try {
                return OffsetDateTime.parse(value.trim()).toInstant();
            } catch (DateTimeParseException e) {
                throw new CommandLine.TypeConversionException("'" + value + "' is not an ISO-8601 time with a zone,"
                        + " such as 2026-06-22T01:00:00Z or 2026-06-22T03:00+02:00");
            }
        }
    }

    /** One overwritten status line on stderr, only when a person is watching; scripts get clean streams. */
    static final class Progress {
        private final PrintWriter err;
        private int width;

        private Progress(PrintWriter err) {
            this.err = err;
        }

        static Progress forTerminal(PrintWriter err) {
            return new Progress(onTerminal() ? err : null);
        }

        /**
         * Whether a person is watching. Up to JDK 21 a console exists only on a terminal; from JDK 22 on there is
         * always one and {@code Console.isTerminal()} (not in Java 17's API, so called reflectively) tells.
         */
        @SuppressWarnings("SystemConsoleNull") // null is the answer up to JDK 21; isTerminal() covers JDK 22 on
        static boolean onTerminal() {
            java.io.Console console = System.console();
            if (console == null) {
                return false;
            }
            try {
                return (Boolean) java.io.Console.class.getMethod("isTerminal").invoke(console);
            } catch (ReflectiveOperationException beforeJdk22) {
                return true;
            }
        }

        synchronized void show(String text) {
            if (err != null) {
                err.print("\r" + text + " ".repeat(Math.max(0, width - text.length())));
                err.flush();
                width = text.length();
            }
        }

        synchronized void clear() {
            if (err != null && width > 0) {
                err.print("\r" + " ".repeat(width) + "\r");
                err.flush();
                width = 0;
            }
        }
    }
}
