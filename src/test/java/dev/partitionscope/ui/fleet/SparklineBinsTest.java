package dev.partitionscope.ui.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The Fleet's throttle sparkline merges periods to bars at least 2 px wide: a table whose throttles all fell in the
 * window's last minute (of 180) showed an empty cell.
 */
class SparklineBinsTest {
    @Test
    void aLoneThrottledLastMinuteKeepsItsHeightInTheLastBar() {
        double[] minutes = new double[180];
        minutes[179] = 849;

        double[] bars = FleetView.bins(minutes, 58); // a 116 px cell

        assertThat(bars).hasSize(58);
        assertThat(bars[57]).isEqualTo(849);
        assertThat(Arrays.stream(bars, 0, 57).sum()).isZero();
    }

    @Test
    void unknownOnlyWhereEveryMergedPeriodIsUnknown() {
        double[] minutes = {Double.NaN, Double.NaN, Double.NaN, 4, 0, Double.NaN};

        double[] bars = FleetView.bins(minutes, 3);

        assertThat(bars[0]).isNaN();
        assertThat(bars[1]).isEqualTo(4);
        assertThat(bars[2]).isZero();
    }

    @Test
    void fewerPeriodsThanBarsStayAsTheyAre() {
        double[] minutes = {1, 2, 3};

        assertThat(FleetView.bins(minutes, 58)).containsExactly(1, 2, 3);
    }
}
