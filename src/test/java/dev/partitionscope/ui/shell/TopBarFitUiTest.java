package dev.partitionscope.ui.shell;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.ui.AppFixture;
import dev.partitionscope.ui.UiRobot;
import java.nio.file.Path;
import java.time.Duration;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.ContentDisplay;
import javafx.scene.control.Labeled;
import javafx.scene.layout.HBox;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The top bar in the real window at a projector's widths (not connected: the table picker shows its long prompt):
 * every control inside the window at 1,024 px (the app's name, the captions and the Demo word given up first), fewer
 * steps at 1,280 px, and every word back at 1,700 px.
 */
class TopBarFitUiTest {
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

    private HBox bar() {
        return robot.lookup("#topBar").queryAs(HBox.class);
    }

    private void width(double w) {
        AppFixture.onFx(() -> {
            Stage stage = (Stage) bar().getScene().getWindow();
            stage.setWidth(w);
            return null;
        });
        AppFixture.waitUntil("the bar is " + w + " px wide", Duration.ofSeconds(10),
                () -> AppFixture.onFx(() -> Math.abs(bar().getWidth() - bar().getScene().getWidth()) < 1
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
                    assertThat(b.getMaxX()).as(n.getId() + " inside a " + w + " px bar").isLessThanOrEqualTo(w);
                    assertThat(b.getWidth()).as(n.getId() + " at least its minimum").isGreaterThanOrEqualTo(
                            n.minWidth(-1) - 1);
                }
            }
            return null;
        });
    }

    @Test
    void aProjectorWidthKeepsEveryControlAndAWideWindowEveryWord() {
        width(1024);
        everyControlInside();
        assertThat(shown("#appTitle")).isFalse();
        assertThat(shown("#tableLabel")).isFalse();
        assertThat(shown("#indexLabel")).isFalse();
        assertThat(AppFixture.onFx(() -> ((Labeled) bar().lookup("#demoMenu")).getContentDisplay()))
                .isEqualTo(ContentDisplay.GRAPHIC_ONLY);
        assertThat(AppFixture.onFx(() -> bar().lookup("#helpMenu").getBoundsInParent().getMaxX()))
                .isLessThanOrEqualTo(1024);
        assertThat(AppFixture.onFx(() -> ((javafx.scene.control.Control) bar().lookup("#tableSelector"))
                .getTooltip().getText())).isEqualTo("Table");

        width(1280);
        everyControlInside();
        assertThat(AppFixture.onFx(() -> ((Labeled) bar().lookup("#demoMenu")).getContentDisplay()))
                .as("fewer steps at 1,280 px: Demo keeps its word").isEqualTo(ContentDisplay.LEFT);

        width(1700);
        everyControlInside();
        assertThat(shown("#appTitle")).isTrue();
        assertThat(shown("#tableLabel")).isTrue();
        assertThat(shown("#indexLabel")).isTrue();
        assertThat(AppFixture.onFx(() -> ((Labeled) bar().lookup("#demoMenu")).getContentDisplay()))
                .isEqualTo(ContentDisplay.LEFT);
    }
}
