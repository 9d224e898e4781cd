package dev.partitionscope.ui.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.aws.ConnectionKind;
import dev.partitionscope.core.heat.TopKey;
import dev.partitionscope.lab.DemoTables;
import dev.partitionscope.ui.AnsweringFileDialogs;
import dev.partitionscope.ui.AppFixture;
import dev.partitionscope.ui.UiRobot;
import dev.partitionscope.ui.common.MessageBox;
import dev.partitionscope.ui.common.chart.TimeChart;
import dev.partitionscope.ui.shell.MainViewModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The metrics screen in the real app, headless, on a Lab that fast-forwarded the order-status before-scenario:
 * the verdict says hot partition, the charts have data with units on their axes, and the top-keys table (stitched
 * from Contributor Insights reports through the SDK's CBOR client) puts PENDING first.
 */
class MetricsScreenUiTest {
    @TempDir
    Path configDir;

    @TempDir
    Path files;

    private AppFixture fixture;
    private final AnsweringFileDialogs dialogs = new AnsweringFileDialogs();
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
    void orderStatusBeforeIsAHotPartitionWithPendingOnTop() {
        fixture = new AppFixture(configDir).withFileDialogs(dialogs);
        try {
            fixture.startFirstTime();
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError(e);
        }
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
                "the fast-forwarded Lab is connected",
                Duration.ofSeconds(60),
                () -> robot.showing("#labReplay")
                        && DemoTables.ORDER_STATUS.equals(
                                main().selectedTableProperty().get())
                        && main().tableShapeProperty().get() != null);

        robot.shortcut(KeyCode.CONTROL, KeyCode.DIGIT3);
        AppFixture.waitUntil(
                "the verdict shows",
                Duration.ofSeconds(30),
                () -> robot.showing("#verdictBanner")
                        && !robot.text("#verdictHeadline").isEmpty());
        assertThat(robot.text("#verdictHeadline"))
                .matches("Hot partition: [\\d,]+ KeyRange write throttles while the"
                        + " table used \\d+ % of its provisioned 2,000 WCU/s");
        assertThat(robot.showing("#verdictHeatmap")).isTrue();
        assertThat(robot.text("#metricsTitle")).isEqualTo("Metrics · " + DemoTables.ORDER_STATUS);
        assertThat(robot.text("#metricsRange")).contains("1 min periods");
        // A table without GSIs whose series the Lab lists publishes nothing unusual: no publishing note.
        assertThat(robot.showing("#metricsPublishing")).isFalse();

        AppFixture.waitUntil(
                "top keys are stitched",
                Duration.ofSeconds(30),
                () -> AppFixture.onFx(() -> !robot.lookup("#topKeys")
                        .queryAs(TableView.class)
                        .getItems()
                        .isEmpty()));
        TopKey first = AppFixture.onFx(() -> (TopKey)
                robot.lookup("#topKeys").queryAs(TableView.class).getItems().get(0));
        assertThat(first.key().partitionKey()).isEqualTo("PENDING");
        assertThat(first.throttles()).isPositive();
        assertThat(first.peakPercentOfCeiling()).isGreaterThan(90);

        TimeChart write = robot.lookup("#chart-writeCapacity").queryAs(TimeChart.class);
        assertThat(AppFixture.onFx(write::csv)).contains("Consumed WCU/s");
        assertThat(robot.lookup("#chart-throttles").tryQuery()).isPresent();

        // Both CSV exports are written on the task runner, then say where they went.
        Path chartsCsv = files.resolve("metrics.csv");
        dialogs.answer(chartsCsv);
        fire("#metricsExport");
        AppFixture.waitUntil("the charts' CSV is written", Duration.ofSeconds(10), () -> Files.exists(chartsCsv));
        assertThat(readString(chartsCsv)).contains("Consumed WCU/s").startsWith("# ");
        Path topCsv = files.resolve("top-keys.csv");
        dialogs.answer(topCsv);
        fire("#topKeysExport");
        AppFixture.waitUntil("the top keys' CSV is written", Duration.ofSeconds(10), () -> saveMessage()
                .headlineText()
                .equals("Saved top-keys.csv"));
        assertThat(readString(topCsv)).contains("PENDING");
        // A folder where the file should go: a message naming it (this used to throw on the bound error label).
        Path folder = files.resolve("folder.csv");
        try {
            Files.createDirectory(folder);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        dialogs.answer(folder);
        fire("#topKeysExport");
        AppFixture.waitUntil("the failure shows", Duration.ofSeconds(10), () -> saveMessage()
                .headlineText()
                .equals("Could not save folder.csv"));
        assertThat(AppFixture.onFx(() -> saveMessage().message().detail()))
                .startsWith(folder.toAbsolutePath() + ": it is a folder.");

        // Choosing the table's only resource again changes nothing; Esc with nothing loading is harmless.
        robot.shortcut(KeyCode.ESCAPE);
        assertThat(robot.text("#verdictHeadline")).startsWith("Hot partition");
    }

    private void fire(String query) {
        AppFixture.onFx(() -> {
            robot.lookup(query).queryButton().fire();
            return null;
        });
    }

    private MessageBox saveMessage() {
        return robot.lookup("#topKeysSaveMessage").queryAs(MessageBox.class);
    }

    private static String readString(Path file) {
        try {
            return Files.readString(file);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
