package dev.partitionscope.core.heat;

import java.util.Arrays;
import java.util.Objects;

/**
 * One key's cells bucket by bucket, empty buckets included: what a drill-down time series plots. Values are in the
 * matrix's unit as stored (bucket sums for per-minute units), throttles are counts. Built by
 * {@link MatrixViews#keySeries}; immutable, the arrays are copied in and out.
 *
 * @param values    one value per matrix column
 * @param throttles one throttle count per matrix column, as many as {@code values}
 */
public record KeySeries(double[] values, long[] throttles) {

    public KeySeries {
        Objects.requireNonNull(values, "values");
        Objects.requireNonNull(throttles, "throttles");
        if (values.length != throttles.length) {
            throw new IllegalArgumentException(
                    "values and throttles differ in length: " + values.length + " vs " + throttles.length);
        }
        values = values.clone();
        throttles = throttles.clone();
    }

    /** A copy of the values, one per column. */
    @Override
    public double[] values() {
        return values.clone();
    }

    /** A copy of the throttle counts, one per column. */
    @Override
    public long[] throttles() {
        return throttles.clone();
    }

    public int columns() {
        return values.length;
    }

    public double value(int column) {
        return values[column];
    }

    public long throttles(int column) {
        return throttles[column];
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof KeySeries s && Arrays.equals(values, s.values) && Arrays.equals(throttles, s.throttles);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(values) + Arrays.hashCode(throttles);
    }

    @Override
    public String toString() {
        return "KeySeries[values=" + Arrays.toString(values) + ", throttles=" + Arrays.toString(throttles) + "]";
    }
}
