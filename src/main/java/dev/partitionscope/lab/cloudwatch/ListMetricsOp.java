package dev.partitionscope.lab.cloudwatch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.partitionscope.lab.meter.MinuteStats;
import dev.partitionscope.lab.meter.ResourceId;
import dev.partitionscope.lab.partition.CapacityConfig;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * ListMetrics: the {@code AWS/DynamoDB} metrics that have data, as AWS lists only metrics that received data in the
 * last two weeks (RecentlyActive PT3H: the last three hours), filtered by namespace, name and dimensions, 500 per
 * page, in a stable order (table, index, metric, operation).
 */
final class ListMetricsOp {
    static final int PAGE = 500;
    private static final long DAY = 24 * 3600_000L;
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final Comparator<MetricSeries.Key> ORDER = Comparator.comparing(MetricSeries.Key::table)
            .thenComparing(MetricSeries.Key::index, Comparator.nullsFirst(Comparator.naturalOrder()))
            .thenComparing(MetricSeries.Key::metric)
            .thenComparing(MetricSeries.Key::operation, Comparator.nullsFirst(Comparator.naturalOrder()));

    private final MetricsSource source;

    ListMetricsOp(MetricsSource source) {
        this.source = source;
    }

    ObjectNode run(JsonNode req) {
        String namespace = Params.string(req, "Namespace");
        String metricName = Params.string(req, "MetricName");
        String recentlyActive = Params.string(req, "RecentlyActive");
        if (recentlyActive != null && !recentlyActive.equals("PT3H")) {
            throw CloudWatchError.validation("1 validation error detected: Value '" + recentlyActive + "' at"
                    + " 'recentlyActive' failed to satisfy constraint: Member must satisfy enum value set: [PT3H]");
        }
        Map<String, String> filters = filters(req);
        PageToken token = PageToken.parse(Params.string(req, "NextToken"), fingerprint(req));

        long now = source.clock().epochMillis();
        long since = now - (recentlyActive != null ? 3 * 3600_000L : 14 * DAY);
        List<MetricSeries.Key> matching = new ArrayList<>();
        for (MetricSeries.Key k : catalog(since, now)) {
            if ((namespace == null || namespace.equals(MetricSeries.NAMESPACE))
                    && (metricName == null || metricName.equals(k.metric().metricName()))
                    && matches(dimensions(k), filters)) {
                matching.add(k);
            }
        }
        ObjectNode out = F.objectNode();
        ArrayNode metrics = out.putArray("Metrics");
        int from = Math.min(token.query(), matching.size());
        int to = Math.min(matching.size(), from + PAGE);
        for (MetricSeries.Key k : matching.subList(from, to)) {
            ObjectNode m = metrics.addObject()
                    .put("Namespace", MetricSeries.NAMESPACE)
                    .put("MetricName", k.metric().metricName());
            ArrayNode dims = m.putArray("Dimensions");
            dimensions(k)
                    .forEach((name, value) -> dims.addObject().put("Name", name).put("Value", value));
        }
        if (to < matching.size()) {
            out.put("NextToken", PageToken.encode(fingerprint(req), to, null));
        }
        return out;
    }

    /** DimensionFilters: a name, optionally with a value; at most 10. */
    private static Map<String, String> filters(JsonNode req) {
        List<JsonNode> list = Params.list(req, "Dimensions");
        Map<String, String> out = new LinkedHashMap<>();
        if (list == null) {
            return out;
        }
        if (list.size() > 10) {
            throw CloudWatchError.invalidParameterValue(
                    "The collection Dimensions must not have a size greater than" + " 10.");
        }
        for (int i = 0; i < list.size(); i++) {
            String name = Params.string(list.get(i), "Name");
            if (name == null) {
                throw CloudWatchError.missingParameter("Dimensions.member." + (i + 1) + ".Name");
            }
            out.put(name, Params.string(list.get(i), "Value"));
        }
        return out;
    }

    private static boolean matches(Map<String, String> dims, Map<String, String> filters) {
        for (Map.Entry<String, String> f : filters.entrySet()) {
            if (!dims.containsKey(f.getKey())
                    || (f.getValue() != null && !f.getValue().equals(dims.get(f.getKey())))) {
                return false;
            }
        }
        return true;
    }

    static Map<String, String> dimensions(MetricSeries.Key k) {
        Map<String, String> out = new LinkedHashMap<>();
        out.put(DynamoDbMetric.TABLE_NAME, k.table());
        if (k.index() != null) {
            out.put(DynamoDbMetric.INDEX_NAME, k.index());
        }
        if (k.operation() != null) {
            out.put(DynamoDbMetric.OPERATION, k.operation());
        }
        return out;
    }

    /** Every metric with at least one datapoint in {@code [since, now]}, in list order. */
    private List<MetricSeries.Key> catalog(long since, long now) {
        List<MetricSeries.Key> out = new ArrayList<>();
        for (ResourceId r : source.meter().resources()) {
            List<MinuteStats> minutes = source.meter().minutes(r, since, now + MetricSeries.MINUTE);
            for (DynamoDbMetric m : DynamoDbMetric.values()) {
                if (m.scope() == DynamoDbMetric.Scope.RESOURCE
                        && (!r.isIndex() || m.perIndex())
                        && minutes.stream().anyMatch(s -> m.sample(s).sampleCount() > 0)) {
                    out.add(new MetricSeries.Key(m, r.table(), r.index(), null));
                }
            }
            if (r.isIndex()) {
                continue;
            }
            for (String op : source.meter().operations(r.table())) {
                for (DynamoDbMetric m : DynamoDbMetric.values()) {
                    if (m.scope() == DynamoDbMetric.Scope.OPERATION
                            && minutes.stream().anyMatch(s -> m.sample(s, op).sampleCount() > 0)) {
                        out.add(new MetricSeries.Key(m, r.table(), null, op));
                    }
                }
            }
        }
        for (CapacityConfig c : source.tables()) {
            if (c.onDemand()) {
                continue;
            }
            List<String> resources = new ArrayList<>();
            resources.add(null);
            resources.addAll(c.indexes().keySet());
            for (String index : resources) {
                out.add(new MetricSeries.Key(DynamoDbMetric.PROVISIONED_READ, c.tableName(), index, null));
                out.add(new MetricSeries.Key(DynamoDbMetric.PROVISIONED_WRITE, c.tableName(), index, null));
            }
        }
        out.sort(ORDER);
        return out;
    }

    private static String fingerprint(JsonNode req) {
        ObjectNode copy = req.deepCopy();
        copy.remove("NextToken");
        return Integer.toHexString(Objects.hashCode(copy.toString()));
    }
}
