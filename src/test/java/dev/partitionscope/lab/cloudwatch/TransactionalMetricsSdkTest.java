package dev.partitionscope.lab.cloudwatch;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.cloudwatch.CloudWatchClient;
import software.amazon.awssdk.services.cloudwatch.model.Dimension;
import software.amazon.awssdk.services.cloudwatch.model.GetInsightRuleReportResponse;
import software.amazon.awssdk.services.cloudwatch.model.GetMetricDataResponse;
import software.amazon.awssdk.services.cloudwatch.model.InsightRule;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.ContributorInsightsAction;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * The explorer sees transactional load at its real cost: transactions on a hot counter sent through the DynamoDB SDK
 * to a running Lab, then read back through the CloudWatch SDK. ConsumedWriteCapacityUnits counts every committed
 * transactional write twice (2 WCU for an item under 1 KB), ThrottledRequests names the TransactWriteItems that were
 * cancelled, and Contributor Insights ranks the counter's key first with 3 × 2 WCU per committed transaction and
 * counts its throttles. The Lab's clock stands still in one second, so the counter's partition gives exactly its
 * 1,000 WCU: 500 transactions.
 */
class TransactionalMetricsSdkTest {
    private static final int SENT = 600;

    private CwLab f;
    private DynamoDbClient ddb;
    private CloudWatchClient cw;

    @BeforeEach
    void setUp() throws Exception {
        f = CwLab.started();
        StaticCredentialsProvider credentials =
                StaticCredentialsProvider.create(AwsBasicCredentials.create("lab", "lab"));
        ddb = DynamoDbClient.builder()
                .endpointOverride(URI.create(f.endpoint()))
                .region(Region.US_EAST_1)
                .credentialsProvider(credentials)
                .overrideConfiguration(o -> o.retryStrategy(b -> b.maxAttempts(1)))
                .build();
        cw = CloudWatchClient.builder()
                .endpointOverride(URI.create(f.endpoint()))
                .region(Region.US_EAST_1)
                .credentialsProvider(credentials)
                .overrideConfiguration(o -> o.retryStrategy(b -> b.maxAttempts(1)))
                .build();
        for (String table : List.of("inventory", "sales")) {
            ddb.createTable(b -> b.tableName(table)
                    .attributeDefinitions(AttributeDefinition.builder()
                            .attributeName("PK")
                            .attributeType(ScalarAttributeType.S)
                            .build())
                    .keySchema(KeySchemaElement.builder()
                            .attributeName("PK")
                            .keyType(KeyType.HASH)
                            .build())
                    .billingMode(BillingMode.PAY_PER_REQUEST));
        }
        ddb.updateContributorInsights(
                b -> b.tableName("inventory").contributorInsightsAction(ContributorInsightsAction.ENABLE));
    }

    @AfterEach
    void tearDown() {
        cw.close();
        ddb.close();
        f.close();
    }

    /** One order: reserve stock on the hot counter and put the order, all or nothing. */
    private boolean order(int i) {
        try {
            ddb.transactWriteItems(b -> b.transactItems(
                    TransactWriteItem.builder()
                            .update(u -> u.tableName("inventory")
                                    .key(Map.of("PK", AttributeValue.fromS("STOCK#hot")))
                                    .updateExpression("ADD reserved :one")
                                    .expressionAttributeValues(Map.of(":one", AttributeValue.fromN("1"))))
                            .build(),
                    TransactWriteItem.builder()
                            .put(p -> p.tableName("sales").item(Map.of("PK", AttributeValue.fromS("ORDER#" + i))))
                            .build()));
            return true;
        } catch (TransactionCanceledException e) {
            assertThat(e.cancellationReasons())
                    .extracting(CancellationReason::code)
                    .containsExactly("ThrottlingError", "None");
            return false;
        }
    }

    @Test
    void metricsAndContributorInsightsCountTransactionalWritesTwiceAndNameTheHotKey() {
        int committed = 0;
        for (int i = 0; i < SENT; i++) {
            committed += order(i) ? 1 : 0;
        }
        assertThat(committed)
                .as("1,000 WCU on the counter's partition at 2 WCU each")
                .isEqualTo(500);
        int cancelled = SENT - committed;
        f.at(300);

        Dimension inventory = CloudWatchSdkTest.dim("TableName", "inventory");
        Dimension sales = CloudWatchSdkTest.dim("TableName", "sales");
        GetMetricDataResponse r = cw.getMetricData(b -> b.startTime(CwLab.T0)
                .endTime(CwLab.T0.plusSeconds(300))
                .metricDataQueries(
                        CloudWatchSdkTest.query("w", "ConsumedWriteCapacityUnits", "Sum", inventory),
                        CloudWatchSdkTest.query("s", "ConsumedWriteCapacityUnits", "Sum", sales),
                        CloudWatchSdkTest.query(
                                "tr",
                                "ThrottledRequests",
                                "Sum",
                                inventory,
                                CloudWatchSdkTest.dim("Operation", "TransactWriteItems")),
                        CloudWatchSdkTest.query("kr", "WriteKeyRangeThroughputThrottleEvents", "Sum", inventory)));
        assertThat(CloudWatchSdkTest.points(r, "w"))
                .as("2 WCU per committed transaction on the counter")
                .containsOnly(Map.entry(CwLab.T0, 2.0 * committed));
        assertThat(CloudWatchSdkTest.points(r, "s"))
                .as("the cancelled transactions' order puts had been admitted on their own partitions")
                .containsOnly(Map.entry(CwLab.T0, 2.0 * SENT));
        assertThat(CloudWatchSdkTest.points(r, "tr")).containsOnly(Map.entry(CwLab.T0, (double) cancelled));
        assertThat(CloudWatchSdkTest.points(r, "kr")).containsOnly(Map.entry(CwLab.T0, (double) cancelled));

        List<InsightRule> rules = cw.describeInsightRules(b -> {}).insightRules();
        String consumed = rule(rules, "PKC-inventory-");
        String throttled = rule(rules, "PKT-inventory-");
        GetInsightRuleReportResponse pkc = cw.getInsightRuleReport(b -> b.ruleName(consumed)
                .startTime(CwLab.T0)
                .endTime(CwLab.T0.plusSeconds(300))
                .period(60)
                .orderBy("Sum"));
        assertThat(pkc.contributors())
                .extracting(c -> c.keys().get(0) + "=" + c.approximateAggregateValue())
                .containsExactly("STOCK#hot=" + 3 * 2.0 * committed);
        GetInsightRuleReportResponse pkt = cw.getInsightRuleReport(b -> b.ruleName(throttled)
                .startTime(CwLab.T0)
                .endTime(CwLab.T0.plusSeconds(300))
                .period(60));
        assertThat(pkt.contributors())
                .extracting(c -> c.keys().get(0) + "=" + c.approximateAggregateValue())
                .containsExactly("STOCK#hot=" + (double) cancelled);
    }

    private static String rule(List<InsightRule> rules, String part) {
        return rules.stream()
                .map(InsightRule::name)
                .filter(n -> n.contains(part))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no rule " + part + " in " + rules));
    }
}
