package dev.partitionscope.app;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LauncherTest {
    @Test
    void linuxWithoutADisplaySaysWhatToDoInsteadOfCrashing() {
        assertThat(Launcher.displayProblem("Linux", null, "", null))
                .contains("needs a display", "xvfb-run", "partitionscope --help");
    }

    @Test
    void aDisplayWaylandOrMonocleOrAnotherOsIsFine() {
        assertThat(Launcher.displayProblem("Linux", ":0", null, null)).isNull();
        assertThat(Launcher.displayProblem("Linux", null, "wayland-0", null)).isNull();
        assertThat(Launcher.displayProblem("Linux", null, null, "Monocle")).isNull();
        assertThat(Launcher.displayProblem("Mac OS X", null, null, null)).isNull();
        assertThat(Launcher.displayProblem("Windows 11", null, null, null)).isNull();
    }
}
