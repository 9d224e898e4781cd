package dev.partitionscope.ui.sharding;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.core.codegen.Language;
import dev.partitionscope.ui.AppFixture;
import dev.partitionscope.ui.UiRobot;
import dev.partitionscope.ui.common.FileDialogs;
import dev.partitionscope.ui.shell.MainViewModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import javafx.stage.Window;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The designer in the real app, headless: a key handed over, typing updates the preview live (debounced), a bad
 * spec is named on its card, the Lab trial shows the before throttling and the after not, code is exported.
 */
class ShardingScreenUiTest {
    @TempDir
    Path configDir;

    @TempDir
    Path files;

    private AppFixture fixture;
    private final UiRobot robot = new UiRobot();
    private final AtomicReference<Path> answer = new AtomicReference<>();
    private final FileDialogs dialogs = new FileDialogs() {
        @Override
        public Optional<Path> saveFile(Window owner, String title, String initialName, Type type) {
            return Optional.ofNullable(answer.get()).map(dir -> dir.resolve(initialName));
        }

        @Override
        public Optional<Path> openFile(Window owner, String title, Type type) {
            return Optional.empty();
        }
    };

    @AfterEach
    void stop() throws Exception {
        if (fixture != null) {
            fixture.stop();
        }
    }

    private MainViewModel main() {
        return fixture.app().context().main();
    }

    private void togglePredicted() {
        AppFixture.onFx(() -> {
            javafx.scene.control.TitledPane pane =
                    robot.lookup("#shardingPredicted").queryAs(javafx.scene.control.TitledPane.class);
            pane.setExpanded(!pane.isExpanded());
            return null;
        });
    }

    /** Presses a button wherever the page is scrolled (the results above may have pushed it out of view). */
    private void fire(String query) {
        AppFixture.onFx(() -> {
            robot.lookup(query).queryButton().fire();
            return null;
        });
    }

    @Test
    void aHandedOverKeyPreviewsLiveTriesTheSchemeInTheLabAndExportsCode() throws Exception {
        fixture = new AppFixture(configDir).withFileDialogs(dialogs);
        fixture.startFirstTime();
        AppFixture.waitUntil("connected", Duration.ofSeconds(20), () -> main().getConnection() != null);
        AppFixture.onFx(() -> {
            main().openInDesigner("PENDING");
            return null;
        });
        AppFixture.waitUntil(
                "the designer shows the hand-over", Duration.ofSeconds(10), () -> robot.showing("#shardingHandedOver"));
        assertThat(robot.text("#shardingHandedOver")).isEqualTo("From the heatmap: PENDING");
        robot.replaceText("#shardingWrites", "2000");
        robot.replaceText("#schemeSpec-1", "hash:0");
        AppFixture.waitUntil("the preview updates", Duration.ofSeconds(10), () -> robot.text("#schemeError-1")
                .contains("hash"));
        assertThat(robot.text("#schemeVerdict-0")).startsWith("hash:8 spreads these 10,000 ids");
        assertThat(robot.text("#schemePrediction-0"))
                .contains("before, one key at 200 % of its ceiling")
                .contains("0 % throttled");
        assertThat(robot.text("#shardingRecommended")).isEqualTo("Shard into N = 5");

        // The predicted heatmap of the first scheme, beside the key as it is (under the cards, below the fold at
        // this size: expanded as a click on its title would).
        togglePredicted();
        AppFixture.waitUntil(
                "the predicted heatmap shows",
                Duration.ofSeconds(10),
                () -> AppFixture.onFx(() -> robot.lookup("#predictedAfter")
                                .queryAs(dev.partitionscope.ui.common.heat.HeatmapCanvas.class)
                                .getGrid()
                        != null));
        assertThat(AppFixture.onFx(() -> robot.lookup("#predictedAfter")
                        .queryAs(dev.partitionscope.ui.common.heat.HeatmapCanvas.class)
                        .getGrid()
                        .rowCount()))
                .isEqualTo(8);
        assertThat(AppFixture.onFx(() -> robot.lookup("#predictedBefore")
                        .queryAs(dev.partitionscope.ui.common.heat.HeatmapCanvas.class)
                        .getGrid()
                        .rowThrottles(0)))
                .isPositive();
        togglePredicted();

        // The trial sits under the scheme cards, below the fold: fired, not clicked.
        AppFixture.onFx(() -> {
            robot.lookup("#shardingTrialRun").queryButton().fire();
            return null;
        });
        AppFixture.waitUntil("the Lab trial ends", Duration.ofSeconds(90), () -> !robot.text("#trialAfterText")
                .isEmpty());
        assertThat(robot.text("#trialBeforeText"))
                .matches("Before — PENDING as it is: \\d+ % of [\\d,]+ writes"
                        + " throttled in the Lab \\(predicted 50 %\\)");
        assertThat(robot.text("#trialAfterText"))
                .matches("After — hash:8: 0 % of [\\d,]+ writes throttled in the" + " Lab \\(predicted 0 %\\)");

        answer.set(files);
        AppFixture.onFx(() -> {
            ((ShardingView) robot.lookup("#shardingScreen")
                            .query()
                            .getProperties()
                            .get(ShardingView.class))
                    .saveCode(Language.PYTHON);
            return null;
        });
        AppFixture.waitUntil(
                "the code is written", Duration.ofSeconds(10), () -> Files.exists(files.resolve("reader.py")));
        assertThat(Files.readString(files.resolve("keys.py"))).contains("SHARDS = 8");
        assertThat(files.resolve("reader.py")).exists();

        // Ids sampled from the demo table: the 160 sort keys stored under OPS_LOG in app.
        assertThat(main().selectedTableProperty().get()).isEqualTo("app");
        fire("#shardingSample");
        AppFixture.waitUntil("PENDING has no items", Duration.ofSeconds(10), () -> robot.text("#shardingSampleText")
                .startsWith("app has no items under PENDING"));
        AppFixture.onFx(() -> {
            robot.lookup("#shardingKey")
                    .queryAs(javafx.scene.control.TextField.class)
                    .setText("OPS_LOG");
            return null;
        });
        fire("#shardingSample");
        AppFixture.waitUntil("the ids are sampled", Duration.ofSeconds(10), () -> robot.text("#shardingIds")
                .equals("160 sort keys of OPS_LOG in app"));
        AppFixture.waitUntil("the preview follows", Duration.ofSeconds(10), () -> robot.text("#schemeSpread-0")
                .startsWith("8 of 8 keys used"));
    }
}
