package dev.partitionscope.aws;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.partitionscope.testing.Dynalite;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.core.exception.SdkClientException;

@ExtendWith(Dynalite.Required.class)
class ConnectServiceIntegrationTest {
    /**
     * Short connect/attempt timeouts. The call timeout stays well above the retry budget: if it fired first, a refused
     * connection would read "did not answer in time" instead of "Cannot reach the endpoint" (the SDK's
     * ApiCallTimeoutException does not carry the connect failure).
     */
    private static final ConnectionFactory.Timeouts SHORT =
            new ConnectionFactory.Timeouts(Duration.ofSeconds(1), Duration.ofSeconds(2), Duration.ofSeconds(10));

    @TempDir
    static Path home;

    private static ConnectService service;

    @BeforeAll
    static void setUp() {
        Dynalite.endpoint();
        AwsProfiles none = AwsProfiles.from(home.resolve("config"), home.resolve("credentials"), Map.of());
        service = new ConnectService(new ConnectionFactory(none, SHORT));
    }

    @Test
    void connectingToDynaliteSucceedsAndTheConnectionListsTables() throws Exception {
        String table = Dynalite.createTableWithGsi("connect");
        ConnectionSpec spec = ConnectionSpec.custom("dynalite", Dynalite.endpoint(), "us-east-1", "connecttest");

        ConnectService.Result result = service.connect(spec);

        try (Connection connection = result.connection()) {
            assertThat(result.notes()).isEmpty();
            assertThat(connection.isClosed()).isFalse();
            assertThat(connection.region()).isEqualTo("us-east-1");
            assertThat(connection.spec()).isEqualTo(spec);
            assertThat(connection.whereLabel()).isEqualTo(Dynalite.endpoint() + " · us-east-1 · key connecttest");
            assertThat(connection.guard().isReadOnly()).isTrue();
            assertThat(connection.dynamo().listTablesPaginator().tableNames()).contains(table);
        }
    }

    @Test
    void aClosedPortFailsFastWithCannotReachTheEndpoint() {
        int closedPort = Dynalite.freePort();
        ConnectionSpec spec = ConnectionSpec.custom("closed", "http://127.0.0.1:" + closedPort, "us-east-1", "test");

        long start = System.nanoTime();
        Throwable error = catchThrowable(() -> service.connect(spec));
        Duration took = Duration.ofNanos(System.nanoTime() - start);

        assertThat(error).isInstanceOf(SdkClientException.class);
        assertThat(took).isLessThan(Duration.ofSeconds(3));
        UserMessage message = ErrorTranslator.translate(error, spec, "ListTables");
        assertThat(message.headline()).isEqualTo("Cannot reach the endpoint");
        assertThat(message.detail())
                .isEqualTo("Nothing is listening at http://127.0.0.1:" + closedPort + " (connection refused).");
        assertThat(message.hint()).isEqualTo("Check that the server is running and that the URL and port are right.");
    }

    @Test
    void anUnresolvableHostFailsWithUnknownHost() {
        ConnectionSpec spec = ConnectionSpec.custom("nowhere", "http://no-such-host.invalid:8000", "us-east-1", "test");

        long start = System.nanoTime();
        Throwable error = catchThrowable(() -> service.connect(spec));
        Duration took = Duration.ofNanos(System.nanoTime() - start);

        assertThat(error).isInstanceOf(SdkClientException.class);
        assertThat(took).isLessThan(Duration.ofSeconds(3));
        UserMessage message = ErrorTranslator.translate(error, spec, "ListTables");
        assertThat(message.headline()).isEqualTo("Unknown host");
        assertThat(message.detail())
                .isEqualTo("The host in http://no-such-host.invalid:8000 could not be resolved"
                        + " (no-such-host.invalid).");
    }

    @Test
    void theLabOutsideTheAppIsRefusedWithAHintToStartOne() {
        Throwable error = catchThrowable(() -> service.connect(ConnectionSpec.lab()));

        assertThat(error).isInstanceOf(ConnectException.class);
        assertThat(((ConnectException) error).userMessage().headline()).isEqualTo("No built-in Lab here");
        assertThat(((ConnectException) error).userMessage().hint()).contains("partitionscope lab --port 8000");
    }

    @Test
    void anIncompleteSpecIsRefusedBeforeAnythingIsSent() {
        ConnectionSpec spec = ConnectionSpec.custom("bad", "localhost:8000", "us-east-1", "test");

        Throwable error = catchThrowable(() -> service.connect(spec));

        assertThat(error).isInstanceOf(ConnectException.class);
        UserMessage message = ((ConnectException) error).userMessage();
        assertThat(message.headline()).isEqualTo("This connection is not complete");
        assertThat(message.detail()).contains("needs http:// or https:// in front");
    }
}
