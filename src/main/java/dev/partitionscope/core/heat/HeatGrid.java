package dev.partitionscope.core.heat;

import java.nio.FloatBuffer;
import java.time.Instant;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * What the heatmap draws: a {@link KeyTimeMatrix} cut down to about as many rows and columns as there are pixels,
 * with hot keys on rows of their own and cold neighbours merged (see {@link RowBucketing}). Cells are rates, so a
 * merged column reads on the same scale as a single bucket and a colour means the same at every zoom. The rates sit
 * in one dense row-major {@code float} array, ready to be written into an image in one call; throttles are kept
 * sparsely because few cells have them. Immutable, so a worker thread builds it and hands it to the FX thread once.
 */
public final class HeatGrid {
    private final KeyTimeMatrix source;
    private final List<RowKey> keys;
    private final List<HeatRow> rows;
    private final int columnBuckets;
    private final int columns;
    private final float[] rates; // rows × columns, row-major
    private final BitSet throttled; // same layout as rates
    private final long[] throttleCells; // sorted cell positions (row * columns + column) that throttled
    private final long[] throttleCounts;
    private final double[] rowTotals;
    private final long[] rowThrottles;
    private final double[] columnTotals;
    private final long[] columnThrottles;
    private final boolean[] missing;
    private final boolean[] partlyMissing;
    /** Whether any column is missing (the legend asks on every paint). */
    private final boolean anyMissing;

    private final float maxRate;
    /** Per row, how many keys' partition ceilings its value is measured against (null: one each). */
    private final int[] ceilingKeys;

    HeatGrid(
            KeyTimeMatrix source,
            List<RowKey> keys,
            List<HeatRow> rows,
            int columnBuckets,
            float[] rates,
            long[] throttleCells,
            long[] throttleCounts,
            double[] rowTotals,
            long[] rowThrottles,
            double[] columnTotals,
            long[] columnThrottles,
            boolean[] missing,
            boolean[] partlyMissing) {
        this.source = source;
        this.keys = List.copyOf(keys);
        this.rows = List.copyOf(rows);
        this.columnBuckets = columnBuckets;
        this.columns = columnTotals.length;
        this.rates = rates;
        this.throttleCells = throttleCells;
        this.throttleCounts = throttleCounts;
        this.rowTotals = rowTotals;
        this.rowThrottles = rowThrottles;
        this.columnTotals = columnTotals;
        this.columnThrottles = columnThrottles;
        this.missing = missing;
        this.partlyMissing = partlyMissing;
        throttled = new BitSet(rates.length);
        for (long cell : throttleCells) {
            throttled.set((int) cell);
        }
        float max = 0;
        for (float rate : rates) {
            max = Math.max(max, rate);
        }
        maxRate = max;
        boolean gap = false;
        for (boolean m : missing) {
            gap |= m;
        }
        anyMissing = gap;
        ceilingKeys = null;
    }

    private HeatGrid(HeatGrid g, int[] ceilingKeys) {
        this.source = g.source;
        this.keys = g.keys;
        this.rows = g.rows;
        this.columnBuckets = g.columnBuckets;
        this.columns = g.columns;
        this.rates = g.rates;
        this.throttled = g.throttled;
        this.throttleCells = g.throttleCells;
        this.throttleCounts = g.throttleCounts;
        this.rowTotals = g.rowTotals;
        this.rowThrottles = g.rowThrottles;
        this.columnTotals = g.columnTotals;
        this.columnThrottles = g.columnThrottles;
        this.missing = g.missing;
        this.partlyMissing = g.partlyMissing;
        this.maxRate = g.maxRate;
        this.anyMissing = g.anyMissing;
        this.ceilingKeys = ceilingKeys;
    }

    /**
     * The same grid with each row measured against {@code perRow[row]} keys' partition ceilings: a row of N folded
     * shards sums N keys, each with its own ceiling, so its share of "the ceiling" is its value over N ceilings.
     */
    public HeatGrid withCeilingKeys(int[] perRow) {
        if (perRow.length != rows.size()) {
            throw new IllegalArgumentException(perRow.length + " ceiling counts for " + rows.size() + " rows");
        }
        for (int n : perRow) {
            if (n < 1) {
                throw new IllegalArgumentException("a row is measured against at least one key's ceiling, not " + n);
            }
        }
        return new HeatGrid(this, perRow.clone());
    }

    /** How many keys' partition ceilings row {@code row} is measured against: 1, or N for N folded shards. */
    public int ceilingKeys(int row) {
        return ceilingKeys == null ? 1 : ceilingKeys[row];
    }

    /** Whether some row is measured against more than one key's ceiling. */
    public boolean hasSharedCeilings() {
        return ceilingKeys != null;
    }

    public int rowCount() {
        return rows.size();
    }

    public int columnCount() {
        return columns;
    }

    public HeatRow row(int row) {
        return rows.get(row);
    }

    public List<HeatRow> rows() {
        return rows;
    }

    /** Every key of the matrix in display order; each row owns a contiguous slice. */
    public List<RowKey> keys() {
        return keys;
    }

    /** The keys behind a row, first to last. */
    public List<RowKey> members(int row) {
        HeatRow r = rows.get(row);
        return keys.subList(r.fromKey(), r.toKey());
    }

    public KeyTimeMatrix source() {
        return source;
    }

    public MatrixUnit unit() {
        return source.unit();
    }

    public Provenance provenance() {
        return source.provenance();
    }

    public Set<Quality> qualities() {
        return source.qualities();
    }

    /** The start of a column; {@code columnStart(columnCount())} is the end of the grid. */
    public Instant columnStart(int column) {
        Objects.checkIndex(column, columns + 1);
        return source.columnStart(Math.min(source.columns(), column * columnBuckets));
    }

    /** The width of every column but possibly the last, which may be cut short by the end of the matrix. */
    public int columnSeconds() {
        return columnBuckets * source.bucketSeconds();
    }

    /** The width of this column in seconds. */
    public int columnSeconds(int column) {
        Objects.checkIndex(column, columns);
        return sourceColumns(column) * source.bucketSeconds();
    }

    /** How many matrix buckets one grid column merges. */
    public int bucketsPerColumn() {
        return columnBuckets;
    }

    int sourceColumns(int column) {
        return Math.min(source.columns(), (column + 1) * columnBuckets) - column * columnBuckets;
    }

    /**
     * The cell as a rate: for per-minute units (throughput units, throttle events) the sum of the row's members over
     * the column's loaded minutes; for units that are already rates (RCU/s, WCU/s) their mean over the column's
     * loaded buckets. 0 for a missing column.
     */
    public double perMinute(int row, int column) {
        return rates[cell(row, column)];
    }

    public long throttles(int row, int column) {
        int at = Arrays.binarySearch(throttleCells, cell(row, column));
        return at < 0 ? 0 : throttleCounts[at];
    }

    public boolean throttled(int row, int column) {
        return throttled.get(cell(row, column));
    }

    private int cell(int row, int column) {
        Objects.checkIndex(row, rows.size());
        Objects.checkIndex(column, columns);
        return row * columns + column;
    }

    /** The largest cell rate, e.g. to calibrate a colour scale; 0 for an empty grid. */
    public double maxPerMinute() {
        return maxRate;
    }

    /** Every cell rate, row-major ({@code row * columnCount() + column}), read-only and without copying. */
    public FloatBuffer rates() {
        return FloatBuffer.wrap(rates).asReadOnlyBuffer();
    }

    /** The cells with throttles, in the layout of {@link #rates()}; a copy. */
    public BitSet throttledCells() {
        return (BitSet) throttled.clone();
    }

    /** The row's traffic in the matrix's unit (a sum, not a rate), so row totals add up to {@link #total()}. */
    public double rowTotal(int row) {
        return rowTotals[row];
    }

    public long rowThrottles(int row) {
        return rowThrottles[row];
    }

    /** The column's traffic in the matrix's unit (a sum, not a rate), so column totals add up to {@link #total()}. */
    public double columnTotal(int column) {
        return columnTotals[column];
    }

    /**
     * The column's traffic as a rate in the matrix's unit, as its cells read: per minute for per-minute units (the
     * sum over the column's loaded minutes), else the mean of its loaded buckets' rates. 0 when nothing was loaded.
     * The traffic strip draws these, so its scale carries the legend's unit whatever a column spans.
     */
    public double columnRate(int column) {
        int from = column * columnBuckets;
        int to = from + sourceColumns(column);
        int loaded = 0;
        for (int b = from; b < to; b++) {
            loaded += source.isMissing(b) ? 0 : 1;
        }
        return loaded == 0 ? 0 : columnTotals[column] / GridFill.rateDivisor(source, loaded);
    }

    public long columnThrottles(int column) {
        return columnThrottles[column];
    }

    public double total() {
        return source.total();
    }

    /** True when none of the column's buckets loaded: draw a gap, not a cold column. */
    public boolean missing(int column) {
        return missing[column];
    }

    /** True when any column is {@link #missing}: its heat is unknown, and the legend says how that is drawn. */
    public boolean anyMissing() {
        return anyMissing;
    }

    /** True when some, but not all, of the column's buckets failed to load; its rates cover the loaded ones. */
    public boolean partlyMissing(int column) {
        return partlyMissing[column];
    }

    @Override
    public String toString() {
        return "HeatGrid[" + rows.size() + " rows of " + keys.size() + " keys × " + columns + " × " + columnSeconds()
                + " s, " + source + "]";
    }
}
