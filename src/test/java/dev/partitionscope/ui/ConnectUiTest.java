package dev.partitionscope.ui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.aws.ConnectionKind;
import dev.partitionscope.aws.ConnectionStore;
import dev.partitionscope.core.table.IndexShape;
import dev.partitionscope.testing.Dynalite;
import dev.partitionscope.ui.session.ConnectionState;
import dev.partitionscope.ui.session.TableResource;
import dev.partitionscope.ui.shell.MainViewModel;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.control.ListView;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** Connecting through the dialog to a real engine (dynalite), and what the user sees when it fails. */
@ExtendWith(Dynalite.Required.class)
class ConnectUiTest {
    @TempDir
    Path configDir;

    private AppFixture fixture;
    private final UiRobot robot = new UiRobot();

    @BeforeEach
    void start() throws Exception {
        Dynalite.endpoint();
        fixture = new AppFixture(configDir);
        fixture.start();
    }

    @AfterEach
    void stop() throws Exception {
        fixture.stop();
    }

    private MainViewModel main() {
        return fixture.app().context().main();
    }

    private void openCustomEndpointDialog(String endpoint) {
        robot.shortcut(KeyCode.CONTROL, KeyCode.K);
        AppFixture.waitUntil(
                "the connection dialog opens",
                Duration.ofSeconds(5),
                () -> AppFixture.windowWithId("connectionDialog") != null);
        robot.clickOn("#kindCustom");
        robot.replaceText("#endpointField", endpoint);
        robot.replaceText("#accessKeyField", Dynalite.ACCESS_KEY);
    }

    @Test
    void connectsThroughTheDialogAndShowsKeySchemaIndexesAndReadOnlyBadge() throws Exception {
        String table = Dynalite.createTableWithGsi("ui-orders");
        openCustomEndpointDialog(Dynalite.endpoint());
        robot.replaceText("#nameField", "dynalite under test");
        robot.clickOn("#connectButton");

        AppFixture.waitUntil(
                "connected",
                Duration.ofSeconds(15),
                () -> main().connectionStateProperty().get() == ConnectionState.CONNECTED);
        AppFixture.waitUntil(
                "the dialog closes after connecting",
                Duration.ofSeconds(5),
                () -> AppFixture.windowWithId("connectionDialog") == null);
        assertThat(robot.text("#connectionStatus")).isEqualTo("Connected to dynalite under test");
        assertThat(robot.text("#whereLabel")).contains(Dynalite.endpoint(), "us-east-1", "key " + Dynalite.ACCESS_KEY);
        assertThat(robot.showing("#guardBadge")).isTrue();
        assertThat(robot.text("#guardBadge")).isEqualTo("READ-ONLY");

        ListView<String> list = robot.lookup("#tableList").queryListView();
        AppFixture.waitUntil("the table list holds " + table, Duration.ofSeconds(10), () -> list.getItems()
                .contains(table));
        robot.replaceText("#tableFilter", table.substring(0, 12));
        AppFixture.waitUntil(
                "the filter narrows the list",
                Duration.ofSeconds(5),
                () -> list.getItems().size() >= 1 && list.getItems().stream().allMatch(t -> t.startsWith("ui-orders")));
        robot.clickOn(robot.lookup("#tableList .list-cell")
                .match(n -> n instanceof javafx.scene.control.ListCell<?> c && table.equals(c.getItem()))
                .<javafx.scene.Node>query());

        AppFixture.waitUntil(
                "the table is described",
                Duration.ofSeconds(10),
                () -> main().tableShapeProperty().get() != null
                        && table.equals(main().tableShapeProperty().get().name()));
        assertThat(robot.text("#tableName")).isEqualTo(table);
        assertThat(robot.allText("#keysGrid")).contains("Partition key", "pk  ·  String", "Sort key", "sk  ·  String");
        assertThat(robot.allText("#capacityGrid")).contains("Provisioned", "10 RCU/s", "5 WCU/s");
        assertThat(robot.allText("#settingsGrid")).contains("approximate, refreshed about every 6 hours");
        TableView<IndexShape> indexes = robot.lookup("#indexTable").queryTableView();
        List<IndexShape> rows = AppFixture.onFx(() -> new ArrayList<>(indexes.getItems()));
        assertThat(rows).singleElement().satisfies(i -> {
            assertThat(i.name()).isEqualTo(Dynalite.GSI);
            assertThat(i.keySchema().describe()).isEqualTo("gsiPk (S) · gsiSk (N)");
            assertThat(i.projection().describe()).isEqualTo("INCLUDE (title, owner)");
        });
        AppFixture.waitUntil(
                "Contributor Insights status is read", Duration.ofSeconds(10), () -> robot.allText("#insightsCaption")
                        .contains("does not implement Contributor Insights"));
        // The top bar follows: table selector and index selector with the GSI.
        assertThat(AppFixture.onFx(
                        () -> robot.lookup("#tableSelector").queryComboBox().getValue()))
                .isEqualTo(table);
        assertThat(main().resourceOptions()).containsExactly(TableResource.BASE_TABLE, TableResource.gsi(Dynalite.GSI));

        // Remembered: the saved connection file now holds it, without any secret.
        String saved = Files.readString(configDir.resolve(ConnectionStore.FILE_NAME));
        assertThat(saved)
                .contains("dynalite under test", Dynalite.endpoint(), ConnectionKind.CUSTOM.name())
                .doesNotContainIgnoringCase("secret");
    }

    @Test
    void aBadEndpointShowsAClearMessageAndTheWindowStaysUsable() throws Exception {
        int closedPort;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = s.getLocalPort();
        }
        openCustomEndpointDialog("http://127.0.0.1:" + closedPort);
        robot.clickOn("#connectButton");
        AppFixture.waitUntil("the error is shown", Duration.ofSeconds(15), () -> robot.showing("#connectError"));
        String shown = robot.allText("#connectError");
        assertThat(shown)
                .contains("Cannot reach the endpoint", "127.0.0.1:" + closedPort, "What to do:")
                .doesNotContain("Exception", "\tat ");
        assertThat(main().connectionStateProperty().get()).isEqualTo(ConnectionState.FAILED);
        assertThat(robot.text("#connectionStatus")).startsWith("Connection failed: Cannot reach the endpoint");

        // A malformed URL is refused before anything is sent, with a sentence saying how to write it.
        robot.replaceText("#endpointField", "localhost:8000");
        assertThat(robot.text("#formProblems")).contains("needs http:// or https:// in front");
        assertThat(AppFixture.onFx(
                        () -> robot.lookup("#saveConnection").queryButton().isDisabled()))
                .isTrue();

        robot.clickOn("#closeConnectionDialog");
        AppFixture.waitUntil(
                "the dialog closes", Duration.ofSeconds(5), () -> AppFixture.windowWithId("connectionDialog") == null);
        robot.shortcut(KeyCode.CONTROL, KeyCode.DIGIT4);
        assertThat(robot.showing("#shardingScreen")).isTrue();
    }

    @Test
    void aConnectThatHangsCanBeCancelledWhileTheWindowResponds() throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            List<Socket> accepted = new ArrayList<>();
            Thread acceptor = new Thread(() -> {
                try {
                    while (true) {
                        accepted.add(silent.accept()); // accept, never answer
                    }
                } catch (IOException closed) {
                    // test over
                }
            });
            acceptor.setDaemon(true);
            acceptor.start();
            openCustomEndpointDialog("http://127.0.0.1:" + silent.getLocalPort());
            robot.clickOn("#connectButton");
            AppFixture.waitUntil(
                    "the dialog shows progress", Duration.ofSeconds(5), () -> robot.showing("#connectProgress"));
            assertThat(robot.text("#connectProgress")).startsWith("Connecting to Local endpoint");
            assertThat(main().connectionStateProperty().get()).isEqualTo(ConnectionState.CONNECTING);

            long start = System.nanoTime();
            robot.clickOn("#cancelConnect");
            AppFixture.waitUntil(
                    "the connect is cancelled",
                    Duration.ofSeconds(2),
                    () -> main().connectionStateProperty().get() == ConnectionState.DISCONNECTED);
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(2));
            assertThat(robot.showing("#connectProgress")).isFalse();
            assertThat(robot.showing("#connectError")).isFalse();
            for (Socket s : accepted) {
                s.close();
            }
        }
    }
}
