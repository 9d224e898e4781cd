package dev.partitionscope.core.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class MetricPeriodTest {
    private static final Instant NOW = Instant.parse("2026-11-30T12:00:00Z");

    private static int choose(Duration ago, Duration length) {
        Instant start = NOW.minus(ago);
        return MetricPeriod.choose(start, start.plus(length), NOW);
    }

    @Test
    void recentDayIsReadPerMinute() {
        assertThat(choose(Duration.ofHours(24), Duration.ofHours(24))).isEqualTo(60);
        assertThat(choose(Duration.ofHours(1), Duration.ofHours(1))).isEqualTo(60);
    }

    @Test
    void aWeekIsCoarsenedToStayWithinADaysWorthOfPoints() {
        int p = choose(Duration.ofDays(7), Duration.ofDays(7));
        assertThat(p).isEqualTo(600);
        assertThat(Duration.ofDays(7).toSeconds() / p).isLessThanOrEqualTo(MetricPeriod.MAX_POINTS);
    }

    @Test
    void dataOlderThanFifteenDaysIsOnlyHeldAtFiveMinutes() {
        assertThat(choose(Duration.ofDays(16), Duration.ofHours(1))).isEqualTo(300);
        assertThat(choose(Duration.ofDays(15), Duration.ofHours(1))).isEqualTo(60);
    }

    @Test
    void dataOlderThanSixtyThreeDaysIsOnlyHeldHourly() {
        assertThat(choose(Duration.ofDays(64), Duration.ofHours(1))).isEqualTo(3_600);
        assertThat(choose(Duration.ofDays(63), Duration.ofHours(1))).isEqualTo(300);
    }

    @Test
    void periodIsAlwaysAMultipleOfTheRetentionMinimum() {
        for (int days = 1; days < 400; days += 7) {
            Instant start = NOW.minus(Duration.ofDays(days));
            int p = MetricPeriod.choose(start, NOW, NOW);
            assertThat(p % MetricPeriod.retentionMinimum(start, NOW))
                    .as("%d days", days)
                    .isZero();
            assertThat(p % 60).isZero();
        }
    }

    @Test
    void labelsAreShort() {
        assertThat(MetricPeriod.label(60)).isEqualTo("1 min");
        assertThat(MetricPeriod.label(300)).isEqualTo("5 min");
        assertThat(MetricPeriod.label(3_600)).isEqualTo("1 h");
        assertThat(MetricPeriod.label(86_400)).isEqualTo("1 d");
    }
}
