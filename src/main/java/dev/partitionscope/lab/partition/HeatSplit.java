package dev.partitionscope.lab.partition;

import java.util.Arrays;

/**
 * Where split for heat cuts a hot partition. AWS does not document it; the Lab's rule (docs/lab/partition-model.md):
 * <ol>
 *   <li>a key carrying at least {@code isolateKeyShare} of the partition's load during the hot streak is isolated:
 *       cuts at {@code h} and {@code h + 1}, so it gets a partition of its own (still capped at the ceiling, which
 *       is why one hot key is never relieved);</li>
 *   <li>otherwise, when the tracked keys carry most of the load, the cut goes at their load median, separating
 *       hot keys that merely shared a partition (the case split for heat does relieve);</li>
 *   <li>otherwise (load spread over many keys) the range is halved.</li>
 * </ol>
 * Rolling keys (a new hot key every minute) defeat this naturally: by the time a split happens, the load has moved.
 */
final class HeatSplit {
    private HeatSplit() {}

    /** Ascending cut points strictly inside the partition; empty when it cannot be split. */
    static long[] cuts(Partition pt, double isolateKeyShare) {
        if (!pt.splittable()) {
            return new long[0];
        }
        int hot = pt.hottest();
        double total = pt.streakLoad;
        if (hot >= 0 && total > 0 && pt.loads[hot] >= isolateKeyShare * total) {
            long h = pt.keys[hot];
            long[] cuts = new long[2];
            int k = 0;
            if (h != pt.lo) {
                cuts[k++] = h;
            }
            if (h + 1 != pt.hi) {
                cuts[k++] = h + 1;
            }
            return Arrays.copyOf(cuts, k);
        }
        double tracked = 0;
        for (int i = 0; i < pt.tracked; i++) {
            tracked += pt.loads[i];
        }
        if (pt.tracked >= 2 && tracked >= 0.5 * total) {
            long cut = medianCut(pt, tracked);
            if (cut != pt.lo) {
                return new long[] {cut};
            }
        }
        return new long[] {midpoint(pt)};
    }

    /** The tracked key hash that best balances tracked load left (below it) and right (from it on). */
    private static long medianCut(Partition pt, double tracked) {
        int t = pt.tracked;
        Integer[] order = new Integer[t];
        for (int i = 0; i < t; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Long.compareUnsigned(pt.keys[a], pt.keys[b]));
        double left = 0;
        double best = Double.MAX_VALUE;
        long cut = pt.lo;
        for (int j = 1; j < t; j++) {
            left += pt.loads[order[j - 1]];
            double imbalance = Math.abs(2 * left - tracked);
            if (imbalance < best) {
                best = imbalance;
                cut = pt.keys[order[j]];
            }
        }
        return cut;
    }

    static long midpoint(Partition pt) {
        long w = pt.width();
        return w == 0 ? pt.lo + Long.MIN_VALUE : pt.lo + (w >>> 1);
    }
}
