package dev.partitionscope.lab.workload;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.lab.Lab;
import dev.partitionscope.lab.clock.SimulatedClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each bundled scenario tells its story with the Lab's default model, fast-forwarded over three simulated minutes
 * with a fixed seed: the design with the hot key throttles for a hot partition, the fix does not — and where a
 * seed's own fix does not spread the writes (time buckets), the scenario shows that too.
 */
class ScenarioOutcomesTest {
    static final Instant START = Instant.parse("2026-06-22T01:00:00Z");

    record Outcome(WorkloadProgress progress, Lab lab) {}

    static Outcome run(String scenario, String variant, RunSettings settings) {
        SimulatedClock clock = new SimulatedClock(START);
        Lab lab = Lab.inProcess(Lab.Options.defaults().withClock(clock));
        Plan plan = Plan.of(ScenarioCatalog.load(null).get(scenario), variant, settings);
        return new Outcome(new FastForward(plan, lab, clock, 500).run(), lab);
    }

    static Outcome run(String scenario, String variant) {
        return run(scenario, variant, RunSettings.defaults().withDuration(Duration.ofMinutes(3)));
    }

    static Stream<Arguments> problemAndFix() {
        return Stream.of(
                Arguments.of("order-status", "before", "after"),
                Arguments.of("ops-log", "before", "after-sharded"),
                Arguments.of("threats", "before", "after-sharded"),
                Arguments.of("collection-keys", "bulk-import", "after"),
                Arguments.of("orders-by-day", "before", "after"),
                Arguments.of("tenant-skew", "before", "after"),
                Arguments.of("global-counter", "before", "after"),
                Arguments.of("inventory-counter", "before", "after"));
    }

    @ParameterizedTest(name = "{0}: {1} throttles, {2} does not")
    @MethodSource("problemAndFix")
    void theHotKeyThrottlesAndTheFixDoesNot(String scenario, String problem, String fix) {
        WorkloadProgress hot = run(scenario, problem).progress();
        assertThat(hot.state()).isEqualTo(WorkloadProgress.State.FINISHED);
        assertThat(hot.throttled() + hot.unprocessedItems())
                .as("%s %s throttles", scenario, problem)
                .isGreaterThan(hot.requests() / 50);
        // A transaction is cancelled whole: the SDK sees its actions' codes, not the key range (see below).
        assertThat(hot.throttlesByReason().keySet())
                .allMatch(r -> r.contains("KeyRange") || r.equals("ThrottlingError (transaction cancelled)"));

        WorkloadProgress fixed = run(scenario, fix).progress();
        assertThat(fixed.state()).isEqualTo(WorkloadProgress.State.FINISHED);
        assertThat(fixed.requests()).isGreaterThan(1_000);
        assertThat(fixed.throttled()).as("%s %s throttles", scenario, fix).isZero();
        assertThat(fixed.unprocessedItems()).isZero();
        assertThat(fixed.errors()).isZero();
    }

    @Test
    void everyBundledScenarioHasBeforeAndAfterAndIsCovered() {
        List<Scenario> all = ScenarioCatalog.load(null).scenarios();
        assertThat(all)
                .extracting(Scenario::name)
                .containsExactly(
                        "order-status",
                        "ops-log",
                        "threats",
                        "collection-keys",
                        "orders-by-day",
                        "tenant-skew",
                        "global-counter",
                        "inventory-counter");
        assertThat(all).allSatisfy(s -> assertThat(s.variants()).containsKeys("before", "after"));
        assertThat(problemAndFix().map(a -> (String) a.get()[0]))
                .containsExactlyElementsOf(all.stream().map(Scenario::name).toList());
    }

    @Test
    void transactionsPayTwiceSoTheCounterThrottlesAtTwiceItsPlainLoad() {
        Outcome o = run("inventory-counter", "before");
        WorkloadProgress p = o.progress();
        // 600 orders/s × 1 counter item × 2 WCU = 1,200 WCU/s on STOCK#sku-flash, over the 1,000 WCU/s ceiling.
        assertThat(p.throttlesByReason()).containsOnlyKeys("ThrottlingError (transaction cancelled)");
        assertThat((double) p.throttled() / p.requests()).isBetween(0.08, 0.3);
        long from = START.toEpochMilli();
        long to = from + Duration.ofMinutes(3).toMillis();
        List<dev.partitionscope.lab.meter.MinuteStats> inventory =
                o.lab().meter().minutes(dev.partitionscope.lab.meter.ResourceId.table("inventory"), from, to);
        // The Lab's own metrics name the cause: the counter's key range, for writes.
        assertThat(inventory.stream().flatMap(m -> m.throttleEventsByReason().keySet().stream()))
                .contains("TableWriteKeyRangeThroughputExceeded");
        double counterWcu =
                inventory.stream().mapToDouble(m -> m.consumedWrite().sum()).sum();
        long committed = p.succeeded()
                - inventory.stream()
                        .mapToLong(m -> m.operations().containsKey("GetItem")
                                ? m.operations().get("GetItem").requests()
                                : 0)
                        .sum();
        assertThat(counterWcu).as("2 WCU per committed transaction").isEqualTo(2.0 * committed);
        var orders = o.lab().meter().minutes(dev.partitionscope.lab.meter.ResourceId.table("orders"), from, to);
        assertThat(orders.stream()
                        .mapToLong(dev.partitionscope.lab.meter.MinuteStats::writeThrottleEvents)
                        .sum())
                .as("the orders are cancelled with the counter, never throttled themselves")
                .isZero();
    }

    @Test
    void atRegistrationRatesTheCollectionKeysNeverThrottle() {
        WorkloadProgress p = run(
                        "collection-keys", "before", RunSettings.defaults().withDuration(Duration.ofMinutes(10)))
                .progress();
        assertThat(p.requests()).isEqualTo(5 * 600);
        assertThat(p.throttled()).isZero();
    }

    @Test
    void dayAndMonthBucketsAloneMoveTheHeatButDoNotSpreadIt() {
        // Seed 000's own fixes: every write of the moment still goes to today's (this month's) key.
        WorkloadProgress opsLog = run("ops-log", "after").progress();
        assertThat(opsLog.throttlesByReason())
                .containsKeys("TableWriteKeyRangeThroughputExceeded", "IndexWriteKeyRangeThroughputExceeded");
        WorkloadProgress before = run("ops-log", "before").progress();
        assertThat((double) opsLog.throttled())
                .as("as many throttles as before")
                .isCloseTo((double) before.throttled(), org.assertj.core.data.Percentage.withPercentage(5));
        WorkloadProgress threats = run("threats", "after").progress();
        assertThat(threats.keyRangeThrottles()).isGreaterThan(threats.requests() / 10);
    }

    @Test
    void theSameSeedMakesTheSameRunAndAnotherSeedASimilarOne() {
        WorkloadProgress a = run("order-status", "before").progress();
        WorkloadProgress b = run("order-status", "before").progress();
        assertThat(b.throttled()).isEqualTo(a.throttled());
        assertThat(b.succeeded()).isEqualTo(a.succeeded());
        WorkloadProgress c = run(
                        "order-status",
                        "before",
                        RunSettings.defaults().withSeed(7).withDuration(Duration.ofMinutes(3)))
                .progress();
        assertThat((double) c.throttled())
                .isCloseTo((double) a.throttled(), org.assertj.core.data.Percentage.withPercentage(15));
    }

    @Test
    void overridesChangeTheLoad() {
        WorkloadProgress calm = run(
                        "order-status",
                        "before",
                        RunSettings.defaults().withRate(400.0).withDuration(Duration.ofMinutes(1)))
                .progress();
        assertThat(calm.throttled()).as("400 ops/s: PENDING at 500 WCU/s").isZero();
        WorkloadProgress skewed = run(
                        "order-status",
                        "before",
                        RunSettings.defaults()
                                .withRate(400.0)
                                .withSkewPercent(100.0)
                                .withItemSize(4000)
                                .withDuration(Duration.ofMinutes(1)))
                .progress();
        assertThat(skewed.throttled()).as("400 ops/s of 4 WCU, all PENDING").isGreaterThan(skewed.requests() / 3);
    }
}
