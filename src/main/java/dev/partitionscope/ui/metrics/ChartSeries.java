package dev.partitionscope.ui.metrics;

import dev.partitionscope.core.metrics.DataStatus;
import dev.partitionscope.core.metrics.MetricPeriod;
import dev.partitionscope.core.metrics.MetricQuery;
import dev.partitionscope.core.metrics.MetricsSnapshot;
import dev.partitionscope.core.metrics.Resource;
import dev.partitionscope.core.metrics.TableMetric;
import dev.partitionscope.core.metrics.TableMetric.Cause;
import dev.partitionscope.core.metrics.TableMetric.Direction;
import dev.partitionscope.core.metrics.Verdicts;
import dev.partitionscope.ui.common.chart.TimeChart;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Turns a snapshot into what each metrics chart draws for one resource: the series with their names and colours,
 * the axis label with its unit, and the chart's data state. No JavaFX nodes, so it is tested without a toolkit.
 */
final class ChartSeries {
    /** One chart's content. {@code status} is DATA when there is something non-zero to see. */
    record Chart(String id, String title, String axis, String unit, List<TimeChart.Series> series, DataStatus status) {
        /** What an all-zero chart says over its flat line. */
        String zeroMessage() {
            return switch (id) {
                case "throttles" -> "Zero — no throttle events of any cause in this range";
                case "throttledRequests" -> "Zero — no request was throttled in this range";
                default -> "Zero in this range";
            };
        }
    }

    /** A limit line more than this many times the busiest period would flatten the consumed line to the axis. */
    static final double OFF_SCALE = 5;

    private static final String[] CAUSE_COLOURS = {
        "chart-keyrange", "chart-provisioned", "chart-account", "chart-ondemand"
    };
    private static final String[] CAUSE_NAMES = {
        "Hot partition (KeyRange)", "Provisioned capacity", "Account limit", "On-demand maximum"
    };

    private ChartSeries() {}

    static List<Chart> charts(MetricsSnapshot s, Resource r, Verdicts.Limits limits) {
        List<Chart> out = new ArrayList<>();
        out.add(capacity(s, r, Direction.READ, limits));
        out.add(capacity(s, r, Direction.WRITE, limits));
        out.add(throttles(s, r));
        out.add(perOperation(s, r, TableMetric.THROTTLED_REQUESTS));
        out.add(perOperation(s, r, TableMetric.LATENCY));
        return out;
    }

    static Chart capacity(MetricsSnapshot s, Resource r, Direction d, Verdicts.Limits limits) {
        String period = MetricPeriod.label(s.periodSeconds());
        List<TimeChart.Series> series = new ArrayList<>();
        double[] consumed = s.display(r, TableMetric.consumed(d));
        series.add(new TimeChart.Series(
                "Consumed " + d.unit() + "/s",
                d == Direction.READ ? "chart-read" : "chart-write",
                TimeChart.Kind.LINE,
                consumed));
        int colour = 3;
        for (MetricQuery q : s.plan().queries()) {
            // A global table's write units by Source (Customer, GlobalTable): replication's share of the total.
            if (q.split() != null && q.resource().equals(r) && q.metric() == TableMetric.consumed(d)) {
                series.add(new TimeChart.Series(
                        "… from " + q.split().value() + " (" + d.unit() + "/s)",
                        "chart-c" + colour,
                        TimeChart.Kind.DASHED_LINE,
                        s.display(q.key())));
                colour = colour % 8 + 1;
            }
        }
        double[] limit;
        String name;
        if (limits != null && limits.onDemand()) {
            limit = new double[s.columns()];
            Arrays.fill(limit, d == Direction.READ ? limits.read() : limits.write());
            name = "On-demand maximum" + (limits.defaultMaximum() ? " (default)" : "");
        } else {
            limit = s.display(r, TableMetric.provisioned(d));
            boolean fromMetric = Arrays.stream(limit).anyMatch(v -> !Double.isNaN(v));
            if (!fromMetric && limits != null) {
                Arrays.fill(limit, d == Direction.READ ? limits.read() : limits.write());
            }
            name = "Provisioned " + d.unit() + "/s";
        }
        double peak = max(consumed);
        double top = max(limit);
        if (!Double.isNaN(top) && !(top <= OFF_SCALE * peak)) {
            // Drawing 40,000 next to 12 would press the consumed line onto the axis: name the limit, skip the line.
            name += " " + dev.partitionscope.core.format.Units.count(Math.round(top)) + " (above the scale)";
            Arrays.fill(limit, Double.NaN);
        }
        series.add(new TimeChart.Series(name, "chart-limit", TimeChart.Kind.DASHED_LINE, limit));
        DataStatus status = s.stateOf(r, List.of(key(r, TableMetric.consumed(d))));
        return new Chart(
                d.word() + "Capacity",
                (d == Direction.READ ? "Read" : "Write") + " capacity",
                d.unit() + "/s (Sum ÷ " + period + " period)",
                d.unit() + "/s",
                series,
                status);
    }

    static Chart throttles(MetricsSnapshot s, Resource r) {
        List<TimeChart.Series> series = new ArrayList<>();
        List<MetricQuery.Key> keys = new ArrayList<>();
        Cause[] causes = Cause.values();
        for (int i = 0; i < causes.length; i++) {
            double[] read = s.display(r, TableMetric.cause(Direction.READ, causes[i]));
            double[] write = s.display(r, TableMetric.cause(Direction.WRITE, causes[i]));
            series.add(new TimeChart.Series(
                    CAUSE_NAMES[i], CAUSE_COLOURS[i], TimeChart.Kind.STACKED_BAR, add(read, write)));
            keys.add(key(r, TableMetric.cause(Direction.READ, causes[i])));
            keys.add(key(r, TableMetric.cause(Direction.WRITE, causes[i])));
        }
        double[] all = add(s.display(r, TableMetric.READ_THROTTLES), s.display(r, TableMetric.WRITE_THROTTLES));
        series.add(new TimeChart.Series("All throttle events", "chart-limit", TimeChart.Kind.DASHED_LINE, all));
        keys.add(key(r, TableMetric.READ_THROTTLES));
        keys.add(key(r, TableMetric.WRITE_THROTTLES));
        return new Chart(
                "throttles",
                "Throttle events by cause (reads + writes)",
                "events per " + MetricPeriod.label(s.periodSeconds()),
                "events",
                series,
                s.stateOf(r, keys));
    }

    /** Throttled requests (stacked) or latency (lines) per operation; only operations with datapoints are drawn. */
    static Chart perOperation(MetricsSnapshot s, Resource r, TableMetric metric) {
        Resource table = Resource.table(r.table());
        List<TimeChart.Series> series = new ArrayList<>();
        List<MetricQuery.Key> keys = new ArrayList<>();
        int colour = 1;
        for (MetricQuery.Key k : s.plan().perOperation(metric)) {
            keys.add(k);
            if (s.hasData(k)) {
                series.add(new TimeChart.Series(
                        k.label(),
                        "chart-c" + colour,
                        metric == TableMetric.LATENCY ? TimeChart.Kind.LINE : TimeChart.Kind.STACKED_BAR,
                        s.display(k)));
                colour = colour % 8 + 1;
            }
        }
        DataStatus status = s.stateOf(table, keys);
        String scope = r.isTable() ? "" : " (table-wide)";
        if (metric == TableMetric.LATENCY) {
            return new Chart(
                    "latency", "Successful request latency by operation" + scope, "ms (average)", "ms", series, status);
        }
        return new Chart(
                "throttledRequests",
                "Throttled requests by operation" + scope,
                "requests per " + MetricPeriod.label(s.periodSeconds()),
                "requests",
                series,
                status);
    }

    private static double max(double[] v) {
        double m = Double.NaN;
        for (double d : v) {
            if (!Double.isNaN(d) && (Double.isNaN(m) || d > m)) {
                m = d;
            }
        }
        return m;
    }

    private static MetricQuery.Key key(Resource r, TableMetric m) {
        return new MetricQuery.Key(r, m, null);
    }

    private static double[] add(double[] a, double[] b) {
        double[] out = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            boolean none = Double.isNaN(a[i]) && Double.isNaN(b[i]);
            out[i] = none ? Double.NaN : (Double.isNaN(a[i]) ? 0 : a[i]) + (Double.isNaN(b[i]) ? 0 : b[i]);
        }
        return out;
    }
}
