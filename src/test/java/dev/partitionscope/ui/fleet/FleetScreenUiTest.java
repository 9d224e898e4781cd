package dev.partitionscope.ui.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.partitionscope.core.fleet.FleetRow;
import dev.partitionscope.lab.Lab;
import dev.partitionscope.lab.wire.LabException;
import dev.partitionscope.ui.AppFixture;
import dev.partitionscope.ui.UiRobot;
import dev.partitionscope.ui.session.Screen;
import dev.partitionscope.ui.shell.MainViewModel;
import java.nio.file.Path;
import java.time.Duration;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Fleet screen in the real app, headless, on the built-in Lab: a table {@code fleet-hot} takes 1,000 puts of 10 KB
 * (10 WCU each) to one key as fast as they go — 10,000 WCU where one partition serves 1,000 WCU/s, so most are
 * KeyRange-throttled, however slow the machine — beside the demo's tables;
 * Ctrl+8 lists it first with those throttles, Enter opens it on the Metrics screen,  and the list copies as CSV.
 */
class FleetScreenUiTest {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

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

    private static String seen(FleetViewModel fleet, TableView<FleetRow> table) {
        return AppFixture.onFx(() -> "note: '" + fleet.noteProperty().get() + "', error: "
                + fleet.errorProperty().get() + ", rows: " + table.getItems());
    }

    @Test
    void listsTheThrottledTableFirstAndOpensItOnTheMetricsScreen() throws Exception {
        fixture = new AppFixture(configDir);
        fixture.startFirstTime();
        AppFixture.waitUntil("connected to the Lab", Duration.ofSeconds(20), () -> main().getConnection() != null);
        Lab lab = fixture.app().context().labHost().lab();
        ObjectNode create = F.objectNode().put("TableName", "fleet-hot").put("BillingMode", "PROVISIONED");
        create.putObject("ProvisionedThroughput").put("ReadCapacityUnits", 100).put("WriteCapacityUnits", 4_000);
        create.putArray("AttributeDefinitions")
                .addObject()
                .put("AttributeName", "id")
                .put("AttributeType", "S");
        create.putArray("KeySchema").addObject().put("AttributeName", "id").put("KeyType", "HASH");
        lab.engine().handleAtOnce("CreateTable", create);
        int throttled = 0;
        String tenKb = "x".repeat(10 * 1024 - 20);
        for (int i = 0; i < 1_000; i++) {
            ObjectNode put = F.objectNode().put("TableName", "fleet-hot");
            ObjectNode item = put.putObject("Item");
            item.putObject("id").put("S", "hot");
            item.putObject("pad").put("S", tenKb);
            try {
                lab.engine().handle("PutItem", put);
            } catch (LabException e) {
                throttled++;
            }
        }
        assertThat(throttled).isPositive();

        robot.shortcut(KeyCode.CONTROL, KeyCode.DIGIT8);
        AppFixture.waitUntil(
                "the fleet screen",
                Duration.ofSeconds(10),
                () -> main().screenProperty().get() == Screen.FLEET);
        @SuppressWarnings("unchecked")
        TableView<FleetRow> table = robot.lookup("#fleetTable").queryAs(TableView.class);
        FleetViewModel fleet =
                AppFixture.onFx(() -> fixture.app().controller().screens().fleet());
        AppFixture.waitUntil(
                "the fleet read, with fleet-hot",
                Duration.ofSeconds(30),
                () -> AppFixture.onFx(() -> !fleet.loadingProperty().get()
                        && table.getItems().stream().anyMatch(r -> r.table().equals("fleet-hot"))));
        // What the screen said beside the rows. Once in a full CI run "app" came first, as when every count is unknown
        // (rows then sort by name): a series the Lab's CloudWatch left unanswered makes the counts resting on it
        // unknown, sorted last — the screen is right to say so. Then it is read once more (Refresh), as a user would,
        // and that is logged; the cause of that run is not known yet.
        String seen = seen(fleet, table);
        if (!AppFixture.onFx(() ->
                fleet.noteProperty().get().isEmpty() && fleet.errorProperty().get() == null)) {
            System.err.println("FleetScreenUiTest: the first read was incomplete, reading again — " + seen);
            AppFixture.onFx(() -> {
                robot.lookup("#fleetRefresh").queryButton().fire();
                return null;
            });
            AppFixture.waitUntil(
                    "the fleet read again",
                    Duration.ofSeconds(30),
                    () -> AppFixture.onFx(() ->
                            !fleet.loadingProperty().get() && !table.getItems().isEmpty()));
            seen = seen(fleet, table);
        }
        FleetRow first = AppFixture.onFx(() -> table.getItems().get(0));
        assertThat(first.table()).as(seen).isEqualTo("fleet-hot");
        assertThat(first.keyRangeThrottles()).isEqualTo(throttled);
        assertThat(robot.text("#fleetSummary")).contains("with KeyRange throttles");
        // At 1,280 px (issue 22's sweep: "Consu… RCU") every column's header shows whole.
        AppFixture.resizeWindow(1280, 800);
        robot.sleep(400);
        assertThat(AppFixture.onFx(() -> dev.partitionscope.ui.UiRobot.cutLabels(table, ".column-header .text")))
                .as("column headers shown cut")
                .isEmpty();
        AppFixture.onFx(() -> {
            for (javafx.scene.Node n : table.lookupAll(".table-cell")) {
                if (n instanceof javafx.scene.control.TableCell<?, ?> cell
                        && cell.getGraphic() instanceof javafx.scene.canvas.Canvas canvas) {
                    assertThat(canvas.getBoundsInParent().getMaxX())
                            .as("the sparkline's newest minutes inside its cell")
                            .isLessThanOrEqualTo(cell.getWidth());
                }
            }
            return null;
        });
        String shot = System.getProperty("fleet.shot"); // -Dfleet.shot=resources/screenshots/fleet.png: the README's
        if (shot != null) {
            AppFixture.onFx(() -> {
                dev.partitionscope.ui.DemoShots.save(table.getScene(), shot);
                return null;
            });
        }
        AppFixture.onFx(() -> {
            robot.lookup("#fleetCopy").queryButton().fire();
            return null;
        });
        String csv = AppFixture.onFx(
                () -> javafx.scene.input.Clipboard.getSystemClipboard().getString());
        assertThat(csv.lines().skip(1).findFirst().orElseThrow()).startsWith("fleet-hot,," + throttled + ",");

        AppFixture.onFx(() -> {
            table.requestFocus();
            table.getSelectionModel().select(0);
            return null;
        });
        robot.type(KeyCode.ENTER);
        AppFixture.waitUntil(
                "the metrics screen on fleet-hot",
                Duration.ofSeconds(10),
                () -> main().screenProperty().get() == Screen.METRICS
                        && "fleet-hot".equals(main().selectedTableProperty().get()));
    }
}
