package dev.partitionscope.core.design;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.partitionscope.core.scheme.KeyScheme;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The partition model on a case small enough to compute by hand. */
class PredictionTest {
    /**
     * sum:4 puts "D" (68 mod 4 = 0) on #1, "A" (65) on #2, "B" on #3, "C" on #4. Five A, two B, two C, one D: shares
     * 0.1, 0.5, 0.2, 0.2.
     */
    private static SchemePreview tenIds() {
        List<String> ids = new ArrayList<>();
        for (String[] e : new String[][] {{"A", "5"}, {"B", "2"}, {"C", "2"}, {"D", "1"}}) {
            for (int i = 0; i < Integer.parseInt(e[1]); i++) {
                ids.add(e[0]);
            }
        }
        SchemePreview p = SchemePreview.of(KeyScheme.parse("sum:4"), "K", ids, 1);
        assertThat(p.shards()).extracting(SchemePreview.Shard::share).containsExactly(0.1, 0.5, 0.2, 0.2);
        return p;
    }

    @Test
    void splitsTheLoadByShareAndThrottlesWhatIsAboveEachKeysCeiling() {
        // 3,000 writes/s of 1,500 B = 2 WCU each = 6,000 WCU/s; 6,000 eventually consistent reads/s = 0.5 RCU each.
        Prediction p = Prediction.of(tenIds(), new Workload(3_000, 1_500, 6_000, false));

        assertThat(p.writesBefore().unitsPerSecond()).isEqualTo(6_000);
        assertThat(p.writesBefore().busiestKeyUnits()).isEqualTo(6_000);
        assertThat(p.writesBefore().peakOfCeiling()).isEqualTo(6.0);
        assertThat(p.writesBefore().throttledShare()).isCloseTo(5_000 / 6_000.0, within(1e-12));
        assertThat(p.writesBefore().headroom()).isCloseTo(1 / 6.0, within(1e-12));

        // After: 600, 3,000, 1,200, 1,200 WCU/s; above the ceiling 2,000 + 200 + 200 = 2,400 of 6,000.
        assertThat(p.writesAfter().busiestKeyUnits()).isCloseTo(3_000, within(1e-9));
        assertThat(p.writesAfter().peakOfCeiling()).isCloseTo(3.0, within(1e-12));
        assertThat(p.writesAfter().throttledShare()).isCloseTo(0.4, within(1e-12));
        assertThat(p.writesAfter().headroom()).isCloseTo(1 / 3.0, within(1e-12));

        assertThat(p.readsBefore().unitsPerSecond()).isEqualTo(3_000);
        assertThat(p.readsBefore().peakOfCeiling()).isEqualTo(1.0);
        assertThat(p.readsBefore().throttledShare()).isZero();
        assertThat(p.readsAfter().busiestKeyUnits()).isCloseTo(1_500, within(1e-9));
        assertThat(p.readsAfter().headroom()).isCloseTo(2.0, within(1e-12));
    }

    @Test
    void noLoadHasInfiniteHeadroom() {
        Prediction p = Prediction.of(tenIds(), Workload.writes(100, 100));
        assertThat(p.readsAfter().headroom()).isInfinite();
        assertThat(p.readsAfter().throttledShare()).isZero();
        assertThat(p.writesAfter().throttledShare()).isZero();
        assertThat(p.writesAfter().busiestKeyUnits()).isCloseTo(50, within(1e-9));
    }

    @Test
    void overTimeFindsThePeakMinuteAndThrottledShareOfTheWholeSeries() {
        // 2, 6 and 1 thousand WCU/s; only minute 1 throttles: 2,400 of 9,000 offered.
        Prediction.OverTime t = Prediction.overTime(tenIds(), new double[] {1_000, 3_000, 500}, 1_500);
        assertThat(t.peak().minute()).isEqualTo(1);
        assertThat(t.peak().writesPerSecond()).isEqualTo(3_000);
        assertThat(t.peak().writes().throttledShare()).isCloseTo(0.4, within(1e-12));
        assertThat(t.throttledShare()).isCloseTo(2_400 / 9_000.0, within(1e-12));
        assertThat(t.throttledMinutes()).isEqualTo(1);
    }

    @Test
    void aDayBucketAloneDoesNotDivideTheLoadOfAMoment() {
        int n = 2_000;
        List<String> ids = new ArrayList<>();
        long[] millis = new long[n];
        for (int i = 0; i < n; i++) {
            ids.add("call-" + i);
            millis[i] = 1_782_000_000_000L + (i % 2) * 86_400_000L;
        }
        SchemePreview day = SchemePreview.of(KeyScheme.parse("day"), "#", List.of("OPS_LOG"), ids, millis, 1);
        Prediction p = Prediction.of(day, Workload.writes(2_000, 500));
        assertThat(p.writesAfter().throttledShare())
                .isEqualTo(p.writesBefore().throttledShare())
                .isEqualTo(0.5);
    }
}
