package dev.partitionscope.ui.lab;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.aws.AwsProfiles;
import dev.partitionscope.aws.ConnectService;
import dev.partitionscope.aws.ConnectionFactory;
import dev.partitionscope.aws.ConnectionSpec;
import dev.partitionscope.aws.LocalStackProbe;
import dev.partitionscope.lab.LabHost;
import dev.partitionscope.testing.Dynalite;
import dev.partitionscope.ui.session.ConnectionState;
import dev.partitionscope.ui.shell.MainViewModel;
import dev.partitionscope.ui.task.DirectTaskRunner;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A local connection "through the Lab": the app starts a Lab proxy in front of the engine (dynalite here), talks to
 * the engine through it, and the Lab screen shows the proxy's partitions for the engine's tables.
 */
@ExtendWith(Dynalite.Required.class)
class LabProxyConnectionTest {
    private final LabHost labs = LabHost.defaults();
    private final MainViewModel main = new MainViewModel(
            new DirectTaskRunner(),
            new ConnectService(
                    () -> new ConnectionFactory(
                            AwsProfiles.from(Path.of("/nonexistent/a"), Path.of("/nonexistent/b"), Map.of())),
                    new LocalStackProbe(Duration.ofSeconds(2)),
                    labs));

    @AfterEach
    void close() {
        main.shutdown();
        labs.close();
    }

    private static int freePort() throws Exception {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    @Test
    void aProxiedConnectionGoesThroughTheLabAndTheLabScreenShowsItsPartitions() throws Exception {
        String table = Dynalite.createTableWithGsi("via-lab");
        int port = freePort();
        main.connect(ConnectionSpec.custom("dynalite via Lab", Dynalite.endpoint(), "us-east-1", Dynalite.ACCESS_KEY)
                .withLabProxyPort(port));

        assertThat(main.connectionStateProperty().get()).isEqualTo(ConnectionState.CONNECTED);
        var connection = main.getConnection();
        assertThat(connection.spec().endpoint()).isEqualTo("http://127.0.0.1:" + port);
        assertThat(connection.upstream()).isEqualTo(Dynalite.endpoint());
        assertThat(connection.whereLabel())
                .isEqualTo("Lab proxy http://127.0.0.1:" + port + " → " + Dynalite.endpoint() + " · us-east-1 · key "
                        + Dynalite.ACCESS_KEY);
        assertThat(main.connectNotes()).anyMatch(n -> n.contains("Through the Lab proxy"));
        assertThat(main.tables())
                .as("the engine's tables, read through the proxy")
                .contains(table);

        main.selectedTableProperty().set(table);
        // A read through the proxy makes it learn the table (DescribeTable passes straight through).
        connection.dynamo().getItem(b -> b.tableName(table)
                .key(Map.of(
                        "pk",
                        software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS("a"),
                        "sk",
                        software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS("b"))));
        assertThat(labs.forEndpoint(connection.spec().endpoint())).isPresent();

        LabViewModel lab = new LabViewModel(main, labs);
        assertThat(lab.stateProperty().get()).isEqualTo(LabViewModel.State.READY);
        lab.refreshNow();
        assertThat(lab.snapshotProperty().get()).isNotNull();
        assertThat(lab.snapshotProperty().get().tableName()).isEqualTo(table);
        assertThat(lab.snapshotProperty().get().indexes())
                .extracting(v -> v.name())
                .containsExactly(Dynalite.GSI);
    }

    @Test
    void aTakenProxyPortIsAClearMessage() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            main.connect(ConnectionSpec.custom("busy", Dynalite.endpoint(), "us-east-1", "test")
                    .withLabProxyPort(taken.getLocalPort()));
            assertThat(main.connectErrorProperty().get().headline())
                    .isEqualTo("Port " + taken.getLocalPort() + " is already in use");
            assertThat(main.connectionStateProperty().get()).isEqualTo(ConnectionState.FAILED);
        }
    }
}
