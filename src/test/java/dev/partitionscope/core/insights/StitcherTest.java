package dev.partitionscope.core.insights;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.core.heat.KeyTimeMatrix;
import dev.partitionscope.core.heat.MatrixUnit;
import dev.partitionscope.core.heat.Provenance;
import dev.partitionscope.core.heat.Quality;
import dev.partitionscope.core.heat.RowKey;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class StitcherTest {
    private static final Instant T10 = Instant.parse("2026-06-22T10:00:00Z");
    private static final Instant T11 = Instant.parse("2026-06-22T11:00:00Z");
    private static final Instant T12 = Instant.parse("2026-06-22T12:00:00Z");
    private static final Instant T13 = Instant.parse("2026-06-22T13:00:00Z");
    private static final InsightRule PKC =
            new InsightRule("orders", null, RuleKind.PKC, "DynamoDBContributorInsights-PKC-orders-1719018000000");
    private static final InsightRule PKT =
            new InsightRule("orders", null, RuleKind.PKT, "DynamoDBContributorInsights-PKT-orders-1719018000000");
    private static final InsightRule SKC =
            new InsightRule("orders", null, RuleKind.SKC, "DynamoDBContributorInsights-SKC-orders-1719018000000");

    /** A contributor with datapoints given as alternating "HH:mm" minutes and values. */
    private static Contributor contributor(List<String> keys, Object... minuteValuePairs) {
        long[] times = new long[minuteValuePairs.length / 2];
        double[] values = new double[times.length];
        for (int i = 0; i < times.length; i++) {
            times[i] = Instant.parse("2026-06-22T" + minuteValuePairs[2 * i] + ":00Z")
                    .getEpochSecond();
            values[i] = ((Number) minuteValuePairs[2 * i + 1]).doubleValue();
        }
        return new Contributor(keys, Arrays.stream(values).sum(), times, values);
    }

    private static RuleReport report(InsightRule rule, Instant start, Instant end, Contributor... contributors) {
        return new RuleReport(rule, start, end, 60, List.of(contributors), contributors.length, null);
    }

    /** Three hours of minutes from 10:00, partition-key level. */
    private static StitchRequest request(List<RuleReport> accessed, List<RuleReport> throttled, double[] totals) {
        return new StitchRequest(T10, 60, 180, "orders", null, false, accessed, throttled, totals);
    }

    private static RowKey key(String pk) {
        return RowKey.of("orders", null, pk);
    }

    @Test
    void keysHotInDifferentHoursBothAppearInTheirOwnColumns() {
        RuleReport hour1 = report(PKC, T10, T11, contributor(List.of("A"), "10:05", 90_000, "10:06", 120_000));
        RuleReport hour2 = report(PKC, T11, T12, contributor(List.of("B"), "11:30", 180_000));

        KeyTimeMatrix m = Stitcher.stitch(request(List.of(hour1, hour2), List.of(), null));

        int a = m.indexOf(key("A"));
        int b = m.indexOf(key("B"));
        assertThat(m.rowCount()).isEqualTo(2);
        assertThat(m.value(a, 5)).isEqualTo(90_000);
        assertThat(m.value(a, 6)).isEqualTo(120_000);
        assertThat(m.value(b, 90)).isEqualTo(180_000);
        assertThat(m.value(b, 5)).isZero();
        assertThat(m.value(a, 90)).isZero();
        assertThat(m.rowPeakColumn(b)).isEqualTo(90);
        assertThat(m.total()).isEqualTo(390_000);
        assertThat(m.unit()).isEqualTo(MatrixUnit.CONSUMED_UNITS_PER_MINUTE);
        assertThat(m.provenance()).isEqualTo(Provenance.CONTRIBUTOR_INSIGHTS_STITCHED);
        assertThat(m.qualities()).containsExactly(Quality.APPROXIMATE);
        assertThat(m.columns()).isEqualTo(180);
        assertThat(m.start()).isEqualTo(T10);
    }

    @Test
    void aDatapointOnTheSharedEdgeOfTwoWindowsCountsOnce() {
        RuleReport hour1 = report(PKC, T10, T11, contributor(List.of("A"), "10:59", 10, "11:00", 50_000));
        RuleReport hour2 = report(PKC, T11, T12, contributor(List.of("A"), "11:00", 50_000, "11:01", 20));
        RuleReport throttled1 = report(PKT, T10, T11, contributor(List.of("A"), "11:00", 3));
        RuleReport throttled2 = report(PKT, T11, T12, contributor(List.of("A"), "11:00", 3));

        KeyTimeMatrix m = Stitcher.stitch(request(List.of(hour1, hour2), List.of(throttled1, throttled2), null));

        assertThat(m.value(0, 60)).isEqualTo(50_000);
        assertThat(m.throttles(0, 60)).isEqualTo(3);
        assertThat(m.rowTotal(0)).isEqualTo(50_030);
    }

    @Test
    void aFailedSubWindowMarksExactlyItsColumnsMissing() {
        RuleReport hour1 = report(PKC, T10, T11, contributor(List.of("A"), "10:30", 100));
        RuleReport hour2 = RuleReport.ofFailure(PKC, T11, T12, 60, "ThrottlingException: Rate exceeded");
        RuleReport hour3 = report(PKC, T12, T13, contributor(List.of("A"), "12:30", 100));

        KeyTimeMatrix m = Stitcher.stitch(request(List.of(hour1, hour2, hour3), List.of(), null));

        assertThat(m.isMissing(59)).isFalse();
        assertThat(m.isMissing(60)).isTrue();
        assertThat(m.isMissing(119)).isTrue();
        assertThat(m.isMissing(120)).isFalse();
        long missing = IntStream.range(0, m.columns()).filter(m::isMissing).count();
        assertThat(missing).isEqualTo(60);
        assertThat(m.missingReason(75)).isEqualTo("ThrottlingException: Rate exceeded");
        assertThat(m.qualities()).contains(Quality.MISSING_COLUMNS).doesNotContain(Quality.TRUNCATED);
        assertThat(m.rowTotal(0)).isEqualTo(200);
    }

    @Test
    void aReportThatListsFewerKeysThanContributedFlagsTruncated() {
        RuleReport listed = new RuleReport(PKC, T10, T11, 60, List.of(contributor(List.of("A"), "10:00", 5)), 40, null);
        RuleReport complete = report(PKC, T11, T12, contributor(List.of("B"), "11:00", 5));

        assertThat(listed.truncated()).isTrue();
        assertThat(complete.truncated()).isFalse();
        assertThat(Stitcher.stitch(request(List.of(complete), List.of(), null)).qualities())
                .doesNotContain(Quality.TRUNCATED);
        assertThat(Stitcher.stitch(request(List.of(listed, complete), List.of(), null))
                        .qualities())
                .contains(Quality.TRUNCATED, Quality.APPROXIMATE);
        assertThat(RuleReport.ofFailure(PKC, T10, T11, 60, "boom").truncated()).isFalse();
    }

    @Test
    void otherKeysAreTheTableTotalMinusTheShownKeysAndNeverNegative() {
        double[] totals = new double[180];
        Arrays.fill(totals, Double.NaN);
        totals[5] = 100_000; // A shows 90,000
        totals[6] = 100_000; // A shows 120,000: approximations overshoot, other stays 0
        totals[8] = 500; // nobody shown
        totals[70] = 999; // in the failed hour: unknown, not estimated
        RuleReport hour1 = report(PKC, T10, T11, contributor(List.of("A"), "10:05", 90_000, "10:06", 120_000));
        RuleReport hour2 = RuleReport.ofFailure(PKC, T11, T12, 60, "timeout");

        KeyTimeMatrix m = Stitcher.stitch(request(List.of(hour1, hour2), List.of(), totals));

        int other = m.indexOf(RowKey.other("orders", null));
        assertThat(other).isEqualTo(m.rowCount() - 1);
        assertThat(m.value(other, 5)).isEqualTo(10_000);
        assertThat(m.value(other, 6)).isZero();
        assertThat(m.value(other, 8)).isEqualTo(500);
        assertThat(m.value(other, 7)).isZero();
        assertThat(m.value(other, 70)).isZero();
        assertThat(m.rowTotal(other)).isEqualTo(10_500);
        assertThat(m.qualities()).contains(Quality.OTHER_ESTIMATED, Quality.MISSING_COLUMNS);
    }

    @Test
    void theOtherKeysRowIsPresentWhenTotalsAreGivenEvenIfItIsEmpty() {
        RuleReport hour1 = report(PKC, T10, T11, contributor(List.of("A"), "10:05", 90_000));

        KeyTimeMatrix m = Stitcher.stitch(request(List.of(hour1), List.of(), new double[180]));

        int other = m.indexOf(RowKey.other("orders", null));
        assertThat(other).isEqualTo(1);
        assertThat(m.rowTotal(other)).isZero();
    }

    @Test
    void sortKeyLevelRowsCarryTheSortKeyAndTheRestOfTheTableIsOther() {
        RuleReport report = report(
                SKC,
                T10,
                T11,
                contributor(List.of("PENDING", "2026-06-22#17"), "10:10", 7_000),
                contributor(List.of("PENDING", "2026-06-22#18"), "10:10", 3_000));
        double[] totals = new double[180];
        Arrays.fill(totals, 50_000);

        KeyTimeMatrix m = Stitcher.stitch(
                new StitchRequest(T10, 60, 180, "orders", null, true, List.of(report), List.of(), totals));

        assertThat(m.rowCount()).isEqualTo(3);
        assertThat(m.row(0)).isEqualTo(RowKey.of("orders", null, "PENDING", "2026-06-22#17"));
        assertThat(m.row(0).label()).isEqualTo("PENDING / 2026-06-22#17");
        assertThat(m.value(1, 10)).isEqualTo(3_000);
        // Pairs add up to their key's units, so the table total minus the pairs shown is the other pairs' share.
        int other = m.indexOf(RowKey.other("orders", null));
        assertThat(other).isEqualTo(2);
        assertThat(m.value(other, 10)).isEqualTo(40_000);
        assertThat(m.qualities()).contains(Quality.OTHER_ESTIMATED);
    }

    @Test
    void throttledDatapointsBecomeRoundedThrottleCountsAndThrottleOnlyKeysGetARow() {
        RuleReport throttled = report(PKT, T10, T11, contributor(List.of("T"), "10:20", 2.6, "10:21", 1));

        KeyTimeMatrix m = Stitcher.stitch(request(List.of(), List.of(throttled), null));

        int t = m.indexOf(key("T"));
        assertThat(m.throttles(t, 20)).isEqualTo(3);
        assertThat(m.throttles(t, 21)).isEqualTo(1);
        assertThat(m.rowThrottles(t)).isEqualTo(4);
        assertThat(m.rowTotal(t)).isZero();
    }

    @Test
    void aCoarserReportPeriodLandsInTheFirstColumnOfItsPeriod() {
        RuleReport fiveMinutes =
                new RuleReport(PKC, T10, T11, 300, List.of(contributor(List.of("A"), "10:05", 500_000)), 1, null);

        KeyTimeMatrix m = Stitcher.stitch(request(List.of(fiveMinutes), List.of(), null));

        assertThat(m.value(0, 5)).isEqualTo(500_000);
        assertThat(m.nonEmptyCells()).isEqualTo(1);
    }

    @Test
    void aFinerReportPeriodSumsIntoOneColumn() {
        RuleReport minutes =
                report(PKC, T10, T11, contributor(List.of("A"), "10:00", 1, "10:01", 2, "10:04", 4, "10:05", 8));

        KeyTimeMatrix m = Stitcher.stitch(
                new StitchRequest(T10, 300, 36, "orders", null, false, List.of(minutes), List.of(), null));

        assertThat(m.value(0, 0)).isEqualTo(7);
        assertThat(m.value(0, 1)).isEqualTo(8);
    }

    @Test
    void datapointsOutsideTheMatrixAreIgnored() {
        RuleReport report = report(PKC, T10, T13, contributor(List.of("A"), "09:59", 5, "10:00", 1, "13:00", 9));

        KeyTimeMatrix m = Stitcher.stitch(request(List.of(report), List.of(), null));

        assertThat(m.total()).isEqualTo(1);
    }

    @Test
    void noReportsGiveAnEmptyMatrixOnTheRequestedGrid() {
        KeyTimeMatrix m = Stitcher.stitch(request(List.of(), List.of(), new double[180]));

        assertThat(m.rowCount()).isZero();
        assertThat(m.columns()).isEqualTo(180);
        assertThat(m.start()).isEqualTo(T10);
        assertThat(m.columnStart(180)).isEqualTo(T13);
    }

    @Test
    void ruleNamesAreClassifiedByTheTokenRightAfterThePrefix() {
        assertThat(RuleKind.ofRuleName("DynamoDBContributorInsights-PKC-orders-1719018000000"))
                .contains(RuleKind.PKC);
        assertThat(RuleKind.ofRuleName("DynamoDBContributorInsights-SKT-orders/index/byStatus-1719018000000"))
                .contains(RuleKind.SKT);
        assertThat(RuleKind.ofRuleName("DynamoDBContributorInsights-PKT-x-PKC-y-1719018000000"))
                .contains(RuleKind.PKT);
        assertThat(RuleKind.ofRuleName("DynamoDBContributorInsights-SKC-x-PKT-y-1719018000000"))
                .contains(RuleKind.SKC);
        assertThat(RuleKind.ofRuleName("MyRule-PKC-orders")).isEmpty();
        assertThat(RuleKind.ofRuleName("DynamoDBContributorInsights-XYZ-orders-1"))
                .isEmpty();
        assertThat(RuleKind.ofRuleName("DynamoDBContributorInsights-PKCX-orders-1"))
                .isEmpty();
        assertThat(RuleKind.ofRuleName("DynamoDBContributorInsights-PKC")).isEmpty();
        assertThat(RuleKind.ofRuleName(null)).isEqualTo(Optional.empty());
    }

    @Test
    void ruleKindsKnowWhatTheyRank() {
        assertThat(RuleKind.PKT.throttled()).isTrue();
        assertThat(RuleKind.SKC.throttled()).isFalse();
        assertThat(RuleKind.SKC.withSortKey()).isTrue();
        assertThat(RuleKind.PKT.withSortKey()).isFalse();
        assertThat(RuleKind.PKC.describe()).isEqualTo("most accessed partition keys");
    }
}
