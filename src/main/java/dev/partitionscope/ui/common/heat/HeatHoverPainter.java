package dev.partitionscope.ui.common.heat;

import dev.partitionscope.core.heat.HeatGrid;
import dev.partitionscope.core.heat.HeatScale;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.geometry.VPos;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.text.TextAlignment;

/**
 * Draws the overlay canvas: the selection rectangle, the pinned cell's marker, and the hover: an outline around the
 * cell under the mouse (at least a few pixels wide, so a sub-pixel cell still shows where it is), markers on the
 * label bars and marginal strips for its row and column, and a box with what the cell holds (or, over the throttle
 * strip, what the column's throttles were). Only this layer is redrawn when the mouse moves, drags or selects.
 */
public final class HeatHoverPainter {
    private static final double PAD = 8;
    private static final double MIN_BOX = 7;

    private HeatHoverPainter() {}

    public static void paint(
            GraphicsContext g,
            double w,
            double h,
            HeatLayout a,
            HeatFrame f,
            int row,
            int column,
            double mouseX,
            double mouseY,
            HeatScale scale,
            ZoneId zone,
            HeatmapPainter text,
            HeatColors c) {
        double x0 = a.x(column);
        double x1 = a.x(column + 1);
        double y0 = a.y(row);
        double y1 = a.y(row + 1);
        double cx = (x0 + x1) / 2;
        double cy = (y0 + y1) / 2;
        double bw = Math.max(MIN_BOX, x1 - x0);
        double bh = Math.max(MIN_BOX, y1 - y0);
        double bx = Math.round(cx - bw / 2) + 0.5;
        double by = Math.round(cy - bh / 2) + 0.5;

        // Two strokes, dark and light, so the outline shows on the palest and the darkest heat.
        g.setLineDashes((double[]) null);
        g.setLineWidth(3);
        g.setStroke(c.hoverBackground());
        g.strokeRect(bx, by, bw, bh);
        g.setLineWidth(1);
        g.setStroke(c.crosshair());
        g.strokeRect(bx, by, bw, bh);

        // Row and column markers outside the heat, so the crosshair never hides neighbouring cells.
        g.setFill(c.crosshair());
        double ry = Math.round(cy);
        g.fillRect(a.left() - 5, ry - 1, 4, 2);
        g.fillRect(a.totalsLeft(), ry - 1, a.totalsRight() - a.totalsLeft(), 2);
        double rx = Math.round(cx);
        g.fillRect(rx - 1, a.columnTotalsTop(), 2, a.throttleBottom() - a.columnTotalsTop());

        List<String> lines = lines(f.grid(), row, column, scale, zone);
        box(g, w, h, lines, mouseX, mouseY, text, c);
    }

    /** Hover over the throttle strip: a marker on the column and a box with its throttles (by cause when split). */
    public static void paintStrip(
            GraphicsContext g,
            double w,
            double h,
            HeatLayout a,
            HeatFrame f,
            int column,
            double mouseX,
            double mouseY,
            ZoneId zone,
            HeatmapPainter text,
            HeatColors c) {
        double x0 = Math.max(a.left(), a.x(column));
        double x1 = Math.min(a.right(), a.x(column + 1));
        g.setFill(c.crosshair());
        g.fillRect(
                (double) (Math.round((x0 + x1) / 2) - 1),
                a.columnTotalsTop(),
                2,
                a.throttleBottom() - a.columnTotalsTop());
        box(g, w, h, stripLines(f, column, zone), mouseX, mouseY, text, c);
    }

    /** The strip box's text: the column's span, then its throttles, by cause when the strip is split. */
    public static List<String> stripLines(HeatFrame f, int column, ZoneId zone) {
        HeatGrid grid = f.grid();
        boolean withDate = HeatTimeAxis.crossesDays(grid.columnStart(0), grid.columnStart(grid.columnCount()), zone);
        String span = HeatTimeAxis.span(grid.columnStart(column), grid.columnStart(column + 1), zone, withDate);
        HeatFrame.ThrottleCauses causes = f.causes();
        if (causes == null) {
            return List.of(span, requests(f.columnThrottles()[column]));
        }
        return List.of(
                span,
                HeatmapPainter.KEY_RANGE + ": " + requests(causes.keyRange()[column]),
                HeatmapPainter.OTHER_CAUSES + ": " + requests(causes.other()[column]));
    }

    private static String requests(double n) {
        return PreciseNumber.format(n) + " throttled requests";
    }

    /** The pinned cell: a thick outline in the pin colour on a halo, distinct from the thin hover outline. */
    public static void paintPin(GraphicsContext g, HeatLayout a, int row, int column, HeatColors c) {
        double bw = Math.max(MIN_BOX + 2, a.x(column + 1) - a.x(column));
        double bh = Math.max(MIN_BOX + 2, a.y(row + 1) - a.y(row));
        double bx = Math.round((a.x(column) + a.x(column + 1)) / 2 - bw / 2) + 0.5;
        double by = Math.round((a.y(row) + a.y(row + 1)) / 2 - bh / 2) + 0.5;
        g.save();
        HeatmapPainter.clip(g, a.left(), a.top(), a.width(), a.height());
        g.setLineDashes((double[]) null);
        g.setLineWidth(4);
        g.setStroke(c.hoverBackground());
        g.strokeRect(bx, by, bw, bh);
        g.setLineWidth(2);
        g.setStroke(c.pin());
        g.strokeRect(bx, by, bw, bh);
        g.restore();
    }

    /** A selection of whole cells (inclusive bounds): a faint fill and a dashed outline, clipped to the plot. */
    public static void paintSelection(
            GraphicsContext g, HeatLayout a, int firstRow, int lastRow, int firstColumn, int lastColumn, HeatColors c) {
        double x0 = Math.round(a.x(firstColumn));
        double x1 = Math.round(a.x(lastColumn + 1));
        double y0 = Math.round(a.y(firstRow));
        double y1 = Math.round(a.y(lastRow + 1));
        g.save();
        HeatmapPainter.clip(g, a.left(), a.top(), a.width(), a.height());
        g.setGlobalAlpha(0.18);
        g.setFill(c.selection());
        g.fillRect(x0, y0, x1 - x0, y1 - y0);
        g.setGlobalAlpha(1);
        g.setLineWidth(3);
        g.setStroke(c.hoverBackground());
        g.strokeRect(x0 + 0.5, y0 + 0.5, x1 - x0 - 1, y1 - y0 - 1);
        g.setLineWidth(1);
        g.setLineDashes(4, 3);
        g.setStroke(c.selection());
        g.strokeRect(x0 + 0.5, y0 + 0.5, x1 - x0 - 1, y1 - y0 - 1);
        g.restore();
    }

    /** The box's text: the row first (bold), then the rest; the fields of {@link CellDetails}, compacted. */
    public static List<String> lines(HeatGrid grid, int row, int column, HeatScale scale, ZoneId zone) {
        List<String> out = new ArrayList<>(8);
        for (CellDetails.Field f :
                CellDetails.of(grid, row, column, scale, zone).fields()) {
            switch (f.name()) {
                case CellDetails.FROM, CellDetails.TO -> out.add(f.name().toLowerCase(Locale.ROOT) + " " + f.value());
                case CellDetails.CEILING ->
                    out.set(
                            out.size() - 1,
                            out.get(out.size() - 1) + " · "
                                    + f.value()
                                            .replace(CellDetails.OF_SHARD_CEILINGS, " of its shards' ceilings")
                                            .replace(CellDetails.OF_CEILING, " of ceiling"));
                default -> out.add(f.value());
            }
        }
        return out;
    }

    private static void box(
            GraphicsContext g,
            double w,
            double h,
            List<String> lines,
            double mx,
            double my,
            HeatmapPainter text,
            HeatColors c) {
        double line = text.lineHeight(c.font()) + 3;
        double textW = text.width(lines.get(0), c.boldFont());
        for (int i = 1; i < lines.size(); i++) {
            textW = Math.max(textW, text.width(lines.get(i), c.font()));
        }
        double boxW = Math.ceil(textW + 2 * PAD);
        double boxH = Math.ceil(line * lines.size() + 2 * PAD);
        double x = mx + 16;
        if (x + boxW > w) {
            x = mx - 16 - boxW;
        }
        double y = my + 16;
        if (y + boxH > h) {
            y = my - 16 - boxH;
        }
        x = Math.round(Math.max(0, x));
        y = Math.round(Math.max(0, y));
        g.setFill(c.hoverBackground());
        g.fillRoundRect(x, y, boxW, boxH, 8, 8);
        g.setStroke(c.hoverBorder());
        g.setLineWidth(1);
        g.strokeRoundRect(x + 0.5, y + 0.5, boxW - 1, boxH - 1, 8, 8);
        g.setTextBaseline(VPos.CENTER);
        g.setTextAlign(TextAlignment.LEFT);
        g.setFill(c.hoverText());
        double ty = y + PAD + line / 2;
        for (int i = 0; i < lines.size(); i++) {
            g.setFont(i == 0 ? c.boldFont() : c.font());
            g.fillText(lines.get(i), x + PAD, ty);
            ty += line;
        }
    }

    /** Full numbers in the box (the strips abbreviate): "123,456", "12.5", "0.25". */
    public static final class PreciseNumber {
        private PreciseNumber() {}

        static String format(double v) {
            if (v >= 100 || v == Math.rint(v)) {
                return String.format(Locale.ROOT, "%,d", Math.round(v));
            }
            return String.format(Locale.ROOT, v >= 1 ? "%,.1f" : "%,.2f", v);
        }
    }
}
