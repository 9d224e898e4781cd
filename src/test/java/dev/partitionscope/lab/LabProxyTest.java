package dev.partitionscope.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.partitionscope.lab.clock.SimulatedClock;
import dev.partitionscope.lab.meter.InsightMetric;
import dev.partitionscope.lab.meter.KeyKind;
import dev.partitionscope.lab.meter.OrderBy;
import dev.partitionscope.lab.meter.ResourceId;
import dev.partitionscope.testing.Dynalite;
import dev.partitionscope.testing.RecordingProxy;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.ComparisonOperator;
import software.amazon.awssdk.services.dynamodb.model.Condition;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ExpectedAttributeValue;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * The Lab as a metering, throttling proxy in front of a real engine (dynalite): calls pass through, keys and capacity
 * are metered, a throttled call never reaches the upstream, and an upstream that is down is a DynamoDB-shaped error.
 */
@ExtendWith(Dynalite.Required.class)
class LabProxyTest {
    private final SimulatedClock clock = new SimulatedClock(Instant.parse("2026-09-06T10:00:00Z"));
    private RecordingProxy upstream;
    private Lab lab;
    private DynamoDbClient client;
    private String table;

    @BeforeEach
    void start() throws Exception {
        upstream = RecordingProxy.to(Dynalite.endpoint());
        lab = Lab.start(Lab.Options.defaults().withClock(clock).withUpstream(upstream.endpoint()));
        client = client(lab.endpoint().orElseThrow());
        table = Dynalite.uniqueName("proxied");
        client.createTable(b -> b.tableName(table)
                .attributeDefinitions(
                        Dynalite.attr("pk", ScalarAttributeType.S), Dynalite.attr("sk", ScalarAttributeType.S))
                .keySchema(Dynalite.key("pk", KeyType.HASH), Dynalite.key("sk", KeyType.RANGE))
                .billingMode(BillingMode.PAY_PER_REQUEST));
        Dynalite.waitActive(table);
    }

    @AfterEach
    void stop() {
        client.close();
        lab.close();
        upstream.close();
    }

    private static DynamoDbClient client(String endpoint) {
        return DynamoDbClient.builder()
                .endpointOverride(URI.create(endpoint))
                .region(Region.US_EAST_1)
                .credentialsProvider(
                        StaticCredentialsProvider.create(AwsBasicCredentials.create(Dynalite.ACCESS_KEY, "x")))
                .overrideConfiguration(o -> o.retryStrategy(b -> b.maxAttempts(1)))
                .build();
    }

    private void put(String pk, String sk) {
        client.putItem(
                b -> b.tableName(table).item(Map.of("pk", AttributeValue.fromS(pk), "sk", AttributeValue.fromS(sk))));
    }

    @Test
    void callsPassThroughAndAreMeteredWithTheirKeys() {
        put("PEDIDOS#2026-09-06", "PEDIDO#1");
        var got = client.getItem(b -> b.tableName(table)
                .key(Map.of("pk", AttributeValue.fromS("PEDIDOS#2026-09-06"), "sk", AttributeValue.fromS("PEDIDO#1")))
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
        assertThat(got.item()).containsEntry("sk", AttributeValue.fromS("PEDIDO#1"));
        assertThat(got.consumedCapacity().capacityUnits()).isEqualTo(0.5);
        var query = client.query(b -> b.tableName(table)
                .keyConditionExpression("pk = :p")
                .expressionAttributeValues(Map.of(":p", AttributeValue.fromS("PEDIDOS#2026-09-06"))));
        assertThat(query.count()).isEqualTo(1);
        assertThat(query.consumedCapacity())
                .as("the caller did not ask, so the proxy removes it")
                .isNull();
        // The item really is in dynalite.
        assertThat(Dynalite.client()
                        .getItem(b -> b.tableName(table)
                                .key(Map.of(
                                        "pk",
                                        AttributeValue.fromS("PEDIDOS#2026-09-06"),
                                        "sk",
                                        AttributeValue.fromS("PEDIDO#1"))))
                        .hasItem())
                .isTrue();

        var report = lab.meter()
                .topContributors(
                        ResourceId.table(table),
                        KeyKind.PARTITION_KEY,
                        InsightMetric.CONSUMED_THROUGHPUT_UNITS,
                        clock.epochMillis() - 60_000,
                        clock.epochMillis() + 60_000,
                        Duration.ofMinutes(1),
                        25,
                        OrderBy.SUM);
        assertThat(report.contributors()).singleElement().satisfies(c -> assertThat(c.keys())
                .containsExactly("PEDIDOS#2026-09-06"));
    }

    @Test
    void legacyParameterRequestsAreForwardedAndMeteredWithTheirKeys() {
        // A conditional put in the legacy form (Expected), a legacy Query (KeyConditions + QueryFilter) and a
        // legacy Scan (ScanFilter): forwarded as they are, and metered like their expression forms.
        client.putItem(b -> b.tableName(table)
                .item(Map.of(
                        "pk",
                        AttributeValue.fromS("ORDERS#7"),
                        "sk",
                        AttributeValue.fromS("1"),
                        "v",
                        AttributeValue.fromN("5")))
                .expected(Map.of(
                        "pk", ExpectedAttributeValue.builder().exists(false).build())));
        assertThatThrownBy(() -> client.putItem(b -> b.tableName(table)
                        .item(Map.of("pk", AttributeValue.fromS("ORDERS#7"), "sk", AttributeValue.fromS("1")))
                        .expected(Map.of(
                                "pk",
                                ExpectedAttributeValue.builder().exists(false).build()))))
                .isInstanceOf(ConditionalCheckFailedException.class);
        var legacyQuery = client.query(b -> b.tableName(table)
                .keyConditions(Map.of(
                        "pk",
                        Condition.builder()
                                .comparisonOperator(ComparisonOperator.EQ)
                                .attributeValueList(AttributeValue.fromS("ORDERS#7"))
                                .build()))
                .queryFilter(Map.of(
                        "v",
                        Condition.builder()
                                .comparisonOperator(ComparisonOperator.GT)
                                .attributeValueList(AttributeValue.fromN("1"))
                                .build())));
        assertThat(legacyQuery.count()).isEqualTo(1);
        assertThat(client.scan(b -> b.tableName(table)
                                .scanFilter(Map.of(
                                        "v",
                                        Condition.builder()
                                                .comparisonOperator(ComparisonOperator.EQ)
                                                .attributeValueList(AttributeValue.fromN("5"))
                                                .build())))
                        .count())
                .isEqualTo(1);
        assertThat(upstream.operations()).contains("PutItem", "Query", "Scan");

        var report = lab.meter()
                .topContributors(
                        ResourceId.table(table),
                        KeyKind.PARTITION_KEY,
                        InsightMetric.CONSUMED_THROUGHPUT_UNITS,
                        clock.epochMillis() - 60_000,
                        clock.epochMillis() + 60_000,
                        Duration.ofMinutes(1),
                        25,
                        OrderBy.SUM);
        // 2 puts (the refused one still consumed a write) at 3 units each, and the legacy Query's read.
        assertThat(report.contributors()).singleElement().satisfies(c -> {
            assertThat(c.keys()).containsExactly("ORDERS#7");
            assertThat(c.aggregateValue()).isGreaterThan(6.0);
        });
    }

    @Test
    void aThrottledWriteNeverReachesTheUpstream() {
        int accepted = 0;
        ProvisionedThroughputExceededException throttle = null;
        for (int i = 0; i < 1_100 && throttle == null; i++) {
            try {
                put("OPS_LOG", "entry-" + i);
                accepted++;
            } catch (ProvisionedThroughputExceededException e) {
                throttle = e;
            }
        }
        assertThat(throttle).isNotNull();
        assertThat(throttle.throttlingReasons()).first().satisfies(r -> assertThat(r.reason())
                .isEqualTo("TableWriteKeyRangeThroughputExceeded"));
        long putsSent = upstream.operations().stream().filter("PutItem"::equals).count();
        assertThat(putsSent).as("only admitted writes went upstream").isEqualTo(accepted);
        String refused = "entry-" + accepted;
        assertThat(Dynalite.client()
                        .getItem(b -> b.tableName(table)
                                .key(Map.of(
                                        "pk", AttributeValue.fromS("OPS_LOG"), "sk", AttributeValue.fromS(refused))))
                        .hasItem())
                .isFalse();
    }

    @Test
    void contributorInsightsWorkThroughTheProxyThoughTheEngineHasNone() {
        var before = client.describeContributorInsights(b -> b.tableName(table));
        assertThat(before.contributorInsightsStatusAsString()).isEqualTo("DISABLED");
        var enabled = client.updateContributorInsights(b -> b.tableName(table).contributorInsightsAction("ENABLE"));
        assertThat(enabled.contributorInsightsStatusAsString()).isEqualTo("ENABLED");
        var after = client.describeContributorInsights(b -> b.tableName(table));
        long millis = clock.epochMillis();
        assertThat(after.contributorInsightsRuleList())
                .containsExactly(
                        "DynamoDBContributorInsights-PKC-" + table + "-" + millis,
                        "DynamoDBContributorInsights-PKT-" + table + "-" + millis,
                        "DynamoDBContributorInsights-SKC-" + table + "-" + millis,
                        "DynamoDBContributorInsights-SKT-" + table + "-" + millis);
        assertThat(lab.insightRules()).extracting(r -> r.name()).containsAll(after.contributorInsightsRuleList());
        assertThat(upstream.operations()).doesNotContain("UpdateContributorInsights", "DescribeContributorInsights");

        client.updateContributorInsights(b -> b.tableName(table).contributorInsightsAction("DISABLE"));
        assertThat(lab.insightRules()).isEmpty();
    }

    @Test
    void upstreamErrorsComeBackAsTheyWere() {
        Throwable e = catchThrowable(() -> client.describeTable(b -> b.tableName("no-such-table")));
        assertThat(e).isInstanceOf(software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException.class);
    }

    @Test
    void anUpstreamThatIsDownIsA503AndTheProxyKeepsServing() throws Exception {
        int closed;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = s.getLocalPort();
        }
        try (Lab orphan = Lab.start(Lab.Options.defaults().withUpstream("http://127.0.0.1:" + closed));
                DynamoDbClient c = client(orphan.endpoint().orElseThrow())) {
            for (int i = 0; i < 2; i++) {
                Throwable e = catchThrowable(() -> c.listTables());
                assertThat(e).isInstanceOf(AwsServiceException.class);
                AwsServiceException ase = (AwsServiceException) e;
                assertThat(ase.statusCode()).isEqualTo(503);
                assertThat(ase.awsErrorDetails().errorCode()).isEqualTo("ServiceUnavailable");
                assertThat(ase.awsErrorDetails().errorMessage())
                        .contains("cannot reach its upstream", "127.0.0.1:" + closed);
            }
        }
    }
}
