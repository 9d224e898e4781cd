package dev.partitionscope.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AppDirsTest {
    private static final String HOME = "/home/ada";

    @Test
    void theOverridePropertyWinsOnEveryPlatform() {
        assertThat(AppDirs.configDir("/tmp/ps-config", "Linux", HOME, Map.of("XDG_CONFIG_HOME", "/xdg")))
                .isEqualTo(Path.of("/tmp/ps-config"));
        assertThat(AppDirs.configDir("/tmp/ps-config", "Windows 11", HOME, Map.of("APPDATA", "C:\\AppData")))
                .isEqualTo(Path.of("/tmp/ps-config"));
    }

    @Test
    void aBlankOverrideIsIgnored() {
        assertThat(AppDirs.configDir("  ", "Linux", HOME, Map.of()))
                .isEqualTo(Path.of(HOME, ".config", "partitionscope"));
    }

    @Test
    void linuxUsesXdgConfigHome() {
        assertThat(AppDirs.configDir(null, "Linux", HOME, Map.of("XDG_CONFIG_HOME", "/home/ada/.cfg")))
                .isEqualTo(Path.of("/home/ada/.cfg", "partitionscope"));
    }

    @Test
    void linuxWithoutXdgUsesDotConfig() {
        assertThat(AppDirs.configDir(null, "Linux", HOME, Map.of()))
                .isEqualTo(Path.of(HOME, ".config", "partitionscope"));
        assertThat(AppDirs.configDir(null, "Linux", HOME, Map.of("XDG_CONFIG_HOME", " ")))
                .isEqualTo(Path.of(HOME, ".config", "partitionscope"));
    }

    @Test
    void macUsesApplicationSupport() {
        assertThat(AppDirs.configDir(null, "Mac OS X", "/Users/ada", Map.of("XDG_CONFIG_HOME", "/xdg")))
                .isEqualTo(Path.of("/Users/ada", "Library", "Application Support", "PartitionScope"));
    }

    @Test
    void windowsUsesAppData() {
        assertThat(AppDirs.configDir(null, "Windows 10", HOME, Map.of("APPDATA", "/appdata")))
                .isEqualTo(Path.of("/appdata", "PartitionScope"));
    }

    @Test
    void windowsWithoutAppDataUsesRoamingUnderHome() {
        assertThat(AppDirs.configDir(null, "Windows Server 2022", HOME, Map.of()))
                .isEqualTo(Path.of(HOME, "AppData", "Roaming", "PartitionScope"));
    }

    @Test
    void theSystemPropertyIsHonoured() {
        String before = System.getProperty(AppDirs.CONFIG_DIR_PROPERTY);
        try {
            System.setProperty(AppDirs.CONFIG_DIR_PROPERTY, "/tmp/portable-partitionscope");
            assertThat(AppDirs.configDir()).isEqualTo(Path.of("/tmp/portable-partitionscope"));
        } finally {
            if (before == null) {
                System.clearProperty(AppDirs.CONFIG_DIR_PROPERTY);
            } else {
                System.setProperty(AppDirs.CONFIG_DIR_PROPERTY, before);
            }
        }
    }
}
