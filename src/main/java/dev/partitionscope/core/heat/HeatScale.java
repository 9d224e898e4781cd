package dev.partitionscope.core.heat;

import java.util.List;
import java.util.Locale;

/**
 * Turns a cell value into a colour level 0..101 for {@link ColorLut}: 0 = no traffic, 1..100 = the ramp (any traffic
 * is at least 1, so it never vanishes), 101 = over the per-key ceiling.
 *
 * <p>Two modes. {@link ScaleMode#ABSOLUTE} is calibrated to the partition ceiling, so a cold table stays dark however
 * far one zooms in (relative colour making cold tables look hot is the most common complaint about key visualizers).
 * {@link ScaleMode#RELATIVE_LOG} spreads the view's own range over the ramp, TiDB-style, to see structure in quiet
 * tables.
 *
 * <p>Values are <b>rates</b>: per minute for {@link MatrixUnit#CONSUMED_UNITS_PER_MINUTE} (a key at the ceiling for a
 * whole minute = 180,000), per second for {@link MatrixUnit#READ_UNITS_PER_SECOND} (3,000) and
 * {@link MatrixUnit#WRITE_UNITS_PER_SECOND} (1,000). {@link KeyTimeMatrix} stores consumed units as bucket sums; use
 * {@link #absolute(MatrixUnit, int)} to feed those sums directly without dividing each cell.
 *
 * <p>{@link #level(double)} runs once per cell per frame (millions of calls): it is branch-light arithmetic on final
 * fields and allocates nothing.
 */
public final class HeatScale {
    /** One legend label and the level whose colour it stands under. */
    public record LegendTick(int level, String label) {}

    private static final int MAX = ColorLut.MAX_LEVEL;

    private final ScaleMode mode;
    private final MatrixUnit unit;
    /** ABSOLUTE: the ceiling in the values this scale is fed. RELATIVE_LOG: the view's max. */
    private final double reference;
    /** ABSOLUTE: the ceiling as a rate, for labels. RELATIVE_LOG: unused. */
    private final double ceilingRate;
    /** RELATIVE_LOG: 100 / log1p(max), so a level costs one log1p and one multiply. */
    private final double logFactor;

    private HeatScale(ScaleMode mode, MatrixUnit unit, double reference, double ceilingRate, double logFactor) {
        this.mode = mode;
        this.unit = unit;
        this.reference = reference;
        this.ceilingRate = ceilingRate;
        this.logFactor = logFactor;
    }

    /** Absolute scale fed rates (per minute for consumed units, per second for RCU/WCU). */
    public static HeatScale absolute(MatrixUnit unit) {
        return absolute(unit, 60);
    }

    /**
     * Absolute scale fed cell values as {@link KeyTimeMatrix} stores them: for per-minute units a bucket of
     * {@code bucketSeconds} sums that many seconds, so its ceiling is 180,000 × minutes; per-second units are rates
     * whatever the bucket.
     *
     * @throws IllegalArgumentException for a unit without a ceiling (throttle counts): use {@link #relativeLog}
     */
    public static HeatScale absolute(MatrixUnit unit, int bucketSeconds) {
        if (unit == null || Double.isNaN(unit.ceiling())) {
            throw new IllegalArgumentException(unit + " has no per-key ceiling; use the relative log scale");
        }
        if (bucketSeconds <= 0) {
            throw new IllegalArgumentException("bucketSeconds must be positive: " + bucketSeconds);
        }
        double ceiling = unit.perMinute() ? unit.ceiling() * (bucketSeconds / 60.0) : unit.ceiling();
        return new HeatScale(ScaleMode.ABSOLUTE, unit, ceiling, unit.ceiling(), 0);
    }

    /** Relative log scale over the current view, without a unit for the legend. */
    public static HeatScale relativeLog(double maxPerMinute) {
        return relativeLog(maxPerMinute, null);
    }

    /**
     * Relative log scale: level = ⌈log1p(v) / log1p(max) × 100⌉, so the view's max is 100. Values above max (a stale
     * max) stay at 100: only the absolute scale knows what "too much" is. A max ≤ 0 (an empty view) puts any traffic
     * at 100.
     */
    public static HeatScale relativeLog(double max, MatrixUnit unit) {
        double m = Double.isNaN(max) || max < 0 ? 0 : max;
        double factor = m > 0 ? MAX / Math.log1p(m) : Double.POSITIVE_INFINITY;
        return new HeatScale(ScaleMode.RELATIVE_LOG, unit, m, Double.NaN, factor);
    }

    /** The level of one value: 0 for ≤ 0 or NaN, else 1..100, or 101 strictly above the ceiling (absolute only). */
    public int level(double v) {
        if (!(v > 0)) {
            return 0;
        }
        double scaled;
        if (mode == ScaleMode.ABSOLUTE) {
            if (v > reference) {
                return ColorLut.OVER_CEILING;
            }
            // v × 100 / ceiling (not v × precomputed 100/ceiling): exact for the round numbers that matter, so
            // half the ceiling is level 50, not 51.
            scaled = v * MAX / reference;
        } else {
            scaled = Math.log1p(v) * logFactor;
        }
        int level = (int) Math.ceil(scaled);
        return level < 1 ? 1 : Math.min(level, MAX);
    }

    /** The value as a percentage of the per-key ceiling (absolute mode); NaN in relative mode. */
    public double percentOfCeiling(double v) {
        return mode == ScaleMode.ABSOLUTE ? v * 100 / reference : Double.NaN;
    }

    /**
     * Five or six labels under the colour bar, lowest first. Absolute: 0, 25 %, 50 %, 75 %, 100 % with the ceiling in
     * its unit, and "> 100 %". Relative log: the values at levels 0, 25, 50, 75 and 100 with thousands separators.
     */
    public List<LegendTick> legend() {
        if (mode == ScaleMode.ABSOLUTE) {
            return List.of(
                    new LegendTick(0, "0"),
                    new LegendTick(25, "25 %"),
                    new LegendTick(50, "50 %"),
                    new LegendTick(75, "75 %"),
                    new LegendTick(MAX, "100 % (" + number(ceilingRate) + " " + unit.label() + ")"),
                    new LegendTick(ColorLut.OVER_CEILING, "> 100 %"));
        }
        String suffix = unit == null ? "" : " " + unit.label();
        double logMax = Math.log1p(reference);
        return List.of(
                new LegendTick(0, "0"),
                tick(25, logMax, suffix),
                tick(50, logMax, suffix),
                tick(75, logMax, suffix),
                new LegendTick(MAX, number(reference) + suffix));
    }

    private static LegendTick tick(int level, double logMax, String suffix) {
        return new LegendTick(level, number(Math.expm1(logMax * level / MAX)) + suffix);
    }

    private static String number(double v) {
        return v >= 10 || v == Math.rint(v)
                ? String.format(Locale.ROOT, "%,d", Math.round(v))
                : String.format(Locale.ROOT, "%,.1f", v);
    }

    public ScaleMode mode() {
        return mode;
    }

    /** The unit, or null for a relative scale made without one. */
    public MatrixUnit unit() {
        return unit;
    }

    @Override
    public String toString() {
        return "HeatScale[" + mode + (mode == ScaleMode.ABSOLUTE ? ", ceiling " + reference : ", max " + reference)
                + (unit == null ? "" : " " + unit.label()) + "]";
    }
}
