package dev.partitionscope.ui.heatmap;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.aws.ConnectionSpec;
import dev.partitionscope.core.heat.HeatGrid;
import dev.partitionscope.core.time.TimeRange;
import dev.partitionscope.lab.Lab;
import dev.partitionscope.lab.LabHost;
import dev.partitionscope.lab.LivingLab;
import dev.partitionscope.lab.clock.SimulatedClock;
import dev.partitionscope.lab.clock.SystemLabClock;
import dev.partitionscope.ui.AppFixture;
import dev.partitionscope.ui.UiRobot;
import dev.partitionscope.ui.common.heat.HeatmapCanvas;
import dev.partitionscope.ui.session.AutoRefresh;
import dev.partitionscope.ui.shell.MainViewModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The first start on the built-in Lab started alive (issue 22), headless: the heatmap has heat within seconds, over a
 * range that covers the Lab's past, in Live mode; with the setting off the Lab starts still; another connection never
 * starts it. A thin version of the hour (10 minutes at 5 % of the rates) keeps it quick.
 */
class LivingLabUiTest {
    private static final LivingLab.Options THIN =
            new LivingLab.Options(Duration.ofMinutes(10), 0.05, Duration.ofMillis(500));

    @TempDir
    Path configDir;

    private AppFixture fixture;
    private final UiRobot robot = new UiRobot();

    @AfterEach
    void stop() throws Exception {
        if (fixture != null) {
            fixture.stop();
        }
    }

    private MainViewModel main() {
        return fixture.app().context().main();
    }

    private LabHost labHost() {
        return fixture.app().context().labHost();
    }

    private HeatGrid grid() {
        return AppFixture.onFx(() -> robot.lookup("#heatmapCanvas")
                .tryQuery()
                .map(n -> ((HeatmapCanvas) n).getGrid())
                .orElse(null));
    }

    /** Columns where some key has heat. */
    private static int columnsWithHeat(HeatGrid g) {
        int n = 0;
        for (int c = 0; c < g.columnCount(); c++) {
            for (int r = 0; r < g.rowCount(); r++) {
                if (g.perMinute(r, c) > 0) {
                    n++;
                    break;
                }
            }
        }
        return n;
    }

    /** Rows with heat in one of the last {@code n} columns. */
    private static int rowsWithHeatInLastColumns(HeatGrid g, int n) {
        int rows = 0;
        for (int r = 0; r < g.rowCount(); r++) {
            for (int c = Math.max(0, g.columnCount() - n); c < g.columnCount(); c++) {
                if (g.perMinute(r, c) > 0) {
                    rows++;
                    break;
                }
            }
        }
        return rows;
    }

    @Test
    void theHeatmapHasHeatWithinSecondsLiveOverARangeThatCoversTheLabsPast() throws Exception {
        fixture = new AppFixture(configDir).withLabAlive(THIN);
        fixture.startFirstTime();
        assertThat(AppFixture.onFx(() -> main().timeRangeProperty().get().preset()))
                .as("the range follows the Lab's data: its 10 minutes fit the last hour")
                .isEqualTo(TimeRange.Preset.LAST_1H);
        assertThat(AppFixture.onFx(() -> main().screenProperty().get()))
                .as("the first start opens where the heat shows")
                .isEqualTo(dev.partitionscope.ui.session.Screen.HEATMAP);
        AppFixture.waitUntil("connected to the Lab", Duration.ofSeconds(30), () -> main().getConnection() != null);
        long shown = System.nanoTime();

        robot.shortcut(KeyCode.CONTROL, KeyCode.DIGIT2);
        AppFixture.waitUntil("heat in several minutes of the map", Duration.ofSeconds(30), () -> {
            HeatGrid g = grid();
            return g != null && columnsWithHeat(g) >= 3;
        });
        System.out.printf("heat on the map %.1f s after connecting%n", (System.nanoTime() - shown) / 1e9);

        HeatmapViewModel vm =
                AppFixture.onFx(() -> fixture.app().controller().screens().heatmap());
        assertThat(AppFixture.onFx(() -> vm.liveProperty().get())).isTrue();
        assertThat(AppFixture.onFx(() -> main().autoRefreshProperty().get())).isEqualTo(AutoRefresh.FIVE_SECONDS);
        SimulatedClock clock = (SimulatedClock) labHost().lab().clock();
        TimeRange.Window window = AppFixture.onFx(vm::loadedWindow);
        assertThat(window.start()).isBeforeOrEqualTo(Instant.ofEpochMilli(clock.startEpochMillis()));
        assertThat(grid().keys()).anySatisfy(k -> assertThat(k.partitionKey()).startsWith("OPS_LOG"));
        // The app's everyday traffic: products, threat alerts and BRAND_INDEX have heat in the map's last minutes.
        AppFixture.waitUntil("heat on many keys in the last minutes", Duration.ofSeconds(30), () -> {
            HeatGrid g = grid();
            return g != null && rowsWithHeatInLastColumns(g, 5) >= 12;
        });
        assertThat(grid().keys())
                .anySatisfy(k -> assertThat(k.partitionKey()).isEqualTo("THREAT#brand-abc-123"))
                .anySatisfy(k -> assertThat(k.partitionKey()).isEqualTo("BRAND_INDEX"))
                .anySatisfy(k -> assertThat(k.partitionKey()).startsWith("PRODUCT#9f5f10b1"));
        assertThat(labHost().living()).isPresent();
        AppFixture.waitUntil(
                "the status bar says how far the Lab got", Duration.ofSeconds(10), () -> robot.lookup("#labLife")
                        .queryAs(javafx.scene.control.Label.class)
                        .getText()
                        .matches("·  (Fast-forwarding the Lab's last 10 minutes|Live: a gentle workload runs).*"));
        // The range was chosen for the Lab, not by the user: what they chose last stays saved.
        assertThat(fixture.app().context().settings().timeRangePreset).isEqualTo("LAST_3H");
    }

    @Test
    void withTheSettingOffTheLabStartsStill() throws Exception {
        Files.writeString(
                configDir.resolve(dev.partitionscope.config.SettingsStore.FILE_NAME), "{\"labStartsAlive\":false}");
        fixture = new AppFixture(configDir).withLabAlive(THIN);
        fixture.startFirstTime();
        AppFixture.waitUntil("connected to the Lab", Duration.ofSeconds(30), () -> main().getConnection() != null);

        assertThat(labHost().living()).isEmpty();
        assertThat(labHost().lab().clock()).isSameAs(SystemLabClock.INSTANCE);
        assertThat(AppFixture.onFx(() -> main().screenProperty().get()))
                .isEqualTo(dev.partitionscope.ui.session.Screen.OVERVIEW);
        assertThat(AppFixture.onFx(() -> main().timeRangeProperty().get().preset()))
                .isEqualTo(TimeRange.Preset.LAST_3H);
        assertThat(AppFixture.onFx(() -> main().startsLive(main().getConnection())))
                .isFalse();
    }

    @Test
    void anotherConnectionNeverStartsIt() throws Exception {
        try (Lab other = Lab.start(Lab.Options.defaults())) {
            fixture = new AppFixture(configDir).withLabAlive(THIN);
            fixture.start(); // a returning user whose last connection is gone: opens disconnected
            AppFixture.onFx(() -> {
                main().connect(ConnectionSpec.custom(
                        "elsewhere", other.endpoint().orElseThrow(), "us-east-1", "test"));
                return null;
            });
            AppFixture.waitUntil("connected elsewhere", Duration.ofSeconds(30), () -> main().getConnection() != null);

            assertThat(labHost().running()).as("the built-in Lab never started").isEmpty();
            assertThat(labHost().living()).isEmpty();
            assertThat(AppFixture.onFx(() -> robot.lookup("#labLife")
                            .queryAs(javafx.scene.control.Label.class)
                            .getText()))
                    .isEmpty();
            assertThat(AppFixture.onFx(() -> main().timeRangeProperty().get().preset()))
                    .isEqualTo(TimeRange.Preset.LAST_3H);
            assertThat(AppFixture.onFx(() -> main().startsLive(main().getConnection())))
                    .isFalse();
        }
    }
}
