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
