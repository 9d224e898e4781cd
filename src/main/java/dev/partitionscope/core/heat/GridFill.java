package dev.partitionscope.core.heat;

import java.util.Arrays;
import java.util.List;

/** Sums the matrix's cells into the grid's rows and columns and turns the sums into rates. */
final class GridFill {

    private GridFill() {}

    static HeatGrid fill(KeyTimeMatrix m, int[] display, List<RowKey> keys, List<HeatRow> rows, int targetColumns) {
        int sourceColumns = m.columns();
        int perColumn = targetColumns == RowBucketing.ALL_COLUMNS || targetColumns >= sourceColumns
                ? 1
                : (sourceColumns + targetColumns - 1) / targetColumns;
        int columns = (sourceColumns + perColumn - 1) / perColumn;

        int[] gridRow = new int[m.rowCount()]; // by matrix row
        double[] rowTotals = new double[rows.size()];
        long[] rowThrottles = new long[rows.size()];
        for (int g = 0; g < rows.size(); g++) {
            HeatRow row = rows.get(g);
            for (int p = row.fromKey(); p < row.toKey(); p++) {
                gridRow[display[p]] = g;
                rowTotals[g] += m.rowTotal(display[p]);
                rowThrottles[g] += m.rowThrottles(display[p]);
            }
        }
        double[] columnTotals = new double[columns];
        long[] columnThrottles = new long[columns];
        int[] missingBuckets = new int[columns];
        for (int c = 0; c < sourceColumns; c++) {
            columnTotals[c / perColumn] += m.columnTotal(c);
            columnThrottles[c / perColumn] += m.columnThrottles(c);
            missingBuckets[c / perColumn] += m.isMissing(c) ? 1 : 0;
        }

        Sums sums = new Sums(rows.size(), columns, perColumn);
        for (int r = 0; r < m.rowCount(); r++) {
            sums.base = gridRow[r] * columns;
            m.forEachCell(r, sums);
        }

        boolean[] missing = new boolean[columns];
        boolean[] partlyMissing = new boolean[columns];
        float[] scale = new float[columns];
        for (int c = 0; c < columns; c++) {
            int width = Math.min(sourceColumns, (c + 1) * perColumn) - c * perColumn;
            int loaded = width - missingBuckets[c];
            missing[c] = loaded == 0;
            partlyMissing[c] = loaded > 0 && loaded < width;
            scale[c] = loaded == 0 ? 0 : (float) (1 / rateDivisor(m, loaded));
        }
        float[] rates = sums.values;
        for (int base = 0; base < rates.length; base += columns) {
            for (int c = 0; c < columns; c++) {
                rates[base + c] *= scale[c];
            }
        }
        long[][] throttles = sums.throttleCells();
        return new HeatGrid(
                m,
                keys,
                rows,
                perColumn,
                rates,
                throttles[0],
                throttles[1],
                rowTotals,
                rowThrottles,
                columnTotals,
                columnThrottles,
                missing,
                partlyMissing);
    }

    /**
     * What a column's sum over {@code loaded} buckets is divided by to read as the matrix's unit: per-minute units sum
     * a bucket, so by minutes; rate units (RCU/s) are averaged over buckets.
     */
    static double rateDivisor(KeyTimeMatrix m, int loaded) {
        return m.unit().perMinute() ? loaded * (double) m.bucketSeconds() / 60 : loaded;
    }

    /** Receives one matrix row's cells at a time; lives only inside one {@link #fill} call. */
    private static final class Sums implements KeyTimeMatrix.CellVisitor {
        final float[] values;
        final int perColumn;
        int base;
        long[] throttleCell = new long[16];
        long[] throttleCount = new long[16];
        int throttleSize;

        Sums(int rows, int columns, int perColumn) {
            values = new float[Math.multiplyExact(rows, columns)];
            this.perColumn = perColumn;
        }

        @Override
        public void cell(int column, double value, long throttles) {
            int at = base + column / perColumn;
            values[at] += (float) value;
            if (throttles > 0) {
                if (throttleSize == throttleCell.length) {
                    throttleCell = Arrays.copyOf(throttleCell, throttleSize * 2);
                    throttleCount = Arrays.copyOf(throttleCount, throttleSize * 2);
                }
                throttleCell[throttleSize] = at;
                throttleCount[throttleSize++] = throttles;
            }
        }

        /** {sorted distinct cell positions, their summed counts}. */
        long[][] throttleCells() {
            long[] order = new long[throttleSize]; // (cell, position) packed: a primitive sort, no boxing
            for (int i = 0; i < throttleSize; i++) {
                order[i] = throttleCell[i] << 32 | i;
            }
            Arrays.sort(order);
            long[] cells = new long[throttleSize];
            long[] counts = new long[throttleSize];
            int out = 0;
            for (long packed : order) {
                long cell = packed >>> 32;
                long count = throttleCount[(int) packed];
                if (out > 0 && cells[out - 1] == cell) {
                    counts[out - 1] += count;
                } else {
                    cells[out] = cell;
                    counts[out++] = count;
                }
            }
            return new long[][] {Arrays.copyOf(cells, out), Arrays.copyOf(counts, out)};
        }
    }
}
