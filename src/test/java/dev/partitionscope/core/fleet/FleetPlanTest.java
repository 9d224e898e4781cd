package dev.partitionscope.core.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.core.metrics.MetricQuery;
import dev.partitionscope.core.metrics.Resource;
import dev.partitionscope.core.metrics.SeriesAnswer;
import dev.partitionscope.core.metrics.TableMetric;
import dev.partitionscope.core.metrics.Verdicts;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FleetPlanTest {
    private static final Instant T0 = Instant.parse("2026-06-22T01:00:00Z");
    private static final Resource HOT = Resource.table("hot");
    private static final Resource GSI = Resource.index("hot", "byStatus");
    private static final Resource REFUSED = Resource.table("refused");

    private final FleetPlan plan = new FleetPlan(T0, 60, 3, List.of(REFUSED, HOT, GSI));
    private final Map<String, FleetPlan.Series> answers = new HashMap<>();

    private void answer(Resource r, TableMetric m, SeriesAnswer a, double... values) {
        for (MetricQuery q : plan.queries()) {
            if (q.resource().equals(r) && q.metric() == m) {
                answers.put(q.id(), new FleetPlan.Series(values, a));
            }
        }
    }

    private void allZero(Resource r) {
        for (TableMetric m : FleetPlan.METRICS) {
            answer(r, m, SeriesAnswer.COMPLETE, Double.NaN, Double.NaN, Double.NaN);
        }
    }

    @Test
    void twelveSeriesPerTableAndTheWriteAccountLimitOnlyPerTable() {
        long perGsi =
                plan.queries().stream().filter(q -> q.resource().equals(GSI)).count();
        assertThat(plan.queries().stream().filter(q -> q.resource().equals(HOT)))
                .hasSize(12);
        // CloudWatch lists WriteAccountLimitThrottleEvents with TableName only, never per GSI.
        assertThat(perGsi).isEqualTo(11);
    }

    @Test
    void keyRangeFirstAndARefusedSeriesIsUnknownNeverZero() {
        allZero(HOT);
        allZero(GSI);
        allZero(REFUSED);
        answer(HOT, TableMetric.WRITE_KEY_RANGE, SeriesAnswer.COMPLETE, 300, Double.NaN, 200);
        answer(HOT, TableMetric.WRITE_THROTTLES, SeriesAnswer.COMPLETE, 300, Double.NaN, 260);
        answer(HOT, TableMetric.WRITE_PROVISIONED, SeriesAnswer.COMPLETE, Double.NaN, Double.NaN, 60);
        answer(HOT, TableMetric.CONSUMED_WRITE, SeriesAnswer.COMPLETE, 60_000, 30_000, Double.NaN);
        answer(REFUSED, TableMetric.READ_KEY_RANGE, SeriesAnswer.FORBIDDEN, Double.NaN, Double.NaN, Double.NaN);
        Map<Resource, FleetPlan.Facts> facts = Map.of(
                HOT, new FleetPlan.Facts(new Verdicts.Limits(false, 1_000, 2_000, false), "ENABLED", "NEW_IMAGE"),
                GSI, new FleetPlan.Facts(new Verdicts.Limits(false, 100, 100, false), "DISABLED", "ignored"));

        List<FleetRow> rows = plan.rows(answers, facts);

        assertThat(rows).extracting(FleetRow::label).containsExactly("hot", "hot · byStatus", "refused");
        FleetRow hot = rows.get(0);
        assertThat(hot.keyRangeThrottles()).isEqualTo(500L);
        assertThat(hot.otherThrottles()).isEqualTo(60L);
        assertThat(hot.consumedWriteUnits()).isEqualTo(90_000.0);
        // 60,000 WCU in a minute = 1,000 WCU/s against 2,000 provisioned.
        assertThat(hot.peakPercentOfCapacity()).isEqualTo(50.0);
        assertThat(hot.stream()).isEqualTo("NEW_IMAGE");
        assertThat(hot.throttleSparkline()).containsExactly(300, 0, 260);
        assertThat(rows.get(1).stream()).isNull();
        FleetRow refused = rows.get(2);
        assertThat(refused.keyRangeThrottles()).isNull();
        assertThat(refused.otherThrottles()).isZero();
        assertThat(refused.peakPercentOfCapacity()).isNull(); // no DescribeTable facts
        assertThat(refused.throttleSparkline()[0]).isNaN();
    }
}
