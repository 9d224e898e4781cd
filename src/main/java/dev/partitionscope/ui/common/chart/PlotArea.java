package dev.partitionscope.ui.common.chart;

import dev.partitionscope.core.chart.NiceScale;
import java.time.Duration;
import java.time.Instant;

/**
 * Where the last frame put the plot, in canvas pixels, and how values and buckets map onto it. Hover uses it to
 * turn a mouse x into a bucket by arithmetic, without searching and without redrawing the data.
 */
public record PlotArea(double left, double top, double right, double bottom, ChartData data, NiceScale scale) {
    public double width() {
        return right - left;
    }

    public double height() {
        return bottom - top;
    }

    /** The x of a (fractional) bucket index: bucket i spans x(i) … x(i + 1). */
    public double x(double bucket) {
        return left + width() * bucket / Math.max(1, data.buckets());
    }

    public double x(Instant t) {
        double span = (double) data.buckets() * data.periodSeconds();
        return left + width() * (Duration.between(data.start(), t).toMillis() / 1000.0) / span;
    }

    /** The bucket under x, or -1 outside the plot. */
    public int bucketAt(double x) {
        if (data.buckets() == 0 || x < left || x > right) {
            return -1;
        }
        return (int) Math.min(data.buckets() - 1, Math.floor((x - left) / width() * data.buckets()));
    }

    /** The y of a value, kept inside the plot. */
    public double y(double value) {
        double y = bottom - height() * value / scale.top();
        return Math.max(top, Math.min(bottom, y));
    }
}
