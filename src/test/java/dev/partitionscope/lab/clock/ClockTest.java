package dev.partitionscope.lab.clock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClockTest {

    @Test
    void simulatedTimeMovesOnlyWhenToldAndBothViewsAgree() {
        SimulatedClock clock = new SimulatedClock(Instant.parse("2026-06-22T10:00:00Z"));

        assertThat(clock.nanoTime()).isZero();
        assertThat(clock.epochMillis())
                .isEqualTo(Instant.parse("2026-06-22T10:00:00Z").toEpochMilli());

        clock.advance(Duration.ofMinutes(90));
        clock.advanceNanos(1_500_000);
        clock.advanceMillis(2);
        clock.advanceSeconds(1);

        assertThat(clock.nanoTime()).isEqualTo(Duration.ofMinutes(90).toNanos() + 1_000_000_000L + 3_500_000);
        assertThat(clock.epochMillis())
                .isEqualTo(Instant.parse("2026-06-22T11:30:01.003Z").toEpochMilli());
        assertThat(clock.elapsed()).isEqualTo(Duration.ofNanos(clock.nanoTime()));
    }

    @Test
    void simulatedTimeNeverRunsBack() {
        SimulatedClock clock = new SimulatedClock(1_000_000L);
        clock.advanceSeconds(10);

        assertThatThrownBy(() -> clock.advanceNanos(-1)).isInstanceOf(IllegalArgumentException.class);
        clock.advanceTo(1_000_000L + 5_000); // already past: no-op
        assertThat(clock.epochMillis()).isEqualTo(1_010_000L);
        clock.advanceTo(1_000_000L + 20_000);
        assertThat(clock.epochMillis()).isEqualTo(1_020_000L);
    }

    @Test
    void concurrentAdvancesAddUp() throws InterruptedException {
        SimulatedClock clock = new SimulatedClock(0);
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            Thread th = new Thread(() -> {
                for (int i = 0; i < 100_000; i++) {
                    clock.advanceNanos(3);
                }
            });
            threads.add(th);
            th.start();
        }
        for (Thread th : threads) {
            th.join();
        }

        assertThat(clock.nanoTime()).isEqualTo(4L * 100_000 * 3);
    }

    @Test
    void systemClockIsRealTime() {
        long before = System.currentTimeMillis();
        long n0 = SystemLabClock.INSTANCE.nanoTime();
        long epoch = SystemLabClock.INSTANCE.epochMillis();
        long n1 = SystemLabClock.INSTANCE.nanoTime();

        assertThat(epoch).isBetween(before, System.currentTimeMillis());
        assertThat(n1).isGreaterThanOrEqualTo(n0);
    }
}
