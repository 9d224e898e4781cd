package dev.partitionscope.core.time;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The top bar's label of a time range: short enough to leave room for the rest of the bar. */
class TimeRangeLabelTest {

    @Test
    void aCustomRangeWithinOneDayNamesTheDayOnce() {
        TimeRange r =
                TimeRange.custom(Instant.parse("2026-12-01T01:21:00Z"), Instant.parse("2026-12-01T01:37:00Z"), true);
        assertThat(r.label()).isEqualTo("2026-12-01 01:21 → 01:37 · UTC");
    }

    @Test
    void aCustomRangeOverMidnightNamesBothDays() {
        TimeRange r =
                TimeRange.custom(Instant.parse("2026-11-30T23:50:00Z"), Instant.parse("2026-12-01T00:10:00Z"), true);
        assertThat(r.label()).isEqualTo("2026-11-30 23:50 → 2026-12-01 00:10 · UTC");
    }

    @Test
    void aPresetSaysItsName() {
        assertThat(TimeRange.last(TimeRange.Preset.LAST_1H).withUtc(false).label())
                .isEqualTo("Last 1 h · local");
    }
}
