package dev.partitionscope.aws;

import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.scatter.BruteForce;
import dev.partitionscope.core.scatter.ScatterPlan;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * The brute-force answer to a scatter-gather read: Scan the whole table or index (with the plan's filter, server
 * side), then {@link BruteForce#answer}. Slow and billed by the table's size — on AWS the screen asks first — but
 * it needs no assumption about the key layout, so it is the baseline a sharded read must equal item for item.
 */
public final class ScanBaseline {
    /** Stop scanning past this many items: a baseline that reads a whole large table is not what was asked. */
    public static final int DEFAULT_MAX_SCANNED = 200_000;

    /**
     * The items the Scan found, with what it cost.
     *
     * @param complete false when the Scan stopped early ({@code reason} says why): the items may be short
     */
    public record Result(
            List<Map<String, AttrValue>> items,
            int scanned,
            int pages,
            double consumedCapacity,
            long wallMs,
            boolean complete,
            String reason) {}

    private final DynamoDbClient client;
    private final int maxScanned;

    public ScanBaseline(DynamoDbClient client) {
        this(client, DEFAULT_MAX_SCANNED);
    }

    public ScanBaseline(DynamoDbClient client, int maxScanned) {
        this.client = client;
        this.maxScanned = maxScanned;
    }

    public Result run(ScatterPlan plan, BooleanSupplier cancelled) {
        long t0 = System.nanoTime();
        List<Map<String, AttrValue>> all = new ArrayList<>();
        Set<Map<String, AttributeValue>> seenKeys = new HashSet<>();
        Map<String, AttributeValue> start = null;
        int pages = 0;
        double rcu = 0;
        String reason = null;
        do {
            if (cancelled.getAsBoolean() || Thread.currentThread().isInterrupted()) {
                reason = "cancelled after " + all.size() + " items scanned";
                break;
            }
            ScanResponse r = client.scan(request(plan, start));
            pages++;
            if (r.consumedCapacity() != null && r.consumedCapacity().capacityUnits() != null) {
                rcu += r.consumedCapacity().capacityUnits();
            }
            r.items().forEach(i -> all.add(SdkAttr.toCore(i)));
            start = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty() ? r.lastEvaluatedKey() : null;
            if (start != null && !seenKeys.add(start)) {
                reason = "the Scan returned the same LastEvaluatedKey twice; stopped instead of looping";
                break;
            }
            if (start != null && all.size() >= maxScanned) {
                reason = "stopped after " + all.size() + " items scanned (the baseline reads at most " + maxScanned
                        + ")";
                break;
            }
        } while (start != null);
        List<Map<String, AttrValue>> answer = BruteForce.answer(plan, all);
        return new Result(
                answer,
                all.size(),
                pages,
                rcu,
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0),
                reason == null,
                reason);
    }

    static ScanRequest request(ScatterPlan plan, Map<String, AttributeValue> start) {
        ScanRequest.Builder b = ScanRequest.builder()
                .tableName(plan.table())
                .indexName(plan.index())
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                .exclusiveStartKey(start);
        if (plan.consistent()) {
            b.consistentRead(true);
        }
        Map<String, String> names = new LinkedHashMap<>(plan.filterNames());
        if (plan.filterExpression() != null && !plan.filterExpression().isBlank()) {
            b.filterExpression(plan.filterExpression());
            Map<String, AttributeValue> values = new LinkedHashMap<>();
            plan.filterValues().forEach((k, v) -> values.put(k, SdkAttr.toSdk(v)));
            if (!values.isEmpty()) {
                b.expressionAttributeValues(values);
            }
        }
        if (!plan.projection().isEmpty()) {
            Set<String> attrs = new java.util.LinkedHashSet<>(plan.projection());
            attrs.add(plan.partitionKey());
            if (plan.sortKey() != null) {
                attrs.add(plan.sortKey());
            }
            attrs.addAll(plan.dedupeBy());
            List<String> tokens = new ArrayList<>();
            int i = 0;
            for (String a : attrs) {
                String token = "#b" + i++;
                names.put(token, a);
                tokens.add(token);
            }
            b.projectionExpression(String.join(", ", tokens));
        }
        if (!names.isEmpty()) {
            b.expressionAttributeNames(names);
        }
        return b.build();
    }
}
