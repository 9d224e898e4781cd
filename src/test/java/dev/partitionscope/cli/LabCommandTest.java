package dev.partitionscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** {@code partitionscope lab}: starts an endpoint any SDK can use, honours its flags, refuses bad ones clearly. */
class LabCommandTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return RootCommand.execute(new PrintWriter(out, true), new PrintWriter(err, true), args);
    }

    @Test
    void servesTheDemoTablesWithTheRequestedLatencyUntilStopped() throws Exception {
        CompletableFuture<Integer> exit = CompletableFuture.supplyAsync(() -> run("lab", "--port", "0",
                "--latency-ms", "120", "--burst-seconds", "0", "--demo-tables"));
        String endpoint = awaitEndpoint();
        assertThat(out.toString()).contains("burst 0 s", "aws dynamodb list-tables --endpoint-url " + endpoint);
        try (DynamoDbClient client = DynamoDbClient.builder().endpointOverride(URI.create(endpoint))
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("any", "any")))
                .build()) {
            client.listTables(); // warm the connection
            long start = System.nanoTime();
            var names = client.listTables().tableNames();
            Duration took = Duration.ofNanos(System.nanoTime() - start);
            assertThat(names).contains("app", "order-status-index", "pedidos");
            assertThat(took).as("--latency-ms is added to every answer").isGreaterThanOrEqualTo(Duration.ofMillis(120));
        } finally {
            LabCommand.stop.countDown();
        }
        assertThat(exit.get(10, TimeUnit.SECONDS)).isZero();
    }

    private String awaitEndpoint() throws InterruptedException {
        Pattern p = Pattern.compile("listening on (http://127\\.0\\.0\\.1:\\d+)");
        for (int i = 0; i < 200; i++) {
            Matcher m = p.matcher(out.toString());
            if (m.find()) {
                return m.group(1);
            }
            Thread.sleep(50);
        }
        throw new AssertionError("The Lab did not start: " + out + err);
    }

    @Test
    void anUnknownModelParameterIsAUsageErrorThatSaysWhereToLook() {
        assertThat(run("lab", "--set", "burst=5")).isEqualTo(2);
        assertThat(err.toString()).contains("Unknown model parameter 'burst'", "--list-params");
    }

    @Test
    void listParamsNamesEveryParameterWithItsSource() {
        assertThat(run("lab", "--list-params")).isZero();
        assertThat(out.toString()).contains("partition-write-ceiling", "1000", "documented by AWS", "split-seconds",
                "assumption of the Lab", "--set NAME=VALUE");
    }

    @Test
    void aBadUpstreamUrlIsRefusedBeforeStarting() {
        assertThat(run("lab", "--upstream", "localhost:4566")).isEqualTo(2);
        assertThat(err.toString()).contains("--upstream", "http://");
    }
}
