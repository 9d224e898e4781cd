package dev.partitionscope.core.design;

import java.util.Locale;

/** Number formatting for the sentences this package writes: one style, so verdicts and reasoning read alike. */
final class Text {
    private Text() {}

    /** A share as a percentage with at most one decimal and a space before the sign: {@code 100 %}, {@code 12.5 %}. */
    static String pct(double share) {
        return num(share * 100) + " %";
    }

    /** At most one decimal, none when whole; thousands separated with a comma: {@code 4,000}, {@code 0.6}. */
    static String num(double v) {
        if (Double.isInfinite(v)) {
            return "∞";
        }
        double r = Math.round(v * 10) / 10.0;
        if (r == 0 && v != 0) {
            return String.format(Locale.ROOT, "%.2g", v);
        }
        if (r == Math.rint(r)) {
            return String.format(Locale.ROOT, "%,d", (long) r);
        }
        return String.format(Locale.ROOT, "%,.1f", r);
    }

    /** Two decimals, for ratios such as max-to-mean: {@code 1.02}. */
    static String ratio(double v) {
        return Double.isInfinite(v) ? "∞" : String.format(Locale.ROOT, "%.2f", v);
    }

    /** {@code 1 key}, {@code 8 keys}. */
    static String count(long n, String singular, String plural) {
        return String.format(Locale.ROOT, "%,d", n) + " " + (n == 1 ? singular : plural);
    }
}
