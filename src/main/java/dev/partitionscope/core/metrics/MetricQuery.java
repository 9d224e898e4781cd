package dev.partitionscope.core.metrics;

/**
 * One series to fetch: a metric of a resource, or of an operation for the per-operation metrics, optionally split
 * by one more dimension CloudWatch publishes it with (PartiQL's {@code Verb} and {@code OperationType}, a global
 * table's {@code Source}). {@code id} is the GetMetricData query id (CloudWatch wants {@code ^[a-z][a-zA-Z0-9_]*$}).
 */
public record MetricQuery(String id, Resource resource, TableMetric metric, String operation, Split split) {

    public MetricQuery(String id, Resource resource, TableMetric metric, String operation) {
        this(id, resource, metric, operation, null);
    }

    /** One more dimension a series is published with, e.g. {@code Verb = PartiQLSelect}. */
    public record Split(String name, String value) {
        /** "ExecuteStatement PartiQLSelect", "Source Customer". */
        public String label(String operation) {
            return (operation == null ? name : operation) + " " + value;
        }
    }

    /** What identifies a series regardless of its id. */
    public record Key(Resource resource, TableMetric metric, String operation, Split split) {
        public Key(Resource resource, TableMetric metric, String operation) {
            this(resource, metric, operation, null);
        }

        /** How charts and reports name the series among its siblings: the operation, the split value, or both. */
        public String label() {
            if (split == null) {
                return operation == null ? metric.metricName() : operation;
            }
            return split.label(operation);
        }
    }

    public Key key() {
        return new Key(resource, metric, operation, split);
    }
}
