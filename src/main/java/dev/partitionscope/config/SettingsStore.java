package dev.partitionscope.config;

import java.io.IOException;
import java.nio.file.Path;

/** Loads and saves {@link Settings} in {@code settings.json} next to the saved connections. */
public final class SettingsStore {
    public static final String FILE_NAME = "settings.json";
    private final Path file;

    public SettingsStore(Path configDir) {
        this.file = configDir.resolve(FILE_NAME);
    }

    public JsonFiles.Read<Settings> load() {
        return JsonFiles.read(file, Settings.class, new Settings());
    }

    public void save(Settings settings) throws IOException {
        JsonFiles.write(file, settings);
    }

    public Path file() {
        return file;
    }
}
