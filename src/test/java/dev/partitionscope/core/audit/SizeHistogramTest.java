package dev.partitionscope.core.audit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.core.item.Capacity;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SizeHistogramTest {

    @Test
    void quantilesNeverUnderstateAndCostTheSameUnits() {
        // Every size up to 300 KB against its bucket's reported size: never smaller, at most 1.6 % larger, and the
        // same write units up to 64 KB and the same read units throughout (dynamodb-facts §3).
        for (long size = 0; size <= 300_000; size++) {
            long reported = SizeHistogram.upper(SizeHistogram.index(size));
            assertThat(reported).as("size %d", size).isGreaterThanOrEqualTo(size);
            assertThat(reported - size).as("size %d", size).isLessThanOrEqualTo(Math.max(0, size / 60));
            if (size <= 65_536) {
                assertThat(Capacity.writeUnits(reported)).as("size %d", size).isEqualTo(Capacity.writeUnits(size));
            }
            assertThat(Capacity.readUnits(reported, true))
                    .as("size %d", size)
                    .isEqualTo(Capacity.readUnits(size, true));
        }
    }

    @Test
    void quantilesOfAStream() {
        SizeHistogram h = new SizeHistogram();
        assertThat(h.quantile(0.5)).isZero();
        Random r = new Random(5);
        for (int i = 0; i < 9_900; i++) {
            h.add(1_000 + r.nextInt(24)); // just under 1 KB: 1 WCU
        }
        for (int i = 0; i < 100; i++) {
            h.add(20_480); // the seed's 20 KB item
        }

        assertThat(Capacity.writeUnits(h.quantile(0.5))).isEqualTo(1);
        assertThat(h.quantile(0.5)).isBetween(1_000L, 1_024L);
        assertThat(h.quantile(0.99)).isLessThanOrEqualTo(1_024);
        assertThat(h.quantile(1.0)).isEqualTo(20_480);
        assertThat(h.max()).isEqualTo(20_480);
        assertThat(Capacity.readUnits(h.max(), true)).isEqualTo(5); // "a 20 KB item costs 5 RCU"
    }

    @Test
    void mergeAddsCounts() {
        SizeHistogram a = new SizeHistogram();
        SizeHistogram b = new SizeHistogram();
        for (int i = 0; i < 100; i++) {
            a.add(100);
            b.add(5_000);
        }
        b.add(5_000);
        a.merge(b);
        assertThat(a.quantile(0.5)).isEqualTo(5_000);
        assertThat(a.max()).isEqualTo(5_000);
    }
}
