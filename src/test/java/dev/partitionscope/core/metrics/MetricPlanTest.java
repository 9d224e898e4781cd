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
        MetricPlan plan = MetricPlan.forTable("orders", List.of("a", "b", "c", "d", "e"), T, T.plusSeconds(86_400),
                60);
        long perResource = java.util.Arrays.stream(TableMetric.values()).filter(TableMetric::perResource).count();
        assertThat(perResource).isEqualTo(14);
        assertThat(plan.queries()).hasSize((int) (6 * perResource + 2 * MetricPlan.OPERATIONS.size()));
        assertThat(plan.columns()).isEqualTo(1_440);
        assertThat(plan.queries()).filteredOn(q -> q.resource().equals(Resource.index("orders", "c"))
                && q.metric() == TableMetric.WRITE_KEY_RANGE).hasSize(1);
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
        List<String> many = java.util.stream.IntStream.range(0, 40).mapToObj(i -> "gsi" + i).toList();
        MetricPlan plan = MetricPlan.forTable("orders", many, T, T.plusSeconds(3_600), 60);
        assertThat(plan.queries()).hasSize(41 * 14 + 26);
        List<List<MetricQuery>> batches = plan.batches(MetricPlan.MAX_QUERIES_PER_CALL);
        assertThat(batches).hasSize(2);
        assertThat(batches.get(0)).hasSize(500);
        assertThat(batches.get(1)).hasSize(41 * 14 + 26 - 500);
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
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("multiple of 60");
    }
}
