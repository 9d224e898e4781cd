package dev.partitionscope.core.chart;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

class TimeTicksTest {
    private static final ZoneId UTC = ZoneOffset.UTC;

    private static List<String> labels(List<TimeTicks.Tick> ticks) {
        return ticks.stream().map(TimeTicks.Tick::label).toList();
    }

    @Test
    void anHourOfMinutesIsLabelledEveryTenMinutes() {
        Instant from = Instant.parse("2024-03-14T14:00:00Z");
        List<TimeTicks.Tick> ticks = TimeTicks.ticks(from, from.plus(Duration.ofHours(1)), UTC, 8);
        assertThat(labels(ticks)).containsExactly("14:00", "14:10", "14:20", "14:30", "14:40", "14:50", "15:00");
    }

    @Test
    void ticksSitOnRoundMinutesWhenTheRangeDoesNot() {
        Instant from = Instant.parse("2024-03-14T14:03:00Z");
        List<TimeTicks.Tick> ticks = TimeTicks.ticks(from, from.plus(Duration.ofHours(1)), UTC, 8);
        assertThat(labels(ticks)).containsExactly("14:10", "14:20", "14:30", "14:40", "14:50", "15:00");
    }

    @Test
    void roundsInLocalTimeSoHalfHourZonesGetTicksOnTheHour() {
        Instant from = Instant.parse("2024-03-14T00:00:00Z"); // 05:30 in Kolkata
        List<TimeTicks.Tick> ticks =
                TimeTicks.ticks(from, from.plus(Duration.ofHours(6)), ZoneId.of("Asia/Kolkata"), 8);
        assertThat(labels(ticks)).containsExactly("06:00", "07:00", "08:00", "09:00", "10:00", "11:00");
    }

    @Test
    void acrossDaysTheLabelsCarryTheDate() {
        Instant from = Instant.parse("2024-03-12T00:00:00Z");
        Instant to = from.plus(Duration.ofDays(3));
        assertThat(labels(TimeTicks.ticks(from, to, UTC, 8)))
                .containsExactly(
                        "03-12 00:00",
                        "03-12 12:00",
                        "03-13 00:00",
                        "03-13 12:00",
                        "03-14 00:00",
                        "03-14 12:00",
                        "03-15 00:00");
        assertThat(labels(TimeTicks.ticks(from, to, UTC, 4))).containsExactly("03-12", "03-13", "03-14", "03-15");
    }

    @Test
    void aDayFromMiddayToMiddayCrossesMidnightSoShowsDates() {
        Instant from = Instant.parse("2024-03-13T12:00:00Z");
        List<String> labels = labels(TimeTicks.ticks(from, from.plus(Duration.ofDays(1)), UTC, 7));
        assertThat(labels)
                .containsExactly(
                        "03-13 12:00",
                        "03-13 16:00",
                        "03-13 20:00",
                        "03-14 00:00",
                        "03-14 04:00",
                        "03-14 08:00",
                        "03-14 12:00");
        assertThat(TimeTicks.crossesDays(
                        Instant.parse("2024-03-13T00:00:00Z"), Instant.parse("2024-03-14T00:00:00Z"), UTC))
                .as("exactly one calendar day")
                .isFalse();
    }

    @Test
    void aWeekOfHoursGetsOneTickPerDayInTheZone() {
        ZoneId berlin = ZoneId.of("Europe/Berlin");
        Instant from = Instant.parse("2024-03-11T23:00:00Z"); // local midnight
        List<TimeTicks.Tick> ticks = TimeTicks.ticks(from, from.plus(Duration.ofDays(7)), berlin, 8);
        assertThat(labels(ticks))
                .containsExactly("03-12", "03-13", "03-14", "03-15", "03-16", "03-17", "03-18", "03-19");
    }

    @Test
    void shortDateLabelsFitDailyTicksWhereDateAndTimeLabelsWouldNot() {
        Instant from = Instant.parse("2024-03-11T00:00:00Z");
        // 7 px per character on a 560 px axis: 5 "00-00 00:00" labels fit, or 8 "00-00" ones.
        List<TimeTicks.Tick> ticks =
                TimeTicks.ticks(from, from.plus(Duration.ofDays(7)), UTC, sample -> 560 / (sample.length() * 7 + 28));
        assertThat(labels(ticks))
                .containsExactly("03-11", "03-12", "03-13", "03-14", "03-15", "03-16", "03-17", "03-18");
    }

    @Test
    void skipsTheHourThatDaylightSavingTimeSkips() {
        ZoneId newYork = ZoneId.of("America/New_York");
        Instant from = Instant.parse("2024-03-10T05:00:00Z"); // 00:00 EST; 02:00 local does not exist
        List<String> labels = labels(TimeTicks.ticks(from, from.plus(Duration.ofHours(4)), newYork, 8));
        assertThat(labels).containsExactly("00:00", "01:00", "03:00", "04:00", "05:00");
    }

    @Test
    void aBucketSpanNamesItsOffset() {
        Instant at = Instant.parse("2024-03-14T14:05:00Z");
        Instant end = at.plusSeconds(60);
        assertThat(TimeTicks.bucket(at, end, UTC, false)).isEqualTo("14:05–14:06 UTC+0");
        assertThat(TimeTicks.bucket(at, end, ZoneId.of("Europe/Berlin"), true)).isEqualTo("03-14 15:05–15:06 UTC+1");
        assertThat(TimeTicks.offset(ZoneOffset.ofHoursMinutes(5, 30))).isEqualTo("UTC+5:30");
        assertThat(TimeTicks.offset(ZoneOffset.ofHours(-4))).isEqualTo("UTC-4");
    }
}
