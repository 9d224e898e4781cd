package dev.partitionscope.core.heat;

import java.util.Arrays;
import java.util.List;

/**
 * The non-empty cells of a {@link KeyTimeMatrix} as compressed sparse rows: row r owns cells
 * [rowStart[r], rowStart[r + 1]), columns ascending. About 6 bytes a cell:
 * <ul>
 *   <li>values are {@code float}s: whole numbers are exact up to 16,777,216, and a key's per-minute ceiling is
 *       180,000 units; fractions keep about seven significant digits, finer than CloudWatch's own figures;</li>
 *   <li>columns are {@code char}s when the matrix has at most 65,536 of them (a day of minutes has 1,440), else
 *       {@code int}s;</li>
 *   <li>throttles are rare, so only cells that throttled are kept: ascending cell positions with their counts.</li>
 * </ul>
 * Nothing is stored per row but where it starts: with about seven cells a key, per-row summaries would cost as much
 * as the cells, so {@link #rowTotal}, {@link #peakCell} and {@link #rowThrottles} scan the row, which over all rows
 * is one pass over the cells.
 */
final class SparseCells {
    private final int[] rowStart;
    private final char[] narrowColumns; // when columns fit in a char, else null
    private final int[] wideColumns; // otherwise
    private final float[] values;
    private final int[] throttledCells;
    private final long[] throttleCounts;

    /** Takes the rows' compacted buffers in row order. */
    SparseCells(List<CellBuffer> rows, int columns) {
        long cells = 0;
        int throttled = 0;
        for (CellBuffer row : rows) {
            cells += row.size();
            for (int c = 0; c < row.size(); c++) {
                throttled += row.throttle(c) != 0 ? 1 : 0;
            }
        }
        if (cells > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("Too many non-empty cells for one matrix: " + cells);
        }
        boolean narrow = columns <= Character.MAX_VALUE + 1;
        narrowColumns = narrow ? new char[(int) cells] : null;
        wideColumns = narrow ? null : new int[(int) cells];
        values = new float[(int) cells];
        throttledCells = new int[throttled];
        throttleCounts = new long[throttled];
        rowStart = new int[rows.size() + 1];
        int at = 0;
        int t = 0;
        for (int r = 0; r < rows.size(); r++) {
            CellBuffer row = rows.get(r);
            rowStart[r] = at;
            for (int c = 0; c < row.size(); c++, at++) {
                if (narrow) {
                    narrowColumns[at] = (char) row.column(c);
                } else {
                    wideColumns[at] = row.column(c);
                }
                values[at] = (float) row.value(c);
                if (row.throttle(c) != 0) {
                    throttledCells[t] = at;
                    throttleCounts[t++] = row.throttle(c);
                }
            }
        }
        rowStart[rows.size()] = at;
    }

    int size() {
        return values.length;
    }

    /** The cell holding the row's column, or -1. */
    int find(int row, int column) {
        int at = narrowColumns != null
                ? Arrays.binarySearch(narrowColumns, rowStart[row], rowStart[row + 1], (char) column)
                : Arrays.binarySearch(wideColumns, rowStart[row], rowStart[row + 1], column);
        return at < 0 ? -1 : at;
    }

    float value(int cell) {
        return values[cell];
    }

    int column(int cell) {
        return narrowColumns != null ? narrowColumns[cell] : wideColumns[cell];
    }

    long throttles(int cell) {
        int t = Arrays.binarySearch(throttledCells, cell);
        return t < 0 ? 0 : throttleCounts[t];
    }

    /** The sum of the row's cells in column order, so always the same double. */
    double rowTotal(int row) {
        double sum = 0;
        for (int at = rowStart[row]; at < rowStart[row + 1]; at++) {
            sum += values[at];
        }
        return sum;
    }

    long rowThrottles(int row) {
        long sum = 0;
        for (int t = firstThrottleFrom(rowStart[row]);
                t < throttledCells.length && throttledCells[t] < rowStart[row + 1];
                t++) {
            sum += throttleCounts[t];
        }
        return sum;
    }

    /** The first cell holding the row's largest value, or -1 when the row has no traffic. */
    int peakCell(int row) {
        int peakAt = -1;
        float peak = 0;
        for (int at = rowStart[row]; at < rowStart[row + 1]; at++) {
            if (values[at] > peak) {
                peak = values[at];
                peakAt = at;
            }
        }
        return peakAt;
    }

    void forEachCell(int row, KeyTimeMatrix.CellVisitor visitor) {
        int end = rowStart[row + 1];
        // Throttled cells are ascending, so the row's ones are found once and then walked alongside.
        int t = firstThrottleFrom(rowStart[row]);
        for (int at = rowStart[row]; at < end; at++) {
            long throttles = 0;
            if (t < throttledCells.length && throttledCells[t] == at) {
                throttles = throttleCounts[t++];
            }
            visitor.cell(column(at), values[at], throttles);
        }
    }

    /** The position in {@link #throttledCells} of the first throttled cell at or after {@code cell}. */
    private int firstThrottleFrom(int cell) {
        int t = Arrays.binarySearch(throttledCells, cell);
        return t < 0 ? -t - 1 : t;
    }
}
