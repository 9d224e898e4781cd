package dev.partitionscope.lab.workload;

import java.util.List;

/**
 * A value generator of a scenario, referenced from templates as {@code {name}}. Types:
 * <ul>
 *   <li><code>weighted</code>: enumerated values with weights (order-status' four values);</li>
 *   <li>{@code keys}: {@code count} keys {@code prefix + n}, uniform, or with {@code hotShare} percent on the first
 *       (optionally named {@code hot}), or Zipf with exponent {@code zipf};</li>
 *   <li>{@code uuid}: a random UUID per draw;</li>
 *   <li>{@code number}: a whole number in [min, max], with an optional {@code prefix} ({@code P123456});</li>
 *   <li>{@code recent}: one of the last {@code size} values drawn from generator {@code of} (read what was
 *       written);</li>
 *   <li>{@code sequence}: 1, 2, 3, ... with an optional prefix.</li>
 * </ul>
 */
public record GenDef(
        String name,
        Type type,
        List<String> values,
        double[] weights,
        int count,
        String prefix,
        int width,
        String hot,
        Double hotShare,
        Double zipf,
        long min,
        long max,
        String of,
        int size) {

    /** Generator kinds. */
    public enum Type {
        WEIGHTED,
        KEYS,
        UUID,
        NUMBER,
        RECENT,
        SEQUENCE
    }

    /** True when a skew override (share of the hottest value) can apply. */
    public boolean skewable() {
        return type == Type.WEIGHTED || type == Type.KEYS;
    }

    /** The share of draws on the hottest value, in percent. */
    public double hottestShare() {
        if (type == Type.WEIGHTED) {
            double total = 0;
            double max = 0;
            for (double w : weights) {
                total += w;
                max = Math.max(max, w);
            }
            return 100 * max / total;
        }
        if (type == Type.KEYS) {
            if (hotShare != null) {
                return hotShare;
            }
            if (zipf != null) {
                double h = 0;
                for (int i = 1; i <= count; i++) {
                    h += 1 / Math.pow(i, zipf);
                }
                return 100 / h;
            }
            return 100.0 / count;
        }
        return Double.NaN;
    }

    /** The hottest value as it appears in keys (for captions). */
    public String hottestValue() {
        if (type == Type.WEIGHTED) {
            int best = 0;
            for (int i = 1; i < weights.length; i++) {
                if (weights[i] > weights[best]) {
                    best = i;
                }
            }
            return values.get(best);
        }
        return hot != null ? hot : prefix + pad(1, width);
    }

    static String pad(long n, int width) {
        String s = Long.toString(n);
        return s.length() >= width ? s : "0".repeat(width - s.length()) + s;
    }
}
