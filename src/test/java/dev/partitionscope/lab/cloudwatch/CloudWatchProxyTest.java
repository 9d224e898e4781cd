package dev.partitionscope.lab.cloudwatch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.lab.Lab;
import dev.partitionscope.lab.clock.SimulatedClock;
import dev.partitionscope.testing.Dynalite;
import dev.partitionscope.testing.RecordingProxy;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.cloudwatch.CloudWatchClient;
import software.amazon.awssdk.services.cloudwatch.model.GetInsightRuleReportResponse;
import software.amazon.awssdk.services.cloudwatch.model.GetMetricDataResponse;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * In proxy mode ({@code lab --upstream}) the Lab answers CloudWatch itself, from the meter of the traffic it
 * proxied: an application running against another engine through the proxy gets metrics and insight reports for its
 * own traffic, and no CloudWatch call reaches the upstream. The upstream here is an unthrottled Lab behind a
 * recording proxy (so the test needs no Node.js); what the proxy throttled never reaches it, which is how the
 * numbers prove whose meter answered.
 */
class CloudWatchProxyTest {
    private final SimulatedClock clock = new SimulatedClock(CwLab.T0);
    private Lab upstreamLab;
    private RecordingProxy upstream;
    private Lab proxy;
    private DynamoDbClient ddb;
    private CloudWatchClient cw;

    @BeforeEach
    void start() throws Exception {
        upstreamLab = Lab.start(Lab.Options.defaults().withThrottling(false));
        upstream = RecordingProxy.to(upstreamLab.endpoint().orElseThrow());
        proxy = Lab.start(Lab.Options.defaults().withClock(clock).withUpstream(upstream.endpoint()));
        URI endpoint = URI.create(proxy.endpoint().orElseThrow());
        StaticCredentialsProvider credentials =
                StaticCredentialsProvider.create(AwsBasicCredentials.create("lab", "lab"));
        ddb = DynamoDbClient.builder()
                .endpointOverride(endpoint)
                .region(Region.US_EAST_1)
                .credentialsProvider(credentials)
                .overrideConfiguration(o -> o.retryStrategy(b -> b.maxAttempts(1)))
                .build();
        cw = CloudWatchClient.builder()
                .endpointOverride(endpoint)
                .region(Region.US_EAST_1)
                .credentialsProvider(credentials)
                .overrideConfiguration(o -> o.retryStrategy(b -> b.maxAttempts(1)))
                .build();
        ddb.createTable(b -> b.tableName("proxied")
                .attributeDefinitions(
                        Dynalite.attr("pk", ScalarAttributeType.S), Dynalite.attr("sk", ScalarAttributeType.S))
                .keySchema(Dynalite.key("pk", KeyType.HASH), Dynalite.key("sk", KeyType.RANGE))
                .billingMode(BillingMode.PROVISIONED)
                .provisionedThroughput(p -> p.readCapacityUnits(5000L).writeCapacityUnits(5000L)));
    }

    @AfterEach
    void stop() {
        cw.close();
        ddb.close();
        proxy.close();
        upstream.close();
        upstreamLab.close();
    }

    @Test
    void theProxyServesMetricsAndInsightReportsOfItsOwnTraffic() {
        ddb.updateContributorInsights(b -> b.tableName("proxied").contributorInsightsAction("ENABLE"));
        // 1,200 writes of one key within one (simulated) second, 25 a batch: the proxy admits 1,000.
        int accepted = 0;
        for (int batch = 0; batch < 48; batch++) {
            List<WriteRequest> items = new ArrayList<>();
            for (int i = 0; i < 25; i++) {
                items.add(WriteRequest.builder()
                        .putRequest(p -> p.item(Map.of(
                                "pk",
                                AttributeValue.fromS("HOT"),
                                "sk",
                                AttributeValue.fromS("s" + items.size() + "-" + System.nanoTime()))))
                        .build());
            }
            try {
                BatchWriteItemResponse r = ddb.batchWriteItem(b -> b.requestItems(Map.of("proxied", items)));
                accepted += 25
                        - r.unprocessedItems()
                                .getOrDefault("proxied", List.of())
                                .size();
            } catch (ProvisionedThroughputExceededException e) {
                // every item throttled by the proxy: nothing forwarded
            }
        }
        assertThat(accepted).isEqualTo(1_000);
        clock.advanceSeconds(90);

        GetMetricDataResponse r = cw.getMetricData(b -> b.startTime(CwLab.T0)
                .endTime(CwLab.T0.plusSeconds(300))
                .metricDataQueries(
                        CloudWatchSdkTest.query(
                                "w",
                                "ConsumedWriteCapacityUnits",
                                "Sum",
                                CloudWatchSdkTest.dim("TableName", "proxied")),
                        CloudWatchSdkTest.query(
                                "kr",
                                "WriteKeyRangeThroughputThrottleEvents",
                                "Sum",
                                CloudWatchSdkTest.dim("TableName", "proxied")),
                        CloudWatchSdkTest.query(
                                "pw",
                                "ProvisionedWriteCapacityUnits",
                                "Maximum",
                                CloudWatchSdkTest.dim("TableName", "proxied"))));
        assertThat(CloudWatchSdkTest.points(r, "w")).containsOnly(Map.entry(CwLab.T0, 1000.0));
        assertThat(CloudWatchSdkTest.points(r, "kr")).containsOnly(Map.entry(CwLab.T0, 200.0));
        assertThat(CloudWatchSdkTest.points(r, "pw")).containsOnly(Map.entry(CwLab.T0, 5000.0));

        String pkc = cw.describeInsightRules(b -> {}).insightRules().get(0).name();
        assertThat(pkc).startsWith("DynamoDBContributorInsights-PKC-proxied-");
        GetInsightRuleReportResponse report = cw.getInsightRuleReport(b -> b.ruleName(pkc)
                .startTime(CwLab.T0)
                .endTime(CwLab.T0.plusSeconds(300))
                .period(60));
        assertThat(report.contributors()).singleElement().satisfies(c -> {
            assertThat(c.keys()).containsExactly("HOT");
            assertThat(c.approximateAggregateValue()).isEqualTo(3000.0);
        });

        // Nothing of CloudWatch went upstream: every request the upstream saw was DynamoDB's.
        assertThat(upstream.targets()).isNotEmpty().allMatch(t -> t.startsWith("DynamoDB_20120810."));
        assertThat(upstream.operations()).contains("BatchWriteItem");
    }
}
