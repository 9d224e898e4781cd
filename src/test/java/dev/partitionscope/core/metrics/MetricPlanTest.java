package dev.partitionscope.core.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class MetricPlanTest {
    private static final Instant T = Instant.parse("2026-06-22T01:00:00Z");

    @Test
    void asksForEveryPerResourceMetricOfTheTableAndEachGsiAndPerOperationSeries() {
        MetricPlan plan = MetricPlan.forTable("orders", List.of("a", "b", "c", "d", "e"), T, T.plusSeconds(86_400), 60);
        long perResource = java.util.Arrays.stream(TableMetric.values())
                .filter(TableMetric::perResource)
                .count();
        assertThat(perResource).isEqualTo(14);
        // WriteAccountLimitThrottleEvents is published per table only: one fewer series per GSI.
        assertThat(plan.queries()).hasSize((int) (6 * perResource - 5 + 2L * MetricPlan.OPERATIONS.size()));
        assertThat(plan.queries())
                .filteredOn(q -> q.metric() == TableMetric.WRITE_ACCOUNT_LIMIT)
                .extracting(MetricQuery::resource)
                .containsExactly(Resource.table("orders"));
        assertThat(plan.queries())
                .filteredOn(q -> q.metric() == TableMetric.READ_ACCOUNT_LIMIT)
                .hasSize(6);
        assertThat(plan.notes())
                .singleElement()
                .asString()
                .contains("WriteAccountLimitThrottleEvents is published" + " per table only");
        assertThat(plan.columns()).isEqualTo(1_440);
        assertThat(plan.queries())
                .filteredOn(q ->
                        q.resource().equals(Resource.index("orders", "c")) && q.metric() == TableMetric.WRITE_KEY_RANGE)
                .hasSize(1);
    }

    @Test
    void queryIdsAreUniqueAndValidForCloudWatch() {
        MetricPlan plan = MetricPlan.forTable("orders", List.of("byStatus"), T, T.plusSeconds(3_600), 60);
        Set<String> ids = new HashSet<>();
        for (MetricQuery q : plan.queries()) {
            assertThat(q.id()).matches("^[a-z][a-zA-Z0-9_]*$");
            assertThat(ids.add(q.id())).isTrue();
        }
    }

    @Test
    void batchesHoldAtMostFiveHundredQueries() {
        List<String> many =
                java.util.stream.IntStream.range(0, 40).mapToObj(i -> "gsi" + i).toList();
        MetricPlan plan = MetricPlan.forTable("orders", many, T, T.plusSeconds(3_600), 60);
        assertThat(plan.queries()).hasSize(41 * 14 - 40 + 26);
        List<List<MetricQuery>> batches = plan.batches(MetricPlan.MAX_QUERIES_PER_CALL);
        assertThat(batches).hasSize(2);
        assertThat(batches.get(0)).hasSize(500);
        assertThat(batches.get(1)).hasSize(41 * 14 - 40 + 26 - 500);
    }

    @Test
    void windowIsAlignedOutwardsToWholePeriods() {
        MetricPlan plan = MetricPlan.forTable("t", List.of(), T.plusSeconds(90), T.plusSeconds(3_630), 300);
        assertThat(plan.start()).isEqualTo(T);
        assertThat(plan.end()).isEqualTo(T.plusSeconds(3_900));
        assertThat(plan.columns()).isEqualTo(13);
        assertThat(plan.column(T.plusSeconds(299))).isZero();
        assertThat(plan.column(T.plusSeconds(300))).isEqualTo(1);
        assertThat(plan.column(T.minusSeconds(1))).isEqualTo(-1);
        assertThat(plan.column(T.plusSeconds(3_900))).isEqualTo(-1);
    }

    @Test
    void refusesPeriodsCloudWatchDoesNotAccept() {
        assertThatThrownBy(() -> MetricPlan.forTable("t", List.of(), T, T.plusSeconds(600), 90))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("multiple of 60");
    }

    private static PublishedMetrics.Listed listed(String metric, String... dims) {
        java.util.Map<String, String> m = new java.util.HashMap<>();
        for (int i = 0; i < dims.length; i += 2) {
            m.put(dims[i], dims[i + 1]);
        }
        return new PublishedMetrics.Listed(metric, m);
    }

    @Test
    void aPartiqlOperationPublishedByVerbIsReadPerVerbInsteadOfOneUnsplitSeries() {
        MetricPlan plan = MetricPlan.forTable("orders", List.of(), T, T.plusSeconds(3_600), 60)
                .withPublished(PublishedMetrics.listed(List.of(
                        listed(
                                "ThrottledRequests",
                                "TableName",
                                "orders",
                                "Operation",
                                "ExecuteStatement",
                                "Verb",
                                "PartiQLUpdate"),
                        listed(
                                "ThrottledRequests",
                                "TableName",
                                "orders",
                                "Operation",
                                "ExecuteStatement",
                                "Verb",
                                "PartiQLSelect"),
                        listed(
                                "SuccessfulRequestLatency",
                                "TableName",
                                "orders",
                                "Operation",
                                "ExecuteStatement",
                                "Verb",
                                "PartiQLSelect"),
                        listed(
                                "ThrottledRequests",
                                "TableName",
                                "orders",
                                "Operation",
                                "ExecuteTransaction",
                                "OperationType",
                                "Write"),
                        listed(
                                "ThrottledRequests",
                                "TableName",
                                "other",
                                "Operation",
                                "ExecuteStatement",
                                "Verb",
                                "PartiQLDelete"))));

        assertThat(plan.perOperation(TableMetric.THROTTLED_REQUESTS))
                .extracting(MetricQuery.Key::label)
                .contains(
                        "PutItem",
                        "ExecuteStatement PartiQLSelect",
                        "ExecuteStatement PartiQLUpdate",
                        "ExecuteTransaction Write",
                        "BatchExecuteStatement")
                .doesNotContain("ExecuteStatement", "ExecuteTransaction", "ExecuteStatement PartiQLDelete");
        assertThat(plan.perOperation(TableMetric.LATENCY))
                .extracting(MetricQuery.Key::label)
                .contains("ExecuteStatement PartiQLSelect", "ExecuteTransaction")
                .doesNotContain("ExecuteStatement");
        assertThat(plan.notes())
                .anyMatch(
                        n -> n.startsWith("ExecuteStatement is published by Verb (PartiQLSelect," + " PartiQLUpdate)"));
        Set<String> ids = new HashSet<>();
        plan.queries().forEach(q -> assertThat(ids.add(q.id())).as(q.id()).isTrue());
    }

    @Test
    void aGlobalTablesWriteUnitsBySourceAreReadPerSourceAndSummedWhenNoTotalIsListed() {
        MetricPlan plan = MetricPlan.forTable("orders", List.of("byStatus"), T, T.plusSeconds(3_600), 60)
                .withPublished(PublishedMetrics.listed(List.of(
                        listed("ConsumedWriteCapacityUnits", "TableName", "orders", "Source", "Customer"),
                        listed("ConsumedWriteCapacityUnits", "TableName", "orders", "Source", "GlobalTable"),
                        listed(
                                "ConsumedWriteCapacityUnits",
                                "TableName",
                                "orders",
                                "GlobalSecondaryIndexName",
                                "byStatus"),
                        listed(
                                "ConsumedWriteCapacityUnits",
                                "TableName",
                                "orders",
                                "GlobalSecondaryIndexName",
                                "byStatus",
                                "Source",
                                "GlobalTable"))));

        MetricQuery.Key total = new MetricQuery.Key(Resource.table("orders"), TableMetric.CONSUMED_WRITE, null);
        assertThat(plan.totalsOfSplits()).containsExactly(total);
        assertThat(plan.queries())
                .extracting(MetricQuery::key)
                .doesNotContain(total)
                .contains(new MetricQuery.Key(
                        Resource.table("orders"),
                        TableMetric.CONSUMED_WRITE,
                        null,
                        new MetricQuery.Split("Source", "GlobalTable")))
                .contains(new MetricQuery.Key(Resource.index("orders", "byStatus"), TableMetric.CONSUMED_WRITE, null));
        assertThat(plan.plans(total)).isTrue();

        // Summed from its splits: a Sum statistic adds up; unknown as soon as one split is.
        MetricsSnapshot.Builder b = new MetricsSnapshot.Builder(plan);
        plan.queries().forEach(q -> b.answered(q.id()));
        for (MetricQuery q : plan.queries()) {
            if (q.split() != null && q.resource().isTable()) {
                b.point(q.id(), T, q.split().value().equals("Customer") ? 600 : 120);
            }
        }
        MetricsSnapshot s = b.build(DataStatus.DATA);
        assertThat(s.total(total)).isEqualTo(720.0);
        assertThat(s.complete(total)).isTrue();
    }

    @Test
    void withoutAListingThePlanStaysAsDocumentedAndSaysWhatItCouldNotCheck() {
        MetricPlan documented = MetricPlan.forTable("orders", List.of(), T, T.plusSeconds(3_600), 60);
        MetricPlan plan = documented.withPublished(PublishedMetrics.unknown("access denied (cloudwatch:ListMetrics)"));
        assertThat(plan.queries()).isEqualTo(documented.queries());
        assertThat(plan.notes())
                .singleElement()
                .asString()
                .contains("cloudwatch:ListMetrics")
                .contains("not broken out");
    }
}
