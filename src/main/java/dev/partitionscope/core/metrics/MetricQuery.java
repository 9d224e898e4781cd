package dev.partitionscope.core.metrics;

/**
 * One series to fetch: a metric of a resource, or of an operation for the per-operation metrics. {@code id} is the
 * GetMetricData query id (CloudWatch wants {@code ^[a-z][a-zA-Z0-9_]*$}).
 */
public record MetricQuery(String id, Resource resource, TableMetric metric, String operation) {

    /** What identifies a series regardless of its id. */
    public record Key(Resource resource, TableMetric metric, String operation) {
    }

    public Key key() {
        return new Key(resource, metric, operation);
    }
}
