package dev.partitionscope.core.audit;

import dev.partitionscope.core.heat.ShardFolding;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What one part of a pattern's keys has held: its values with item counts while there are at most
 * {@link #VALUE_LIMIT} of them (enough to tell a status from an id), the smallest and largest value, and for
 * numbers the evidence of a write shard — every value at most {@link ShardFolding#MAX_SHARD} without a leading
 * zero, kept as a bit set. Bounded whatever the number of items.
 */
final class PositionStats {
    static final int VALUE_LIMIT = 32;

    private final ValueKind kind;
    private String[] values = new String[4];
    private long[] counts = new long[4];
    private int size;
    private boolean overflow;
    private String min;
    private String max;
    private long[] shardBits;
    private boolean shardable;
    private long numberMin = Long.MAX_VALUE;
    private long numberMax = -1;

    PositionStats(ValueKind kind) {
        this.kind = kind;
        this.shardable = kind == ValueKind.NUMBER;
    }

    ValueKind kind() {
        return kind;
    }

    void add(String value) {
        add(value, 1);
    }

    private void add(String value, long items) {
        if (min == null || value.compareTo(min) < 0) {
            min = value;
        }
        if (max == null || value.compareTo(max) > 0) {
            max = value;
        }
        if (shardable) {
            addNumber(value);
        }
        if (overflow) {
            return;
        }
        for (int i = 0; i < size; i++) {
            if (values[i].equals(value)) {
                counts[i] += items;
                return;
            }
        }
        if (size == VALUE_LIMIT) {
            overflow = true;
            values = null;
            counts = null;
            return;
        }
        if (size == values.length) {
            values = Arrays.copyOf(values, size * 2);
            counts = Arrays.copyOf(counts, size * 2);
        }
        values[size] = value;
        counts[size] = items;
        size++;
    }

    private void addNumber(String digits) {
        long v = digits.length() > 5 || (digits.length() > 1 && digits.charAt(0) == '0') ? -1 : Long.parseLong(digits);
        if (v < 0 || v > ShardFolding.MAX_SHARD) {
            shardable = false;
            shardBits = null;
            return;
        }
        if (shardBits == null) {
            shardBits = new long[(ShardFolding.MAX_SHARD >> 6) + 1];
        }
        shardBits[(int) (v >>> 6)] |= 1L << v;
        numberMin = Math.min(numberMin, v);
        numberMax = Math.max(numberMax, v);
    }

    void merge(PositionStats other) {
        if (other.min != null && (min == null || other.min.compareTo(min) < 0)) {
            min = other.min;
        }
        if (other.max != null && (max == null || other.max.compareTo(max) > 0)) {
            max = other.max;
        }
        if (shardable && other.shardable && other.shardBits != null) {
            if (shardBits == null) {
                shardBits = new long[other.shardBits.length];
            }
            for (int i = 0; i < shardBits.length; i++) {
                shardBits[i] |= other.shardBits[i];
            }
            numberMin = Math.min(numberMin, other.numberMin);
            numberMax = Math.max(numberMax, other.numberMax);
        } else if (!other.shardable) {
            shardable = false;
            shardBits = null;
        }
        if (other.overflow) {
            overflow = true;
            values = null;
            counts = null;
        }
        if (!overflow) {
            for (int i = 0; i < other.size && !overflow; i++) {
                addValueOnly(other.values[i], other.counts[i]);
            }
        }
    }

    private void addValueOnly(String value, long items) {
        boolean keep = shardable;
        shardable = false; // the numbers were merged already
        add(value, items);
        shardable = keep;
    }

    /** Whether every value seen is still listed. */
    boolean exact() {
        return !overflow;
    }

    /** Distinct values: exact while {@link #exact()}, else {@link #VALUE_LIMIT} (a lower bound). */
    long distinct() {
        if (shardBits != null) {
            long n = 0;
            for (long w : shardBits) {
                n += Long.bitCount(w);
            }
            return n;
        }
        return overflow ? VALUE_LIMIT : size;
    }

    /** Whether the distinct count is exact: listed values, or shard-sized numbers all kept in the bit set. */
    boolean distinctExact() {
        return !overflow || shardBits != null;
    }

    /** The values seen with their item counts, most items first; empty once there were too many to list. */
    List<PatternStats.ValueCount> values() {
        if (overflow) {
            return List.of();
        }
        List<PatternStats.ValueCount> out = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            out.add(new PatternStats.ValueCount(values[i], counts[i]));
        }
        out.sort((a, b) -> a.items() != b.items()
                ? Long.compare(b.items(), a.items())
                : a.value().compareTo(b.value()));
        return List.copyOf(out);
    }

    String min() {
        return min;
    }

    String max() {
        return max;
    }

    /**
     * The shard count when this part reads as a write-shard suffix, else 0: numbers only, each at most
     * {@link ShardFolding#MAX_SHARD} with no leading zero, at least two of them (a shard needs a sibling, as in the
     * heatmap's folding), counted from 0 or 1, and dense — at least half of 0/1..max seen, or at least twice as many
     * items as that range, so a run of ids that happens to start at 1 is not called a shard too early. The count
     * is the largest number, + 1 when counted from 0. Four-digit numbers never start at 0 or 1, so years are not
     * mistaken for shards.
     */
    int shards(long items) {
        if (!shardable || shardBits == null || numberMin > 1) {
            return 0;
        }
        long seen = distinct();
        long range = numberMax - numberMin + 1;
        if (seen < 2 || (seen * 2 < range && items < range * 2)) {
            return 0;
        }
        return (int) (numberMin == 0 ? numberMax + 1 : numberMax);
    }

    /** Whether the shard numbers start at 0 (the seed's {@code Math.random() * 10}) rather than 1 (the grammar). */
    boolean shardsFromZero() {
        return numberMin == 0;
    }
}
