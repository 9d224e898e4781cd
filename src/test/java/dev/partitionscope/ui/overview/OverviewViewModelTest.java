package dev.partitionscope.ui.overview;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.aws.AwsProfiles;
import dev.partitionscope.aws.ConnectService;
import dev.partitionscope.aws.ConnectionFactory;
import dev.partitionscope.aws.ConnectionSpec;
import dev.partitionscope.core.table.ContributorInsightsState.Status;
import dev.partitionscope.testing.Dynalite;
import dev.partitionscope.ui.shell.MainViewModel;
import dev.partitionscope.ui.task.DirectTaskRunner;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(Dynalite.Required.class)
class OverviewViewModelTest {
    private final MainViewModel main = new MainViewModel(
            new DirectTaskRunner(),
            new ConnectService(new ConnectionFactory(
                    AwsProfiles.from(Path.of("/nonexistent/a"), Path.of("/nonexistent/b"), Map.of()))));
    private final OverviewViewModel vm = new OverviewViewModel(main);

    @AfterEach
    void close() {
        main.shutdown();
    }

    private void connect() {
        main.connect(ConnectionSpec.custom("local", Dynalite.endpoint(), "us-east-1", Dynalite.ACCESS_KEY));
    }

    @Test
    void paneStatesFollowTheConnectionAndTheFilter() {
        assertThat(vm.tablesPaneStateBinding().get()).isEqualTo(TablesPaneState.NOT_CONNECTED);
        String table = Dynalite.createTableWithGsi("ov-filter");
        connect();
        assertThat(vm.tablesPaneStateBinding().get()).isEqualTo(TablesPaneState.READY);

        vm.filterProperty().set("  OV-FILTER ");
        assertThat(vm.filteredTables()).contains(table).allMatch(t -> t.toLowerCase(Locale.ROOT)
                .contains("ov-filter"));
        vm.filterProperty().set("no table is called like this");
        assertThat(vm.filteredTables()).isEmpty();
        assertThat(vm.tablesPaneStateBinding().get()).isEqualTo(TablesPaneState.NO_MATCH);
        vm.filterProperty().set("");
        assertThat(vm.tablesPaneStateBinding().get()).isEqualTo(TablesPaneState.READY);
    }

    @Test
    void aFailedConnectShowsItsErrorInTheTablePaneAndRetryTriesTheSameConnectionAgain() throws Exception {
        int port;
        try (var socket = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
        }
        ConnectionSpec down = ConnectionSpec.custom("down", "http://127.0.0.1:" + port, "us-east-1", "test");
        main.connect(down);
        assertThat(vm.tablesPaneStateBinding().get()).isEqualTo(TablesPaneState.CONNECT_FAILED);
        assertThat(main.lastAttempted()).isEqualTo(down);

        main.retryConnect();
        assertThat(vm.tablesPaneStateBinding().get()).isEqualTo(TablesPaneState.CONNECT_FAILED);
        assertThat(main.connectErrorProperty().get().detail()).contains("127.0.0.1:" + port);
    }

    @Test
    void emptyEndpointIsEmptyNotLoading() {
        main.connect(ConnectionSpec.custom("fresh db", Dynalite.endpoint(), "eu-west-3", "emptykey"));
        // dynalite has one database for all keys, so only check the state machine when it is really empty.
        if (main.tables().isEmpty()) {
            assertThat(vm.tablesPaneStateBinding().get()).isEqualTo(TablesPaneState.EMPTY);
        } else {
            assertThat(vm.tablesPaneStateBinding().get()).isEqualTo(TablesPaneState.READY);
        }
    }

    @Test
    void insightsAreReadForTheTableAndEachGsiAndMarkedNotSupportedOnDynalite() {
        String table = Dynalite.createTableWithGsi("ov-ci");
        connect();
        main.selectedTableProperty().set(table);
        assertThat(vm.insights()).extracting(s -> s.indexName()).containsExactly(null, Dynalite.GSI);
        assertThat(vm.insights()).allMatch(s -> s.status() == Status.NOT_SUPPORTED);
        assertThat(vm.insightsLoadingProperty().get()).isFalse();
    }

    @Test
    void enablingInsightsOnAReadOnlyConnectionIsBlockedWithAnUnlockHint() {
        String table = Dynalite.createTableWithGsi("ov-guard");
        connect();
        main.selectedTableProperty().set(table);
        vm.setContributorInsights(vm.insights().get(0), true, "ACCESSED_AND_THROTTLED_KEYS");

        assertThat(vm.insightsErrorProperty().get().headline()).isEqualTo("Writes are locked on this connection");
        assertThat(vm.insightsErrorProperty().get().hint()).contains("Unlock writes", table);
        assertThat(vm.insightsLoadingProperty().get()).isFalse();
    }

    @Test
    void afterUnlockTheCallReachesTheEndpointWhichSaysItIsNotSupported() {
        String table = Dynalite.createTableWithGsi("ov-unlocked");
        connect();
        main.selectedTableProperty().set(table);
        main.unlockWrites(table, table);
        vm.setContributorInsights(vm.insights().get(0), true, "THROTTLED_KEYS");
        assertThat(vm.insightsErrorProperty().get().headline()).isEqualTo("Not supported by this endpoint");
    }

    @Test
    void describeTableCommandNamesEndpointRegionAndKey() {
        String table = Dynalite.createTableWithGsi("ov-cli");
        connect();
        main.selectedTableProperty().set(table);
        assertThat(vm.describeTableCommand())
                .isEqualTo("AWS_ACCESS_KEY_ID=" + Dynalite.ACCESS_KEY
                        + " AWS_SECRET_ACCESS_KEY=dummy aws dynamodb describe-table --table-name " + table
                        + " --region us-east-1 --endpoint-url " + Dynalite.endpoint());
    }
}
