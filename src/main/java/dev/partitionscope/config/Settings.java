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
    /** Recordings and snapshots opened or saved, newest first (File ▸ Recent files). */
    public java.util.List<String> recentFiles = new java.util.ArrayList<>();
}
