package dev.partitionscope.core.heat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.junit.jupiter.api.Test;

class MatrixViewsTest {
    private static final Instant START = Instant.parse("2026-06-22T10:00:00Z");

    private static KeyTimeMatrix.Builder builder(int columns) {
        return KeyTimeMatrix.builder(
                START, 60, columns, MatrixUnit.CONSUMED_UNITS_PER_MINUTE, Provenance.CONTRIBUTOR_INSIGHTS_STITCHED);
    }

    private static RowKey key(String pk) {
        return RowKey.of("orders", null, pk);
    }

    private static RowKey gsi(String pk) {
        return RowKey.of("orders", "byStatus", pk);
    }

    private static List<RowKey> rows(KeyTimeMatrix m) {
        List<RowKey> keys = new ArrayList<>();
        for (int r = 0; r < m.rowCount(); r++) {
            keys.add(m.row(r));
        }
        return keys;
    }

    private static double value(KeyTimeMatrix m, RowKey key, int column) {
        int row = m.indexOf(key);
        assertThat(row).as("row of %s", key).isNotNegative();
        return m.value(row, column);
    }

    private static long throttles(KeyTimeMatrix m, RowKey key, int column) {
        return m.throttles(m.indexOf(key), column);
    }

    // slice

    @Test
    void aSliceKeepsOnlyTheChosenRowsAndColumnsAndShiftsTheStart() {
        KeyTimeMatrix m = builder(10)
                .add(key("A"), 2, 5)
                .add(key("A"), 3, 7)
                .add(key("A"), 9, 100)
                .add(key("B"), 3, 11)
                .addThrottles(key("B"), 4, 2)
                .add(key("C"), 3, 1_000)
                .ensureRow(RowKey.other("orders", null))
                .flag(Quality.TRUNCATED)
                .flag(Quality.APPROXIMATE)
                .build();

        KeyTimeMatrix s = MatrixViews.slice(m, List.of(key("A"), key("B"), RowKey.other("orders", null)), 3, 6);

        assertThat(s.columns()).isEqualTo(3);
        assertThat(s.start()).isEqualTo(Instant.parse("2026-06-22T10:03:00Z"));
        assertThat(s.bucketSeconds()).isEqualTo(60);
        assertThat(rows(s)).containsExactlyInAnyOrder(key("A"), key("B"), RowKey.other("orders", null));
        assertThat(value(s, key("A"), 0)).isEqualTo(7); // source column 3
        assertThat(s.rowTotal(s.indexOf(key("A")))).isEqualTo(7); // columns 2 and 9 are outside
        assertThat(value(s, key("B"), 0)).isEqualTo(11);
        assertThat(throttles(s, key("B"), 1)).isEqualTo(2);
        assertThat(s.total()).isEqualTo(18);
        assertThat(s.unit()).isEqualTo(MatrixUnit.CONSUMED_UNITS_PER_MINUTE);
        assertThat(s.provenance()).isEqualTo(Provenance.CONTRIBUTOR_INSIGHTS_STITCHED);
        assertThat(s.qualities()).containsExactlyInAnyOrder(Quality.TRUNCATED, Quality.APPROXIMATE);
    }

    @Test
    void aSliceReindexesMissingColumnsAndOnlyWarnsOfGapsItKeeps() {
        KeyTimeMatrix m = builder(10)
                .add(key("A"), 0, 1)
                .markMissing(1, 2, "throttled by CloudWatch")
                .markMissing(7, 9, "timed out")
                .build();

        KeyTimeMatrix withGaps = MatrixViews.slice(m, List.of(key("A")), 6, 10);
        KeyTimeMatrix withoutGaps = MatrixViews.slice(m, List.of(key("A")), 2, 6);

        assertThat(withGaps.isMissing(0)).isFalse();
        assertThat(withGaps.isMissing(1)).isTrue();
        assertThat(withGaps.missingReason(2)).isEqualTo("timed out");
        assertThat(withGaps.isMissing(3)).isFalse();
        assertThat(withGaps.qualities()).contains(Quality.MISSING_COLUMNS);
        assertThat(withoutGaps.qualities()).doesNotContain(Quality.MISSING_COLUMNS);
        assertThat(withoutGaps.rowCount()).isEqualTo(1); // kept although it had no traffic in the window
    }

    @Test
    void aSliceIgnoresUnknownKeysAndRefusesColumnsOutsideTheMatrix() {
        KeyTimeMatrix m = builder(4).add(key("A"), 0, 1).build();

        assertThat(MatrixViews.slice(m, List.of(key("nope")), 0, 4).rowCount()).isZero();
        assertThat(MatrixViews.slice(m, List.of(key("A")), 4, 4).columns()).isZero();
        assertThatThrownBy(() -> MatrixViews.slice(m, List.of(key("A")), 2, 5))
                .isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> MatrixViews.slice(m, List.of(key("A")), 3, 2))
                .isInstanceOf(IndexOutOfBoundsException.class);
    }

    // merge

    @Test
    void mergingATableAndItsIndexKeepsEveryRowWithItsResource() {
        KeyTimeMatrix table = builder(3)
                .add(key("A"), 0, 10)
                .addThrottles(key("A"), 1, 4)
                .markMissing(2, 3, "table failed")
                .build();
        KeyTimeMatrix index = builder(3)
                .add(gsi("A"), 0, 20)
                .add(gsi("SHIPPED"), 1, 30)
                .flag(Quality.APPROXIMATE)
                .build();

        KeyTimeMatrix m = MatrixViews.merge(List.of(table, index));

        assertThat(rows(m)).containsExactly(key("A"), gsi("SHIPPED"), gsi("A")); // base table first, then busiest
        assertThat(value(m, key("A"), 0)).isEqualTo(10);
        assertThat(value(m, gsi("A"), 0)).isEqualTo(20);
        assertThat(throttles(m, key("A"), 1)).isEqualTo(4);
        assertThat(m.total()).isEqualTo(60);
        assertThat(m.missingReason(2)).isEqualTo("table failed");
        assertThat(m.qualities()).containsExactlyInAnyOrder(Quality.APPROXIMATE, Quality.MISSING_COLUMNS);
    }

    @Test
    void bucketingAMergedMatrixNeverMixesTwoResourcesInARow() {
        KeyTimeMatrix.Builder table = builder(5);
        KeyTimeMatrix.Builder index = builder(5);
        KeyTimeMatrix.Builder other = KeyTimeMatrix.builder(
                START, 60, 5, MatrixUnit.CONSUMED_UNITS_PER_MINUTE, Provenance.CONTRIBUTOR_INSIGHTS_STITCHED);
        for (int i = 0; i < 300; i++) {
            String pk = String.format("K%03d", i); // the same key names in every resource
            table.add(key(pk), i % 5, 1 + i % 7);
            index.add(gsi(pk), i % 5, 1 + i % 3);
            other.add(RowKey.of("customers", null, pk), i % 5, 2);
        }
        KeyTimeMatrix m = MatrixViews.merge(List.of(table.build(), index.build(), other.build()));

        HeatGrid grid = RowBucketing.bucket(m, 6, RowBucketing.ALL_COLUMNS);

        assertThat(grid.rows()).anyMatch(HeatRow::merged);
        for (int r = 0; r < grid.rowCount(); r++) {
            HeatRow row = grid.row(r);
            assertThat(grid.members(r))
                    .as("row %s", row.label())
                    .allMatch(k -> k.table().equals(row.table()) && Objects.equals(k.index(), row.index()));
        }
        assertThat(grid.rows()).extracting(HeatRow::resourceLabel).contains("orders", "orders · byStatus", "customers");
        assertThat(grid.total()).isEqualTo(m.total());
    }

    @Test
    void mismatchedShapesAreRefusedNamingWhatDiffers() {
        KeyTimeMatrix base = builder(3).add(key("A"), 0, 1).build();
        KeyTimeMatrix longer = builder(4).add(gsi("A"), 0, 1).build();
        KeyTimeMatrix later = KeyTimeMatrix.builder(
                        START.plusSeconds(60),
                        300,
                        3,
                        MatrixUnit.READ_UNITS_PER_SECOND,
                        Provenance.CONTRIBUTOR_INSIGHTS_STITCHED)
                .build();

        assertThatThrownBy(() -> MatrixViews.merge(List.of(base, longer)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("columns 3 vs 4");
        assertThatThrownBy(() -> MatrixViews.merge(List.of(base, later)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("start")
                .hasMessageContaining("bucketSeconds 60 vs 300")
                .hasMessageContaining("unit CONSUMED_UNITS_PER_MINUTE vs READ_UNITS_PER_SECOND")
                .hasMessageNotContaining("columns");
        assertThatThrownBy(() -> MatrixViews.merge(List.of())).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theSameResourceInTwoMatricesIsRefusedRatherThanCountedTwice() {
        KeyTimeMatrix a = builder(3).add(gsi("A"), 0, 1).build();
        KeyTimeMatrix b = builder(3).add(gsi("B"), 0, 1).build();

        assertThatThrownBy(() -> MatrixViews.merge(List.of(a, b)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("orders · byStatus");
    }

    // throttlesAsValues

    @Test
    void throttlesBecomeTheValuesInAThrottleRateUnit() {
        KeyTimeMatrix m = builder(4)
                .add(key("A"), 0, 500)
                .addThrottles(key("A"), 0, 3)
                .addThrottles(key("A"), 2, 40)
                .add(key("B"), 1, 900)
                .markMissing(3, 4, "gap")
                .flag(Quality.TRUNCATED)
                .build();

        KeyTimeMatrix t = MatrixViews.throttlesAsValues(m);

        assertThat(t.unit()).isEqualTo(MatrixUnit.THROTTLES_PER_MINUTE);
        assertThat(t.unit().label()).isEqualTo("throttle events/min");
        assertThat(t.unit().ceiling()).isNaN();
        assertThat(t.unit().perMinute()).isTrue();
        assertThat(value(t, key("A"), 0)).isEqualTo(3);
        assertThat(value(t, key("A"), 2)).isEqualTo(40);
        assertThat(throttles(t, key("A"), 2)).isEqualTo(40);
        assertThat(value(t, key("B"), 1)).isZero(); // traffic without throttles is cold here
        assertThat(t.rowCount()).isEqualTo(2);
        assertThat(t.total()).isEqualTo(43);
        assertThat(t.isMissing(3)).isTrue();
        assertThat(t.qualities()).contains(Quality.TRUNCATED, Quality.MISSING_COLUMNS);
        assertThat(t.provenance()).isEqualTo(m.provenance());
    }

    @Test
    void aThrottleGridShowsEventsPerMinuteAtAnyColumnWidth() {
        KeyTimeMatrix m = builder(4)
                .addThrottles(key("A"), 0, 30)
                .addThrottles(key("A"), 1, 90)
                .build();

        HeatGrid grid = RowBucketing.bucket(MatrixViews.throttlesAsValues(m), 10, 2); // two minutes a column

        assertThat(grid.perMinute(0, 0)).isEqualTo(60); // (30 + 90) / 2 minutes
        assertThat(grid.throttled(0, 0)).isTrue();
    }

    // foldShards

    @Test
    void hashShardsFoldIntoTheirLogicalKeyUnlessExpanded() {
        KeyTimeMatrix.Builder b = builder(3);
        List<String> pks = new ArrayList<>();
        for (int s = 1; s <= 8; s++) {
            b.add(key("PENDING#" + s), 0, 100 * s).add(key("PENDING#" + s), 1, 1);
            pks.add("PENDING#" + s);
        }
        b.addThrottles(key("PENDING#3"), 0, 5).addThrottles(key("PENDING#8"), 0, 7);
        b.add(key("SHIPPED"), 0, 42);
        pks.add("SHIPPED");
        KeyTimeMatrix m = b.build();
        ShardFolding folding = KeyHierarchy.detectShards(pks, '#');

        KeyTimeMatrix folded = MatrixViews.foldShards(m, folding, Set.of());
        KeyTimeMatrix expanded = MatrixViews.foldShards(m, folding, Set.of("PENDING"));

        assertThat(rows(folded)).containsExactlyInAnyOrder(key("PENDING"), key("SHIPPED"));
        assertThat(value(folded, key("PENDING"), 0)).isEqualTo(3_600); // 100 × (1 + … + 8)
        assertThat(value(folded, key("PENDING"), 1)).isEqualTo(8);
        assertThat(throttles(folded, key("PENDING"), 0)).isEqualTo(12);
        assertThat(value(folded, key("SHIPPED"), 0)).isEqualTo(42);
        assertThat(folded.total()).isEqualTo(m.total());
        assertThat(expanded.rowCount()).isEqualTo(9);
        assertThat(value(expanded, key("PENDING#8"), 0)).isEqualTo(800);
    }

    @Test
    void dottedDayShardsFoldUnderTheDayAndNeverAcrossResources() {
        KeyTimeMatrix m = builder(2)
                .add(key("2026-09-06.17"), 0, 10)
                .add(key("2026-09-06.3"), 0, 20)
                .add(key("2026-09-06.3"), 1, 5)
                .add(gsi("2026-09-06.17"), 0, 1_000)
                .add(gsi("2026-09-06.4"), 0, 2_000)
                .ensureRow(RowKey.other("orders", null))
                .build();
        ShardFolding folding = KeyHierarchy.detectShards(List.of("2026-09-06.17", "2026-09-06.3", "2026-09-06.4"), '#');

        KeyTimeMatrix folded = MatrixViews.foldShards(m, folding, Set.of());

        assertThat(rows(folded))
                .containsExactlyInAnyOrder(key("2026-09-06"), gsi("2026-09-06"), RowKey.other("orders", null));
        assertThat(value(folded, key("2026-09-06"), 0)).isEqualTo(30);
        assertThat(value(folded, key("2026-09-06"), 1)).isEqualTo(5);
        assertThat(value(folded, gsi("2026-09-06"), 0)).isEqualTo(3_000);
    }

    @Test
    void sortKeysStayApartWhenTheirPartitionKeysFold() {
        KeyTimeMatrix m = builder(1)
                .add(RowKey.of("orders", null, "P#1", "a"), 0, 1)
                .add(RowKey.of("orders", null, "P#2", "a"), 0, 2)
                .add(RowKey.of("orders", null, "P#2", "b"), 0, 4)
                .build();
        ShardFolding folding = KeyHierarchy.detectShards(List.of("P#1", "P#2"), '#');

        KeyTimeMatrix folded = MatrixViews.foldShards(m, folding, Set.of());

        assertThat(value(folded, RowKey.of("orders", null, "P", "a"), 0)).isEqualTo(3);
        assertThat(value(folded, RowKey.of("orders", null, "P", "b"), 0)).isEqualTo(4);
        assertThat(folded.rowCount()).isEqualTo(2);
    }

    // keySeries

    @Test
    void aKeySeriesHasEveryBucketIncludingEmptyOnes() {
        KeyTimeMatrix m = builder(5)
                .add(key("A"), 1, 7.5)
                .add(key("A"), 4, 3)
                .addThrottles(key("A"), 4, 9)
                .build();

        KeySeries series = MatrixViews.keySeries(m, key("A"));
        KeySeries absent = MatrixViews.keySeries(m, key("Z"));

        assertThat(series.values()).containsExactly(0, 7.5, 0, 0, 3);
        assertThat(series.throttles()).containsExactly(0, 0, 0, 0, 9);
        assertThat(absent.values()).containsExactly(0, 0, 0, 0, 0);
        assertThat(absent.throttles()).containsExactly(0, 0, 0, 0, 0);
        assertThat(absent.columns()).isEqualTo(5);
    }

    @Test
    void aKeySeriesCannotBeChangedThroughItsArrays() {
        double[] values = {1, 2};
        KeySeries series = new KeySeries(values, new long[2]);
        values[0] = 99;
        series.values()[1] = 99;

        assertThat(series.values()).containsExactly(1, 2);
        assertThatThrownBy(() -> new KeySeries(new double[2], new long[3]))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
