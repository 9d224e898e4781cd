package dev.partitionscope.ui.shell;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.partitionscope.aws.AwsProfiles;
import dev.partitionscope.aws.ConnectService;
import dev.partitionscope.aws.ConnectionFactory;
import dev.partitionscope.aws.ConnectionSpec;
import dev.partitionscope.testing.Dynalite;
import dev.partitionscope.ui.session.ConnectionState;
import dev.partitionscope.ui.session.TableResource;
import dev.partitionscope.ui.task.DirectTaskRunner;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The shell's state machine, run synchronously (no toolkit) against dynalite. */
@ExtendWith(Dynalite.Required.class)
class MainViewModelTest {
    private final DirectTaskRunner tasks = new DirectTaskRunner();
    private final MainViewModel vm = new MainViewModel(
            tasks,
            new ConnectService(new ConnectionFactory(
                    AwsProfiles.from(Path.of("/nonexistent/config"), Path.of("/nonexistent/credentials"), Map.of()),
                    new ConnectionFactory.Timeouts(
                            Duration.ofSeconds(2), Duration.ofSeconds(5), Duration.ofSeconds(10)))));

    @AfterEach
    void close() {
        vm.shutdown();
    }

    private ConnectionSpec dynalite(String name) {
        return ConnectionSpec.custom(name, Dynalite.endpoint(), "us-east-1", Dynalite.ACCESS_KEY);
    }

    @Test
    void connectingListsTablesAndSelectingOneDescribesIt() {
        String table = Dynalite.createTableWithGsi("vm-shell");
        vm.connect(dynalite("local"));

        assertThat(vm.connectionStateProperty().get()).isEqualTo(ConnectionState.CONNECTED);
        assertThat(vm.whereTextProperty().get())
                .isEqualTo(Dynalite.endpoint() + " · us-east-1 · key " + Dynalite.ACCESS_KEY);
        assertThat(vm.guardTextProperty().get()).isEqualTo("READ-ONLY");
        assertThat(vm.readOnlyProperty().get()).isTrue();
        assertThat(vm.tables()).contains(table);
        assertThat(vm.tablesLoadedProperty().get()).isTrue();
        assertThat(vm.tablesLoadingProperty().get()).isFalse();

        vm.selectedTableProperty().set(table);
        assertThat(vm.tableShapeProperty().get().name()).isEqualTo(table);
        assertThat(vm.resourceOptions()).containsExactly(TableResource.BASE_TABLE, TableResource.gsi(Dynalite.GSI));
        assertThat(tasks.titles()).containsSubsequence("Connecting to local", "Listing tables", "Describing " + table);
    }

    @Test
    void unlockingNeedsTheExactNameAndShowsInTheBadgeUntilDisconnect() {
        String table = Dynalite.createTableWithGsi("vm-unlock");
        vm.connect(dynalite("local"));
        assertThatThrownBy(() -> vm.unlockWrites(table, table.toUpperCase(Locale.ROOT)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Type the table name exactly");
        assertThat(vm.guardTextProperty().get()).isEqualTo("READ-ONLY");

        vm.unlockWrites(table, table);
        assertThat(vm.guardTextProperty().get()).isEqualTo("WRITES UNLOCKED · " + table);
        assertThat(vm.readOnlyProperty().get()).isFalse();

        vm.disconnect();
        vm.connect(dynalite("local"));
        assertThat(vm.guardTextProperty().get())
                .as("an unlock lasts until disconnect")
                .isEqualTo("READ-ONLY");
    }

    @Test
    void aFailedConnectKeepsTheWorkingConnection() throws Exception {
        vm.connect(dynalite("good"));
        int closed;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = s.getLocalPort();
        }
        vm.connect(ConnectionSpec.custom("bad", "http://127.0.0.1:" + closed, "us-east-1", "test"));

        assertThat(vm.connectErrorProperty().get().headline()).isEqualTo("Cannot reach the endpoint");
        assertThat(vm.connectionStateProperty().get()).isEqualTo(ConnectionState.CONNECTED);
        assertThat(vm.getConnection().spec().name()).isEqualTo("good");
        assertThat(vm.getConnection().isClosed()).isFalse();
    }

    @Test
    void aFailedFirstConnectIsFailedAndDisconnectResetsEverything() {
        vm.connect(ConnectionSpec.custom("typo", "http://no-such-host.invalid:8000", "us-east-1", "test"));
        assertThat(vm.connectionStateProperty().get()).isEqualTo(ConnectionState.FAILED);
        assertThat(vm.connectErrorProperty().get().headline()).isEqualTo("Unknown host");

        vm.connect(dynalite("local"));
        var connection = vm.getConnection();
        vm.disconnect();
        assertThat(connection.isClosed()).isTrue();
        assertThat(vm.tables()).isEmpty();
        assertThat(vm.selectedTableProperty().get()).isNull();
        assertThat(vm.connectionStateProperty().get()).isEqualTo(ConnectionState.DISCONNECTED);
        assertThat(vm.guardTextProperty().get()).isEmpty();
    }

    /** dynalite reports DELETING for a moment before the table disappears. */
    private static void waitUntilGone(String table) {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (System.nanoTime() < deadline) {
            try {
                Dynalite.client().describeTable(b -> b.tableName(table));
                Thread.sleep(20);
            } catch (software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException gone) {
                return;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        throw new AssertionError(table + " was not deleted within 10 s");
    }

    @Test
    void thePreferredTableIsSelectedWhenTheListArrives() {
        String table = Dynalite.createTableWithGsi("vm-pref");
        vm.setPreferredTable(table);
        vm.connect(dynalite("local"));
        assertThat(vm.selectedTableProperty().get()).isEqualTo(table);
        assertThat(vm.tableShapeProperty().get().name()).isEqualTo(table);
    }

    @Test
    void describingADeletedTableShowsNotFoundAndRefreshDropsIt() {
        String table = Dynalite.createTableWithGsi("vm-gone");
        vm.connect(dynalite("local"));
        Dynalite.client().deleteTable(b -> b.tableName(table));
        waitUntilGone(table);
        vm.selectedTableProperty().set(table);
        assertThat(vm.tableShapeProperty().get()).isNull();
        assertThat(vm.shapeErrorProperty().get().headline()).isEqualTo("Not found");

        vm.refresh();
        assertThat(vm.tables()).doesNotContain(table);
        assertThat(vm.selectedTableProperty().get()).isNull();
        assertThat(vm.refreshCountProperty().get()).isEqualTo(1);
    }
}
