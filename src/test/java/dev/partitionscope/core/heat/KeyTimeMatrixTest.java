package dev.partitionscope.core.heat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeout;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class KeyTimeMatrixTest {
    private static final Instant START = Instant.parse("2026-06-22T10:00:00Z");

    private static KeyTimeMatrix.Builder builder(int columns) {
        return KeyTimeMatrix.builder(START, 60, columns, MatrixUnit.CONSUMED_UNITS_PER_MINUTE, Provenance.LAB_METER);
    }

    private static RowKey key(String pk) {
        return RowKey.of("orders", null, pk);
    }

    @Test
    void aDayOfMinutesForHundredThousandKeysStoresOnlyTheNonEmptyCells() {
        // Dense, this would be 144 M doubles (1.15 GB): more than the test JVM's heap.
        KeyTimeMatrix m = assertTimeout(Duration.ofSeconds(10), () -> {
            KeyTimeMatrix.Builder b = builder(1_440);
            for (int i = 0; i < 100_000; i++) {
                b.add(key("K" + i), i % 1_440, 1 + i % 7);
            }
            return b.build();
        });

        assertThat(m.rowCount()).isEqualTo(100_000);
        assertThat(m.nonEmptyCells()).isEqualTo(100_000);
        int row = m.indexOf(key("K12345"));
        assertThat(m.value(row, 12345 % 1_440)).isEqualTo(1 + 12345 % 7);
        assertThat(m.value(row, 0)).isZero();
        assertThat(m.rowTotal(0)).isEqualTo(7); // busiest first
        long expected = 0;
        for (int i = 0; i < 100_000; i++) {
            expected += 1 + i % 7;
        }
        assertThat(m.total()).isEqualTo((double) expected);
    }

    @Test
    void addingToACellSumsAndTotalsPeaksAndThrottlesArePrecomputed() {
        KeyTimeMatrix m = builder(10)
                .add(key("A"), 5, 20)
                .add(key("A"), 0, 10)
                .add(key("A"), 5, 10)
                .add(key("A"), 3, 5)
                .addThrottles(key("A"), 5, 2)
                .addThrottles(key("A"), 9, 4)
                .add(key("B"), 3, 7)
                .addThrottles(key("B"), 3, 1)
                .build();

        int a = m.indexOf(key("A"));
        int b = m.indexOf(key("B"));
        assertThat(m.value(a, 5)).isEqualTo(30);
        assertThat(m.value(a, 3)).isEqualTo(5);
        assertThat(m.value(a, 4)).isZero();
        assertThat(m.throttles(a, 5)).isEqualTo(2);
        assertThat(m.throttles(a, 9)).isEqualTo(4);
        assertThat(m.value(a, 9)).isZero();
        assertThat(m.rowTotal(a)).isEqualTo(45);
        assertThat(m.rowThrottles(a)).isEqualTo(6);
        assertThat(m.rowPeak(a)).isEqualTo(30);
        assertThat(m.rowPeakColumn(a)).isEqualTo(5);
        assertThat(m.columnTotal(3)).isEqualTo(12);
        assertThat(m.columnThrottles(3)).isEqualTo(1);
        assertThat(m.columnThrottles(5)).isEqualTo(2);
        assertThat(m.columnTotal(7)).isZero();
        assertThat(m.total()).isEqualTo(52);
        assertThat(m.nonEmptyCells()).isEqualTo(5); // A: 0, 3, 5, 9; B: 3
        assertThat(m.rowPeakColumn(b)).isEqualTo(3);

        List<String> visited = new ArrayList<>();
        m.forEachCell(a, (column, value, throttles) -> visited.add(column + "=" + value + "/" + throttles));
        assertThat(visited).containsExactly("0=10.0/0", "3=5.0/0", "5=30.0/2", "9=0.0/4");
    }

    @Test
    void manyAddsInRandomOrderGiveTheSameCellsAsADenseSum() {
        Random random = new Random(42);
        double[] dense = new double[50];
        long[] denseThrottles = new long[50];
        KeyTimeMatrix.Builder b = builder(50);
        for (int i = 0; i < 20_000; i++) {
            int column = random.nextInt(50);
            int units = random.nextInt(100);
            b.add(key("A"), column, units);
            dense[column] += units;
            if (i % 10 == 0) {
                b.addThrottles(key("A"), column, 1);
                denseThrottles[column]++;
            }
        }
        KeyTimeMatrix m = b.build();

        for (int c = 0; c < 50; c++) {
            assertThat(m.value(0, c)).as("column %d", c).isEqualTo(dense[c]);
            assertThat(m.throttles(0, c)).as("column %d", c).isEqualTo(denseThrottles[c]);
        }
        assertThat(m.nonEmptyCells()).isEqualTo(50);
    }

    @Test
    void peakColumnIsTheFirstOfEqualPeaksAndAnEmptyRowHasNone() {
        KeyTimeMatrix m = builder(10)
                .add(key("A"), 7, 9)
                .add(key("A"), 2, 9)
                .ensureRow(key("idle"))
                .build();

        assertThat(m.rowPeakColumn(m.indexOf(key("A")))).isEqualTo(2);
        int idle = m.indexOf(key("idle"));
        assertThat(idle).isNotNegative();
        assertThat(m.rowTotal(idle)).isZero();
        assertThat(m.rowPeak(idle)).isZero();
        assertThat(m.rowPeakColumn(idle)).isEqualTo(-1);
    }

    @Test
    void columnsOutsideTheMatrixAreIgnored() {
        KeyTimeMatrix m = builder(10)
                .add(key("A"), -1, 5)
                .add(key("A"), 10, 5)
                .add(key("A"), 9, 1)
                .build();

        assertThat(m.total()).isEqualTo(1);
        assertThat(m.nonEmptyCells()).isEqualTo(1);
    }

    @Test
    void rowsGoResourceByResourceBaseTableFirstBusiestFirstAndOtherKeysLast() {
        RowKey other = RowKey.other("orders", null);
        RowKey gsiKey = RowKey.of("orders", "byStatus", "PENDING");
        KeyTimeMatrix m = builder(4)
                .add(gsiKey, 0, 1_000_000)
                .add(other, 0, 999_999)
                .add(key("small"), 1, 5)
                .add(key("big"), 1, 50)
                .add(key("tieB"), 2, 20)
                .add(key("tieA"), 3, 20)
                .ensureRow(key("idle"))
                .add(RowKey.of("accounts", null, "z"), 0, 1)
                .build();

        List<String> order = new ArrayList<>();
        for (int r = 0; r < m.rowCount(); r++) {
            order.add(m.row(r).resourceLabel() + ":" + m.row(r).label());
        }
        assertThat(order)
                .containsExactly(
                        "accounts:z",
                        "orders:big",
                        "orders:tieA",
                        "orders:tieB",
                        "orders:small",
                        "orders:idle",
                        "orders:(other keys)",
                        "orders · byStatus:PENDING");
        assertThat(m.indexOf(other)).isEqualTo(6);
        assertThat(m.indexOf(key("nobody"))).isEqualTo(-1);
    }

    @Test
    void missingColumnsKeepTheFirstReasonAndAreClippedToTheMatrix() {
        KeyTimeMatrix m = builder(10)
                .markMissing(-5, 2, "AccessDenied")
                .markMissing(7, 20, "Rate exceeded")
                .markMissing(8, 9, "later failure")
                .build();

        assertThat(m.isMissing(0)).isTrue();
        assertThat(m.isMissing(1)).isTrue();
        assertThat(m.isMissing(2)).isFalse();
        assertThat(m.isMissing(6)).isFalse();
        assertThat(m.missingReason(6)).isNull();
        assertThat(m.missingReason(0)).isEqualTo("AccessDenied");
        assertThat(m.missingReason(8)).isEqualTo("Rate exceeded");
        assertThat(m.isMissing(9)).isTrue();
        assertThat(m.qualities()).containsExactly(Quality.MISSING_COLUMNS);
        assertThat(builder(10).markMissing(10, 12, "outside").build().qualities())
                .isEmpty();
    }

    @Test
    void columnStartsStepByTheBucketAndAnEmptyMatrixKeepsItsGrid() {
        KeyTimeMatrix m = KeyTimeMatrix.empty(START, 300, 12, MatrixUnit.WRITE_UNITS_PER_SECOND, Provenance.RECORDING);

        assertThat(m.rowCount()).isZero();
        assertThat(m.columns()).isEqualTo(12);
        assertThat(m.columnStart(1)).isEqualTo(Instant.parse("2026-06-22T10:05:00Z"));
        assertThat(m.columnStart(12)).isEqualTo(Instant.parse("2026-06-22T11:00:00Z"));
        assertThat(m.total()).isZero();
        assertThat(m.nonEmptyCells()).isZero();
        assertThat(m.unit()).isEqualTo(MatrixUnit.WRITE_UNITS_PER_SECOND);
        assertThat(m.provenance()).isEqualTo(Provenance.RECORDING);
    }

    @Test
    void theBuiltMatrixDoesNotChangeWhenTheBuilderGoesOn() {
        KeyTimeMatrix.Builder b = builder(4).add(key("A"), 0, 1).flag(Quality.PARTIAL);
        KeyTimeMatrix first = b.build();
        b.add(key("A"), 0, 1).add(key("B"), 1, 1).flag(Quality.TRUNCATED);

        assertThat(first.value(0, 0)).isEqualTo(1);
        assertThat(first.rowCount()).isEqualTo(1);
        assertThat(first.qualities()).containsExactly(Quality.PARTIAL);
        assertThat(b.build().value(0, 0)).isEqualTo(2);
        assertThatThrownBy(() -> first.qualities().add(Quality.APPROXIMATE))
                .isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void negativeOrNonFiniteValuesAreRejected() {
        assertThatThrownBy(() -> builder(4).add(key("A"), 0, -1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> builder(4).add(key("A"), 0, Double.NaN)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> builder(4).addThrottles(key("A"), 0, -1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void rowKeysLabelThemselvesForTheHeatmapAxis() {
        assertThat(RowKey.of("orders", null, "PENDING").label()).isEqualTo("PENDING");
        assertThat(RowKey.of("orders", null, "PENDING", "2026-06-22#17").label())
                .isEqualTo("PENDING / 2026-06-22#17");
        assertThat(RowKey.other("orders", "byStatus").label()).isEqualTo("(other keys)");
        assertThat(RowKey.other("orders", null).resourceLabel()).isEqualTo("orders");
        assertThat(RowKey.of("orders", "byStatus", "x").resourceLabel()).isEqualTo("orders · byStatus");
        assertThatThrownBy(() -> new RowKey("orders", null, "x", null, true))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(MatrixUnit.CONSUMED_UNITS_PER_MINUTE.ceiling()).isEqualTo(180_000);
        assertThat(MatrixUnit.THROTTLE_EVENTS.ceiling()).isNaN();
        assertThat(MatrixUnit.READ_UNITS_PER_SECOND.perMinute()).isFalse();
    }

    @Test
    void throttlesAreKeptOnlyOnTheCellsThatThrottledAcrossRows() {
        KeyTimeMatrix.Builder b = builder(100);
        for (int k = 0; k < 50; k++) {
            for (int c = 0; c < 100; c += 3) {
                b.add(key("k" + k), c, 1 + k);
            }
        }
        b.addThrottles(key("k7"), 9, 3)
                .addThrottles(key("k7"), 99, 2)
                .addThrottles(key("k40"), 0, 5)
                .addThrottles(key("k40"), 1, 1); // a cell with throttles but no traffic
        KeyTimeMatrix m = b.build();

        int k7 = m.indexOf(key("k7"));
        int k40 = m.indexOf(key("k40"));
        assertThat(m.throttles(k7, 9)).isEqualTo(3);
        assertThat(m.throttles(k7, 99)).isEqualTo(2);
        assertThat(m.throttles(k7, 12)).isZero();
        assertThat(m.throttles(k40, 0)).isEqualTo(5);
        assertThat(m.throttles(k40, 1)).isEqualTo(1);
        assertThat(m.value(k40, 1)).isZero();
        assertThat(m.rowThrottles(k7)).isEqualTo(5);
        assertThat(m.rowThrottles(k40)).isEqualTo(6);
        assertThat(m.rowThrottles(m.indexOf(key("k8")))).isZero();
        assertThat(m.columnThrottles(0)).isEqualTo(5);
        List<String> k40Throttled = new ArrayList<>();
        m.forEachCell(k40, (c, v, t) -> {
            if (t != 0) {
                k40Throttled.add(c + "/" + t);
            }
        });
        assertThat(k40Throttled).containsExactly("0/5", "1/1");
        long visited = 0;
        for (int r = 0; r < m.rowCount(); r++) {
            long[] sum = {0};
            m.forEachCell(r, (c, v, t) -> sum[0] += t);
            assertThat(sum[0]).as("row %d", r).isEqualTo(m.rowThrottles(r));
            visited += sum[0];
        }
        assertThat(visited).isEqualTo(11);
    }

    @Test
    void cellsAreFloatsExactForWholeUnitsUpToTheCeilingAndBeyond() {
        KeyTimeMatrix m = builder(3)
                .add(key("A"), 0, 180_000)
                .add(key("A"), 1, 179_999)
                .add(key("A"), 2, 16_777_216)
                .add(key("B"), 0, 0.1)
                .build();

        int a = m.indexOf(key("A"));
        assertThat(m.value(a, 0)).isEqualTo(180_000.0);
        assertThat(m.value(a, 1)).isEqualTo(179_999.0);
        assertThat(m.value(a, 2)).isEqualTo(16_777_216.0);
        assertThat(m.rowTotal(a)).isEqualTo(180_000.0 + 179_999 + 16_777_216);
        assertThat(m.rowPeak(a)).isEqualTo(16_777_216.0);
        // Fractions are as close as a float gets, and the totals agree with the cells.
        int b = m.indexOf(key("B"));
        assertThat(m.value(b, 0)).isCloseTo(0.1, org.assertj.core.data.Offset.offset(1e-8));
        assertThat(m.rowTotal(b)).isEqualTo(m.value(b, 0));
        assertThat(m.columnTotal(0)).isEqualTo(180_000.0 + m.value(b, 0));
    }

    @Test
    void moreColumnsThanACharHoldsStillWork() {
        int columns = 70_000;
        KeyTimeMatrix m = builder(columns)
                .add(key("A"), 65_535, 1)
                .add(key("A"), 65_536, 2)
                .add(key("A"), columns - 1, 3)
                .addThrottles(key("A"), 65_537, 4)
                .build();

        assertThat(m.value(0, 65_535)).isEqualTo(1);
        assertThat(m.value(0, 65_536)).isEqualTo(2);
        assertThat(m.value(0, columns - 1)).isEqualTo(3);
        assertThat(m.value(0, 0)).isZero();
        assertThat(m.throttles(0, 65_537)).isEqualTo(4);
        assertThat(m.rowPeakColumn(0)).isEqualTo(columns - 1);
        List<Integer> visited = new ArrayList<>();
        m.forEachCell(0, (c, v, t) -> visited.add(c));
        assertThat(visited).containsExactly(65_535, 65_536, 65_537, columns - 1);
    }
}
