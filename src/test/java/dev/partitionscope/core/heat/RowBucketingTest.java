package dev.partitionscope.core.heat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RowBucketingTest {
    private static final Instant START = Instant.parse("2026-06-22T10:00:00Z");

    private static KeyTimeMatrix.Builder builder(int bucketSeconds, int columns) {
        return KeyTimeMatrix.builder(
                START, bucketSeconds, columns, MatrixUnit.CONSUMED_UNITS_PER_MINUTE, Provenance.LAB_METER);
    }

    private static RowKey key(String pk) {
        return RowKey.of("orders", null, pk);
    }

    /** "K00042": zero-padded so String order is numeric order. */
    private static String name(int i) {
        return String.format("K%05d", i);
    }

    private static int rowOf(HeatGrid grid, RowKey key) {
        int at = grid.keys().indexOf(key);
        for (int r = 0; r < grid.rowCount(); r++) {
            if (grid.row(r).fromKey() <= at && at < grid.row(r).toKey()) {
                return r;
            }
        }
        throw new AssertionError("no row holds " + key);
    }

    @Test
    void hotKeysKeepTheirOwnRowWhileColdNeighboursMerge() {
        KeyTimeMatrix.Builder b = builder(60, 60);
        for (int i = 0; i < 5_000; i++) {
            b.add(key(name(i)), i % 60, 1);
        }
        for (int i = 0; i < 5_000; i += 500) {
            b.add(key(name(i)), 7, 50_000); // ten hot keys spread through the key space
        }

        HeatGrid grid = RowBucketing.bucket(b.build(), 100, RowBucketing.ALL_COLUMNS);

        assertThat(grid.rowCount()).isBetween(90, 110);
        for (int i = 0; i < 5_000; i += 500) {
            HeatRow row = grid.row(rowOf(grid, key(name(i))));
            assertThat(row.merged()).as("hot key %s", name(i)).isFalse();
            assertThat(row.first()).isEqualTo(key(name(i)));
            assertThat(grid.perMinute(rowOf(grid, key(name(i))), 7)).isEqualTo(50_000 + (i % 60 == 7 ? 1 : 0));
        }
        assertThat(grid.rows()).filteredOn(HeatRow::merged).isNotEmpty();
    }

    @Test
    void aShortSharpPeakCountsAsHotButABigFlatTotalDoesNot() {
        KeyTimeMatrix.Builder b = builder(60, 100);
        for (int i = 0; i < 2_000; i++) {
            b.add(key(name(i)), i % 100, 1);
        }
        RowKey sharp = key(name(1_000));
        b.add(sharp, 3, 900); // total 901, peak 900
        RowKey flat = key(name(1_500)); // among cold keys, not next to the hot one
        for (int c = 0; c < 100; c++) {
            b.add(flat, c, 20); // total 2,001, peak 21
        }

        HeatGrid grid = RowBucketing.bucket(b.build(), 4, RowBucketing.ALL_COLUMNS); // one hot row in the budget

        assertThat(grid.row(rowOf(grid, sharp)).merged()).isFalse();
        assertThat(grid.row(rowOf(grid, flat)).merged()).isTrue();
    }

    @Test
    void aThrottledColdKeyIsNotMerged() {
        KeyTimeMatrix.Builder b = builder(60, 10);
        for (int i = 0; i < 3_000; i++) {
            b.add(key(name(i)), i % 10, 5);
        }
        RowKey throttled = key(name(1_234));
        b.addThrottles(throttled, 4, 3);

        HeatGrid grid = RowBucketing.bucket(b.build(), 50, RowBucketing.ALL_COLUMNS);

        int row = rowOf(grid, throttled);
        assertThat(grid.row(row).merged()).isFalse();
        assertThat(grid.throttles(row, 4)).isEqualTo(3);
        assertThat(grid.throttled(row, 4)).isTrue();
        assertThat(grid.throttled(row, 3)).isFalse();
        assertThat(grid.rowThrottles(row)).isEqualTo(3);
        assertThat(grid.columnThrottles(4)).isEqualTo(3);
        assertThat(grid.throttledCells().cardinality()).isEqualTo(1);
    }

    @Test
    void tenThousandColdKeysMergeToAboutTheTargetCoveringEveryKeyOnce() {
        KeyTimeMatrix.Builder b = builder(60, 1_440);
        Random random = new Random(7);
        for (int i = 0; i < 10_000; i++) {
            b.add(key(name(i)), random.nextInt(1_440), 1 + random.nextInt(3));
        }

        HeatGrid grid = RowBucketing.bucket(b.build(), 1_500, RowBucketing.ALL_COLUMNS);

        assertThat(grid.rowCount()).isBetween(1_350, 1_650);
        int next = 0;
        for (HeatRow row : grid.rows()) {
            assertThat(row.fromKey()).isEqualTo(next);
            next = row.toKey();
        }
        assertThat(next).isEqualTo(10_000);
        assertThat(grid.keys()).isSortedAccordingTo(RowBucketing.KEY_ORDER);
    }

    @Test
    void coldKeysWithoutTrafficMergeIntoEqualCounts() {
        KeyTimeMatrix.Builder b = builder(60, 10);
        for (int i = 0; i < 1_000; i++) {
            b.ensureRow(key(name(i)));
        }

        HeatGrid grid = RowBucketing.bucket(b.build(), 10, RowBucketing.ALL_COLUMNS);

        assertThat(grid.rows()).extracting(HeatRow::memberCount).containsOnly(100);
    }

    @Test
    void neverMergesAcrossTablesOrBetweenTheBaseTableAndAGsi() {
        KeyTimeMatrix.Builder b = builder(60, 10);
        for (int i = 0; i < 1_000; i++) {
            b.add(RowKey.of("orders", null, name(i)), i % 10, 1);
            b.add(RowKey.of("orders", "byStatus", name(i)), i % 10, 1);
            b.add(RowKey.of("customers", null, name(i)), i % 10, 1);
        }

        HeatGrid grid = RowBucketing.bucket(b.build(), 6, RowBucketing.ALL_COLUMNS);

        Set<String> resources = new HashSet<>();
        for (int r = 0; r < grid.rowCount(); r++) {
            HeatRow row = grid.row(r);
            assertThat(grid.members(r)).allSatisfy(k -> {
                assertThat(k.table()).isEqualTo(row.table());
                assertThat(k.index()).isEqualTo(row.index());
            });
            resources.add(row.resourceLabel());
        }
        assertThat(resources).containsExactlyInAnyOrder("orders", "orders · byStatus", "customers");
        assertThat(grid.rowCount()).isBetween(5, 7);
    }

    @Test
    void theOtherKeysRowStaysItsOwnRowLastInItsResource() {
        KeyTimeMatrix.Builder b = builder(60, 10);
        for (int i = 0; i < 1_000; i++) {
            b.add(key(name(i)), i % 10, 1);
        }
        b.add(RowKey.other("orders", null), 2, 1); // as cold as any key

        HeatGrid grid = RowBucketing.bucket(b.build(), 10, RowBucketing.ALL_COLUMNS);

        HeatRow last = grid.row(grid.rowCount() - 1);
        assertThat(last.other()).isTrue();
        assertThat(last.merged()).isFalse();
        assertThat(grid.rows()).filteredOn(HeatRow::other).hasSize(1);
    }

    @Test
    void aMergedRowIsTheSumOfItsMembersAndTheMarginalsAddUpToTheMatrixTotal() {
        KeyTimeMatrix.Builder b = builder(300, 288); // a day of five-minute buckets
        Random random = new Random(42);
        for (int i = 0; i < 20_000; i++) {
            b.add(
                    RowKey.of(i % 3 == 0 ? "customers" : "orders", null, name(i)),
                    random.nextInt(288),
                    random.nextInt(1_000));
        }
        b.add(RowKey.other("orders", null), 5, 12_345);
        KeyTimeMatrix m = b.build();

        HeatGrid grid = RowBucketing.bucket(m, 200, 100);

        assertThat(grid.columnCount()).isEqualTo(96); // 288 buckets, 3 to a column
        assertThat(grid.columnSeconds()).isEqualTo(900);
        double rowSum = 0;
        for (int r = 0; r < grid.rowCount(); r++) {
            double expected = 0;
            double fromCells = 0;
            for (RowKey k : grid.members(r)) {
                expected += m.rowTotal(m.indexOf(k));
            }
            for (int c = 0; c < grid.columnCount(); c++) {
                fromCells += grid.perMinute(r, c) * grid.columnSeconds(c) / 60;
            }
            assertThat(grid.rowTotal(r)).isCloseTo(expected, within(1e-6));
            assertThat(fromCells).isCloseTo(expected, within(expected * 1e-5 + 1e-3));
            rowSum += grid.rowTotal(r);
        }
        double columnSum = 0;
        for (int c = 0; c < grid.columnCount(); c++) {
            columnSum += grid.columnTotal(c);
        }
        assertThat(rowSum).isCloseTo(m.total(), within(1e-3));
        assertThat(columnSum).isCloseTo(m.total(), within(1e-3));
        assertThat(grid.total()).isEqualTo(m.total());
    }

    @Test
    void mergingColumnsKeepsPerMinuteRates() {
        KeyTimeMatrix.Builder b = builder(60, 2);
        b.add(key("A"), 0, 60).add(key("A"), 1, 120);

        HeatGrid grid = RowBucketing.bucket(b.build(), 10, 1);

        assertThat(grid.columnCount()).isEqualTo(1);
        assertThat(grid.columnSeconds()).isEqualTo(120);
        assertThat(grid.perMinute(0, 0)).isEqualTo(90);
        assertThat(grid.columnTotal(0)).isEqualTo(180);
        assertThat(grid.columnRate(0))
                .as("the traffic strip's rate: 180 units over two minutes")
                .isEqualTo(90);
        assertThat(grid.columnStart(1)).isEqualTo(START.plusSeconds(120));
    }

    @Test
    void fiveMinuteBucketsBecomePerMinuteRates() {
        KeyTimeMatrix.Builder b = builder(300, 3);
        b.add(key("A"), 1, 500);

        HeatGrid grid = RowBucketing.bucket(b.build());

        assertThat(grid.perMinute(0, 1)).isEqualTo(100);
        assertThat(grid.maxPerMinute()).isEqualTo(100);
    }

    @Test
    void fewerRowsThanTheTargetAreLeftAsTheyAre() {
        KeyTimeMatrix.Builder b = builder(60, 30);
        for (int i = 0; i < 50; i++) {
            b.add(key(name(i)), i % 30, i + 1);
        }
        KeyTimeMatrix m = b.build();

        HeatGrid grid = RowBucketing.bucket(m);

        assertThat(grid.rowCount()).isEqualTo(50);
        assertThat(grid.columnCount()).isEqualTo(30);
        assertThat(grid.rows()).noneMatch(HeatRow::merged);
        for (int r = 0; r < 50; r++) {
            RowKey k = grid.row(r).first();
            assertThat(k).isEqualTo(key(name(r)));
            for (int c = 0; c < 30; c++) {
                assertThat(grid.perMinute(r, c)).isEqualTo(m.value(m.indexOf(k), c));
            }
        }
        assertThat(grid.rates().remaining()).isEqualTo(50 * 30);
    }

    @Test
    void aMergedColumnIsMissingOnlyWhenAllItsBucketsAre() {
        KeyTimeMatrix.Builder b = builder(60, 4);
        b.add(key("A"), 3, 30);
        b.markMissing(0, 3, "throttled by CloudWatch");

        HeatGrid grid = RowBucketing.bucket(b.build(), 10, 2);

        assertThat(grid.missing(0)).isTrue();
        assertThat(grid.missing(1)).isFalse();
        assertThat(grid.partlyMissing(1)).isTrue();
        assertThat(grid.perMinute(0, 1)).isEqualTo(30); // a rate over the minute that loaded, not halved by the gap
        assertThat(grid.perMinute(0, 0)).isZero();
    }

    @Test
    void rateUnitsAreAveragedNotSummedWhenColumnsMerge() {
        KeyTimeMatrix.Builder b =
                KeyTimeMatrix.builder(START, 60, 2, MatrixUnit.WRITE_UNITS_PER_SECOND, Provenance.LAB_METER);
        b.add(key("A"), 0, 100).add(key("A"), 1, 300);

        HeatGrid grid = RowBucketing.bucket(b.build(), 10, 1);

        assertThat(grid.perMinute(0, 0)).isEqualTo(200);
        assertThat(List.of(grid.columnStart(0))).containsExactly(START);
    }

    @Test
    void theChosenSeparatorDecidesTheRowOrder() {
        KeyTimeMatrix m = builder(60, 1)
                .add(key("v.10"), 0, 1)
                .add(key("v.9"), 0, 1)
                .add(key("v.9.1"), 0, 1)
                .ensureRow(RowKey.other("orders", null))
                .build();

        HeatGrid byDot = RowBucketing.bucket(m, 100, RowBucketing.ALL_COLUMNS, '.');
        HeatGrid byHash = RowBucketing.bucket(m, 100, RowBucketing.ALL_COLUMNS, '#');

        assertThat(byDot.keys())
                .containsExactly(
                        key("v.9"),
                        key("v.9.1"),
                        key("v.10"),
                        RowKey.other("orders", null)); // 9 < 10 as numbers, a parent before its children
        assertThat(byHash.keys())
                .containsExactly(
                        key("v.10"),
                        key("v.9"),
                        key("v.9.1"),
                        RowKey.other("orders", null)); // one part each: code point order
    }

    @Test
    void separatorOrderSortsShardsNumericallyAndSortKeysToo() {
        List<RowKey> keys = new ArrayList<>(List.of(
                RowKey.of("orders", null, "PENDING#10"), RowKey.of("orders", null, "PENDING#2", "SK#10"),
                RowKey.of("orders", null, "PENDING#2", "SK#9"), RowKey.of("orders", null, "PENDING#2")));

        keys.sort(RowBucketing.keyOrder('#'));

        assertThat(keys)
                .containsExactly(
                        RowKey.of("orders", null, "PENDING#2"),
                        RowKey.of("orders", null, "PENDING#2", "SK#9"),
                        RowKey.of("orders", null, "PENDING#2", "SK#10"),
                        RowKey.of("orders", null, "PENDING#10"));
        keys.sort(RowBucketing.KEY_ORDER);
        assertThat(keys.get(0).partitionKey()).isEqualTo("PENDING#10"); // plain String order differs
    }
}
