package dev.partitionscope.aws;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.partitionscope.core.heat.KeyTimeMatrix;
import dev.partitionscope.core.heat.RowKey;
import dev.partitionscope.core.insights.RuleKind;
import dev.partitionscope.core.metrics.DataState;
import dev.partitionscope.core.metrics.DataStatus;
import dev.partitionscope.core.metrics.MetricPlan;
import dev.partitionscope.core.metrics.MetricQuery;
import dev.partitionscope.core.metrics.MetricsSnapshot;
import dev.partitionscope.core.metrics.Resource;
import dev.partitionscope.core.metrics.SeriesAnswer;
import dev.partitionscope.core.metrics.TableMetric;
import dev.partitionscope.core.metrics.Verdict;
import dev.partitionscope.core.metrics.Verdicts;
import dev.partitionscope.core.table.BillingMode;
import dev.partitionscope.core.table.ContributorInsightsState;
import dev.partitionscope.core.table.IndexShape;
import dev.partitionscope.core.table.TableShape;
import dev.partitionscope.core.table.Throughput;
import dev.partitionscope.core.table.WarmThroughput;
import dev.partitionscope.testing.AwsFixtureEndpoint;
import dev.partitionscope.testing.AwsFixtureEndpoint.Answer;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The app's AWS readers fed AWS's documented answers (the API references' examples and response shapes, kept as
 * fixtures), served by an endpoint written apart from the Lab in the protocols the SDK speaks: CBOR for CloudWatch,
 * JSON for DynamoDB. The Lab was written by the same team as the readers; these answers were not.
 */
class DocumentedAnswersTest {
    private static final Instant T = Instant.parse("2026-12-01T10:00:00Z");
    private static final Resource THREAD = Resource.table("Thread");

    @TempDir
    Path home;

    private AwsFixtureEndpoint aws;
    private Connection connection;

    @BeforeEach
    void open() {
        aws = new AwsFixtureEndpoint();
        AwsProfiles none = AwsProfiles.from(home.resolve("config"), home.resolve("credentials"), Map.of());
        connection = new ConnectionFactory(
                        none,
                        new ConnectionFactory.Timeouts(
                                Duration.ofSeconds(2), Duration.ofSeconds(2), Duration.ofSeconds(6)))
                .open(ConnectionSpec.custom("fixtures", aws.endpoint(), "us-east-1", "fixtures"));
    }

    @AfterEach
    void close() {
        connection.close();
        aws.close();
    }

    @Test
    void theDescribeTableExampleIsAProvisionedTableWithItsLocalIndex() {
        aws.on("DescribeTable", "describe-table-thread.json");

        TableShape t = new TableGateway(connection).describe("Thread");

        assertThat(t.name()).isEqualTo("Thread");
        assertThat(t.keySchema().partitionKey().name()).isEqualTo("ForumName");
        assertThat(t.keySchema().sortKey().name()).isEqualTo("Subject");
        assertThat(t.billingMode()).isEqualTo(BillingMode.PROVISIONED);
        assertThat(t.provisioned()).isEqualTo(new Throughput(5, 5));
        assertThat(t.globalIndexes()).isEmpty();
        IndexShape lsi = t.localIndexes().get(0);
        assertThat(lsi.name()).isEqualTo("LastPostIndex");
        assertThat(lsi.kind()).isEqualTo(IndexShape.Kind.LOCAL);
        assertThat(lsi.keySchema().sortKey().name()).isEqualTo("LastPostDateTime");
        assertThat(lsi.provisioned()).as("an LSI shares the table's capacity").isNull();
        assertThat(t.warmThroughput())
                .as("the example predates warm throughput: not reported, not zero")
                .isNull();
        assertThat(aws.calls("DescribeTable"))
                .singleElement()
                .satisfies(c -> assertThat(c.body().path("TableName").asText()).isEqualTo("Thread"));
    }

    @Test
    void anOnDemandTableKeepsItsMaximumsAndWarmThroughputForTheTableAndTheIndex() {
        aws.on("DescribeTable", "describe-table-on-demand.json");

        TableShape t = new TableGateway(connection).describe("Thread");

        assertThat(t.billingMode()).isEqualTo(BillingMode.PAY_PER_REQUEST);
        assertThat(t.onDemandMaximum()).isEqualTo(new Throughput(20_000, Throughput.UNSET));
        assertThat(t.warmThroughput()).isEqualTo(new WarmThroughput(15_000, 5_000, "UPDATING"));
        IndexShape gsi = t.globalIndexes().get(0);
        assertThat(gsi.name()).isEqualTo("ByPoster");
        assertThat(gsi.onDemandMaximum()).isEqualTo(new Throughput(500, 200));
        assertThat(gsi.warmThroughput()).isEqualTo(new WarmThroughput(12_000, 4_000, "ACTIVE"));
        // The limits a verdict measures against: the table's read maximum, the 40,000 default for its writes.
        Verdicts.Limits limits = Verdicts.limitsOf(t).get(THREAD);
        assertThat(limits.onDemand()).isTrue();
        assertThat(limits.read()).isEqualTo(20_000);
        assertThat(limits.write()).isEqualTo(Verdicts.ON_DEMAND_DEFAULT_MAX);
    }

    @Test
    void describeContributorInsightsGivesTheRulesTheReportsAreReadFrom() {
        aws.on("DescribeTable", "describe-table-thread.json")
                .on("DescribeContributorInsights", "describe-contributor-insights.json");
        TableShape t = new TableGateway(connection).describe("Thread");

        List<ContributorInsightsState> states = new TableGateway(connection).contributorInsights(t);

        assertThat(states).singleElement().satisfies(s -> {
            assertThat(s.status()).isEqualTo(ContributorInsightsState.Status.ENABLED);
            assertThat(s.mode()).isEqualTo("ACCESSED_AND_THROTTLED_KEYS");
            assertThat(InsightsReader.rules(s))
                    .extracting(r -> r.kind().name())
                    .containsExactlyInAnyOrder("PKC", "PKT", "SKC", "SKT");
        });
    }

    @Test
    void ruleReportsAreReadByTheirKeyLabelsWithTimestampsFromCbor() {
        JsonNode pkc = AwsFixtureEndpoint.fixture("get-insight-rule-report-pkc.json");
        JsonNode skc = AwsFixtureEndpoint.fixture("get-insight-rule-report-skc.json");
        JsonNode empty =
                AwsFixtureEndpoint.fixture("get-insight-rule-report-skc.json").deepCopy();
        ((com.fasterxml.jackson.databind.node.ObjectNode) empty).putArray("Contributors");
        aws.on("GetInsightRuleReport", request -> {
            String rule = request.path("RuleName").asText();
            return Answer.ok(rule.contains("-PKC-") ? pkc : rule.contains("-SKC-") ? skc : empty);
        });
        ContributorInsightsState state = new ContributorInsightsState(
                "Thread",
                null,
                ContributorInsightsState.Status.ENABLED,
                "ACCESSED_AND_THROTTLED_KEYS",
                null,
                List.of(
                        "DynamoDBContributorInsights-PKC-Thread-1733068800000",
                        "DynamoDBContributorInsights-PKT-Thread-1733068800000",
                        "DynamoDBContributorInsights-SKC-Thread-1733068800000",
                        "DynamoDBContributorInsights-SKT-Thread-1733068800000"));

        InsightsReader.Result r = new InsightsReader(connection, attempt -> 10, Double.POSITIVE_INFINITY)
                .load(
                        new InsightsReader.Request(List.of(state), T, 60, 60, Map.of(), EnumSet.allOf(RuleKind.class)),
                        () -> false,
                        (done, total) -> {});

        KeyTimeMatrix pk = r.partitionKeys().get(THREAD);
        int dynamo = pk.indexOf(RowKey.of("Thread", null, "Amazon DynamoDB"));
        assertThat(dynamo).isNotNegative();
        assertThat(pk.value(dynamo, 0)).isEqualTo(3_000.0);
        assertThat(pk.value(dynamo, 1)).isEqualTo(1_800.0);
        assertThat(pk.value(pk.indexOf(RowKey.of("Thread", null, "Amazon SQS")), 2))
                .isEqualTo(150.0);
        // KeyLabels ["SortKey", "PartitionKey"]: the contributor's keys are read by label, not by position.
        KeyTimeMatrix sk = r.sortKeys().get(THREAD);
        int thread = sk.indexOf(RowKey.of("Thread", null, "Amazon DynamoDB", "DynamoDB Thread 1"));
        assertThat(thread)
                .as(
                        "rows: %s",
                        java.util.stream.IntStream.range(0, sk.rowCount())
                                .mapToObj(sk::row)
                                .toList())
                .isNotNegative();
        assertThat(sk.value(thread, 0)).isEqualTo(3_000.0);
        // What the reader asked: a rule by name, the window, at most 25 contributors.
        JsonNode asked = aws.calls("GetInsightRuleReport").get(0).body();
        assertThat(asked.path("MaxContributorCount").asInt()).isEqualTo(25);
        assertThat(asked.path("Period").asInt()).isEqualTo(60);
    }

    @Test
    void aRuleCloudWatchNoLongerHasIsReportedMissingWithItsName() {
        aws.on(
                "GetInsightRuleReport",
                request -> Answer.error(
                        404,
                        "ResourceNotFoundException",
                        "Rule " + request.path("RuleName").asText() + " does not exist."));
        String rule = "DynamoDBContributorInsights-PKC-Thread-1733068800000";
        ContributorInsightsState state = new ContributorInsightsState(
                "Thread",
                null,
                ContributorInsightsState.Status.ENABLED,
                "ACCESSED_AND_THROTTLED_KEYS",
                null,
                List.of(rule));

        InsightsReader.Result r = new InsightsReader(connection, attempt -> 10, Double.POSITIVE_INFINITY)
                .load(new InsightsReader.Request(List.of(state), T, 60, 60, Map.of()), () -> false, (d, t) -> {});

        DataStatus status = r.status().get(THREAD);
        assertThat(status.state()).isEqualTo(DataState.RULE_MISSING);
        assertThat(status.detail()).contains(rule).contains("refresh the status");
    }

    @Test
    void metricDataIsReadPerSeriesStatusPagedThroughPartialDataAndSplitByTheListedDimensions() {
        aws.on("ListMetrics", AwsFixtureEndpoint.pagedListMetrics("list-metrics.json"))
                .on("GetMetricData", AwsFixtureEndpoint.metricData("get-metric-data.json"));
        MetricPlan documented = MetricPlan.forTable("Thread", List.of(), T, T.plusSeconds(3_600), 60);

        MetricsSnapshot s = new MetricsReader(connection, attempt -> 10).read(documented, () -> false, p -> {});

        // ListMetrics was followed through its NextToken once; GetMetricData through PartialData's NextToken.
        assertThat(aws.calls("ListMetrics")).hasSize(2);
        assertThat(aws.calls("GetMetricData")).hasSize(2);
        assertThat(s.total(THREAD, TableMetric.WRITE_KEY_RANGE))
                .as("PartialData then Complete: both pages")
                .isEqualTo(100.0);
        assertThat(s.complete(new MetricQuery.Key(THREAD, TableMetric.WRITE_KEY_RANGE, null)))
                .isTrue();
        // InternalError is unknown, never zero, and the whole answer says it is partial.
        assertThat(s.answer(new MetricQuery.Key(THREAD, TableMetric.READ_THROTTLES, null)))
                .isEqualTo(SeriesAnswer.INTERNAL_ERROR);
        assertThat(s.total(THREAD, TableMetric.READ_THROTTLES)).isNaN();
        assertThat(s.status().state()).isEqualTo(DataState.PARTIAL);
        assertThat(s.status().detail()).contains("1 failed in CloudWatch (InternalError)");
        // Global-table writes by Source, summed into the total CloudWatch does not list unsplit.
        assertThat(s.total(THREAD, TableMetric.CONSUMED_WRITE)).isEqualTo(7_200.0);
        assertThat(s.total(new MetricQuery.Key(
                        THREAD, TableMetric.CONSUMED_WRITE, null, new MetricQuery.Split("Source", "GlobalTable"))))
                .isEqualTo(1_200.0);
        // ExecuteStatement by Verb: the reader asked for the Verb dimension and shows each verb.
        MetricQuery.Key update = new MetricQuery.Key(
                THREAD,
                TableMetric.THROTTLED_REQUESTS,
                "ExecuteStatement",
                new MetricQuery.Split("Verb", "PartiQLUpdate"));
        assertThat(s.total(update)).isEqualTo(40.0);
        assertThat(s.plan().perOperation(TableMetric.THROTTLED_REQUESTS))
                .contains(update)
                .doesNotContain(new MetricQuery.Key(THREAD, TableMetric.THROTTLED_REQUESTS, "ExecuteStatement"));
        JsonNode firstCall = aws.calls("GetMetricData").get(0).body();
        assertThat(StreamSupport.stream(firstCall.path("MetricDataQueries").spliterator(), false)
                        .map(q -> q.path("MetricStat")
                                .path("Metric")
                                .path("Dimensions")
                                .toString()))
                .anyMatch(d -> d.contains("\"Verb\"") && d.contains("PartiQLUpdate"))
                .anyMatch(d -> d.contains("\"OperationType\"") && d.contains("Write"));
        assertThat(s.plan().notes())
                .anyMatch(n -> n.startsWith("ExecuteStatement is published by Verb"))
                .anyMatch(n -> n.contains("by Source (Customer, GlobalTable); the total is their sum"));

        // The verdict rests on what was answered, and says what was not.
        Verdict v = Verdicts.of(s, Map.of(THREAD, new Verdicts.Limits(false, 5, 500, false)));
        assertThat(v.kind()).isEqualTo(Verdict.Kind.HOT_PARTITION);
        assertThat(v.events().get(TableMetric.Cause.KEY_RANGE)).isEqualTo(100L);
        assertThat(v.detail()).contains("ReadThrottleEvents failed in CloudWatch (InternalError)");
    }
}
