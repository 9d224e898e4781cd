package dev.partitionscope.ui.session;

import java.time.Duration;

/** How often screens that read live data (metrics, heatmap) reload on their own; off by default. */
public enum AutoRefresh {
    OFF("Off", null),
    FIVE_SECONDS("Every 5 s", Duration.ofSeconds(5)),
    TEN_SECONDS("Every 10 s", Duration.ofSeconds(10)),
    ONE_MINUTE("Every 1 min", Duration.ofMinutes(1)),
    FIVE_MINUTES("Every 5 min", Duration.ofMinutes(5));

    private final String label;
    private final Duration interval;

    AutoRefresh(String label, Duration interval) {
        this.label = label;
        this.interval = interval;
    }

    public String label() {
        return label;
    }

    /** Null when off. */
    public Duration interval() {
        return interval;
    }
}
