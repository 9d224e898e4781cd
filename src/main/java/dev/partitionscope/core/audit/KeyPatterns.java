package dev.partitionscope.core.audit;

import dev.partitionscope.core.scheme.Murmur3;
import dev.partitionscope.core.sketch.SpaceSaving;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The key patterns of a table, read off a stream of sampled items: the audit's first step (issue 9), which seed 000
 * did by hand — list every partition-key pattern, count its cardinality, see where items pile up.
 *
 * <p>Each key is split into parts ({@link KeyParts}: {@code #}, {@code |}, and {@code .}/{@code :} with care) and
 * each part classified (uuid, number, date, month, hour, timestamp, hex, text). Keys of one shape — the same kinds
 * and separators — share a pattern, except that a first part naming a kind of item ({@code ORDER}, {@code PRODUCT},
 * {@code OPS_LOG}: text without digits) keeps patterns apart, so {@code ORDER#<uuid>} and {@code PRODUCT#<uuid>}
 * are two. A text part with one value stays literal, with a few ({@link #ENUM_LIMIT}) it becomes an enumerated
 * hole listing them, with more a {@code <text>} hole; a number part counted from 0 or 1 with few values is a
 * {@link ValueKind#SHARD shard suffix}; day, month and hour parts are time buckets.
 *
 * <p>A kind of key that is only a name, or a name followed by shard and bucket suffixes, is one value of a
 * low-cardinality attribute when several such names hold the same kind of item. Seed 001's index has
 * {@code PENDING}, {@code SHIPPED}, {@code DELIVERED} and {@code CANCELLED}, all over order ids: that is one
 * pattern, {@code {PENDING|SHIPPED|DELIVERED|CANCELLED}}, with each status's items, which is what the advisor needs to
 * say "status index with 4 values: hash-suffix the hot values". Seed 000's {@code OPS_LOG}, {@code BRAND_INDEX} and
 * {@code PRODUCT_INDEX} hold different items — their sort keys read {@code <timestamp>#<text>},
 * {@code BRAND#<timestamp>#<uuid>}, {@code PRODUCT#<timestamp>#<uuid>} — so they stay three patterns of one key each.
 * "The same kind of item" is read off the sort keys: the commonest sort-key signature of each name must agree.
 *
 * <p>Memory is bounded whatever the number of items: at most {@code maxPatterns} patterns (keys that would make
 * more go to one {@code <other>} pattern), at most {@link #TAG_LIMIT} names per shape (more, and the first part is
 * an id after all: the shape's names merge into one pattern), and per pattern a 32-key Space-Saving sketch, at most
 * 1,024 key hashes or a 16 KB HyperLogLog, a 4 KB size histogram and at most 32 values per part. Synchronized, so
 * the segments of a parallel scan may share one instance.
 */
public final class KeyPatterns {
    public static final int DEFAULT_MAX_PATTERNS = 200;
    /** A text part with at most this many values is enumerated; a status has a handful, an id field far more. */
    public static final int ENUM_LIMIT = 16;
    /** Names kept apart per shape before its first part counts as an id ({@code alice#…}, {@code bob#…}). */
    public static final int TAG_LIMIT = 32;
    /** Top keys reported per pattern. */
    public static final int TOP_KEYS = 10;
    /** Enumerated values spelled out in a template; more read {@code <one of N>}. */
    static final int SPELLED_VALUES = 6;

    /** The cells of one shape: one per name while names are few, and one for the rest. */
    private static final class Shape {
        final char[] separators;
        final ValueKind[] kinds;
        final Map<String, PatternCell> named = new LinkedHashMap<>();
        PatternCell unnamed;
        boolean namesOverflowed;

        Shape(KeyParts key) {
            separators = new char[key.count()];
            kinds = new ValueKind[key.count()];
            for (int i = 0; i < key.count(); i++) {
                separators[i] = key.separator(i);
                kinds[i] = key.kind(i);
            }
        }
    }

    private final int maxPatterns;
    private final Map<String, Shape> shapes = new HashMap<>();
    private final PatternCell other = new PatternCell(new char[0], new ValueKind[0]);
    private int cells;
    private long items;

    public KeyPatterns() {
        this(DEFAULT_MAX_PATTERNS);
    }

    /** @param maxPatterns the most patterns kept apart (at least 1); keys beyond go to one {@code <other>} pattern */
    public KeyPatterns(int maxPatterns) {
        if (maxPatterns < 1) {
            throw new IllegalArgumentException("maxPatterns must be at least 1, not " + maxPatterns);
        }
        this.maxPatterns = maxPatterns;
    }

    /**
     * Counts one sampled item.
     *
     * @param partitionKey its partition key as text (numbers and binary keys as their text or base64)
     * @param sortKeyOrNull its sort key as text, null on a table without one
     * @param itemBytes    its DynamoDB item size ({@code ItemSize.of})
     */
    public synchronized void add(String partitionKey, String sortKeyOrNull, long itemBytes) {
        Objects.requireNonNull(partitionKey, "partitionKey");
        items++;
        KeyParts key = KeyParts.of(partitionKey);
        long hash = Murmur3.hash64(partitionKey);
        String signature =
                sortKeyOrNull == null ? null : KeyParts.of(sortKeyOrNull).signature();
        cellFor(key).add(key, hash, signature, itemBytes);
    }

    private PatternCell cellFor(KeyParts key) {
        String shapeKey = key.shape();
        Shape shape = shapes.get(shapeKey);
        if (shape == null) {
            if (cells >= maxPatterns || shapes.size() >= maxPatterns) {
                return other;
            }
            shape = new Shape(key);
            shapes.put(shapeKey, shape);
        }
        if (key.tagged() && !shape.namesOverflowed) {
            String name = key.part(0);
            PatternCell cell = shape.named.get(name);
            if (cell != null) {
                return cell;
            }
            if (shape.named.size() < TAG_LIMIT) {
                if (cells >= maxPatterns) {
                    return other;
                }
                cell = new PatternCell(shape.separators, shape.kinds);
                shape.named.put(name, cell);
                cells++;
                return cell;
            }
            mergeNames(shape);
        }
        if (shape.unnamed == null) {
            if (cells >= maxPatterns) {
                return other;
            }
            shape.unnamed = new PatternCell(shape.separators, shape.kinds);
            cells++;
        }
        return shape.unnamed;
    }

    /** Too many names for one shape: its first part is an id after all, and its patterns become one. */
    private void mergeNames(Shape shape) {
        shape.namesOverflowed = true;
        if (shape.unnamed == null) {
            shape.unnamed = new PatternCell(shape.separators, shape.kinds);
            cells++;
        }
        for (PatternCell cell : shape.named.values()) {
            shape.unnamed.absorb(cell);
            cells--;
        }
        shape.named.clear();
    }

    /** Items counted so far. */
    public synchronized long itemsSampled() {
        return items;
    }

    /**
     * The patterns seen so far, most items first (ties by template), the {@code <other>} catch-all included when
     * the cap sent items there. A snapshot: it may be taken while items keep arriving.
     */
    public synchronized List<PatternStats> patterns() {
        List<PatternStats> out = new ArrayList<>();
        for (Shape shape : shapes.values()) {
            Map<String, List<PatternCell>> groups = new LinkedHashMap<>();
            for (PatternCell cell : shape.named.values()) {
                String group = logicalKey(cell) ? "sk:" + cell.sortKeySignature() : "cell:" + groups.size();
                groups.computeIfAbsent(group, g -> new ArrayList<>()).add(cell);
            }
            for (List<PatternCell> group : groups.values()) {
                PatternCell cell = group.get(0);
                if (group.size() > 1) {
                    cell = cell.emptyCopy();
                    for (PatternCell c : group) {
                        cell.absorb(c);
                    }
                }
                out.add(stats(cell, false));
            }
            if (shape.unnamed != null) {
                out.add(stats(shape.unnamed, false));
            }
        }
        if (other.items > 0) {
            out.add(stats(other, true));
        }
        out.sort(Comparator.comparingLong(PatternStats::itemsSampled).reversed().thenComparing(PatternStats::template));
        return List.copyOf(out);
    }

    /**
     * Whether a named cell is a name plus at most shard and time-bucket suffixes ({@code PENDING},
     * {@code PENDING#<shard 1..8>}, {@code OPS_LOG#<date>}): one value of a logical key, which may be grouped with
     * others holding the same kind of item. {@code ORDER#<uuid>} is an entity, never grouped.
     */
    private static boolean logicalKey(PatternCell cell) {
        for (int i = 1; i < cell.positions.length; i++) {
            ValueKind kind = partKind(cell, i);
            if (kind != ValueKind.SHARD && kind.bucket() == null) {
                return false;
            }
        }
        return true;
    }

    private static ValueKind partKind(PatternCell cell, int i) {
        PositionStats p = cell.positions[i];
        return switch (p.kind()) {
            case TEXT ->
                p.exact() && p.distinct() == 1
                        ? ValueKind.LITERAL
                        : p.exact() && p.distinct() <= ENUM_LIMIT ? ValueKind.ENUM : ValueKind.TEXT;
            case NUMBER -> i > 0 && p.shards(cell.items) > 0 ? ValueKind.SHARD : ValueKind.NUMBER;
            default -> p.kind();
        };
    }

    private PatternStats stats(PatternCell cell, boolean isOther) {
        List<PatternStats.Part> parts = new ArrayList<>(cell.positions.length);
        StringBuilder template = new StringBuilder();
        for (int i = 0; i < cell.positions.length; i++) {
            PositionStats p = cell.positions[i];
            ValueKind kind = partKind(cell, i);
            String separator = i == 0 ? "" : String.valueOf(cell.separators[i]);
            List<PatternStats.ValueCount> values = p.values();
            int shards = kind == ValueKind.SHARD ? p.shards(cell.items) : 0;
            parts.add(new PatternStats.Part(
                    i,
                    separator,
                    kind,
                    kind == ValueKind.LITERAL ? p.min() : null,
                    p.distinct(),
                    p.distinctExact(),
                    values,
                    p.min(),
                    p.max(),
                    shards));
            template.append(separator)
                    .append(
                            switch (kind) {
                                case LITERAL -> p.min();
                                case ENUM ->
                                    values.size() <= SPELLED_VALUES
                                            ? "{"
                                                    + String.join(
                                                            "|",
                                                            values.stream()
                                                                    .map(PatternStats.ValueCount::value)
                                                                    .toList())
                                                    + "}"
                                            : "<one of " + values.size() + ">";
                                case SHARD ->
                                    "<shard " + (p.shardsFromZero() ? "0.." + (shards - 1) : "1.." + shards) + ">";
                                default -> kind.placeholder();
                            });
        }
        SpaceSaving.Snapshot top = cell.topKeys.snapshot(false);
        List<PatternStats.KeyCount> topKeys = new ArrayList<>();
        for (int i = 0; i < Math.min(TOP_KEYS, top.size()); i++) {
            topKeys.add(
                    new PatternStats.KeyCount(top.pks()[i], Math.round(top.counts()[i]), Math.round(top.errors()[i])));
        }
        long n = cell.items;
        long p50 = cell.sizes.quantile(0.5);
        long max = cell.sizes.max();
        return new PatternStats(
                isOther ? "<other>" : template.toString(),
                parts,
                isOther,
                n,
                items == 0 ? 0 : (double) n / items,
                cell.distinct.seen(),
                cell.distinct.exact(),
                cell.distinct.estimate(),
                cell.distinct.relativeError(),
                topKeys,
                n == 0
                        ? 0
                        : (double) topKeys.stream()
                                        .mapToLong(PatternStats.KeyCount::atLeast)
                                        .max()
                                        .orElse(0)
                                / n,
                new PatternStats.ItemSizes(p50, cell.sizes.quantile(0.99), max),
                PatternStats.UnitCost.of(p50),
                PatternStats.UnitCost.of(max),
                cell.sortKeySignature(),
                cell.examples);
    }
}
