package dev.partitionscope.core.design;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.partitionscope.core.heat.KeyTimeMatrix;
import dev.partitionscope.core.heat.RowKey;
import dev.partitionscope.core.scheme.KeyScheme;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class PredictedHeatTest {
    private static final Instant START = Instant.parse("2026-06-22T10:00:00Z");

    @Test
    void oneKeyAboveTheCeilingThrottlesAndEightShardsDoNot() {
        List<String> ids = new ArrayList<>();
        java.util.Random r = new java.util.Random(7);
        for (int i = 0; i < 10_000; i++) {
            ids.add(new UUID(r.nextLong(), r.nextLong()).toString());
        }
        SchemePreview p = SchemePreview.of(KeyScheme.parse("hash:8"), "PENDING", ids, 1);
        PredictedHeat h = PredictedHeat.of(p, "orders", "PENDING", new double[] {2_000, 500}, 1_000, START, 60);

        KeyTimeMatrix before = h.before();
        assertThat(before.rowCount()).isEqualTo(1);
        assertThat(before.row(0)).isEqualTo(RowKey.of("orders", null, "PENDING"));
        assertThat(before.value(0, 0)).as("3 × 2,000 WCU × 60 s").isEqualTo(360_000);
        assertThat(before.throttles(0, 0))
                .as("1,000 writes/s over the ceiling for 60 s")
                .isEqualTo(60_000);
        assertThat(before.value(0, 1)).isEqualTo(90_000);
        assertThat(before.throttles(0, 1)).isZero();

        KeyTimeMatrix after = h.after();
        assertThat(after.rowCount()).isEqualTo(8);
        double sum = 0;
        for (int row = 0; row < 8; row++) {
            sum += after.value(row, 0);
            assertThat(after.throttles(row, 0)).isZero();
            assertThat(after.row(row).partitionKey()).startsWith("PENDING#");
        }
        assertThat(sum).isCloseTo(360_000, within(1e-6));
        assertThat(after.columnStart(1)).isEqualTo(START.plusSeconds(60));
    }
}
