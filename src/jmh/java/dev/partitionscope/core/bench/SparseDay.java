package dev.partitionscope.core.bench;

import dev.partitionscope.core.heat.KeyTimeMatrix;
import dev.partitionscope.core.heat.MatrixUnit;
import dev.partitionscope.core.heat.Provenance;
import dev.partitionscope.core.heat.RowKey;
import java.time.Instant;
import java.util.SplittableRandom;

/**
 * A realistic sparse day for one table: 100,000 keys over 1,440 one-minute buckets. Most keys are seen in one to five
 * minutes with little traffic; 300 hot keys are busy every minute; 20 of those throttle now and then; the other-keys
 * row carries the rest of the table all day. About 0.75 M non-empty cells of the 144 M a dense matrix would hold.
 */
final class SparseDay {
    static final int KEYS = 100_000;
    static final int MINUTES = 1_440;
    static final int HOT = 300;
    static final int THROTTLING = 20;

    private SparseDay() {}

    static KeyTimeMatrix build(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        KeyTimeMatrix.Builder b = KeyTimeMatrix.builder(
                Instant.parse("2026-06-22T00:00:00Z"),
                60,
                MINUTES,
                MatrixUnit.CONSUMED_UNITS_PER_MINUTE,
                Provenance.CONTRIBUTOR_INSIGHTS_STITCHED);
        for (int i = 0; i < KEYS; i++) {
            RowKey key = RowKey.of("orders", null, "customer#" + i);
            if (i % (KEYS / HOT) == 0) {
                boolean throttles = i % (KEYS / THROTTLING) == 0;
                for (int m = 0; m < MINUTES; m++) {
                    b.add(key, m, 5_000 + random.nextInt(100_000));
                    if (throttles && random.nextInt(30) == 0) {
                        b.addThrottles(key, m, 1 + random.nextInt(50));
                    }
                }
            } else {
                int minutes = 1 + random.nextInt(5);
                int first = random.nextInt(MINUTES - 10);
                for (int m = 0; m < minutes; m++) {
                    b.add(key, first + random.nextInt(10), 1 + random.nextInt(200));
                }
            }
        }
        RowKey other = RowKey.other("orders", null);
        for (int m = 0; m < MINUTES; m++) {
            b.add(other, m, 20_000 + random.nextInt(5_000));
        }
        return b.build();
    }
}
