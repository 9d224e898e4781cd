package dev.partitionscope.config;

/**
 * User preferences that survive restarts: theme, window geometry, last screen and connection, time zone display,
 * the recordings and snapshots opened or saved lately.
 * A plain mutable bean for Jackson; {@link SettingsStore} loads and saves it.
 */
public final class Settings {
    /** Dark or high contrast: kept up to date for older releases, which only know this flag. */
    public boolean darkTheme;
    /** LIGHT, DARK or HIGH_CONTRAST; null in files written before high contrast existed (then darkTheme says). */
    public String theme;

    public Double windowX;
    public Double windowY;
    public double windowWidth = 1360;
    public double windowHeight = 860;
    public boolean maximized;
    public String lastScreen = "OVERVIEW";
    public String lastConnection;
    public String lastTable;
    public String timeRangePreset = "LAST_3H";
    public boolean utc;
    /** Where the heatmap reads per-key heat: INSIGHTS, STREAMS or BOTH (null: Contributor Insights). */
    public String heatmapSource;
    /** The heatmap's stream bucket width in seconds: 1, 60, or 0 for automatic. */
    public int heatmapStreamResolution;
    /** Where the metrics screen's top keys come from: INSIGHTS, STREAMS or BOTH (null: Contributor Insights). */
    public String metricsSource;
    /**
     * Whether the built-in Lab starts alive: an hour of the seeds' workloads fast-forwarded at start and a gentle
     * workload going on in real time (Connection ▸ Start the Lab alive). Other connections never run it.
     */
    public boolean labStartsAlive = true;
    /** Recordings and snapshots opened or saved, newest first (File ▸ Recent files). */
    public java.util.List<String> recentFiles = new java.util.ArrayList<>();
}
