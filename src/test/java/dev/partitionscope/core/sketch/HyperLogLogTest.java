package dev.partitionscope.core.sketch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class HyperLogLogTest {

    /** Distinct keys shaped like real partition keys, so the hash sees what the audit feeds it. */
    private static String key(long i) {
        return "ORDER#" + i;
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 10, 1_000, 100_000, 1_000_000})
    void estimatesWithinThreeStandardErrors(int cardinality) {
        HyperLogLog hll = new HyperLogLog();
        for (int i = 0; i < cardinality; i++) {
            hll.add(key(i));
        }

        double error = Math.abs(hll.estimate() - cardinality) / cardinality;
        assertThat(hll.relativeError()).isCloseTo(1.04 / 128, org.assertj.core.api.Assertions.within(1e-12));
        assertThat(error)
                .as("estimate %.1f of %d", hll.estimate(), cardinality)
                .isLessThanOrEqualTo(3 * hll.relativeError());
    }

    @Test
    void theErrorAcrossManySketchesMatchesTheStatedError() {
        // 40 independent sketches of 50,000 keys at precision 10 (stated error 3.25 %): the observed RMS error is
        // the stated one within sampling noise, across the range where plain HyperLogLog needs bias correction.
        double sumSquares = 0;
        int runs = 40;
        for (int r = 0; r < runs; r++) {
            HyperLogLog hll = new HyperLogLog(10);
            for (int i = 0; i < 50_000; i++) {
                hll.add("run" + r + "#" + i);
            }
            double e = (hll.estimate() - 50_000) / 50_000;
            sumSquares += e * e;
        }
        double rms = Math.sqrt(sumSquares / runs);
        assertThat(rms).isBetween(0.5 * HyperLogLog.relativeError(10), 1.5 * HyperLogLog.relativeError(10));
    }

    @Test
    void repeatsAndOrderDoNotCount() {
        HyperLogLog once = new HyperLogLog();
        HyperLogLog often = new HyperLogLog();
        for (int i = 0; i < 5_000; i++) {
            once.add(key(i));
        }
        for (int round = 0; round < 3; round++) {
            for (int i = 4_999; i >= 0; i--) {
                often.add(key(i));
            }
        }

        assertThat(often.estimate()).isEqualTo(once.estimate());
        assertThat(new HyperLogLog().estimate()).isZero();
    }

    @Test
    void mergeCountsTheUnion() {
        HyperLogLog a = new HyperLogLog();
        HyperLogLog b = new HyperLogLog();
        HyperLogLog both = new HyperLogLog();
        for (int i = 0; i < 60_000; i++) {
            (i < 40_000 ? a : b).add(key(i));
            if (i >= 20_000 && i < 40_000) {
                b.add(key(i)); // 20,000 keys in both
            }
            both.add(key(i));
        }

        a.merge(b);
        assertThat(a.estimate()).isEqualTo(both.estimate());
        assertThatThrownBy(() -> a.merge(new HyperLogLog(12))).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void precisionIsBounded() {
        assertThatThrownBy(() -> new HyperLogLog(3)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new HyperLogLog(19)).isInstanceOf(IllegalArgumentException.class);
        assertThat(new HyperLogLog(18).relativeError())
                .isCloseTo(1.04 / 512, org.assertj.core.api.Assertions.within(1e-12));
    }
}
