package dev.partitionscope.core.fleet;

import dev.partitionscope.core.metrics.MetricQuery;
import dev.partitionscope.core.metrics.Resource;
import dev.partitionscope.core.metrics.SeriesAnswer;
import dev.partitionscope.core.metrics.TableMetric;
import dev.partitionscope.core.metrics.TableMetric.Cause;
import dev.partitionscope.core.metrics.TableMetric.Direction;
import dev.partitionscope.core.metrics.Verdicts;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The fleet's CloudWatch questions: for every table and GSI, consumed read and write units, throttle events and the
 * four throttle causes, read and write — twelve series per resource, batched by the reader into GetMetricData calls
 * of up to 500. {@link #rows} turns the answers into one {@link FleetRow} per resource; a series CloudWatch did not
 * answer completely makes the numbers resting on it unknown (null), never zero.
 */
public final class FleetPlan {
    /** The series read per resource. */
    public static final List<TableMetric> METRICS = List.of(
            TableMetric.CONSUMED_READ,
            TableMetric.CONSUMED_WRITE,
            TableMetric.READ_THROTTLES,
            TableMetric.WRITE_THROTTLES,
            TableMetric.READ_KEY_RANGE,
            TableMetric.WRITE_KEY_RANGE,
            TableMetric.READ_PROVISIONED,
            TableMetric.WRITE_PROVISIONED,
            TableMetric.READ_ACCOUNT_LIMIT,
            TableMetric.WRITE_ACCOUNT_LIMIT,
            TableMetric.READ_MAX_ON_DEMAND,
            TableMetric.WRITE_MAX_ON_DEMAND);

    private final Instant start;
    private final int periodSeconds;
    private final int columns;
    private final List<Resource> resources;
    private final List<MetricQuery> queries = new ArrayList<>();
    private final Map<MetricQuery.Key, String> ids = new LinkedHashMap<>();

    /**
     * @param start         the window's start, aligned to the period
     * @param periodSeconds CloudWatch's period (a multiple of 60)
     * @param columns       periods in the window
     */
    public FleetPlan(Instant start, int periodSeconds, int columns, List<Resource> resources) {
        if (periodSeconds <= 0 || periodSeconds % 60 != 0 || columns <= 0) {
            throw new IllegalArgumentException("period " + periodSeconds + " s × " + columns + " columns");
        }
        this.start = start;
        this.periodSeconds = periodSeconds;
        this.columns = columns;
        this.resources = List.copyOf(resources);
        for (Resource r : this.resources) {
            for (TableMetric m : METRICS) {
                if (r.isTable() || m.perIndex()) {
                    MetricQuery q = new MetricQuery("q" + queries.size(), r, m, null);
                    queries.add(q);
                    ids.put(q.key(), q.id());
                }
            }
        }
    }

    public List<MetricQuery> queries() {
        return Collections.unmodifiableList(queries);
    }

    public List<Resource> resources() {
        return resources;
    }

    public Instant start() {
        return start;
    }

    public Instant end() {
        return start.plusSeconds((long) periodSeconds * columns);
    }

    public int periodSeconds() {
        return periodSeconds;
    }

    public int columns() {
        return columns;
    }

    /** The column of a datapoint's timestamp, or -1 outside the window. */
    public int column(Instant timestamp) {
        long c = Math.floorDiv(timestamp.getEpochSecond() - start.getEpochSecond(), periodSeconds);
        return c < 0 || c >= columns ? -1 : (int) c;
    }

    /** What CloudWatch said for one series: its values per column (NaN: no datapoint) and how it answered. */
    public record Series(double[] values, SeriesAnswer answer) {}

    /** What DescribeTable and Contributor Insights said of a resource. */
    public record Facts(Verdicts.Limits limits, String contributorInsights, String stream) {}

    /**
     * One row per resource, in {@link FleetRow#ORDER}.
     *
     * @param answers series by query id; a missing id is a series never answered
     * @param facts   per resource; a missing one leaves peak %, insights and stream unknown
     */
    public List<FleetRow> rows(Map<String, Series> answers, Map<Resource, Facts> facts) {
        List<FleetRow> rows = new ArrayList<>(resources.size());
        for (Resource r : resources) {
            Facts f = facts.get(r);
            Double keyRange = sum(answers, r, TableMetric.READ_KEY_RANGE, TableMetric.WRITE_KEY_RANGE);
            Double causes = sum(
                    answers,
                    r,
                    TableMetric.READ_PROVISIONED,
                    TableMetric.WRITE_PROVISIONED,
                    TableMetric.READ_ACCOUNT_LIMIT,
                    TableMetric.WRITE_ACCOUNT_LIMIT,
                    TableMetric.READ_MAX_ON_DEMAND,
                    TableMetric.WRITE_MAX_ON_DEMAND);
            Double events = sum(answers, r, TableMetric.READ_THROTTLES, TableMetric.WRITE_THROTTLES);
            Long other = null;
            if (causes != null && events != null && keyRange != null) {
                // Events without a cause metric (an endpoint that publishes only the totals) are "other" too.
                other = Math.round(Math.max(causes, events - keyRange));
            } else if (causes != null) {
                other = Math.round(causes);
            }
            rows.add(new FleetRow(
                    r.table(),
                    r.index(),
                    keyRange == null ? null : Math.round(keyRange),
                    other,
                    sum(answers, r, TableMetric.CONSUMED_READ),
                    sum(answers, r, TableMetric.CONSUMED_WRITE),
                    f == null ? null : peakPercent(answers, r, f.limits()),
                    f == null ? null : f.contributorInsights(),
                    f == null || !r.isTable() ? null : f.stream(),
                    sparkline(answers, r)));
        }
        rows.sort(FleetRow.ORDER);
        return rows;
    }

    private Series series(Map<String, Series> answers, Resource r, TableMetric m) {
        String id = ids.get(new MetricQuery.Key(r, m, null));
        return id == null ? null : answers.get(id);
    }

    /** The metrics' total over the window; null when any of them was not answered completely. */
    private Double sum(Map<String, Series> answers, Resource r, TableMetric... metrics) {
        double total = 0;
        for (TableMetric m : metrics) {
            if (!r.isTable() && !m.perIndex()) {
                continue;
            }
            Series s = series(answers, r, m);
            if (s == null || s.answer() != SeriesAnswer.COMPLETE) {
                return null;
            }
            for (double v : s.values()) {
                total += Double.isNaN(v) ? 0 : v;
            }
        }
        return total;
    }

    private Double peakPercent(Map<String, Series> answers, Resource r, Verdicts.Limits limits) {
        if (limits == null) {
            return null;
        }
        double peak = 0;
        for (Direction d : Direction.values()) {
            Series s = series(answers, r, TableMetric.consumed(d));
            double limit = limits.of(d);
            if (s == null || s.answer() != SeriesAnswer.COMPLETE || !(limit > 0)) {
                return null;
            }
            for (double v : s.values()) {
                if (!Double.isNaN(v)) {
                    peak = Math.max(peak, v / periodSeconds / limit * 100);
                }
            }
        }
        return peak;
    }

    private double[] sparkline(Map<String, Series> answers, Resource r) {
        double[] out = new double[columns];
        for (Direction d : Direction.values()) {
            Series events = series(answers, r, TableMetric.throttles(d));
            Series keyRange = series(answers, r, TableMetric.cause(d, Cause.KEY_RANGE));
            for (int c = 0; c < columns; c++) {
                double e = value(events, c);
                double k = value(keyRange, c);
                out[c] += Double.isNaN(e) || Double.isNaN(k) ? Double.NaN : Math.max(e, k);
            }
        }
        return out;
    }

    private static double value(Series s, int column) {
        if (s == null || s.answer() != SeriesAnswer.COMPLETE) {
            return Double.NaN;
        }
        double v = s.values()[column];
        return Double.isNaN(v) ? 0 : v;
    }
}
