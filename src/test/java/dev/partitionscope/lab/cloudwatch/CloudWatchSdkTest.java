package dev.partitionscope.lab.cloudwatch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.cbor.CBORFactory;
import com.fasterxml.jackson.dataformat.cbor.CBORParser;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.http.SdkHttpRequest;
import software.amazon.awssdk.http.SdkHttpResponse;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.cloudwatch.CloudWatchClient;
import software.amazon.awssdk.services.cloudwatch.model.Datapoint;
import software.amazon.awssdk.services.cloudwatch.model.Dimension;
import software.amazon.awssdk.services.cloudwatch.model.DimensionFilter;
import software.amazon.awssdk.services.cloudwatch.model.GetInsightRuleReportResponse;
import software.amazon.awssdk.services.cloudwatch.model.GetMetricDataRequest;
import software.amazon.awssdk.services.cloudwatch.model.GetMetricDataResponse;
import software.amazon.awssdk.services.cloudwatch.model.InsightRule;
import software.amazon.awssdk.services.cloudwatch.model.InvalidNextTokenException;
import software.amazon.awssdk.services.cloudwatch.model.InvalidParameterCombinationException;
import software.amazon.awssdk.services.cloudwatch.model.InvalidParameterValueException;
import software.amazon.awssdk.services.cloudwatch.model.MetricDataQuery;
import software.amazon.awssdk.services.cloudwatch.model.MetricDataResult;
import software.amazon.awssdk.services.cloudwatch.model.ResourceNotFoundException;
import software.amazon.awssdk.services.cloudwatch.model.ScanBy;
import software.amazon.awssdk.services.cloudwatch.model.Statistic;
import software.amazon.awssdk.services.cloudwatch.model.StatusCode;
import software.amazon.awssdk.services.cloudwatch.model.ValidationException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ContributorInsightsAction;

/**
 * The Java SDK's CloudWatchClient (Smithy RPC v2 CBOR, the client the explorer uses) against a running Lab: the
 * known workload of {@link MetricsServiceTest} comes back through the SDK's own parsing, Contributor Insights reports
 * rank the hot key first, paginators return every datapoint once, and CloudWatch's errors become the SDK's exception
 * types. Also records what the SDK actually sends.
 */
class CloudWatchSdkTest {
    private CwLab f;
    private CloudWatchClient cw;
    private final Capture capture = new Capture();

    /** Keeps the last request the SDK transmitted and the last response it received. */
    static final class Capture implements ExecutionInterceptor {
        volatile SdkHttpRequest request;
        volatile byte[] body;
        volatile SdkHttpResponse response;

        @Override
        public void beforeTransmission(Context.BeforeTransmission context, ExecutionAttributes attributes) {
            request = context.httpRequest();
            body = context.requestBody()
                    .map(b -> {
                        try (InputStream in = b.contentStreamProvider().newStream()) {
                            return in.readAllBytes();
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    })
                    .orElse(new byte[0]);
        }

        @Override
        public void afterTransmission(Context.AfterTransmission context, ExecutionAttributes attributes) {
            response = context.httpResponse();
        }
    }

    @BeforeEach
    void setUp() throws IOException {
        f = CwLab.started();
        cw = CloudWatchClient.builder()
                .endpointOverride(URI.create(f.endpoint()))
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("lab", "lab")))
                .overrideConfiguration(
                        o -> o.retryStrategy(b -> b.maxAttempts(1)).addExecutionInterceptor(capture))
                .build();
        // Contributor Insights enabled through the DynamoDB SDK, before the workload.
        try (DynamoDbClient ddb = DynamoDbClient.builder()
                .endpointOverride(URI.create(f.endpoint()))
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("lab", "lab")))
                .build()) {
            ddb.updateContributorInsights(
                    b -> b.tableName("orders").contributorInsightsAction(ContributorInsightsAction.ENABLE));
        }
        f.at(0);
        assertThat(f.puts("PENDING", 1500)).isEqualTo(1000);
        f.at(1);
        assertThat(f.puts("SHIPPED", 10)).isEqualTo(10);
        for (int i = 0; i < 25; i++) {
            f.get("READS", "r" + i); // 25 units over more requests than SHIPPED: ranks below its 30
        }
        f.at(125);
        f.puts("LATER", 2);
        f.at(300);
    }

    @AfterEach
    void tearDown() {
        cw.close();
        f.close();
    }

    static MetricDataQuery query(String id, String metric, String stat, Dimension... dims) {
        return MetricDataQuery.builder()
                .id(id)
                .metricStat(s -> s.stat(stat).period(60).metric(m -> m.namespace("AWS/DynamoDB")
                        .metricName(metric)
                        .dimensions(dims)))
                .build();
    }

    static Dimension dim(String name, String value) {
        return Dimension.builder().name(name).value(value).build();
    }

    static Map<Instant, Double> points(GetMetricDataResponse r, String id) {
        Map<Instant, Double> out = new HashMap<>();
        for (MetricDataResult m : r.metricDataResults()) {
            if (m.id().equals(id)) {
                for (int i = 0; i < m.timestamps().size(); i++) {
                    out.put(m.timestamps().get(i), m.values().get(i));
                }
            }
        }
        return out;
    }

    @Test
    void getMetricDataGivesTheWorkloadsSumsThrottlesAndProvisionedCapacity() throws IOException {
        Dimension table = dim("TableName", "orders");
        GetMetricDataResponse r = cw.getMetricData(b -> b.startTime(CwLab.T0)
                .endTime(CwLab.T0.plusSeconds(300))
                .scanBy(ScanBy.TIMESTAMP_ASCENDING)
                .metricDataQueries(
                        query("w", "ConsumedWriteCapacityUnits", "Sum", table),
                        query("wn", "ConsumedWriteCapacityUnits", "SampleCount", table),
                        query("wa", "ConsumedWriteCapacityUnits", "Average", table),
                        query("kr", "WriteKeyRangeThroughputThrottleEvents", "Sum", table),
                        query("tr", "ThrottledRequests", "Sum", table, dim("Operation", "PutItem")),
                        query("pw", "ProvisionedWriteCapacityUnits", "Average", table)));
        Instant m0 = CwLab.T0;
        Instant m2 = CwLab.T0.plusSeconds(120);
        assertThat(points(r, "w")).containsOnly(Map.entry(m0, 1010.0), Map.entry(m2, 2.0)); // minute 1: no point
        assertThat(points(r, "wn")).containsOnly(Map.entry(m0, 1010.0), Map.entry(m2, 2.0));
        assertThat(points(r, "wa")).containsOnly(Map.entry(m0, 1.0), Map.entry(m2, 1.0));
        assertThat(points(r, "kr")).containsOnly(Map.entry(m0, 500.0));
        assertThat(points(r, "tr")).containsOnly(Map.entry(m0, 500.0));
        assertThat(points(r, "pw")).containsOnly(Map.entry(m0, 5000.0));
        MetricDataResult w = r.metricDataResults().get(0);
        assertThat(w.statusCode()).isEqualTo(StatusCode.COMPLETE);
        assertThat(w.timestamps()).containsExactly(m0, m2);
        assertThat(w.label()).isEqualTo("ConsumedWriteCapacityUnits Sum");

        // What the SDK sent: Smithy RPC v2 CBOR, timestamps as tag 1.
        assertThat(capture.request.encodedPath())
                .isEqualTo("/service/GraniteServiceVersion20100801/operation/" + "GetMetricData");
        assertThat(capture.request.firstMatchingHeader("Content-Type")).contains("application/cbor");
        assertThat(capture.request.firstMatchingHeader("smithy-protocol")).contains("rpc-v2-cbor");
        assertThat(capture.request.firstMatchingHeader("X-Amz-Target")).isEmpty();
        assertThat(tagOf(capture.body, "StartTime")).isEqualTo(1);
        assertThat(capture.response.firstMatchingHeader("smithy-protocol")).contains("rpc-v2-cbor");
        assertThat(capture.response.firstMatchingHeader("Content-Type")).contains("application/cbor");
    }

    /** The CBOR tag on the value of the first field named {@code field}, -1 when untagged. */
    static int tagOf(byte[] cbor, String field) throws IOException {
        try (CBORParser p = new CBORFactory().createParser(cbor)) {
            for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
                if (t == JsonToken.FIELD_NAME && p.currentName().equals(field)) {
                    p.nextToken();
                    return p.getCurrentTag();
                }
            }
        }
        throw new AssertionError(field + " not found");
    }

    @Test
    void thePaginatorReturnsEveryDatapointOnceAndFiveHundredAndOneQueriesAreRefused() {
        for (int m = 6; m < 30; m++) { // the clock is at minute 5 already
            f.at(m * 60L + 5);
            f.put("TICK", "t" + m);
        }
        f.at(1800);
        List<MetricDataQuery> queries = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            queries.add(query(
                    "q" + i,
                    i % 2 == 0 ? "ConsumedWriteCapacityUnits" : "ProvisionedWriteCapacityUnits",
                    "Sum",
                    dim("TableName", "orders")));
        }
        GetMetricDataRequest request = GetMetricDataRequest.builder()
                .startTime(CwLab.T0)
                .endTime(CwLab.T0.plusSeconds(1800))
                .metricDataQueries(queries)
                .maxDatapoints(1000)
                .build();
        Map<String, List<Instant>> seen = new HashMap<>();
        int pages = 0;
        for (GetMetricDataResponse page : cw.getMetricDataPaginator(request)) {
            pages++;
            page.metricDataResults().forEach(m -> seen.computeIfAbsent(m.id(), k -> new ArrayList<>())
                    .addAll(m.timestamps()));
        }
        // Writes in minutes 0, 2 and 6..29 (26 points); provisioned slots 0, 5, ..., 25 (6 points).
        assertThat(seen).hasSize(500);
        assertThat(seen.get("q0")).hasSize(26).doesNotHaveDuplicates();
        assertThat(seen.get("q1")).hasSize(6).doesNotHaveDuplicates();
        assertThat(seen.values().stream().mapToInt(List::size).sum()).isEqualTo(250 * 26 + 250 * 6);
        assertThat(pages).isEqualTo((250 * 26 + 250 * 6 + 999) / 1000);

        queries.add(query("q500", "ConsumedWriteCapacityUnits", "Sum", dim("TableName", "orders")));
        InvalidParameterValueException e = catchThrowableOfType(
                InvalidParameterValueException.class,
                () -> cw.getMetricData(
                        request.toBuilder().metricDataQueries(queries).build()));
        assertThat(e.statusCode()).isEqualTo(400);
        assertThat(e.awsErrorDetails().errorCode()).isEqualTo("InvalidParameterValue");
        assertThat(e.awsErrorDetails().errorMessage())
                .isEqualTo("The collection MetricDataQueries must not have a size greater than 500.");
    }

    @Test
    void getMetricStatisticsAndListMetricsParseThroughTheSdk() {
        List<Datapoint> dps = cw.getMetricStatistics(b -> b.namespace("AWS/DynamoDB")
                        .metricName("ConsumedWriteCapacityUnits")
                        .dimensions(dim("TableName", "orders"))
                        .startTime(CwLab.T0)
                        .endTime(CwLab.T0.plusSeconds(300))
                        .period(60)
                        .statistics(Statistic.SUM, Statistic.SAMPLE_COUNT, Statistic.MAXIMUM))
                .datapoints();
        assertThat(dps)
                .extracting(Datapoint::timestamp, Datapoint::sum, Datapoint::sampleCount, Datapoint::maximum)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(CwLab.T0, 1010.0, 1010.0, 1.0),
                        org.assertj.core.groups.Tuple.tuple(CwLab.T0.plusSeconds(120), 2.0, 2.0, 1.0));
        assertThat(dps.get(0).unitAsString()).isEqualTo("Count");

        List<String> metrics = new ArrayList<>();
        cw.listMetricsPaginator(b -> b.namespace("AWS/DynamoDB")
                        .dimensions(DimensionFilter.builder().name("Operation").build()))
                .metrics()
                .forEach(m ->
                        metrics.add(m.metricName() + " " + m.dimensions().get(1).value()));
        assertThat(metrics)
                .containsExactlyInAnyOrder(
                        "ThrottledRequests PutItem",
                        "SuccessfulRequestLatency PutItem",
                        "SuccessfulRequestLatency GetItem");

        InvalidParameterCombinationException tooMany = catchThrowableOfType(
                InvalidParameterCombinationException.class,
                () -> cw.getMetricStatistics(b -> b.namespace("AWS/DynamoDB")
                        .metricName("ConsumedWriteCapacityUnits")
                        .startTime(CwLab.T0)
                        .endTime(CwLab.T0.plusSeconds(2 * 86400))
                        .period(60)
                        .statistics(Statistic.SUM)));
        assertThat(tooMany.awsErrorDetails().errorCode()).isEqualTo("InvalidParameterCombination");
    }

    @Test
    void insightRulesAndReportsRankTheHotKeyFirstWithWriteWeighting() {
        List<InsightRule> rules = cw.describeInsightRules(b -> {}).insightRules();
        assertThat(rules)
                .extracting(InsightRule::name)
                .containsExactly(
                        "DynamoDBContributorInsights-PKC-orders-" + CwLab.T0.toEpochMilli(),
                        "DynamoDBContributorInsights-PKT-orders-" + CwLab.T0.toEpochMilli(),
                        "DynamoDBContributorInsights-SKC-orders-" + CwLab.T0.toEpochMilli(),
                        "DynamoDBContributorInsights-SKT-orders-" + CwLab.T0.toEpochMilli());
        assertThat(rules.get(0).managedRule()).isTrue();
        assertThat(rules.get(0).state()).isEqualTo("ENABLED");

        GetInsightRuleReportResponse pkc =
                cw.getInsightRuleReport(b -> b.ruleName(rules.get(0).name())
                        .startTime(CwLab.T0)
                        .endTime(CwLab.T0.plusSeconds(300))
                        .period(60)
                        .maxContributorCount(25)
                        .orderBy("Sum")
                        .metrics("MaxContributorValue", "Maximum"));
        assertThat(pkc.contributors())
                .extracting(c -> c.keys().get(0) + "=" + c.approximateAggregateValue())
                .containsExactly("PENDING=3000.0", "SHIPPED=30.0", "READS=25.0", "LATER=6.0");
        assertThat(pkc.contributors().get(0).datapoints()).singleElement().satisfies(d -> {
            assertThat(d.timestamp()).isEqualTo(CwLab.T0);
            assertThat(d.approximateValue()).isEqualTo(3000.0);
        });
        assertThat(pkc.metricDatapoints()).hasSize(2);
        assertThat(pkc.metricDatapoints().get(0).maxContributorValue()).isEqualTo(3000.0);
        assertThat(pkc.metricDatapoints().get(0).maximum()).isEqualTo(3.0);
        assertThat(pkc.metricDatapoints().get(0).sum()).isNull();
        assertThat(pkc.aggregationStatistic()).isEqualTo("Sum");
        assertThat(pkc.approximateUniqueCount()).isEqualTo(4L);

        GetInsightRuleReportResponse pkt =
                cw.getInsightRuleReport(b -> b.ruleName(rules.get(1).name())
                        .startTime(CwLab.T0)
                        .endTime(CwLab.T0.plusSeconds(300))
                        .period(300));
        assertThat(pkt.contributors())
                .extracting(c -> c.keys().get(0) + "=" + c.approximateAggregateValue())
                .containsExactly("PENDING=500.0");

        InvalidParameterValueException tooMany = catchThrowableOfType(
                InvalidParameterValueException.class,
                () -> cw.getInsightRuleReport(b -> b.ruleName(rules.get(0).name())
                        .startTime(CwLab.T0)
                        .endTime(CwLab.T0.plusSeconds(300))
                        .period(60)
                        .maxContributorCount(26)));
        assertThat(tooMany.statusCode()).isEqualTo(400);
        assertThat(tooMany.awsErrorDetails().errorCode()).isEqualTo("InvalidParameterValue");
        assertThat(capture.response.firstMatchingHeader("x-amzn-query-error")).contains("InvalidParameterValue;Sender");
        ResourceNotFoundException missing = catchThrowableOfType(
                ResourceNotFoundException.class,
                () -> cw.getInsightRuleReport(b -> b.ruleName("DynamoDBContributorInsights-PKC-nope-1")
                        .startTime(CwLab.T0)
                        .endTime(CwLab.T0.plusSeconds(300))
                        .period(60)));
        assertThat(missing.statusCode()).isEqualTo(404);
    }

    @Test
    void cloudWatchErrorsBecomeTheSdksExceptionTypes() {
        InvalidNextTokenException token = catchThrowableOfType(
                InvalidNextTokenException.class,
                () -> cw.getMetricData(b -> b.startTime(CwLab.T0)
                        .endTime(CwLab.T0.plusSeconds(60))
                        .nextToken("x")
                        .metricDataQueries(query("a", "ConsumedWriteCapacityUnits", "Sum"))));
        assertThat(token.awsErrorDetails().errorCode()).isEqualTo("InvalidNextToken");
        ValidationException stat = catchThrowableOfType(
                ValidationException.class,
                () -> cw.getMetricData(b -> b.startTime(CwLab.T0)
                        .endTime(CwLab.T0.plusSeconds(60))
                        .metricDataQueries(query("a", "ConsumedWriteCapacityUnits", "Total"))));
        assertThat(stat.awsErrorDetails().errorCode()).isEqualTo("ValidationError");
        assertThat(stat.awsErrorDetails().errorMessage())
                .isEqualTo(
                        "The value Total for parameter MetricDataQueries.member.1.MetricStat.Stat is not a valid statistic.");
    }
}
