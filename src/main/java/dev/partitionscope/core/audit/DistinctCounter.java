package dev.partitionscope.core.audit;

import dev.partitionscope.core.sketch.HyperLogLog;

/**
 * Distinct keys of one pattern: exact (a set of 64-bit key hashes) up to {@link #EXACT_LIMIT}, then a
 * {@link HyperLogLog} fed with the same hashes. Most patterns of a table are either tiny ({@code OPS_LOG}: one key)
 * or huge ({@code ORDER#<uuid>}); the first kind gets an exact answer in a few hundred bytes and the second a
 * 16 KB sketch, never both.
 */
final class DistinctCounter {
    static final int EXACT_LIMIT = 1024;

    private long[] set = new long[16];
    private int size;
    private HyperLogLog sketch;

    void add(long hash) {
        if (sketch != null) {
            sketch.addHash(hash);
            return;
        }
        long h = hash == 0 ? 1 : hash; // 0 marks an empty slot
        int mask = set.length - 1;
        int i = (int) (h ^ h >>> 32) & mask;
        while (set[i] != 0) {
            if (set[i] == h) {
                return;
            }
            i = (i + 1) & mask;
        }
        set[i] = h;
        size++;
        if (size > EXACT_LIMIT) {
            toSketch();
        } else if (size * 2 > set.length) {
            grow();
        }
    }

    void merge(DistinctCounter other) {
        if (other.sketch != null) {
            if (sketch == null) {
                toSketch();
            }
            sketch.merge(other.sketch);
            return;
        }
        for (long h : other.set) {
            if (h != 0) {
                add(h);
            }
        }
    }

    boolean exact() {
        return sketch == null;
    }

    /** The exact count while {@link #exact()}, else {@link #EXACT_LIMIT}: a lower bound. */
    long seen() {
        return sketch == null ? size : EXACT_LIMIT;
    }

    long estimate() {
        return sketch == null ? size : Math.round(sketch.estimate());
    }

    /** The estimate's relative standard error: 0 while exact. */
    double relativeError() {
        return sketch == null ? 0 : sketch.relativeError();
    }

    private void grow() {
        long[] old = set;
        set = new long[old.length * 2];
        size = 0;
        for (long h : old) {
            if (h != 0) {
                add(h);
            }
        }
    }

    private void toSketch() {
        sketch = new HyperLogLog();
        for (long h : set) {
            if (h != 0) {
                sketch.addHash(h);
            }
        }
        set = null;
    }
}
