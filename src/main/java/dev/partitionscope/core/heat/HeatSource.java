package dev.partitionscope.core.heat;

/**
 * Where per-key heat is read from. Contributor Insights ranks reads and writes together per minute, from the moment
 * it was enabled (and costs per event); a DynamoDB stream holds every successful write of the last 24 hours, to the
 * second, with no rule enabled in advance, but no reads and no throttles.
 */
public enum HeatSource {
    INSIGHTS("Contributor Insights", "reads and writes per minute, top keys, from enablement on"),
    STREAMS("Streams", "every write of the last 24 h, per second, read from the table's stream"),
    BOTH("Both", "Contributor Insights and the stream side by side");

    private final String label;
    private final String description;

    HeatSource(String label, String description) {
        this.label = label;
        this.description = description;
    }

    public String label() {
        return label;
    }

    public String description() {
        return description;
    }

    public boolean readsInsights() {
        return this != STREAMS;
    }

    public boolean readsStream() {
        return this != INSIGHTS;
    }

    /** {@code streams}, {@code insights} or {@code both} (the CLI's spelling), case-insensitive. */
    public static HeatSource parse(String s) {
        return switch (s.trim().toLowerCase(java.util.Locale.ROOT)) {
            case "streams", "stream" -> STREAMS;
            case "insights", "contributor-insights" -> INSIGHTS;
            case "both" -> BOTH;
            default ->
                throw new IllegalArgumentException("Unknown heat source '" + s + "': use streams, insights or both");
        };
    }

    @Override
    public String toString() {
        return label;
    }
}
