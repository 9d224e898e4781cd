package dev.partitionscope.core.scatter;

import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.scheme.KeyScheme;
import dev.partitionscope.core.table.KeyType;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One scatter-gather read: the N Queries a sharded "list all PENDING orders" becomes, and how to merge them.
 *
 * @param index            a GSI or LSI name, or null for the table
 * @param partitionKey     the partition-key attribute of the table or index
 * @param sortKey          its sort-key attribute, or null (then shards are concatenated in key order)
 * @param shardKeys        the partition-key values to query (from {@link #shardKeys}), each a value of
 *                         {@code partitionKeyType} (a number for N, base64 for B)
 * @param filterExpression a FilterExpression, or null; its names may not be {@code #pk} or {@code #sk}, its values
 *                         not {@code :pk}, {@code :sk1} or {@code :sk2} (the key condition's placeholders)
 * @param projection       attributes to return (empty: all); the key and {@code dedupeBy} attributes are always
 *                         added, the merge needs them (see {@link ShardQuery})
 * @param limit            items in the merged result, or 0 for no limit
 * @param itemCap          bound on items held in memory; reaching it stops the read, labelled capped
 * @param dedupeBy         attributes that identify an item across shards (empty: no de-duplication) — reading the
 *                         legacy key and the new shards during a migration ("both patterns") finds an item written
 *                         under both once per key; the merge keeps the first
 */
public record ScatterPlan(
        String table,
        String index,
        String partitionKey,
        KeyType partitionKeyType,
        String sortKey,
        KeyType sortKeyType,
        List<String> shardKeys,
        SortCondition sortCondition,
        String filterExpression,
        Map<String, String> filterNames,
        Map<String, AttrValue> filterValues,
        List<String> projection,
        boolean ascending,
        int limit,
        boolean consistent,
        int concurrency,
        int itemCap,
        List<String> dedupeBy) {

    public static final int DEFAULT_CONCURRENCY = 8;
    public static final int DEFAULT_ITEM_CAP = 10_000;

    public ScatterPlan {
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(partitionKey, "partitionKey");
        partitionKeyType = partitionKeyType == null ? KeyType.S : partitionKeyType;
        shardKeys = List.copyOf(new LinkedHashSet<>(shardKeys));
        if (shardKeys.isEmpty()) {
            throw new IllegalArgumentException("no shard keys to query");
        }
        if (sortKey == null && sortCondition != null) {
            throw new IllegalArgumentException("a sort-key condition needs a sort key; " + table + " has none");
        }
        filterNames = filterNames == null ? Map.of() : Map.copyOf(filterNames);
        filterValues = filterValues == null ? Map.of() : Map.copyOf(filterValues);
        for (String name : filterNames.keySet()) {
            if (name.equals(ShardQuery.PK_NAME) || name.equals(SortCondition.NAME)) {
                throw new IllegalArgumentException("the filter's " + name + " is the key condition's placeholder:"
                        + " rename it, e.g. #f_" + name.substring(1));
            }
        }
        for (String name : filterValues.keySet()) {
            if (name.equals(ShardQuery.PK_VALUE)
                    || name.equals(SortCondition.VALUE)
                    || name.equals(SortCondition.UPPER)) {
                throw new IllegalArgumentException("the filter's " + name + " is the key condition's placeholder:"
                        + " rename it, e.g. :f_" + name.substring(1));
            }
        }
        for (String key : shardKeys) {
            ShardQuery.keyValue(partitionKeyType, key);
        }
        projection = projection == null ? List.of() : List.copyOf(projection);
        if (limit < 0) {
            throw new IllegalArgumentException("limit must be ≥ 0 (0 = no limit), not " + limit);
        }
        if (concurrency < 1) {
            throw new IllegalArgumentException("concurrency must be ≥ 1, not " + concurrency);
        }
        if (itemCap < 1) {
            throw new IllegalArgumentException("item cap must be ≥ 1, not " + itemCap);
        }
        dedupeBy = dedupeBy == null ? List.of() : List.copyOf(dedupeBy);
    }

    /** A plan without de-duplication. */
    public ScatterPlan(
            String table,
            String index,
            String partitionKey,
            KeyType partitionKeyType,
            String sortKey,
            KeyType sortKeyType,
            List<String> shardKeys,
            SortCondition sortCondition,
            String filterExpression,
            Map<String, String> filterNames,
            Map<String, AttrValue> filterValues,
            List<String> projection,
            boolean ascending,
            int limit,
            boolean consistent,
            int concurrency,
            int itemCap) {
        this(
                table,
                index,
                partitionKey,
                partitionKeyType,
                sortKey,
                sortKeyType,
                shardKeys,
                sortCondition,
                filterExpression,
                filterNames,
                filterValues,
                projection,
                ascending,
                limit,
                consistent,
                concurrency,
                itemCap,
                List.of());
    }

    /** A plan with defaults: ascending, no condition/filter/projection/limit, eventually consistent. */
    public static ScatterPlan of(
            String table,
            String index,
            String partitionKey,
            String sortKey,
            KeyType sortKeyType,
            List<String> shardKeys) {
        return new ScatterPlan(
                table,
                index,
                partitionKey,
                KeyType.S,
                sortKey,
                sortKeyType,
                shardKeys,
                null,
                null,
                null,
                null,
                null,
                true,
                0,
                false,
                DEFAULT_CONCURRENCY,
                DEFAULT_ITEM_CAP,
                List.of());
    }

    public ScatterPlan withSortCondition(SortCondition c) {
        return new ScatterPlan(
                table,
                index,
                partitionKey,
                partitionKeyType,
                sortKey,
                sortKeyType,
                shardKeys,
                c,
                filterExpression,
                filterNames,
                filterValues,
                projection,
                ascending,
                limit,
                consistent,
                concurrency,
                itemCap,
                dedupeBy);
    }

    public ScatterPlan withFilter(String expression, Map<String, String> names, Map<String, AttrValue> values) {
        return new ScatterPlan(
                table,
                index,
                partitionKey,
                partitionKeyType,
                sortKey,
                sortKeyType,
                shardKeys,
                sortCondition,
                expression,
                names,
                values,
                projection,
                ascending,
                limit,
                consistent,
                concurrency,
                itemCap,
                dedupeBy);
    }

    public ScatterPlan withProjection(List<String> attributes) {
        return new ScatterPlan(
                table,
                index,
                partitionKey,
                partitionKeyType,
                sortKey,
                sortKeyType,
                shardKeys,
                sortCondition,
                filterExpression,
                filterNames,
                filterValues,
                attributes,
                ascending,
                limit,
                consistent,
                concurrency,
                itemCap,
                dedupeBy);
    }

    public ScatterPlan withOrder(boolean asc) {
        return new ScatterPlan(
                table,
                index,
                partitionKey,
                partitionKeyType,
                sortKey,
                sortKeyType,
                shardKeys,
                sortCondition,
                filterExpression,
                filterNames,
                filterValues,
                projection,
                asc,
                limit,
                consistent,
                concurrency,
                itemCap,
                dedupeBy);
    }

    public ScatterPlan withLimit(int n) {
        return new ScatterPlan(
                table,
                index,
                partitionKey,
                partitionKeyType,
                sortKey,
                sortKeyType,
                shardKeys,
                sortCondition,
                filterExpression,
                filterNames,
                filterValues,
                projection,
                ascending,
                n,
                consistent,
                concurrency,
                itemCap,
                dedupeBy);
    }

    public ScatterPlan withConsistent(boolean c) {
        return new ScatterPlan(
                table,
                index,
                partitionKey,
                partitionKeyType,
                sortKey,
                sortKeyType,
                shardKeys,
                sortCondition,
                filterExpression,
                filterNames,
                filterValues,
                projection,
                ascending,
                limit,
                c,
                concurrency,
                itemCap,
                dedupeBy);
    }

    public ScatterPlan withConcurrency(int n) {
        return new ScatterPlan(
                table,
                index,
                partitionKey,
                partitionKeyType,
                sortKey,
                sortKeyType,
                shardKeys,
                sortCondition,
                filterExpression,
                filterNames,
                filterValues,
                projection,
                ascending,
                limit,
                consistent,
                n,
                itemCap,
                dedupeBy);
    }

    public ScatterPlan withItemCap(int n) {
        return new ScatterPlan(
                table,
                index,
                partitionKey,
                partitionKeyType,
                sortKey,
                sortKeyType,
                shardKeys,
                sortCondition,
                filterExpression,
                filterNames,
                filterValues,
                projection,
                ascending,
                limit,
                consistent,
                concurrency,
                n,
                dedupeBy);
    }

    /** Keeps the first item per value of these attributes ("both patterns" during a migration). */
    public ScatterPlan withDedupeBy(List<String> attributes) {
        return new ScatterPlan(
                table,
                index,
                partitionKey,
                partitionKeyType,
                sortKey,
                sortKeyType,
                shardKeys,
                sortCondition,
                filterExpression,
                filterNames,
                filterValues,
                projection,
                ascending,
                limit,
                consistent,
                concurrency,
                itemCap,
                attributes);
    }

    /** The same read over other partition-key values (the legacy key, or legacy + shards). */
    public ScatterPlan withShardKeys(List<String> keys) {
        return new ScatterPlan(
                table,
                index,
                partitionKey,
                partitionKeyType,
                sortKey,
                sortKeyType,
                keys,
                sortCondition,
                filterExpression,
                filterNames,
                filterValues,
                projection,
                ascending,
                limit,
                consistent,
                concurrency,
                itemCap,
                dedupeBy);
    }

    /**
     * The same read on another table or index with its own key schema (a GSI that unifies the shards): the sort
     * condition is dropped when the new key schema has no sort key or a different sort-key type.
     */
    public ScatterPlan onKeySchema(
            String newIndex, String pk, KeyType pkType, String sk, KeyType skType, List<String> keys) {
        SortCondition c = sk != null && sortCondition != null && skType == sortKeyType ? sortCondition : null;
        return new ScatterPlan(
                table,
                newIndex,
                pk,
                pkType,
                sk,
                skType,
                keys,
                c,
                filterExpression,
                filterNames,
                filterValues,
                projection,
                ascending,
                limit,
                consistent && newIndex == null,
                concurrency,
                itemCap,
                dedupeBy);
    }

    public ScatterPlan withPartitionKeyType(KeyType t) {
        return new ScatterPlan(
                table,
                index,
                partitionKey,
                t,
                sortKey,
                sortKeyType,
                shardKeys,
                sortCondition,
                filterExpression,
                filterNames,
                filterValues,
                projection,
                ascending,
                limit,
                consistent,
                concurrency,
                itemCap,
                dedupeBy);
    }

    /**
     * Every key of {@code base} under {@code scheme}: all {@link KeyScheme#shards()} suffixes, and for a scheme with
     * a time bucket, those of every bucket that overlaps [{@code fromMillis}, {@code toMillis}) (UTC), oldest first.
     * Without a time bucket the window is ignored.
     *
     * @throws IllegalArgumentException for an empty window or more than {@link KeyScheme#MAX_SHARDS} keys
     */
    public static List<String> shardKeys(
            KeyScheme scheme, String base, String separator, long fromMillis, long toMillis) {
        KeyScheme.Bucket bucket = scheme.bucket();
        if (bucket == null || !scheme.appliesTo(base)) {
            return scheme.keysAt(base, fromMillis, separator);
        }
        if (toMillis <= fromMillis) {
            throw new IllegalArgumentException("the time window is empty: from must be before to");
        }
        ChronoUnit unit =
                switch (bucket) {
                    case HOUR -> ChronoUnit.HOURS;
                    case DAY -> ChronoUnit.DAYS;
                    case MONTH -> ChronoUnit.MONTHS;
                };
        ZonedDateTime t = Instant.ofEpochMilli(fromMillis).atZone(ZoneOffset.UTC);
        t = switch (bucket) {
            case HOUR -> t.truncatedTo(ChronoUnit.HOURS);
            case DAY -> t.truncatedTo(ChronoUnit.DAYS);
            case MONTH -> t.truncatedTo(ChronoUnit.DAYS).withDayOfMonth(1);
        };
        List<String> keys = new ArrayList<>();
        for (; t.toInstant().toEpochMilli() < toMillis; t = t.plus(1, unit)) {
            keys.addAll(scheme.keysAt(base, t.toInstant().toEpochMilli(), separator));
            if (keys.size() > KeyScheme.MAX_SHARDS) {
                throw new IllegalArgumentException(
                        "the window spans more than " + KeyScheme.MAX_SHARDS + " keys; narrow it");
            }
        }
        return keys;
    }
}
