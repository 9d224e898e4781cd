package dev.partitionscope.ui.heatmap;

import dev.partitionscope.core.heat.HeatGrid;
import dev.partitionscope.core.heat.LabelRun;
import java.util.BitSet;
import java.util.List;

/**
 * What one grid contributes to every frame, derived once when the grid is set: label bars, marginal totals as plain
 * arrays, the throttled cells. Resizing, hovering or a theme switch reuse it.
 */
record HeatFrame(HeatGrid grid, List<List<LabelRun>> labelRuns, double[] rowTotals, double[] rowThrottles,
                 double[] columnTotals, double[] columnThrottles, BitSet throttled) {

    static final HeatFrame EMPTY = new HeatFrame(null, List.of(), new double[0], new double[0], new double[0],
            new double[0], new BitSet());

    static HeatFrame of(HeatGrid grid) {
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
            columnTotals[c] = grid.columnTotal(c);
            columnThrottles[c] = grid.columnThrottles(c);
        }
        return new HeatFrame(grid, RowLabels.of(grid), rowTotals, rowThrottles, columnTotals, columnThrottles,
                grid.throttledCells());
    }

    int rows() {
        return grid == null ? 0 : grid.rowCount();
    }

    int columns() {
        return grid == null ? 0 : grid.columnCount();
    }
}
