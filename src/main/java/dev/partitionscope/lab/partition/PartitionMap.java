package dev.partitionscope.lab.partition;

/**
 * The partitions of one table or GSI, ordered by hash range, and the lookup from a key hash to its partition. A
 * routing table of equal slices of the hash space makes the lookup one array read plus a short scan (a binary
 * search was a visible cost at millions of requests per second). Partitions are only ever split, never merged.
 */
final class PartitionMap {
    private Partition[] parts;
    /** Lower bounds with the sign bit flipped, so signed comparisons order them as unsigned. */
    private long[] keys;

    private int n;
    /** route[j] = the partition holding the first hash of slice j (the top bits of a hash pick the slice). */
    private int[] route;

    private int routeShift;

    /** {@code count} partitions of equal width, starting with full ceiling buckets. */
    PartitionMap(int count, long now, long nowSecond, double readCeilTokens, double writeCeilTokens) {
        parts = new Partition[count];
        long step = Long.divideUnsigned(-1L, count);
        for (int i = 0; i < count; i++) {
            Partition pt = new Partition(i == 0 ? 0 : step * i, i == count - 1 ? 0 : step * (i + 1));
            pt.lastNanos = now;
            pt.second = nowSecond;
            pt.readCeilTokens = readCeilTokens;
            pt.writeCeilTokens = writeCeilTokens;
            parts[i] = pt;
        }
        index();
    }

    int size() {
        return n;
    }

    Partition get(int i) {
        return parts[i];
    }

    Partition of(long hash) {
        return parts[find(hash)];
    }

    int find(long hash) {
        long k = hash ^ Long.MIN_VALUE;
        int i = route[(int) (hash >>> routeShift)];
        int last = n - 1;
        while (i < last && keys[i + 1] <= k) {
            i++;
        }
        return i;
    }

    /**
     * Replaces a partition by children cut at the given ascending points inside it. Children inherit the parent's
     * ceiling tokens and its current second; its provisioned share tokens are divided, since a split must not
     * create capacity.
     */
    void replace(Partition parent, long[] cuts) {
        int at = find(parent.lo);
        int k = cuts.length + 1;
        Partition[] next = new Partition[n + k - 1];
        System.arraycopy(parts, 0, next, 0, at);
        System.arraycopy(parts, at + 1, next, at + k, n - at - 1);
        for (int i = 0; i < k; i++) {
            long lo = i == 0 ? parent.lo : cuts[i - 1];
            long hi = i == k - 1 ? parent.hi : cuts[i];
            Partition c = new Partition(lo, hi);
            c.lastNanos = parent.lastNanos;
            c.second = parent.second;
            c.readCeilTokens = parent.readCeilTokens;
            c.writeCeilTokens = parent.writeCeilTokens;
            c.readShareTokens = parent.readShareTokens / k;
            c.writeShareTokens = parent.writeShareTokens / k;
            c.isolated = hi - lo == 1;
            next[at + i] = c;
        }
        parts = next;
        index();
    }

    /** The widest partition that can still be split, or null. */
    Partition widestSplittable() {
        Partition widest = null;
        for (int i = 0; i < n; i++) {
            Partition pt = parts[i];
            if (pt.splittable()
                    && (widest == null
                            || (widest.width() != 0
                                    && (pt.width() == 0 || Long.compareUnsigned(pt.width(), widest.width()) > 0)))) {
                widest = pt;
            }
        }
        return widest;
    }

    private void index() {
        n = parts.length;
        keys = new long[n];
        for (int i = 0; i < n; i++) {
            keys[i] = parts[i].lo ^ Long.MIN_VALUE;
        }
        int bits = Math.max(4, Math.min(16, 34 - Integer.numberOfLeadingZeros(n))); // ≥ 4 slices per partition
        int slices = 1 << bits;
        int[] r = new int[slices];
        routeShift = 64 - bits;
        int p = 0;
        for (int j = 0; j < slices; j++) {
            long start = ((long) j << routeShift) ^ Long.MIN_VALUE;
            while (p < n - 1 && keys[p + 1] <= start) {
                p++;
            }
            r[j] = p;
        }
        route = r;
    }
}
