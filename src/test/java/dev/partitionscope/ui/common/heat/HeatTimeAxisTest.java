package dev.partitionscope.ui.common.heat;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class HeatTimeAxisTest {
    private static final Instant T = Instant.parse("2026-06-22T01:44:00Z");

    @Test
    void minuteBucketsReadInMinutes() {
        assertThat(HeatTimeAxis.span(T, T.plusSeconds(60), ZoneOffset.UTC, false))
                .isEqualTo("01:44–01:45 UTC");
    }

    @Test
    void secondBucketsReadInSeconds() {
        // A stream's 1 s bucket was "01:44–01:44 UTC": the same minute twice.
        assertThat(HeatTimeAxis.span(T.plusSeconds(12), T.plusSeconds(13), ZoneOffset.UTC, false))
                .isEqualTo("01:44:12–01:44:13 UTC");
        assertThat(HeatTimeAxis.span(T, T.plusSeconds(1), ZoneOffset.UTC, true))
                .isEqualTo("06-22 01:44:00–01:44:01 UTC");
    }
}
