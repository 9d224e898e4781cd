package dev.partitionscope.ui.shell;

import dev.partitionscope.lab.DemoTables;
import dev.partitionscope.ui.AppFixture;
import dev.partitionscope.ui.UiRobot;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The top bar's index picker shows only where there is an index to pick: on the demo table {@code app} (GSI1) with
 * its caption, gone on order-status-index (no GSI), whose disabled "(base table)" took the width the File and Demo
 * buttons' words needed at 1,280 px during the order-status demo.
 */
class IndexPickerUiTest {
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

    @Test
    void theIndexPickerShowsOnlyForATableWithIndexes() throws Exception {
        fixture = new AppFixture(configDir);
        fixture.startFirstTime();
        MainViewModel main = fixture.app().context().main();
        AppFixture.resizeWindow(1700, 900);
        AppFixture.onFx(() -> {
            main.selectedTableProperty().set(DemoTables.APP);
            return null;
        });
        AppFixture.waitUntil(
                "app with its index picker",
                Duration.ofSeconds(20),
                () -> main.tableShapeProperty().get() != null
                        && robot.showing("#indexSelector")
                        && robot.showing("#indexLabel"));

        AppFixture.onFx(() -> {
            main.selectedTableProperty().set(DemoTables.ORDER_STATUS);
            return null;
        });
        AppFixture.waitUntil(
                "order-status-index without one",
                Duration.ofSeconds(20),
                () -> DemoTables.ORDER_STATUS.equals(
                                main.tableShapeProperty().get() == null
                                        ? null
                                        : main.tableShapeProperty().get().name())
                        && !robot.showing("#indexSelector")
                        && !robot.showing("#indexLabel"));
    }
}
