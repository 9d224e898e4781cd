package dev.partitionscope.core.audit;

import dev.partitionscope.core.item.Capacity;
import dev.partitionscope.core.scheme.KeyScheme;
import dev.partitionscope.core.scheme.SchemeException;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * One partition-key pattern of a sampled table and what the sample says about it: the facts seed 000's audit
 * checks by hand (cardinality — 1 is "hot by definition" —, how items pile up on its keys, item sizes and what one
 * operation costs, whether a time bucket or a shard suffix is already there), for the risk matrix and the advisor.
 * Counts are of sampled items: a partial scan sees a fraction of each, and the estimates are of the keys the sample
 * touched.
 *
 * @param template             the pattern as text: {@code ORDER#<uuid>}, {@code OPS_LOG#<date>},
 *                             {@code THREAT#<text>#<month>}, {@code PEDIDOS#<date>.<shard 1..10>},
 *                             {@code {PENDING|SHIPPED|DELIVERED|CANCELLED}}; {@code <other>} for the catch-all
 * @param parts                the template part by part, literals included
 * @param other                whether this is the catch-all of items beyond the pattern cap (no parts)
 * @param itemsSampled         items of the sample with a key of this pattern
 * @param itemShare            their fraction (0..1) of all items sampled
 * @param distinctSeen         distinct keys seen: exact when {@code distinctExact}, else a lower bound
 * @param distinctExact        whether every distinct key was counted exactly (up to
 *                             {@link DistinctCounter#EXACT_LIMIT} keys)
 * @param estimatedCardinality distinct keys: exact while {@code distinctExact}, else a HyperLogLog estimate
 * @param cardinalityError     the estimate's relative standard error (0.0081 = 0.81 %); 0 when exact
 * @param topKeys              the keys holding the most items, most first (at most {@link KeyPatterns#TOP_KEYS})
 * @param topKeyShare          the busiest key's fraction (0..1) of this pattern's items, from the items it surely
 *                             has ({@link KeyCount#atLeast()}): a heavy key's count is nearly exact, while among many
 *                             equal keys the sketch's counts are mostly error and would overstate a flat pattern
 * @param itemBytes            item sizes in bytes (DynamoDB's item size, {@code ItemSize})
 * @param costAtP50            what one write or read of a median item costs
 * @param costAtMax            what one write or read of the largest item costs
 * @param sortKeyTemplate      how most of its items' sort keys read ({@code <timestamp>#<text>}), null without
 * @param examples             a few keys of the pattern, as seen
 */
public record PatternStats(
        String template,
        List<Part> parts,
        boolean other,
        long itemsSampled,
        double itemShare,
        long distinctSeen,
        boolean distinctExact,
        long estimatedCardinality,
        double cardinalityError,
        List<KeyCount> topKeys,
        double topKeyShare,
        ItemSizes itemBytes,
        UnitCost costAtP50,
        UnitCost costAtMax,
        String sortKeyTemplate,
        List<String> examples) {

    public PatternStats {
        parts = List.copyOf(parts);
        topKeys = List.copyOf(topKeys);
        examples = List.copyOf(examples);
    }

    /**
     * One part of a template.
     *
     * @param position      0-based index in the key
     * @param separator     the separator before it ({@code ""} for the first part)
     * @param kind          what it holds
     * @param literal       its text when {@code kind} is LITERAL, else null
     * @param distinct      distinct values seen: exact when {@code distinctExact}, else a lower bound
     * @param distinctExact whether {@code distinct} is exact
     * @param values        each value with its item count, most first, while there were at most
     *                      {@link PositionStats#VALUE_LIMIT} values (an ENUM's are always listed); else empty
     * @param min           the smallest value (text order, which is time order for dates)
     * @param max           the largest value
     * @param shards        for SHARD, the shard count N (largest number, + 1 when counted from 0); else 0
     */
    public record Part(
            int position,
            String separator,
            ValueKind kind,
            String literal,
            long distinct,
            boolean distinctExact,
            List<ValueCount> values,
            String min,
            String max,
            int shards) {
        public Part {
            values = List.copyOf(values);
        }

        public boolean hole() {
            return kind != ValueKind.LITERAL;
        }

        /** Whether the shard numbers start at 0 (the grammar's start at 1). */
        public boolean shardsFromZero() {
            return kind == ValueKind.SHARD && "0".equals(min);
        }
    }

    /** A value of a part and how many sampled items had it. */
    public record ValueCount(String value, long items) {}

    /**
     * A key and its sampled items. While the pattern has had at most the sketch's capacity of keys the count is
     * exact ({@code error} 0); after that the true count lies in {@code [items − error, items]}.
     */
    public record KeyCount(String key, long items, long error) {
        /** The items the key surely has: {@code items − error}. */
        public long atLeast() {
            return items - error;
        }
    }

    /** Item sizes in bytes; quantiles never below the true size and exact in capacity units (see SizeHistogram). */
    public record ItemSizes(long p50, long p99, long max) {}

    /**
     * What one operation on an item of {@code itemBytes} costs (dynamodb-facts §3, {@link Capacity}): write units
     * (1 per KB), read units strongly consistent (1 per 4 KB) and eventually consistent (half).
     */
    public record UnitCost(long itemBytes, double writeUnits, double strongReadUnits, double eventualReadUnits) {
        public static UnitCost of(long itemBytes) {
            return new UnitCost(
                    itemBytes,
                    Capacity.writeUnits(itemBytes),
                    Capacity.readUnits(itemBytes, true),
                    Capacity.readUnits(itemBytes, false));
        }
    }

    /** The holes of the template: every part but the literals. */
    public List<Part> holes() {
        return parts.stream().filter(Part::hole).toList();
    }

    /** Whether the whole pattern is one key (seed 000's "cardinality 1: hot by definition"). */
    public boolean singleKey() {
        return distinctExact && distinctSeen == 1;
    }

    /** The enumerated part, if any: the status of a status index, with each value's items. */
    public Optional<Part> enumerated() {
        return parts.stream().filter(p -> p.kind() == ValueKind.ENUM).findFirst();
    }

    /** The time bucket the keys already carry ({@code OPS_LOG#<date>}: DAY), if any. */
    public Optional<KeyScheme.Bucket> timeBucket() {
        return parts.stream()
                .map(p -> p.kind().bucket())
                .filter(Objects::nonNull)
                .findFirst();
    }

    public boolean hasTimeBucket() {
        return timeBucket().isPresent();
    }

    /** The shard count N of the last shard suffix ({@code PENDING#<shard 1..8>}: 8); 0 when there is none. */
    public int shardCount() {
        int n = 0;
        for (Part p : parts) {
            if (p.kind() == ValueKind.SHARD) {
                n = p.shards();
            }
        }
        return n;
    }

    public boolean hasShardSuffix() {
        return shardCount() > 0;
    }

    /**
     * The scheme the keys already follow, in the product's grammar ({@link KeyScheme}): the time buckets and shards
     * at the end of the template, {@code day}, {@code day+hash:8}, {@code month+hash:8}; empty when it ends in
     * neither. As with the scatter view's guess, the keys cannot show how a shard number was chosen, so a shard
     * reads as {@code hash:N}; shards counted from 0 give N = largest + 1, though the grammar counts from 1.
     */
    public Optional<String> existingScheme() {
        int from = parts.size();
        while (from > 1
                && (parts.get(from - 1).kind() == ValueKind.SHARD
                        || parts.get(from - 1).kind().bucket() != null)) {
            from--;
        }
        if (from == parts.size()) {
            return Optional.empty();
        }
        StringBuilder spec = new StringBuilder();
        for (Part p : parts.subList(from, parts.size())) {
            if (spec.length() > 0) {
                spec.append('+');
            }
            spec.append(
                    p.kind() == ValueKind.SHARD
                            ? "hash:" + p.shards()
                            : p.kind().bucket().name().toLowerCase(Locale.ROOT));
        }
        String text = spec.toString();
        try {
            KeyScheme.parse(text);
            return Optional.of(text);
        } catch (SchemeException e) {
            return Optional.empty(); // e.g. more shards than the grammar allows
        }
    }
}
