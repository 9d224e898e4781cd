package dev.partitionscope.lab.partition;

/**
 * One partition's state: its hash range, its token buckets (kept as plain fields rather than {@link Bucket} objects
 * because this is the hot path and a partition's buckets share one refill time), its consumption in the current
 * and previous second (for the live view and the split trigger), and a tiny heavy-hitter tracker of key hashes over
 * the current hot streak, so a split knows whether one key dominates. Mutated only by its {@link ResourceModel}
 * under the table model's lock.
 */
final class Partition {
    static final int TRACKED_KEYS = 4;

    long lo;
    /** Exclusive upper bound; 0 on the last partition stands for 2^64. */
    long hi;

    long lastNanos;
    double readCeilTokens;
    double writeCeilTokens;
    double readShareTokens;
    double writeShareTokens;
    double readPending;
    double writePending;

    long second;
    double readNow;
    double writeNow;
    long prevSecond = Long.MIN_VALUE;
    double readPrev;
    double writePrev;
    int hotSeconds;

    final long[] keys = new long[TRACKED_KEYS];
    final double[] loads = new double[TRACKED_KEYS];
    int tracked;
    double streakLoad;

    boolean isolated;

    Partition(long lo, long hi) {
        this.lo = lo;
        this.hi = hi;
    }

    /** Adds load (a share of a ceiling) for a key; Space-Saving with {@link #TRACKED_KEYS} slots. */
    void track(long keyHash, double load) {
        streakLoad += load;
        int n = tracked;
        for (int i = 0; i < n; i++) {
            if (keys[i] == keyHash) {
                loads[i] += load;
                return;
            }
        }
        if (n < TRACKED_KEYS) {
            keys[n] = keyHash;
            loads[n] = load;
            tracked = n + 1;
            return;
        }
        int min = 0;
        for (int i = 1; i < TRACKED_KEYS; i++) {
            if (loads[i] < loads[min]) {
                min = i;
            }
        }
        keys[min] = keyHash;
        loads[min] += load;
    }

    void resetTracker() {
        tracked = 0;
        streakLoad = 0;
    }

    /** Index of the heaviest tracked key, or -1. */
    int hottest() {
        int best = -1;
        for (int i = 0; i < tracked; i++) {
            if (best < 0 || loads[i] > loads[best]) {
                best = i;
            }
        }
        return best;
    }

    /** Unsigned width of the range; 0 means the whole 2^64 space. */
    long width() {
        return hi - lo;
    }

    boolean splittable() {
        long w = width();
        return w == 0 || Long.compareUnsigned(w, 2) >= 0;
    }

    boolean contains(long hash) {
        return Long.compareUnsigned(hash, lo) >= 0 && (hi == 0 || Long.compareUnsigned(hash, hi) < 0);
    }
}
