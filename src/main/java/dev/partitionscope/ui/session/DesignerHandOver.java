package dev.partitionscope.ui.session;

/**
 * A hot key handed to the sharding designer (from the heatmap's drill-down, later the audit): the key, the write
 * rate it was seen taking when known (NaN otherwise), how that rate was estimated, the key's offered writes/s minute
 * by bucket over the range seen (empty when unknown) with the start and length of its buckets, and the peak
 * writes/s of the other values of the same table or index (for "shard only the hot values").
 */
public record DesignerHandOver(
        String key,
        double writesPerSecond,
        String note,
        double[] writesPerMinute,
        java.util.Map<String, Double> otherValues,
        java.time.Instant seriesStart,
        int seriesBucketSeconds) {
    public DesignerHandOver {
        if (key == null || key.isBlank()) {
            throw new IllegalArgumentException("a hand-over needs a key");
        }
        writesPerMinute = writesPerMinute == null ? new double[0] : writesPerMinute.clone();
        otherValues = otherValues == null ? java.util.Map.of() : java.util.Map.copyOf(otherValues);
        if (seriesBucketSeconds <= 0) {
            seriesBucketSeconds = 60;
        }
    }

    /** A hand-over whose series (if any) has one-minute buckets ending now. */
    public DesignerHandOver(
            String key,
            double writesPerSecond,
            String note,
            double[] writesPerMinute,
            java.util.Map<String, Double> otherValues) {
        this(key, writesPerSecond, note, writesPerMinute, otherValues, null, 60);
    }

    public static DesignerHandOver of(String key) {
        return new DesignerHandOver(key, Double.NaN, null, null, null);
    }

    @Override
    public double[] writesPerMinute() {
        return writesPerMinute.clone();
    }

    public boolean hasRate() {
        return writesPerSecond > 0 && !Double.isInfinite(writesPerSecond);
    }
}
