package dev.partitionscope.ui.shell.files;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.aws.ConnectionKind;
import dev.partitionscope.core.heat.HeatGrid;
import dev.partitionscope.core.heat.HeatRow;
import dev.partitionscope.core.heat.HeatZoom;
import dev.partitionscope.core.time.TimeRange;
import dev.partitionscope.core.view.ViewState;
import dev.partitionscope.lab.DemoTables;
import dev.partitionscope.ui.AnsweringFileDialogs;
import dev.partitionscope.ui.AppFixture;
import dev.partitionscope.ui.UiRobot;
import dev.partitionscope.ui.common.heat.HeatmapCanvas;
import dev.partitionscope.ui.session.Screen;
import dev.partitionscope.ui.shell.MainViewModel;
import dev.partitionscope.ui.shell.MainWindowController;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuButton;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The test — a recording saved mid-story reopens at the same view — in the real app, headless: fast-forward
 * order-status before on the built-in Lab, zoom the heatmap to a selection and pin PENDING, save (Ctrl+S), wander
 * off (another connection, screen and range), open the file from File ▸ Open: a read-only replay, on the heatmap,
 * at the original absolute window, the same zoom, PENDING pinned. Then the recent files (kept across a restart, a
 * deleted one refused with a message), dropped files, and a damaged file that leaves the app as it was.
 */
class RecordingViewStateUiTest {
    @TempDir
    Path configDir;

    @TempDir
    Path files;

    private AppFixture fixture;
    private final UiRobot robot = new UiRobot();
    private final AnsweringFileDialogs dialogs = new AnsweringFileDialogs();

    @AfterEach
    void stop() throws Exception {
        if (fixture != null) {
            fixture.stop();
        }
    }

    private MainViewModel main() {
        return fixture.app().context().main();
    }

    private MainWindowController controller() {
        return fixture.app().controller();
    }

    private HeatmapCanvas canvas() {
        return robot.lookup("#heatmapCanvas").queryAs(HeatmapCanvas.class);
    }

    private HeatGrid grid() {
        return AppFixture.onFx(() -> canvas().getGrid());
    }

    private int row(String key) {
        HeatGrid g = grid();
        for (int r = 0; g != null && r < g.rowCount(); r++) {
            HeatRow row = g.row(r);
            if (!row.merged() && !row.other() && key.equals(row.first().partitionKey())) {
                return r;
            }
        }
        return -1;
    }

    private boolean heatmapSettled() {
        return AppFixture.onFx(() -> {
            var vm = controller().screens().heatmap();
            return !vm.loadingProperty().get()
                    && vm.viewProperty().get() != null
                    && canvas().getGrid() == vm.viewProperty().get().grid();
        });
    }

    /** What the window is at, for a failure's message. */
    private String state() {
        return AppFixture.onFx(() -> {
            var c = main().getConnection();
            var vm = controller().screens().heatmap();
            return "connection=" + (c == null ? null : c.spec().name()) + " screen="
                    + main().screenProperty().get()
                    + " table=" + main().selectedTableProperty().get() + " range="
                    + main().timeRangeProperty().get()
                    + " restoring=" + controller().files().restoringProperty().get() + " loading="
                    + vm.loadingProperty().get() + " view=" + (vm.viewProperty().get() != null) + " error="
                    + vm.errorProperty().get() + " pin="
                    + controller().screens().heatmapView().pinnedKey()
                    + " problem=" + controller().files().problemProperty().get() + " zoom="
                    + (vm.viewProperty().get() == null
                            ? null
                            : vm.viewProperty().get().zoom()) + " back="
                    + vm.canGoBackProperty().get() + " columns="
                    + (canvas().getGrid() == null
                            ? -1
                            : canvas().getGrid().columnCount() + " from "
                                    + canvas().getGrid().columnStart(0));
        });
    }

    private void waitUntil(String what, Duration timeout, java.util.function.BooleanSupplier condition) {
        try {
            AppFixture.waitUntil(what, timeout, condition);
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + "; " + state(), e);
        }
    }

    private void fastForwardOrderStatus() {
        AppFixture.waitUntil(
                "connected to the Lab",
                Duration.ofSeconds(20),
                () -> main().getConnection() != null
                        && main().getConnection().spec().kind() == ConnectionKind.LAB);
        robot.shortcut(KeyCode.CONTROL, KeyCode.DIGIT7);
        AppFixture.waitUntil("the workload panel shows", Duration.ofSeconds(10), () -> robot.showing("#workloadStart"));
        robot.clickOn("#workloadFastForward");
        robot.replaceText("#workloadDuration", "10 min");
        robot.clickOn("#workloadStart");
        AppFixture.waitUntil(
                "the fast-forwarded Lab shows",
                Duration.ofSeconds(90),
                () -> robot.showing("#labReplay")
                        && DemoTables.ORDER_STATUS.equals(
                                main().selectedTableProperty().get())
                        && main().tableShapeProperty().get() != null);
    }

    @Test
    void aRecordingSavedMidStoryReopensAtTheSameView() throws Exception {
        fixture = new AppFixture(configDir).withFileDialogs(dialogs);
        fixture.startFirstTime();
        fastForwardOrderStatus();

        // The story so far: the heatmap of the run, zoomed to PENDING and its neighbours over the run, PENDING pinned.
        robot.shortcut(KeyCode.CONTROL, KeyCode.DIGIT2);
        AppFixture.waitUntil(
                "the heatmap shows PENDING", Duration.ofSeconds(60), () -> heatmapSettled() && row("PENDING") >= 0);
        HeatGrid whole = grid();
        int pending = row("PENDING");
        int lastRow = Math.min(whole.rowCount() - 1, pending + 1);
        int lastColumn = whole.columnCount() - 1;
        AppFixture.onFx(() -> {
            canvas().setSelection(new HeatmapCanvas.Selection(0, lastRow, lastColumn - 20, lastColumn));
            return null;
        });
        robot.clickOn("#heatmapZoomSelection");
        AppFixture.waitUntil(
                "the zoomed grid shows",
                Duration.ofSeconds(20),
                () -> heatmapSettled() && grid().columnCount() < whole.columnCount() && row("PENDING") >= 0);
        AppFixture.onFx(() -> {
            canvas().setPinnedCell(new HeatmapCanvas.Cell(row("PENDING"), grid().columnCount() - 2));
            return null;
        });
        assertThat(robot.text("#heatmapPinned-Key")).isEqualTo("PENDING");
        TimeRange.Window window =
                AppFixture.onFx(() -> controller().screens().heatmap().loadedWindow());
        HeatZoom zoom = AppFixture.onFx(
                () -> controller().screens().heatmap().viewProperty().get().zoom());
        ViewState.Pin pin =
                AppFixture.onFx(() -> controller().screens().heatmapView().pinnedKey());
        assertThat(zoom.allKeys()).isFalse();
        assertThat(pin.key().partitionKey()).isEqualTo("PENDING");

        Path saved = files.resolve("order-status-story.psrec");
        dialogs.answer(saved);
        robot.shortcut(KeyCode.CONTROL, KeyCode.S);
        AppFixture.waitUntil(
                "the recording is saved",
                Duration.ofSeconds(30),
                () -> Files.exists(saved)
                        && controller()
                                .files()
                                .recentFiles()
                                .contains(saved.toAbsolutePath().normalize()));

        // Elsewhere: the live Lab, another screen, another range.
        AppFixture.onFx(() -> {
            main().connect(dev.partitionscope.aws.ConnectionSpec.lab());
            main().screenProperty().set(Screen.OVERVIEW);
            main().timeRangeProperty().set(TimeRange.last(TimeRange.Preset.LAST_1H));
            return null;
        });
        AppFixture.waitUntil(
                "back on the live Lab",
                Duration.ofSeconds(20),
                () -> main().getConnection() != null
                        && main().getConnection().spec().kind() == ConnectionKind.LAB);

        robot.clickOn("#fileMenu");
        robot.clickOn("Open…");
        waitUntil(
                "the recording is open at its view",
                Duration.ofSeconds(60),
                () -> main().getConnection() != null
                        && main().getConnection().spec().name().equals("Replay · order-status-story.psrec")
                        && !controller().files().restoringProperty().get()
                        && heatmapSettled()
                        && controller().screens().heatmapView().pinnedKey() != null);

        assertThat(fixture.app()
                        .context()
                        .labHost()
                        .isReplay(main().getConnection().spec().endpoint()))
                .isTrue();
        assertThat(main().getConnection().guard().isReadOnly()).isTrue();
        assertThat(main().screenProperty().get()).isEqualTo(Screen.HEATMAP);
        assertThat(main().selectedTableProperty().get()).isEqualTo(DemoTables.ORDER_STATUS);
        assertThat(main().timeRangeProperty().get()).isEqualTo(TimeRange.custom(window.start(), window.end(), false));
        assertThat(AppFixture.onFx(() ->
                        controller().screens().heatmap().viewProperty().get().zoom()))
                .isEqualTo(zoom);
        assertThat(AppFixture.onFx(() -> controller().screens().heatmapView().pinnedKey()))
                .isEqualTo(pin);
        assertThat(robot.text("#heatmapPinned-Key")).isEqualTo("PENDING");

        // A damaged file: a message, and the app stays where it was.
        Path damaged = files.resolve("damaged.psrec");
        Files.write(damaged, java.util.Arrays.copyOf(Files.readAllBytes(saved), 200));
        String endpoint = main().getConnection().spec().endpoint();
        dialogs.answer(damaged);
        robot.shortcut(KeyCode.CONTROL, KeyCode.O);
        AppFixture.waitUntil(
                "the problem is shown",
                Duration.ofSeconds(20),
                () -> controller().files().problemProperty().get() != null);
        assertThat(controller().files().problemProperty().get().headline()).isEqualTo("Could not open damaged.psrec");
        assertThat(controller().files().problemProperty().get().detail()).startsWith("damaged.psrec is incomplete");
        assertThat(robot.showing("#messageDialog")).isTrue();
        robot.clickOn("OK");
        assertThat(main().getConnection().spec().endpoint()).isEqualTo(endpoint);
        robot.shortcut(KeyCode.CONTROL, KeyCode.DIGIT3);
        assertThat(main().screenProperty().get()).isEqualTo(Screen.METRICS);

        // A dropped text file is refused with a sentence; a dropped recording opens.
        Path text = Files.writeString(files.resolve("notes.txt"), "not a recording");
        AppFixture.onFx(() -> new FileDrop(controller().files()).dropped(List.of(text.toFile())));
        AppFixture.waitUntil(
                "the text file is refused",
                Duration.ofSeconds(20),
                () -> controller().files().problemProperty().get().detail().startsWith("notes.txt"));
        assertThat(controller().files().problemProperty().get().detail())
                .isEqualTo("notes.txt is not a PartitionScope recording or snapshot.");
        robot.clickOn("OK");
        assertThat(AppFixture.onFx(() -> new FileDrop(controller().files()).dropped(List.<File>of())))
                .isFalse();
        AppFixture.onFx(() -> new FileDrop(controller().files()).dropped(List.of(saved.toFile())));
        AppFixture.waitUntil(
                "the dropped recording opens",
                Duration.ofSeconds(60),
                () -> main().getConnection() != null
                        && !endpoint.equals(main().getConnection().spec().endpoint())
                        && main().screenProperty().get() == Screen.HEATMAP);

        // Recent files: kept across a restart; one deleted since is refused with a message and leaves the list.
        Path other = files.resolve("other.psrec");
        Files.copy(saved, other);
        dialogs.answer(other);
        robot.shortcut(KeyCode.CONTROL, KeyCode.O);
        AppFixture.waitUntil(
                "the other file is listed first",
                Duration.ofSeconds(30),
                () -> controller()
                                .files()
                                .recentFiles()
                                .indexOf(other.toAbsolutePath().normalize())
                        == 0);
        fixture.stop();
        fixture = new AppFixture(configDir).withFileDialogs(dialogs);
        fixture.start();
        assertThat(controller().files().recentFiles())
                .containsExactly(
                        other.toAbsolutePath().normalize(),
                        saved.toAbsolutePath().normalize());
        Files.delete(other);
        // The File menu lists both at once and marks the deleted one when the check off the UI thread answers.
        MenuButton fileMenu = robot.lookup("#fileMenu").queryAs(MenuButton.class);
        AppFixture.onFx(() -> {
            fileMenu.show();
            return null;
        });
        Menu recentMenu = AppFixture.onFx(() -> (Menu) fileMenu.getItems().stream()
                .filter(i -> "fileRecent".equals(i.getId()))
                .findFirst()
                .orElseThrow());
        AppFixture.waitUntil(
                "the deleted file is marked missing in the File menu",
                Duration.ofSeconds(30),
                () -> AppFixture.onFx(() -> recentMenu.getItems().get(0).isDisable()
                        && recentMenu.getItems().get(0).getText().startsWith("other.psrec  (missing)")));
        assertThat(AppFixture.onFx(() -> recentMenu.getItems().get(1).isDisable()))
                .isFalse();
        assertThat(AppFixture.onFx(() -> recentMenu.getItems().get(1).getText()))
                .doesNotContain("(missing)");
        AppFixture.onFx(() -> {
            fileMenu.hide();
            controller().files().openRecent(other.toAbsolutePath().normalize());
            return null;
        });
        AppFixture.waitUntil(
                "opening the deleted recent file is refused with a message",
                Duration.ofSeconds(30),
                () -> AppFixture.onFx(() -> controller()
                                        .files()
                                        .problemProperty()
                                        .get()
                                != null
                        && controller().files().problemProperty().get().detail().startsWith("other.psrec is no")));
        assertThat(controller().files().problemProperty().get().detail())
                .isEqualTo("other.psrec is no longer at " + files.toAbsolutePath()
                        + ". It was removed from Recent files.");
        assertThat(controller().files().recentFiles())
                .containsExactly(saved.toAbsolutePath().normalize());
    }
}
