package dev.partitionscope.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.partitionscope.lab.clock.SimulatedClock;
import dev.partitionscope.lab.clock.SystemLabClock;
import dev.partitionscope.lab.meter.MinuteStats;
import dev.partitionscope.lab.meter.ResourceId;
import dev.partitionscope.lab.workload.FastForward;
import dev.partitionscope.lab.workload.Plan;
import dev.partitionscope.lab.workload.RunSettings;
import dev.partitionscope.lab.workload.ScenarioCatalog;
import dev.partitionscope.lab.workload.WorkloadProgress;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The built-in Lab started alive: its past played fast with the seeds' stories on the demo tables, then a workload
 * that goes on in real time on a clock that follows the system's; only the embedded Lab lives, and only when asked.
 */
class LivingLabTest {
    /** Ten minutes of the story at a tenth of its rates, a tick of 200 ms: a thin, fast version of the same hour. */
    private static final LivingLab.Options THIN =
            new LivingLab.Options(Duration.ofMinutes(10), 0.1, Duration.ofMillis(200));

    private static double writes(Lab lab, String table, long from, long to) {
        return lab.meter().minutes(ResourceId.table(table), from, to).stream()
                .mapToDouble(m -> m.consumedWrite().sum())
                .sum();
    }

    private static long keyRangeThrottles(Lab lab, String table, long from, long to) {
        return lab.meter().minutes(ResourceId.table(table), from, to).stream()
                .mapToLong((MinuteStats m) -> m.throttleEvents("TableWriteKeyRangeThroughputExceeded"))
                .sum();
    }

    private static void waitFor(String what, Duration timeout, java.util.function.BooleanSupplier done)
            throws InterruptedException {
        long until = System.nanoTime() + timeout.toNanos();
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > until) {
                throw new AssertionError("timed out after " + timeout.toSeconds() + " s waiting until " + what);
            }
            Thread.sleep(50);
        }
    }

    @Test
    void aSimulatedClockCanGoOnInRealTimeAndIsThenNoLongerMovedByHand() {
        long start = System.currentTimeMillis() - Duration.ofHours(1).toMillis();
        SimulatedClock clock = new SimulatedClock(start);
        clock.advance(Duration.ofMinutes(59));
        long before = clock.nanoTime();

        clock.followSystemClock();

        assertThat(clock.followsSystemClock()).isTrue();
        assertThat(clock.nanoTime()).isGreaterThanOrEqualTo(before);
        // Caught up with the wall clock: the minute it was behind is skipped, not played.
        assertThat(Math.abs(clock.epochMillis() - System.currentTimeMillis())).isLessThan(1_000);
        assertThatThrownBy(() -> clock.advanceSeconds(1))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("follows the system clock");
    }

    @Test
    void fastForwardRunsSeveralPlansOverTheSameMinute() {
        SimulatedClock clock = new SimulatedClock(System.currentTimeMillis() - 120_000);
        try (Lab lab = Lab.inProcess(Lab.Options.defaults().withClock(clock))) {
            ScenarioCatalog catalog = ScenarioCatalog.load(null);
            RunSettings minute = RunSettings.defaults().withDuration(Duration.ofMinutes(1));
            Plan opsLog = Plan.of(catalog.get("ops-log"), "before", minute.withRate(700.0));
            Plan orders = Plan.of(catalog.get("orders-by-day"), "after", minute.withRate(50.0));

            WorkloadProgress p = new FastForward(List.of(opsLog, orders), lab, clock, 10).run();

            assertThat(p.state()).isEqualTo(WorkloadProgress.State.FINISHED);
            assertThat(p.operations()).isEqualTo(700 * 60 + 50 * 60);
            assertThat(clock.elapsed()).isEqualTo(Duration.ofMinutes(1));
            long from = clock.startEpochMillis();
            long to = clock.epochMillis();
            // Both tables took their writes in the same simulated minute; OPS_LOG throttled as it does alone.
            assertThat(writes(lab, "app", from, to)).isGreaterThan(30_000);
            assertThat(writes(lab, "pedidos", from, to)).isGreaterThan(2_000);
            assertThat(keyRangeThrottles(lab, "app", from, to)).isPositive();
            assertThat(keyRangeThrottles(lab, "pedidos", from, to)).isZero();
        }
    }

    @Test
    void playsThePastThenLivesInRealTimeUntilStopped() throws Exception {
        long t0 = System.currentTimeMillis();
        SimulatedClock clock = new SimulatedClock(t0 - THIN.history().toMillis());
        try (Lab lab = Lab.inProcess(Lab.Options.defaults().withClock(clock))) {
            DemoTables.create(lab.engine());
            LivingLab living = LivingLab.start(lab, clock, THIN);

            waitFor("live", Duration.ofSeconds(60), () -> living.status().state() == LivingLab.State.LIVE);

            assertThat(living.status().minutesDone()).isEqualTo(10);
            assertThat(clock.followsSystemClock()).isTrue();
            assertThat(Math.abs(clock.epochMillis() - System.currentTimeMillis()))
                    .isLessThan(2_000);
            long start = clock.startEpochMillis();
            // Every demo table has writes in the first and in the last minutes of the past it played.
            for (String table : List.of(DemoTables.APP, DemoTables.ORDER_STATUS, DemoTables.PEDIDOS)) {
                assertThat(writes(lab, table, start + 60_000, start + 120_000))
                        .as("%s in the second minute", table)
                        .isPositive();
                assertThat(writes(lab, table, t0 - 120_000, t0))
                        .as("%s in the last minutes", table)
                        .isPositive();
            }
            // The live part goes on: writes arrive after the catch-up, on the real clock.
            long liveFrom = System.currentTimeMillis();
            waitFor(
                    "live writes",
                    Duration.ofSeconds(10),
                    () -> lab.meter().recentSeconds(ResourceId.table(DemoTables.APP)).stream()
                            .anyMatch(s -> s.consumedWrite() > 0));
            assertThat(writes(lab, DemoTables.APP, liveFrom - 60_000, System.currentTimeMillis() + 60_000))
                    .isPositive();

            living.stop();
            assertThat(living.await(Duration.ofSeconds(10))).isTrue();
            assertThat(living.status().state()).isEqualTo(LivingLab.State.STOPPED);
            double after = writes(lab, DemoTables.APP, start, System.currentTimeMillis() + 120_000);
            Thread.sleep(600);
            assertThat(writes(lab, DemoTables.APP, start, System.currentTimeMillis() + 120_000))
                    .as("nothing written after stop")
                    .isEqualTo(after);
        }
    }

    /** Each app key's consumed throughput units in the minute starting at {@code minute}, per second. */
    private static java.util.Map<String, Double> unitsPerSecond(Lab lab, long minute) {
        var report = lab.meter()
                .topContributors(
                        ResourceId.table(DemoTables.APP),
                        dev.partitionscope.lab.meter.KeyKind.PARTITION_KEY,
                        dev.partitionscope.lab.meter.InsightMetric.CONSUMED_THROUGHPUT_UNITS,
                        minute,
                        minute + 60_000,
                        Duration.ofMinutes(1),
                        100,
                        dev.partitionscope.lab.meter.OrderBy.SUM);
        java.util.Map<String, Double> units = new java.util.HashMap<>();
        for (var c : report.contributors()) {
            units.put(c.keys().get(0), c.aggregateValue() / 60);
        }
        return units;
    }

    @Test
    void theAppsEverydayTrafficHeatsManyKeysAndAFlashDealRunsOneHotEveryTenMinutes() throws Exception {
        // Half an hour of the story at its real rates: a flash deal falls outside OPS_LOG's peak, whatever the time.
        long t0 = System.currentTimeMillis();
        SimulatedClock clock = new SimulatedClock(t0 - Duration.ofMinutes(30).toMillis());
        try (Lab lab = Lab.inProcess(Lab.Options.defaults().withClock(clock))) {
            DemoTables.create(lab.engine());
            LivingLab living = LivingLab.start(
                    lab, clock, new LivingLab.Options(Duration.ofMinutes(30), 1.0, Duration.ofSeconds(1)));
            waitFor("live", Duration.ofMinutes(2), () -> living.status().state() == LivingLab.State.LIVE);
            living.stop();

            double ceiling = 3_000; // one key's throughput units per second (3,000 RCU/s, 1,000 WCU/s × 3)
            long first = Math.floorDiv(clock.startEpochMillis(), 60_000) * 60_000 + 60_000;
            int deals = 0;
            for (long minute = first; minute + 60_000 <= t0 - 60_000; minute += 60_000) {
                java.util.Map<String, Double> units = unitsPerSecond(lab, minute);
                long warm =
                        units.values().stream().filter(u -> u >= 0.03 * ceiling).count();
                assertThat(warm)
                        .as("keys at 3 %% of the ceiling or more in minute %d", minute)
                        .isGreaterThanOrEqualTo(15);
                assertThat(units.getOrDefault("PRODUCT#9f5f10b1-29dc-e3ea-e0f9-ab9a63cf0e4f", 0.0) / ceiling)
                        .as("the favourite product")
                        .isBetween(0.35, 0.6);
                assertThat(units.getOrDefault("THREAT#brand-abc-123", 0.0) / ceiling)
                        .as("the attacked brand")
                        .isBetween(0.15, 0.4);
                assertThat(units.getOrDefault("BRAND_INDEX", 0.0) / ceiling).isBetween(0.1, 0.3);
                double deal = units.getOrDefault("PRODUCT#51b91092-77f6-c109-2c20-365277f28b28", 0.0) / ceiling;
                double storyMinute = 60.0
                        * (minute - clock.startEpochMillis())
                        / Duration.ofMinutes(30).toMillis();
                boolean opsLogPeaks = storyMinute > 11 && storyMinute < 36;
                if (Math.floorMod(minute / 60_000, 10) == 0 && !opsLogPeaks) {
                    deals++;
                    assertThat(deal).as("the flash deal's minute").isBetween(0.8, 1.0);
                } else if (Math.floorMod(minute / 60_000, 10) != 0) {
                    assertThat(deal).as("an ordinary minute").isBetween(0.05, 0.2);
                }
            }
            assertThat(deals).isGreaterThanOrEqualTo(1);
        }
    }

    @Test
    void theEverydayTrafficReadsTheDemoTablesOwnProducts() {
        var scenario = ScenarioCatalog.living(LivingLab.EVERYDAY);
        assertThat(ScenarioCatalog.load(null).find(LivingLab.EVERYDAY))
                .as("not one of the listed scenarios")
                .isEmpty();
        try (Lab lab = Lab.inProcess(Lab.Options.defaults())) {
            DemoTables.create(lab.engine());
            var f = JsonNodeFactory.instance;
            for (String gen : List.of("product", "deal")) {
                for (String id : scenario.generators().get(gen).values()) {
                    var req = f.objectNode().put("TableName", DemoTables.APP);
                    req.putObject("Key")
                            .<com.fasterxml.jackson.databind.node.ObjectNode>set(
                                    "PK", f.objectNode().put("S", "PRODUCT#" + id))
                            .set("SK", f.objectNode().put("S", "META"));
                    assertThat(lab.engine().handleAtOnce("GetItem", req).has("Item"))
                            .as("PRODUCT#%s is a demo product", id)
                            .isTrue();
                }
            }
        }
    }

    @Test
    void leavesATableTheUserDeletedAlone() throws Exception {
        SimulatedClock clock = new SimulatedClock(System.currentTimeMillis() - 60_000);
        try (Lab lab = Lab.inProcess(Lab.Options.defaults().withClock(clock))) {
            DemoTables.create(lab.engine());
            LivingLab living = LivingLab.start(
                    lab, clock, new LivingLab.Options(Duration.ofMinutes(1), 0.1, Duration.ofMillis(100)));
            waitFor("live", Duration.ofSeconds(30), () -> living.status().state() == LivingLab.State.LIVE);

            lab.engine()
                    .handleAtOnce(
                            "DeleteTable", JsonNodeFactory.instance.objectNode().put("TableName", DemoTables.PEDIDOS));
            Thread.sleep(1_000);

            assertThat(lab.engine().tablesByName()).doesNotContainKey(DemoTables.PEDIDOS);
            assertThat(living.status().state()).isEqualTo(LivingLab.State.LIVE);
            living.stop();
        }
    }

    @Test
    void onlyTheEmbeddedLabStartsAliveAndOnlyWhenAsked() throws Exception {
        try (LabHost still = LabHost.defaults()) {
            assertThat(still.lab().clock()).isSameAs(SystemLabClock.INSTANCE);
            assertThat(still.living()).isEmpty();
        }
        try (LabHost host = LabHost.defaults()) {
            host.startAlive(() -> null); // the setting is off
            assertThat(host.lab().clock()).isSameAs(SystemLabClock.INSTANCE);
            assertThat(host.living()).isEmpty();
        }
        try (LabHost host = LabHost.defaults()) {
            host.startAlive(() -> THIN);
            Lab replay = Lab.inProcess(Lab.Options.defaults());
            String replayEndpoint = host.serve(replay);
            assertThat(host.living())
                    .as("serving a replay starts no living Lab")
                    .isEmpty();
            assertThat(host.isLiving(replayEndpoint)).isFalse();

            String embedded = host.endpoint();
            assertThat(host.living()).isPresent();
            assertThat(host.isLiving(embedded)).isTrue();
            assertThat(host.lab().clock()).isInstanceOf(SimulatedClock.class);
        }
    }
}
