package dev.partitionscope.core.heat;

/**
 * What a {@link KeyTimeMatrix} cell counts. Each unit carries the per-key ceiling (one partition serves at most
 * 1,000 WCU/s and 3,000 RCU/s), so a view can say how close a key came to being throttled.
 */
public enum MatrixUnit {
    /**
     * Contributor Insights' ConsumedThroughputUnits (3 × write units + read units), summed per bucket. A key at
     * 1,000 WCU/s (3,000 units/s) or 3,000 RCU/s for a whole minute reaches 3,000 × 60 = 180,000 per minute.
     */
    CONSUMED_UNITS_PER_MINUTE("throughput units/min", 180_000, true),
    READ_UNITS_PER_SECOND("RCU/s", 3_000, false),
    WRITE_UNITS_PER_SECOND("WCU/s", 1_000, false),
    /**
     * Writes (stream records) per second, for a KEYS_ONLY stream, whose records carry no image to size: one
     * partition serves at most 1,000 writes of up to 1 KB per second.
     */
    WRITES_PER_SECOND("writes/s", 1_000, false),
    /** A count, not a rate: there is no ceiling to compare with. */
    THROTTLE_EVENTS("throttle events", Double.NaN, false),
    /**
     * Throttle events summed per bucket, read as a rate per minute like {@link #CONSUMED_UNITS_PER_MINUTE}, so a
     * heatmap of throttles reads the same at any column width. No ceiling: any throttle is one too many.
     */
    THROTTLES_PER_MINUTE("throttle events/min", Double.NaN, true);

    private final String label;
    private final double ceiling;
    private final boolean perMinute;

    MatrixUnit(String label, double ceiling, boolean perMinute) {
        this.label = label;
        this.ceiling = ceiling;
        this.perMinute = perMinute;
    }

    public String label() {
        return label;
    }

    /** The most one key can reach in this unit, or NaN when the unit has no ceiling. */
    public double ceiling() {
        return ceiling;
    }

    /** True when a cell sums a whole bucket and must be divided by the bucket's minutes to compare with the ceiling. */
    public boolean perMinute() {
        return perMinute;
    }
}
