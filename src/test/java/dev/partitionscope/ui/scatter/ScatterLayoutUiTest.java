package dev.partitionscope.ui.scatter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.ui.AppFixture;
import dev.partitionscope.ui.UiRobot;
import dev.partitionscope.ui.session.Screen;
import dev.partitionscope.ui.shell.MainViewModel;
import java.nio.file.Path;
import java.time.Duration;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextField;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The console's fields in a 1,280 × 800 window, as issue 22 saw them: a hot-values scheme shown whole, and a point
 * read whose long result no longer squashes its two fields to unlabelled slivers.
 */
class ScatterLayoutUiTest {
    private static final String SCHEME = "PENDING,SHIPPED:hash:8";

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

    /** Width the field needs to show its text (or, empty, its prompt) without cutting it. */
    private static double needed(TextField f, String text) {
        Text probe = new Text(text);
        probe.setFont(f.getFont());
        return probe.getLayoutBounds().getWidth()
                + f.getInsets().getLeft()
                + f.getInsets().getRight();
    }

    private Label labelOf(TextField field) {
        return robot.lookup(n -> n instanceof Label l && l.getLabelFor() == field)
                .queryAs(Label.class);
    }

    @Test
    void showsTheWholeSchemeAndLabelledPointReadFieldsAt1280x800() {
        fixture = new AppFixture(configDir);
        try {
            fixture.startFirstTime();
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError(e);
        }
        AppFixture.waitUntil(
                "connected to the Lab",
                Duration.ofSeconds(20),
                () -> main().getConnection() != null
                        && main().tableShapeProperty().get() != null);
        AppFixture.resizeWindow(1280, 800);
        AppFixture.onFx(() -> {
            main().screenProperty().set(Screen.SCATTER_GATHER);
            return null;
        });
        AppFixture.waitUntil("the console", Duration.ofSeconds(10), () -> robot.showing("#scatterScreen"));
        AppFixture.onFx(() -> {
            robot.lookup("#scatterKey").queryAs(TextField.class).setText("PENDING");
            robot.lookup("#scatterScheme").queryAs(TextField.class).setText(SCHEME);
            robot.lookup("#scatterPointId").queryAs(TextField.class).setText("ffea854a-97e8-d298-9848-f0e6bd9b49c7");
            robot.lookup("#scatterPointRead").queryButton().fire();
            return null;
        });
        AppFixture.waitUntil("the point read", Duration.ofSeconds(20), () -> robot.text("#scatterPointText")
                .contains("RCU"));
        robot.sleep(300); // a layout pulse with the result's text in place

        AppFixture.onFx(() -> {
            TextField scheme = robot.lookup("#scatterScheme").queryAs(TextField.class);
            assertThat(scheme.getWidth())
                    .as("the Scheme field shows all of %s", SCHEME)
                    .isGreaterThanOrEqualTo(needed(scheme, SCHEME));

            double windowWidth = scheme.getScene().getWidth();
            for (String id : new String[] {"#scatterPointId", "#scatterPointSort"}) {
                TextField f = robot.lookup(id).queryAs(TextField.class);
                assertThat(f.getPromptText()).as("%s has a prompt", id).isNotBlank();
                assertThat(f.getWidth())
                        .as("%s is at least as wide as its prompt", id)
                        .isGreaterThanOrEqualTo(needed(f, f.getPromptText()));
                Label label = labelOf(f);
                assertThat(label.isVisible()).isTrue();
                assertThat(label.getText()).isNotBlank();
                assertThat(label.getWidth())
                        .as("%s's label is not cut", id)
                        .isGreaterThanOrEqualTo(label.prefWidth(-1) - 0.5);
            }
            Node result = robot.lookup("#scatterPointText").query();
            Bounds b = result.localToScene(result.getLayoutBounds());
            assertThat(b.getMaxX()).as("the result stays inside the window").isLessThanOrEqualTo(windowWidth);
            TextField id = robot.lookup("#scatterPointId").queryAs(TextField.class);
            Bounds idBounds = id.localToScene(id.getLayoutBounds());
            assertThat(b.getMinY())
                    .as("the result is on a line of its own, under the fields")
                    .isGreaterThanOrEqualTo(idBounds.getMaxY());
            return null;
        });

        // Shorter, as under a demo's caption bar: the console scrolls, and the items table can be scrolled to whole.
        AppFixture.onFx(() -> {
            ((Stage) Window.getWindows().get(0)).setHeight(600);
            return null;
        });
        robot.sleep(300);
        AppFixture.onFx(() -> {
            Node table = robot.lookup("#scatterItems").query();
            Node n = table.getParent();
            while (n != null && !(n instanceof ScrollPane)) {
                n = n.getParent();
            }
            assertThat(n).as("the console sits in a scroll pane").isInstanceOf(ScrollPane.class);
            ((ScrollPane) n).setVvalue(1);
            return null;
        });
        robot.sleep(300);
        AppFixture.onFx(() -> {
            Node table = robot.lookup("#scatterItems").query();
            Bounds b = table.localToScene(table.getLayoutBounds());
            assertThat(b.getHeight())
                    .as("the items table keeps a useful height")
                    .isGreaterThanOrEqualTo(150);
            assertThat(b.getMaxY())
                    .as("scrolled down, the items table is inside the window")
                    .isLessThanOrEqualTo(table.getScene().getHeight());
            return null;
        });
    }
}
