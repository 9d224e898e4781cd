package dev.partitionscope.report;

import dev.partitionscope.core.heat.TopKey;
import dev.partitionscope.core.metrics.MetricQuery;
import dev.partitionscope.core.metrics.MetricsSnapshot;
import dev.partitionscope.core.metrics.Resource;
import dev.partitionscope.core.metrics.TableMetric;
import dev.partitionscope.core.metrics.TableMetric.Cause;
import dev.partitionscope.core.metrics.TableMetric.Direction;
import dev.partitionscope.core.metrics.Verdicts;
import java.util.Locale;

/**
 * The evidence tables of {@code summary.md} built from CloudWatch and Contributor Insights: throttle events by reason
 * per table and GSI (and throttled requests per operation), consumed capacity against the limit, and the top keys.
 * Numbers are formatted one way for all of them; cells are escaped so a key with a pipe cannot break a row.
 */
final class Tables {
    private Tables() {}

    static void throttles(StringBuilder md, Report r) {
        MetricsSnapshot s = r.snapshot();
        md.append("### Throttles by reason\n\n");
        if (!metricsKnown(s)) {
            md.append("CloudWatch: ").append(clause(s.status().message())).append(".\n\n");
            return;
        }
        md.append("Throttle events over the window, read / write (CloudWatch `*ThrottleEvents` by cause):\n\n");
        md.append("| Where |");
        for (Cause c : Cause.values()) {
            md.append(' ').append(c.label()).append(" |");
        }
        md.append(" all causes |\n|---|");
        md.append("---:|".repeat(Cause.values().length + 1)).append('\n');
        for (Resource res : s.resources()) {
            md.append("| ").append(cell(res.label())).append(" |");
            for (Cause c : Cause.values()) {
                md.append(' ')
                        .append(pair(
                                s, res, TableMetric.cause(Direction.READ, c), TableMetric.cause(Direction.WRITE, c)))
                        .append(" |");
            }
            md.append(' ')
                    .append(pair(s, res, TableMetric.READ_THROTTLES, TableMetric.WRITE_THROTTLES))
                    .append(" |\n");
        }
        StringBuilder ops = new StringBuilder();
        for (MetricQuery.Key key : s.plan().perOperation(TableMetric.THROTTLED_REQUESTS)) {
            if (s.hasData(key) && s.total(key) > 0) {
                ops.append(ops.length() == 0 ? "" : ", ")
                        .append(key.label())
                        .append(' ')
                        .append(number(s.total(key)));
            }
        }
        md.append("\nThrottled requests by operation: ")
                .append(ops.length() == 0 ? "none" : ops)
                .append(".\n\n");
    }

    static void capacity(StringBuilder md, Report r) {
        MetricsSnapshot s = r.snapshot();
        if (!metricsKnown(s)) {
            return;
        }
        var limits = Verdicts.limitsOf(r.shape());
        md.append("| Where | Peak WCU/s | Write limit | Peak RCU/s | Read limit | Consumed WCU | Consumed RCU |\n");
        md.append("|---|---:|---:|---:|---:|---:|---:|\n");
        for (Resource res : s.resources()) {
            Verdicts.Limits l = limits.get(res);
            md.append("| ")
                    .append(cell(res.label()))
                    .append(" | ")
                    .append(number(peak(s, res, Direction.WRITE)))
                    .append(" | ")
                    .append(limit(l, Direction.WRITE))
                    .append(" | ")
                    .append(number(peak(s, res, Direction.READ)))
                    .append(" | ")
                    .append(limit(l, Direction.READ))
                    .append(" | ")
                    .append(number(s.total(res, TableMetric.CONSUMED_WRITE)))
                    .append(" | ")
                    .append(number(s.total(res, TableMetric.CONSUMED_READ)))
                    .append(" |\n");
        }
        md.append("\nPeaks are the busiest period's average per second (Sum ÷ period), as CloudWatch reports"
                + " them.\n\n");
    }

    static void topKeys(StringBuilder md, Report r) {
        md.append("### Top keys (Contributor Insights)\n\n");
        StringBuilder states = new StringBuilder();
        for (Resource res : r.resources()) {
            states.append(states.length() == 0 ? "" : "; ")
                    .append(res.label())
                    .append(": ")
                    .append(r.insightsStatus(res).message());
        }
        md.append("Contributor Insights — ").append(clause(states.toString())).append(".\n\n");
        if (r.topKeys().isEmpty()) {
            return;
        }
        md.append("| # | Partition key | Where | Share | Peak units/min | % of key ceiling | Throttled |\n");
        md.append("|---:|---|---|---:|---:|---:|---:|\n");
        int i = 1;
        for (TopKey k : r.topKeys()) {
            md.append(String.format(
                    Locale.ROOT,
                    "| %d | `%s` | %s | %s | %s | %s | %,d |%n",
                    i++,
                    cell(k.key().label()),
                    cell(k.key().resourceLabel()),
                    percent(k.share() * 100),
                    number(k.peakPerMinute()),
                    percent(k.peakPercentOfCeiling()),
                    k.throttles()));
        }
        md.append("\nShare: of the table's (or index's) consumed throughput units in the window, keys not listed"
                + " included.\n\n");
    }

    private static String pair(MetricsSnapshot s, Resource res, TableMetric read, TableMetric write) {
        return number(s.total(res, read)) + " / " + number(s.total(res, write));
    }

    private static String limit(Verdicts.Limits l, Direction d) {
        if (l == null) {
            return "—";
        }
        double v = d == Direction.READ ? l.read() : l.write();
        if (Double.isNaN(v)) {
            return "—";
        }
        return number(v)
                + (l.onDemand() ? " (on-demand max" + (l.defaultMaximum() ? ", default)" : ")") : " (provisioned)");
    }

    private static double peak(MetricsSnapshot s, Resource r, Direction d) {
        double max = 0;
        for (double v : s.display(r, TableMetric.consumed(d))) {
            if (!Double.isNaN(v)) {
                max = Math.max(max, v);
            }
        }
        return max;
    }

    private static boolean metricsKnown(MetricsSnapshot s) {
        var state = s.status().state();
        return state.hasValues() || state == dev.partitionscope.core.metrics.DataState.NO_DATA;
    }

    static String number(double v) {
        if (!Double.isFinite(v)) {
            return "—";
        }
        if (v == Math.rint(v) || Math.abs(v) >= 100) {
            return String.format(Locale.ROOT, "%,.0f", v);
        }
        return String.format(Locale.ROOT, Math.abs(v) >= 1 ? "%.1f" : "%.2f", v);
    }

    static String percent(double p) {
        if (!Double.isFinite(p)) {
            return "—";
        }
        return p > 0 && p < 0.1 ? "< 0.1 %" : String.format(Locale.ROOT, p >= 10 ? "%.0f %%" : "%.1f %%", p);
    }

    /** A status message as a clause to end with a full stop: no trailing colon, stop or blank. */
    static String clause(String s) {
        return s == null ? "" : s.strip().replaceAll("[\\s:.]+$", "");
    }

    /** Pipes and line breaks would break a Markdown table row. */
    static String cell(String s) {
        return s == null ? "" : s.replace("|", "\\|").replace("\n", " ");
    }
}
