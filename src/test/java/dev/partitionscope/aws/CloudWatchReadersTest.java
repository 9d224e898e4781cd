package dev.partitionscope.aws;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.core.heat.KeyTimeMatrix;
import dev.partitionscope.core.heat.Quality;
import dev.partitionscope.core.heat.RowKey;
import dev.partitionscope.core.heat.TopKey;
import dev.partitionscope.core.heat.TopKeys;
import dev.partitionscope.core.metrics.DataState;
import dev.partitionscope.core.metrics.DataStatus;
import dev.partitionscope.core.metrics.MetricPlan;
import dev.partitionscope.core.metrics.MetricQuery;
import dev.partitionscope.core.metrics.MetricsSnapshot;
import dev.partitionscope.core.metrics.Resource;
import dev.partitionscope.core.metrics.TableMetric;
import dev.partitionscope.core.metrics.Verdict;
import dev.partitionscope.core.metrics.Verdicts;
import dev.partitionscope.core.table.ContributorInsightsState;
import dev.partitionscope.core.table.ContributorInsightsState.Status;
import dev.partitionscope.core.table.TableShape;
import dev.partitionscope.lab.cloudwatch.CwLab;
import dev.partitionscope.testing.RecordingProxy;
import dev.partitionscope.testing.RecordingProxy.Fault;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The explorer's CloudWatch readers through the real SDK (Smithy RPC v2 CBOR) against the Lab on a simulated clock,
 * with a recording proxy in between that can inject AccessDenied, throttling, timeouts and LocalStack's 501.
 *
 * <p>Known workload on table {@code orders} (5,000 WCU provisioned, GSI {@code byCustomer} fed by every item),
 * Contributor Insights enabled at T0: second 1 — 1,500 puts of PENDING (1,000 pass at the per-key ceiling, 500 are
 * KeyRange-throttled); second 2 — 10 puts of SHIPPED; minute 65 — 300 puts of LATE; minute 66 — one put each of 30
 * other keys (so hour 2 has 31 contributors, more than a report's 25).
 */
class CloudWatchReadersTest {
    private static final Instant T0 = CwLab.T0;
    private static final Resource TABLE = Resource.table("orders");
    private static final Resource GSI = Resource.index("orders", "byCustomer");

    @TempDir
    static Path home;

    private static CwLab lab;
    private static RecordingProxy proxy;
    private static Connection connection;
    private static TableShape shape;
    private static MetricPlan plan;

    @BeforeAll
    static void start() throws Exception {
        lab = CwLab.started();
        lab.playHotPending();
        lab.at(65 * 60);
        assertThat(lab.puts("LATE", 300)).isEqualTo(300);
        lab.at(66 * 60);
        for (int i = 0; i < 30; i++) {
            assertThat(lab.put("K" + i, "o" + i)).isTrue();
        }
        lab.at(2 * 3_600);
        proxy = RecordingProxy.to(lab.endpoint());
        AwsProfiles none = AwsProfiles.from(home.resolve("config"), home.resolve("credentials"), Map.of());
        connection = new ConnectionFactory(
                        none,
                        new ConnectionFactory.Timeouts(
                                Duration.ofSeconds(2), Duration.ofSeconds(2), Duration.ofSeconds(6)))
                .open(ConnectionSpec.custom("readers", proxy.endpoint(), "us-east-1", "readers"));
        shape = new TableGateway(connection).describe("orders");
        plan = MetricPlan.forTable("orders", shape.globalIndexNames(), T0, T0.plusSeconds(7_200), 60);
    }

    @AfterAll
    static void stop() {
        connection.close();
        proxy.close();
        lab.close();
    }

    @BeforeEach
    void clean() {
        proxy.clearFaults();
        proxy.clear();
    }

    private static MetricsReader reader() {
        return new MetricsReader(connection, attempt -> 10);
    }

    private static MetricsSnapshot read() {
        return reader().read(plan, () -> false, pages -> {});
    }

    @Test
    void metricsOfAKnownWorkloadComeBackPerPeriodThroughPagedGetMetricData() {
        List<Integer> pages = new ArrayList<>();
        MetricsSnapshot s = reader().read(plan, () -> false, pages::add);

        assertThat(s.status().state()).isEqualTo(DataState.DATA);
        assertThat(s.raw(TABLE, TableMetric.CONSUMED_WRITE)[0]).isEqualTo(1_010.0);
        assertThat(s.display(TABLE, TableMetric.CONSUMED_WRITE)[0])
                .isCloseTo(16.83, org.assertj.core.data.Offset.offset(0.01));
        assertThat(s.raw(TABLE, TableMetric.CONSUMED_WRITE)[65]).isEqualTo(300.0);
        assertThat(s.raw(TABLE, TableMetric.CONSUMED_WRITE)[30]).isNaN();
        assertThat(s.raw(GSI, TableMetric.CONSUMED_WRITE)[0]).isEqualTo(1_010.0);
        assertThat(s.raw(TABLE, TableMetric.WRITE_KEY_RANGE)[0]).isEqualTo(500.0);
        assertThat(s.total(TABLE, TableMetric.WRITE_THROTTLES)).isEqualTo(500.0);
        assertThat(s.total(TABLE, TableMetric.WRITE_PROVISIONED)).isZero();
        assertThat(s.total(new MetricQuery.Key(TABLE, TableMetric.THROTTLED_REQUESTS, "PutItem")))
                .isEqualTo(500.0);
        assertThat(s.display(TABLE, TableMetric.PROVISIONED_WRITE)[10]).isEqualTo(5_000.0);
        // 54 queries × 120 minutes is fewer than 100,800 datapoints, but the Lab pages at its own size: every page
        // was followed and no datapoint was lost.
        assertThat(pages).isNotEmpty();
        // One ListMetrics per load finds the table's series; then every GetMetricData page.
        assertThat(proxy.operations())
                .startsWith("ListMetrics")
                .containsOnly("ListMetrics", "GetMetricData")
                .hasSize(pages.size() + 1);
    }

    @Test
    void theVerdictIsAHotPartitionWhileTheTableIsNearlyIdle() {
        Verdict v = Verdicts.of(read(), Verdicts.limitsOf(shape));
        assertThat(v.kind()).isEqualTo(Verdict.Kind.HOT_PARTITION);
        assertThat(v.headline())
                .isEqualTo("Hot partition: 500 KeyRange write throttles while the table used < 1 %"
                        + " of its provisioned 5,000 WCU/s");
        assertThat(v.resource()).isEqualTo(TABLE);
    }

    private static InsightsReader.Result insights(InsightsReader reader) {
        return insights(reader, InsightsReader.PARTITION_KEY_RULES);
    }

    private static InsightsReader.Result insights(
            InsightsReader reader, java.util.Set<dev.partitionscope.core.insights.RuleKind> kinds) {
        MetricsSnapshot s = read();
        List<ContributorInsightsState> states = new TableGateway(connection).contributorInsights(shape);
        return reader.load(
                new InsightsReader.Request(
                        states, plan.start(), 60, plan.columns(), s.throughputUnitsByResource(), kinds),
                () -> false,
                (done, total) -> {});
    }

    @Test
    void stitchedHourlyReportsShowKeysHotInDifferentHoursWithTheirThrottles() {
        java.util.Set<dev.partitionscope.core.insights.RuleKind> all =
                java.util.EnumSet.allOf(dev.partitionscope.core.insights.RuleKind.class);
        InsightsReader.Result r =
                insights(new InsightsReader(connection, attempt -> 10, Double.POSITIVE_INFINITY), all);

        assertThat(r.reports()).isEqualTo(2 * 4 + 2 * 2); // table: PKC PKT SKC SKT; GSI without sort key: PKC PKT
        assertThat(r.failedReports()).isZero();
        KeyTimeMatrix m = r.partitionKeys().get(TABLE);
        int pending = m.indexOf(RowKey.of("orders", null, "PENDING"));
        int late = m.indexOf(RowKey.of("orders", null, "LATE"));
        assertThat(m.value(pending, 0)).isEqualTo(3_000.0); // 3 × 1,000 WCU
        assertThat(m.throttles(pending, 0)).isEqualTo(500);
        assertThat(m.value(m.indexOf(RowKey.of("orders", null, "SHIPPED")), 0)).isEqualTo(30.0);
        assertThat(m.value(late, 65)).isEqualTo(900.0); // hot only in hour 2, still a row
        int other = m.indexOf(RowKey.other("orders", null));
        assertThat(m.value(other, 0)).isZero(); // hour 1: every key is shown
        // Hour 2 had 31 keys: LATE and 24 of the 30 one-put keys are shown, 6 × 3 units are "other".
        assertThat(m.value(other, 66)).isEqualTo(18.0);
        assertThat(m.qualities()).contains(Quality.TRUNCATED, Quality.OTHER_ESTIMATED);
        assertThat(r.status().get(TABLE).state()).isEqualTo(DataState.TRUNCATED);
        List<TopKey> top = TopKeys.of(m, 10);
        assertThat(top.get(0).key().partitionKey()).isEqualTo("PENDING");
        assertThat(top.get(0).throttles()).isEqualTo(500);
        assertThat(r.sortKeys()).containsKey(TABLE).doesNotContainKey(GSI);
        // By default only the partition-key rules are read: half the (billed) calls.
        InsightsReader.Result pk = insights(new InsightsReader(connection, attempt -> 10, Double.POSITIVE_INFINITY));
        assertThat(pk.reports()).isEqualTo(2 * 2 + 2 * 2);
        assertThat(pk.sortKeys()).isEmpty();
        assertThat(pk.partitionKeys().get(TABLE).value(pending, 0)).isEqualTo(3_000.0);
        assertThat(r.partitionKeys().get(GSI).indexOf(RowKey.of("orders", "byCustomer", "c-SHIPPED-0-1782090002000")))
                .isGreaterThanOrEqualTo(-1);
    }

    @Test
    void subWindowsAreWholeHoursAndCoverTheRange() {
        List<InsightsReader.Window> w = InsightsReader.subWindows(T0, T0.plusSeconds(86_400), 60);
        assertThat(w).hasSize(24);
        assertThat(w.get(23).end()).isEqualTo(T0.plusSeconds(86_400));
        List<InsightsReader.Window> week = InsightsReader.subWindows(T0, T0.plusSeconds(7 * 86_400), 600);
        assertThat(week).hasSizeLessThanOrEqualTo(48);
        assertThat(week.get(0).start()).isEqualTo(T0);
        assertThat(week.get(week.size() - 1).end()).isEqualTo(T0.plusSeconds(7 * 86_400));
    }

    @Test
    void moreSubWindowsAreFiveMinuteMultiplesWhenHoursWouldBeTooFew() {
        List<InsightsReader.Window> hour = InsightsReader.subWindows(T0, T0.plusSeconds(3_600), 60, 96);
        assertThat(hour).hasSize(12);
        assertThat(hour.get(1).start()).isEqualTo(T0.plusSeconds(300));
        List<InsightsReader.Window> day = InsightsReader.subWindows(T0, T0.plusSeconds(86_400), 60, 96);
        assertThat(day).hasSize(96);
        assertThat(day.get(1).start()).isEqualTo(T0.plusSeconds(900));
        List<InsightsReader.Window> month = InsightsReader.subWindows(T0, T0.plusSeconds(30 * 86_400), 3_600, 96);
        assertThat(month).hasSizeLessThanOrEqualTo(96);
        assertThat(month.get(1).start()).as("whole hours beyond 96 hours").isEqualTo(T0.plusSeconds(8 * 3_600));
    }

    @Test
    void accessDeniedNamesTheCloudWatchPermission() {
        proxy.fault("GetMetricData", Fault.ACCESS_DENIED, -1);
        MetricsSnapshot s = read();
        assertThat(s.status().state()).isEqualTo(DataState.ACCESS_DENIED);
        assertThat(s.status().permission()).isEqualTo("cloudwatch:GetMetricData");
        assertThat(Verdicts.of(s, Verdicts.limitsOf(shape)).kind()).isEqualTo(Verdict.Kind.UNAVAILABLE);
    }

    @Test
    void throttledCallsAreRetriedWithBackoffUntilTheyPass() {
        proxy.fault("GetMetricData", Fault.THROTTLING, 4);
        MetricsSnapshot s = read();
        assertThat(s.status().state()).isEqualTo(DataState.DATA);
        assertThat(s.raw(TABLE, TableMetric.CONSUMED_WRITE)[0]).isEqualTo(1_010.0);
        assertThat(proxy.operations().size()).isGreaterThanOrEqualTo(5);
    }

    @Test
    void endlessThrottlingEndsAsAFailureThatSaysSo() {
        proxy.fault("GetMetricData", Fault.THROTTLING, -1);
        DataStatus s = read().status();
        assertThat(s.state()).isEqualTo(DataState.FAILED);
        assertThat(s.detail()).contains("kept throttling");
    }

    @Test
    void anEndpointWithoutCloudWatchIsNotSupportedRatherThanEmpty() {
        proxy.fault("GetMetricData", Fault.NOT_IMPLEMENTED, -1);
        DataStatus s = read().status();
        assertThat(s.state()).isEqualTo(DataState.NOT_SUPPORTED);
        assertThat(s.detail()).contains("does not implement GetMetricData").contains("Lab proxy");
    }

    @Test
    void localStackWithoutDynamoDbMetricsIsNotSupportedRatherThanNoData() {
        AwsProfiles none = AwsProfiles.from(home.resolve("config"), home.resolve("credentials"), Map.of());
        try (Connection localStack =
                new ConnectionFactory(none).open(ConnectionSpec.localStack().withEndpoint(proxy.endpoint()))) {
            MetricPlan quiet = MetricPlan.forTable("quiet", List.of(), T0, T0.plusSeconds(3_600), 60);
            DataStatus s = new MetricsReader(localStack)
                    .read(quiet, () -> false, pages -> {})
                    .status();
            assertThat(s.state()).isEqualTo(DataState.NOT_SUPPORTED);
            assertThat(s.detail()).startsWith("LocalStack publishes no AWS/DynamoDB metrics");
        }
        // The same empty answer from the Lab is just "no data": the Lab publishes metrics, the table was idle.
        MetricPlan quiet = MetricPlan.forTable("quiet", List.of(), T0, T0.plusSeconds(3_600), 60);
        MetricsSnapshot s = reader().read(quiet, () -> false, pages -> {});
        assertThat(s.status().state()).isEqualTo(DataState.DATA);
        assertThat(Verdicts.of(s, Map.of()).kind()).isEqualTo(Verdict.Kind.NO_DATA);
    }

    @Test
    void cancellingBeforeTheFirstPageReturnsAPartialAnswerWithoutCalling() {
        MetricsSnapshot s = reader().read(plan, () -> true, pages -> {});
        assertThat(s.status().state()).isEqualTo(DataState.PARTIAL);
        assertThat(proxy.operations()).isEmpty();
    }

    @Test
    void aTimeoutIsAFailureThatSaysTheEndpointDidNotAnswer() {
        proxy.fault("GetMetricData", Fault.TIMEOUT, -1);
        long t = System.nanoTime();
        DataStatus s = read().status();
        assertThat(s.state()).isEqualTo(DataState.FAILED);
        assertThat(s.detail()).contains("did not answer in time");
        assertThat(Duration.ofNanos(System.nanoTime() - t)).isLessThan(Duration.ofSeconds(15));
    }

    @Test
    void aFailedSubWindowMarksOnlyItsOwnColumnsMissing() {
        proxy.fault("GetInsightRuleReport", Fault.ACCESS_DENIED, 1);
        InsightsReader.Result r = insights(new InsightsReader(connection, attempt -> 10, Double.POSITIVE_INFINITY));
        assertThat(r.failedReports()).isEqualTo(1);
        List<KeyTimeMatrix> all = new ArrayList<>(r.partitionKeys().values());
        all.addAll(r.sortKeys().values());
        KeyTimeMatrix hit = all.stream()
                .filter(m -> m.qualities().contains(Quality.MISSING_COLUMNS))
                .findFirst()
                .orElseThrow();
        long missing = java.util.stream.IntStream.range(0, hit.columns())
                .filter(hit::isMissing)
                .count();
        assertThat(missing).isEqualTo(60);
        assertThat(all.stream().filter(m -> m.qualities().contains(Quality.MISSING_COLUMNS)))
                .hasSize(1);
        if (r.partitionKeys().containsValue(hit)) {
            // Partition-key reports feed the top keys: their state says some columns are missing.
            assertThat(r.status().values()).anyMatch(s -> s.state() == DataState.PARTIAL);
        }
    }

    @Test
    void reportsDeniedEverywhereNameTheInsightPermission() {
        proxy.fault("GetInsightRuleReport", Fault.ACCESS_DENIED, -1);
        InsightsReader.Result r = insights(new InsightsReader(connection, attempt -> 10, Double.POSITIVE_INFINITY));
        assertThat(r.status().get(TABLE).state()).isEqualTo(DataState.ACCESS_DENIED);
        assertThat(r.status().get(TABLE).permission()).isEqualTo("cloudwatch:GetInsightRuleReport");
    }

    @Test
    void contributorInsightsOnAnEndpointWithoutItIsNotSupported() {
        proxy.fault("DescribeContributorInsights", Fault.UNKNOWN_OPERATION, -1);
        List<ContributorInsightsState> states = new TableGateway(connection).contributorInsights(shape);
        assertThat(states).extracting(ContributorInsightsState::status).containsOnly(Status.NOT_SUPPORTED);
        assertThat(InsightsReader.readiness(states.get(0)).state()).isEqualTo(DataState.NOT_SUPPORTED);
    }

    @Test
    void rulesComeFromDescribeContributorInsights() {
        List<ContributorInsightsState> states = new TableGateway(connection).contributorInsights(shape);
        ContributorInsightsState table =
                states.stream().filter(s -> s.indexName() == null).findFirst().orElseThrow();
        assertThat(table.status()).isEqualTo(Status.ENABLED);
        assertThat(table.rules()).hasSize(4).allMatch(n -> n.startsWith("DynamoDBContributorInsights-"));
        assertThat(InsightsReader.rules(table))
                .extracting(rule -> rule.kind().name())
                .containsExactlyInAnyOrder("PKC", "PKT", "SKC", "SKT");
    }

    @Test
    void seriesCloudWatchRefusesAreUnknownNotZeroAndGiveNoVerdict() {
        proxy.refuseEverySeries();
        MetricsSnapshot s = read();

        assertThat(s.status().state()).as(s.status().detail()).isEqualTo(DataState.ACCESS_DENIED);
        assertThat(s.status().permission()).isEqualTo("cloudwatch:GetMetricData");
        assertThat(s.status().detail()).contains("refused (Forbidden)").contains("unknown, not zero");
        assertThat(s.total(TABLE, TableMetric.WRITE_KEY_RANGE)).isNaN();
        assertThat(s.display(TABLE, TableMetric.WRITE_THROTTLES)).containsOnly(Double.NaN);
        assertThat(s.incomplete())
                .hasSize(plan.queries().size())
                .containsValue(dev.partitionscope.core.metrics.SeriesAnswer.FORBIDDEN);
        Verdict v = Verdicts.of(s, Verdicts.limitsOf(shape));
        assertThat(v.kind()).isEqualTo(Verdict.Kind.UNAVAILABLE);
        assertThat(v.headline()).doesNotContain("No throttling");
    }

    @Test
    void oneRefusedCauseSeriesIsNamedAndNeverCountedAsZero() {
        String keyRange = plan.queries().stream()
                .filter(q -> q.resource().equals(TABLE) && q.metric() == TableMetric.WRITE_KEY_RANGE)
                .findFirst()
                .orElseThrow()
                .id();
        proxy.rewrite("GetMetricData", doc -> {
            for (var r : doc.path("MetricDataResults")) {
                if (r.path("Id").asText().equals(keyRange)) {
                    ((com.fasterxml.jackson.databind.node.ObjectNode) r)
                            .put("StatusCode", "Forbidden")
                            .putArray("Timestamps");
                    ((com.fasterxml.jackson.databind.node.ObjectNode) r).putArray("Values");
                }
            }
        });
        MetricsSnapshot s = read();

        assertThat(s.status().state()).isEqualTo(DataState.PARTIAL);
        assertThat(s.status().detail()).contains("1 of " + plan.queries().size() + " series");
        assertThat(s.total(TABLE, TableMetric.WRITE_KEY_RANGE)).isNaN();
        assertThat(s.total(TABLE, TableMetric.WRITE_THROTTLES)).isEqualTo(500.0);
        Verdict v = Verdicts.of(s, Verdicts.limitsOf(shape));
        assertThat(v.detail())
                .contains("WriteKeyRangeThroughputThrottleEvents refused (Forbidden)")
                .contains("the counts may be low");
    }

    @Test
    void withoutListMetricsThePlanStaysAsDocumentedAndSaysWhatItCouldNotCheck() {
        proxy.fault("ListMetrics", Fault.ACCESS_DENIED, -1);
        MetricsSnapshot s = read();

        assertThat(s.status().state()).isEqualTo(DataState.DATA);
        assertThat(s.plan().queries()).hasSameSizeAs(plan.queries());
        assertThat(s.plan().notes())
                .anyMatch(n ->
                        n.startsWith("Could not list this table's metrics") && n.contains("cloudwatch:ListMetrics"));
    }

    @Test
    void aRuleThatNoLongerExistsIsMissingNotUnsupported() {
        MetricsSnapshot s = read();
        String gone = "DynamoDBContributorInsights-PKC-orders-1000000000000";
        List<ContributorInsightsState> states = List.of(new ContributorInsightsState(
                "orders", null, Status.ENABLED, "ACCESSED_AND_THROTTLED_KEYS", null, List.of(gone)));
        InsightsReader.Result r = new InsightsReader(connection, attempt -> 10, Double.POSITIVE_INFINITY)
                .load(
                        new InsightsReader.Request(
                                states,
                                plan.start(),
                                60,
                                plan.columns(),
                                s.throughputUnitsByResource(),
                                InsightsReader.PARTITION_KEY_RULES),
                        () -> false,
                        (d, t) -> {});

        DataStatus status = r.status().get(TABLE);
        assertThat(status.state()).isEqualTo(DataState.RULE_MISSING);
        assertThat(status.detail()).contains(gone).contains("refresh the status");
    }
}
