package dev.partitionscope.lab.meter;

import static dev.partitionscope.lab.meter.Records.get;
import static dev.partitionscope.lab.meter.Records.indexRead;
import static dev.partitionscope.lab.meter.Records.indexWrite;
import static dev.partitionscope.lab.meter.Records.put;
import static dev.partitionscope.lab.meter.Records.tableWrite;
import static dev.partitionscope.lab.meter.Records.throttledPut;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.partitionscope.lab.clock.SimulatedClock;
import dev.partitionscope.lab.partition.ThrottleReason;
import dev.partitionscope.lab.partition.ThrottleReason.Cause;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The meter's aggregates against what was fed, on simulated time. */
class MeterTest {
    private static final long T0 = 1_750_000_020_000L; // 20 s into a minute
    private static final ResourceId ORDERS = ResourceId.table("Orders");
    private static final ResourceId BY_STATUS = ResourceId.index("Orders", "byStatus");

    private final SimulatedClock clock = new SimulatedClock(T0);
    private final Meter meter = new Meter(clock);

    private long minuteStart(int minutesAfter) {
        return (T0 / 60_000 + minutesAfter) * 60_000;
    }

    @Test
    void minuteSumsMatchWhatWasFed() {
        Random rnd = new Random(11);
        double[] writeSum = new double[3];
        long[] writeCount = new long[3];
        double[] gsiWriteSum = new double[3];
        double[] gsiReadSum = new double[3];
        double[] maxWrite = new double[3];
        long[] throttledPuts = new long[3];
        long[] keyRange = new long[3];
        long[] latencyCount = new long[3];
        double[] latencyMillis = new double[3];
        for (int m = 0; m < 3; m++) {
            for (int i = 0; i < 2000; i++) {
                int kind = rnd.nextInt(4);
                String pk = "k" + rnd.nextInt(50);
                if (kind == 0) {
                    double w = 1 + rnd.nextInt(5);
                    double g = rnd.nextInt(3);
                    meter.record(new RequestRecord(
                            "Orders",
                            null,
                            "PutItem",
                            pk,
                            null,
                            0,
                            w,
                            g > 0
                                    ? List.of(new RequestRecord.IndexUnits("byStatus", "S" + rnd.nextInt(3), null, g))
                                    : List.of(),
                            List.of(),
                            3_000_000,
                            0));
                    writeSum[m] += w;
                    writeCount[m]++;
                    maxWrite[m] = Math.max(maxWrite[m], w);
                    gsiWriteSum[m] += g;
                    latencyCount[m]++;
                    latencyMillis[m] += 3;
                } else if (kind == 1) {
                    double r = 0.5 * (1 + rnd.nextInt(4));
                    meter.record(new RequestRecord(
                            "Orders", "byStatus", "Query", "PENDING", null, r, 0, List.of(), List.of(), 4_000_000, 7));
                    gsiReadSum[m] += r;
                } else if (kind == 2) {
                    // Two reasons on one resource: still one event, one throttled request.
                    meter.record(throttledPut(pk, null, tableWrite(Cause.KEY_RANGE), tableWrite(Cause.PROVISIONED)));
                    throttledPuts[m]++;
                    keyRange[m]++;
                } else {
                    clock.advanceMillis(1);
                }
            }
            clock.advanceSeconds(60);
        }

        List<MinuteStats> table = meter.minutes(ORDERS, minuteStart(0), minuteStart(3));
        List<MinuteStats> gsi = meter.minutes(BY_STATUS, minuteStart(0), minuteStart(3));
        assertThat(table).hasSize(3);
        assertThat(gsi).hasSize(3);
        for (int m = 0; m < 3; m++) {
            MinuteStats s = table.get(m);
            assertThat(s.minuteStartMillis()).isEqualTo(minuteStart(m));
            assertThat(s.consumedWrite().sum()).isEqualTo(writeSum[m]);
            assertThat(s.consumedWrite().sampleCount()).isEqualTo(writeCount[m]);
            assertThat(s.consumedWrite().maximum()).isEqualTo(maxWrite[m]);
            assertThat(s.consumedWrite().minimum()).isEqualTo(1);
            assertThat(s.consumedRead().sampleCount()).isZero(); // the Query read the GSI, not the table
            assertThat(s.writeThrottleEvents()).isEqualTo(throttledPuts[m]);
            assertThat(s.throttleEvents("TableWriteKeyRangeThroughputExceeded")).isEqualTo(keyRange[m]);
            assertThat(s.throttleEvents("TableWriteProvisionedThroughputExceeded"))
                    .isEqualTo(keyRange[m]);
            OperationStats put = s.operations().get("PutItem");
            assertThat(put.throttledRequests()).isEqualTo(throttledPuts[m]);
            assertThat(put.requests()).isEqualTo(throttledPuts[m] + writeCount[m]);
            assertThat(put.successfulRequestLatencyMillis().sampleCount()).isEqualTo(latencyCount[m]);
            assertThat(put.successfulRequestLatencyMillis().sum()).isCloseTo(latencyMillis[m], within(1e-6));
            assertThat(put.returnedItemCount().sampleCount()).isZero(); // PutItem has no ReturnedItemCount
            OperationStats query = s.operations().get("Query");
            assertThat(query.returnedItemCount().average()).isEqualTo(7);
            assertThat(gsi.get(m).consumedWrite().sum()).isEqualTo(gsiWriteSum[m]);
            assertThat(gsi.get(m).consumedRead().sum()).isEqualTo(gsiReadSum[m]);
            assertThat(gsi.get(m).operations()).isEmpty();
        }
        assertThat(meter.resources()).containsExactly(ORDERS, BY_STATUS);
        assertThat(meter.operations("Orders")).containsExactlyInAnyOrder("PutItem", "Query");
    }

    @Test
    void gsiBackPressureIsAnEventOnTheIndexAndARequestOnTheTable() {
        meter.record(throttledPut("order-1", null, indexWrite(Cause.PROVISIONED)));
        meter.record(throttledPut("order-2", null, indexWrite(Cause.PROVISIONED), tableWrite(Cause.KEY_RANGE)));

        MinuteStats table = meter.minutes(ORDERS, 0, Long.MAX_VALUE / 2).get(0);
        MinuteStats gsi = meter.minutes(BY_STATUS, 0, Long.MAX_VALUE / 2).get(0);
        assertThat(table.writeThrottleEvents()).isEqualTo(1);
        assertThat(gsi.writeThrottleEvents()).isEqualTo(2);
        assertThat(gsi.throttleEvents("IndexWriteProvisionedThroughputExceeded"))
                .isEqualTo(2);
        assertThat(table.operations().get("PutItem").throttledRequests()).isEqualTo(2);
        // Only order-2 was throttled by the table itself: GSI write throttling is not in the throttled-keys graph.
        ContributorReport pkt = meter.topContributors(
                ORDERS,
                KeyKind.PARTITION_KEY,
                InsightMetric.THROTTLE_COUNT,
                minuteStart(0),
                minuteStart(1),
                Duration.ofMinutes(1),
                10,
                OrderBy.SUM);
        assertThat(pkt.contributors()).extracting(c -> c.keys().get(0)).containsExactly("order-2");
    }

    @Test
    void aThrottledGsiReadCountsAsAThrottledKeyOfTheIndex() {
        meter.record(new RequestRecord(
                "Orders",
                "byStatus",
                "Query",
                "PENDING",
                null,
                0,
                0,
                List.of(),
                List.of(indexRead(Cause.KEY_RANGE)),
                1_000_000,
                0));

        ContributorReport pkt = meter.topContributors(
                BY_STATUS,
                KeyKind.PARTITION_KEY,
                InsightMetric.THROTTLE_COUNT,
                minuteStart(0),
                minuteStart(1),
                Duration.ofMinutes(1),
                10,
                OrderBy.SUM);
        assertThat(pkt.contributors()).singleElement().satisfies(c -> {
            assertThat(c.keys()).containsExactly("PENDING");
            assertThat(c.aggregateValue()).isEqualTo(1);
        });
        assertThat(meter.minutes(BY_STATUS, 0, Long.MAX_VALUE / 2).get(0).readThrottleEvents())
                .isEqualTo(1);
    }

    @Test
    void batchItemsCountEventsButTheCallIsThrottledOnlyWhenEveryItemWas() {
        meter.recordItem(put("a", null, 1));
        meter.recordItem(throttledPut("b", null, tableWrite(Cause.KEY_RANGE)));
        meter.recordItem(throttledPut("c", null, tableWrite(Cause.KEY_RANGE)));
        meter.recordCall("Orders", "BatchWriteItem", false, 5_000_000, 0);

        MinuteStats s = meter.minutes(ORDERS, 0, Long.MAX_VALUE / 2).get(0);
        assertThat(s.writeThrottleEvents()).isEqualTo(2);
        assertThat(s.consumedWrite().sum()).isEqualTo(1);
        assertThat(s.operations()).containsOnlyKeys("BatchWriteItem");
        assertThat(s.operations().get("BatchWriteItem").throttledRequests()).isZero();
        assertThat(s.operations()
                        .get("BatchWriteItem")
                        .successfulRequestLatencyMillis()
                        .sum())
                .isEqualTo(5);
    }

    @Test
    void theLiveViewKeepsTheLastSecondsOnly() {
        meter.record(put("a", null, 4));
        clock.advanceSeconds(1);
        meter.record(put("a", null, 2));
        meter.record(throttledPut("a", null, tableWrite(Cause.KEY_RANGE)));

        List<SecondStats> live = meter.recentSeconds(ORDERS);
        assertThat(live).hasSize(120);
        SecondStats last = live.get(119);
        SecondStats before = live.get(118);
        assertThat(last.secondStartMillis()).isEqualTo(T0 + 1000);
        assertThat(last.consumedWrite()).isEqualTo(2);
        assertThat(last.writeThrottleEvents()).isEqualTo(1);
        assertThat(last.throttledRequests()).isEqualTo(1);
        assertThat(last.requests()).isEqualTo(2);
        assertThat(before.consumedWrite()).isEqualTo(4);

        clock.advanceSeconds(200);
        assertThat(meter.recentSeconds(ORDERS))
                .allSatisfy(s -> assertThat(s.consumedWrite()).isZero());
    }

    @Test
    void minutesOlderThanTheRetentionAreDropped() {
        Meter small = new Meter(clock, new MeterParams(Duration.ofMinutes(10), Duration.ofMinutes(5), 10, 10));
        for (int m = 0; m < 30; m++) {
            small.record(put("k" + m, null, 1));
            clock.advanceSeconds(60);
        }

        List<MinuteStats> kept = small.minutes(ORDERS, 0, Long.MAX_VALUE / 2);
        // Now is minute 30: ten minutes retained means minutes 21..30, of which 21..29 have data.
        assertThat(kept).hasSize(9);
        assertThat(kept.get(0).minuteStartMillis()).isEqualTo(minuteStart(21));
        ContributorReport r = small.topContributors(
                ORDERS,
                KeyKind.PARTITION_KEY,
                InsightMetric.CONSUMED_THROUGHPUT_UNITS,
                minuteStart(0),
                minuteStart(30),
                Duration.ofMinutes(1),
                100,
                OrderBy.SUM);
        assertThat(r.contributors())
                .extracting(c -> c.keys().get(0))
                .containsExactlyInAnyOrder("k26", "k27", "k28", "k29");
    }

    @Test
    void accessedKeysAreWeightedThreeTimesWriteUnitsPlusReadUnits() {
        for (int i = 0; i < 10; i++) {
            meter.record(put("A", "s1", 1));
        }
        for (int i = 0; i < 5; i++) {
            meter.record(get("A", "s2", 1));
        }
        for (int i = 0; i < 20; i++) {
            meter.record(get("B", null, 1));
        }

        ContributorReport pk = meter.topContributors(
                ORDERS,
                KeyKind.PARTITION_KEY,
                InsightMetric.CONSUMED_THROUGHPUT_UNITS,
                minuteStart(0),
                minuteStart(1),
                Duration.ofMinutes(1),
                25,
                OrderBy.SUM);
        assertThat(pk.contributors()).extracting(c -> c.keys().get(0)).containsExactly("A", "B");
        assertThat(pk.contributors().get(0).aggregateValue()).isEqualTo(35);
        assertThat(pk.contributors().get(0).overestimate()).isZero();
        assertThat(pk.aggregateValue()).isEqualTo(55);
        ContributorReport sk = meter.topContributors(
                ORDERS,
                KeyKind.PARTITION_AND_SORT_KEY,
                InsightMetric.CONSUMED_THROUGHPUT_UNITS,
                minuteStart(0),
                minuteStart(1),
                Duration.ofMinutes(1),
                25,
                OrderBy.SUM);
        // B has no sort key, so it is not in the sort-key rule.
        assertThat(sk.contributors())
                .extracting(ContributorReport.Contributor::keys)
                .containsExactly(List.of("A", "s1"), List.of("A", "s2"));
        assertThat(sk.keyCount()).isEqualTo(2);
    }

    @Test
    void orderingAndDatapointPresenceFollowGetInsightRuleReport() {
        // STEADY: 10 units every minute for 10 minutes (sum 100, max 10). BURST: 50 in minute 3 only.
        for (int m = 0; m < 10; m++) {
            for (int i = 0; i < 10; i++) {
                meter.record(get("STEADY", null, 1));
            }
            if (m == 3) {
                for (int i = 0; i < 50; i++) {
                    meter.record(get("BURST", null, 1));
                }
            }
            clock.advanceSeconds(60);
        }
        long from = minuteStart(0);
        long to = minuteStart(10);

        ContributorReport bySum = meter.topContributors(
                ORDERS,
                KeyKind.PARTITION_KEY,
                InsightMetric.CONSUMED_THROUGHPUT_UNITS,
                from,
                to,
                Duration.ofMinutes(1),
                25,
                OrderBy.SUM);
        ContributorReport byMax = meter.topContributors(
                ORDERS,
                KeyKind.PARTITION_KEY,
                InsightMetric.CONSUMED_THROUGHPUT_UNITS,
                from,
                to,
                Duration.ofMinutes(1),
                25,
                OrderBy.MAXIMUM);
        ContributorReport fiveMinutes = meter.topContributors(
                ORDERS,
                KeyKind.PARTITION_KEY,
                InsightMetric.CONSUMED_THROUGHPUT_UNITS,
                from,
                to,
                Duration.ofMinutes(5),
                25,
                OrderBy.MAXIMUM);
        ContributorReport onlyOne = meter.topContributors(
                ORDERS,
                KeyKind.PARTITION_KEY,
                InsightMetric.CONSUMED_THROUGHPUT_UNITS,
                from,
                to,
                Duration.ofMinutes(1),
                1,
                OrderBy.SUM);

        assertThat(bySum.contributors()).extracting(c -> c.keys().get(0)).containsExactly("STEADY", "BURST");
        assertThat(byMax.contributors()).extracting(c -> c.keys().get(0)).containsExactly("BURST", "STEADY");
        ContributorReport.Contributor steady = bySum.contributors().get(0);
        ContributorReport.Contributor burst = bySum.contributors().get(1);
        assertThat(steady.aggregateValue()).isEqualTo(100);
        assertThat(steady.maximum()).isEqualTo(10);
        assertThat(steady.datapoints()).hasSize(10);
        assertThat(burst.datapoints()).singleElement().satisfies(d -> {
            assertThat(d.timestampMillis()).isEqualTo(minuteStart(3));
            assertThat(d.approximateValue()).isEqualTo(50);
        });
        assertThat(fiveMinutes.contributors()).extracting(c -> c.keys().get(0)).containsExactly("BURST", "STEADY");
        assertThat(fiveMinutes.contributors().get(1).datapoints())
                .extracting(ContributorReport.Datapoint::approximateValue)
                .containsExactly(50.0, 50.0);
        assertThat(fiveMinutes.contributors().get(1).maximum()).isEqualTo(50);
        assertThat(fiveMinutes.contributors().get(0).datapoints()).hasSize(1);
        // Minutes 0-4: STEADY 50 and BURST 50; minutes 5-9: STEADY 50.
        assertThat(fiveMinutes.metricDatapoints())
                .extracting(ContributorReport.PeriodStats::maxContributorValue)
                .containsExactly(50.0, 50.0);
        assertThat(fiveMinutes.metricDatapoints())
                .extracting(ContributorReport.PeriodStats::timestampMillis)
                .containsExactly(minuteStart(0), minuteStart(5));
        assertThat(onlyOne.contributors()).hasSize(1);
        assertThat(bySum.approximateUniqueCount()).isEqualTo(2);
        assertThat(bySum.metricDatapoints()).hasSize(10);
        assertThat(bySum.metricDatapoints().get(3).maxContributorValue()).isEqualTo(50);
        assertThat(bySum.metricDatapoints().get(3).uniqueContributors()).isEqualTo(2);
        assertThat(bySum.metricDatapoints().get(3).sampleCount()).isEqualTo(60);
        assertThat(bySum.metricDatapoints().get(0).maxContributorValue()).isEqualTo(10);
    }

    @Test
    void reportedBoundsContainTheTruthUnderEviction() {
        Meter tiny = new Meter(clock, new MeterParams(Duration.ofHours(1), Duration.ofHours(1), 10, 20));
        Random rnd = new Random(5);
        java.util.Map<String, Double> truth = new java.util.HashMap<>();
        for (int m = 0; m < 5; m++) {
            for (int i = 0; i < 5000; i++) {
                // Skewed: a few heavy keys among 2,000.
                int k = rnd.nextDouble() < 0.5 ? rnd.nextInt(5) : rnd.nextInt(2000);
                tiny.record(put("k" + k, null, 1));
                truth.merge("k" + k, 3.0, Double::sum);
            }
            clock.advanceSeconds(60);
        }

        ContributorReport r = tiny.topContributors(
                ORDERS,
                KeyKind.PARTITION_KEY,
                InsightMetric.CONSUMED_THROUGHPUT_UNITS,
                minuteStart(0),
                minuteStart(5),
                Duration.ofMinutes(1),
                10,
                OrderBy.SUM);
        assertThat(r.contributors()).hasSize(10);
        for (ContributorReport.Contributor c : r.contributors()) {
            double t = truth.get(c.keys().get(0));
            assertThat(t)
                    .as(c.keys().get(0))
                    .isBetween(
                            c.aggregateValue() - c.overestimate() - 1e-9,
                            c.aggregateValue() + c.underestimate() + 1e-9);
        }
        assertThat(r.contributors().subList(0, 5))
                .extracting(c -> c.keys().get(0))
                .containsExactlyInAnyOrder("k0", "k1", "k2", "k3", "k4");
    }

    @Test
    void memoryStaysBoundedUnderManyDistinctKeys() {
        Meter m = new Meter(clock, new MeterParams(Duration.ofMinutes(5), Duration.ofMinutes(5), 10, 50));
        for (int i = 0; i < 200_000; i++) {
            m.record(put("key-" + i, "sk-" + i, 1));
            if (i % 20_000 == 0) {
                clock.advanceSeconds(60);
            }
        }

        // All retained minutes of every kind together hold at most 5 minutes × 50 counters of keys.
        for (KeyKind k : KeyKind.values()) {
            ContributorReport r = m.topContributors(
                    ORDERS,
                    k,
                    InsightMetric.CONSUMED_THROUGHPUT_UNITS,
                    0,
                    Long.MAX_VALUE / 2,
                    Duration.ofMinutes(1),
                    1000,
                    OrderBy.SUM);
            assertThat(r.approximateUniqueCount()).isBetween(50L, 5L * 50);
            assertThat(r.metricDatapoints()).hasSizeLessThanOrEqualTo(5);
            assertThat(r.contributors())
                    .allSatisfy(c -> assertThat(c.datapoints()).hasSize(1));
        }
    }

    @Test
    void concurrentRecordsAreAllCounted() throws Exception {
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(4);
        try {
            List<java.util.concurrent.Callable<Void>> tasks = new java.util.ArrayList<>();
            for (int t = 0; t < 4; t++) {
                int thread = t;
                tasks.add(() -> {
                    for (int i = 0; i < 25_000; i++) {
                        meter.record(put("k" + (thread * 7 + i) % 300, null, 1));
                    }
                    return null;
                });
            }
            for (java.util.concurrent.Future<Void> f : pool.invokeAll(tasks)) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }

        MinuteStats s = meter.minutes(ORDERS, 0, Long.MAX_VALUE / 2).get(0);
        assertThat(s.consumedWrite().sum()).isEqualTo(100_000);
        assertThat(s.operations().get("PutItem").requests()).isEqualTo(100_000);
        ContributorReport r = meter.topContributors(
                ORDERS,
                KeyKind.PARTITION_KEY,
                InsightMetric.CONSUMED_THROUGHPUT_UNITS,
                minuteStart(0),
                minuteStart(1),
                Duration.ofMinutes(1),
                1000,
                OrderBy.SUM);
        assertThat(r.contributors()).hasSize(300);
        assertThat(r.aggregateValue()).isEqualTo(300_000);
        assertThat(r.contributors().stream()
                        .mapToDouble(ContributorReport.Contributor::aggregateValue)
                        .sum())
                .isEqualTo(300_000);
    }

    @Test
    void queriesDoNotMakeResourcesAppear() {
        meter.record(put("a", null, 1));

        assertThat(meter.minutes(BY_STATUS, 0, Long.MAX_VALUE / 2)).isEmpty();
        assertThat(meter.recentSeconds(BY_STATUS))
                .allSatisfy(s -> assertThat(s.consumedWrite()).isZero());
        assertThat(meter.topContributors(
                                BY_STATUS,
                                KeyKind.PARTITION_KEY,
                                InsightMetric.THROTTLE_COUNT,
                                0,
                                60_000,
                                Duration.ofMinutes(1),
                                25,
                                OrderBy.SUM)
                        .contributors())
                .isEmpty();
        assertThat(meter.resources()).containsExactly(ORDERS);
    }

    @Test
    void badReportArgumentsAreRefused() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> meter.topContributors(
                        ORDERS,
                        KeyKind.PARTITION_KEY,
                        InsightMetric.THROTTLE_COUNT,
                        0,
                        60_000,
                        Duration.ofSeconds(90),
                        25,
                        OrderBy.SUM))
                .hasMessageContaining("60");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> meter.topContributors(
                        ORDERS,
                        KeyKind.PARTITION_KEY,
                        InsightMetric.THROTTLE_COUNT,
                        60_000,
                        0,
                        Duration.ofMinutes(1),
                        25,
                        OrderBy.SUM))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void anUnknownTableHasNoData() {
        assertThat(meter.minutes(ResourceId.table("Nope"), 0, Long.MAX_VALUE / 2))
                .isEmpty();
        assertThat(meter.topContributors(
                                ResourceId.table("Nope"),
                                KeyKind.PARTITION_KEY,
                                InsightMetric.THROTTLE_COUNT,
                                0,
                                60_000,
                                Duration.ofMinutes(1),
                                25,
                                OrderBy.SUM)
                        .contributors())
                .isEmpty();
        assertThat(meter.recentSeconds(ResourceId.table("Nope"))).hasSize(120);
    }

    @Test
    @SuppressWarnings("EnumOrdinal") // pins MinuteAgg.REASONS' layout, which is indexed by the cause's ordinal
    void reasonStringsAreTheSixteenWireNames() {
        for (int i = 0; i < 16; i++) {
            ThrottleReason r = new ThrottleReason((i & 8) != 0, (i & 4) != 0, Cause.values()[i & 3], "arn");
            assertThat(MinuteAgg.REASONS[i]).isEqualTo(r.wire());
        }
    }
}
