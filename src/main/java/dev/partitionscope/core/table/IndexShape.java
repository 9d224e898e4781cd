package dev.partitionscope.core.table;

/**
 * A global or local secondary index as DescribeTable reports it. LSIs share the table's capacity, so their
 * throughput fields are null; GSIs have their own (provisioned or on-demand), which is why they throttle on their own.
 */
public record IndexShape(
        String name,
        Kind kind,
        KeySchema keySchema,
        Projection projection,
        String status,
        Throughput provisioned,
        Throughput onDemandMaximum,
        WarmThroughput warmThroughput,
        long itemCount,
        long sizeBytes) {

    public enum Kind {
        GLOBAL("GSI"),
        LOCAL("LSI");

        private final String shortName;

        Kind(String shortName) {
            this.shortName = shortName;
        }

        public String shortName() {
            return shortName;
        }
    }
}
