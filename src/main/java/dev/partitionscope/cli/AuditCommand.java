package dev.partitionscope.cli;

import dev.partitionscope.aws.AuditSampler;
import dev.partitionscope.aws.Connection;
import dev.partitionscope.aws.KeyAudit;
import dev.partitionscope.core.audit.Advisor;
import dev.partitionscope.core.audit.AuditReport;
import dev.partitionscope.core.audit.PatternStats;
import dev.partitionscope.core.time.TimeRange;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.Duration;
import java.time.format.DateTimeParseException;
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
 * {@code partitionscope audit}: seed 000's key audit for scripts and design docs — sample the table and its GSIs under
 * a read budget, list the partition-key patterns (cardinality, busiest key, item sizes), then the risk matrix and the
 * findings, as Markdown or one JSON object. The same {@link KeyAudit} the Audit screen runs.
 */
@Command(
        name = "audit",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Audit a table's partition-key patterns: sample it (and its GSIs) with a parallel",
            "Scan under a read budget, find the key patterns, join Contributor Insights' load,",
            "and print the risk matrix and the advisor's findings."
        },
        footer = {
            "",
            "The sample is a Scan: it consumes read capacity, paced to --budget-rcu (default 5 %% of",
            "the table's provisioned reads, or 100 RCU/s on on-demand). It never writes, so it also",
            "runs on read-only connections. Contributor Insights reports are billed on AWS;",
            "--no-insights skips them (the matrix then judges by the keys' shape).",
            "",
            "Exit codes: 0 audit printed (a sample stopped by a cap says so); 1 no connection, no",
            "such table, or a segment failed; 2 bad options.",
            "",
            "Examples:",
            "  partitionscope audit --endpoint http://127.0.0.1:8000 --table app",
            "  partitionscope audit --profile prod --table Orders --budget-rcu 50 --time-cap 2m --json"
        })
public final class AuditCommand implements Callable<Integer> {
    @Mixin
    ConnectionOptions connection;

    @Option(names = "--table", required = true, paramLabel = "T", description = "Table name.")
    String table;

    @Option(
            names = "--budget-rcu",
            paramLabel = "R",
            description = "Read budget in RCU per second (0: no budget)."
                    + " Default: 5 %% of provisioned reads, or 100 RCU/s on on-demand.")
    Double budgetRcu;

    @Option(
            names = "--segments",
            paramLabel = "N",
            defaultValue = "" + AuditSampler.DEFAULT_SEGMENTS,
            description = "Parallel Scan segments. Default: ${DEFAULT-VALUE}.")
    int segments;

    @Option(
            names = "--max-items",
            paramLabel = "N",
            defaultValue = "0",
            description = "Stop sampling a table or index after N items (0: no cap).")
    long maxItems;

    @Option(
            names = "--time-cap",
            paramLabel = "DURATION",
            description = "Stop sampling each table or index after" + " this long: 90s, 5m, 1h.")
    String timeCap;

    @Option(names = "--no-indexes", description = "Sample the table only, not its GSIs.")
    boolean noIndexes;

    @Option(names = "--no-insights", description = "Do not read Contributor Insights (no load in the matrix).")
    boolean noInsights;

    @Option(
            names = "--range",
            paramLabel = "1h|3h|12h|1d|1w",
            converter = MetricsCommand.RangeConverter.class,
            description = "Window of Contributor Insights load (default 3h).")
    TimeRange.Preset range;

    @Option(names = "--json", description = "Print one JSON object: patterns, matrix, findings, consumedRcu.")
    boolean json;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter err = spec.commandLine().getErr();
        AuditSampler.Options sampling;
        try {
            Duration cap = timeCap == null ? null : duration(timeCap);
            if (budgetRcu != null && (!(budgetRcu >= 0) || budgetRcu.isInfinite())) {
                throw new IllegalArgumentException("--budget-rcu is a number of RCU per second ≥ 0, not " + budgetRcu);
            }
            if (maxItems < 0) {
                throw new IllegalArgumentException("--max-items is 0 (no cap) or more, not " + maxItems);
            }
            AuditSampler.Budget budget = AuditSampler.Budget.fromOption(budgetRcu);
            sampling = AuditSampler.Options.defaults()
                    .withSegments(segments)
                    .withBudget(budget)
                    .withItemCap(maxItems)
                    .withTimeCap(cap);
        } catch (IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            err.println("  what to do: see --help; e.g. --budget-rcu 50 --segments 8 --time-cap 2m");
            err.flush();
            return CliSupport.USAGE;
        }
        KeyAudit.Options options = new KeyAudit.Options(
                sampling, !noIndexes, TimeRange.last(range == null ? TimeRange.Preset.LAST_3H : range), !noInsights);
        return connection.run(spec, "Scan", c -> report(c, options));
    }

    private int report(Connection c, KeyAudit.Options options) throws IOException {
        PrintWriter err = spec.commandLine().getErr();
        java.util.concurrent.atomic.AtomicBoolean interrupted = new java.util.concurrent.atomic.AtomicBoolean();
        Thread hook = new Thread(() -> interrupted.set(true), "audit-cancel");
        Runtime.getRuntime().addShutdownHook(hook);
        KeyAudit.Result r;
        try {
            r = new KeyAudit(c).run(table, options, interrupted::get, new KeyAudit.Listener() {
                @Override
                public void resource(String resource, int n, int total) {
                    if (!json) {
                        err.printf("sampling %s (%d of %d)…%n", resource, n, total);
                        err.flush();
                    }
                }
            });
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // Ctrl+C: the hook ran
            }
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(CliSupport.json().writeValueAsString(json(r)));
        } else {
            out.print(text(c, r));
        }
        out.flush();
        boolean failed = r.resources().stream().anyMatch(a -> a.sampling().stop() == AuditSampler.Stop.FAILED);
        if (failed) {
            err.println("warning: a segment failed; the sample is partial: "
                    + r.resources().stream()
                            .filter(a -> a.sampling().stop() == AuditSampler.Stop.FAILED)
                            .map(a -> a.label() + ": "
                                    + String.join("; ", a.sampling().problems()))
                            .toList());
            err.flush();
            return CliSupport.FAILED;
        }
        return CliSupport.OK;
    }

    private static String text(Connection c, KeyAudit.Result r) {
        StringBuilder summary = new StringBuilder();
        for (KeyAudit.ResourceAudit a : r.resources()) {
            summary.append(String.format(
                    Locale.ROOT, "%s: %s.%n", a.label(), a.sampling().summary()));
        }
        summary.append(r.loadNote()).append('.');
        StringBuilder sb = new StringBuilder(AuditReport.markdown(
                "Key audit: " + r.shape().name() + " (" + c.whereLabel() + ")",
                summary.toString().strip(),
                r.advice()));
        sb.append("\n## Key patterns\n");
        for (KeyAudit.ResourceAudit a : r.resources()) {
            sb.append("\n### ")
                    .append(a.label())
                    .append(String.format(Locale.ROOT, " — %,d items sampled%n%n", a.itemsSampled()));
            if (a.patterns().isEmpty()) {
                sb.append("No items: nothing to audit here.\n");
                continue;
            }
            sb.append("| Pattern | Items | Keys (est.) | Busiest key | Item size p50 / p99 | One write / read |\n");
            sb.append("|---|---|---|---|---|---|\n");
            for (PatternStats p : a.patterns()) {
                sb.append(String.format(
                        Locale.ROOT,
                        "| `%s` | %,d (%.0f %%) | %s | %s | %,d B / %,d B | %s WCU /" + " %s RCU |%n",
                        p.template().replace("|", "\\|"),
                        p.itemsSampled(),
                        p.itemShare() * 100,
                        cardinality(p),
                        p.topKeys().isEmpty()
                                ? ""
                                : p.topKeys().get(0).key().replace("|", "\\|")
                                        + String.format(Locale.ROOT, " (%.0f %%)", p.topKeyShare() * 100),
                        p.itemBytes().p50(),
                        p.itemBytes().p99(),
                        num(p.costAtP50().writeUnits()),
                        num(p.costAtP50().strongReadUnits())));
            }
        }
        return sb.toString();
    }

    private static String cardinality(PatternStats p) {
        if (p.cardinalityError() > 0) {
            return String.format(
                    Locale.ROOT, "≈ %,d (± %.1f %%)", p.estimatedCardinality(), p.cardinalityError() * 100);
        }
        return String.format(Locale.ROOT, "%,d", p.estimatedCardinality());
    }

    private static String num(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.1f", v);
    }

    private static Map<String, Object> json(KeyAudit.Result r) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("table", r.shape().name());
        doc.put("consumedRcu", r.consumedRcu());
        doc.put("complete", r.complete());
        doc.put("load", r.loadNote());
        List<Map<String, Object>> patterns = new ArrayList<>();
        for (KeyAudit.ResourceAudit a : r.resources()) {
            for (PatternStats p : a.patterns()) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("resource", a.label());
                m.put("template", p.template());
                m.put("itemsSampled", p.itemsSampled());
                m.put("distinctSeen", p.distinctSeen());
                m.put("estimatedCardinality", p.estimatedCardinality());
                m.put("cardinalityError", p.cardinalityError());
                m.put("topKeyShare", p.topKeyShare());
                m.put(
                        "topKeys",
                        p.topKeys().stream()
                                .map(k -> Map.of("key", k.key(), "items", k.items()))
                                .toList());
                m.put(
                        "itemSize",
                        Map.of(
                                "p50",
                                p.itemBytes().p50(),
                                "p99",
                                p.itemBytes().p99(),
                                "max",
                                p.itemBytes().max()));
                p.timeBucket().ifPresent(b -> m.put("timeBucket", b.name().toLowerCase(Locale.ROOT)));
                if (p.hasShardSuffix()) {
                    m.put("shardSuffixes", p.shardCount());
                }
                patterns.add(m);
            }
        }
        doc.put("patterns", patterns);
        List<Map<String, Object>> matrix = new ArrayList<>();
        for (Advisor.RiskRow row : r.advice().matrix()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("pattern", row.pattern());
            m.put("resource", row.resource());
            m.put("cardinality", row.cardinality());
            m.put("peak", row.peak());
            m.put("burst", row.burst());
            m.put("growth", row.growth());
            m.put("risk", row.risk().name());
            m.put("reason", row.reason());
            matrix.add(m);
        }
        doc.put("matrix", matrix);
        List<Map<String, Object>> findings = new ArrayList<>();
        for (Advisor.Finding f : r.advice().findings()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("severity", f.severity().name());
            m.put("action", f.action().name());
            m.put("pattern", f.pattern());
            m.put("resource", f.resource());
            m.put("message", f.message());
            m.put("suggestedScheme", f.suggestedScheme());
            m.put("seed", f.seed());
            findings.add(m);
        }
        doc.put("findings", findings);
        List<Map<String, Object>> sampling = new ArrayList<>();
        for (KeyAudit.ResourceAudit a : r.resources()) {
            sampling.add(Map.of(
                    "resource",
                    a.label(),
                    "stop",
                    a.sampling().stop().name(),
                    "items",
                    a.sampling().items(),
                    "consumedRcu",
                    a.sampling().consumedRcu(),
                    "budget",
                    a.sampling().budget().basis()));
        }
        doc.put("sampling", sampling);
        return doc;
    }

    static Duration duration(String text) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        try {
            if (t.matches("\\d+(ms|s|m|h)")) {
                long n = Long.parseLong(t.replaceAll("\\D", ""));
                return t.endsWith("ms")
                        ? Duration.ofMillis(n)
                        : t.endsWith("s")
                                ? Duration.ofSeconds(n)
                                : t.endsWith("m") ? Duration.ofMinutes(n) : Duration.ofHours(n);
            }
            return Duration.parse(text.strip().toUpperCase(Locale.ROOT));
        } catch (DateTimeParseException | NumberFormatException e) {
            throw new IllegalArgumentException("--time-cap " + text + ": give e.g. 90s, 5m or 1h");
        }
    }
}
