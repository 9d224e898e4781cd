package dev.partitionscope.cli;

import dev.partitionscope.aws.Connection;
import dev.partitionscope.aws.StreamHeatReader;
import dev.partitionscope.aws.TableGateway;
import dev.partitionscope.aws.TrafficLoader;
import dev.partitionscope.core.heat.HeatSource;
import dev.partitionscope.core.heat.KeyTimeMatrix;
import dev.partitionscope.core.heat.MatrixUnit;
import dev.partitionscope.core.heat.RowKey;
import dev.partitionscope.core.heat.StreamKeyTotal;
import dev.partitionscope.core.iam.IamPolicies;
import dev.partitionscope.core.metrics.DataState;
import dev.partitionscope.core.metrics.DataStatus;
import dev.partitionscope.core.metrics.Resource;
import dev.partitionscope.core.table.TableShape;
import dev.partitionscope.core.time.TimeRange;
import java.io.PrintWriter;
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
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;

/**
 * {@code partitionscope heat}: which partition keys took the writes, read from the table's DynamoDB stream (every
 * write of the last 24 h, to the second) or from Contributor Insights, as a table or one JSON object.
 */
@Command(
        name = "heat",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Per-key write heat of a table or GSI: writes, write units (WCU) and the",
            "busiest second per partition key, read from the table's DynamoDB stream",
            "(--source streams) or from Contributor Insights (--source insights)."
        },
        footer = {
            "",
            "Streams: every successful write of the last 24 h, counted per key to the",
            "second. WCU = the larger of the old and new image per started KB (a record",
            "with no image — a REMOVE on a NEW_IMAGE stream — counts 1). A KEYS_ONLY",
            "stream gives writes only, and no GSI keys. Reads and throttled requests never",
            "reach a stream. On AWS each shard is read at most twice a second (room for a",
            "Lambda on the same stream); each GetRecords is a streams read request.",
            "",
            "Insights: Contributor Insights' top keys per minute from enablement on; it",
            "ranks consumed throughput (3 x WCU + RCU), so writes and WCU are not known",
            "separately (null in JSON, '-' in text); records and shards are 0.",
            "",
            "Exit codes: 0 printed (no writes in the window included); 1 no connection, no",
            "such table, stream off, access denied or a failed read; 2 bad options.",
            "",
            "Examples:",
            "  partitionscope heat --endpoint http://127.0.0.1:8000 --table orders \\",
            "      --source streams --range 1h --resolution 1s",
            "  partitionscope heat --profile prod --table Orders --source streams \\",
            "      --from 2026-06-22T00:00:00Z --to 2026-06-22T06:00:00Z --top 25 --json"
        })
public final class HeatCommand implements Callable<Integer> {
    @Mixin
    ConnectionOptions connection;

    @Option(names = "--table", required = true, paramLabel = "TABLE", description = "Table name.")
    String table;

    @Option(
            names = "--source",
            required = true,
            paramLabel = "streams|insights",
            description = "Where per-key heat comes from: the table's DynamoDB stream or Contributor Insights.")
    String source;

    @Option(names = "--index", paramLabel = "GSI", description = "A GSI's partition keys instead of the table's.")
    String index;

    @Mixin
    WindowOptions time;

    @Option(
            names = "--resolution",
            paramLabel = "1s|1m",
            defaultValue = "1m",
            description = "Bucket width of the stream's heat (any number of s or m). Default: ${DEFAULT-VALUE}.")
    String resolution;

    @Option(
            names = "--top",
            paramLabel = "N",
            defaultValue = "20",
            description = "Keys to list, busiest first. Default: ${DEFAULT-VALUE}.")
    int top;

    @Option(names = "--json", description = "Print one JSON object instead of text.")
    boolean json;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter err = spec.commandLine().getErr();
        HeatSource heatSource;
        try {
            heatSource = HeatSource.parse(source);
        } catch (IllegalArgumentException e) {
            return usage(err, e.getMessage() + ".", "--source streams or --source insights.");
        }
        if (heatSource == HeatSource.BOTH) {
            return usage(err, "--source both is for the window.", "Run heat once per source.");
        }
        int seconds = resolutionSeconds(resolution);
        if (seconds <= 0) {
            return usage(err, "'" + resolution + "' is not a resolution.", "Give 1s, 10s, 1m, 5m …");
        }
        if (top < 1) {
            return usage(err, "--top must be at least 1, not " + top + ".", "Give --top N with N of 1 or more.");
        }
        if (index != null && index.isBlank()) {
            return usage(err, "--index needs a GSI name.", "Leave it out for the table's own keys.");
        }
        time.defaultRange = TimeRange.Preset.LAST_1H;
        if (!time.check(err)) {
            return CliSupport.USAGE;
        }
        return connection.run(spec, "DescribeTable", c -> report(c, heatSource, seconds));
    }

    /** {@code 1s}, {@code 60s}, {@code 1m}, {@code 5m} or a bare number of seconds; -1 when not one. */
    static int resolutionSeconds(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        int factor = 1;
        if (t.endsWith("m")) {
            factor = 60;
            t = t.substring(0, t.length() - 1);
        } else if (t.endsWith("s")) {
            t = t.substring(0, t.length() - 1);
        }
        try {
            int n = Integer.parseInt(t.trim());
            return n > 0 && n <= 86_400 / factor ? n * factor : -1;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static int usage(PrintWriter err, String message, String hint) {
        return WindowOptions.usage(err, message, hint);
    }

    private static int failed(PrintWriter err, DataStatus status, String hint) {
        err.println("error: " + status.message());
        if (hint != null) {
            err.println("  what to do: " + hint);
        }
        err.flush();
        return CliSupport.FAILED;
    }

    /** One key of the report; null numbers are not known from the source. */
    record KeyHeat(String partitionKey, Long writes, Number writeUnits, Number peakWriteUnitsPerSecond) {}

    private int report(Connection c, HeatSource heatSource, int resolutionSeconds) throws Exception {
        PrintWriter err = spec.commandLine().getErr();
        TableShape shape;
        try {
            shape = new TableGateway(c).describe(table);
        } catch (ResourceNotFoundException e) {
            err.println("error: Table '" + table + "' not found at " + c.whereLabel() + ".");
            err.println("  what to do: check the name and region; 'partitionscope tables' with the same connection"
                    + " options lists the tables there.");
            err.flush();
            return CliSupport.FAILED;
        }
        if (index != null && !shape.globalIndexNames().contains(index)) {
            List<String> gsis = shape.globalIndexNames();
            return usage(
                    err,
                    "Table '" + shape.name() + "' has no global secondary index '" + index + "'.",
                    gsis.isEmpty()
                            ? "It has no GSIs; leave out --index."
                            : "Its GSIs: " + String.join(", ", gsis) + ".");
        }
        TimeRange.Window w = time.window(c.clock().now(), err);
        if (w == null) {
            return CliSupport.USAGE;
        }
        MetricsCommand.Progress progress = MetricsCommand.Progress.forTerminal(err);
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("table", shape.name());
        doc.put("index", index);
        doc.put("source", heatSource == HeatSource.STREAMS ? "streams" : "insights");
        doc.put("start", w.start().toString());
        doc.put("end", w.end().toString());
        List<KeyHeat> keys = new ArrayList<>();
        String header;
        if (heatSource == HeatSource.STREAMS) {
            progress.show("Reading the stream…");
            StreamHeatReader.Result r = new StreamHeatReader(c)
                    .read(
                            new StreamHeatReader.Request(shape.name(), index, w.start(), w.end(), resolutionSeconds),
                            () -> false,
                            new StreamHeatReader.Listener() {
                                @Override
                                public void progress(int shardsDone, int shardsTotal, long records, long calls) {
                                    progress.show(String.format(
                                            Locale.ROOT,
                                            "Reading the stream: %d of %d shards, %,d records, %,d calls…",
                                            shardsDone,
                                            shardsTotal,
                                            records,
                                            calls));
                                }
                            });
            progress.clear();
            DataState state = r.status().state();
            if (!state.hasValues() && state != DataState.NO_DATA) {
                return failed(err, r.status(), hint(state, r.status()));
            }
            doc.put("resolutionSeconds", resolutionSeconds);
            doc.put("records", r.records());
            doc.put("shards", r.shards());
            for (StreamKeyTotal k : r.keys().subList(0, Math.min(top, r.keys().size()))) {
                keys.add(new KeyHeat(
                        k.partitionKey(),
                        k.writes(),
                        Double.isNaN(k.writeUnits()) ? null : (Number) Math.round(k.writeUnits()),
                        Double.isNaN(k.peakWriteUnitsPerSecond())
                                ? null
                                : (Number) Math.round(k.peakWriteUnitsPerSecond())));
            }
            header = String.format(
                    Locale.ROOT,
                    "%s · stream %s · %s → %s · %d s buckets%n%,d writes from %d shards (%d open), %,d GetRecords"
                            + " calls%s%n",
                    new Resource(shape.name(), index).label(),
                    r.viewType(),
                    w.start(),
                    w.end(),
                    resolutionSeconds,
                    r.records(),
                    r.shards(),
                    r.openShards(),
                    r.calls(),
                    state == DataState.NO_DATA ? "\n" + r.status().message() : "");
        } else {
            progress.show("Reading metrics and Contributor Insights…");
            TrafficLoader.Traffic t = new TrafficLoader(c)
                    .load(
                            shape,
                            TimeRange.custom(w.start(), w.end(), true),
                            time.now(c.clock().now()),
                            HeatSource.INSIGHTS,
                            0,
                            () -> false,
                            new TrafficLoader.Listener() {
                                @Override
                                public void reports(int done, int total) {
                                    progress.show("Contributor Insights: report " + done + " of " + total + "…");
                                }
                            });
            progress.clear();
            Resource resource = new Resource(shape.name(), index);
            KeyTimeMatrix m =
                    t.insights() == null ? null : t.insights().partitionKeys().get(resource);
            DataStatus status = t.insights() == null
                    ? DataStatus.of(DataState.FAILED, "Contributor Insights was not read")
                    : t.insights()
                            .status()
                            .getOrDefault(
                                    resource,
                                    DataStatus.of(
                                            DataState.NOT_ENABLED, "no Contributor Insights for " + resource.label()));
            if (!status.state().hasValues() && status.state() != DataState.NO_DATA) {
                return failed(err, status, hint(status.state(), status));
            }
            doc.put("resolutionSeconds", t.plan().periodSeconds());
            doc.put("records", 0);
            doc.put("shards", 0);
            if (m != null) {
                boolean units = m.unit() == MatrixUnit.WRITE_UNITS_PER_SECOND;
                for (int row = 0; row < m.rowCount() && keys.size() < top; row++) {
                    RowKey k = m.row(row);
                    if (k.other()) {
                        continue;
                    }
                    keys.add(new KeyHeat(
                            k.partitionKey(),
                            null,
                            units ? (Number) (m.rowTotal(row) * m.bucketSeconds()) : null,
                            units ? (Number) m.rowPeak(row) : null));
                }
            }
            header = String.format(
                    Locale.ROOT,
                    "%s · Contributor Insights · %s → %s · %d s buckets%n%s%n",
                    resource.label(),
                    w.start(),
                    w.end(),
                    t.plan().periodSeconds(),
                    "Top keys by consumed throughput (3 x WCU + RCU): writes and WCU are not known separately");
        }
        doc.put("keys", keys);
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(CliSupport.json().writeValueAsString(doc));
        } else {
            out.print(header);
            out.print(text(keys));
        }
        return CliSupport.OK;
    }

    private static String hint(DataState state, DataStatus status) {
        return switch (state) {
            case NOT_ENABLED ->
                status.detail() != null && status.detail().startsWith("Streams")
                        ? "enable a stream on the table (NEW_AND_OLD_IMAGES gives write units too); it holds writes"
                                + " from then on — or use --source insights."
                        : "enable Contributor Insights on the table, or use --source streams.";
            case ACCESS_DENIED ->
                "ask for " + status.permission() + ", or use a profile that has it. "
                        + IamPolicies.accessDeniedHint(status.permission());
            default -> null;
        };
    }

    static String text(List<KeyHeat> keys) {
        if (keys.isEmpty()) {
            return "\n(no keys)\n";
        }
        int width = "PARTITION KEY".length();
        for (KeyHeat k : keys) {
            width = Math.max(width, Math.min(60, k.partitionKey().length()));
        }
        StringBuilder sb = new StringBuilder("\n");
        String format = "%-" + width + "s  %14s  %14s  %12s%n";
        sb.append(String.format(Locale.ROOT, format, "PARTITION KEY", "WRITES", "WCU", "PEAK WCU/s"));
        for (KeyHeat k : keys) {
            String key = k.partitionKey().length() > 60 ? k.partitionKey().substring(0, 59) + "…" : k.partitionKey();
            sb.append(String.format(
                    Locale.ROOT,
                    format,
                    key,
                    k.writes() == null ? "-" : String.format(Locale.ROOT, "%,d writes", k.writes()),
                    k.writeUnits() == null
                            ? "-"
                            : String.format(
                                    Locale.ROOT, "%,.0f WCU", k.writeUnits().doubleValue()),
                    k.peakWriteUnitsPerSecond() == null
                            ? "-"
                            : String.format(
                                    Locale.ROOT,
                                    "%,.0f WCU/s",
                                    k.peakWriteUnitsPerSecond().doubleValue())));
        }
        return sb.toString();
    }
}
