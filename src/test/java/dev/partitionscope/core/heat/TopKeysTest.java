package dev.partitionscope.core.heat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class TopKeysTest {
    private static final Instant START = Instant.parse("2026-06-22T10:00:00Z");

    private static KeyTimeMatrix.Builder builder(int bucketSeconds, MatrixUnit unit) {
        return KeyTimeMatrix.builder(START, bucketSeconds, 12, unit, Provenance.CONTRIBUTOR_INSIGHTS_STITCHED);
    }

    private static RowKey key(String pk) {
        return RowKey.of("orders", null, pk);
    }

    @Test
    void aFiveMinuteBucketOf900000UnitsIs180000PerMinuteWhichIsTheWholeCeiling() {
        KeyTimeMatrix m = builder(300, MatrixUnit.CONSUMED_UNITS_PER_MINUTE)
                .add(key("HOT"), 2, 900_000)
                .add(key("HOT"), 3, 300_000)
                .build();

        TopKey hot = TopKeys.of(m, 10).get(0);

        assertThat(hot.total()).isEqualTo(1_200_000);
        assertThat(hot.peakPerMinute()).isEqualTo(180_000);
        assertThat(hot.peakPercentOfCeiling()).isCloseTo(100, within(1e-9));
    }

    @Test
    void perSecondPeaksAreComparedWithTheCeilingAsTheyAre() {
        KeyTimeMatrix m = builder(300, MatrixUnit.READ_UNITS_PER_SECOND)
                .add(key("R"), 0, 1_500)
                .build();

        TopKey r = TopKeys.of(m, 1).get(0);

        assertThat(r.peakPerMinute()).isEqualTo(1_500);
        assertThat(r.peakPercentOfCeiling()).isCloseTo(50, within(1e-9));
    }

    @Test
    void throttleEventsHaveNoCeilingToCompareWith() {
        KeyTimeMatrix m =
                builder(60, MatrixUnit.THROTTLE_EVENTS).add(key("T"), 0, 12).build();

        assertThat(TopKeys.of(m, 1).get(0).peakPercentOfCeiling()).isNaN();
    }

    @Test
    void otherKeysAreNotAKeyButCountInEveryShare() {
        KeyTimeMatrix m = builder(60, MatrixUnit.CONSUMED_UNITS_PER_MINUTE)
                .add(key("A"), 0, 30)
                .add(key("B"), 1, 10)
                .add(RowKey.other("orders", null), 0, 60)
                .build();

        List<TopKey> top = TopKeys.of(m, 10);

        assertThat(top).extracting(k -> k.key().label()).containsExactly("A", "B");
        assertThat(top.get(0).share()).isCloseTo(0.3, within(1e-12));
        assertThat(top.get(1).share()).isCloseTo(0.1, within(1e-12));
    }

    @Test
    void keysRankByTotalThenThrottlesThenLabelAndThrottleOnlyKeysStayIn() {
        KeyTimeMatrix m = builder(60, MatrixUnit.CONSUMED_UNITS_PER_MINUTE)
                .add(key("big"), 0, 500)
                .add(key("b-tie"), 0, 100)
                .add(key("a-tie"), 0, 100)
                .add(key("throttled-tie"), 0, 100)
                .addThrottles(key("throttled-tie"), 0, 3)
                .addThrottles(key("only-throttled"), 4, 7)
                .ensureRow(key("idle"))
                .build();

        List<TopKey> top = TopKeys.of(m, 10);

        assertThat(top)
                .extracting(k -> k.key().label())
                .containsExactly("big", "throttled-tie", "a-tie", "b-tie", "only-throttled");
        assertThat(top.get(4).total()).isZero();
        assertThat(top.get(4).throttles()).isEqualTo(7);
        assertThat(top.get(4).share()).isZero();
        assertThat(TopKeys.of(m, 2)).extracting(k -> k.key().label()).containsExactly("big", "throttled-tie");
        assertThat(TopKeys.of(m, 0)).isEmpty();
    }

    @Test
    void csvQuotesKeysWithCommasQuotesAndLineBreaksAndWritesPlainNumbers() {
        KeyTimeMatrix m = builder(300, MatrixUnit.CONSUMED_UNITS_PER_MINUTE)
                .add(RowKey.of("orders", null, "ACME, \"Inc\""), 0, 900_000)
                .add(RowKey.of("orders", null, "line\nbreak", "2026-06-22#17"), 1, 100_000)
                .addThrottles(RowKey.of("orders", null, "line\nbreak", "2026-06-22#17"), 1, 4)
                .add(RowKey.of("orders", "byStatus", "PENDING"), 0, 1_234_567.5)
                .build();

        String csv = TopKeys.csv(TopKeys.of(m, 10), m.unit());

        assertThat(csv)
                .isEqualTo(String.join(
                        "\r\n",
                        "table,index,partition_key,sort_key,total_consumed_units_per_minute,share_percent,peak_per_minute,"
                                + "peak_percent_of_ceiling,throttles",
                        "orders,byStatus,PENDING,,1234567.5,55.248611,246913.5,137.174167,0",
                        "orders,,\"ACME, \"\"Inc\"\"\",,900000,40.27625,180000,100,0",
                        "orders,,\"line\nbreak\",2026-06-22#17,100000,4.475139,20000,11.111111,4",
                        ""));
    }

    @Test
    void csvLeavesAnUnknownPercentageEmpty() {
        KeyTimeMatrix m =
                builder(60, MatrixUnit.THROTTLE_EVENTS).add(key("T"), 0, 12).build();

        assertThat(TopKeys.csv(TopKeys.of(m, 1), m.unit()))
                .endsWith("\r\norders,,T,,12,100,12,,0\r\n")
                .startsWith("table,index,partition_key,sort_key,total_throttle_events,");
    }
}
