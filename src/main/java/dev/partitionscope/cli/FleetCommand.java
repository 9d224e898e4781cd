package dev.partitionscope.cli;

import dev.partitionscope.aws.Connection;
import dev.partitionscope.aws.FleetReader;
import dev.partitionscope.core.fleet.FleetRow;
import dev.partitionscope.core.format.Units;
import dev.partitionscope.core.metrics.DataState;
import dev.partitionscope.core.time.TimeRange;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code partitionscope fleet}: every table and GSI of a region (or endpoint) with its KeyRange and other throttle
 * events, consumed units, peak percentage of capacity, Contributor Insights status and stream — the busiest hot
 * partitions first. Reads the way the fleet view does ({@link FleetReader}).
 */
@Command(
        name = "fleet",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Which tables have hot partitions: every table and GSI with its KeyRange",
            "throttle events (hot partitions), other throttle events, consumed units, peak",
            "% of capacity, Contributor Insights status and stream, KeyRange first."
        },
        footer = {
            "",
            "A number CloudWatch did not answer is shown as ? (null in JSON): unknown, not 0.",
            "keyRangeThrottles is the read + write KeyRange throttle events of the resource, the",
            "number 'metrics' reports as verdict.events.KEY_RANGE for a table without GSIs.",
            "",
            "Exit codes: 0 listed (its status says what was not answered); 1 no connection;",
            "2 bad options.",
            "",
            "Examples:",
            "  partitionscope fleet --endpoint http://127.0.0.1:8000 --range 1h",
            "  partitionscope fleet --profile prod --region eu-west-1 --range 1d --json"
        })
public final class FleetCommand implements Callable<Integer> {
    @Mixin
    ConnectionOptions connection;

    @Mixin
    WindowOptions time;

    @Option(names = "--json", description = "Print one JSON object instead of text.")
    boolean json;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter err = spec.commandLine().getErr();
        if (!time.check(err)) {
            return CliSupport.USAGE;
        }
        return connection.run(spec, "ListTables", this::report);
    }

    private int report(Connection c) throws Exception {
        PrintWriter err = spec.commandLine().getErr();
        Instant endpointNow = time.now(c.clock().now());
        TimeRange.Window window = time.window(c.clock().now(), err);
        if (window == null) {
            return CliSupport.USAGE;
        }
        MetricsCommand.Progress progress = MetricsCommand.Progress.forTerminal(err);
        progress.show("Listing tables…");
        FleetReader.Result r = new FleetReader(c)
                .read(window.start(), window.end(), endpointNow, () -> false, new FleetReader.Listener() {
                    @Override
                    public void tables(int described, int total) {
                        progress.show("Described " + described + " of " + total + " tables…");
                    }

                    @Override
                    public void metricCalls(int done, int total) {
                        progress.show("CloudWatch: " + done + " GetMetricData calls…");
                    }
                });
        progress.clear();
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(CliSupport.json().writeValueAsString(json(r)));
        } else {
            out.print(text(r));
        }
        return CliSupport.OK;
    }

    /** The JSON document: {@code start, end, periodSeconds, status, tables[...]}. */
    static Map<String, Object> json(FleetReader.Result r) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("start", r.start().toString());
        doc.put("end", r.end().toString());
        doc.put("periodSeconds", r.periodSeconds());
        doc.put("status", r.status().state().name());
        if (r.status().state() != DataState.DATA) {
            doc.put("statusDetail", r.status().message());
        }
        List<Map<String, Object>> tables = new ArrayList<>();
        for (FleetRow row : r.rows()) {
            Map<String, Object> t = new LinkedHashMap<>();
            t.put("table", row.table());
            t.put("index", row.index());
            t.put("keyRangeThrottles", row.keyRangeThrottles());
            t.put("otherThrottles", row.otherThrottles());
            t.put("consumedReadUnits", row.consumedReadUnits());
            t.put("consumedWriteUnits", row.consumedWriteUnits());
            t.put("peakPercentOfCapacity", row.peakPercentOfCapacity());
            t.put("contributorInsights", row.contributorInsights());
            t.put("stream", row.stream());
            tables.add(t);
        }
        doc.put("tables", tables);
        return doc;
    }

    static String text(FleetReader.Result r) {
        StringBuilder b = new StringBuilder();
        b.append("Fleet ")
                .append(r.start())
                .append(" → ")
                .append(r.end())
                .append(" · ")
                .append(Units.count(r.tables()))
                .append(" tables\n");
        if (r.status().state() != DataState.DATA) {
            b.append("Note: ").append(r.status().message()).append('\n');
        }
        b.append('\n');
        String format = "%-40s %10s %10s %14s %14s %8s %-12s %-20s%n";
        b.append(String.format(
                Locale.ROOT,
                format,
                "table · index",
                "KeyRange",
                "other",
                "consumed RCU",
                "consumed WCU",
                "peak %",
                "insights",
                "stream"));
        for (FleetRow row : r.rows()) {
            b.append(String.format(
                    Locale.ROOT,
                    format,
                    row.label(),
                    count(row.keyRangeThrottles()),
                    count(row.otherThrottles()),
                    units(row.consumedReadUnits()),
                    units(row.consumedWriteUnits()),
                    row.peakPercentOfCapacity() == null
                            ? "?"
                            : String.format(Locale.ROOT, "%.0f %%", row.peakPercentOfCapacity()),
                    row.contributorInsights() == null ? "?" : row.contributorInsights(),
                    row.stream() == null ? "" : row.stream()));
        }
        b.append("\nKeyRange and other: throttle events in the window (read + write). ? : CloudWatch did not"
                + " answer — unknown, not 0.\n");
        return b.toString();
    }

    private static String count(Long n) {
        return n == null ? "?" : Units.count(n);
    }

    private static String units(Double v) {
        return v == null ? "?" : Units.count(Math.round(v));
    }
}
