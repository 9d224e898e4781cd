package dev.partitionscope.lab.cloudwatch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.partitionscope.lab.meter.ValueStats;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * GetMetricStatistics: one metric, the requested statistics per period, at most 1,440 datapoints per call as on
 * AWS. Datapoints come oldest first (AWS does not promise an order). ExtendedStatistics (percentiles) are accepted
 * but not computed: the meter keeps statistic sets, not distributions. Percentiles would need a histogram per
 * operation and minute — HdrHistogram for 1 µs..60 s at 2 significant digits is 11 KB (int counts) to 22 KB, against
 * a statistic set's few dozen bytes, so the default 24 h of minutes would cost 16 to 32 MB per resource and operation
 * (issue 19, item 4; {@code SizeQuantileBenchmark} in src/jmh prints the figure). Left out until a screen needs pNN.
 */
final class MetricStatisticsOp {
    static final int MAX_DATAPOINTS = 1440;
    private static final List<String> STATISTICS = List.of("SampleCount", "Average", "Sum", "Minimum", "Maximum");
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private final MetricsSource source;

    MetricStatisticsOp(MetricsSource source) {
        this.source = source;
    }

    ObjectNode run(JsonNode req) {
        String namespace = Params.requiredString(req, "Namespace", "Namespace");
        String metricName = Params.requiredString(req, "MetricName", "MetricName");
        long start = Params.requiredTimestamp(req, "StartTime");
        long end = Params.requiredTimestamp(req, "EndTime");
        Long period = Params.integer(req, "Period");
        if (period == null) {
            throw CloudWatchError.missingParameter("Period");
        }
        List<String> statistics = Params.strings(req, "Statistics");
        List<String> extended = Params.strings(req, "ExtendedStatistics");
        String unit = Params.string(req, "Unit");
        boolean hasStats = statistics != null && !statistics.isEmpty();
        boolean hasExtended = extended != null && !extended.isEmpty();
        if (hasStats == hasExtended) {
            throw CloudWatchError.invalidParameterCombination(
                    "Must specify either Statistics or ExtendedStatistics, but not both.");
        }
        if (hasStats) {
            for (String s : statistics) {
                if (!STATISTICS.contains(s)) {
                    throw CloudWatchError.validation("1 validation error detected: Value '" + statistics + "' at"
                            + " 'statistics' failed to satisfy constraint: Member must satisfy constraint: [Member"
                            + " must satisfy enum value set: [Maximum, SampleCount, Sum, Minimum, Average]]");
                }
            }
            if (statistics.size() > 5) {
                throw CloudWatchError.invalidParameterValue(
                        "The collection Statistics must not have a size greater than 5.");
            }
        }
        if (unit != null && !Units.valid(unit)) {
            throw CloudWatchError.validation("1 validation error detected: Value '" + unit + "' at 'unit' failed to"
                    + " satisfy constraint: Member must satisfy enum value set: [the StandardUnit values]");
        }
        List<String> errors = new ArrayList<>();
        Map<String, String> dims = Dimensions.read(req, "", errors);
        if (!errors.isEmpty()) {
            throw CloudWatchError.invalidParameterValue(String.join("\n", errors));
        }
        if (!MetricSeries.validPeriod(period)) {
            throw CloudWatchError.invalidParameterValue(
                    "The parameter Period must be 1, 5, 10, 20, 30, or a multiple of 60.");
        }
        if (start >= end) {
            throw CloudWatchError.invalidParameterValue(
                    "The parameter StartTime must be less than the parameter EndTime.");
        }
        long requested = (end - start) / 1000 / period;
        if (requested > MAX_DATAPOINTS) {
            throw CloudWatchError.invalidParameterCombination("You have requested up to " + requested
                    + " datapoints, which exceeds the limit of " + MAX_DATAPOINTS + ". You may reduce the datapoints"
                    + " requested by increasing Period, or decreasing the time range.");
        }

        MetricSeries.Key key = MetricSeries.Key.of(namespace, metricName, dims);
        if (key != null && unit != null && !unit.equals(key.metric().unit())) {
            key = null;
        }
        long from = MetricSeries.roundStart(start, source.clock().epochMillis());
        NavigableMap<Long, ValueStats> points =
                key == null ? new TreeMap<>() : MetricSeries.compute(source, key, from, end, period);
        ObjectNode out = F.objectNode().put("Label", metricName);
        ArrayNode datapoints = out.putArray("Datapoints");
        for (Map.Entry<Long, ValueStats> p : points.entrySet()) {
            ObjectNode d = datapoints.addObject();
            d.set("Timestamp", EpochTime.node(p.getKey()));
            if (hasStats) {
                for (String s : statistics) {
                    d.put(s, MetricSeries.statistic(p.getValue(), s));
                }
            }
            d.put("Unit", key.metric().unit());
        }
        return out;
    }
}
