package dev.partitionscope.core.scatter;

import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.table.KeyType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;

/**
 * The Query one shard of a {@link ScatterPlan} sends — built once, here, and rendered three ways: the SDK request
 * {@code ScatterGather} runs, the generated Java/Python/TypeScript ({@code ScatterCode}), and the console's "Copy as
 * CLI" ({@code AwsCliQuery}). What the run sends is the definition; the renderings are checked against it.
 *
 * <p>Every attribute name goes through a placeholder, so names never clash with DynamoDB's reserved words:
 * {@value #PK_NAME}/{@value #PK_VALUE} for the shard's partition key, {@code #sk}/{@code :sk1}/{@code :sk2} for the
 * sort-key condition ({@link SortCondition}), the filter's own placeholders, and for a projection a placeholder per
 * attribute (an existing one when it already names the attribute, else the first free {@code #p0}, {@code #p1}, …).
 * A projection always adds the key attributes (the merge orders by the sort key) and the plan's
 * {@link ScatterPlan#dedupeBy} attributes (the merge recognises an item read twice by them).
 *
 * <p>Names and values are kept in a fixed order — the key's, the condition's, the filter's sorted, the projection's —
 * so a plan always renders to the same text.
 *
 * @param index            a GSI or LSI, or null for the table
 * @param keyCondition     {@code #pk = :pk}, plus {@code AND} the sort-key condition
 * @param names            ExpressionAttributeNames: placeholder → attribute
 * @param values           ExpressionAttributeValues, {@value #PK_VALUE} (this shard's key) first
 * @param filter           FilterExpression, or null
 * @param projection       ProjectionExpression of placeholders, or null for all attributes
 * @param consistentRead   sent as ConsistentRead=true when set; left out (eventually consistent) otherwise
 * @param scanIndexForward always sent: ascending sort-key order when true
 * @param limit            at most this many (filtered) items are needed from this shard, 0 for all: the merged
 *                         result's limit, since no shard can place more than that in it. A run pages with
 *                         {@code Limit} ≤ this and ExclusiveStartKey; the AWS CLI stops with {@code --max-items}.
 */
public record ShardQuery(
        String table,
        String index,
        String keyCondition,
        Map<String, String> names,
        Map<String, AttrValue> values,
        String filter,
        String projection,
        boolean consistentRead,
        boolean scanIndexForward,
        int limit) {

    public static final String PK_NAME = "#pk";
    public static final String PK_VALUE = ":pk";
    /** Every shard Query asks for its consumed capacity (the console shows RCU per shard). */
    public static final String RETURN_CONSUMED_CAPACITY = "TOTAL";

    private static final String PROJECTION_PREFIX = "#p";

    public ShardQuery {
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(keyCondition, "keyCondition");
        names = Collections.unmodifiableMap(new LinkedHashMap<>(names));
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
        filter = filter == null || filter.isBlank() ? null : filter;
        projection = projection == null || projection.isBlank() ? null : projection;
        if (limit < 0) {
            throw new IllegalArgumentException("limit must be ≥ 0 (0 = no limit), not " + limit);
        }
    }

    /** The Query of shard {@code shardKey} of {@code plan}: the one factory every rendering starts from. */
    public static ShardQuery of(ScatterPlan plan, String shardKey) {
        Map<String, String> names = new LinkedHashMap<>();
        Map<String, AttrValue> values = new LinkedHashMap<>();
        names.put(PK_NAME, plan.partitionKey());
        values.put(PK_VALUE, keyValue(plan.partitionKeyType(), shardKey));
        String keyCondition = PK_NAME + " = " + PK_VALUE;
        SortCondition c = plan.sortCondition();
        if (c != null) {
            keyCondition += " AND " + c.expression();
            names.put(SortCondition.NAME, plan.sortKey());
            values.putAll(c.values());
        }
        names.putAll(new TreeMap<>(plan.filterNames()));
        values.putAll(new TreeMap<>(plan.filterValues()));
        String projection = null;
        if (!plan.projection().isEmpty()) {
            Set<String> attributes = new LinkedHashSet<>(plan.projection());
            attributes.add(plan.partitionKey());
            if (plan.sortKey() != null) {
                attributes.add(plan.sortKey());
            }
            attributes.addAll(plan.dedupeBy());
            List<String> tokens = new ArrayList<>();
            int next = 0;
            for (String a : attributes) {
                String token = placeholderOf(names, a);
                if (token == null) {
                    while (names.containsKey(PROJECTION_PREFIX + next)) {
                        next++;
                    }
                    token = PROJECTION_PREFIX + next++;
                    names.put(token, a);
                }
                tokens.add(token);
            }
            projection = String.join(", ", tokens);
        }
        return new ShardQuery(
                plan.table(),
                plan.index(),
                keyCondition,
                names,
                values,
                plan.filterExpression(),
                projection,
                plan.consistent(),
                plan.ascending(),
                plan.limit());
    }

    private static String placeholderOf(Map<String, String> names, String attribute) {
        for (Map.Entry<String, String> e : names.entrySet()) {
            if (e.getValue().equals(attribute)) {
                return e.getKey();
            }
        }
        return null;
    }

    /**
     * A shard key as the partition key's type: text for S, a DynamoDB number for N, base64 for B.
     *
     * @throws IllegalArgumentException naming the key and the type when it is not one
     */
    public static AttrValue keyValue(KeyType type, String shardKey) {
        Objects.requireNonNull(shardKey, "shardKey");
        return switch (type) {
            case S -> AttrValue.s(shardKey);
            case N -> {
                try {
                    yield AttrValue.N.parse(shardKey);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException(
                            "the partition key is a number; the shard key \"" + shardKey + "\" is not", e);
                }
            }
            case B -> {
                try {
                    yield AttrValue.B.ofBase64(shardKey);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(
                            "the partition key is binary; the shard key \"" + shardKey + "\" is not base64", e);
                }
            }
        };
    }

    /** This shard's partition-key value ({@value #PK_VALUE}). */
    public AttrValue partitionKeyValue() {
        return values.get(PK_VALUE);
    }

    /** The values every shard of the plan shares: all but {@value #PK_VALUE}. */
    public Map<String, AttrValue> sharedValues() {
        Map<String, AttrValue> m = new LinkedHashMap<>(values);
        m.remove(PK_VALUE);
        return Collections.unmodifiableMap(m);
    }
}
