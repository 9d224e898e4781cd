package dev.partitionscope.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SettingsStoreTest {
    @TempDir
    Path dir;

    @Test
    void noFileGivesTheDefaults() {
        JsonFiles.Read<Settings> read = new SettingsStore(dir).load();

        assertThat(read.problem()).isNull();
        assertThat(read.value().darkTheme).isFalse();
        assertThat(read.value().windowWidth).isEqualTo(1360);
        assertThat(read.value().windowHeight).isEqualTo(860);
        assertThat(read.value().windowX).isNull();
        assertThat(read.value().lastScreen).isEqualTo("OVERVIEW");
        assertThat(read.value().timeRangePreset).isEqualTo("LAST_3H");
    }

    @Test
    void everyFieldSurvivesSaveAndLoad() throws IOException {
        Settings s = new Settings();
        s.darkTheme = true;
        s.windowX = 12.5;
        s.windowY = -3.0;
        s.windowWidth = 1600;
        s.windowHeight = 900;
        s.maximized = true;
        s.lastScreen = "HEATMAP";
        s.lastConnection = "Production";
        s.timeRangePreset = "LAST_1D";
        s.utc = true;
        SettingsStore store = new SettingsStore(dir.resolve("new-dir"));

        store.save(s);
        Settings loaded = new SettingsStore(dir.resolve("new-dir")).load().value();

        assertThat(loaded).usingRecursiveComparison().isEqualTo(s);
        assertThat(store.file()).isEqualTo(dir.resolve("new-dir").resolve("settings.json"));
    }

    @Test
    void aPartialFileKeepsTheDefaultsForWhatItLacksAndIgnoresUnknownFields() throws IOException {
        Files.writeString(dir.resolve(SettingsStore.FILE_NAME), "{\"darkTheme\": true, \"fromTheFuture\": 42}");

        JsonFiles.Read<Settings> read = new SettingsStore(dir).load();

        assertThat(read.problem()).isNull();
        assertThat(read.value().darkTheme).isTrue();
        assertThat(read.value().windowWidth).isEqualTo(1360);
        assertThat(read.value().lastScreen).isEqualTo("OVERVIEW");
    }

    @Test
    void aCorruptFileGivesDefaultsAndAProblemAndIsKeptAside() throws IOException {
        Files.writeString(dir.resolve(SettingsStore.FILE_NAME), "not json at all");

        JsonFiles.Read<Settings> read = new SettingsStore(dir).load();

        assertThat(read.value().windowWidth).isEqualTo(1360);
        assertThat(read.problem())
                .startsWith("settings.json could not be read and was kept as settings.json.unreadable-");
        assertThat(Files.exists(dir.resolve(SettingsStore.FILE_NAME))).isFalse();
    }

    @Test
    void aFileHoldingJsonNullGivesTheDefaults() throws IOException {
        Files.writeString(dir.resolve(SettingsStore.FILE_NAME), "null");

        JsonFiles.Read<Settings> read = new SettingsStore(dir).load();

        assertThat(read.problem()).isNull();
        assertThat(read.value()).isNotNull();
        assertThat(read.value().lastScreen).isEqualTo("OVERVIEW");
    }
}
