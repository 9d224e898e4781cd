package dev.partitionscope.core.metrics;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Which {@code AWS/DynamoDB} series CloudWatch lists for one table (ListMetrics with its TableName), read once per
 * load. The metrics page documents dimensions some tables have and others do not — PartiQL's {@code Verb} on
 * ExecuteStatement and {@code OperationType} on BatchExecuteStatement and ExecuteTransaction, {@code Source} on a
 * global table's consumed write units — and leaves open whether an unsplit total is published beside them; the
 * listing settles it per table instead of an assumption. ListMetrics lists only series with data in the last two
 * weeks, so a series it does not list is not refused: it had nothing to report.
 *
 * @param failure why the listing could not be read (null when it was): the plan then keeps its documented series
 */
public record PublishedMetrics(List<Listed> series, String failure) {
    /** Dimensions every DynamoDB series is keyed by; anything else splits a series further. */
    private static final Set<String> BASE = Set.of("TableName", "GlobalSecondaryIndexName", "Operation");

    /** One listed series: its metric name and every dimension. */
    public record Listed(String metricName, Map<String, String> dimensions) {
        public Listed {
            Objects.requireNonNull(metricName, "metricName");
            dimensions = Map.copyOf(dimensions);
        }

        boolean matches(Resource r, String metric, String operation) {
            return metricName.equals(metric)
                    && r.table().equals(dimensions.get("TableName"))
                    && Objects.equals(r.index(), dimensions.get("GlobalSecondaryIndexName"))
                    && Objects.equals(operation, dimensions.get("Operation"));
        }

        /** The one dimension beyond table, index and operation, or null when there is none (or more than one). */
        MetricQuery.Split split() {
            MetricQuery.Split out = null;
            for (Map.Entry<String, String> d : dimensions.entrySet()) {
                if (!BASE.contains(d.getKey())) {
                    if (out != null) {
                        return null;
                    }
                    out = new MetricQuery.Split(d.getKey(), d.getValue());
                }
            }
            return out;
        }
    }

    public PublishedMetrics {
        series = List.copyOf(series);
    }

    public static PublishedMetrics listed(List<Listed> series) {
        return new PublishedMetrics(series, null);
    }

    /** The listing failed: nothing is known about the table's extra dimensions. */
    public static PublishedMetrics unknown(String why) {
        return new PublishedMetrics(List.of(), Objects.requireNonNull(why, "why"));
    }

    public boolean known() {
        return failure == null;
    }

    /** The splits CloudWatch lists for a resource's metric (and operation), in a stable order. */
    public List<MetricQuery.Split> splits(Resource r, TableMetric metric, String operation) {
        Set<MetricQuery.Split> out = new LinkedHashSet<>();
        for (Listed l : series) {
            if (l.matches(r, metric.metricName(), operation)) {
                MetricQuery.Split s = l.split();
                if (s != null) {
                    out.add(s);
                }
            }
        }
        List<MetricQuery.Split> sorted = new ArrayList<>(out);
        sorted.sort(java.util.Comparator.comparing(MetricQuery.Split::name).thenComparing(MetricQuery.Split::value));
        return sorted;
    }

    /** Whether CloudWatch lists the series with no split dimension (the unsplit total). */
    public boolean listsUnsplit(Resource r, TableMetric metric, String operation) {
        return series.stream()
                .anyMatch(l -> l.matches(r, metric.metricName(), operation)
                        && l.dimensions().keySet().stream().allMatch(BASE::contains));
    }
}
