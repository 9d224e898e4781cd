package dev.partitionscope.ui.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.report.ReportWriter;
import dev.partitionscope.ui.AnsweringFileDialogs;
import dev.partitionscope.ui.AppFixture;
import dev.partitionscope.ui.UiRobot;
import dev.partitionscope.ui.shell.MainViewModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.DialogPane;
import javafx.scene.input.Clipboard;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Export report in the running app, headless: on the built-in Lab's demo table {@code app}, the action asks for a
 * folder, builds on the app's task runner (off the FX thread), writes the folder and shows where; without a desktop
 * to open folders (headless), the dialog offers the path to copy instead of "Open folder".
 */
class ExportReportUiTest {
    @TempDir
    Path tmp;

    private AppFixture fixture;
    private final UiRobot robot = new UiRobot();

    @AfterEach
    void stop() throws Exception {
        if (fixture != null) {
            fixture.stop();
        }
    }

    @Test
    void exportsTheSelectedTableAndShowsWhereItWent() throws Exception {
        Path out = tmp.resolve("report");
        fixture = new AppFixture(tmp.resolve("config")).withFileDialogs(new AnsweringFileDialogs().folder(out));
        fixture.startFirstTime();
        MainViewModel main = fixture.app().context().main();
        AppFixture.waitUntil(
                "connected to the Lab with app",
                Duration.ofSeconds(20),
                () -> main.getConnection() != null && main.tableShapeProperty().get() != null);
        // The window's own File ▸ Export report…, enabled on the connected table, by its key.
        javafx.scene.control.MenuButton file = robot.lookup("#fileMenu").queryAs(javafx.scene.control.MenuButton.class);
        javafx.scene.control.MenuItem item = AppFixture.onFx(() -> file.getItems().stream()
                .filter(i -> "fileExportReport".equals(i.getId()))
                .findFirst()
                .orElseThrow());
        assertThat(AppFixture.onFx(item::isDisable)).isFalse();
        new dev.partitionscope.ui.UiRobot().shortcut(javafx.scene.input.KeyCode.CONTROL, javafx.scene.input.KeyCode.E);
        AppFixture.waitUntil("the report dialog", Duration.ofSeconds(90), () -> robot.lookup("#exportReportDone")
                .tryQuery()
                .isPresent());
        for (String name :
                new String[] {ReportWriter.SUMMARY, ReportWriter.HEATMAP, ReportWriter.METRICS, ReportWriter.TOP_KEYS
                }) {
            assertThat(out.resolve(name)).isRegularFile();
        }
        assertThat(Files.readString(out.resolve(ReportWriter.SUMMARY)))
                .startsWith("# Hot-partition report: `"
                        + main.tableShapeProperty().get().name() + "`");
        DialogPane pane = robot.lookup("#exportReportDone").query();
        assertThat(AppFixture.onFx(pane::getHeaderText))
                .startsWith("Report on " + main.tableShapeProperty().get().name() + " written");
        assertThat(AppFixture.onFx(() ->
                        pane.getButtonTypes().stream().map(ButtonType::getText).toList()))
                .containsExactly("Copy path", "Close");
        AppFixture.onFx(() -> {
            ButtonType copy = pane.getButtonTypes().get(0);
            ((Button) pane.lookupButton(copy)).fire();
            return null;
        });
        AppFixture.waitUntil("the dialog closed", Duration.ofSeconds(5), () -> robot.lookup("#exportReportDone")
                .tryQuery()
                .isEmpty());
        assertThat(AppFixture.onFx(() -> Clipboard.getSystemClipboard().getString()))
                .isEqualTo(out.toAbsolutePath().toString());
    }
}
