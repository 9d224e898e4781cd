package dev.partitionscope.lab.cloudwatch;

import dev.partitionscope.lab.meter.MinuteStats;
import dev.partitionscope.lab.meter.ResourceId;
import dev.partitionscope.lab.meter.ValueStats;
import dev.partitionscope.lab.partition.CapacityConfig;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * One metric's datapoints over a time range, CloudWatch style: periods counted from the (rounded) start time, each
 * period's statistic set merged from the minutes in it, and no datapoint for a period without samples. Shared by
 * GetMetricData, GetMetricStatistics and ListMetrics, so all three agree on what exists.
 */
final class MetricSeries {
    static final String NAMESPACE = "AWS/DynamoDB";
    static final long MINUTE = 60_000L;
    private static final long FIVE_MINUTES = 5 * MINUTE;
    private static final long HOUR = 60 * MINUTE;
    private static final long DAY = 24 * HOUR;

    private MetricSeries() {}

    /** A metric with its dimension values: what a MetricStat or GetMetricStatistics names. */
    record Key(DynamoDbMetric metric, String table, String index, String operation) {

        /**
         * The metric that a namespace, name and dimension set name, or null when the Lab publishes no such metric
         * (CloudWatch then answers with no data, not an error). Dimension sets must match exactly, as on AWS.
         */
        static Key of(String namespace, String metricName, Map<String, String> dimensions) {
            DynamoDbMetric metric = DynamoDbMetric.byName(metricName);
            if (!NAMESPACE.equals(namespace) || metric == null) {
                return null;
            }
            String table = dimensions.get(DynamoDbMetric.TABLE_NAME);
            if (table == null) {
                return null;
            }
            if (metric.scope() == DynamoDbMetric.Scope.OPERATION) {
                String op = dimensions.get(DynamoDbMetric.OPERATION);
                return op != null && dimensions.size() == 2 ? new Key(metric, table, null, op) : null;
            }
            String index = dimensions.get(DynamoDbMetric.INDEX_NAME);
            if (index != null && !metric.perIndex()) {
                return null;
            }
            return dimensions.size() == (index == null ? 1 : 2) ? new Key(metric, table, index, null) : null;
        }

        ResourceId resource() {
            return new ResourceId(table, index);
        }
    }

    /**
     * CloudWatch's rounding of a start time by its age: to the minute within 15 days, to 5 minutes within 63 days,
     * to the hour beyond.
     */
    static long roundStart(long startMillis, long nowMillis) {
        long age = nowMillis - startMillis;
        long unit = age > 63 * DAY ? HOUR : age > 15 * DAY ? FIVE_MINUTES : MINUTE;
        return Math.floorDiv(startMillis, unit) * unit;
    }

    /**
     * Whether a period can be served for data starting at {@code startMillis}: older data is kept at coarser
     * resolutions (beyond 3 hours whole minutes, beyond 15 days 5 minutes, beyond 63 days an hour); AWS returns no
     * datapoints for a finer period there.
     */
    static boolean periodServes(long periodSeconds, long startMillis, long nowMillis) {
        long age = nowMillis - startMillis;
        long unit = age > 63 * DAY ? 3600 : age > 15 * DAY ? 300 : age > 3 * HOUR ? 60 : 1;
        return periodSeconds % unit == 0;
    }

    /** Valid periods: 1, 5, 10, 20, 30 (high resolution) or a multiple of 60 seconds. */
    static boolean validPeriod(long periodSeconds) {
        return periodSeconds == 1
                || periodSeconds == 5
                || periodSeconds == 10
                || periodSeconds == 20
                || periodSeconds == 30
                || (periodSeconds >= 60 && periodSeconds % 60 == 0);
    }

    /**
     * Per-period statistic sets of {@code key} in {@code [startMillis, endMillis)}, keyed by period start. The start
     * must already be rounded ({@link #roundStart}). Periods under a minute are served per minute: DynamoDB's
     * metrics are standard resolution.
     */
    static NavigableMap<Long, ValueStats> compute(
            MetricsSource source, Key key, long startMillis, long endMillis, long periodSeconds) {
        return compute(source, new HashMap<>(), key, startMillis, endMillis, periodSeconds);
    }

    /**
     * As above, with the meter's minutes cached by resource and range across the queries of one request (500
     * queries over the same tables read each table's minutes once).
     */
    static NavigableMap<Long, ValueStats> compute(
            MetricsSource source,
            Map<List<Object>, List<MinuteStats>> cache,
            Key key,
            long startMillis,
            long endMillis,
            long periodSeconds) {
        TreeMap<Long, ValueStats> out = new TreeMap<>();
        long now = source.clock().epochMillis();
        if (endMillis <= startMillis || !periodServes(periodSeconds, startMillis, now)) {
            return out;
        }
        long period = Math.max(periodSeconds, 60) * 1000L;
        if (key.metric().scope() == DynamoDbMetric.Scope.PROVISIONED) {
            provisioned(source, key, startMillis, endMillis, period, now, out);
            return out;
        }
        List<MinuteStats> minutes =
                cache.computeIfAbsent(List.of(key.resource(), startMillis, endMillis), k -> source.meter()
                        .minutes(key.resource(), startMillis, endMillis));
        for (MinuteStats m : minutes) {
            long t = m.minuteStartMillis();
            if (t < startMillis || t >= endMillis) {
                continue;
            }
            ValueStats s = key.metric().scope() == DynamoDbMetric.Scope.OPERATION
                    ? key.metric().sample(m, key.operation())
                    : key.metric().sample(m);
            if (s.sampleCount() > 0) {
                out.merge(startMillis + Math.floorDiv(t - startMillis, period) * period, s, ValueStats::plus);
            }
        }
        return out;
    }

    /**
     * ProvisionedRead/WriteCapacityUnits: one sample (the units per second) per 5-minute slot, for provisioned tables
     * and their GSIs. The Lab knows only the current setting and not when a table was created, so the samples run
     * from the first minute metered on the table (or, for a table without traffic, the current slot) up to now.
     */
    private static void provisioned(
            MetricsSource source,
            Key key,
            long startMillis,
            long endMillis,
            long period,
            long now,
            NavigableMap<Long, ValueStats> out) {
        Double units = provisionedUnits(source.tables(), key);
        if (units == null) {
            return;
        }
        List<MinuteStats> seen = source.meter().minutes(ResourceId.table(key.table()), now - 455 * DAY, now + MINUTE);
        long first = seen.isEmpty() ? now : seen.get(0).minuteStartMillis();
        long from = Math.max(startMillis, Math.floorDiv(first, FIVE_MINUTES) * FIVE_MINUTES);
        long slot = -Math.floorDiv(-from, FIVE_MINUTES) * FIVE_MINUTES;
        ValueStats sample = new ValueStats(units, 1, units, units);
        for (; slot < endMillis && slot <= now; slot += FIVE_MINUTES) {
            out.merge(startMillis + Math.floorDiv(slot - startMillis, period) * period, sample, ValueStats::plus);
        }
    }

    /** The provisioned units of a table or GSI, or null for on-demand tables and unknown resources. */
    static Double provisionedUnits(List<CapacityConfig> tables, Key key) {
        for (CapacityConfig c : tables) {
            if (!c.tableName().equals(key.table()) || c.onDemand()) {
                continue;
            }
            boolean read = key.metric() == DynamoDbMetric.PROVISIONED_READ;
            if (key.index() == null) {
                return read ? c.readUnits() : c.writeUnits();
            }
            CapacityConfig.IndexCapacity g = c.indexes().get(key.index());
            return g == null ? null : read ? g.readUnits() : g.writeUnits();
        }
        return null;
    }

    /** One statistic of a statistic set; null for statistics the Lab cannot compute (percentiles and the like). */
    static Double statistic(ValueStats s, String stat) {
        return switch (stat) {
            case "Sum" -> s.sum();
            case "Average" -> s.average();
            case "Minimum" -> s.minimum();
            case "Maximum" -> s.maximum();
            case "SampleCount" -> (double) s.sampleCount();
            default -> null;
        };
    }
}
