package dev.partitionscope.cli;

import dev.partitionscope.aws.Connection;
import dev.partitionscope.aws.ScatterGather;
import dev.partitionscope.aws.TableGateway;
import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.item.PlainValues;
import dev.partitionscope.core.scatter.FilterInput;
import dev.partitionscope.core.scatter.ScatterPlan;
import dev.partitionscope.core.scatter.ScatterResult;
import dev.partitionscope.core.scatter.ShardStats;
import dev.partitionscope.core.scatter.SortCondition;
import dev.partitionscope.core.scheme.KeyScheme;
import dev.partitionscope.core.scheme.SchemeException;
import dev.partitionscope.core.table.IndexShape;
import dev.partitionscope.core.table.KeyAttribute;
import dev.partitionscope.core.table.KeySchema;
import dev.partitionscope.core.table.TableShape;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code partitionscope scatter}: the read side of a sharded key, run for real — one Query per shard key in
 * parallel, merged by the sort key, with per-shard items, pages, capacity, latency and throttles. A result that may be
 * short (a failed shard, the item cap) says so, names the shards, and exits 1.
 */
@Command(
        name = "scatter",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Run the N Queries a sharded key needs (\"all PENDING orders\"), in parallel,",
            "merged by sort key, with what each shard cost."
        },
        footer = {
            "",
            "Sort-key conditions: \"= V\", \"< V\", \"<= V\", \"> V\", \">= V\", \"between A and B\",",
            "\"begins_with P\" (numbers for a numeric sort key, base64 for binary).",
            "Time-bucket schemes (hour, day, month) query every bucket in [--from, --to).",
            "",
            "Ctrl+C cancels: outstanding Queries stop and what arrived is printed, marked incomplete.",
            "",
            "Exit codes: 0 complete result; 1 incomplete result (failed shards, item cap or cancel; the",
            "shards are named), or the table could not be read; 2 bad options or a bad scheme.",
            "",
            "Examples:",
            "  partitionscope scatter --endpoint http://127.0.0.1:8000 --table orders \\",
            "      --base PENDING --scheme hash:8 --limit 20",
            "  partitionscope scatter --table logs --base OPS_LOG --scheme day+hash:4 \\",
            "      --from 2026-06-21T00:00:00Z --to 2026-06-23T00:00:00Z --descending --json"
        })
public final class ScatterCommand implements Callable<Integer> {
    @Mixin
    ConnectionOptions connection;

    @Option(names = "--table", required = true, paramLabel = "T", description = "Table name.")
    String table;

    @Option(names = "--index", paramLabel = "I", description = "Query this GSI or LSI instead of the table.")
    String index;

    @Option(names = "--base", required = true, paramLabel = "KEY", description = "The logical key, e.g. PENDING.")
    String base;

    @Option(
            names = "--scheme",
            required = true,
            paramLabel = "SPEC",
            description = "The scheme the keys were written with: random:N, sum:N, product:N, hash:N, hour, day,"
                    + " month, joined with + (day+hash:8), optionally after hot values (PENDING:hash:8).")
    String scheme;

    @Option(
            names = "--separator",
            paramLabel = "S",
            defaultValue = KeyScheme.DEFAULT_SEPARATOR,
            description = "Between the key and each suffix. Default: ${DEFAULT-VALUE}.")
    String separator;

    @Option(
            names = "--from",
            paramLabel = "TIME",
            description = "Start of the time window (ISO-8601 or epoch ms)"
                    + " for hour/day/month schemes. Default: now (the current bucket).")
    String from;

    @Option(
            names = "--to",
            paramLabel = "TIME",
            description = "End of the time window, exclusive. Default: just" + " after --from.")
    String to;

    @Option(names = "--sk-condition", paramLabel = "COND", description = "Sort-key condition, e.g. \">= 100\".")
    String skCondition;

    @Option(names = "--filter", paramLabel = "EXPR", description = "FilterExpression, e.g. \"#a > :min\".")
    String filter;

    @Option(
            names = "--name",
            paramLabel = "#N=ATTR",
            description = "An expression attribute name of --filter" + " (repeatable).")
    List<String> names = new ArrayList<>();

    @Option(
            names = "--value",
            paramLabel = ":V=TYPE:VALUE",
            description =
                    "An expression attribute value of" + " --filter, TYPE S, N or BOOL, e.g. :min=N:40 (repeatable).")
    List<String> values = new ArrayList<>();

    @Option(
            names = "--projection",
            paramLabel = "ATTR",
            split = ",",
            description = "Attributes to return (keys are always added).")
    List<String> projection = new ArrayList<>();

    @Option(
            names = "--limit",
            paramLabel = "N",
            defaultValue = "0",
            description = "Merged items to return; 0 for all. Default: ${DEFAULT-VALUE}.")
    int limit;

    @Option(names = "--descending", description = "Newest/largest sort key first.")
    boolean descending;

    @Option(names = "--consistent", description = "Strongly consistent reads (table and LSIs only).")
    boolean consistent;

    @Option(
            names = "--concurrency",
            paramLabel = "N",
            defaultValue = "" + ScatterPlan.DEFAULT_CONCURRENCY,
            description = "Shard Queries in flight at once. Default: ${DEFAULT-VALUE}.")
    int concurrency;

    @Option(
            names = "--max-items",
            paramLabel = "N",
            defaultValue = "" + ScatterPlan.DEFAULT_ITEM_CAP,
            description = "Items held in memory before stopping (labelled incomplete). Default: ${DEFAULT-VALUE}.")
    int maxItems;

    @Option(
            names = "--show",
            paramLabel = "N",
            defaultValue = "50",
            description = "Items printed in text output. Default: ${DEFAULT-VALUE}.")
    int show;

    @Option(names = "--json", description = "Print one JSON object: items, shards, totals, complete.")
    boolean json;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** An extra cancel source besides Ctrl+C (tests set it). */
    static java.util.function.BooleanSupplier cancel = () -> false;

    @Override
    public Integer call() throws Exception {
        PrintWriter err = spec.commandLine().getErr();
        KeyScheme s;
        try {
            s = KeyScheme.parse(scheme);
        } catch (SchemeException e) {
            return error(err, CliSupport.USAGE, "bad --scheme: " + e.getMessage(), "See --help for the grammar.");
        }
        if (separator.isEmpty()) {
            return error(err, CliSupport.USAGE, "--separator is empty.", "Leave it out for #, or give e.g. .");
        }
        if (limit < 0 || concurrency < 1 || maxItems < 1 || show < 0) {
            return error(
                    err,
                    CliSupport.USAGE,
                    "--limit and --show must be ≥ 0, --concurrency and --max-items ≥ 1.",
                    "e.g. --limit 20 --concurrency 8");
        }
        List<String> keys;
        Map<String, String> filterNames = new LinkedHashMap<>();
        Map<String, AttrValue> filterValues = new LinkedHashMap<>();
        try {
            long fromMs = from == null ? System.currentTimeMillis() : time(from, "--from");
            long toMs = to == null ? fromMs + 1 : time(to, "--to");
            keys = ScatterPlan.shardKeys(s, base, separator, fromMs, toMs);
            for (String n : names) {
                int eq = n.indexOf('=');
                if (eq <= 0 || !n.startsWith("#")) {
                    throw new IllegalArgumentException("--name " + n + ": give #NAME=attribute");
                }
                filterNames.put(n.substring(0, eq), n.substring(eq + 1));
            }
            for (String v : values) {
                filterValues.putAll(value(v));
            }
            if (filter == null && !(filterNames.isEmpty() && filterValues.isEmpty())) {
                throw new IllegalArgumentException("--name and --value belong to --filter; give --filter too");
            }
        } catch (IllegalArgumentException e) {
            return error(err, CliSupport.USAGE, e.getMessage(), "See --help.");
        }
        return connection.run(spec, "Query", c -> run(c, keys, filterNames, filterValues));
    }

    private int run(
            Connection c, List<String> keys, Map<String, String> filterNames, Map<String, AttrValue> filterValues)
            throws IOException {
        PrintWriter err = spec.commandLine().getErr();
        TableShape shape = new TableGateway(c).describe(table);
        KeySchema schema = shape.keySchema();
        if (index != null) {
            IndexShape idx = Stream.concat(shape.globalIndexes().stream(), shape.localIndexes().stream())
                    .filter(i -> i.name().equals(index))
                    .findFirst()
                    .orElse(null);
            if (idx == null) {
                List<String> known = Stream.concat(shape.globalIndexes().stream(), shape.localIndexes().stream())
                        .map(IndexShape::name)
                        .toList();
                return error(
                        err,
                        CliSupport.USAGE,
                        table + " has no index " + index + ".",
                        known.isEmpty() ? "It has no secondary indexes; leave out --index." : "Its indexes: " + known);
            }
            schema = idx.keySchema();
        }
        KeyAttribute pk = schema.partitionKey();
        KeyAttribute sk = schema.sort().orElse(null);
        ScatterPlan plan;
        try {
            SortCondition condition = null;
            if (skCondition != null) {
                if (sk == null) {
                    throw new IllegalArgumentException(
                            (index == null ? table : index) + " has no sort key; leave" + " out --sk-condition");
                }
                condition = SortCondition.parse(skCondition, sk.type());
            }
            plan = new ScatterPlan(
                    table,
                    index,
                    pk.name(),
                    pk.type(),
                    sk == null ? null : sk.name(),
                    sk == null ? null : sk.type(),
                    keys,
                    condition,
                    filter,
                    filterNames,
                    filterValues,
                    projection,
                    !descending,
                    limit,
                    consistent,
                    concurrency,
                    maxItems);
        } catch (IllegalArgumentException e) {
            return error(err, CliSupport.USAGE, e.getMessage(), "See --help.");
        }
        // Ctrl+C cancels: outstanding Queries stop, what arrived is printed, marked incomplete.
        java.util.concurrent.atomic.AtomicBoolean interrupted = new java.util.concurrent.atomic.AtomicBoolean();
        java.util.concurrent.CountDownLatch printed = new java.util.concurrent.CountDownLatch(1);
        Thread hook = new Thread(
                () -> {
                    interrupted.set(true);
                    try {
                        printed.await(3, java.util.concurrent.TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                },
                "scatter-cancel");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            java.util.function.BooleanSupplier extra = cancel;
            ScatterResult result = new ScatterGather(c.dynamo())
                    .run(plan, () -> interrupted.get() || extra.getAsBoolean(), ScatterGather.Listener.NONE);
            PrintWriter out = spec.commandLine().getOut();
            if (json) {
                out.println(CliSupport.json().writeValueAsString(json(plan, result)));
            } else {
                out.print(text(plan, result));
            }
            out.flush();
            if (!result.complete()) {
                err.println("warning: the result is INCOMPLETE: " + String.join("; ", result.reasons()));
                err.flush();
                return CliSupport.FAILED;
            }
            return CliSupport.OK;
        } finally {
            printed.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the hook is running: it only waits for the output above
            }
        }
    }

    private static long time(String text, String option) {
        try {
            return Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            try {
                return Instant.parse(text.trim()).toEpochMilli();
            } catch (DateTimeParseException e2) {
                throw new IllegalArgumentException(
                        option + " " + text + ": give ISO-8601 (2026-06-21T00:00:00Z) or" + " epoch milliseconds");
            }
        }
    }

    private static Map<String, AttrValue> value(String spec) {
        if (!spec.contains("=") || !spec.substring(spec.indexOf('=') + 1).contains(":")) {
            throw new IllegalArgumentException("--value " + spec + ": give :NAME=TYPE:VALUE, e.g. :min=N:40");
        }
        try {
            var kv = FilterInput.value(spec);
            return Map.of(kv.getKey(), kv.getValue());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--value " + e.getMessage());
        }
    }

    private static int error(PrintWriter err, int code, String message, String hint) {
        err.println("error: " + message);
        err.println("  what to do: " + hint);
        err.flush();
        return code;
    }

    private static Map<String, Object> json(ScatterPlan plan, ScatterResult r) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("table", plan.table());
        if (plan.index() != null) {
            doc.put("index", plan.index());
        }
        doc.put("order", plan.ascending() ? "ascending" : "descending");
        doc.put("complete", r.complete());
        doc.put("reasons", r.reasons());
        doc.put("failedShards", r.failedShards());
        doc.put("cancelled", r.cancelled());
        doc.put("capped", r.capped());
        doc.put("items", r.items().stream().map(PlainValues::plain).toList());
        List<Map<String, Object>> shards = new ArrayList<>();
        for (ShardStats s : r.shards()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("key", s.key());
            m.put("state", s.state().name());
            m.put("items", s.items());
            m.put("pages", s.pages());
            m.put("consumedCapacity", s.consumedCapacity());
            m.put("latencyMs", s.latencyMs());
            m.put("retries", s.retries());
            m.put("throttles", s.throttles());
            m.put("throttleReasons", s.throttleReasons());
            m.put("error", s.error());
            shards.add(m);
        }
        doc.put("shards", shards);
        Map<String, Object> totals = new LinkedHashMap<>();
        totals.put("items", r.totals().items());
        totals.put("shards", r.shards().size());
        totals.put("pages", r.totals().pages());
        totals.put("consumedCapacity", r.totals().consumedCapacity());
        totals.put("wallMs", r.totals().wallMs());
        totals.put("slowestShardMs", r.totals().slowestShardMs());
        totals.put("throttles", r.totals().throttles());
        totals.put("retries", r.totals().retries());
        doc.put("totals", totals);
        return doc;
    }

    private String text(ScatterPlan plan, ScatterResult r) {
        StringBuilder sb = new StringBuilder();
        List<Map<String, AttrValue>> items = r.items();
        sb.append(String.format(
                Locale.ROOT,
                "%d items from %d shard keys of %s%s, %s%n",
                items.size(),
                plan.shardKeys().size(),
                plan.table(),
                plan.index() == null ? "" : " (index " + plan.index() + ")",
                plan.ascending() ? "ascending" : "descending"));
        int n = Math.min(show, items.size());
        for (int i = 0; i < n; i++) {
            Map<String, AttrValue> item = items.get(i);
            StringBuilder row = new StringBuilder();
            row.append(PlainValues.text(item.get(plan.partitionKey())));
            if (plan.sortKey() != null) {
                row.append("  ").append(PlainValues.text(item.get(plan.sortKey())));
            }
            item.forEach((k, v) -> {
                if (!k.equals(plan.partitionKey()) && !k.equals(plan.sortKey())) {
                    row.append("  ").append(k).append('=').append(PlainValues.text(v));
                }
            });
            sb.append("  ").append(row).append('\n');
        }
        if (n < items.size()) {
            sb.append(String.format(Locale.ROOT, "  … %d more (--show N, or --json for all)%n", items.size() - n));
        }
        sb.append('\n');
        int w = Math.max(
                5, r.shards().stream().mapToInt(s -> s.key().length()).max().orElse(5));
        sb.append(String.format(
                Locale.ROOT,
                "%-" + w + "s  %-10s %6s %5s %8s %8s %6s  %s%n",
                "shard",
                "state",
                "read",
                "pages",
                "RCU",
                "ms",
                "thr",
                "error / throttle reasons"));
        for (ShardStats s : r.shards()) {
            String note = s.error() != null ? s.error() : String.join(", ", s.throttleReasons());
            sb.append(String.format(
                    Locale.ROOT,
                    "%-" + w + "s  %-10s %6d %5d %8.1f %8d %6d  %s%n",
                    s.key(),
                    s.state().name().toLowerCase(Locale.ROOT),
                    s.items(),
                    s.pages(),
                    s.consumedCapacity(),
                    s.latencyMs(),
                    s.throttles(),
                    note));
        }
        var t = r.totals();
        sb.append(String.format(
                Locale.ROOT,
                "total: %d items, %d pages, %.1f RCU, wall %d ms (slowest shard %d ms)," + " %d throttles%n",
                t.items(),
                t.pages(),
                t.consumedCapacity(),
                t.wallMs(),
                t.slowestShardMs(),
                t.throttles()));
        sb.append(r.complete() ? "complete\n" : "INCOMPLETE: " + String.join("; ", r.reasons()) + "\n");
        return sb.toString();
    }
}
