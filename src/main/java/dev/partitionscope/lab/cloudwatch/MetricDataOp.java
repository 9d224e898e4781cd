package dev.partitionscope.lab.cloudwatch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.partitionscope.lab.meter.MinuteStats;
import dev.partitionscope.lab.meter.ValueStats;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * GetMetricData for MetricStat queries: at most 500 queries, datapoints in ScanBy order, paged by MaxDatapoints
 * (100,800 at most) with a NextToken that resumes exactly after the last datapoint returned, so paging returns every
 * datapoint once. Metric math (Expression) is refused with a ValidationError: the Lab does not evaluate it.
 */
final class MetricDataOp {
    static final int MAX_QUERIES = 500;
    static final int MAX_DATAPOINTS = 100_800;
    private static final Pattern ID = Pattern.compile("^[a-z][a-zA-Z0-9_]*$");
    private static final Pattern EXTENDED =
            Pattern.compile("^(p|tm|wm|tc|ts|pr)\\d+(\\.\\d+)?$|^(TM|WM|TC|TS|PR)\\(.*\\)$|^IQM$|^iqm$");
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private final MetricsSource source;

    MetricDataOp(MetricsSource source) {
        this.source = source;
    }

    /** One parsed MetricStat query; {@code key} null when the Lab has no such metric (no data). */
    private record Query(
            String id,
            String label,
            boolean returnData,
            MetricSeries.Key key,
            String metricName,
            String stat,
            long period,
            String unit) {}

    /** One query's answer before paging. */
    private record Series(Query query, String label, long[] timestamps, double[] values, String message) {}

    ObjectNode run(JsonNode req) {
        List<JsonNode> queries = Params.list(req, "MetricDataQueries");
        if (queries == null) {
            throw CloudWatchError.missingParameter("MetricDataQueries");
        }
        if (queries.size() > MAX_QUERIES) {
            throw CloudWatchError.invalidParameterValue(
                    "The collection MetricDataQueries must not have a size greater than " + MAX_QUERIES + ".");
        }
        if (queries.isEmpty()) {
            throw CloudWatchError.validation("1 validation error detected: Value '[]' at 'metricDataQueries' failed"
                    + " to satisfy constraint: Member must have length greater than or equal to 1");
        }
        long start = Params.requiredTimestamp(req, "StartTime");
        long end = Params.requiredTimestamp(req, "EndTime");
        String scanBy = Params.string(req, "ScanBy");
        if (scanBy != null && !scanBy.equals("TimestampDescending") && !scanBy.equals("TimestampAscending")) {
            throw CloudWatchError.validation("1 validation error detected: Value '" + scanBy + "' at 'scanBy' failed"
                    + " to satisfy constraint: Member must satisfy enum value set: [TimestampDescending,"
                    + " TimestampAscending]");
        }
        boolean descending = !"TimestampAscending".equals(scanBy);
        Long maxDatapoints = Params.integer(req, "MaxDatapoints");
        if (maxDatapoints != null && maxDatapoints < 1) {
            throw CloudWatchError.validation("1 validation error detected: Value '" + maxDatapoints + "' at"
                    + " 'maxDatapoints' failed to satisfy constraint: Member must have value greater than or equal"
                    + " to 1");
        }
        int budget = maxDatapoints == null ? MAX_DATAPOINTS : (int) Math.min(maxDatapoints, MAX_DATAPOINTS);
        List<Query> parsed = parse(queries);
        if (start >= end) {
            throw CloudWatchError.validation("The parameter StartTime must be less than the parameter EndTime.");
        }
        PageToken token = PageToken.parse(Params.string(req, "NextToken"), fingerprint(req));

        long now = source.clock().epochMillis();
        long from = MetricSeries.roundStart(start, now);
        Map<List<Object>, List<MinuteStats>> cache = new HashMap<>();
        List<Series> series = new ArrayList<>();
        Map<String, Boolean> differ = differing(parsed);
        for (Query q : parsed) {
            if (q.returnData()) {
                series.add(answer(q, from, end, descending, cache, differ));
            }
        }
        return page(series, token, budget, fingerprint(req), descending);
    }

    private List<Query> parse(List<JsonNode> queries) {
        List<String> errors = new ArrayList<>();
        List<Query> out = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < queries.size(); i++) {
            JsonNode q = queries.get(i);
            String at = "MetricDataQueries.member." + (i + 1);
            if (!q.isObject()) {
                throw CloudWatchError.serialization("Expected a structure for " + at);
            }
            String id = Params.string(q, "Id");
            if (id == null) {
                errors.add("The parameter " + at + ".Id is required.");
            } else if (!ID.matcher(id).matches() || id.length() > 255) {
                errors.add("The value " + id + " for parameter " + at + ".Id is not matching the expected pattern "
                        + ID.pattern() + ".");
            } else if (!ids.add(id)) {
                errors.add("The value " + id + " for parameter " + at + ".Id is already used.");
            }
            JsonNode stat = Params.structure(q, "MetricStat");
            String expression = Params.string(q, "Expression");
            Boolean returnData = Params.bool(q, "ReturnData");
            String label = Params.string(q, "Label");
            if (stat != null && expression != null) {
                errors.add("The parameters " + at + ".MetricStat and " + at + ".Expression are mutually exclusive"
                        + " and you have specified both.");
                continue;
            }
            if (expression != null) {
                errors.add("The Lab's CloudWatch does not evaluate metric math: " + at + ".Expression is not"
                        + " supported; use MetricStat queries.");
                continue;
            }
            if (stat == null) {
                errors.add("The parameter " + at + ".MetricStat is required.");
                continue;
            }
            Query parsed = metricStat(stat, at + ".MetricStat", id, label, returnData == null || returnData, errors);
            if (parsed != null) {
                out.add(parsed);
            }
        }
        if (!errors.isEmpty()) {
            throw CloudWatchError.validation(String.join("\n", errors));
        }
        return out;
    }

    private static Query metricStat(
            JsonNode stat, String at, String id, String label, boolean returnData, List<String> errors) {
        JsonNode metric = Params.structure(stat, "Metric");
        String statistic = Params.string(stat, "Stat");
        Long period = Params.integer(stat, "Period");
        String unit = Params.string(stat, "Unit");
        int before = errors.size();
        if (metric == null) {
            errors.add("The parameter " + at + ".Metric is required.");
        }
        String name = metric == null ? null : Params.string(metric, "MetricName");
        String namespace = metric == null ? null : Params.string(metric, "Namespace");
        if (metric != null && name == null) {
            errors.add("The parameter " + at + ".Metric.MetricName is required.");
        }
        if (metric != null && namespace == null) {
            errors.add("The parameter " + at + ".Metric.Namespace is required.");
        }
        if (period == null) {
            errors.add("The parameter " + at + ".Period is required.");
        } else if (!MetricSeries.validPeriod(period)) {
            errors.add("The value " + period + " for parameter " + at + ".Period is not a valid period: it must be"
                    + " 1, 5, 10, 20, 30 or a multiple of 60.");
        }
        if (statistic == null) {
            errors.add("The parameter " + at + ".Stat is required.");
        } else if (MetricSeries.statistic(ValueStats.EMPTY, statistic) == null
                && !EXTENDED.matcher(statistic).matches()) {
            errors.add("The value " + statistic + " for parameter " + at + ".Stat is not a valid statistic.");
        }
        if (unit != null && !Units.valid(unit)) {
            errors.add("The value " + unit + " for parameter " + at + ".Unit is not a valid unit.");
        }
        Map<String, String> dims = metric == null ? Map.of() : Dimensions.read(metric, at + ".Metric", errors);
        if (errors.size() > before) {
            return null;
        }
        MetricSeries.Key key = MetricSeries.Key.of(namespace, name, dims);
        if (key != null && unit != null && !unit.equals(key.metric().unit())) {
            key = null; // CloudWatch filters by unit: another unit has no data
        }
        return new Query(id, label, returnData, key, name, statistic, period, unit);
    }

    /** Stat and Period are added to default labels when they differ between queries (CloudWatch's labels). */
    private static Map<String, Boolean> differing(List<Query> queries) {
        Map<String, Boolean> out = new LinkedHashMap<>();
        out.put("Stat", queries.stream().map(Query::stat).distinct().count() > 1);
        out.put("Period", queries.stream().map(Query::period).distinct().count() > 1);
        return out;
    }

    private Series answer(
            Query q,
            long from,
            long end,
            boolean descending,
            Map<List<Object>, List<MinuteStats>> cache,
            Map<String, Boolean> differ) {
        String label = q.label();
        if (label == null) {
            label = q.metricName()
                    + (differ.get("Stat") ? " " + q.stat() : "")
                    + (differ.get("Period") ? " " + q.period() : "");
        }
        if (MetricSeries.statistic(ValueStats.EMPTY, q.stat()) == null) {
            return new Series(
                    q,
                    label,
                    new long[0],
                    new double[0],
                    "The Lab computes Sum, Average, Minimum, Maximum and SampleCount only, not " + q.stat());
        }
        NavigableMap<Long, ValueStats> points =
                q.key() == null ? new TreeMap<>() : MetricSeries.compute(source, cache, q.key(), from, end, q.period());
        List<Long> keys = new ArrayList<>(descending ? points.descendingKeySet() : points.keySet());
        long[] ts = new long[keys.size()];
        double[] values = new double[keys.size()];
        for (int i = 0; i < ts.length; i++) {
            ts[i] = keys.get(i);
            values[i] = MetricSeries.statistic(points.get(ts[i]), q.stat());
        }
        return new Series(q, label, ts, values, null);
    }

    /** One page from {@code token}: at most {@code budget} datapoints; queries without data cost nothing. */
    private static ObjectNode page(
            List<Series> series, PageToken token, int budget, String fingerprint, boolean descending) {
        ObjectNode out = F.objectNode();
        ArrayNode results = out.putArray("MetricDataResults");
        int left = budget;
        String next = null;
        for (int qi = token.query(); qi < series.size(); qi++) {
            Series s = series.get(qi);
            int from = 0;
            if (qi == token.query() && token.after() != null) {
                while (from < s.timestamps().length
                        && !(descending
                                ? s.timestamps()[from] < token.after()
                                : s.timestamps()[from] > token.after())) {
                    from++;
                }
            }
            int available = s.timestamps().length - from;
            if (available > 0 && left == 0) {
                next = PageToken.encode(fingerprint, qi, null);
                break;
            }
            int take = Math.min(available, left);
            left -= take;
            ObjectNode r = results.addObject().put("Id", s.query().id()).put("Label", s.label());
            ArrayNode ts = r.putArray("Timestamps");
            ArrayNode values = r.putArray("Values");
            for (int i = from; i < from + take; i++) {
                ts.add(EpochTime.node(s.timestamps()[i]));
                values.add(s.values()[i]);
            }
            boolean partial = take < available;
            r.put("StatusCode", partial ? "PartialData" : "Complete");
            ArrayNode messages = r.putArray("Messages");
            if (s.message() != null) {
                messages.addObject().put("Code", "Unsupported").put("Value", s.message());
            }
            if (partial) {
                next = PageToken.encode(fingerprint, qi, s.timestamps()[from + take - 1]);
                break;
            }
        }
        if (next != null) {
            out.put("NextToken", next);
        }
        out.putArray("Messages");
        return out;
    }

    /** Binds a NextToken to its request: the same request without NextToken and MaxDatapoints. */
    private static String fingerprint(JsonNode req) {
        ObjectNode copy = req.deepCopy();
        copy.remove("NextToken");
        copy.remove("MaxDatapoints");
        return Integer.toHexString(copy.toString().hashCode());
    }
}
