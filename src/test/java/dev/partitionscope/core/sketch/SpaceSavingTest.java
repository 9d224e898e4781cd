package dev.partitionscope.core.sketch;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SpaceSavingTest {

    /** A Zipf-like skewed stream: key i drawn with probability ∝ 1 / (i + 1). */
    private static int[] zipf(int keys, int events, long seed) {
        double[] cdf = new double[keys];
        double acc = 0;
        for (int i = 0; i < keys; i++) {
            acc += 1.0 / (i + 1);
            cdf[i] = acc;
        }
        Random rnd = new Random(seed);
        int[] out = new int[events];
        for (int e = 0; e < events; e++) {
            double u = rnd.nextDouble() * acc;
            int lo = 0;
            int hi = keys - 1;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (cdf[mid] < u) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            out[e] = lo;
        }
        return out;
    }

    @Test
    void errorBoundsHoldOnASkewedWeightedStream() {
        SpaceSaving s = new SpaceSaving(100);
        Map<String, Double> truth = new HashMap<>();
        int[] stream = zipf(10_000, 200_000, 42);
        Random weights = new Random(7);
        for (int k : stream) {
            double w = 1 + weights.nextInt(4) * 0.5; // 1, 1.5, 2, 2.5: RCU-like halves
            String key = "user#" + k;
            s.add(key, null, w);
            truth.merge(key, w, Double::sum);
        }

        assertThat(s.size()).isEqualTo(100);
        SpaceSaving.Snapshot f = s.snapshot(false);
        double bound = s.absentBound();
        assertThat(bound).isPositive();
        int monitored = 0;
        for (Map.Entry<String, Double> e : truth.entrySet()) {
            double count = s.count(e.getKey(), null);
            double t = e.getValue();
            if (count >= 0) {
                monitored++;
                double err = s.error(e.getKey(), null);
                assertThat(t).as(e.getKey()).isBetween(count - err - 1e-9, count + 1e-9);
                assertThat(err).isLessThanOrEqualTo(bound + 1e-9);
            } else {
                assertThat(t).as(e.getKey()).isLessThanOrEqualTo(bound + 1e-9);
            }
        }
        assertThat(monitored).isEqualTo(100);
        assertThat(f.size()).isEqualTo(100);
        assertThat(f.absentBound()).isEqualTo(bound);
        assertThat(f.total())
                .isCloseTo(
                        truth.values().stream().mapToDouble(Double::doubleValue).sum(),
                        org.assertj.core.api.Assertions.within(1e-6));
        // Heaviest first, and the true top 10 are all monitored.
        for (int i = 1; i < f.size(); i++) {
            assertThat(f.counts()[i]).isLessThanOrEqualTo(f.counts()[i - 1]);
        }
        List<Map.Entry<String, Double>> byTruth = new ArrayList<>(truth.entrySet());
        byTruth.sort(Map.Entry.<String, Double>comparingByValue(Comparator.reverseOrder()));
        for (int i = 0; i < 10; i++) {
            assertThat(s.count(byTruth.get(i).getKey(), null)).isGreaterThanOrEqualTo(0);
        }
        assertThat(f.pks()[0]).isEqualTo("user#0");
    }

    @Test
    void everyMonitoredKeyStaysFindableThroughManyEvictions() {
        SpaceSaving s = new SpaceSaving(37);
        Random rnd = new Random(3);
        for (int i = 0; i < 100_000; i++) {
            s.add("k" + rnd.nextInt(5000), rnd.nextBoolean() ? "sk" + rnd.nextInt(3) : null, 1);
        }
        SpaceSaving.Snapshot f = s.snapshot(true);

        assertThat(f.size()).isEqualTo(37);
        for (int i = 0; i < f.size(); i++) {
            assertThat(s.count(f.pks()[i], f.sks()[i])).isEqualTo(f.counts()[i]);
        }
    }

    @Test
    void belowCapacityCountsAreExact() {
        SpaceSaving s = new SpaceSaving(10);
        for (int i = 0; i < 5; i++) {
            for (int j = 0; j <= i; j++) {
                s.add("k" + i, "s", 2);
            }
        }

        assertThat(s.absentBound()).isZero();
        assertThat(s.count("k4", "s")).isEqualTo(10);
        assertThat(s.error("k4", "s")).isZero();
        assertThat(s.count("k4", null)).isEqualTo(-1); // a different key: no sort key
        s.clear();
        assertThat(s.isEmpty()).isTrue();
        assertThat(s.count("k4", "s")).isEqualTo(-1);
    }
}
