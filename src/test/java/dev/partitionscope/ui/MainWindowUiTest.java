package dev.partitionscope.ui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.config.JsonFiles;
import dev.partitionscope.config.Settings;
import dev.partitionscope.config.SettingsStore;
import dev.partitionscope.core.time.TimeRange;
import dev.partitionscope.ui.session.Screen;
import dev.partitionscope.ui.session.TableResource;
import java.nio.file.Path;
import java.time.Duration;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.ContentDisplay;
import javafx.scene.control.Labeled;
import javafx.scene.control.ToggleButton;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.HBox;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.util.WaitForAsyncUtils;

/** The shell without any endpoint: navigation, placeholders, theme, dialogs, remembered settings. */
class MainWindowUiTest {
    @TempDir
    Path configDir;

    private AppFixture fixture;
    private final UiRobot robot = new UiRobot();

    @BeforeEach
    void start() throws Exception {
        fixture = new AppFixture(configDir);
        fixture.start();
    }

    @AfterEach
    void stop() throws Exception {
        fixture.stop();
    }

    @Test
    void controlDigitsSwitchScreens() {
        robot.shortcut(KeyCode.CONTROL, KeyCode.DIGIT2);
        assertThat(robot.showing("#heatmapScreen")).isTrue();
        assertThat(AppFixture.onFx(
                        () -> ((ToggleButton) robot.lookup("#nav-heatmap").query()).isSelected()))
                .isTrue();

        robot.shortcut(KeyCode.CONTROL, KeyCode.DIGIT4);
        assertThat(robot.showing("#shardingScreen")).isTrue();
        robot.shortcut(KeyCode.CONTROL, KeyCode.DIGIT5);
        assertThat(robot.showing("#scatterScreen")).isTrue();

        robot.shortcut(KeyCode.CONTROL, KeyCode.DIGIT6);
        assertThat(robot.showing("#auditScreen")).isTrue();
        robot.shortcut(KeyCode.CONTROL, KeyCode.DIGIT7);
        assertThat(robot.showing("#labScreen")).isTrue();

        robot.shortcut(KeyCode.CONTROL, KeyCode.DIGIT1);
        assertThat(robot.showing("#overview")).isTrue();
        assertThat(fixture.app().context().main().screenProperty().get()).isEqualTo(Screen.OVERVIEW);
    }

    @Test
    void railButtonsSwitchScreensToo() {
        robot.clickOn("#nav-audit");
        assertThat(robot.showing("#auditScreen")).isTrue();
        robot.clickOn("#nav-audit");
        assertThat(AppFixture.onFx(
                        () -> ((ToggleButton) robot.lookup("#nav-audit").query()).isSelected()))
                .as("clicking the current screen keeps it selected")
                .isTrue();
    }

    @Test
    void disconnectedWindowExplainsWhatToDoAndHidesTheBadge() {
        assertThat(robot.text("#connectionStatus")).isEqualTo("Not connected — Ctrl+K to connect");
        assertThat(robot.showing("#guardBadge")).isFalse();
        assertThat(robot.allText("#tablesEmpty")).contains("Not connected");
        assertThat(robot.allText("#detailEmpty"))
                .contains("See a table's keys, indexes and capacity", "read-only until you unlock writes");
    }

    @Test
    void themeScreenAndTimeRangeAreRememberedAcrossRestarts() throws Exception {
        robot.shortcut(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.D);
        assertThat(fixture.app().context().main().darkThemeProperty().get()).isTrue();
        robot.shortcut(KeyCode.CONTROL, KeyCode.DIGIT3);
        robot.clickOn("#timeRangeMenu").clickOn("#range-LAST_12H");
        robot.clickOn("#timeRangeMenu").clickOn("#range-utc");
        assertThat(robot.text("#timeRangeMenu")).isEqualTo("Last 12 h · UTC");

        fixture.stop();
        Settings saved = new SettingsStore(configDir).load().value();
        assertThat(saved.darkTheme).isTrue();
        assertThat(saved.lastScreen).isEqualTo("METRICS");
        assertThat(saved.timeRangePreset).isEqualTo(TimeRange.Preset.LAST_12H.name());
        assertThat(saved.utc).isTrue();

        fixture.start();
        assertThat(fixture.app().context().main().darkThemeProperty().get()).isTrue();
        assertThat(robot.showing("#metricsScreen")).isTrue();
        assertThat(robot.text("#timeRangeMenu")).isEqualTo("Last 12 h · UTC");
    }

    @Test
    void aboutDialogShowsVersionAndDependencyLicences() {
        robot.clickOn("#helpMenu").clickOn("About PartitionScope");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.text("#aboutVersion")).startsWith("Version ").doesNotContain("${");
        var table = robot.lookup("#licenceTable").queryTableView();
        assertThat(AppFixture.onFx(
                        () -> table.getItems().stream().map(Object::toString).toList()))
                .anyMatch(d -> d.contains("AWS SDK for Java") && d.contains("Apache-2.0"))
                .anyMatch(d -> d.contains("OpenJFX") && d.contains("Classpath Exception"))
                .noneMatch(d -> d.contains("${"));
        robot.push(KeyCode.ESCAPE);
        AppFixture.waitUntil("the About dialog closes", Duration.ofSeconds(5), () -> robot.lookup("#aboutDialog")
                .tryQuery()
                .isEmpty());
    }

    @Test
    void aFirstStartOpensOnTheBuiltInLabWithTheDemoTables() throws Exception {
        fixture.stop();
        java.nio.file.Files.deleteIfExists(configDir.resolve(SettingsStore.FILE_NAME));
        fixture.startFirstTime();
        var main = fixture.app().context().main();
        AppFixture.waitUntil(
                "connected to the Lab",
                java.time.Duration.ofSeconds(20),
                () -> main.getConnection() != null
                        && main.getConnection().spec().kind() == dev.partitionscope.aws.ConnectionKind.LAB);
        AppFixture.waitUntil(
                "the demo table is described",
                java.time.Duration.ofSeconds(10),
                () -> main.tableShapeProperty().get() != null);
        assertThat(main.tables()).contains("app", "order-status-index", "pedidos");
        assertThat(robot.text("#tableName")).isEqualTo("app");
        assertThat(robot.text("#guardBadge")).isEqualTo("WRITABLE · local sandbox");
        assertThat(robot.text("#connectionStatus")).isEqualTo("Connected to Lab");
        assertThat(robot.text("#whereLabel")).startsWith("Lab (built in) · http://127.0.0.1:");
        assertThat(robot.allText("#insightsTable")).isNotNull();
        assertThat(fixture.app().context().main().resourceOptions()).contains(TableResource.gsi("GSI1"));
    }

    /**
     * F5 reloads the table list under the table on screen: the list is edited in place, so the top bar's selector (which
     * drops its value when its selected item leaves its items, even for a moment) keeps the table, and the screens keep
     * showing it — also when a new table arrives ahead of it. Before, F5 deselected the table whenever it had been picked
     * from a loaded list (a full CI run caught it: "selected null" after F5).
     */
    @Test
    void f5KeepsTheSelectedTableWhileTheTableListReloads() throws Exception {
        fixture.stop();
        java.nio.file.Files.deleteIfExists(configDir.resolve(SettingsStore.FILE_NAME));
        fixture.startFirstTime();
        var main = fixture.app().context().main();
        AppFixture.waitUntil(
                "the Lab's tables are listed and the first described",
                Duration.ofSeconds(20),
                () -> main.tablesLoadedProperty().get()
                        && !main.tablesLoadingProperty().get()
                        && main.tableShapeProperty().get() != null);
        // The user picks a table from the loaded list.
        robot.clickOn("order-status-index");
        AppFixture.waitUntil(
                "order-status-index is described",
                Duration.ofSeconds(10),
                () -> main.tableShapeProperty().get() != null
                        && main.tableShapeProperty().get().name().equals("order-status-index"));
        // A table created meanwhile sorts first: every name after it moves down one.
        var create = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance
                .objectNode()
                .put("TableName", "aaa-new")
                .put("BillingMode", "PAY_PER_REQUEST");
        create.putArray("AttributeDefinitions")
                .addObject()
                .put("AttributeName", "id")
                .put("AttributeType", "S");
        create.putArray("KeySchema").addObject().put("AttributeName", "id").put("KeyType", "HASH");
        fixture.app().context().labHost().lab().engine().handleAtOnce("CreateTable", create);

        robot.shortcut(KeyCode.F5);
        AppFixture.waitUntil(
                "the list is read again, with aaa-new",
                Duration.ofSeconds(10),
                () -> !main.tablesLoadingProperty().get() && main.tables().contains("aaa-new"));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(main.tables()).startsWith("aaa-new").contains("order-status-index", "app", "pedidos");
        assertThat(main.selectedTableProperty().get()).isEqualTo("order-status-index");
        assertThat(AppFixture.onFx(
                        () -> robot.lookup("#tableSelector").queryComboBox().getValue()))
                .isEqualTo("order-status-index");
        assertThat(AppFixture.onFx(() -> robot.lookup("#tableList")
                        .queryListView()
                        .getSelectionModel()
                        .getSelectedItem()))
                .isEqualTo("order-status-index");
        AppFixture.waitUntil(
                "order-status-index is described again",
                Duration.ofSeconds(10),
                () -> main.tableShapeProperty().get() != null
                        && main.tableShapeProperty().get().name().equals("order-status-index"));
    }

    @Test
    void startupProblemsWithACorruptSettingsFileDoNotStopTheApp() throws Exception {
        fixture.stop();
        java.nio.file.Files.writeString(configDir.resolve(SettingsStore.FILE_NAME), "{ not json");
        fixture.start();
        assertThat(robot.showing("#overview")).isTrue();
        assertThat(fixture.app().context().startupProblems())
                .singleElement()
                .asString()
                .contains("could not be read");
        assertThat(JsonFiles.read(configDir.resolve(SettingsStore.FILE_NAME), Settings.class, null)
                        .value())
                .as("the corrupt file was moved aside, not left in place")
                .isNull();
    }

    private HBox bar() {
        return robot.lookup("#topBar").queryAs(HBox.class);
    }

    private void width(double w) {
        AppFixture.onFx(() -> {
            Stage stage = (Stage) bar().getScene().getWindow();
            stage.setWidth(w);
            return null;
        });
        AppFixture.waitUntil(
                "the bar is " + w + " px wide",
                Duration.ofSeconds(10),
                () -> AppFixture.onFx(
                        () -> Math.abs(bar().getWidth() - bar().getScene().getWidth()) < 1
                                && Math.abs(bar().getScene().getWindow().getWidth() - w) < 1));
        org.testfx.util.WaitForAsyncUtils.waitForFxEvents();
    }

    private boolean shown(String id) {
        return AppFixture.onFx(() -> {
            Node n = bar().lookup(id);
            return n != null && n.isVisible() && n.isManaged();
        });
    }

    /** The right edge of every control in the bar, in the bar's coordinates, at most the bar's width. */
    private void everyControlInside() {
        AppFixture.onFx(() -> {
            double w = bar().getWidth();
            for (Node n : bar().getChildren()) {
                if (n.isManaged() && n.isVisible()) {
                    Bounds b = n.getBoundsInParent();
                    assertThat(b.getMaxX())
                            .as(n.getId() + " inside a " + w + " px bar")
                            .isLessThanOrEqualTo(w);
                    assertThat(b.getWidth())
                            .as(n.getId() + " at least its minimum")
                            .isGreaterThanOrEqualTo(n.minWidth(-1) - 1);
                }
            }
            return null;
        });
    }

    /**
     * The top bar in the real window at a projector's widths (not connected: the table picker shows its long prompt):
     * every control inside the window at 1,024 px (the app's name, the captions and the Demo word given up first),
     * fewer steps at 1,280 px, and every word back at 1,700 px.
     */
    @Test
    void aProjectorWidthKeepsEveryControlAndAWideWindowEveryWord() {
        width(1024);
        everyControlInside();
        assertThat(shown("#appTitle")).isFalse();
        assertThat(shown("#tableLabel")).isFalse();
        assertThat(shown("#indexLabel")).isFalse();
        assertThat(AppFixture.onFx(() -> ((Labeled) bar().lookup("#demoMenu")).getContentDisplay()))
                .isEqualTo(ContentDisplay.GRAPHIC_ONLY);
        assertThat(AppFixture.onFx(
                        () -> bar().lookup("#helpMenu").getBoundsInParent().getMaxX()))
                .isLessThanOrEqualTo(1024);
        assertThat(AppFixture.onFx(() -> ((javafx.scene.control.Control) bar().lookup("#tableSelector"))
                        .getTooltip()
                        .getText()))
                .isEqualTo("Table");

        width(1280);
        everyControlInside();
        assertThat(AppFixture.onFx(() -> ((Labeled) bar().lookup("#demoMenu")).getContentDisplay()))
                .as("fewer steps at 1,280 px: Demo keeps its word")
                .isEqualTo(ContentDisplay.LEFT);

        width(1700);
        everyControlInside();
        assertThat(shown("#appTitle")).isTrue();
        assertThat(shown("#tableLabel")).isTrue();
        // Not connected: no index to pick, so neither the picker nor its caption (a table without indexes the same).
        assertThat(shown("#indexSelector")).isFalse();
        assertThat(shown("#indexLabel")).isFalse();
        assertThat(AppFixture.onFx(() -> ((Labeled) bar().lookup("#demoMenu")).getContentDisplay()))
                .isEqualTo(ContentDisplay.LEFT);
    }
}
