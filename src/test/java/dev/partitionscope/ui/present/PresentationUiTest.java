package dev.partitionscope.ui.present;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.partitionscope.config.Settings;
import dev.partitionscope.config.SettingsStore;
import dev.partitionscope.core.heat.ColorLut;
import dev.partitionscope.core.heat.HeatPalette;
import dev.partitionscope.ui.AppFixture;
import dev.partitionscope.ui.UiRobot;
import dev.partitionscope.ui.common.Theme;
import dev.partitionscope.ui.session.Screen;
import dev.partitionscope.ui.shell.MainWindowController;
import java.nio.file.Path;
import java.util.List;
import javafx.css.PseudoClass;
import javafx.geometry.Bounds;
import javafx.geometry.Point2D;
import javafx.scene.Node;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.BorderPane;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Presentation mode and the high-contrast theme in the real app, headless: what entering hides and enlarges, that
 * leaving gives everything back, that keys still drive the app, the pointer highlight, and the theme's colours and
 * persistence.
 */
class PresentationUiTest {
    private static final PseudoClass PRESENTING = PseudoClass.getPseudoClass("presenting");

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

    private MainWindowController controller() {
        return fixture.app().controller();
    }

    private PresentationMode presentation() {
        return controller().presentation();
    }

    private BorderPane root() {
        return controller().root();
    }

    private Stage stage() {
        return AppFixture.onFx(() -> (Stage) root().getScene().getWindow());
    }

    /** The top bar, navigation rail and status bar. */
    private List<Node> chrome() {
        return AppFixture.onFx(() -> List.of(root().getTop(), root().getLeft(), root().getBottom()));
    }

    private double fontSize(String query) {
        return AppFixture.onFx(
                () -> ((Label) robot.lookup(query).query()).getFont().getSize());
    }

    @Test
    void f11HidesTheChromeGoesFullScreenAndEnlargesTheTypeAndF11GivesItAllBack() {
        robot.shortcut(KeyCode.CONTROL, KeyCode.DIGIT2);
        double title = fontSize("#heatmapScreen .screen-title");
        double heatText = fontSize("#heatmapCanvas .heat-text");
        double heatLabel = fontSize("#heatmapCanvas .heat-strong-text");
        String defaultHint = AppFixture.onFx(() -> stage().getFullScreenExitHint());
        KeyCombination defaultExit = AppFixture.onFx(() -> stage().getFullScreenExitKeyCombination());

        robot.shortcut(KeyCode.F11);

        assertThat(presentation().isPresenting()).isTrue();
        for (Node n : chrome()) {
            assertThat(AppFixture.onFx(() -> n.isVisible() || n.isManaged()))
                    .as("%s hidden", n)
                    .isFalse();
        }
        assertThat(AppFixture.onFx(() -> stage().isFullScreen())).isTrue();
        assertThat(AppFixture.onFx(() -> stage().getFullScreenExitHint())).isEqualTo(PresentationMode.EXIT_HINT);
        assertThat(AppFixture.onFx(() -> stage().getFullScreenExitKeyCombination()))
                .as("Esc stays with the screens")
                .isEqualTo(KeyCombination.NO_MATCH);
        assertThat(AppFixture.onFx(() -> root().getPseudoClassStates())).contains(PRESENTING);
        assertThat(fontSize("#heatmapScreen .screen-title")).isGreaterThanOrEqualTo(title * 1.3);
        assertThat(fontSize("#heatmapCanvas .heat-text"))
                .as("the canvas's CSS probe")
                .isGreaterThanOrEqualTo(heatText * 1.3);
        Label label = robot.lookup("#heatmapCanvas .heat-strong-text").queryAs(Label.class);
        assertThat(AppFixture.onFx(() -> label.getFont().getSize())).isGreaterThanOrEqualTo(heatLabel * 1.4);
        assertThat(AppFixture.onFx(() -> label.getFont().getStyle()))
                .as("key labels bold")
                .containsIgnoringCase("bold");
        assertThat(robot.showing("#presentationCaption")).isTrue();
        assertThat(AppFixture.onFx(() -> presentation().captionNode().text())).isEqualTo("Heatmap");

        robot.shortcut(KeyCode.F11);

        assertThat(presentation().isPresenting()).isFalse();
        for (Node n : chrome()) {
            assertThat(AppFixture.onFx(() -> n.isVisible() && n.isManaged()))
                    .as("%s back", n)
                    .isTrue();
        }
        assertThat(AppFixture.onFx(() -> stage().isFullScreen())).isFalse();
        assertThat(AppFixture.onFx(() -> stage().getFullScreenExitHint())).isEqualTo(defaultHint);
        assertThat(AppFixture.onFx(() -> stage().getFullScreenExitKeyCombination()))
                .isEqualTo(defaultExit);
        assertThat(AppFixture.onFx(() -> root().getPseudoClassStates())).doesNotContain(PRESENTING);
        assertThat(fontSize("#heatmapScreen .screen-title")).isEqualTo(title);
        assertThat(fontSize("#heatmapCanvas .heat-text")).isEqualTo(heatText);
        assertThat(fontSize("#heatmapCanvas .heat-strong-text")).isEqualTo(heatLabel);
        assertThat(robot.showing("#presentationCaption")).isFalse();
    }

    @Test
    void controlShiftPTogglesTooAndEscDoesNotLeave() {
        robot.shortcut(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.P);
        assertThat(presentation().isPresenting()).isTrue();
        robot.shortcut(KeyCode.ESCAPE);
        assertThat(presentation().isPresenting())
                .as("Esc cancels loads, not the presentation")
                .isTrue();
        assertThat(AppFixture.onFx(() -> stage().isFullScreen())).isTrue();
        robot.shortcut(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.P);
        assertThat(presentation().isPresenting()).isFalse();
    }

    @Test
    void leavingFullScreenAnotherWayLeavesPresentationAndBringsTheChromeBack() {
        robot.shortcut(KeyCode.F11);
        AppFixture.onFx(() -> {
            stage().setFullScreen(false); // as the window manager would
            return null;
        });
        assertThat(presentation().isPresenting()).isFalse();
        for (Node n : chrome()) {
            assertThat(AppFixture.onFx(() -> n.isVisible() && n.isManaged()))
                    .as("%s back", n)
                    .isTrue();
        }
        assertThat(AppFixture.onFx(() -> stage().getFullScreenExitKeyCombination()))
                .isNotEqualTo(KeyCombination.NO_MATCH);
    }

    @Test
    void controlDigitsStillSwitchScreensWhilePresentingAndTheCaptionSaysWhere() {
        robot.shortcut(KeyCode.F11);
        robot.shortcut(KeyCode.CONTROL, KeyCode.DIGIT3);
        assertThat(robot.showing("#metricsScreen")).isTrue();
        assertThat(fixture.app().context().main().screenProperty().get()).isEqualTo(Screen.METRICS);
        assertThat(robot.showing("#presentationCaption")).isTrue();
        assertThat(AppFixture.onFx(() -> presentation().captionNode().text())).isEqualTo("Metrics");

        AppFixture.onFx(() -> {
            presentation().caption("Step 2 of 5: the heat spreads");
            return null;
        });
        assertThat(AppFixture.onFx(() -> presentation().captionNode().text()))
                .isEqualTo("Step 2 of 5: the heat spreads");
    }

    @Test
    void pointerHighlightFollowsTheMouseOnlyWhilePresenting() {
        PointerHighlight pointer = presentation().pointer();
        robot.moveTo(AppFixture.onFx(() -> root().getCenter()));
        assertThat(AppFixture.onFx(pointer::isVisible))
                .as("not outside presentation")
                .isFalse();

        robot.shortcut(KeyCode.F11);
        Node center = AppFixture.onFx(() -> root().getCenter());
        Bounds b = AppFixture.onFx(() -> center.localToScene(center.getLayoutBounds()));
        Point2D target = new Point2D(b.getMinX() + b.getWidth() * 0.3, b.getMinY() + b.getHeight() * 0.6);
        robot.moveTo(AppFixture.onFx(() -> center.localToScreen(center.sceneToLocal(target.getX(), target.getY()))));
        assertThat(AppFixture.onFx(pointer::isVisible)).isTrue();
        Point2D at = AppFixture.onFx(() -> root().localToScene(pointer.center()));
        assertThat(at.getX()).isCloseTo(target.getX(), within(2.0));
        assertThat(at.getY()).isCloseTo(target.getY(), within(2.0));

        robot.shortcut(KeyCode.F11);
        assertThat(AppFixture.onFx(pointer::isVisible)).isFalse();
    }

    @Test
    void controlTWhilePresentingBringsTheTopBarBackUntilATableIsChosenByKeys() throws Exception {
        fixture.stop();
        java.nio.file.Files.deleteIfExists(configDir.resolve(SettingsStore.FILE_NAME));
        fixture.startFirstTime();
        var main = fixture.app().context().main();
        AppFixture.waitUntil(
                "the Lab's tables",
                java.time.Duration.ofSeconds(30),
                () -> main.tables().size() >= 3 && main.selectedTableProperty().get() != null);
        robot.shortcut(KeyCode.F11);
        Node top = chrome().get(0);
        String before = AppFixture.onFx(() -> main.selectedTableProperty().get());

        robot.shortcut(KeyCode.CONTROL, KeyCode.T);
        ComboBox<?> selector = robot.lookup("#tableSelector").queryAs(ComboBox.class);
        assertThat(AppFixture.onFx(top::isVisible)).isTrue();
        assertThat(AppFixture.onFx(selector::isShowing)).isTrue();
        robot.shortcut(KeyCode.DOWN);
        robot.shortcut(KeyCode.ENTER);

        assertThat(AppFixture.onFx(selector::isShowing)).isFalse();
        assertThat(AppFixture.onFx(() -> main.selectedTableProperty().get())).isNotEqualTo(before);
        assertThat(AppFixture.onFx(() -> top.isVisible() || top.isManaged()))
                .as("hidden again")
                .isFalse();
        assertThat(presentation().isPresenting()).isTrue();
        assertThat(AppFixture.onFx(() -> presentation().captionNode().text()))
                .contains(main.selectedTableProperty().get());
    }

    @Test
    void controlTWithNothingToChooseDoesNotLeaveTheTopBarShowing() {
        robot.shortcut(KeyCode.F11);
        Node top = chrome().get(0);
        robot.shortcut(KeyCode.CONTROL, KeyCode.T);
        assertThat(AppFixture.onFx(() -> top.isVisible() || top.isManaged())).isFalse();
        assertThat(presentation().isPresenting()).isTrue();
    }

    @Test
    void highContrastIsBlackAndWhiteWithItsOwnHeatRampAndSurvivesARestart() throws Exception {
        robot.shortcut(KeyCode.CONTROL, KeyCode.DIGIT2);
        var main = fixture.app().context().main();
        robot.shortcut(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.H);

        assertThat(main.themeModeProperty().get()).isEqualTo(Theme.Mode.HIGH_CONTRAST);
        assertThat(main.darkThemeProperty().get()).as("the dark toggle agrees").isTrue();
        assertBlackAndWhite();
        assertThat(controller().screens().heatmap().paletteProperty().get()).isEqualTo(HeatPalette.HIGH_CONTRAST);

        fixture.stop();
        Settings saved = new SettingsStore(configDir).load().value();
        assertThat(saved.theme).isEqualTo("HIGH_CONTRAST");
        assertThat(saved.darkTheme).as("older releases open dark").isTrue();

        fixture.start();
        main = fixture.app().context().main();
        assertThat(main.themeModeProperty().get()).isEqualTo(Theme.Mode.HIGH_CONTRAST);
        assertBlackAndWhite();
        var canvas = robot.lookup("#heatmapCanvas").queryAs(dev.partitionscope.ui.common.heat.HeatmapCanvas.class);
        assertThat(AppFixture.onFx(canvas::getLut))
                .as("a heatmap opened in high contrast draws with its ramp")
                .containsExactly(ColorLut.build(HeatPalette.HIGH_CONTRAST, 0).table());

        robot.shortcut(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.H);
        assertThat(main.themeModeProperty().get()).isEqualTo(Theme.Mode.DARK);
        assertThat(controller().screens().heatmap().paletteProperty().get())
                .as("the ramp chosen before")
                .isEqualTo(HeatPalette.HEAT);
        robot.shortcut(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.D);
        assertThat(main.themeModeProperty().get()).isEqualTo(Theme.Mode.LIGHT);
    }

    private void assertBlackAndWhite() {
        Color background = AppFixture.onFx(
                () -> (Color) root().getBackground().getFills().get(0).getFill());
        assertThat(background.getBrightness())
                .as("root background %s", background)
                .isLessThan(0.05);
        Color text = AppFixture.onFx(
                () -> (Color) ((Label) robot.lookup(".screen-title").query()).getTextFill());
        assertThat(text.getBrightness()).as("text %s", text).isGreaterThan(0.95);
        assertThat(text.getSaturation()).isLessThan(0.05);
    }

    @Test
    void oldSettingsWithOnlyTheDarkFlagStillOpenDark() throws Exception {
        fixture.stop();
        java.nio.file.Files.writeString(
                configDir.resolve(SettingsStore.FILE_NAME), "{\"darkTheme\": true, \"lastConnection\": \"(gone)\"}");
        fixture.start();
        assertThat(fixture.app().context().main().themeModeProperty().get()).isEqualTo(Theme.Mode.DARK);
    }
}
