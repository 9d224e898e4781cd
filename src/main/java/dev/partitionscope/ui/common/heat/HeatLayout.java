package dev.partitionscope.ui.common.heat;

/**
 * Where the last frame put each part of the heatmap, in canvas pixels, and how pixels map to cells through the
 * viewport. Hover turns a mouse position into (row, column) by arithmetic on this record: O(1), no search, no redraw
 * of the heat image.
 *
 * @param labelLefts x of each label column; {@code labelWidths} their widths
 * @param totalsLeft x of the row-totals marginal, right of the plot
 * @param columnTotalsTop top of the column-totals bars; the throttle strip and the axis follow below
 * @param rows the grid's row count; {@code columns} its column count
 * @param view the window of the grid the plot shows
 */
public record HeatLayout(
        double[] labelLefts,
        double[] labelWidths,
        double left,
        double top,
        double right,
        double bottom,
        double totalsLeft,
        double totalsRight,
        double columnTotalsTop,
        double columnTotalsBottom,
        double throttleTop,
        double throttleBottom,
        double axisTop,
        double legendTop,
        int rows,
        int columns,
        HeatmapCanvas.Viewport view) {

    public double width() {
        return right - left;
    }

    public double height() {
        return bottom - top;
    }

    public double cellWidth() {
        return view.columns() > 0 ? width() / view.columns() : 0;
    }

    public double cellHeight() {
        return view.rows() > 0 ? height() / view.rows() : 0;
    }

    /** The left edge of a (fractional) column; outside [left, right] when the column is out of view. */
    public double x(double column) {
        return left + (column - view.column()) * cellWidth();
    }

    /** The top edge of a (fractional) row; outside [top, bottom] when the row is out of view. */
    public double y(double row) {
        return top + (row - view.row()) * cellHeight();
    }

    /** The fractional column at x, whether or not x is over the plot. */
    public double column(double x) {
        return view.column() + (x - left) / width() * view.columns();
    }

    /** The fractional row at y, whether or not y is over the plot. */
    public double row(double y) {
        return view.row() + (y - top) / height() * view.rows();
    }

    /** The column under x, or -1 outside the plot. Also used for the strips below it, which share its x. */
    public int columnAt(double x) {
        if (columns == 0 || x < left || x >= right) {
            return -1;
        }
        return Math.max(firstColumn(), Math.min(endColumn() - 1, (int) Math.floor(column(x))));
    }

    /** The row under y, or -1 outside the plot. Also used for the label bars and row totals, which share its y. */
    public int rowAt(double y) {
        if (rows == 0 || y < top || y >= bottom) {
            return -1;
        }
        return Math.max(firstRow(), Math.min(endRow() - 1, (int) Math.floor(row(y))));
    }

    /** The first row at least partly in view. */
    public int firstRow() {
        return (int) Math.floor(view.row());
    }

    /** One past the last row at least partly in view. */
    public int endRow() {
        return Math.min(rows, (int) Math.ceil(view.row() + view.rows()));
    }

    /** The first column at least partly in view. */
    public int firstColumn() {
        return (int) Math.floor(view.column());
    }

    /** One past the last column at least partly in view. */
    public int endColumn() {
        return Math.min(columns, (int) Math.ceil(view.column() + view.columns()));
    }

    /** This layout showing another window of the grid: zoom and pan move no part of the frame. */
    public HeatLayout withView(HeatmapCanvas.Viewport newView) {
        return new HeatLayout(
                labelLefts,
                labelWidths,
                left,
                top,
                right,
                bottom,
                totalsLeft,
                totalsRight,
                columnTotalsTop,
                columnTotalsBottom,
                throttleTop,
                throttleBottom,
                axisTop,
                legendTop,
                rows,
                columns,
                newView);
    }
}
