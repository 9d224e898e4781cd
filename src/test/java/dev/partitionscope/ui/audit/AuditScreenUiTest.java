package dev.partitionscope.ui.audit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.core.audit.Advisor;
import dev.partitionscope.ui.AppFixture;
import dev.partitionscope.ui.UiRobot;
import dev.partitionscope.ui.session.Screen;
import dev.partitionscope.ui.shell.MainViewModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Audit screen in the real app, headless, on the built-in Lab's demo table {@code app} (seed 000's single-table
 * design): Run samples it and its GSI, the matrix lists OPS_LOG as one key, a finding opens the sharding designer with
 * OPS_LOG, and the audit exports as Markdown.
 */
class AuditScreenUiTest {
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
    void auditsTheDemoTableAndOpensAFindingInTheDesigner() throws Exception {
        Path md = configDir.resolve("audit.md");
        fixture = new AppFixture(configDir).withFileDialogs(new dev.partitionscope.ui.common.FileDialogs() {
            @Override
            public Optional<Path> saveFile(javafx.stage.Window owner, String title, String initialName, Type type) {
                return Optional.of(md);
            }

            @Override
            public Optional<Path> openFile(javafx.stage.Window owner, String title, Type type) {
                return Optional.empty();
            }
        });
        fixture.startFirstTime();
        AppFixture.waitUntil(
                "connected to the Lab with app",
                Duration.ofSeconds(20),
                () -> main().getConnection() != null
                        && main().tableShapeProperty().get() != null);
        assertThat(main().selectedTableProperty().get()).isEqualTo("app");

        robot.shortcut(KeyCode.CONTROL, KeyCode.DIGIT6);
        AppFixture.waitUntil("the audit screen", Duration.ofSeconds(10), () -> robot.showing("#auditScreen"));
        assertThat(robot.showing("#auditFindingsTitle"))
                .as("no Findings heading before a run")
                .isFalse();
        AppFixture.onFx(() -> {
            robot.lookup("#auditBudget").queryAs(TextField.class).setText("0");
            // Without load the shape alone speaks: OPS_LOG is one key, a finding to act on. (With the demo's light
            // traffic the advisor rightly accepts it as one key.)
            robot.lookup("#auditInsights")
                    .queryAs(javafx.scene.control.CheckBox.class)
                    .setSelected(false);
            robot.lookup("#auditItemCap").queryAs(TextField.class).setText("100");
            robot.lookup("#auditRun").queryButton().fire();
            return null;
        });
        // Capped at 100 items a table: a partial sample, resumable where it stopped.
        AppFixture.waitUntil("the capped audit", Duration.ofSeconds(30), () -> robot.showing("#auditResume"));
        assertThat(robot.text("#auditProgress")).contains("partial sample");
        AppFixture.onFx(() -> {
            robot.lookup("#auditItemCap").queryAs(TextField.class).setText("0");
            robot.lookup("#auditResume").queryButton().fire();
            return null;
        });
        AppFixture.waitUntil(
                "the resumed audit",
                Duration.ofSeconds(30),
                () -> !robot.showing("#auditResume")
                        && robot.text("#auditProgress").contains("items sampled")
                        && !robot.showing("#auditCancel"));
        assertThat(robot.text("#auditProgress")).doesNotContain("partial");
        @SuppressWarnings("unchecked")
        TableView<Advisor.RiskRow> matrix = robot.lookup("#auditMatrix").queryAs(TableView.class);
        AppFixture.waitUntil(
                "the matrix",
                Duration.ofSeconds(30),
                () -> AppFixture.onFx(() -> !matrix.getItems().isEmpty()));
        List<String> patterns = AppFixture.onFx(
                () -> matrix.getItems().stream().map(Advisor.RiskRow::pattern).toList());
        assertThat(patterns).contains("OPS_LOG", "BRAND_INDEX");
        Advisor.RiskRow ops = AppFixture.onFx(() -> matrix.getItems().stream()
                .filter(r -> r.pattern().equals("OPS_LOG"))
                .findFirst()
                .orElseThrow());
        assertThat(ops.cardinality()).isEqualTo("1 — hot by definition");
        assertThat(robot.showing("#auditFindingsTitle"))
                .as("the Findings heading over the findings")
                .isTrue();
        assertThat(robot.text("#auditProgress")).contains("items sampled from 2 resources");
        assertThat(AppFixture.onFx(() -> robot.lookup("#auditPatterns")
                        .queryAs(TableView.class)
                        .getItems()
                        .size()))
                .isGreaterThanOrEqualTo(4);

        AppFixture.onFx(() -> {
            robot.lookup("#auditExportMarkdown").queryButton().fire();
            return null;
        });
        AppFixture.waitUntil("the Markdown is written", Duration.ofSeconds(10), () -> Files.exists(md));
        String text = Files.readString(md);
        assertThat(text)
                .startsWith("# Key audit: app")
                .contains("## Risk matrix", "| `OPS_LOG` | app | 1 — hot by" + " definition |");

        // The OPS_LOG finding's "Open in designer" hands the key over.
        AppFixture.onFx(() -> {
            VBox findings = robot.lookup("#auditFindings").queryAs(VBox.class);
            for (Node n : findings.getChildren()) {
                HBox line = (HBox) n;
                String message =
                        ((javafx.scene.control.Label) line.getChildren().get(1)).getText();
                if (message.startsWith("OPS_LOG") && line.getChildren().size() > 2) {
                    ((Button) line.getChildren().get(2)).fire();
                    return null;
                }
            }
            throw new AssertionError("no OPS_LOG finding with a designer button: "
                    + findings.getChildren().stream()
                            .map(n -> ((javafx.scene.control.Label)
                                            ((HBox) n).getChildren().get(1))
                                    .getText())
                            .toList());
        });
        AppFixture.waitUntil(
                "the designer",
                Duration.ofSeconds(10),
                () -> main().screenProperty().get() == Screen.SHARDING);
        assertThat(main().designerHandOverProperty().get().key()).isEqualTo("OPS_LOG");
        assertThat(main().designerHandOverProperty().get().note()).startsWith("Audit: OPS_LOG has cardinality 1");
    }
}
