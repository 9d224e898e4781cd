package dev.partitionscope.lab.meter;

/**
 * CloudWatch's statistic set for one metric over one period: Sum, SampleCount, Minimum, Maximum (Average derived).
 * With no samples every figure is 0.
 */
public record ValueStats(double sum, long sampleCount, double minimum, double maximum) {
    public static final ValueStats EMPTY = new ValueStats(0, 0, 0, 0);

    public double average() {
        return sampleCount == 0 ? 0 : sum / sampleCount;
    }

    /** Combines two periods (for coarser CloudWatch periods built from minutes). */
    public ValueStats plus(ValueStats o) {
        if (o.sampleCount == 0) {
            return this;
        }
        if (sampleCount == 0) {
            return o;
        }
        return new ValueStats(
                sum + o.sum, sampleCount + o.sampleCount, Math.min(minimum, o.minimum), Math.max(maximum, o.maximum));
    }
}
