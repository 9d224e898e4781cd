package dev.partitionscope.core.sketch;

import java.util.Arrays;
import java.util.Objects;

/**
 * Filtered Space-Saving (Homem and Carvalho, 2010; Space-Saving by Metwally, Agrawal and El Abbadi, 2005), weighted,
 * over keys made of a partition key and an optional sort key: the heavy hitters of one minute of one resource, in
 * bounded memory whatever the number of distinct keys. It monitors {@code capacity} keys. Once full, a key that is
 * not monitored first adds its weight to a filter bucket picked by its hash; only when that bucket reaches the
 * smallest monitored count does the key take over the smallest counter, inheriting the bucket as its error. An
 * evicted key leaves its count in its bucket. The filter is what makes the usual case cheap: streams where most
 * keys are rare (every sort key distinct, say) cost one array addition per rare key instead of a heap update.
 *
 * <p>Guarantees, for weights ≥ 0: a monitored key's true total lies in {@code [count - error, count]}; a key not
 * monitored has a true total of at most {@link #absentBound()} (0 while the sketch has never been full: then every
 * count is exact).
 *
 * <p>No allocation per update: keys are found through an open-addressing table (linear probing, backward-shift
 * deletion); counters sit in a binary min-heap whose counts are stored in heap order, so a sift reads one array.
 * Not thread-safe. Used by the Lab's meter (one sketch per minute and resource, under the meter's lock) and by the
 * key audit (one per key pattern), which is why it lives in core.
 *
 * <p>Kept rather than Apache DataSketches' frequent items ({@code ItemsSketch}, 6.2.0; issue 19, item 4 —
 * {@code SketchBenchmark}, {@code SketchAccuracy} and {@code FrequentItemsMergeBenchmark} in src/jmh re-run the
 * comparison). DataSketches is a Misra–Gries sketch: its weights are {@code long} (consumed units come in halves),
 * a key is one object (a partition + sort key would be a string built per request), and every key shares one error
 * bound (the sketch's offset), where Space-Saving keeps a bound per key — 0 for keys monitored from the start, which
 * is most of a report's top 25. Measured on Zipf (s = 0.8) keys: the meter's update with 100,000 keys (sketch full)
 * about 60 ns against 108 ns for an {@code ItemsSketch} of 2,048 slots (the smallest that keeps 1,000 keys), a
 * partition + sort key update 56 ns against 219 ns, a metered minute (3,000 updates, frozen, emptied) 128 ns a request
 * against 292 ns; with 1,000 keys (no eviction) DataSketches is a little faster, 11 ns against 16 ns. Top 25 of a
 * minute: the same recall (96 %), error-bound width 0 % of the count against 10 %; the audit's 32 counters over a
 * million keys: recall of the top 10 70 % against 0 % (its purges empty a small map). A frozen minute, which the Lab
 * keeps 1,440 of per resource and key kind, is 24 KB as our arrays against 45 KB as DataSketches' rows. A live
 * sketch is larger here (139 KB against 29 KB: the filter and a sparse probe table), but there are four per
 * resource. Merging minutes is not needed: the report sums frozen minutes because it shows each key per period.
 */
public final class SpaceSaving {
    private final int capacity;
    private final String[] pks;
    private final String[] sks;
    private final int[] hashes;
    private final double[] errors;
    /** heap[i] = entry at heap position i, heapCount[i] its count; pos[e] = heap position of entry e. */
    private final int[] heap;

    private final double[] heapCount;
    private final int[] pos;
    /**
     * Open-addressing table: {@code hash << 32 | entry + 1} (0 = empty), so probing and deletion compare hashes
     * without a dependent load; slotOf[e] = where entry e sits in it.
     */
    private final long[] table;

    private final int[] slotOf;
    private final int mask;
    private final double[] filter;
    private final int filterMask;
    private int size;

    private double total;
    private long events;
    private double maxSingle;
    private double minSingle = Double.POSITIVE_INFINITY;

    public SpaceSaving(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be >= 1");
        }
        this.capacity = capacity;
        pks = new String[capacity];
        sks = new String[capacity];
        hashes = new int[capacity];
        errors = new double[capacity];
        heap = new int[capacity];
        heapCount = new double[capacity];
        pos = new int[capacity];
        slotOf = new int[capacity];
        // Load factor at most 1/4 keeps probe and deletion clusters short.
        int t = Integer.highestOneBit(Math.max(2, capacity * 4 - 1)) << 1;
        table = new long[t];
        mask = t - 1;
        // Twice as many filter buckets as table slots: few rare keys share a bucket, so few get admitted.
        filter = new double[2 * t];
        filterMask = filter.length - 1;
    }

    public static int hash(String pk, String sk) {
        int h = pk.hashCode() * 0x9E3779B9 + (sk == null ? 0x5bd1e995 : sk.hashCode());
        h ^= h >>> 16;
        h *= 0x85ebca6b;
        h ^= h >>> 13;
        return h;
    }

    public void add(String pk, String sk, double weight) {
        add(pk, sk, hash(pk, sk), weight);
    }

    public void add(String pk, String sk, int h, double weight) {
        total += weight;
        events++;
        if (weight > maxSingle) {
            maxSingle = weight;
        }
        if (weight < minSingle) {
            minSingle = weight;
        }
        int i = h & mask;
        while (true) {
            long t = table[i];
            if (t == 0) {
                break;
            }
            int e = (int) t - 1;
            if ((int) (t >>> 32) == h && pk.equals(pks[e]) && Objects.equals(sk, sks[e])) {
                int k = pos[e];
                heapCount[k] += weight;
                siftDown(k);
                return;
            }
            i = (i + 1) & mask;
        }
        if (size < capacity) {
            int e = size++;
            errors[e] = 0;
            heap[e] = e;
            heapCount[e] = weight;
            pos[e] = e;
            set(e, pk, sk, h);
            table[i] = entry(h, e);
            slotOf[e] = i;
            siftUp(e);
            return;
        }
        // Full: a rare key only feeds its filter bucket until the bucket reaches the smallest counter.
        int b = filterBucket(h);
        double bucket = filter[b];
        if (bucket + weight <= heapCount[0]) {
            filter[b] = bucket + weight;
            return;
        }
        int e = heap[0];
        double evicted = heapCount[0];
        int eb = filterBucket(hashes[e]);
        if (filter[eb] < evicted) {
            filter[eb] = evicted; // the evicted key's count stays an upper bound of its true total
        }
        unlink(e);
        errors[e] = bucket;
        heapCount[0] = bucket + weight;
        set(e, pk, sk, h);
        int j = h & mask;
        while (table[j] != 0) {
            j = (j + 1) & mask;
        }
        table[j] = entry(h, e);
        slotOf[e] = j;
        siftDown(0);
    }

    private static long entry(int h, int e) {
        return (long) h << 32 | (e + 1);
    }

    private int filterBucket(int h) {
        return (h >>> 7 ^ h * 0x2545F491) & filterMask;
    }

    private void set(int e, String pk, String sk, int h) {
        pks[e] = pk;
        sks[e] = sk;
        hashes[e] = h;
    }

    /** Removes entry e from the hash table, shifting later cluster members back so lookups still find them. */
    private void unlink(int e) {
        int i = slotOf[e];
        int j = i;
        while (true) {
            j = (j + 1) & mask;
            long t = table[j];
            if (t == 0) {
                break;
            }
            int home = (int) (t >>> 32) & mask;
            boolean stays = i <= j ? (home > i && home <= j) : (home > i || home <= j);
            if (!stays) {
                table[i] = t;
                slotOf[(int) t - 1] = i;
                i = j;
            }
        }
        table[i] = 0;
    }

    // A 4-ary min-heap: half the depth of a binary heap, and a node's four children share a cache line or two,
    // which matters because an admission sinks the new counter from the root to a leaf.

    private void siftUp(int k) {
        int e = heap[k];
        double c = heapCount[k];
        while (k > 0) {
            int parent = (k - 1) >>> 2;
            double pc = heapCount[parent];
            if (pc <= c) {
                break;
            }
            int pe = heap[parent];
            heap[k] = pe;
            heapCount[k] = pc;
            pos[pe] = k;
            k = parent;
        }
        heap[k] = e;
        heapCount[k] = c;
        pos[e] = k;
    }

    private void siftDown(int k) {
        int e = heap[k];
        double c = heapCount[k];
        int n = size;
        while (true) {
            int first = 4 * k + 1;
            if (first >= n) {
                break;
            }
            int child;
            double cc;
            if (first + 3 < n) {
                // All four children: pick the smallest as a tournament of selects, which the JIT can compile to
                // conditional moves (which child is smallest is a coin toss, so branches would mispredict).
                double c0 = heapCount[first];
                double c1 = heapCount[first + 1];
                double c2 = heapCount[first + 2];
                double c3 = heapCount[first + 3];
                int a = c1 < c0 ? first + 1 : first;
                double ca = c1 < c0 ? c1 : c0;
                int b = c3 < c2 ? first + 3 : first + 2;
                double cb = c3 < c2 ? c3 : c2;
                child = cb < ca ? b : a;
                cc = cb < ca ? cb : ca;
            } else {
                child = first;
                cc = heapCount[first];
                for (int j = first + 1; j < n; j++) {
                    if (heapCount[j] < cc) {
                        cc = heapCount[j];
                        child = j;
                    }
                }
            }
            if (c <= cc) {
                break;
            }
            int ce = heap[child];
            heap[k] = ce;
            heapCount[k] = cc;
            pos[ce] = k;
            k = child;
        }
        heap[k] = e;
        heapCount[k] = c;
        pos[e] = k;
    }

    public int size() {
        return size;
    }

    public int capacity() {
        return capacity;
    }

    public boolean isEmpty() {
        return events == 0;
    }

    /** Upper bound of the true total of any key not monitored (0 while the sketch has never been full). */
    public double absentBound() {
        if (size < capacity) {
            return 0;
        }
        double max = 0;
        for (double b : filter) {
            if (b > max) {
                max = b;
            }
        }
        return max;
    }

    /** The smallest monitored count (0 when empty). */
    public double minCount() {
        return size == 0 ? 0 : heapCount[0];
    }

    public double total() {
        return total;
    }

    /** The monitored count of a key, or -1 when it is not monitored. */
    public double count(String pk, String sk) {
        int e = find(pk, sk);
        return e < 0 ? -1 : heapCount[pos[e]];
    }

    /** The error bound of a monitored key, or -1. */
    public double error(String pk, String sk) {
        int e = find(pk, sk);
        return e < 0 ? -1 : errors[e];
    }

    private int find(String pk, String sk) {
        int h = hash(pk, sk);
        int i = h & mask;
        while (true) {
            long t = table[i];
            if (t == 0) {
                return -1;
            }
            int e = (int) t - 1;
            if ((int) (t >>> 32) == h && pk.equals(pks[e]) && Objects.equals(sk, sks[e])) {
                return e;
            }
            i = (i + 1) & mask;
        }
    }

    /**
     * The monitored keys, heaviest first, with their counts and error bounds, and the totals of every update — an
     * immutable copy, so it can be kept (the Lab's ring of closed minutes) or read after the sketch moved on.
     *
     * @param withSortKeys whether to copy the sort keys ({@link Snapshot#sks()} is null otherwise)
     */
    public Snapshot snapshot(boolean withSortKeys) {
        Integer[] order = new Integer[size];
        for (int i = 0; i < size; i++) {
            order[i] = i;
        }
        // Heap positions, heaviest first.
        Arrays.sort(order, (a, b) -> Double.compare(heapCount[b], heapCount[a]));
        String[] p = new String[size];
        String[] s = withSortKeys ? new String[size] : null;
        int[] h = new int[size];
        double[] c = new double[size];
        double[] err = new double[size];
        for (int i = 0; i < size; i++) {
            int k = order[i];
            int e = heap[k];
            p[i] = pks[e];
            if (s != null) {
                s[i] = sks[e];
            }
            h[i] = hashes[e];
            c[i] = heapCount[k];
            err[i] = errors[e];
        }
        return new Snapshot(p, s, h, c, err, absentBound(), total, events, maxSingle, events == 0 ? 0 : minSingle);
    }

    /**
     * What {@link #snapshot} copies. Arrays are parallel, heaviest first; a key's true total lies in
     * {@code [counts[i] - errors[i], counts[i]]}.
     *
     * @param sks         sort keys, or null when the snapshot was taken without them
     * @param hashes      {@link #hash} of each key
     * @param absentBound the most any key not listed can have had (0 while the sketch has never been full)
     * @param total       sum of all weights added (all keys, monitored or not)
     * @param events      number of updates
     */
    public record Snapshot(
            String[] pks,
            String[] sks,
            int[] hashes,
            double[] counts,
            double[] errors,
            double absentBound,
            double total,
            long events,
            double maxSingle,
            double minSingle) {
        public int size() {
            return pks.length;
        }
    }

    /** Empties the sketch for the next minute, keeping its arrays (no allocation per minute). */
    public void clear() {
        Arrays.fill(pks, 0, size, null);
        Arrays.fill(sks, 0, size, null);
        Arrays.fill(table, 0L);
        Arrays.fill(filter, 0);
        size = 0;
        total = 0;
        events = 0;
        maxSingle = 0;
        minSingle = Double.POSITIVE_INFINITY;
    }
}
