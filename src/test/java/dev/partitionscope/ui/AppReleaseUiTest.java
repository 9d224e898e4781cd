package dev.partitionscope.ui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.lab.LivingLab;
import java.lang.ref.WeakReference;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A closed window lets go of everything it held. The living Lab's status-bar timer (a Timeline, held by the
 * toolkit's pulse timer while it plays) kept each closed window's screens, and through them the Labs they ran with
 * their streams, for the rest of the JVM: the test suite grew past 3 GB, one app after another.
 */
class AppReleaseUiTest {
    @TempDir
    Path configDir;

    private AppFixture fixture;

    @AfterEach
    void stop() throws Exception {
        if (fixture != null) {
            fixture.stop();
        }
    }

    @Test
    void aClosedWindowOnTheLivingLabIsCollected() throws Exception {
        fixture = new AppFixture(configDir)
                .withLabAlive(new LivingLab.Options(
                        java.time.Duration.ofMinutes(10), 0.05, java.time.Duration.ofMillis(500)));
        fixture.startFirstTime();
        AppFixture.waitUntil(
                "connected",
                Duration.ofSeconds(30),
                () -> fixture.app().context().main().tableShapeProperty().get() != null);
        WeakReference<Object> window = new WeakReference<>(fixture.app().controller());
        WeakReference<Object> session =
                new WeakReference<>(fixture.app().context().main());
        fixture.stop();
        fixture = null;
        for (int i = 0; i < 20 && (window.get() != null || session.get() != null); i++) {
            System.gc();
            Thread.sleep(100);
        }
        assertThat(window.get()).as("the closed window's controller").isNull();
        assertThat(session.get()).as("the closed window's session").isNull();
    }
}
