package dev.partitionscope.aws;

import dev.partitionscope.core.item.AttrValue;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * One GetItem by a full primary key, with what it cost: the scatter-gather console's point read (the key the scheme
 * computes for an id). Keeps the SDK's request and response types out of the UI, like {@link ScatterGather}.
 */
public final class PointReader {
    private final DynamoDbClient dynamo;

    public PointReader(DynamoDbClient dynamo) {
        this.dynamo = dynamo;
    }

    /**
     * What came back.
     *
     * @param item the item, or null when there is none under the key
     * @param consumedCapacity read capacity units the read consumed (0 when not reported)
     * @param latencyMs the call's wall time
     */
    public record Result(Map<String, AttrValue> item, double consumedCapacity, long latencyMs) {}

    /** Reads the item of {@code table} under {@code key} (partition key, and sort key when the table has one). */
    public Result read(String table, Map<String, AttrValue> key, boolean consistentRead) {
        GetItemRequest request = GetItemRequest.builder()
                .tableName(table)
                .key(SdkAttr.toSdk(key))
                .consistentRead(consistentRead)
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                .build();
        long t0 = System.nanoTime();
        GetItemResponse r = dynamo.getItem(request);
        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        double rcu = r.consumedCapacity() == null || r.consumedCapacity().capacityUnits() == null
                ? 0
                : r.consumedCapacity().capacityUnits();
        return new Result(r.hasItem() && !r.item().isEmpty() ? SdkAttr.toCore(r.item()) : null, rcu, ms);
    }
}
