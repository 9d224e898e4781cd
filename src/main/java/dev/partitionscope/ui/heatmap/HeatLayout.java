package dev.partitionscope.ui.heatmap;

/**
 * Where the last frame put each part of the heatmap, in canvas pixels, and how pixels map to cells. Hover turns a
 * mouse position into (row, column) by arithmetic on this record: O(1), no search, no redraw of the heat image.
 *
 * @param labelLefts x of each label column; {@code labelWidths} their widths
 * @param totalsLeft x of the row-totals marginal, right of the plot
 * @param columnTotalsTop top of the column-totals bars; the throttle strip and the axis follow below
 */
record HeatLayout(double[] labelLefts, double[] labelWidths, double left, double top, double right, double bottom,
                  double totalsLeft, double totalsRight, double columnTotalsTop, double columnTotalsBottom,
                  double throttleTop, double throttleBottom, double axisTop, double legendTop, int rows,
                  int columns) {

    double width() {
        return right - left;
    }

    double height() {
        return bottom - top;
    }

    double cellWidth() {
        return columns == 0 ? 0 : width() / columns;
    }

    double cellHeight() {
        return rows == 0 ? 0 : height() / rows;
    }

    /** The left edge of a (fractional) column. */
    double x(double column) {
        return left + width() * column / Math.max(1, columns);
    }

    /** The top edge of a (fractional) row. */
    double y(double row) {
        return top + height() * row / Math.max(1, rows);
    }

    /** The column under x, or -1 outside the plot. Also used for the strips below it, which share its x. */
    int columnAt(double x) {
        if (columns == 0 || x < left || x >= right) {
            return -1;
        }
        return (int) Math.min(columns - 1, Math.floor((x - left) / width() * columns));
    }

    /** The row under y, or -1 outside the plot. */
    int rowAt(double y) {
        if (rows == 0 || y < top || y >= bottom) {
            return -1;
        }
        return (int) Math.min(rows - 1, Math.floor((y - top) / height() * rows));
    }

    boolean insidePlot(double x, double y) {
        return columnAt(x) >= 0 && rowAt(y) >= 0;
    }
}
