package dev.partitionscope.ui.common.heat;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.core.heat.HeatGrid;
import dev.partitionscope.core.heat.HeatMetric;
import dev.partitionscope.core.heat.HeatPipeline;
import dev.partitionscope.core.heat.HeatScale;
import dev.partitionscope.core.heat.KeyTimeMatrix;
import dev.partitionscope.core.heat.MatrixUnit;
import dev.partitionscope.core.heat.Provenance;
import dev.partitionscope.core.heat.RowKey;
import dev.partitionscope.core.metrics.Resource;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The cell details (hover, pinned pane, Copy all) say a folded row's share of its shards' ceilings, not one key's. */
class CellDetailsTest {
    @Test
    void aFoldedRowsShareIsOfItsShardsCeilings() {
        KeyTimeMatrix.Builder b = KeyTimeMatrix.builder(
                Instant.parse("2026-06-22T00:00:00Z"),
                60,
                2,
                MatrixUnit.CONSUMED_UNITS_PER_MINUTE,
                Provenance.CONTRIBUTOR_INSIGHTS_STITCHED);
        for (int s = 1; s <= 10; s++) {
            b.add(RowKey.of("inventory", null, "STOCK#" + s), 0, 21_600);
        }
        HeatGrid grid = HeatPipeline.build(
                        Map.of(Resource.table("inventory"), b.build()),
                        null,
                        new HeatPipeline.Spec(
                                List.of(Resource.table("inventory")),
                                HeatMetric.THROUGHPUT,
                                true,
                                Set.of(),
                                null,
                                null,
                                100))
                .grid();

        String text = CellDetails.of(
                        grid, 0, 0, HeatScale.absolute(MatrixUnit.CONSUMED_UNITS_PER_MINUTE), ZoneOffset.UTC)
                .text();

        assertThat(text)
                .contains("Value: 216,000")
                .contains("12.0 % of the partition ceilings of its shards (10)")
                .doesNotContain("120.0 %");
    }
}
