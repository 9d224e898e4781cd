package dev.partitionscope.core.heat;

/**
 * What the heatmap colours. Contributor Insights ranks keys by consumed throughput units (3 × write units + read
 * units) and by throttled requests; a source that meters reads and writes apart can offer those too.
 */
public enum HeatMetric {
    THROUGHPUT("Consumed throughput units", "3 × write units + read units per key, per minute"),
    THROTTLES("Throttled requests", "requests DynamoDB rejected per key, per minute"),
    READS("Read units", "read capacity units per key"),
    WRITES("Write units", "write capacity units per key");

    private final String label;
    private final String description;

    HeatMetric(String label, String description) {
        this.label = label;
        this.description = description;
    }

    public String label() {
        return label;
    }

    public String description() {
        return description;
    }

    @Override
    public String toString() {
        return label;
    }
}
