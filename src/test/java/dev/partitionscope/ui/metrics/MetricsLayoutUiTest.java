package dev.partitionscope.ui.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.ui.AppFixture;
import dev.partitionscope.ui.UiRobot;
import dev.partitionscope.ui.session.Screen;
import dev.partitionscope.ui.shell.MainViewModel;
import java.nio.file.Path;
import java.time.Duration;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ScrollPane;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Metrics screen at the window sizes issue 22's sweep looked at: at 1,280 × 800 it was wider than the window (a
 * horizontal scroll bar; the title, the top keys and "Copy summary" cut at the right edge). Now nothing runs past the
 * window's edge: Contributor Insights goes under the charts, and every header button shows its whole text; at 1,920
 * × 1,080 Contributor Insights stands beside the charts.
 */
class MetricsLayoutUiTest {
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

    @Test
    void nothingRunsPastTheWindowAt1280AndInsightsStandBesideTheChartsAt1920() throws Exception {
        fixture = new AppFixture(configDir);
        fixture.startFirstTime();
        AppFixture.waitUntil(
                "connected",
                Duration.ofSeconds(20),
                () -> main().tableShapeProperty().get() != null);
        AppFixture.resizeWindow(1280, 800);
        AppFixture.onFx(() -> {
            main().screenProperty().set(Screen.METRICS);
            return null;
        });
        AppFixture.waitUntil("the narrow arrangement", Duration.ofSeconds(10), () -> !insightsBesideCharts());
        robot.sleep(300); // a layout pulse after the move
        AppFixture.onFx(() -> {
            ScrollPane scroll = scroll();
            Node content = scroll.getContent();
            assertThat(content.getLayoutBounds().getWidth())
                    .as("the content is no wider than the window shows")
                    .isLessThanOrEqualTo(scroll.getViewportBounds().getWidth() + 0.5);
            for (String id : new String[] {"#metricsCopySummary", "#metricsExport"}) {
                Button b = robot.lookup(id).queryAs(Button.class);
                assertThat(b.getWidth())
                        .as("%s shows its whole text", id)
                        .isGreaterThanOrEqualTo(b.prefWidth(-1) - 0.5);
                double right = b.localToScene(b.getLayoutBounds()).getMaxX();
                double edge = scroll.localToScene(scroll.getLayoutBounds()).getMaxX();
                assertThat(right).as("%s inside the window", id).isLessThanOrEqualTo(edge);
            }
            return null;
        });

        AppFixture.resizeWindow(1920, 1080);
        AppFixture.waitUntil("the wide arrangement", Duration.ofSeconds(10), () -> insightsBesideCharts());
    }

    /** Whether Contributor Insights stands beside the charts (one row) or under them. */
    private boolean insightsBesideCharts() {
        javafx.scene.layout.VBox body = robot.lookup("#metricsBody").queryAs(javafx.scene.layout.VBox.class);
        return body.getChildren().size() == 1 && body.getChildren().get(0) instanceof javafx.scene.layout.HBox;
    }

    private ScrollPane scroll() {
        return (ScrollPane) robot.lookup("#metricsScreen")
                .queryAs(javafx.scene.layout.StackPane.class)
                .getChildren()
                .get(0);
    }
}
