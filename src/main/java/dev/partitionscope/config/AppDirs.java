package dev.partitionscope.config;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * Where PartitionScope keeps its settings and saved connections: the platform's per-user config directory, or
 * {@code -Dpartitionscope.config.dir} (tests and portable installs).
 */
public final class AppDirs {
    public static final String CONFIG_DIR_PROPERTY = "partitionscope.config.dir";

    private AppDirs() {}

    public static Path configDir() {
        return configDir(
                System.getProperty(CONFIG_DIR_PROPERTY),
                System.getProperty("os.name", ""),
                System.getProperty("user.home"),
                System.getenv());
    }

    static Path configDir(String override, String osName, String home, Map<String, String> env) {
        if (override != null && !override.isBlank()) {
            return Path.of(override);
        }
        String os = osName.toLowerCase(Locale.ROOT);
        if (os.contains("win")) {
            String appData = env.get("APPDATA");
            return appData != null
                    ? Path.of(appData, "PartitionScope")
                    : Path.of(home, "AppData", "Roaming", "PartitionScope");
        }
        if (os.contains("mac")) {
            return Path.of(home, "Library", "Application Support", "PartitionScope");
        }
        String xdg = env.get("XDG_CONFIG_HOME");
        return xdg != null && !xdg.isBlank()
                ? Path.of(xdg, "partitionscope")
                : Path.of(home, ".config", "partitionscope");
    }
}
