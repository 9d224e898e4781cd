package dev.partitionscope.ui.shell;

/**
 * A hot key handed to the sharding designer (from the heatmap's drill-down, later the audit): the key, the write
 * rate it was seen taking when known (NaN otherwise), and how that rate was estimated.
 */
public record DesignerHandOver(String key, double writesPerSecond, String note) {
    public DesignerHandOver {
        if (key == null || key.isBlank()) {
            throw new IllegalArgumentException("a hand-over needs a key");
        }
    }

    public static DesignerHandOver of(String key) {
        return new DesignerHandOver(key, Double.NaN, null);
    }

    public boolean hasRate() {
        return writesPerSecond > 0 && !Double.isInfinite(writesPerSecond);
    }
}
