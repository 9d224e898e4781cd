package dev.partitionscope.ui.common.heat;

import dev.partitionscope.core.heat.HeatGrid;
import dev.partitionscope.core.heat.LabelRun;
import java.util.BitSet;
import java.util.List;

/**
 * What one grid contributes to every frame, derived once when the grid is set: label bars, marginal totals as plain
 * arrays, the throttled cells, and optionally the throttles per column split by cause. Resizing, zooming, hovering or
 * a theme switch reuse it.
 *
 * @param columnTotals each column's traffic as a rate in the grid's unit ({@link
 *     dev.partitionscope.core.heat.HeatGrid#columnRate}), as the cells and the legend read
 * @param causes the throttle strip's split by cause, or null to draw {@code columnThrottles} in one colour
 */
public record HeatFrame(
        HeatGrid grid,
        List<List<LabelRun>> labelRuns,
        double[] rowTotals,
        double[] rowThrottles,
        double[] columnTotals,
        double[] columnThrottles,
        BitSet throttled,
        ThrottleCauses causes) {

    static final HeatFrame EMPTY = new HeatFrame(
            null, List.of(), new double[0], new double[0], new double[0], new double[0], new BitSet(), null);

    /** Throttles per column by cause: the key range's own (hot partition) and everything else; {@code total} sums. */
    public record ThrottleCauses(double[] keyRange, double[] other, double[] total) {
        static ThrottleCauses of(double[] keyRange, double[] other) {
            double[] total = new double[keyRange.length];
            for (int c = 0; c < total.length; c++) {
                total[c] = keyRange[c] + other[c];
            }
            return new ThrottleCauses(keyRange.clone(), other.clone(), total);
        }
    }

    public static HeatFrame of(HeatGrid grid) {
        return of(grid, null);
    }

    /**
     * The frame of {@code grid}.
     *
     * @param separator the key separator of the label columns; null detects it from the keys
     */
    public static HeatFrame of(HeatGrid grid, Character separator) {
        if (grid == null) {
            return EMPTY;
        }
        int rows = grid.rowCount();
        int columns = grid.columnCount();
        double[] rowTotals = new double[rows];
        double[] rowThrottles = new double[rows];
        for (int r = 0; r < rows; r++) {
            rowTotals[r] = grid.rowTotal(r);
            rowThrottles[r] = grid.rowThrottles(r);
        }
        double[] columnTotals = new double[columns];
        double[] columnThrottles = new double[columns];
        for (int c = 0; c < columns; c++) {
            columnTotals[c] = grid.columnRate(c); // a rate in the grid's unit, as the cells and the legend
            columnThrottles[c] = grid.columnThrottles(c);
        }
        return new HeatFrame(
                grid,
                RowLabels.of(grid, separator),
                rowTotals,
                rowThrottles,
                columnTotals,
                columnThrottles,
                grid.throttledCells(),
                null);
    }

    /** This frame with the throttle strip split by cause ({@code causes} null: not split). */
    public HeatFrame withCauses(ThrottleCauses newCauses) {
        return new HeatFrame(
                grid, labelRuns, rowTotals, rowThrottles, columnTotals, columnThrottles, throttled, newCauses);
    }

    public int rows() {
        return grid == null ? 0 : grid.rowCount();
    }

    public int columns() {
        return grid == null ? 0 : grid.columnCount();
    }
}
