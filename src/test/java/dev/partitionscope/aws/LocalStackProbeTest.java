package dev.partitionscope.aws;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.sun.net.httpserver.HttpServer;
import dev.partitionscope.testing.Dynalite;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalStackProbeTest {
    private static final String HEALTH_4_14 = """
            {"services":{"acm":"disabled","cloudwatch":"available","dynamodb":"available","dynamodbstreams":"available",\
            "s3":"disabled"},"edition":"community","version":"4.14.0"}""";
    private static final String HEALTH_3_8 = """
            {"services":{"cloudwatch":"running","dynamodb":"running"},"edition":"community","version":"3.8.1"}""";

    private final LocalStackProbe probe = new LocalStackProbe(Duration.ofSeconds(2));
    private final List<String> requests = new CopyOnWriteArrayList<>();
    private HttpServer server;

    @TempDir
    Path home;

    /** A fake LocalStack: the health document at /_localstack/health, an empty ListTables for DynamoDB calls. */
    private String fakeLocalStack(int healthStatus, String healthBody) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            requests.add(
                    exchange.getRequestMethod() + " " + exchange.getRequestURI().getPath() + " "
                            + exchange.getRequestHeaders().getFirst("X-Amz-Target"));
            exchange.getRequestBody().readAllBytes();
            boolean health = exchange.getRequestURI().getPath().equals("/_localstack/health");
            int status = health ? healthStatus : 200;
            byte[] body = (health ? healthBody : "{\"TableNames\":[]}").getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders()
                    .add("Content-Type", health ? "application/json" : "application/x-amz-json-1.0");
            exchange.sendResponseHeaders(status, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.stop(0);
        }
    }

    @Test
    void aCurrentLocalStackReportsItsVersionAndServices() throws Exception {
        String endpoint = fakeLocalStack(200, HEALTH_4_14);

        LocalStackProbe.Health health = probe.probe(endpoint).orElseThrow();

        assertThat(health).isEqualTo(new LocalStackProbe.Health("4.14.0", "community", "available", "available"));
        assertThat(health.cloudWatchSpeaksCbor()).isTrue();
        assertThat(health.describe())
                .isEqualTo("LocalStack 4.14.0 community · dynamodb available · cloudwatch available");
        assertThat(requests).containsExactly("GET /_localstack/health null");
    }

    @Test
    void anOldLocalStackCannotSpeakCborToCloudWatch() throws Exception {
        String endpoint = fakeLocalStack(200, HEALTH_3_8);

        LocalStackProbe.Health health = probe.probe(endpoint + "/").orElseThrow();

        assertThat(health.version()).isEqualTo("3.8.1");
        assertThat(health.cloudWatchSpeaksCbor()).isFalse();
        assertThat(requests).containsExactly("GET /_localstack/health null");
    }

    @Test
    void aHealthDocumentWithoutVersionIsUnknownAndNotCbor() throws Exception {
        String endpoint = fakeLocalStack(200, "{\"services\":{}}");

        LocalStackProbe.Health health = probe.probe(endpoint).orElseThrow();

        assertThat(health.cloudWatchSpeaksCbor()).isFalse();
        assertThat(health.describe())
                .isEqualTo("LocalStack (version unknown) · dynamodb not listed · cloudwatch not listed");
    }

    @Test
    void somethingThatIsNotLocalStackGivesNoHealth() throws Exception {
        assertThat(probe.probe(fakeLocalStack(404, "not found"))).isEmpty();
    }

    @Test
    void dynaliteIsNotMistakenForLocalStack() throws Exception {
        // dynalite answers every GET with 200 "healthy: dynamodb.us-east-1.amazonaws.com ", which is not JSON.
        assertThat(probe.probe(Dynalite.endpoint())).isEmpty();
    }

    @Test
    void aClosedPortGivesNoHealth() throws Exception {
        assertThat(probe.probe("http://127.0.0.1:" + Dynalite.freePort())).isEqualTo(Optional.empty());
    }

    @Test
    void connectingToLocalStackOnAClosedPortSaysLocalStackIsNotAnswering() {
        String endpoint = "http://127.0.0.1:" + Dynalite.freePort();
        ConnectService service = new ConnectService(() -> new ConnectionFactory(noProfiles()), probe);

        long start = System.nanoTime();
        ConnectException e = catchThrowableOfType(
                ConnectException.class,
                () -> service.connect(ConnectionSpec.localStack().withEndpoint(endpoint)));

        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(3));
        assertThat(e.userMessage().headline()).isEqualTo("LocalStack is not answering");
        assertThat(e.userMessage().detail())
                .isEqualTo("No LocalStack health answer at " + endpoint + "/_localstack/health.");
        assertThat(e.userMessage().hint()).contains("choose 'Custom endpoint' instead");
    }

    @Test
    void connectingToAnOldLocalStackWarnsAboutCloudWatch() throws Exception {
        String endpoint = fakeLocalStack(200, HEALTH_3_8);
        ConnectService service = new ConnectService(() -> new ConnectionFactory(noProfiles()), probe);

        ConnectService.Result result =
                service.connect(ConnectionSpec.localStack().withEndpoint(endpoint));

        try (Connection connection = result.connection()) {
            assertThat(connection.spec().kind()).isEqualTo(ConnectionKind.LOCALSTACK);
            assertThat(result.notes())
                    .containsExactly(
                            "LocalStack 3.8.1 community · dynamodb running · cloudwatch running",
                            "CloudWatch calls from this SDK need LocalStack ≥ 4.9.0 (this is 3.8.1): metrics screens will"
                                    + " fail until you upgrade.",
                            "LocalStack publishes no DynamoDB metrics and has no Contributor Insights; put the Lab in front"
                                    + " of it to see throttles and per-key heat.");
        }
        assertThat(requests).containsExactly("GET /_localstack/health null", "POST / DynamoDB_20120810.ListTables");
    }

    @Test
    void connectingToACurrentLocalStackHasNoCloudWatchWarning() throws Exception {
        String endpoint = fakeLocalStack(200, HEALTH_4_14);
        ConnectService service = new ConnectService(() -> new ConnectionFactory(noProfiles()), probe);

        ConnectService.Result result =
                service.connect(ConnectionSpec.localStack().withEndpoint(endpoint));

        try (Connection connection = result.connection()) {
            assertThat(connection.isClosed()).isFalse();
            assertThat(result.notes())
                    .containsExactly(
                            "LocalStack 4.14.0 community · dynamodb available · cloudwatch available",
                            "LocalStack publishes no DynamoDB metrics and has no Contributor Insights; put the Lab in front"
                                    + " of it to see throttles and per-key heat.");
        }
    }

    @Test
    void versionsCompareNumericallyNotAlphabetically() {
        assertThat(LocalStackProbe.compareVersions("4.10.0", "4.9.0")).isPositive();
        assertThat(LocalStackProbe.compareVersions("4.9.0", "4.10.0")).isNegative();
        assertThat(LocalStackProbe.compareVersions("4.8.9", "4.9.0")).isNegative();
        assertThat(LocalStackProbe.compareVersions("5", "4.99.99")).isPositive();
    }

    @Test
    void versionSuffixesAndMissingPartsAreIgnored() {
        assertThat(LocalStackProbe.compareVersions("4.9.0-dev", "4.9.0")).isZero();
        assertThat(LocalStackProbe.compareVersions("4.9.1.dev23", "4.9.0")).isPositive();
        assertThat(LocalStackProbe.compareVersions("4.9", "4.9.0")).isZero();
        assertThat(new LocalStackProbe.Health("4.9.0-dev", null, null, null).cloudWatchSpeaksCbor())
                .isTrue();
        assertThat(new LocalStackProbe.Health("4.8.2", null, null, null).cloudWatchSpeaksCbor())
                .isFalse();
    }

    private AwsProfiles noProfiles() {
        return AwsProfiles.from(home.resolve("config"), home.resolve("credentials"), Map.of());
    }
}
