package dev.partitionscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.lab.Lab;
import dev.partitionscope.testing.Dynalite;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.cloudwatch.CloudWatchClient;
import software.amazon.awssdk.services.cloudwatch.model.InsightRule;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@code partitionscope workload} against real engines: dynalite directly (the seed 002 calculated suffix lands as
 * ten keys), and dynalite behind the Lab proxy (the order-status index throttles PENDING, and the proxy's
 * Contributor Insights names it the top contributor).
 */
@ExtendWith(Dynalite.Required.class)
class WorkloadCommandTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return RootCommand.execute(new PrintWriter(out, true), new PrintWriter(err, true), args);
    }

    @Test
    void ordersByDayAfterWritesTheSeedsCalculatedSuffixesIntoDynalite() {
        assertThat(run(
                        "workload",
                        "--endpoint",
                        Dynalite.endpoint(),
                        "--access-key",
                        Dynalite.ACCESS_KEY,
                        "--scenario",
                        "orders-by-day",
                        "--variant",
                        "after",
                        "--rate",
                        "150",
                        "--duration",
                        "3s"))
                .as(out + "\n" + err)
                .isZero();
        assertThat(out.toString())
                .contains("orders-by-day · after", "Finished after 3 s", "no throttling", " 0 errors");
        List<Map<String, AttributeValue>> items =
                Dynalite.client().scan(b -> b.tableName("pedidos")).items();
        Set<String> keys = items.stream().map(i -> i.get("PK").s()).collect(Collectors.toSet());
        assertThat(keys).allMatch(k -> k.matches("PEDIDOS#\\d{4}-\\d{2}-\\d{2}\\.([1-9]|10)"));
        assertThat(keys).hasSizeGreaterThanOrEqualTo(8);
        assertThat(items.size()).isGreaterThan(100);
    }

    @Test
    void throughTheLabProxyPendingThrottlesAndIsTheTopContributor() throws Exception {
        try (Lab proxy = Lab.start(Lab.Options.defaults().withPort(0).withUpstream(Dynalite.endpoint()))) {
            String endpoint = proxy.endpoint().orElseThrow();
            // Every entry PENDING and 300 KB (293 WCU): 6 a second are about 1,760 WCU/s on PENDING, above its
            // partition's 1,000 and within the table's 2,000. Few, large requests: dynalite is slow, the model is not.
            assertThat(run(
                            "workload",
                            "--endpoint",
                            endpoint,
                            "--access-key",
                            Dynalite.ACCESS_KEY,
                            "--scenario",
                            "order-status",
                            "--skew",
                            "100",
                            "--item-size",
                            "300000",
                            "--rate",
                            "6",
                            "--duration",
                            "8s"))
                    .as(out + "\n" + err)
                    .isZero();
            assertThat(out.toString())
                    .contains("TableWriteKeyRangeThroughputExceeded", "KeyRange reasons: a hot partition");
            try (CloudWatchClient cw = CloudWatchClient.builder()
                    .endpointOverride(URI.create(endpoint))
                    .region(Region.US_EAST_1)
                    .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("a", "b")))
                    .build()) {
                List<String> rules = cw.describeInsightRules(b -> b.maxResults(100)).insightRules().stream()
                        .map(InsightRule::name)
                        .filter(n -> n.contains("-order-status-index-"))
                        .toList();
                String pkt = rules.stream()
                        .filter(n -> n.contains("-PKT-"))
                        .findFirst()
                        .orElseThrow();
                String pkc = rules.stream()
                        .filter(n -> n.contains("-PKC-"))
                        .findFirst()
                        .orElseThrow();
                Instant now = Instant.now();
                var throttled = cw.getInsightRuleReport(b -> b.ruleName(pkt)
                        .startTime(now.minus(Duration.ofMinutes(10)))
                        .endTime(now.plusSeconds(60))
                        .period(60)
                        .maxContributorCount(5));
                assertThat(throttled.contributors()).isNotEmpty();
                assertThat(throttled.contributors().get(0).keys()).containsExactly("PENDING");
                var accessed = cw.getInsightRuleReport(b -> b.ruleName(pkc)
                        .startTime(now.minus(Duration.ofMinutes(10)))
                        .endTime(now.plusSeconds(60))
                        .period(60)
                        .maxContributorCount(5));
                assertThat(accessed.contributors().get(0).keys()).containsExactly("PENDING");
            }
        }
    }

    @Test
    void anAwsEndpointIsRefusedBecauseWorkloadsWrite() {
        assertThat(run(
                        "workload",
                        "--endpoint",
                        "https://dynamodb.eu-west-1.amazonaws.com",
                        "--scenario",
                        "order-status"))
                .isEqualTo(2);
        assertThat(err.toString()).contains("is AWS", "only against local endpoints", "partitionscope lab");
    }
}
