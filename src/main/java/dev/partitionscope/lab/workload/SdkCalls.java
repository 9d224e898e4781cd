package dev.partitionscope.lab.workload;

import dev.partitionscope.core.item.AttrValue;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Sends one operation of a plan through the AWS SDK, as the seeds' applications would: PutItem, UpdateItem ADD,
 * GetItem by (recomputed) key, Query with Limit, BatchWriteItem, TransactWriteItems of puts and ADD updates; fan-outs
 * as one request per key. Each request's
 * outcome goes to an {@link Outcome}; exceptions are the caller's to classify.
 */
final class SdkCalls {
    /** Receives the outcome of every request an operation sends. */
    interface Outcome {
        void ok();

        /** A BatchWriteItem call that succeeded with some items unprocessed (throttled). */
        void unprocessed(int items);

        /** Runs one request; exceptions are counted by the caller and do not stop the other requests. */
        void attempt(Runnable request);
    }

    /** DynamoDB's price of a transactional write over a plain one (2 WCU per KB per item). */
    static final double TRANSACTION_FACTOR = 2;
    /** The CancellationReason code of an action throttled on an on-demand table. */
    static final String THROTTLING_ERROR = "ThrottlingError";
    /** The CancellationReason code of an action throttled on a provisioned table. */
    static final String PROVISIONED_EXCEEDED = "ProvisionedThroughputExceeded";

    private SdkCalls() {}

    /** How a run counts a throttled action of a cancelled transaction: its CancellationReason code, said so. */
    static String cancelledReason(String code) {
        return code + " (transaction cancelled)";
    }

    /** Whether a CancellationReason code is a throttle (rather than a condition, conflict or validation error). */
    static boolean throttleCode(String code) {
        return THROTTLING_ERROR.equals(code) || PROVISIONED_EXCEEDED.equals(code);
    }

    /** Sends the operation the step draws for this request; returns a short description of it. */
    static String send(DynamoDbClient client, Step s, Draws d, Outcome out) {
        String table = s.table.name();
        String shown = null;
        switch (s.def.type()) {
            case PUT_ITEM -> {
                Map<String, AttributeValue> item = sdk(s.item(d));
                out.attempt(() -> {
                    client.putItem(b -> b.tableName(table).item(item));
                    out.ok();
                });
            }
            case BATCH_WRITE -> {
                List<WriteRequest> writes = new ArrayList<>();
                for (int i = 0; i < s.def.batch(); i++) {
                    if (i > 0) {
                        d.next(d.now);
                    }
                    writes.add(WriteRequest.builder()
                            .putRequest(
                                    PutRequest.builder().item(sdk(s.item(d))).build())
                            .build());
                }
                out.attempt(() -> {
                    BatchWriteItemResponse r = client.batchWriteItem(b -> b.requestItems(Map.of(table, writes)));
                    out.ok();
                    List<WriteRequest> left = r.unprocessedItems().get(table);
                    if (left != null && !left.isEmpty()) {
                        out.unprocessed(left.size());
                    }
                });
            }
            case UPDATE_ITEM -> {
                Map<String, AttributeValue> key = sdk(s.item(d));
                Add add = add(s);
                out.attempt(() -> {
                    client.updateItem(b -> b.tableName(table)
                            .key(key)
                            .updateExpression(add.expression())
                            .expressionAttributeNames(add.names())
                            .expressionAttributeValues(add.values()));
                    out.ok();
                });
            }
            case TRANSACT_WRITE -> {
                List<TransactWriteItem> items = new ArrayList<>();
                List<String> parts = new ArrayList<>();
                for (Step a : s.actions) {
                    Map<String, AttributeValue> attrs = sdk(a.item(d));
                    String t = a.table.name();
                    parts.add(t + " · " + a.names[a.pk] + " = " + a.makers[a.pk].render(d));
                    if (a.def.type() == OpDef.Type.PUT_ITEM) {
                        items.add(TransactWriteItem.builder()
                                .put(p -> p.tableName(t).item(attrs))
                                .build());
                    } else {
                        Add add = add(a);
                        items.add(TransactWriteItem.builder()
                                .update(u -> u.tableName(t)
                                        .key(attrs)
                                        .updateExpression(add.expression())
                                        .expressionAttributeNames(add.names())
                                        .expressionAttributeValues(add.values()))
                                .build());
                    }
                }
                out.attempt(() -> {
                    client.transactWriteItems(b -> b.transactItems(items));
                    out.ok();
                });
                return s.def.type().apiName() + " " + String.join(" + ", parts);
            }
            case GET_ITEM -> {
                Map<String, AttributeValue> key = sdk(s.keyWithoutPartition(d));
                String pkName = s.names[s.pk];
                List<String> keys = s.readKeys(d);
                shown = shown(keys);
                for (String pk : keys) {
                    Map<String, AttributeValue> k = new LinkedHashMap<>(key);
                    k.put(pkName, AttributeValue.fromS(pk));
                    out.attempt(() -> {
                        client.getItem(b -> b.tableName(table).key(k));
                        out.ok();
                    });
                }
            }
            case QUERY -> {
                String pkName = s.names[s.readKey];
                List<String> keys = s.readKeys(d);
                shown = shown(keys);
                for (String pk : keys) {
                    out.attempt(() -> {
                        client.query(b -> b.tableName(table)
                                .indexName(s.def.index())
                                .keyConditionExpression("#k = :k")
                                .expressionAttributeNames(Map.of("#k", pkName))
                                .expressionAttributeValues(Map.of(":k", AttributeValue.fromS(pk)))
                                .limit(s.def.limit())
                                .scanIndexForward(s.def.forward()));
                        out.ok();
                    });
                }
            }
        }
        return s.def.type().apiName() + " " + table + " · " + s.names[s.readKey] + " = "
                + (shown != null ? shown : s.makers[s.readKey].render(d));
    }

    /** An UpdateItem's {@code ADD #a0 :a0, …} with its names and values. */
    private record Add(String expression, Map<String, String> names, Map<String, AttributeValue> values) {}

    private static Add add(Step s) {
        Map<String, String> names = new HashMap<>();
        Map<String, AttributeValue> values = new HashMap<>();
        List<String> adds = new ArrayList<>();
        int i = 0;
        for (Map.Entry<String, Long> e : s.def.add().entrySet()) {
            names.put("#a" + i, e.getKey());
            values.put(":a" + i, AttributeValue.fromN(Long.toString(e.getValue())));
            adds.add("#a" + i + " :a" + i);
            i++;
        }
        return new Add("ADD " + String.join(", ", adds), names, values);
    }

    /** {@code PENDING#1} or {@code 8 keys: PENDING#1 … PENDING#8}. */
    static String shown(List<String> keys) {
        return keys.size() == 1
                ? keys.get(0)
                : keys.size() + " keys: " + keys.get(0) + " … " + keys.get(keys.size() - 1);
    }

    static Map<String, AttributeValue> sdk(Map<String, AttrValue> item) {
        Map<String, AttributeValue> out = new LinkedHashMap<>();
        item.forEach((k, v) -> out.put(
                k,
                switch (v.type()) {
                    case S -> AttributeValue.fromS(((AttrValue.S) v).value());
                    case N -> AttributeValue.fromN(((AttrValue.N) v).text());
                    default ->
                        throw new IllegalArgumentException("scenarios write strings and numbers, not " + v.type());
                }));
        return out;
    }
}
