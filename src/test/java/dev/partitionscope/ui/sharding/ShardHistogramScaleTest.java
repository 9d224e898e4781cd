package dev.partitionscope.ui.sharding;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The histogram's percentage axis steps by round percentages whatever the tallest bar (hash:4 showed 13 % and 38 %). */
class ShardHistogramScaleTest {
    @Test
    void everyStepIsARoundPercentageAndTheTopCoversTheTallestBar() {
        java.util.Set<Double> round = java.util.Set.of(0.2, 0.5, 1.0, 2.0, 5.0, 10.0, 20.0, 25.0);
        for (double tallest = 0.001; tallest <= 1.0; tallest += 0.001) {
            double[] scale = ShardHistogram.niceScale(tallest);
            assertThat(scale[0]).isGreaterThanOrEqualTo(tallest - 1e-9);
            double step = Math.round(scale[0] / scale[1] * 100 * 1000) / 1000.0;
            assertThat(round)
                    .as("the step under a top of %s for a tallest bar of %s", ShardHistogram.percent(scale[0]), tallest)
                    .contains(step);
        }
    }

    @Test
    void hashFourNearAQuarterReadsZeroTenTwentyThirty() {
        double[] scale = ShardHistogram.niceScale(0.262);
        assertThat(scale).containsExactly(0.3, 3);
    }
}
