package dev.partitionscope.ui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.aws.WriteGuard;
import dev.partitionscope.testing.Dynalite;
import dev.partitionscope.testing.RecordingProxy;
import dev.partitionscope.ui.session.ConnectionState;
import dev.partitionscope.ui.shell.MainViewModel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import javafx.scene.control.ButtonType;
import javafx.scene.control.DialogPane;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Drives the UI against a recording endpoint (a proxy in front of dynalite that answers DescribeContributorInsights
 * like LocalStack, "DISABLED") and proves that no mutating call reaches a read-only connection — and that after the
 * user types the table name, the same action does reach it.
 */
@ExtendWith(Dynalite.Required.class)
class WriteGuardUiTest {
    @TempDir
    Path configDir;

    private AppFixture fixture;
    private RecordingProxy proxy;
    private final UiRobot robot = new UiRobot();

    @BeforeEach
    void start() throws Exception {
        proxy = RecordingProxy.to(Dynalite.endpoint());
        fixture = new AppFixture(configDir);
        fixture.start();
    }

    @AfterEach
    void stop() throws Exception {
        fixture.stop();
        proxy.close();
    }

    private MainViewModel main() {
        return fixture.app().context().main();
    }

    @Test
    void noMutatingCallReachesAReadOnlyConnectionUntilTheUserUnlocksTheTable() {
        String table = Dynalite.createTableWithGsi("ui-guard");
        proxy.answer(
                "DescribeContributorInsights",
                "{\"TableName\":\"" + table + "\",\"ContributorInsightsStatus\":\"DISABLED\"}");

        // Connect through the dialog, browse, refresh: everything a user does on a read-only connection.
        robot.shortcut(KeyCode.CONTROL, KeyCode.K);
        AppFixture.waitUntil(
                "the dialog opens", Duration.ofSeconds(5), () -> AppFixture.windowWithId("connectionDialog") != null);
        robot.clickOn("#kindCustom");
        robot.replaceText("#endpointField", proxy.endpoint());
        robot.replaceText("#accessKeyField", Dynalite.ACCESS_KEY);
        robot.clickOn("#connectButton");
        AppFixture.waitUntil(
                "connected",
                Duration.ofSeconds(15),
                () -> main().connectionStateProperty().get() == ConnectionState.CONNECTED);
        AppFixture.onFx(() -> {
            main().selectedTableProperty().set(table);
            return null;
        });
        AppFixture.waitUntil(
                "Contributor Insights shows DISABLED",
                Duration.ofSeconds(10),
                () -> robot.lookup("#insightsTable").queryTableView().getItems().size() == 2);
        robot.shortcut(KeyCode.F5);
        assertThat(robot.text("#guardBadge")).isEqualTo("READ-ONLY");
        // F5 reloads the status; the Enable menu is disabled until it is back. This wait ran out in three full CI
        // runs: F5 deselected the table whenever the list had loaded before it was picked — fixed in MainViewModel's
        // reload, tested by MainWindowUiTest.f5KeepsTheSelectedTableWhileTheTableListReloads.
        try {
            AppFixture.waitUntil(
                    "Contributor Insights is reloaded",
                    Duration.ofSeconds(30),
                    () -> robot.lookup("#insightsTable")
                                            .queryTableView()
                                            .getItems()
                                            .size()
                                    == 2
                            && !AppFixture.onFx(() ->
                                    robot.lookup("#enableInsights").query().isDisabled()));
        } catch (AssertionError e) {
            // Say what the screen showed instead (how the deselection above was found).
            String state = AppFixture.onFx(() -> "selected "
                    + main().selectedTableProperty().get() + ", shape "
                    + (main().tableShapeProperty().get() != null) + ", shape error "
                    + main().shapeErrorProperty().get()
                    + ", insights rows "
                    + robot.lookup("#insightsTable").queryTableView().getItems().size()
                    + ", insights error '" + robot.allText("#insightsError") + "', calls " + proxy.operations());
            throw new AssertionError(e.getMessage() + " — " + state, e);
        }

        // Try the one write the overview offers: enable Contributor Insights, confirm the cost dialog.
        robot.clickOn("#enableInsights").clickOn("#enableAccessedAndThrottled");
        AppFixture.waitUntil(
                "the cost confirmation shows",
                Duration.ofSeconds(5),
                () -> robot.lookup("#insightsConfirm").tryQuery().isPresent());
        clickOk("#insightsConfirm");
        AppFixture.waitUntil("the refusal is shown", Duration.ofSeconds(10), () -> robot.showing("#insightsError"));
        assertThat(robot.allText("#insightsError"))
                .contains("Writes are locked on this connection", "Nothing was sent");

        assertThat(proxy.operations())
                .isNotEmpty()
                .allMatch(op -> WriteGuard.isRead("DynamoDB", op), "is a read operation")
                .doesNotContain("UpdateContributorInsights");

        // Unlock by typing the table's name; a wrong name keeps the button disabled.
        robot.clickOn("#unlockFromInsights");
        AppFixture.waitUntil("the unlock dialog shows", Duration.ofSeconds(5), () -> robot.lookup("#unlockDialog")
                .tryQuery()
                .isPresent());
        robot.clickOn("#unlockConfirm").write(table.toUpperCase(Locale.ROOT));
        assertThat(AppFixture.onFx(
                        () -> robot.lookup("#unlockButton").queryButton().isDisabled()))
                .isTrue();
        robot.replaceText("#unlockConfirm", table);
        assertThat(AppFixture.onFx(
                        () -> robot.lookup("#unlockButton").queryButton().isDisabled()))
                .isFalse();
        robot.clickOn("#unlockButton");
        AppFixture.waitUntil("the badge says unlocked", Duration.ofSeconds(5), () -> robot.text("#guardBadge")
                .equals("WRITES UNLOCKED · " + table));

        // Now the same action reaches the endpoint (dynalite itself does not implement it, and says so).
        robot.clickOn("#enableInsights").clickOn("#enableAccessedAndThrottled");
        AppFixture.waitUntil(
                "the cost confirmation shows",
                Duration.ofSeconds(5),
                () -> robot.lookup("#insightsConfirm").tryQuery().isPresent());
        clickOk("#insightsConfirm");
        AppFixture.waitUntil("the write was sent", Duration.ofSeconds(10), () -> proxy.operations()
                .contains("UpdateContributorInsights"));
        AppFixture.waitUntil(
                "the endpoint's answer is shown", Duration.ofSeconds(10), () -> robot.allText("#insightsError")
                        .contains("Not supported by this endpoint"));

        // Lock all again: the next attempt is blocked before it leaves the process.
        robot.clickOn("#connectionMenu").clickOn("Lock all writes");
        assertThat(robot.text("#guardBadge")).isEqualTo("READ-ONLY");
        proxy.clear();
        robot.clickOn("#enableInsights").clickOn("#enableAccessedAndThrottled");
        AppFixture.waitUntil(
                "the cost confirmation shows",
                Duration.ofSeconds(5),
                () -> robot.lookup("#insightsConfirm").tryQuery().isPresent());
        clickOk("#insightsConfirm");
        AppFixture.waitUntil("the refusal is shown", Duration.ofSeconds(10), () -> robot.allText("#insightsError")
                .contains("Writes are locked"));
        assertThat(proxy.operations()).doesNotContain("UpdateContributorInsights");
    }

    private void clickOk(String dialogQuery) {
        DialogPane pane = robot.lookup(dialogQuery).query();
        robot.clickOn(pane.lookupButton(ButtonType.OK));
    }
}
