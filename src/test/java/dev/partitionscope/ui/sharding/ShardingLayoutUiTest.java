package dev.partitionscope.ui.sharding;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.ui.AppFixture;
import dev.partitionscope.ui.UiRobot;
import dev.partitionscope.ui.session.Screen;
import dev.partitionscope.ui.shell.MainViewModel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextField;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The designer in a 1,280 × 800 window with the order-status demo's inputs and a long ids source, as issue 22 saw
 * it: the scheme cards start inside the window, not below an empty band under the inputs, and the fields keep their
 * size instead of stretching with the ids row.
 */
class ShardingLayoutUiTest {
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
    void schemeCardsStartInsideA1280x800WindowUnderTheInputsAndN() throws Exception {
        fixture = new AppFixture(configDir);
        fixture.startFirstTime();
        AppFixture.waitUntil(
                "connected",
                Duration.ofSeconds(20),
                () -> main().tableShapeProperty().get() != null);
        String ids = IntStream.range(0, 1_813)
                .mapToObj(i -> String.format(Locale.ROOT, "order-%05d", i))
                .collect(Collectors.joining("\n"));
        AppFixture.resizeWindow(1280, 800);
        AppFixture.onFx(() -> {
            main().screenProperty().set(Screen.SHARDING);
            ShardingViewModel vm = fixture.app().controller().screens().sharding();
            vm.baseKeyProperty().set("PENDING");
            vm.writesPerSecondProperty().set("630");
            vm.itemBytesProperty().set("1200");
            vm.setIds(ids, "sort keys of PENDING in order-status-index");
            return null;
        });
        AppFixture.waitUntil("the preview", Duration.ofSeconds(20), () -> robot.text("#shardingRecommended")
                .equals("Shard into N = 4"));
        robot.sleep(500); // the debounced recompute and a layout pulse

        AppFixture.onFx(() -> {
            ScrollPane scroll = (ScrollPane) robot.lookup("#shardingScreen")
                    .queryParent()
                    .getChildrenUnmodifiable()
                    .get(0);
            Bounds viewport = scroll.localToScene(scroll.getLayoutBounds());
            Node card = robot.lookup("#scheme-0").query();
            Bounds cardBounds = card.localToScene(card.getLayoutBounds());
            assertThat(cardBounds.getMinY())
                    .as("the first scheme card starts with at least 200 px of it inside the window")
                    .isLessThanOrEqualTo(viewport.getMaxY() - 200);
            Node calc = robot.lookup("#shardingRecommended").query().getParent();
            Bounds calcBounds = calc.localToScene(calc.getLayoutBounds());
            assertThat(cardBounds.getMinY() - calcBounds.getMaxY())
                    .as("the cards follow the N calculator, no band between")
                    .isLessThanOrEqualTo(40);
            for (String id : new String[] {"#shardingSeparator", "#shardingItemBytes"}) {
                TextField f = robot.lookup(id).queryAs(TextField.class);
                assertThat(f.getWidth()).as("%s keeps its size", id).isEqualTo(f.getPrefWidth());
            }
            return null;
        });
    }
}
