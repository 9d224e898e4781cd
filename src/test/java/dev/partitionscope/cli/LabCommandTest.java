package dev.partitionscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.cloudwatch.CloudWatchClient;
import software.amazon.awssdk.services.cloudwatch.model.InsightRule;
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
        CompletableFuture<Integer> exit = CompletableFuture.supplyAsync(
                () -> run("lab", "--port", "0", "--latency-ms", "120", "--burst-seconds", "0", "--demo-tables"));
        String endpoint = awaitEndpoint();
        assertThat(out.toString()).contains("burst 0 s", "aws dynamodb list-tables --endpoint-url " + endpoint);
        try (DynamoDbClient client = DynamoDbClient.builder()
                .endpointOverride(URI.create(endpoint))
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
        assertThat(out.toString())
                .contains(
                        "partition-write-ceiling",
                        "1000",
                        "documented by AWS",
                        "split-seconds",
                        "assumption of the Lab",
                        "--set NAME=VALUE");
    }

    @Test
    void aBadUpstreamUrlIsRefusedBeforeStarting() {
        assertThat(run("lab", "--upstream", "localhost:4566")).isEqualTo(2);
        assertThat(err.toString()).contains("--upstream", "http://");
    }

    @Test
    void aFastForwardedScenarioIsRecordedAndItsReplayShowsPendingAsTheTopContributor(@TempDir Path dir)
            throws Exception {
        Path file = dir.resolve("order-status.psrec");
        assertThat(run(
                        "lab",
                        "--port",
                        "0",
                        "--scenario",
                        "order-status",
                        "--fast-forward",
                        "--duration",
                        "10m",
                        "--record",
                        file.toString(),
                        "--exit"))
                .as(err.toString())
                .isZero();
        assertThat(out.toString())
                .contains(
                        "Fast-forwarded 10 min of traffic",
                        "540,000 requests",
                        "TableWriteKeyRangeThroughputExceeded",
                        "KeyRange reasons: a hot partition",
                        "Saved the Lab to");
        assertThat(file).exists();

        out.getBuffer().setLength(0);
        CompletableFuture<Integer> exit =
                CompletableFuture.supplyAsync(() -> run("lab", "--port", "0", "--replay", file.toString()));
        String endpoint = awaitEndpoint();
        assertThat(out.toString()).contains("replaying", "order-status-index");
        try (CloudWatchClient cw = CloudWatchClient.builder()
                .endpointOverride(URI.create(endpoint))
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("any", "any")))
                .build()) {
            List<InsightRule> rules =
                    cw.describeInsightRules(b -> b.maxResults(100)).insightRules();
            assertThat(rules)
                    .extracting(InsightRule::name)
                    .hasSize(4)
                    .allMatch(n -> n.startsWith("DynamoDBContributorInsights-") && n.contains("-order-status-index-"));
            String pkc = rules.stream()
                    .map(InsightRule::name)
                    .filter(n -> n.contains("-PKC-"))
                    .findFirst()
                    .orElseThrow();
            String pkt = pkc.replace("-PKC-", "-PKT-");
            Instant now = Instant.now();
            var accessed = cw.getInsightRuleReport(b -> b.ruleName(pkc)
                    .startTime(now.minus(Duration.ofHours(1)))
                    .endTime(now.plusSeconds(60))
                    .period(60)
                    .maxContributorCount(4));
            assertThat(accessed.contributors().get(0).keys()).containsExactly("PENDING");
            assertThat(accessed.contributors())
                    .extracting(c -> c.keys().get(0))
                    .containsExactlyInAnyOrder("PENDING", "SHIPPED", "DELIVERED", "CANCELLED");
            var throttled = cw.getInsightRuleReport(b -> b.ruleName(pkt)
                    .startTime(now.minus(Duration.ofHours(1)))
                    .endTime(now.plusSeconds(60))
                    .period(60)
                    .maxContributorCount(25));
            assertThat(throttled.contributors())
                    .extracting(c -> c.keys().get(0))
                    .containsExactly("PENDING");
            assertThat(throttled.contributors().get(0).approximateAggregateValue())
                    .isGreaterThan(1_000);
        } finally {
            LabCommand.stop.countDown();
        }
        assertThat(exit.get(10, TimeUnit.SECONDS)).isZero();
    }

    @Test
    void anUnknownScenarioOrVariantIsAUsageErrorNamingTheKnownOnes() {
        assertThat(run("lab", "--scenario", "order-stats")).isEqualTo(2);
        assertThat(err.toString()).contains("No scenario named 'order-stats'", "order-status", "--list-scenarios");
        err.getBuffer().setLength(0);
        assertThat(run("lab", "--scenario", "ops-log", "--variant", "fixed")).isEqualTo(2);
        assertThat(err.toString()).contains("no variant 'fixed'", "after-sharded");
        err.getBuffer().setLength(0);
        assertThat(run("lab", "--scenario", "ops-log", "--duration", "soon")).isEqualTo(2);
        assertThat(err.toString()).contains("'soon' is not a duration", "5m");
        err.getBuffer().setLength(0);
        assertThat(run("lab", "--rate", "500")).isEqualTo(2);
        assertThat(err.toString()).contains("go with --scenario NAME");
        err.getBuffer().setLength(0);
        assertThat(run("lab", "--replay", "x.psrec", "--scenario", "ops-log")).isEqualTo(2);
        assertThat(err.toString()).contains("--replay serves a saved Lab");
    }

    @Test
    void aDamagedRecordingIsRefusedWithWhatIsWrong(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("broken.psrec");
        Files.writeString(file, "not a recording");
        assertThat(run("lab", "--port", "0", "--replay", file.toString())).isEqualTo(1);
        assertThat(err.toString()).contains("broken.psrec is not a PartitionScope Lab recording");
    }

    @Test
    void listScenariosShowsEveryBundledScenarioWithItsVariants() {
        assertThat(run("lab", "--list-scenarios")).isZero();
        assertThat(out.toString())
                .contains(
                        "order-status",
                        "ops-log",
                        "threats",
                        "collection-keys",
                        "orders-by-day",
                        "tenant-skew",
                        "global-counter",
                        "inventory-counter",
                        "--variant before",
                        "--variant after",
                        "--variant bulk-import");
    }
}
