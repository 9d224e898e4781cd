package dev.partitionscope.cli;

import dev.partitionscope.core.heat.TopKey;
import dev.partitionscope.core.metrics.DataState;
import dev.partitionscope.core.metrics.DataStatus;
import dev.partitionscope.core.metrics.MetricPeriod;
import dev.partitionscope.core.metrics.MetricPlan;
import dev.partitionscope.core.metrics.MetricQuery;
import dev.partitionscope.core.metrics.MetricsSnapshot;
import dev.partitionscope.core.metrics.Resource;
import dev.partitionscope.core.metrics.TableMetric;
import dev.partitionscope.core.metrics.TableMetric.Cause;
import dev.partitionscope.core.metrics.TableMetric.Direction;
import dev.partitionscope.core.metrics.Verdict;
import dev.partitionscope.core.table.TableShape;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What {@code partitionscope metrics} prints, as text for a person or as one JSON object for a script. Both are
 * built from the same numbers, so a number a reviewer reads in the text is the one CI asserts on in the JSON.
 *
 * @param insights null when Contributor Insights was skipped ({@code --no-insights})
 */
record MetricsReport(TableShape shape, MetricsSnapshot snapshot, Verdict verdict, Insights insights) {
    private static final DateTimeFormatter TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm", Locale.ROOT).withZone(ZoneOffset.UTC);
    private static final int WIDTH = 100;

    /** The top keys of one resource, and why they are what they are (or why there are none). */
    record Insights(Resource resource, DataStatus status, List<TopKey> topKeys) {
        Insights {
            topKeys = List.copyOf(topKeys);
        }
    }

    // JSON

    Map<String, Object> json() {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("table", shape.name());
        doc.put("start", snapshot.plan().start());
        doc.put("end", snapshot.plan().end());
        doc.put("periodSeconds", snapshot.periodSeconds());
        doc.put("metrics", status(snapshot.status()));
        List<Object> unanswered = new ArrayList<>();
        snapshot.incomplete().forEach((key, answer) -> {
            Map<String, Object> o = resourceName(key.resource());
            o.put("metric", key.metric().metricName());
            o.put("operation", key.operation());
            if (key.split() != null) {
                o.put(key.split().name(), key.split().value());
            }
            o.put("answer", answer.name());
            unanswered.add(o);
        });
        doc.put("unansweredSeries", unanswered);
        doc.put("publishing", snapshot.plan().notes());
        doc.put("verdict", verdictJson());
        List<Object> resources = new ArrayList<>();
        for (Resource r : snapshot.resources()) {
            resources.add(resourceJson(r));
        }
        doc.put("resources", resources);
        Map<String, Object> throttled = new LinkedHashMap<>();
        throttledRequests().forEach((op, n) -> throttled.put(op, number(n)));
        doc.put("throttledRequests", throttled);
        doc.put("insights", insights == null ? null : insightsJson());
        return doc;
    }

    private Map<String, Object> verdictJson() {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("kind", verdict.kind().name());
        v.put("headline", verdict.headline());
        v.put("detail", verdict.detail());
        v.put("resource", verdict.resource() == null ? null : resourceName(verdict.resource()));
        v.put(
                "direction",
                verdict.direction() == null ? null : verdict.direction().name());
        v.put("utilization", number(verdict.utilization()));
        v.put("inferred", verdict.inferred());
        // Without metrics the counts are unknown, not zero.
        Map<String, Object> events = new LinkedHashMap<>();
        for (Cause c : Cause.values()) {
            events.put(
                    c.name(),
                    metricsKnown() && causeAnswered(c) ? verdict.events().getOrDefault(c, 0L) : null);
        }
        v.put("events", events);
        return v;
    }

    /** Whether CloudWatch answered every planned series of a cause completely (else its count is unknown). */
    private boolean causeAnswered(Cause c) {
        for (MetricQuery q : snapshot.plan().queries()) {
            if (q.metric().cause() == c && !snapshot.complete(q.key())) {
                return false;
            }
        }
        return true;
    }

    private Map<String, Object> resourceJson(Resource r) {
        boolean known = metricsKnown();
        Map<String, Object> o = resourceName(r);
        o.put("consumedRead", known ? number(snapshot.total(r, TableMetric.CONSUMED_READ)) : null);
        o.put("consumedWrite", known ? number(snapshot.total(r, TableMetric.CONSUMED_WRITE)) : null);
        o.put("peakReadPerSecond", known ? number(peak(r, Direction.READ)) : null);
        o.put("peakWritePerSecond", known ? number(peak(r, Direction.WRITE)) : null);
        // By cause, then read/write; TOTAL is Read/WriteThrottleEvents, all an endpoint without cause metrics has.
        Map<String, Object> throttles = new LinkedHashMap<>();
        for (Cause c : Cause.values()) {
            throttles.put(c.name(), directions(r, d -> TableMetric.cause(d, c), known));
        }
        throttles.put("TOTAL", directions(r, TableMetric::throttles, known));
        o.put("throttles", throttles);
        return o;
    }

    private Map<String, Object> directions(
            Resource r, java.util.function.Function<Direction, TableMetric> metric, boolean known) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("read", known ? number(snapshot.total(r, metric.apply(Direction.READ))) : null);
        o.put("write", known ? number(snapshot.total(r, metric.apply(Direction.WRITE))) : null);
        return o;
    }

    private Map<String, Object> insightsJson() {
        Map<String, Object> o = status(insights.status());
        o.put("resource", resourceName(insights.resource()));
        List<Object> keys = new ArrayList<>();
        for (TopKey k : insights.topKeys()) {
            Map<String, Object> key = new LinkedHashMap<>();
            key.put("partitionKey", k.key().partitionKey());
            key.put("total", number(k.total()));
            key.put("share", number(k.share()));
            key.put("peakPerMinute", number(k.peakPerMinute()));
            key.put("peakPercentOfCeiling", number(k.peakPercentOfCeiling()));
            key.put("throttles", k.throttles());
            keys.add(key);
        }
        o.put("topKeys", keys);
        return o;
    }

    private static Map<String, Object> status(DataStatus s) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("state", s.state().name());
        o.put("detail", s.detail());
        if (s.permission() != null) {
            o.put("permission", s.permission());
        }
        return o;
    }

    private static Map<String, Object> resourceName(Resource r) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("table", r.table());
        o.put("index", r.index());
        return o;
    }

    /** JSON numbers: whole values without ".0", others to six decimals, unknown (NaN) as null. */
    static Object number(double v) {
        if (!Double.isFinite(v)) {
            return null;
        }
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return (long) v;
        }
        return BigDecimal.valueOf(v)
                .setScale(6, RoundingMode.HALF_UP)
                .stripTrailingZeros()
                .doubleValue();
    }

    // Text

    String text() {
        StringBuilder out = new StringBuilder();
        MetricPlan plan = snapshot.plan();
        out.append(shape.name())
                .append(" · ")
                .append(TIME.format(plan.start()))
                .append(" → ")
                .append(TIME.format(plan.end()))
                .append(" UTC · ")
                .append(MetricPeriod.label(plan.periodSeconds()))
                .append(" periods\n\n");
        out.append(verdict.headline()).append('\n');
        wrap(out, verdict.detail());
        out.append('\n');
        if (!metricsKnown()) {
            out.append("Metrics: ").append(snapshot.status().message()).append("\n");
        } else {
            out.append("Capacity and throttles (metrics: ")
                    .append(snapshot.status().message())
                    .append(")\n");
            List<String[]> rows = new ArrayList<>();
            rows.add(new String[] {
                "resource", "consumed RCU", "consumed WCU", "peak RCU/s", "peak WCU/s", "throttle events"
            });
            for (Resource r : snapshot.resources()) {
                rows.add(new String[] {
                    r.label(),
                    format(snapshot.total(r, TableMetric.CONSUMED_READ)),
                    format(snapshot.total(r, TableMetric.CONSUMED_WRITE)),
                    format(peak(r, Direction.READ)),
                    format(peak(r, Direction.WRITE)),
                    throttleText(r)
                });
            }
            table(out, rows, "LRRRRL");
            Map<String, Double> ops = throttledRequests();
            out.append("\nThrottled requests by operation");
            if (ops.isEmpty()) {
                out.append(": none\n");
            } else {
                out.append('\n');
                List<String[]> opRows = new ArrayList<>();
                ops.forEach((op, n) -> opRows.add(new String[] {op, format(n)}));
                table(out, opRows, "LR");
            }
        }
        if (!plan.notes().isEmpty()) {
            out.append("\nWhat this table publishes\n");
            plan.notes().forEach(n -> wrap(out, "· " + n));
        }
        if (insights != null) {
            out.append('\n');
            insightsText(out);
        }
        return out.toString();
    }

    private void insightsText(StringBuilder out) {
        DataStatus s = insights.status();
        out.append("Top keys · ")
                .append(insights.resource().label())
                .append(" · Contributor Insights: ")
                .append(s.message())
                .append('\n');
        if (insights.topKeys().isEmpty()) {
            if (s.state().hasValues()) {
                out.append("  no key consumed capacity or was throttled in this range\n");
            }
            return;
        }
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"#", "partition key", "share", "peak units/min", "% of key ceiling", "throttles"});
        int i = 1;
        for (TopKey k : insights.topKeys()) {
            rows.add(new String[] {
                String.valueOf(i++),
                k.key().partitionKey(),
                percent(k.share() * 100),
                format(k.peakPerMinute()),
                percent(k.peakPercentOfCeiling()),
                format((double) k.throttles())
            });
        }
        table(out, rows, "RLRRRR");
        out.append("  units: consumed throughput units (3 × WCU + RCU); one key can take at most 180,000 a minute\n");
    }

    private String throttleText(Resource r) {
        List<String> parts = new ArrayList<>();
        for (Direction d : Direction.values()) {
            double causes = 0;
            for (Cause c : Cause.values()) {
                double n = snapshot.total(r, TableMetric.cause(d, c));
                causes += n;
                if (n > 0) {
                    parts.add(format(n) + " " + shortCause(c) + " " + d.word());
                }
            }
            double all = snapshot.total(r, TableMetric.throttles(d));
            if (causes == 0 && all > 0) {
                parts.add(format(all) + " " + d.word() + " (no cause reported)");
            }
        }
        return parts.isEmpty() ? "none" : String.join(", ", parts);
    }

    private static String shortCause(Cause c) {
        return switch (c) {
            case KEY_RANGE -> "KeyRange";
            case PROVISIONED -> "provisioned";
            case ACCOUNT_LIMIT -> "account-limit";
            case MAX_ON_DEMAND -> "on-demand-max";
        };
    }

    // Numbers

    /** Whether the numbers mean something: the metrics loaded, perhaps with no datapoints (no traffic). */
    private boolean metricsKnown() {
        DataState s = snapshot.status().state();
        return s.hasValues() || s == DataState.NO_DATA;
    }

    /** The busiest period's consumed units per second (Sum ÷ Period); 0 without datapoints. */
    private double peak(Resource r, Direction d) {
        double max = 0;
        for (double v : snapshot.display(r, TableMetric.consumed(d))) {
            if (!Double.isNaN(v)) {
                max = Math.max(max, v);
            }
        }
        return max;
    }

    /** ThrottledRequests of every operation that has datapoints, in the plan's order. */
    private Map<String, Double> throttledRequests() {
        Map<String, Double> out = new LinkedHashMap<>();
        for (MetricQuery.Key key : snapshot.plan().perOperation(TableMetric.THROTTLED_REQUESTS)) {
            if (snapshot.hasData(key)) {
                out.put(key.label(), snapshot.total(key));
            }
        }
        return out;
    }

    static String format(double v) {
        if (!Double.isFinite(v)) {
            return "—";
        }
        if (v == Math.rint(v)) {
            return String.format(Locale.ROOT, "%,d", (long) v);
        }
        return String.format(Locale.ROOT, Math.abs(v) >= 100 ? "%,.0f" : Math.abs(v) >= 1 ? "%.1f" : "%.2f", v);
    }

    static String percent(double p) {
        if (!Double.isFinite(p)) {
            return "—";
        }
        return p > 0 && p < 0.1 ? "< 0.1 %" : String.format(Locale.ROOT, "%.1f %%", p);
    }

    // Layout

    /** Columns padded to their widest cell, aligned as {@code align} says per column: 'L'eft or 'R'ight. */
    private static void table(StringBuilder out, List<String[]> rows, String align) {
        int columns = rows.get(0).length;
        int[] width = new int[columns];
        for (String[] row : rows) {
            for (int c = 0; c < columns; c++) {
                width[c] = Math.max(width[c], row[c].length());
            }
        }
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder("  ");
            for (int c = 0; c < columns; c++) {
                boolean alignLeft = align.charAt(c) == 'L';
                String pad = " ".repeat(width[c] - row[c].length());
                line.append(alignLeft ? row[c] + pad : pad + row[c]).append(c < columns - 1 ? "  " : "");
            }
            out.append(line.toString().stripTrailing()).append('\n');
        }
    }

    // split(" ") drops the empty words after trailing spaces, so a wrapped line never ends in blanks.
    @SuppressWarnings("StringSplitter")
    private static void wrap(StringBuilder out, String text) {
        if (text == null || text.isBlank()) {
            return;
        }
        StringBuilder line = new StringBuilder("  ");
        for (String word : text.split(" ")) {
            if (line.length() > 2 && line.length() + 1 + word.length() > WIDTH) {
                out.append(line).append('\n');
                line = new StringBuilder("  ");
            }
            line.append(line.length() > 2 ? " " : "").append(word);
        }
        out.append(line).append('\n');
    }
}
