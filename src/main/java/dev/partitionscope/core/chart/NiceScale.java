package dev.partitionscope.core.chart;

import java.math.BigDecimal;
import java.math.MathContext;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.Locale;

/**
 * A y axis from 0 to a readable top in 2 to 4 equal steps of 1, 2, 2.5 or 5 × a power of ten, so a chart gets 3 to 5
 * ticks that a reader can add up in their head (max 1,234 → 0, 500, 1,000, 1,500).
 */
public record NiceScale(double top, double step) {
    private static final double[] MANTISSAS = {1, 2, 2.5, 5};
    private static final int MAX_INTERVALS = 4;
    private static final MathContext TEN_DIGITS = new MathContext(10);

    /** The smallest nice scale that holds {@code max}; nothing to show (0, NaN) gets 0, 0.5, 1. */
    public static NiceScale of(double max) {
        if (!(max > 0) || Double.isInfinite(max)) {
            return new NiceScale(1, 0.5); // all zero or no data: a plain 0 … 1, like CloudWatch
        }
        double m = max;
        // Start one decade below max: that step gives at least 10 intervals, so no candidate is skipped and the
        // first one that fits leaves 2 to 4 intervals (consecutive steps grow by at most 2.5 ×).
        for (int exp = (int) Math.floor(Math.log10(m)) - 1; ; exp++) {
            for (double mantissa : MANTISSAS) {
                double step = clean(mantissa * Math.pow(10, exp));
                long intervals = (long) Math.ceil(m / step - 1e-9);
                if (intervals <= MAX_INTERVALS) {
                    return new NiceScale(clean(step * Math.max(1, intervals)), step);
                }
            }
        }
    }

    /** 0, step, 2 × step … top. */
    public double[] ticks() {
        int n = (int) Math.round(top / step);
        double[] ticks = new double[n + 1];
        for (int i = 0; i <= n; i++) {
            ticks[i] = clean(i * step);
        }
        return ticks;
    }

    /** An axis label: "1,500" with thousands separators, "15k" / "2.5M" / "1B" once the top reaches 10,000. */
    public String label(double value) {
        if (value == 0) {
            return "0";
        }
        double divisor = top >= 1e9 ? 1e9 : top >= 1e6 ? 1e6 : top >= 1e4 ? 1e3 : 1;
        String suffix = divisor == 1e9 ? "B" : divisor == 1e6 ? "M" : divisor == 1e3 ? "k" : "";
        return format(clean(value / divisor), "#,##0.######") + suffix;
    }

    /** The default value text: "1,234.5", "12.25", "0.0123"; NaN is "—". */
    public static String number(double value) {
        if (Double.isNaN(value)) {
            return "—";
        }
        double abs = Math.abs(value);
        return format(value, abs >= 100 ? "#,##0.#" : abs >= 1 ? "#,##0.##" : "#,##0.####");
    }

    private static String format(double value, String pattern) {
        // DecimalFormat is not thread-safe; a chart formats a few dozen labels per frame, so a new one is fine.
        String s = new DecimalFormat(pattern, DecimalFormatSymbols.getInstance(Locale.ROOT)).format(value);
        return s.equals("-0") ? "0" : s;
    }

    /** Rounds away binary noise (0.1 × 3 = 0.30000000000000004) so labels and comparisons stay exact. */
    private static double clean(double v) {
        return BigDecimal.valueOf(v).round(TEN_DIGITS).doubleValue();
    }
}
