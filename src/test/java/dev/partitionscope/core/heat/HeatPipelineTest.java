package dev.partitionscope.core.heat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.partitionscope.core.metrics.DataStatus;
import dev.partitionscope.core.metrics.MetricPlan;
import dev.partitionscope.core.metrics.MetricQuery;
import dev.partitionscope.core.metrics.MetricsSnapshot;
import dev.partitionscope.core.metrics.Resource;
import dev.partitionscope.core.metrics.TableMetric;
import java.time.Instant;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class HeatPipelineTest {
    private static final Instant START = Instant.parse("2026-06-22T00:00:00Z");
    private static final Resource TABLE = Resource.table("orders");
    private static final Resource GSI = Resource.index("orders", "byStatus");

    /** 10 minutes; PENDING#1..#4 take 1,000 units a minute each, SHIPPED 10, and the GSI has its own PENDING. */
    private static Map<Resource, KeyTimeMatrix> matrices() {
        KeyTimeMatrix.Builder t = KeyTimeMatrix.builder(
                START, 60, 10, MatrixUnit.CONSUMED_UNITS_PER_MINUTE, Provenance.CONTRIBUTOR_INSIGHTS_STITCHED);
        KeyTimeMatrix.Builder g = KeyTimeMatrix.builder(
                START, 60, 10, MatrixUnit.CONSUMED_UNITS_PER_MINUTE, Provenance.CONTRIBUTOR_INSIGHTS_STITCHED);
        for (int m = 0; m < 10; m++) {
            for (int s = 1; s <= 4; s++) {
                t.add(RowKey.of("orders", null, "PENDING#" + s), m, 1_000);
            }
            t.add(RowKey.of("orders", null, "SHIPPED"), m, 10);
            g.add(RowKey.of("orders", "byStatus", "PENDING"), m, 4_000);
        }
        t.addThrottles(RowKey.of("orders", null, "PENDING#2"), 3, 7);
        return Map.of(TABLE, t.build(), GSI, g.build());
    }

    private static HeatPipeline.Spec spec(List<Resource> resources, HeatMetric metric, boolean fold, HeatZoom zoom) {
        return new HeatPipeline.Spec(resources, metric, fold, Set.of(), null, zoom, 100);
    }

    private static MetricsSnapshot snapshot() {
        MetricPlan plan = MetricPlan.forTable("orders", List.of("byStatus"), START, START.plusSeconds(600), 60);
        Map<MetricQuery.Key, double[]> series = new HashMap<>();
        double[] keyRange = new double[10];
        keyRange[3] = 7;
        double[] provisioned = new double[10];
        provisioned[4] = 2;
        provisioned[5] = 3;
        series.put(new MetricQuery.Key(TABLE, TableMetric.WRITE_KEY_RANGE, null), keyRange);
        series.put(new MetricQuery.Key(GSI, TableMetric.WRITE_PROVISIONED, null), provisioned);
        return new MetricsSnapshot(plan, series, DataStatus.DATA);
    }

    private static List<String> keys(HeatGrid g) {
        return g.keys().stream()
                .map(k -> k.other() ? "(other)" : k.partitionKey())
                .toList();
    }

    @Test
    void foldsShardsUnderTheirLogicalKeyAndExpandsOnRequest() {
        HeatPipeline.Result r =
                HeatPipeline.build(matrices(), null, spec(List.of(TABLE), HeatMetric.THROUGHPUT, true, null));
        assertThat(keys(r.grid())).containsExactly("PENDING", "SHIPPED");
        assertThat(r.grid().rowTotal(0)).isEqualTo(40_000);
        assertThat(r.grid().rowThrottles(0)).isEqualTo(7);
        assertThat(r.folding().shardCount("PENDING")).isEqualTo(4);
        assertThat(r.separator()).isEqualTo('#');

        HeatPipeline.Result expanded = HeatPipeline.build(
                matrices(),
                null,
                new HeatPipeline.Spec(List.of(TABLE), HeatMetric.THROUGHPUT, true, Set.of("PENDING"), null, null, 100));
        assertThat(keys(expanded.grid()))
                .containsExactly("PENDING#1", "PENDING#2", "PENDING#3", "PENDING#4", "SHIPPED");
        HeatPipeline.Result unfolded =
                HeatPipeline.build(matrices(), null, spec(List.of(TABLE), HeatMetric.THROUGHPUT, false, null));
        assertThat(unfolded.grid().rowCount()).isEqualTo(5);
    }

    /**
     * Ten healthy shards must not read as one key over its ceiling: a folded row is measured against its shards'
     * ceilings together, in the colours and in the cell details, and only while folded and on the absolute scale.
     */
    @Test
    void aFoldedRowIsMeasuredAgainstItsShardsCeilingsTogether() {
        KeyTimeMatrix.Builder b = KeyTimeMatrix.builder(
                START, 60, 10, MatrixUnit.CONSUMED_UNITS_PER_MINUTE, Provenance.CONTRIBUTOR_INSIGHTS_STITCHED);
        for (int m = 0; m < 10; m++) {
            for (int s = 1; s <= 10; s++) {
                b.add(RowKey.of("orders", null, "STOCK#" + s), m, 21_600); // 12 % of 180,000 each
            }
            b.add(RowKey.of("orders", null, "SOLO"), m, 21_600);
        }
        Map<Resource, KeyTimeMatrix> m = Map.of(TABLE, b.build());
        HeatGrid folded = HeatPipeline.build(m, null, spec(List.of(TABLE), HeatMetric.THROUGHPUT, true, null))
                .grid();
        assertThat(keys(folded)).containsExactly("SOLO", "STOCK");
        int stock = 1;
        int cell = stock * folded.columnCount();
        assertThat(folded.perMinute(stock, 0))
                .as("the row still sums its shards")
                .isEqualTo(216_000);
        assertThat(folded.ceilingKeys(stock)).isEqualTo(10);
        assertThat(folded.ceilingKeys(0)).isEqualTo(1);

        HeatScale absolute = HeatScale.absolute(MatrixUnit.CONSUMED_UNITS_PER_MINUTE);
        byte[] levels = new byte[folded.rowCount() * folded.columnCount()];
        HeatRaster.levels(folded, absolute, levels);
        assertThat(levels[cell])
                .as("STOCK's colour is 12 %, not over the ceiling")
                .isEqualTo((byte) absolute.level(21_600))
                .isEqualTo(levels[0]);
        int[] lut = new int[ColorLut.OVER_CEILING + 1];
        for (int i = 0; i < lut.length; i++) {
            lut[i] = i;
        }
        int[] argb = new int[levels.length];
        HeatRaster.rasterize(folded, absolute, lut, argb);
        assertThat(argb[cell]).isEqualTo(absolute.level(21_600)).isNotEqualTo(ColorLut.OVER_CEILING);

        HeatScale relative = HeatScale.relativeLog(folded.maxPerMinute());
        HeatRaster.levels(folded, relative, levels);
        assertThat(levels[cell]).as("relative colours compare rows as they are").isEqualTo((byte)
                relative.level(216_000));

        HeatGrid expanded = HeatPipeline.build(
                        m,
                        null,
                        new HeatPipeline.Spec(
                                List.of(TABLE), HeatMetric.THROUGHPUT, true, Set.of("STOCK"), null, null, 100))
                .grid();
        assertThat(expanded.hasSharedCeilings()).isFalse();
        assertThatThrownBy(() -> folded.withCeilingKeys(new int[] {0, 1})).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void mergesResourcesWithoutMixingTheirRowsAndSumsTheirCauses() {
        HeatPipeline.Result r = HeatPipeline.build(
                matrices(), snapshot(), spec(List.of(TABLE, GSI), HeatMetric.THROUGHPUT, true, null));
        assertThat(r.grid().keys()).extracting(RowKey::index).containsExactly(null, null, "byStatus");
        assertThat(r.keyRange()).containsExactly(0, 0, 0, 7, 0, 0, 0, 0, 0, 0);
        assertThat(r.otherCauses()).containsExactly(0, 0, 0, 0, 2, 3, 0, 0, 0, 0);
        HeatPipeline.Result tableOnly =
                HeatPipeline.build(matrices(), snapshot(), spec(List.of(TABLE), HeatMetric.THROUGHPUT, true, null));
        assertThat(Arrays.stream(tableOnly.otherCauses()).sum())
                .as("the GSI's causes are not the table's")
                .isZero();
        assertThat(HeatPipeline.build(matrices(), null, spec(List.of(TABLE), HeatMetric.THROUGHPUT, true, null))
                        .keyRange())
                .as("no snapshot, no cause split")
                .isNull();
    }

    @Test
    void throttlesMetricDrawsThrottleCountsPerMinute() {
        HeatPipeline.Result r =
                HeatPipeline.build(matrices(), null, spec(List.of(TABLE), HeatMetric.THROTTLES, true, null));
        assertThat(r.grid().unit()).isEqualTo(MatrixUnit.THROTTLES_PER_MINUTE);
        assertThat(r.grid().perMinute(0, 3)).isEqualTo(7);
        assertThat(r.grid().perMinute(0, 2)).isZero();
    }

    @Test
    void zoomToSelectionMapsGridCellsToKeysAndBucketsOfTheFullMatrix() {
        HeatPipeline.Result r = HeatPipeline.build(
                matrices(), snapshot(), spec(List.of(TABLE, GSI), HeatMetric.THROUGHPUT, true, null));
        HeatZoom z = HeatPipeline.zoomTo(r.grid(), r.zoom(), 1, 2, 3, 5);
        assertThat(z.keys()).extracting(RowKey::partitionKey).containsExactly("SHIPPED", "PENDING");
        assertThat(z.fromColumn()).isEqualTo(3);
        assertThat(z.toColumn()).isEqualTo(6);
        HeatPipeline.Result zoomed =
                HeatPipeline.build(matrices(), snapshot(), spec(List.of(TABLE, GSI), HeatMetric.THROUGHPUT, true, z));
        assertThat(zoomed.grid().rowCount()).isEqualTo(2);
        assertThat(zoomed.grid().columnCount()).isEqualTo(3);
        assertThat(zoomed.grid().columnStart(0)).isEqualTo(START.plusSeconds(180));
        assertThat(zoomed.keyRange()).containsExactly(7, 0, 0);
        assertThat(zoomed.otherCauses()).containsExactly(0, 2, 3);

        // A zoom of a zoom stays in the full matrix's columns.
        HeatZoom inner = HeatPipeline.zoomTo(zoomed.grid(), zoomed.zoom(), 0, 0, 1, 1);
        assertThat(inner.fromColumn()).isEqualTo(4);
        assertThat(inner.toColumn()).isEqualTo(5);
        assertThat(inner.keys()).extracting(RowKey::partitionKey).containsExactly("SHIPPED");

        HeatZoom everything =
                HeatPipeline.zoomTo(r.grid(), r.zoom(), 0, r.grid().rowCount() - 1, 0, 9);
        assertThat(everything).isEqualTo(HeatZoom.all(10));
        assertThatThrownBy(() -> new HeatZoom(null, 4, 4)).hasMessageContaining("at least one column");
    }

    @Test
    void aZoomFollowsItsMinutesWhenTheRangeMoves() {
        HeatZoom z = new HeatZoom(null, 3, 6);
        assertThat(z.shifted(2, 10)).isEqualTo(new HeatZoom(null, 1, 4));
        assertThat(z.shifted(5, 10)).isEqualTo(new HeatZoom(null, 0, 1));
        assertThat(z.shifted(6, 10)).isNull();
    }
}
