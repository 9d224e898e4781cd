package dev.partitionscope.config;

/**
 * User preferences that survive restarts: theme, window geometry, last screen and connection, time zone display.
 * A plain mutable bean for Jackson; {@link SettingsStore} loads and saves it.
 */
public final class Settings {
    public boolean darkTheme;
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
}
