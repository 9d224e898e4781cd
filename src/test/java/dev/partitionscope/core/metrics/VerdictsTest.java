package dev.partitionscope.core.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.core.metrics.TableMetric.Cause;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class VerdictsTest {
    private static final Instant T = Instant.parse("2026-06-22T01:00:00Z");
    private static final Resource TABLE = Resource.table("orders");
    private static final Resource GSI = Resource.index("orders", "byStatus");
    private static final Map<Resource, Verdicts.Limits> PROVISIONED = Map.of(
            TABLE, new Verdicts.Limits(false, 5_000, 5_000, false),
            GSI, new Verdicts.Limits(false, 1_000, 1_000, false));

    private final MetricPlan plan = MetricPlan.forTable("orders", List.of("byStatus"), T, T.plusSeconds(3_600), 60);
    private final MetricsSnapshot.Builder b = new MetricsSnapshot.Builder(plan);

    private void put(Resource r, TableMetric m, int fromMinute, int toMinute, double perMinute) {
        String id = plan.queries().stream()
                .filter(q -> q.resource().equals(r) && q.metric() == m && q.operation() == null)
                .findFirst()
                .orElseThrow()
                .id();
        b.answered(id);
        for (int i = fromMinute; i < toMinute; i++) {
            b.point(id, T.plusSeconds(60L * i), perMinute);
        }
    }

    private void answerAll() {
        plan.queries().forEach(q -> b.answered(q.id()));
    }

    @Test
    void keyRangeThrottlesOnAMostlyIdleTableAreAHotPartition() {
        answerAll();
        put(TABLE, TableMetric.CONSUMED_WRITE, 0, 10, 60_000); // 1,000 WCU/s of 5,000
        put(TABLE, TableMetric.WRITE_THROTTLES, 0, 10, 124);
        put(TABLE, TableMetric.WRITE_KEY_RANGE, 0, 10, 124);
        Verdict v = Verdicts.of(b.build(DataStatus.DATA), PROVISIONED);
        assertThat(v.kind()).isEqualTo(Verdict.Kind.HOT_PARTITION);
        assertThat(v.headline())
                .isEqualTo("Hot partition: 1,240 KeyRange write throttles while the table used 20 %"
                        + " of its provisioned 5,000 WCU/s");
        assertThat(v.utilization()).isEqualTo(20.0);
        assertThat(v.events()).containsEntry(Cause.KEY_RANGE, 1_240L);
        assertThat(v.pointsAtKeys()).isTrue();
        assertThat(v.inferred()).isFalse();
        assertThat(v.detail()).contains("1,000 WCU/s").contains("sharding designer");
    }

    @Test
    void provisionedThrottlesAtFullUseAreTheTableLimit() {
        answerAll();
        put(TABLE, TableMetric.CONSUMED_WRITE, 0, 60, 297_000); // 4,950 WCU/s of 5,000
        put(TABLE, TableMetric.WRITE_THROTTLES, 30, 40, 83);
        put(TABLE, TableMetric.WRITE_PROVISIONED, 30, 40, 83);
        put(TABLE, TableMetric.WRITE_KEY_RANGE, 30, 31, 5);
        Verdict v = Verdicts.of(b.build(DataStatus.DATA), PROVISIONED);
        assertThat(v.kind()).isEqualTo(Verdict.Kind.TABLE_AT_PROVISIONED_LIMIT);
        assertThat(v.headline())
                .startsWith("Table at its provisioned limit: 830 provisioned-capacity write throttles"
                        + " while the table used 99 %");
        assertThat(v.detail()).contains("Also: 5 hot partition (KeyRange)");
        assertThat(v.pointsAtKeys()).isFalse();
    }

    @Test
    void trafficWithoutThrottlesSaysSoAndNamesTheBusiestPeriod() {
        answerAll();
        put(TABLE, TableMetric.CONSUMED_READ, 0, 60, 60_000); // 1,000 RCU/s of 5,000
        put(GSI, TableMetric.CONSUMED_WRITE, 5, 6, 30_000); // 500 WCU/s of 1,000 at the peak
        Verdict v = Verdicts.of(b.build(DataStatus.DATA), PROVISIONED);
        assertThat(v.kind()).isEqualTo(Verdict.Kind.NO_THROTTLING);
        assertThat(v.headline()).isEqualTo("No throttling");
        assertThat(v.resource()).isEqualTo(GSI);
        assertThat(v.utilization()).isEqualTo(50.0);
        assertThat(v.detail()).contains("index byStatus writes at 50 % of provisioned 1,000 WCU/s");
    }

    @Test
    void noConsumedDatapointsMeansNoTrafficNotNoThrottling() {
        answerAll();
        Verdict v = Verdicts.of(b.build(DataStatus.DATA), PROVISIONED);
        assertThat(v.kind()).isEqualTo(Verdict.Kind.NO_DATA);
    }

    @Test
    void withoutCauseMetricsLowUtilizationIsInferredToBeAHotPartition() {
        put(TABLE, TableMetric.CONSUMED_WRITE, 0, 10, 30_000); // 500 WCU/s of 5,000
        put(TABLE, TableMetric.WRITE_THROTTLES, 0, 10, 12);
        Verdict v = Verdicts.of(b.build(DataStatus.DATA), PROVISIONED);
        assertThat(v.kind()).isEqualTo(Verdict.Kind.HOT_PARTITION);
        assertThat(v.inferred()).isTrue();
        assertThat(v.headline())
                .isEqualTo("Hot partition: 120 write throttles while the table used 10 % of its"
                        + " provisioned 5,000 WCU/s");
        assertThat(v.detail()).contains("inferred from utilization");
    }

    @Test
    void aThrottlingGsiIsNamedAndItsBackPressureExplained() {
        answerAll();
        put(GSI, TableMetric.CONSUMED_WRITE, 0, 5, 12_000); // 200 WCU/s of 1,000
        put(GSI, TableMetric.WRITE_THROTTLES, 0, 5, 40);
        put(GSI, TableMetric.WRITE_KEY_RANGE, 0, 5, 40);
        Verdict v = Verdicts.of(b.build(DataStatus.DATA), PROVISIONED);
        assertThat(v.kind()).isEqualTo(Verdict.Kind.HOT_PARTITION);
        assertThat(v.resource()).isEqualTo(GSI);
        assertThat(v.headline()).contains("index byStatus used 20 %");
        assertThat(v.detail()).contains("also throttle writes to the base table");
    }

    @Test
    void onDemandMaximumIsItsOwnVerdict() {
        answerAll();
        Map<Resource, Verdicts.Limits> onDemand = Map.of(TABLE, new Verdicts.Limits(true, 40_000, 40_000, true));
        put(TABLE, TableMetric.CONSUMED_WRITE, 0, 1, 2_400_000);
        put(TABLE, TableMetric.WRITE_THROTTLES, 0, 1, 7);
        put(TABLE, TableMetric.WRITE_MAX_ON_DEMAND, 0, 1, 7);
        Verdict v = Verdicts.of(b.build(DataStatus.DATA), onDemand);
        assertThat(v.kind()).isEqualTo(Verdict.Kind.ON_DEMAND_MAXIMUM);
        assertThat(v.headline()).contains("100 % of its on-demand maximum (40,000 WCU/s, the default)");
        assertThat(v.detail()).contains("MaxWriteRequestUnits");
    }

    @Test
    void unavailableMetricsGiveNoVerdictButSayWhy() {
        Verdict v = Verdicts.of(
                MetricsSnapshot.failed(plan, DataStatus.accessDenied("cloudwatch:GetMetricData")), PROVISIONED);
        assertThat(v.kind()).isEqualTo(Verdict.Kind.UNAVAILABLE);
        assertThat(v.detail()).isEqualTo("Access denied — needs cloudwatch:GetMetricData (docs/iam.md)");
    }

    @Test
    void consumedUnitsAreShownPerSecondAndProvisionedCarriedForward() {
        put(TABLE, TableMetric.CONSUMED_WRITE, 0, 1, 6_000);
        put(TABLE, TableMetric.PROVISIONED_WRITE, 5, 6, 5_000);
        answerAll();
        MetricsSnapshot s = b.build(DataStatus.DATA);
        assertThat(s.display(TABLE, TableMetric.CONSUMED_WRITE)[0]).isEqualTo(100.0);
        assertThat(s.display(TABLE, TableMetric.CONSUMED_WRITE)[1]).isNaN();
        double[] prov = s.display(TABLE, TableMetric.PROVISIONED_WRITE);
        assertThat(prov[0]).isEqualTo(5_000);
        assertThat(prov[59]).isEqualTo(5_000);
        assertThat(s.display(TABLE, TableMetric.WRITE_THROTTLES)[3]).isZero();
        assertThat(s.stateOf(TABLE, List.of(new MetricQuery.Key(TABLE, TableMetric.WRITE_THROTTLES, null)))
                        .state())
                .isEqualTo(DataState.ZERO);
        assertThat(s.stateOf(GSI, List.of(new MetricQuery.Key(GSI, TableMetric.CONSUMED_READ, null)))
                        .state())
                .isEqualTo(DataState.NO_DATA);
    }
}
