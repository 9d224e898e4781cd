package dev.partitionscope.lab.partition;

import static dev.partitionscope.lab.partition.ModelDriver.hash;
import static dev.partitionscope.lab.partition.ModelDriver.onDemand;
import static dev.partitionscope.lab.partition.ModelDriver.provisioned;
import static dev.partitionscope.lab.partition.ModelDriver.withIndex;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The partition model against the documented behaviour, on simulated time. */
class ThroughputModelTest {
    private static final ModelParams DEFAULTS = ModelParams.DEFAULTS;
    private static final String ORDERS_ARN = ModelDriver.ACCOUNT + "Orders";

    @Test
    void oneHotKeyAtTwiceTheWriteCeilingIsHeldToTheCeilingWithKeyRange() {
        ModelDriver d = new ModelDriver(provisioned("Orders", 0, 10_000), DEFAULTS);
        long hot = hash("HOT");

        ModelDriver.Tally t = d.run(60, 2000, i -> Charge.write(hot, 1, List.of()));

        // The first second may spend the 1-second bucket; from then on the key gets the ceiling and no more.
        for (int s = 2; s < 60; s++) {
            assertThat(t.admittedUnits.get(s)).as("second %d", s).isCloseTo(1000, within(15.0));
        }
        assertThat(t.totalThrottled()).isGreaterThan(55_000);
        assertThat(t.reasons).containsOnlyKeys("TableWriteKeyRangeThroughputExceeded");
        assertThat(t.resources).containsOnlyKeys(ORDERS_ARN);
        assertThat(t.exceptions).containsOnlyKeys("ProvisionedThroughputExceededException");
    }

    @Test
    void theSameLoadSpreadOverManyKeysIsNotThrottled() {
        ModelDriver d = new ModelDriver(provisioned("Orders", 0, 10_000), DEFAULTS);
        long[] keys = new long[10_000];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = hash("order-" + i);
        }

        ModelDriver.Tally t = d.run(60, 2000, i -> Charge.write(keys[i % keys.length], 1, List.of()));

        assertThat(t.totalThrottled()).isZero();
        assertThat(t.totalAdmitted()).isEqualTo(120_000);
    }

    @Test
    void burstLetsAnIdleProvisionedTableExceedItsRateForAWhileThenStops() {
        ModelDriver d = new ModelDriver(provisioned("Orders", 0, 100), DEFAULTS);
        d.idle(400); // longer than the 300 s burst window: only 300 s are retained

        ModelDriver.Tally t = d.run(150, 500, i -> Charge.write(hash("k" + i), 1, List.of()));

        // 300 s × 100 WCU = 30,000 banked; draining at 400/s net lasts 75 s.
        assertThat(t.throttledBetween(0, 70)).isZero();
        assertThat(t.admittedBetween(0, 70)).isEqualTo(35_000);
        assertThat(t.admittedBetween(100, 150) / 50).isCloseTo(100, within(2.0));
        // Never more than rate × (time + burst window + one bucket second).
        assertThat(t.totalAdmitted()).isLessThanOrEqualTo(100.0 * (150 + 300 + 1));
        assertThat(t.reasons).containsOnlyKeys("TableWriteProvisionedThroughputExceeded");
    }

    @Test
    void withoutBurstAnIdleTableIsHeldToItsRateAtOnce() {
        ModelDriver d = new ModelDriver(provisioned("Orders", 0, 100), DEFAULTS.withBurstSeconds(0));
        d.idle(400);

        ModelDriver.Tally t = d.run(30, 500, i -> Charge.write(hash("k" + i), 1, List.of()));

        assertThat(t.admittedBetween(0, 1)).isLessThanOrEqualTo(200); // one bucket-second plus one second of refill
        assertThat(t.admittedBetween(1, 30) / 29).isCloseTo(100, within(2.0));
    }

    @Test
    void adaptiveCapacityLendsAHotPartitionUnusedTableCapacity() {
        // 12,000 RCU + 400 WCU → 5 partitions, 80 WCU each without adaptive capacity.
        CapacityConfig config = provisioned("Orders", 12_000, 400);
        ModelParams noBurst = DEFAULTS.withBurstSeconds(0).withSplitForHeat(false);
        long hot = hash("HOT");

        ModelDriver on = new ModelDriver(config, noBurst);
        assertThat(on.model.snapshot().table().partitions()).hasSize(5);
        ModelDriver.Tally withAdaptive = on.run(30, 300, i -> Charge.write(hot, 1, List.of()));

        ModelDriver off = new ModelDriver(config, noBurst.withAdaptiveCapacity(false));
        ModelDriver.Tally withoutAdaptive = off.run(30, 300, i -> Charge.write(hot, 1, List.of()));

        assertThat(withAdaptive.totalThrottled()).isZero();
        assertThat(withoutAdaptive.admittedBetween(2, 30) / 28).isCloseTo(80, within(2.0));
        // The table still had capacity: the partition, not the table, was the limit.
        assertThat(withoutAdaptive.reasons).containsOnlyKeys("TableWriteKeyRangeThroughputExceeded");
    }

    @Test
    void adaptiveCapacityNeverPassesTheTableRate() {
        ModelDriver d = new ModelDriver(
                provisioned("Orders", 12_000, 400), DEFAULTS.withBurstSeconds(0).withSplitForHeat(false));
        long hot = hash("HOT");

        ModelDriver.Tally t = d.run(30, 600, i -> Charge.write(hot, 1, List.of()));

        assertThat(t.admittedBetween(2, 30) / 28).isCloseTo(400, within(3.0));
        assertThat(t.reasons).containsOnlyKeys("TableWriteProvisionedThroughputExceeded");
    }

    @Test
    void splitForHeatRelievesTwoHotKeysSharingAPartition() {
        ModelDriver d = new ModelDriver(provisioned("Orders", 0, 5000), DEFAULTS);
        List<String> pair = d.keysOnOnePartition(null, 2, "pair-");
        long a = hash(pair.get(0));
        long b = hash(pair.get(1));

        ModelDriver.Tally t = d.run(60, 1400, i -> Charge.write(i % 2 == 0 ? a : b, 1, List.of()));

        assertThat(t.admittedBetween(4, 10) / 6).isCloseTo(1000, within(15.0));
        assertThat(t.throttledBetween(20, 60)).isZero();
        ModelSnapshot.ResourceView table = d.model.snapshot().table();
        assertThat(table.splitCount()).isGreaterThanOrEqualTo(1);
        assertThat(table.partitions()).hasSizeGreaterThan(5);
        assertThat(table.partitionOf(a).number())
                .isNotEqualTo(table.partitionOf(b).number());
    }

    @Test
    void withoutSplitForHeatTwoHotKeysSharingAPartitionStayThrottled() {
        ModelDriver d = new ModelDriver(provisioned("Orders", 0, 5000), DEFAULTS.withSplitForHeat(false));
        List<String> pair = d.keysOnOnePartition(null, 2, "pair-");
        long a = hash(pair.get(0));
        long b = hash(pair.get(1));

        ModelDriver.Tally t = d.run(60, 1400, i -> Charge.write(i % 2 == 0 ? a : b, 1, List.of()));

        assertThat(t.admittedBetween(20, 60) / 40).isCloseTo(1000, within(15.0));
        assertThat(d.model.snapshot().table().partitions()).hasSize(5);
    }

    @Test
    void splitForHeatIsolatesOneHotKeyButCannotRelieveIt() {
        ModelDriver d = new ModelDriver(provisioned("Orders", 0, 5000), DEFAULTS);
        long hot = hash("HOT");

        ModelDriver.Tally t = d.run(60, 2000, i -> Charge.write(hot, 1, List.of()));

        assertThat(t.admittedBetween(20, 60) / 40).isCloseTo(1000, within(15.0));
        ModelSnapshot.ResourceView table = d.model.snapshot().table();
        ModelSnapshot.PartitionView p = table.partitionOf(hot);
        assertThat(p.isolated()).isTrue();
        assertThat(p.isolatedKey()).hasValue(hot);
        assertThat(p.writeConsumedLastSecond()).isCloseTo(1000, within(15.0));
        // Isolated once; a one-hash partition cannot split again.
        assertThat(table.splitCount()).isEqualTo(1);
    }

    @Test
    void aGsiWithoutCapacityThrottlesBaseWritesNamingTheIndex() {
        CapacityConfig config = withIndex(provisioned("Orders", 0, 10_000), "byStatus", 100, 100);
        ModelDriver d = new ModelDriver(config, DEFAULTS.withBurstSeconds(0));

        ModelDriver.Tally t = d.run(
                30,
                500,
                i -> Charge.write(
                        hash("order-" + i),
                        1,
                        List.of(new Charge.IndexWrite("byStatus", hash("status-" + i % 50), 1))));

        assertThat(t.admittedBetween(2, 30) / 28).isCloseTo(100, within(2.0)); // writes the index could take
        assertThat(t.reasons).containsOnlyKeys("IndexWriteProvisionedThroughputExceeded");
        assertThat(t.resources).containsOnlyKeys(ORDERS_ARN + "/index/byStatus");
        ModelSnapshot snap = d.model.snapshot();
        assertThat(snap.table().writeConsumedLastSecond()).isCloseTo(100, within(2.0));
        assertThat(snap.resource("byStatus").writeConsumedLastSecond()).isCloseTo(100, within(2.0));
    }

    @Test
    void aHotGsiKeyThrottlesBaseWritesWithIndexKeyRange() {
        CapacityConfig config = withIndex(provisioned("Orders", 0, 10_000), "byStatus", 100, 10_000);
        ModelDriver d = new ModelDriver(config, DEFAULTS);
        long pending = hash("PENDING");

        ModelDriver.Tally t = d.run(
                20,
                2000,
                i -> Charge.write(hash("order-" + i), 1, List.of(new Charge.IndexWrite("byStatus", pending, 1))));

        assertThat(t.admittedBetween(4, 20) / 16).isCloseTo(1000, within(15.0)); // the index key's ceiling
        assertThat(t.reasons).containsOnlyKeys("IndexWriteKeyRangeThroughputExceeded");
    }

    @Test
    void aThrottledRequestConsumesNothing() {
        CapacityConfig config = withIndex(provisioned("Orders", 0, 1000), "byStatus", 10, 2);
        ModelDriver d = new ModelDriver(config, DEFAULTS.withBurstSeconds(0));
        assertThat(d.model
                        .acquire(Charge.write(
                                hash("order-0"), 1, List.of(new Charge.IndexWrite("byStatus", hash("PENDING"), 1))))
                        .allowed())
                .isTrue();
        // The index has 2 WCU/s and one second of tokens, one of them spent: two more index writes do not fit.
        Charge write = Charge.write(
                hash("order-1"),
                5,
                List.of(
                        new Charge.IndexWrite("byStatus", hash("PENDING"), 1),
                        new Charge.IndexWrite("byStatus", hash("SHIPPED"), 1)));
        ModelSnapshot before = d.model.snapshot();

        Decision decision = d.model.acquire(write);

        assertThat(decision.allowed()).isFalse();
        assertThat(decision.reasons())
                .extracting(ThrottleReason::wire)
                .containsExactly("IndexWriteProvisionedThroughputExceeded");
        assertThat(d.model.snapshot()).isEqualTo(before);
        // A smaller write fits and is charged to both.
        Decision ok = d.model.acquire(
                Charge.write(hash("order-1"), 5, List.of(new Charge.IndexWrite("byStatus", hash("PENDING"), 1))));
        assertThat(ok.allowed()).isTrue();
        assertThat(d.model.snapshot()).isNotEqualTo(before);
        assertThat(d.model.snapshot().table().writeAvailable())
                .isEqualTo(before.table().writeAvailable() - 5);
    }

    @Test
    void aNewOnDemandTableTakes4000WritesPerSecondButNotMore() {
        ModelDriver d = new ModelDriver(onDemand("Events", -1, -1), DEFAULTS);
        assertThat(d.model.snapshot().table().partitions()).hasSize(8);

        ModelDriver.Tally fits = d.run(20, 4000, i -> Charge.write(hash("e" + i), 1, List.of()));
        ModelDriver.Tally over = d.run(20, 6000, i -> Charge.write(hash("f" + i), 1, List.of()));

        assertThat(fits.totalThrottled()).isZero();
        assertThat(over.admittedBetween(2, 20) / 18).isCloseTo(4000, within(40.0));
        assertThat(over.reasons).containsOnlyKeys("TableWriteKeyRangeThroughputExceeded");
    }

    @Test
    void onDemandTakesTwiceThePreviousPeakButNotWithinThirtyMinutesOfIt() {
        ModelDriver d = new ModelDriver(onDemand("Events", -1, -1), DEFAULTS);
        // 3,000 WCU/s as 300 writes of 10 WCU each second, for ten minutes.
        ModelDriver.Tally early = d.run(600, 300, i -> Charge.write(hash("a" + i), 10, List.of()));
        ModelDriver.Tally tooSoon = d.run(20, 500, i -> Charge.write(hash("b" + i), 10, List.of()));
        d.run(22 * 60, 300, i -> Charge.write(hash("c" + i), 10, List.of()));
        ModelDriver.Tally later = d.run(20, 700, i -> Charge.write(hash("d" + i), 10, List.of()));

        assertThat(early.totalThrottled()).isZero();
        // 5,000 asked ten minutes in: the previous peak is not 30 minutes old yet, so the new-table 4,000 holds.
        // (The one-second bucket banked at 3,000/s drains at 1,000/s net first: measure after it.)
        assertThat(tooSoon.admittedBetween(8, 20) / 12).isCloseTo(4000, within(10.0));
        // 32 minutes in, 3,000 is an established peak: 7,000 asked, 2 × 3,000 taken.
        assertThat(later.admittedBetween(10, 20) / 10).isCloseTo(6000, within(10.0));
        assertThat(d.model.snapshot().table().onDemandAllowance()).isEqualTo(6000);
    }

    @Test
    void onDemandMaximumThrottlesWithThrottlingException() {
        ModelDriver d = new ModelDriver(onDemand("Events", -1, 500), DEFAULTS);

        ModelDriver.Tally t = d.run(20, 1000, i -> Charge.write(hash("e" + i), 1, List.of()));

        assertThat(t.admittedBetween(2, 20) / 18).isCloseTo(500, within(5.0));
        assertThat(t.reasons).containsOnlyKeys("TableWriteMaxOnDemandThroughputExceeded");
        assertThat(t.exceptions).containsOnlyKeys("ThrottlingException");
    }

    @Test
    void theAccountQuotaPerTableThrottlesOnDemandWithAccountLimit() {
        ModelDriver d = new ModelDriver(onDemand("Events", -1, -1), DEFAULTS.with("table-read-quota", "2000"));

        ModelDriver.Tally t = d.run(20, 3000, i -> Charge.read(null, hash("e" + i), 1));

        assertThat(t.admittedBetween(2, 20) / 18).isCloseTo(2000, within(20.0));
        assertThat(t.reasons).containsOnlyKeys("TableReadAccountLimitExceeded");
        assertThat(t.exceptions).containsOnlyKeys("RequestLimitExceeded");
    }

    @Test
    void onDemandReadsAndWritesShareTheInitialAllowanceLinearly() {
        ModelDriver d = new ModelDriver(onDemand("Events", -1, -1), DEFAULTS);

        // 6,000 reads (= 2,000 write-equivalents) + 2,000 writes fit; 3,000 more writes do not.
        ModelDriver.Tally fits = d.run(
                10,
                8000,
                i -> i % 4 < 3 ? Charge.read(null, hash("r" + i), 1) : Charge.write(hash("w" + i), 1, List.of()));
        ModelDriver.Tally over = d.run(
                10,
                11_000,
                i -> i % 11 < 6 ? Charge.read(null, hash("r" + i), 1) : Charge.write(hash("w" + i), 1, List.of()));

        assertThat(fits.totalThrottled()).isZero();
        assertThat(over.totalThrottled()).isPositive();
    }

    @Test
    void reconfigureKeepsPartitionsAndAddsThemForMoreCapacity() {
        ModelDriver d = new ModelDriver(provisioned("Orders", 0, 5000), DEFAULTS);
        long hot = hash("HOT");
        d.run(20, 2000, i -> Charge.write(hot, 1, List.of()));
        List<ModelSnapshot.PartitionView> split = d.model.snapshot().table().partitions();
        assertThat(split).hasSizeGreaterThan(5);

        d.model.reconfigure(provisioned("Orders", 0, 100));
        List<ModelSnapshot.PartitionView> lowered = d.model.snapshot().table().partitions();
        assertThat(lowered)
                .extracting(ModelSnapshot.PartitionView::lo)
                .containsExactlyElementsOf(
                        split.stream().map(ModelSnapshot.PartitionView::lo).toList());
        assertThat(d.model.snapshot().table().writeLimit()).isEqualTo(100);

        d.model.reconfigure(withIndex(provisioned("Orders", 0, 40_000), "byStatus", 10, 10));
        ModelSnapshot raised = d.model.snapshot();
        assertThat(raised.table().partitions()).hasSize(40);
        assertThat(raised.table().partitions())
                .extracting(ModelSnapshot.PartitionView::lo)
                .containsAll(split.stream().map(ModelSnapshot.PartitionView::lo).toList());
        assertThat(raised.indexes())
                .extracting(ModelSnapshot.ResourceView::name)
                .containsExactly("byStatus");
        assertThat(d.model.acquire(Charge.read("byStatus", hash("x"), 1)).allowed())
                .isTrue();
    }

    @Test
    void switchingToOnDemandTakesTheProvisionedThroughputAtOnce() {
        ModelDriver d = new ModelDriver(provisioned("Orders", 0, 20_000), DEFAULTS);

        d.model.reconfigure(onDemand("Orders", -1, -1));

        // AWS: the previous peak of a table switched to on-demand is half its provisioned throughput.
        assertThat(d.model.snapshot().table().onDemandAllowance()).isEqualTo(20_000);
        assertThat(d.model.snapshot().table().billingMode()).isEqualTo("PAY_PER_REQUEST");
    }

    @Test
    void partitionsCoverTheHashSpaceWithoutGapsOrOverlap() {
        ModelDriver d = new ModelDriver(provisioned("Orders", 3000, 7000), DEFAULTS);
        List<ModelSnapshot.PartitionView> parts = d.model.snapshot().table().partitions();

        assertThat(parts).hasSize(8);
        assertThat(parts.get(0).lo()).isZero();
        assertThat(parts.get(parts.size() - 1).hi()).isZero();
        for (int i = 1; i < parts.size(); i++) {
            assertThat(parts.get(i).lo()).isEqualTo(parts.get(i - 1).hi());
        }
        assertThat(parts.stream()
                        .mapToDouble(ModelSnapshot.PartitionView::keySpaceShare)
                        .sum())
                .isCloseTo(1.0, within(1e-9));
    }

    @Test
    void anUnknownIndexIsAnError() {
        ModelDriver d = new ModelDriver(provisioned("Orders", 10, 10), DEFAULTS);

        assertThatThrownBy(() -> d.model.acquire(Charge.read("nope", 1, 1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("nope");
        // A write whose second index is unknown leaves no pending demand behind on the table.
        ModelSnapshot before = d.model.snapshot();
        assertThatThrownBy(() ->
                        d.model.acquire(Charge.write(hash("k"), 10, List.of(new Charge.IndexWrite("nope", 1, 1)))))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(d.model.snapshot()).isEqualTo(before);
        assertThat(d.model.acquire(Charge.write(hash("k"), 10, List.of())).allowed())
                .isTrue();
    }

    @Test
    void aWriteLargerThanATinyTablesBucketStillGoesThroughWhenTheBucketIsFull() {
        ModelDriver d = new ModelDriver(provisioned("Tiny", 1, 1), DEFAULTS.withBurstSeconds(0));
        d.idle(5);

        assertThat(d.model.acquire(Charge.write(hash("big"), 20, List.of())).allowed())
                .isTrue();
        // ...and leaves the table in debt for the next 20 seconds.
        d.idle(10);
        assertThat(d.model.acquire(Charge.write(hash("small"), 1, List.of())).allowed())
                .isFalse();
        d.idle(11);
        assertThat(d.model.acquire(Charge.write(hash("small"), 1, List.of())).allowed())
                .isTrue();
    }

    @Test
    void configWithIndexesMapIsHonoured() {
        CapacityConfig c = new CapacityConfig(
                "T",
                ModelDriver.ACCOUNT + "T",
                false,
                5,
                5,
                Map.of("g", new CapacityConfig.IndexCapacity(ModelDriver.ACCOUNT + "T/index/g", 3000, 2000)));
        ModelDriver d = new ModelDriver(c, DEFAULTS);

        assertThat(d.model.snapshot().resource("g").partitions()).hasSize(3);
        assertThat(d.model.snapshot().resource("g").arn()).endsWith("/index/g");
        assertThat(d.model.snapshot().resource("g").index()).isTrue();
    }
}
