package dev.partitionscope.core.heat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
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
 */
public final class KeyTimeMatrix {

    /** Receives a row's non-empty cells in column order. */
    @FunctionalInterface
    public interface CellVisitor {
        void cell(int column, double value, long throttles);
    }

    private static final Comparator<String> NULLS_FIRST = Comparator.nullsFirst(Comparator.naturalOrder());

    /** Resource by resource, base table first, the other-keys row last, then busiest first. */
    private static final Comparator<PendingRow> ROW_ORDER = Comparator
            .comparing((PendingRow r) -> r.key.table())
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
    // Compressed sparse rows: row r owns cells [rowStart[r], rowStart[r + 1]), columns ascending.
    private final int[] rowStart;
    private final char[] narrowColumns; // when columns fit in a char (a day of minutes does), else null
    private final int[] wideColumns;    // otherwise
    private final float[] cellValues;
    // Throttles are rare: only cells that throttled are kept, as ascending cell positions with their counts.
    private final int[] throttledCells;
    private final long[] throttleCounts;
    // No per-row summaries: with about seven cells a key they would cost as much as the cells. rowTotal, rowPeak and
    // rowThrottles scan the row's cells instead, which over all rows is one pass over the cells.
    private final double[] columnTotals;
    private final long[] columnThrottles;
    private final String[] missingReasons; // per column, null = loaded
    private final double total;

    public static Builder builder(Instant start, int bucketSeconds, int columns, MatrixUnit unit,
                                  Provenance provenance) {
        return new Builder(start, bucketSeconds, columns, unit, provenance);
    }

    public static KeyTimeMatrix empty(Instant start, int bucketSeconds, int columns, MatrixUnit unit,
                                      Provenance provenance) {
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

        int n = sorted.size();
        List<RowKey> keys = new ArrayList<>(n);
        for (PendingRow r : sorted) {
            keys.add(r.key);
        }
        rows = new RowKeys(keys);
        rowStart = new int[n + 1];
        long cells = 0;
        int throttled = 0;
        for (PendingRow r : sorted) {
            cells += r.cells.size();
            throttled += r.throttledCells;
        }
        if (cells > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("Too many non-empty cells for one matrix: " + cells);
        }
        boolean narrow = columns <= Character.MAX_VALUE + 1;
        narrowColumns = narrow ? new char[(int) cells] : null;
        wideColumns = narrow ? null : new int[(int) cells];
        cellValues = new float[(int) cells];
        throttledCells = new int[throttled];
        throttleCounts = new long[throttled];
        columnTotals = new double[columns];
        columnThrottles = new long[columns];

        int at = 0;
        int t = 0;
        double sum = 0;
        for (int i = 0; i < n; i++) {
            PendingRow r = sorted.get(i);
            rowStart[i] = at;
            sum += r.total;
            for (int c = 0; c < r.cells.size(); c++, at++) {
                int column = r.cells.column(c);
                if (narrow) {
                    narrowColumns[at] = (char) column;
                } else {
                    wideColumns[at] = column;
                }
                float value = (float) r.cells.value(c);
                cellValues[at] = value;
                columnTotals[column] += value;
                long count = r.cells.throttle(c);
                if (count != 0) {
                    throttledCells[t] = at;
                    throttleCounts[t++] = count;
                    columnThrottles[column] += count;
                }
            }
        }
        rowStart[n] = at;
        total = sum;
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
        return at < 0 ? 0 : cellValues[at];
    }

    public long throttles(int row, int column) {
        int at = find(row, column);
        return at < 0 ? 0 : throttlesAt(at);
    }

    private long throttlesAt(int cell) {
        int t = Arrays.binarySearch(throttledCells, cell);
        return t < 0 ? 0 : throttleCounts[t];
    }

    private int column(int cell) {
        return narrowColumns != null ? narrowColumns[cell] : wideColumns[cell];
    }

    private int find(int row, int column) {
        Objects.checkIndex(row, rows.size());
        Objects.checkIndex(column, columns);
        int at = narrowColumns != null
                ? Arrays.binarySearch(narrowColumns, rowStart[row], rowStart[row + 1], (char) column)
                : Arrays.binarySearch(wideColumns, rowStart[row], rowStart[row + 1], column);
        return at < 0 ? -1 : at;
    }

    /** The sum of the row's cells, in column order (so always the same double). */
    public double rowTotal(int row) {
        Objects.checkIndex(row, rows.size());
        double sum = 0;
        for (int at = rowStart[row]; at < rowStart[row + 1]; at++) {
            sum += cellValues[at];
        }
        return sum;
    }

    public long rowThrottles(int row) {
        Objects.checkIndex(row, rows.size());
        long sum = 0;
        for (int t = firstThrottleFrom(rowStart[row]); t < throttledCells.length && throttledCells[t] < rowStart[row + 1];
             t++) {
            sum += throttleCounts[t];
        }
        return sum;
    }

    /** The position in {@link #throttledCells} of the first throttled cell at or after {@code cell}. */
    private int firstThrottleFrom(int cell) {
        int t = Arrays.binarySearch(throttledCells, cell);
        return t < 0 ? -t - 1 : t;
    }

    /** The row's largest cell value; 0 for a row without traffic. */
    public double rowPeak(int row) {
        int at = peakCell(row);
        return at < 0 ? 0 : cellValues[at];
    }

    /** The first column holding {@link #rowPeak}, or -1 for a row without traffic. */
    public int rowPeakColumn(int row) {
        int at = peakCell(row);
        return at < 0 ? -1 : column(at);
    }

    private int peakCell(int row) {
        Objects.checkIndex(row, rows.size());
        int peakAt = -1;
        float peak = 0;
        for (int at = rowStart[row]; at < rowStart[row + 1]; at++) {
            if (cellValues[at] > peak) {
                peak = cellValues[at];
                peakAt = at;
            }
        }
        return peakAt;
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
        return cellValues.length;
    }

    /** Visits the row's non-empty cells in column order, without allocating. */
    public void forEachCell(int row, CellVisitor visitor) {
        Objects.checkIndex(row, rows.size());
        int end = rowStart[row + 1];
        // Throttled cells are ascending, so the row's ones are found once and then walked alongside.
        int t = firstThrottleFrom(rowStart[row]);
        for (int at = rowStart[row]; at < end; at++) {
            long throttles = 0;
            if (t < throttledCells.length && throttledCells[t] == at) {
                throttles = throttleCounts[t++];
            }
            visitor.cell(column(at), cellValues[at], throttles);
        }
    }

    @Override
    public String toString() {
        return "KeyTimeMatrix[" + rows.size() + " rows × " + columns + " × " + bucketSeconds + " s from " + start
                + ", " + nonEmptyCells() + " cells, " + unit + ", " + provenance + ", " + qualities + "]";
    }

    /** A row on its way into the matrix, summarised once so sorting does not recompute totals. */
    private record PendingRow(RowKey key, CellBuffer cells, double total, int throttledCells) {
        static PendingRow of(RowKey key, CellBuffer cells) {
            cells.compact();
            double total = 0;
            int throttledCells = 0;
            for (int i = 0; i < cells.size(); i++) {
                total += (float) cells.value(i); // as stored and summed by rowTotal, so the two agree
                throttledCells += cells.throttle(i) != 0 ? 1 : 0;
            }
            return new PendingRow(key, cells, total, throttledCells);
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
