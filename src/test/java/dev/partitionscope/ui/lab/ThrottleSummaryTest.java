package dev.partitionscope.ui.lab;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.lab.clock.SimulatedClock;
import dev.partitionscope.lab.meter.Meter;
import dev.partitionscope.lab.meter.RequestRecord;
import dev.partitionscope.lab.partition.ThrottleReason;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The last minute of throttles from the meter; no toolkit. */
class ThrottleSummaryTest {
    private final SimulatedClock clock = new SimulatedClock(Instant.parse("2026-06-22T10:00:30Z"));
    private final Meter meter = new Meter(clock);
    private static final String ARN = "arn:aws:dynamodb:us-east-1:000000000000:table/orders";

    private void put(boolean throttled) {
        meter.record(new RequestRecord(
                "orders",
                null,
                "PutItem",
                "PENDING",
                null,
                0,
                throttled ? 0 : 1,
                List.of(),
                throttled ? List.of(new ThrottleReason(false, true, ThrottleReason.Cause.KEY_RANGE, ARN)) : List.of(),
                0,
                0));
    }

    @Test
    void countsThrottleEventsPerReasonWithWhatEachMeans() {
        for (int i = 0; i < 1000; i++) {
            put(false);
        }
        for (int i = 0; i < 240; i++) {
            put(true);
        }
        clock.advanceSeconds(1);

        ThrottleSummary s = ThrottleSummary.of(meter, "orders", List.of(), clock.epochMillis(), true);

        assertThat(s.writeEvents()).isEqualTo(240);
        assertThat(s.readEvents()).isZero();
        assertThat(s.headline()).isEqualTo("240 throttle events in the last 60 s");
        assertThat(s.reasons()).singleElement().satisfies(r -> {
            assertThat(r.reason()).isEqualTo("TableWriteKeyRangeThroughputExceeded");
            assertThat(r.countText()).isEqualTo("240");
            assertThat(r.explanation()).isEqualTo("hot partition: one key range at its ceiling");
        });
        assertThat(s.reasonsCaption()).startsWith("Per reason since 10:00 UTC");
        assertThat(s.writePerSecond()[ThrottleSummary.SECONDS - 1]).isEqualTo(1000);
        assertThat(s.throttlesPerSecond()[ThrottleSummary.SECONDS - 1]).isEqualTo(240);
        assertThat(s.keyRangeLastSecond("orders", true))
                .as("a hot key range in the last second")
                .isTrue();
        assertThat(s.keyRangeLastSecond("orders", false)).isFalse();

        clock.advanceSeconds(1);
        assertThat(ThrottleSummary.of(meter, "orders", List.of(), clock.epochMillis(), true)
                        .keyRangeLastSecond("orders", true))
                .as("a quiet second since")
                .isFalse();
    }

    @Test
    void aQuietMinuteSaysSoAndOldThrottlesAgeOut() {
        put(true);
        clock.advanceSeconds(1);
        assertThat(ThrottleSummary.of(meter, "orders", List.of(), clock.epochMillis(), true)
                        .total())
                .isEqualTo(1);

        clock.advanceSeconds(61);
        ThrottleSummary s = ThrottleSummary.of(meter, "orders", List.of(), clock.epochMillis(), true);

        assertThat(s.headline()).isEqualTo("No throttling in the last minute");
        assertThat(s.reasons()).isEmpty();
    }

    @Test
    void explainsEveryCauseAndGsiBackPressure() {
        assertThat(ThrottleSummary.explain("TableReadProvisionedThroughputExceeded"))
                .isEqualTo("provisioned capacity and burst used up");
        assertThat(ThrottleSummary.explain("IndexWriteKeyRangeThroughputExceeded"))
                .isEqualTo("hot partition: one key range at its ceiling on a GSI (writes to the table wait for it)");
        assertThat(ThrottleSummary.explain("TableWriteAccountLimitExceeded")).contains("quota");
        assertThat(ThrottleSummary.explain("TableReadMaxOnDemandThroughputExceeded"))
                .contains("on-demand maximum");
    }
}
