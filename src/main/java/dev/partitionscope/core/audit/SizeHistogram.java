package dev.partitionscope.core.audit;

/**
 * Item sizes in bounded memory, with quantiles that are exact in capacity units. Buckets are {@code (lo, hi]}: one
 * per size up to 128 bytes, then 64 per power of two (1.6 % wide) up to 1 MiB, so every multiple of 1 KB up to
 * 64 KB, and of 4 KB up to 512 KB, is a bucket edge. A quantile is reported as its bucket's upper edge (capped at
 * the largest size seen), never below the true size, and it costs the same write and read units as the true size:
 * DynamoDB rounds writes up to 1 KB and reads to 4 KB (dynamodb-facts §3), and no bucket straddles such a step in
 * that range. Larger items (rare; the item limit is 400 KB) may be overstated by one write unit. 4 KB per instance,
 * whatever the number of items; mergeable by adding counts.
 *
 * <p>Kept rather than HdrHistogram 2.2.2 (issue 19, item 4; {@code SizeQuantileBenchmark} in src/jmh): an
 * HdrHistogram of 2 significant digits reports a bucket's highest value, so a bucket that holds an exact 1 KB multiple
 * reports a few bytes above it — one write unit too many. Over 2,000 samples of item sizes (half with a third of the
 * items at exact 1 KB multiples) its p50/p99 cost the wrong write or read units 68 to 310 times, ours never. It would
 * also take twice the memory (8.3 KB with int counts, 16 KB with long, against 3.9 KB), and add no speed (an add 5.6
 * against 4.3 ns, a p99 790 against 400 ns).
 */
final class SizeHistogram {
    private static final int EXACT = 128;
    private static final int SUB_BITS = 6;
    private static final int SUB = 1 << SUB_BITS;
    private static final int FIRST_OCTAVE = 7; // sizes 129..256 − 1 are octave 7 of (size − 1)
    private static final int LAST_OCTAVE = 19; // up to 1 MiB; anything larger shares the last bucket
    private static final int BUCKETS = EXACT + 1 + (LAST_OCTAVE - FIRST_OCTAVE + 1) * SUB;

    private final int[] counts = new int[BUCKETS];
    private long items;
    private long max;

    void add(long bytes) {
        long size = Math.max(0, bytes);
        counts[index(size)]++;
        items++;
        if (size > max) {
            max = size;
        }
    }

    void merge(SizeHistogram other) {
        for (int i = 0; i < BUCKETS; i++) {
            counts[i] += other.counts[i];
        }
        items += other.items;
        max = Math.max(max, other.max);
    }

    long max() {
        return max;
    }

    /** The size at quantile {@code q} (0..1]: at least as large as that many items; 0 when empty. */
    long quantile(double q) {
        if (items == 0) {
            return 0;
        }
        long rank = Math.max(1, (long) Math.ceil(q * items));
        long seen = 0;
        for (int i = 0; i < BUCKETS; i++) {
            seen += counts[i];
            if (seen >= rank) {
                return Math.min(upper(i), max);
            }
        }
        return max;
    }

    static int index(long size) {
        if (size <= EXACT) {
            return (int) size;
        }
        long v = size - 1;
        int octave = 63 - Long.numberOfLeadingZeros(v);
        if (octave > LAST_OCTAVE) {
            return BUCKETS - 1;
        }
        int sub = (int) (v >>> (octave - SUB_BITS)) & (SUB - 1);
        return EXACT + 1 + (octave - FIRST_OCTAVE) * SUB + sub;
    }

    /** The largest size that falls into bucket {@code index}. */
    static long upper(int index) {
        if (index <= EXACT) {
            return index;
        }
        int octave = FIRST_OCTAVE + (index - EXACT - 1) / SUB;
        int sub = (index - EXACT - 1) % SUB;
        return (long) (SUB + sub + 1) << (octave - SUB_BITS);
    }
}
