package dev.partitionscope.core.table;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the explorer knows about a table's structure and capacity settings, independent of the SDK that fetched it.
 * Item count and size come from DescribeTable and are approximate (DynamoDB refreshes them about every 6 hours).
 */
public record TableShape(
        String name,
        String arn,
        String status,
        KeySchema keySchema,
        Map<String, KeyType> attributeTypes,
        List<IndexShape> globalIndexes,
        List<IndexShape> localIndexes,
        BillingMode billingMode,
        Throughput provisioned,
        Throughput onDemandMaximum,
        WarmThroughput warmThroughput,
        long itemCount,
        long sizeBytes,
        String tableClass,
        StreamSetting stream,
        boolean deletionProtection,
        Instant createdAt) {

    public TableShape {
        attributeTypes = Map.copyOf(attributeTypes);
        globalIndexes = List.copyOf(globalIndexes);
        localIndexes = List.copyOf(localIndexes);
    }

    /** Stream status: disabled, or enabled with a view type. */
    public record StreamSetting(boolean enabled, String viewType) {
        public static final StreamSetting DISABLED = new StreamSetting(false, null);

        public String describe() {
            return enabled ? "Enabled (" + viewType + ")" : "Disabled";
        }
    }

    public Optional<IndexShape> globalIndex(String indexName) {
        return globalIndexes.stream().filter(i -> i.name().equals(indexName)).findFirst();
    }

    public List<String> globalIndexNames() {
        return globalIndexes.stream().map(IndexShape::name).toList();
    }
}
