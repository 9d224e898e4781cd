package dev.partitionscope.core.design;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.partitionscope.core.scheme.KeyScheme;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The read side of random:10, hash:8 and day+hash:8 over a week. */
class ReadCostTest {
    /** 100 items of 1 KB, eventually consistent, 7 days in the window, p50 10 ms and p99 40 ms per query. */
    private static ReadCost.Read week(boolean timestampKnown, double baseWriteUnits) {
        return new ReadCost.Read(7, 100, 1_024, false, 10, 40, timestampKnown, baseWriteUnits);
    }

    @Test
    void randomNeedsAFanOutEvenForOneItem() {
        ReadCost c = ReadCost.of(KeyScheme.parse("random:10"), "PRODUCT_INDEX", week(true, Double.NaN));
        assertThat(c.queries()).isEqualTo(10);
        assertThat(c.pointReads()).isFalse();
        assertThat(c.pointReadText()).contains("querying all 10 keys");
        // 102,400 B / 10 = 10,240 B per query = 3 units × 0.5; unsharded 25 units × 0.5.
        assertThat(c.rcu()).isEqualTo(15.0);
        assertThat(c.rcuUnsharded()).isEqualTo(12.5);
    }

    @Test
    void hashKeepsGetItemAndCostsEightQueries() {
        ReadCost c = ReadCost.of(KeyScheme.parse("hash:8"), "PENDING", week(false, 400));
        assertThat(c.queries()).isEqualTo(8);
        assertThat(c.pointReads()).isTrue();
        assertThat(c.pointReadText()).startsWith("Yes: recompute the suffix from the id");
        assertThat(c.rcu()).as("12,800 B per query = 4 units × 0.5 × 8").isEqualTo(16.0);
        assertThat(c.gsiCanUnify()).isTrue();
        assertThat(c.gsiText()).contains("400 WCU/s on one index key");
        assertThat(c.migrationText()).contains("the 8 new keys and PENDING (9 queries)");

        ReadCost hot = ReadCost.of(KeyScheme.parse("hash:8"), "PENDING", week(false, 4_000));
        assertThat(hot.gsiCanUnify()).isFalse();
        assertThat(hot.gsiText()).contains("4,000 WCU/s", "GSI back-pressure");
    }

    @Test
    void dayPlusHashOverAWeekIs56QueriesAndPointReadsNeedTheTimestamp() {
        KeyScheme s = KeyScheme.parse("day+hash:8");
        ReadCost known = ReadCost.of(s, "OPS_LOG", week(true, 50));
        assertThat(known.queries()).isEqualTo(56);
        assertThat(known.pointReads()).isTrue();
        assertThat(known.rcu()).as("1,829 B per query = 1 unit × 0.5 × 56").isEqualTo(28.0);
        ReadCost unknown = ReadCost.of(s, "OPS_LOG", week(false, 50));
        assertThat(unknown.pointReads()).isFalse();
        assertThat(unknown.pointReadText()).contains("timestamp");
        assertThat(known.expectedLatencyMs())
                .isGreaterThan(ReadCost.of(KeyScheme.parse("hash:8"), "OPS_LOG", week(true, 50))
                        .expectedLatencyMs());

        ReadCost cold = ReadCost.of(KeyScheme.parse("PENDING:hash:8"), "DELIVERED", week(false, 1));
        assertThat(cold.queries()).isEqualTo(1);
        assertThat(cold.rcu()).isEqualTo(12.5);
        assertThat(cold.migrationText()).contains("nothing to migrate");
    }

    @Test
    void latencyOfTheSlowestQueryMatchesTheLogNormalModel() {
        double sigma = Math.log(4) / 2.3263478740408408;
        ReadCost one = ReadCost.of(KeyScheme.parse("hash:1"), "K", week(true, 1));
        assertThat(one.expectedLatencyMs()).isCloseTo(10 * Math.exp(sigma * sigma / 2), within(0.01));
        assertThat(one.p99LatencyMs()).isCloseTo(40, within(1e-6));

        // Monte Carlo: the slowest of 8 log-normal draws, 200,000 times.
        Random r = new Random(17);
        int trials = 200_000;
        double[] max = new double[trials];
        double sum = 0;
        for (int t = 0; t < trials; t++) {
            double m = 0;
            for (int q = 0; q < 8; q++) {
                m = Math.max(m, 10 * Math.exp(sigma * r.nextGaussian()));
            }
            max[t] = m;
            sum += m;
        }
        Arrays.sort(max);
        ReadCost eight = ReadCost.of(KeyScheme.parse("hash:8"), "K", week(true, 1));
        assertThat(eight.expectedLatencyMs()).isCloseTo(sum / trials, within(0.1));
        assertThat(eight.p99LatencyMs()).isCloseTo(max[(int) (trials * 0.99)], within(1.0));
        assertThat(eight.expectedLatencyMs()).as("2.5× the median").isCloseTo(25.04, within(0.05));
        assertThat(ReadCost.inverseNormal(0.975)).isCloseTo(1.959964, within(1e-6));
    }
}
