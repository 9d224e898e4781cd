package dev.partitionscope.core.chart;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class NiceScaleTest {
    private static String[] labels(NiceScale s) {
        return Arrays.stream(s.ticks()).mapToObj(s::label).toArray(String[]::new);
    }

    @Test
    void roundsAMaximumUpToTheNextHalfThousand() {
        NiceScale s = NiceScale.of(1234);
        assertThat(s.ticks()).containsExactly(0, 500, 1000, 1500);
        assertThat(labels(s)).containsExactly("0", "500", "1,000", "1,500");
    }

    @Test
    void aMaximumOnARoundNumberIsTheTop() {
        assertThat(NiceScale.of(1000).ticks()).containsExactly(0, 250, 500, 750, 1000);
        assertThat(NiceScale.of(3).ticks()).containsExactly(0, 1, 2, 3);
    }

    @Test
    void alwaysGivesThreeToFiveTicksThatHoldTheMaximum() {
        for (double max = 0.001; max < 1e12; max *= 1.37) {
            NiceScale s = NiceScale.of(max);
            assertThat(s.ticks().length).as("ticks for %s", max).isBetween(3, 5);
            assertThat(s.top()).as("top for %s", max).isGreaterThanOrEqualTo(max);
            assertThat(s.ticks()[0]).isZero();
        }
    }

    @Test
    void abbreviatesThousandsAndMillionsOnceTheTopIsLarge() {
        assertThat(labels(NiceScale.of(12_000))).containsExactly("0", "5k", "10k", "15k");
        assertThat(labels(NiceScale.of(10_000))).containsExactly("0", "2.5k", "5k", "7.5k", "10k");
        assertThat(labels(NiceScale.of(2_200_000))).containsExactly("0", "1M", "2M", "3M");
        assertThat(labels(NiceScale.of(4_000))).containsExactly("0", "1,000", "2,000", "3,000", "4,000");
    }

    @Test
    void smallValuesKeepExactDecimals() {
        assertThat(labels(NiceScale.of(0.3))).containsExactly("0", "0.1", "0.2", "0.3");
    }

    @Test
    void nothingToShowGivesZeroToOne() {
        assertThat(NiceScale.of(0).ticks()).containsExactly(0, 0.5, 1);
        assertThat(NiceScale.of(Double.NaN).ticks()).containsExactly(0, 0.5, 1);
    }

    @Test
    void defaultValueTextHasThousandsSeparatorsAndADashForNoData() {
        assertThat(NiceScale.number(1234.5)).isEqualTo("1,234.5");
        assertThat(NiceScale.number(1234)).isEqualTo("1,234");
        assertThat(NiceScale.number(664.07)).isEqualTo("664.1");
        assertThat(NiceScale.number(12.25)).isEqualTo("12.25");
        assertThat(NiceScale.number(0.0123)).isEqualTo("0.0123");
        assertThat(NiceScale.number(Double.NaN)).isEqualTo("—");
    }
}
