package dev.partitionscope.core.metrics;

import java.time.Instant;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What CloudWatch said about one table over one window: a value per period for every planned series (NaN where
 * CloudWatch had no datapoint), how CloudWatch answered each series, and how complete the whole answer is. A series
 * CloudWatch did not answer completely is unknown: its total is NaN and its absent points are never read as zero.
 * Immutable once built; the arrays handed out are copies only where callers could otherwise change them.
 */
public final class MetricsSnapshot {
    private final MetricPlan plan;
    private final Map<MetricQuery.Key, double[]> series;
    private final Map<MetricQuery.Key, SeriesAnswer> answers;
    private final DataStatus status;

    /** A snapshot whose every loaded series was answered completely (recordings, tests). */
    public MetricsSnapshot(MetricPlan plan, Map<MetricQuery.Key, double[]> series, DataStatus status) {
        this(plan, series, completeAnswers(series), status);
    }

    public MetricsSnapshot(
            MetricPlan plan,
            Map<MetricQuery.Key, double[]> series,
            Map<MetricQuery.Key, SeriesAnswer> answers,
            DataStatus status) {
        this.plan = plan;
        this.series = Map.copyOf(series);
        this.answers = Map.copyOf(answers);
        this.status = status;
    }

    private static Map<MetricQuery.Key, SeriesAnswer> completeAnswers(Map<MetricQuery.Key, double[]> series) {
        Map<MetricQuery.Key, SeriesAnswer> out = new HashMap<>();
        series.keySet().forEach(k -> out.put(k, SeriesAnswer.COMPLETE));
        return out;
    }

    /** A snapshot with no series, e.g. when the call failed before any data came back. */
    public static MetricsSnapshot failed(MetricPlan plan, DataStatus status) {
        return new MetricsSnapshot(plan, Map.of(), Map.of(), status);
    }

    /** How CloudWatch answered the series ({@link SeriesAnswer#UNANSWERED} when nothing came back for it). */
    public SeriesAnswer answer(MetricQuery.Key key) {
        return answers.getOrDefault(key, SeriesAnswer.UNANSWERED);
    }

    /** Whether CloudWatch answered the series completely: only then do its numbers, and its zeros, count. */
    public boolean complete(MetricQuery.Key key) {
        return answer(key) == SeriesAnswer.COMPLETE;
    }

    public boolean complete(Resource resource, TableMetric metric) {
        return complete(new MetricQuery.Key(resource, metric, null));
    }

    /** The planned series CloudWatch did not answer completely, with how it answered them. */
    public Map<MetricQuery.Key, SeriesAnswer> incomplete() {
        Map<MetricQuery.Key, SeriesAnswer> out = new java.util.LinkedHashMap<>();
        for (MetricQuery q : plan.queries()) {
            SeriesAnswer a = answer(q.key());
            if (a != SeriesAnswer.COMPLETE) {
                out.put(q.key(), a);
            }
        }
        return out;
    }

    public MetricPlan plan() {
        return plan;
    }

    public Instant start() {
        return plan.start();
    }

    public int periodSeconds() {
        return plan.periodSeconds();
    }

    public int columns() {
        return plan.columns();
    }

    /** How complete the whole answer is: DATA/ZERO/NO_DATA when every call worked, else the failure. */
    public DataStatus status() {
        return status;
    }

    public List<Resource> resources() {
        return plan.queries().stream().map(MetricQuery::resource).distinct().toList();
    }

    /** The raw values per period (NaN = no datapoint); all NaN when the series was not loaded. */
    public double[] raw(Resource resource, TableMetric metric) {
        return raw(new MetricQuery.Key(resource, metric, null));
    }

    public double[] raw(MetricQuery.Key key) {
        double[] v = series.get(key);
        if (v == null) {
            v = new double[columns()];
            Arrays.fill(v, Double.NaN);
            return v;
        }
        return v.clone();
    }

    /**
     * The values as the charts draw them: consumed units per second (Sum ÷ Period); provisioned units carried
     * forward over the periods between CloudWatch's 5-minute points; counts with absent datapoints as zero when
     * the window loaded at all.
     */
    public double[] display(MetricQuery.Key key) {
        double[] v = raw(key);
        TableMetric m = key.metric();
        if (m.kind() == TableMetric.Kind.CONSUMED) {
            for (int i = 0; i < v.length; i++) {
                v[i] = v[i] / plan.periodSeconds();
            }
        } else if (m.kind() == TableMetric.Kind.PROVISIONED) {
            carryForward(v);
        } else if (m.absentMeansZero() && complete(key)) {
            for (int i = 0; i < v.length; i++) {
                if (Double.isNaN(v[i])) {
                    v[i] = 0;
                }
            }
        }
        return v;
    }

    public double[] display(Resource resource, TableMetric metric) {
        return display(new MetricQuery.Key(resource, metric, null));
    }

    /**
     * Sum over the window, absent points ignored (0 when a completely answered series has none); NaN when CloudWatch
     * did not answer the series completely: a refused series is unknown, not zero.
     */
    public double total(Resource resource, TableMetric metric) {
        return total(new MetricQuery.Key(resource, metric, null));
    }

    public double total(MetricQuery.Key key) {
        if (!complete(key)) {
            return Double.NaN;
        }
        double[] v = series.get(key);
        double sum = 0;
        if (v != null) {
            for (double d : v) {
                if (!Double.isNaN(d)) {
                    sum += d;
                }
            }
        }
        return sum;
    }

    /** Whether any datapoint exists for the series. */
    public boolean hasData(MetricQuery.Key key) {
        double[] v = series.get(key);
        if (v != null) {
            for (double d : v) {
                if (!Double.isNaN(d)) {
                    return true;
                }
            }
        }
        return false;
    }

    public boolean hasData(Resource resource, TableMetric metric) {
        return hasData(new MetricQuery.Key(resource, metric, null));
    }

    /**
     * The state of a chart made of these series: the snapshot's failure if it failed; NO_DATA when none of them has
     * a datapoint (a counting metric is ZERO instead when the resource had traffic); ZERO when all values are zero.
     */
    public DataStatus stateOf(Resource resource, List<MetricQuery.Key> keys) {
        if (!status.state().hasValues() && status.state() != DataState.NO_DATA) {
            return status;
        }
        DataStatus unanswered = unanswered(keys);
        if (unanswered != null) {
            return unanswered;
        }
        boolean any = false;
        boolean nonZero = false;
        boolean counting = true;
        for (MetricQuery.Key k : keys) {
            counting &= k.metric().absentMeansZero();
            double[] v = series.get(k);
            if (v == null) {
                continue;
            }
            for (double d : v) {
                if (!Double.isNaN(d)) {
                    any = true;
                    nonZero |= d != 0;
                }
            }
        }
        if (nonZero) {
            return status.state() == DataState.PARTIAL ? status : DataStatus.DATA;
        }
        if (any) {
            return DataStatus.ZERO;
        }
        if (counting
                && resource != null
                && (hasData(resource, TableMetric.CONSUMED_READ) || hasData(resource, TableMetric.CONSUMED_WRITE))) {
            return DataStatus.ZERO;
        }
        return status.state() == DataState.PARTIAL ? status : DataStatus.NO_DATA;
    }

    /**
     * The state of series CloudWatch did not all answer completely: access denied when one was refused, else failed
     * or partial; null when every one was answered.
     */
    private DataStatus unanswered(List<MetricQuery.Key> keys) {
        SeriesAnswer worst = null;
        boolean someValues = false;
        for (MetricQuery.Key k : keys) {
            SeriesAnswer a = answer(k);
            if (a == SeriesAnswer.COMPLETE || !plan.plans(k)) {
                continue; // answered, or never asked (a series this table does not publish)
            }
            someValues |= hasData(k);
            if (worst == null || a == SeriesAnswer.FORBIDDEN) {
                worst = a;
            }
        }
        if (worst == null) {
            return null;
        }
        String detail = "CloudWatch " + (keys.size() == 1 ? "" : "did not answer every series: ") + "left a series "
                + worst.words() + "; its values are unknown, not zero";
        if (worst == SeriesAnswer.FORBIDDEN && !someValues) {
            return new DataStatus(DataState.ACCESS_DENIED, detail, "cloudwatch:GetMetricData");
        }
        return DataStatus.of(someValues ? DataState.PARTIAL : DataState.FAILED, detail);
    }

    /**
     * Contributor Insights' measure for one resource per period: 3 × consumed write units + consumed read units (NaN
     * where neither has a datapoint). The stitcher's "other keys" row is this minus the keys it shows.
     */
    public double[] throughputUnits(Resource resource) {
        double[] w = raw(resource, TableMetric.CONSUMED_WRITE);
        double[] r = raw(resource, TableMetric.CONSUMED_READ);
        double[] units = new double[w.length];
        for (int i = 0; i < units.length; i++) {
            boolean none = Double.isNaN(w[i]) && Double.isNaN(r[i]);
            units[i] = none ? Double.NaN : 3 * (Double.isNaN(w[i]) ? 0 : w[i]) + (Double.isNaN(r[i]) ? 0 : r[i]);
        }
        return units;
    }

    /** {@link #throughputUnits} of every resource in the plan. */
    public Map<Resource, double[]> throughputUnitsByResource() {
        Map<Resource, double[]> out = new HashMap<>();
        for (Resource r : resources()) {
            out.put(r, throughputUnits(r));
        }
        return out;
    }

    private static void carryForward(double[] v) {
        double last = Double.NaN;
        for (int i = 0; i < v.length; i++) {
            if (Double.isNaN(v[i])) {
                v[i] = last;
            } else {
                last = v[i];
            }
        }
        // Before the first 5-minute point, the first known value is the best estimate.
        double first = Double.NaN;
        for (double d : v) {
            if (!Double.isNaN(d)) {
                first = d;
                break;
            }
        }
        for (int i = 0; i < v.length && Double.isNaN(v[i]); i++) {
            v[i] = first;
        }
    }

    /** Builds the series of a snapshot from datapoints as they arrive page by page. */
    public static final class Builder {
        private final MetricPlan plan;
        private final Map<String, MetricQuery> byId = new HashMap<>();
        private final Map<MetricQuery.Key, double[]> series = new HashMap<>();
        private final Map<MetricQuery.Key, SeriesAnswer> answers = new HashMap<>();

        public Builder(MetricPlan plan) {
            this.plan = plan;
            for (MetricQuery q : plan.queries()) {
                byId.put(q.id(), q);
            }
        }

        /** Records that a query was answered completely (even with no datapoints): its absent points mean zero. */
        public void answered(String id) {
            answered(id, SeriesAnswer.COMPLETE);
        }

        /**
         * Records how CloudWatch answered a query on this page; a later page's answer replaces an earlier one (a
         * PartialData series completes on the page that brings its last datapoints).
         */
        public void answered(String id, SeriesAnswer answer) {
            MetricQuery q = byId.get(id);
            if (q != null) {
                series.computeIfAbsent(q.key(), k -> nanArray(plan.columns()));
                answers.put(q.key(), answer);
            }
        }

        /** The planned series that were not answered completely so far. */
        public Map<MetricQuery.Key, SeriesAnswer> incomplete() {
            Map<MetricQuery.Key, SeriesAnswer> out = new java.util.LinkedHashMap<>();
            for (MetricQuery q : plan.queries()) {
                SeriesAnswer a = answers.getOrDefault(q.key(), SeriesAnswer.UNANSWERED);
                if (a != SeriesAnswer.COMPLETE) {
                    out.put(q.key(), a);
                }
            }
            return out;
        }

        /** A datapoint for query {@code id}; unknown ids and timestamps outside the window are ignored. */
        public void point(String id, Instant timestamp, double value) {
            MetricQuery q = byId.get(id);
            int col = plan.column(timestamp);
            if (q == null || col < 0) {
                return;
            }
            series.computeIfAbsent(q.key(), k -> nanArray(plan.columns()))[col] = value;
        }

        public MetricsSnapshot build(DataStatus status) {
            Map<MetricQuery.Key, double[]> outSeries = new HashMap<>(series);
            Map<MetricQuery.Key, SeriesAnswer> outAnswers = new HashMap<>(answers);
            for (MetricQuery.Key total : plan.totalsOfSplits()) {
                sumSplits(total, outSeries, outAnswers);
            }
            return new MetricsSnapshot(plan, outSeries, outAnswers, status);
        }

        /**
         * A total CloudWatch publishes only by split (consumed write units by Source): the sum of its splits, known
         * only when every split was answered completely. The statistic is a Sum, so the splits add up.
         */
        private void sumSplits(
                MetricQuery.Key total,
                Map<MetricQuery.Key, double[]> outSeries,
                Map<MetricQuery.Key, SeriesAnswer> outAnswers) {
            double[] sum = nanArray(plan.columns());
            SeriesAnswer answer = SeriesAnswer.COMPLETE;
            for (MetricQuery q : plan.queries()) {
                MetricQuery.Key k = q.key();
                if (k.split() == null
                        || !k.resource().equals(total.resource())
                        || k.metric() != total.metric()
                        || !java.util.Objects.equals(k.operation(), total.operation())) {
                    continue;
                }
                SeriesAnswer a = answers.getOrDefault(k, SeriesAnswer.UNANSWERED);
                if (a != SeriesAnswer.COMPLETE) {
                    answer = answer == SeriesAnswer.FORBIDDEN ? answer : a;
                }
                double[] v = series.get(k);
                for (int i = 0; v != null && i < v.length; i++) {
                    if (!Double.isNaN(v[i])) {
                        sum[i] = (Double.isNaN(sum[i]) ? 0 : sum[i]) + v[i];
                    }
                }
            }
            outSeries.put(total, sum);
            outAnswers.put(total, answer);
        }

        private static double[] nanArray(int n) {
            double[] a = new double[n];
            Arrays.fill(a, Double.NaN);
            return a;
        }
    }
}
