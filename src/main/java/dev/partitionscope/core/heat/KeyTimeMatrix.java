package dev.partitionscope.core.heat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Traffic per key per time bucket: the one model behind the heatmap, the top-keys table and the CSV export, whatever
 * produced the numbers. It is sparse because hot-partition data is: 100,000 keys over a day of minutes is 144 M
 * cells of which only a few hold traffic, so memory grows with non-empty cells, never with rows × columns.
 * Immutable once built, so a worker thread can hand it to the UI as is.
 *
 * <p>Precision: cell values are kept as {@code float}, exact for whole numbers up to 16,777,216 and within 6·10⁻⁸
 * relative above that. A key's per-minute ceiling is 180,000 units, so whole-unit cells stay exact, and the figures are
 * CloudWatch approximations to begin with. Row, column and matrix totals are summed in {@code double} from the stored
 * cell values, so they agree with what {@link #value} returns.
 *
 * <p>Memory: a day of 100,000 keys with about seven cells each takes under 16 bytes per non-empty cell, keys
 * included ({@code MatrixMemory} in the benchmarks): see {@link SparseCells} for the cells and {@link RowKeys} for
 * the keys.
 */
public final class KeyTimeMatrix {

    /** Receives a row's non-empty cells in column order. */
    @FunctionalInterface
    public interface CellVisitor {
        void cell(int column, double value, long throttles);
    }

    private static final Comparator<String> NULLS_FIRST = Comparator.nullsFirst(Comparator.naturalOrder());

    /** Resource by resource, base table first, the other-keys row last, then busiest first. */
    private static final Comparator<PendingRow> ROW_ORDER = Comparator.comparing((PendingRow r) -> r.key.table())
            .thenComparing(r -> r.key.index(), NULLS_FIRST)
            .thenComparing(r -> r.key.other())
            .thenComparing(Comparator.comparingDouble((PendingRow r) -> r.total).reversed())
            .thenComparing(r -> r.key.label())
            .thenComparing(r -> r.key.partitionKey(), NULLS_FIRST)
            .thenComparing(r -> r.key.sortKey(), NULLS_FIRST);

    private final Instant start;
    private final int bucketSeconds;
    private final int columns;
    private final MatrixUnit unit;
    private final Provenance provenance;
    private final Set<Quality> qualities;
    private final RowKeys rows;
    private final SparseCells cells;
    private final double[] columnTotals;
    private final long[] columnThrottles;
    private final String[] missingReasons; // per column, null = loaded
    private final double total;

    public static Builder builder(
            Instant start, int bucketSeconds, int columns, MatrixUnit unit, Provenance provenance) {
        return new Builder(start, bucketSeconds, columns, unit, provenance);
    }

    public static KeyTimeMatrix empty(
            Instant start, int bucketSeconds, int columns, MatrixUnit unit, Provenance provenance) {
        return builder(start, bucketSeconds, columns, unit, provenance).build();
    }

    private KeyTimeMatrix(Builder b, List<PendingRow> sorted) {
        start = b.start;
        bucketSeconds = b.bucketSeconds;
        columns = b.columns;
        unit = b.unit;
        provenance = b.provenance;
        missingReasons = b.missing.clone();
        EnumSet<Quality> q = EnumSet.noneOf(Quality.class);
        q.addAll(b.qualities);
        qualities = Collections.unmodifiableSet(q);

        List<RowKey> keys = new ArrayList<>(sorted.size());
        List<CellBuffer> buffers = new ArrayList<>(sorted.size());
        double sum = 0;
        for (PendingRow r : sorted) {
            keys.add(r.key);
            buffers.add(r.cells);
            sum += r.total;
        }
        rows = new RowKeys(keys);
        cells = new SparseCells(buffers, columns);
        total = sum;
        double[] byColumn = new double[columns];
        long[] throttlesByColumn = new long[columns];
        for (int r = 0; r < keys.size(); r++) {
            cells.forEachCell(r, (column, value, throttles) -> {
                byColumn[column] += value;
                throttlesByColumn[column] += throttles;
            });
        }
        columnTotals = byColumn;
        columnThrottles = throttlesByColumn;
    }

    public Instant start() {
        return start;
    }

    public int bucketSeconds() {
        return bucketSeconds;
    }

    public int columns() {
        return columns;
    }

    /** The start of a column; {@code columnStart(columns())} is the end of the matrix. */
    public Instant columnStart(int column) {
        Objects.checkIndex(column, columns + 1);
        return start.plusSeconds((long) column * bucketSeconds);
    }

    public MatrixUnit unit() {
        return unit;
    }

    public Provenance provenance() {
        return provenance;
    }

    public Set<Quality> qualities() {
        return qualities;
    }

    public int rowCount() {
        return rows.size();
    }

    /**
     * The row's key: equal to the one added, but decoded anew on each call (keys are stored packed), so fetch it once
     * when comparing or sorting rows.
     */
    public RowKey row(int row) {
        return rows.get(row);
    }

    /** The row's position, or -1 when the matrix has no such row. */
    public int indexOf(RowKey key) {
        return key == null ? -1 : rows.indexOf(key);
    }

    /** The cell's value, 0 when the key had no traffic in that bucket. */
    public double value(int row, int column) {
        int at = find(row, column);
        return at < 0 ? 0 : cells.value(at);
    }

    public long throttles(int row, int column) {
        int at = find(row, column);
        return at < 0 ? 0 : cells.throttles(at);
    }

    private int find(int row, int column) {
        Objects.checkIndex(row, rows.size());
        Objects.checkIndex(column, columns);
        return cells.find(row, column);
    }

    /** The sum of the row's cells. */
    public double rowTotal(int row) {
        return cells.rowTotal(Objects.checkIndex(row, rows.size()));
    }

    public long rowThrottles(int row) {
        return cells.rowThrottles(Objects.checkIndex(row, rows.size()));
    }

    /** The row's largest cell value; 0 for a row without traffic. */
    public double rowPeak(int row) {
        int at = cells.peakCell(Objects.checkIndex(row, rows.size()));
        return at < 0 ? 0 : cells.value(at);
    }

    /** The first column holding {@link #rowPeak}, or -1 for a row without traffic. */
    public int rowPeakColumn(int row) {
        int at = cells.peakCell(Objects.checkIndex(row, rows.size()));
        return at < 0 ? -1 : cells.column(at);
    }

    public double columnTotal(int column) {
        return columnTotals[column];
    }

    public long columnThrottles(int column) {
        return columnThrottles[column];
    }

    /** Every row's traffic, the other-keys row included. */
    public double total() {
        return total;
    }

    public boolean isMissing(int column) {
        return missingReasons[column] != null;
    }

    /** Why the column failed to load, or null when it loaded. */
    public String missingReason(int column) {
        return missingReasons[column];
    }

    public long nonEmptyCells() {
        return cells.size();
    }

    /** Visits the row's non-empty cells in column order, without allocating. */
    public void forEachCell(int row, CellVisitor visitor) {
        cells.forEachCell(Objects.checkIndex(row, rows.size()), visitor);
    }

    @Override
    public String toString() {
        return "KeyTimeMatrix[" + rows.size() + " rows × " + columns + " × " + bucketSeconds + " s from " + start + ", "
                + nonEmptyCells() + " cells, " + unit + ", " + provenance + ", " + qualities + "]";
    }

    /** A row on its way into the matrix, summarised once so sorting does not recompute totals. */
    private record PendingRow(RowKey key, CellBuffer cells, double total) {
        static PendingRow of(RowKey key, CellBuffer cells) {
            cells.compact();
            double total = 0;
            for (int i = 0; i < cells.size(); i++) {
                total += (float) cells.value(i); // as stored and summed by rowTotal, so the two agree
            }
            return new PendingRow(key, cells, total);
        }
    }

    /** Collects cells in any order; adding to a cell twice sums. Not thread-safe: one loader fills one builder. */
    public static final class Builder {
        private final Instant start;
        private final int bucketSeconds;
        private final int columns;
        private final MatrixUnit unit;
        private final Provenance provenance;
        private final Map<RowKey, CellBuffer> cells = new HashMap<>();
        private final String[] missing;
        private final EnumSet<Quality> qualities = EnumSet.noneOf(Quality.class);

        private Builder(Instant start, int bucketSeconds, int columns, MatrixUnit unit, Provenance provenance) {
            this.start = Objects.requireNonNull(start, "start");
            this.unit = Objects.requireNonNull(unit, "unit");
            this.provenance = Objects.requireNonNull(provenance, "provenance");
            if (bucketSeconds <= 0) {
                throw new IllegalArgumentException("bucketSeconds must be positive: " + bucketSeconds);
            }
            if (columns < 0) {
                throw new IllegalArgumentException("columns must not be negative: " + columns);
            }
            this.bucketSeconds = bucketSeconds;
            this.columns = columns;
            this.missing = new String[columns];
        }

        /** Adds to a cell; a column outside the matrix is ignored, so callers need not clip their data first. */
        public Builder add(RowKey row, int column, double value) {
            if (!Double.isFinite(value) || value < 0) {
                throw new IllegalArgumentException("A cell value must be finite and not negative: " + value);
            }
            return put(row, column, value, 0);
        }

        public Builder addThrottles(RowKey row, int column, long count) {
            if (count < 0) {
                throw new IllegalArgumentException("A throttle count must not be negative: " + count);
            }
            return put(row, column, 0, count);
        }

        private Builder put(RowKey row, int column, double value, long throttles) {
            Objects.requireNonNull(row, "row");
            if (column < 0 || column >= columns) {
                return this;
            }
            CellBuffer buffer = cells.computeIfAbsent(row, k -> new CellBuffer());
            if (value != 0 || throttles != 0) {
                buffer.add(column, value, throttles);
            }
            return this;
        }

        /** A row that shows even without traffic, e.g. the other-keys row or a key the user pinned. */
        public Builder ensureRow(RowKey row) {
            cells.computeIfAbsent(Objects.requireNonNull(row, "row"), k -> new CellBuffer());
            return this;
        }

        /** Marks columns [from, to) as not loaded (clipped to the matrix); flags {@link Quality#MISSING_COLUMNS}. */
        public Builder markMissing(int fromColumn, int toColumnExclusive, String reason) {
            String why = reason == null || reason.isBlank() ? "not loaded" : reason;
            for (int c = Math.max(0, fromColumn); c < Math.min(columns, toColumnExclusive); c++) {
                if (missing[c] == null) { // the first failure is the one worth showing
                    missing[c] = why;
                }
                qualities.add(Quality.MISSING_COLUMNS);
            }
            return this;
        }

        public Builder flag(Quality quality) {
            qualities.add(Objects.requireNonNull(quality, "quality"));
            return this;
        }

        /** Builds an immutable matrix; the builder stays usable. */
        public KeyTimeMatrix build() {
            List<PendingRow> sorted = new ArrayList<>(cells.size());
            cells.forEach((key, buffer) -> sorted.add(PendingRow.of(key, buffer)));
            sorted.sort(ROW_ORDER);
            return new KeyTimeMatrix(this, sorted);
        }
    }
}
