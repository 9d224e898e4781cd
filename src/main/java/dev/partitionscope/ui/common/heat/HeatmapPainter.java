package dev.partitionscope.ui.common.heat;

import dev.partitionscope.core.heat.HeatGrid;
import dev.partitionscope.core.heat.LabelRun;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.geometry.VPos;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.image.Image;
import javafx.scene.paint.Paint;
import javafx.scene.text.Font;
import javafx.scene.text.Text;
import javafx.scene.text.TextAlignment;

/**
 * Draws the heatmap's base layer for the layout's viewport: label bars, the visible part of the heat image scaled
 * with smoothing off, throttle marks, marginals, the time axis; only what is in view is drawn. The legend is
 * {@link LegendPainter}'s; hover, pin and selection are {@link HeatHoverPainter}'s on their own canvas. Runs only
 * when something changed, at most once per pulse.
 */
public final class HeatmapPainter {
    private static final double LABEL_GAP = 6;
    private static final double MIN_LABEL_W = 36;
    private static final double MAX_LABEL_W = 140;
    private static final double TOTALS_W = 64;
    private static final double COLUMN_TOTALS_H = 34;
    private static final double THROTTLE_H = 18;
    private static final double STRIP_GAP = 4;
    /** The throttle strip's names for its two causes (also the hover box's). */
    static final String KEY_RANGE = "KeyRange";

    static final String OTHER_CAUSES = "other causes";
    private static final double CAUSE_SWATCH = 8;
    private static final double CAUSE_GAP = 10;
    /** Rows lower than this get no throttle marks (the row-totals tick and the strip still show throttles). */
    private static final double MIN_BANDED_ROW = 6;
    /** Cells at least this big in both directions get a corner mark when they throttled. */
    private static final double MARKED_CELL = 4;

    private final Text measure = new Text();
    private List<List<LabelRun>> measuredRuns;
    private Font measuredFont;
    private double[] measuredWidths;

    public double width(String s, Font font) {
        measure.setFont(font);
        measure.setText(s);
        return measure.getLayoutBounds().getWidth();
    }

    public double lineHeight(Font font) {
        measure.setFont(font);
        measure.setText("Ag");
        return Math.ceil(measure.getLayoutBounds().getHeight());
    }

    /**
     * The widest text of each label column, measured once per grid and font: every run counts, thin ones too, since
     * {@link #thinLabels} may name any of them, and a clipped "1014" for "10148 … 10185" would read as a number.
     */
    private double[] widestLabels(List<List<LabelRun>> runs, Font font) {
        if (runs == measuredRuns && font.equals(measuredFont)) {
            return measuredWidths;
        }
        double[] widest = new double[runs.size()];
        for (int i = 0; i < runs.size(); i++) {
            for (LabelRun run : runs.get(i)) {
                if (!run.text().isEmpty()) {
                    widest[i] = Math.max(widest[i], width(run.text(), font));
                }
            }
        }
        measuredRuns = runs;
        measuredFont = font;
        measuredWidths = widest;
        return widest;
    }

    public HeatLayout layout(double w, double h, HeatFrame f, HeatmapCanvas.Viewport view, HeatColors c) {
        double line = lineHeight(c.font());
        double legendH = LegendPainter.height(line);
        double axisH = line + 6;
        double bottomStack = STRIP_GAP + COLUMN_TOTALS_H + STRIP_GAP + THROTTLE_H + axisH + 6 + legendH;
        double top = 0;
        double bottom = Math.max(top + 1, Math.floor(h - bottomStack));
        List<List<LabelRun>> runs = f.labelRuns();
        double[] lefts = new double[runs.size()];
        double[] widths = new double[runs.size()];
        double x = 0;
        double throttleCaptionW = f.causes() == null ? width("throttles", c.font()) : causeKeyWidth(c);
        double captionW = Math.max(throttleCaptionW, width("traffic", c.font())) + 8;
        double[] widest = widestLabels(runs, c.labelFont());
        // The limits are for the normal ~12 px labels; presentation mode's larger ones get proportionally more room.
        double grow = Math.max(1, c.labelFont().getSize() / 12.5);
        for (int i = 0; i < runs.size(); i++) {
            lefts[i] = x;
            widths[i] = Math.min(MAX_LABEL_W * grow, Math.max(MIN_LABEL_W * grow, Math.ceil(widest[i] + 10)));
            x += widths[i] + 1;
        }
        double left = Math.max(x + LABEL_GAP, captionW);
        double right = Math.max(left + 1, Math.floor(w - TOTALS_W - LABEL_GAP));
        double columnTotalsTop = bottom + STRIP_GAP;
        double columnTotalsBottom = columnTotalsTop + COLUMN_TOTALS_H;
        double throttleTop = columnTotalsBottom + STRIP_GAP;
        double throttleBottom = throttleTop + THROTTLE_H;
        return new HeatLayout(
                lefts,
                widths,
                left,
                top,
                right,
                bottom,
                right + LABEL_GAP,
                w,
                columnTotalsTop,
                columnTotalsBottom,
                throttleTop,
                throttleBottom,
                throttleBottom,
                throttleBottom + axisH + 6,
                f.rows(),
                f.columns(),
                view);
    }

    public void paint(
            GraphicsContext g, double w, double h, HeatLayout a, HeatFrame f, Image image, ZoneId zone, HeatColors c) {
        g.clearRect(0, 0, w, h);
        g.setFill(c.plotBackground());
        g.fillRect(a.left(), a.top(), a.width(), a.height());
        g.save();
        clip(g, a.left(), a.top(), a.width(), a.height());
        heat(g, a, image);
        missing(g, a, f, c);
        throttleMarks(g, a, f, c);
        g.restore();
        g.setStroke(c.axis());
        g.setLineWidth(1);
        g.strokeRect(a.left() - 0.5, a.top() + 0.5, a.width() + 1, a.height() - 1);
        labels(g, a, f, c);
        marginals(g, a, f, c);
        axis(g, a, f, zone, c);
    }

    /** Clips to a rectangle; save the state before and restore it after. */
    public static void clip(GraphicsContext g, double x, double y, double w, double h) {
        g.beginPath();
        g.rect(x, y, w, h);
        g.clip();
    }

    /**
     * The visible cells of the image, one pixel per cell, scaled up into crisp blocks with smoothing off. The source
     * rectangle is widened to whole cells and drawn where those cells lie, overhanging the plot where the viewport
     * cuts a cell (the caller clips): a fractional source rectangle would let the renderer round cell edges its own
     * way, off the edges hover computes.
     */
    private static void heat(GraphicsContext g, HeatLayout a, Image image) {
        int c0 = a.firstColumn();
        int c1 = a.endColumn();
        int r0 = a.firstRow();
        int r1 = a.endRow();
        if (image == null || c1 <= c0 || r1 <= r0) {
            return;
        }
        g.setImageSmoothing(false);
        g.drawImage(image, c0, r0, c1 - c0, r1 - r0, a.x(c0), a.y(r0), a.x(c1) - a.x(c0), a.y(r1) - a.y(r0));
    }

    private static void missing(GraphicsContext g, HeatLayout a, HeatFrame f, HeatColors c) {
        HeatGrid grid = f.grid();
        if (grid == null) {
            return;
        }
        g.setFill(c.missing());
        // One rectangle per run of missing columns: the colour is translucent, and rectangles per column overlapped
        // by a pixel where a column edge fell between pixels, drawing seams twice as dark across a gap.
        int end = a.endColumn();
        for (int col = a.firstColumn(); col < end; col++) {
            if (!grid.missing(col)) {
                continue;
            }
            int run = col;
            while (run + 1 < end && grid.missing(run + 1)) {
                run++;
            }
            double x0 = Math.floor(a.x(col));
            double x1 = Math.max(x0 + 1, Math.ceil(a.x(run + 1)));
            g.fillRect(x0, a.top(), x1 - x0, a.height());
            col = run;
        }
    }

    /**
     * A small triangle in each throttled cell's top-right corner where cells are big enough to hold one; where they
     * are too narrow (a day of minutes), a band along the top of each throttled run of cells, so throttles stay
     * visible at every zoom.
     */
    private static void throttleMarks(GraphicsContext g, HeatLayout a, HeatFrame f, HeatColors c) {
        double cw = a.cellWidth();
        double ch = a.cellHeight();
        if (ch < MIN_BANDED_ROW || f.throttled().isEmpty()) {
            return;
        }
        if (cw < MARKED_CELL || ch < MARKED_CELL) {
            throttleBands(g, a, f, c);
            return;
        }
        double s = Math.min(10, Math.min(cw, ch) * 0.6);
        int columns = f.columns();
        double[] xs = new double[3]; // reused: a frame redrawn while panning may hold thousands of marks
        double[] ys = new double[3];
        for (int r = a.firstRow(); r < a.endRow(); r++) {
            int end = r * columns + a.endColumn();
            for (int i = f.throttled().nextSetBit(r * columns + a.firstColumn());
                    i >= 0 && i < end;
                    i = f.throttled().nextSetBit(i + 1)) {
                double x1 = a.x(i % columns + 1);
                double y0 = a.y(r);
                g.setFill(c.hoverBackground()); // a halo, so the mark shows on any heat colour
                corner(g, xs, ys, x1, y0, s + 1.5);
                g.setFill(c.throttle());
                corner(g, xs, ys, x1, y0, s);
            }
        }
    }

    /** Bands over runs of adjacent throttled cells, a few pixels high along the row's top edge, with a halo. */
    private static void throttleBands(GraphicsContext g, HeatLayout a, HeatFrame f, HeatColors c) {
        int columns = f.columns();
        double band = Math.max(2, Math.min(4, a.cellHeight() * 0.2));
        for (int r = a.firstRow(); r < a.endRow(); r++) {
            int base = r * columns;
            int end = base + a.endColumn();
            double y0 = Math.round(a.y(r));
            int i = f.throttled().nextSetBit(base + a.firstColumn());
            while (i >= 0 && i < end) {
                int runEnd = i;
                while (runEnd + 1 < end && f.throttled().get(runEnd + 1)) {
                    runEnd++;
                }
                double x0 = Math.floor(a.x(i - base));
                double x1 = Math.max(x0 + 1, Math.ceil(a.x(runEnd - base + 1)));
                g.setFill(c.hoverBackground());
                g.fillRect(x0, y0, x1 - x0, band + 1);
                g.setFill(c.throttle());
                g.fillRect(x0, y0, x1 - x0, band);
                i = f.throttled().nextSetBit(runEnd + 1);
            }
        }
    }

    /** Fills the right triangle of side s in the corner (x1, y0), using xs and ys as scratch. */
    private static void corner(GraphicsContext g, double[] xs, double[] ys, double x1, double y0, double s) {
        xs[0] = x1 - s;
        xs[1] = x1;
        xs[2] = x1;
        ys[0] = y0;
        ys[1] = y0;
        ys[2] = y0 + s;
        g.fillPolygon(xs, ys, 3);
    }

    private void labels(GraphicsContext g, HeatLayout a, HeatFrame f, HeatColors c) {
        double line = lineHeight(c.labelFont());
        g.setFont(c.labelFont());
        g.setTextBaseline(VPos.CENTER);
        g.setTextAlign(TextAlignment.LEFT);
        List<List<LabelRun>> columns = f.labelRuns();
        for (int i = 0; i < columns.size(); i++) {
            double x = a.labelLefts()[i];
            double lw = a.labelWidths()[i];
            List<LabelRun> runs = columns.get(i);
            List<double[]> taken = new ArrayList<>(); // [top, bottom] of text already placed in this column
            List<LabelRun> thin = new ArrayList<>();
            int n = 0;
            for (LabelRun run : runs) {
                Paint fill = n++ % 2 == 0 ? c.labelA() : c.labelB(); // counted over all runs: stable when panning
                if (run.toRowExclusive() <= a.firstRow() || run.fromRow() >= a.endRow()) {
                    continue;
                }
                double y0 = visibleY(a, run.fromRow());
                double y1 = visibleY(a, run.toRowExclusive());
                boolean gap = y1 - y0 >= 4;
                g.setFill(fill);
                g.fillRect(x, y0, lw, Math.max(1, y1 - y0 - (gap ? 1 : 0)));
                if (run.text().isEmpty()) {
                    continue;
                }
                if (y1 - y0 >= line - 2) {
                    double cy = (y0 + y1) / 2;
                    clippedText(g, run.text(), x, y0, lw, y1 - y0, cy, c);
                    taken.add(new double[] {cy - line / 2, cy + line / 2});
                } else {
                    thin.add(run);
                }
            }
            thinLabels(g, a, f, c, thin, taken, x, lw, line);
        }
        g.setFont(c.font());
        g.setFill(c.text());
        g.setTextAlign(TextAlignment.RIGHT);
        g.fillText("traffic", a.left() - LABEL_GAP, (a.columnTotalsTop() + a.columnTotalsBottom()) / 2);
        if (f.causes() == null) {
            g.fillText("throttles", a.left() - LABEL_GAP, (a.throttleTop() + a.throttleBottom()) / 2);
        } else {
            causeKey(g, a, c);
        }
    }

    /** The whole-pixel y of a row edge, held to the plot: a run cut by the viewport keeps its label in view. */
    private static double visibleY(HeatLayout a, int row) {
        return Math.round(Math.max(a.top(), Math.min(a.bottom(), a.y(row))));
    }

    /**
     * Names runs too thin for their text where there is room, busiest first (throttling runs before all others), on
     * a small plate over the neighbouring bars: a single white-hot key on a 5-pixel row is exactly the one to name.
     */
    private static void thinLabels(
            GraphicsContext g,
            HeatLayout a,
            HeatFrame f,
            HeatColors c,
            List<LabelRun> thin,
            List<double[]> taken,
            double x,
            double lw,
            double line) {
        if (thin.isEmpty()) {
            return;
        }
        double[] weight = new double[thin.size()];
        Integer[] order = new Integer[thin.size()];
        for (int k = 0; k < thin.size(); k++) {
            LabelRun run = thin.get(k);
            for (int r = run.fromRow(); r < run.toRowExclusive(); r++) {
                weight[k] += f.rowTotals()[r] + (f.rowThrottles()[r] > 0 ? 1e300 : 0);
            }
            order[k] = k;
        }
        java.util.Arrays.sort(order, (p, q) -> Double.compare(weight[q], weight[p]));
        for (int k : order) {
            if (!(weight[k] > 0)) {
                break;
            }
            LabelRun run = thin.get(k);
            double cy = Math.round((visibleY(a, run.fromRow()) + visibleY(a, run.toRowExclusive())) / 2);
            double top = Math.max(a.top(), Math.min(a.bottom() - line, cy - line / 2));
            double bottom = top + line;
            boolean free = true;
            for (double[] t : taken) {
                free &= bottom + 1 <= t[0] || top - 1 >= t[1];
            }
            if (free) {
                g.setFill(c.hoverBackground());
                g.fillRect(x, top, lw, line);
                clippedText(g, run.text(), x, top, lw, line, (top + bottom) / 2, c);
                taken.add(new double[] {top, bottom});
            }
        }
    }

    private static void clippedText(
            GraphicsContext g, String text, double x, double y, double w, double h, double cy, HeatColors c) {
        g.save();
        clip(g, x, y, w - 2, h);
        if (c.labelHalo() instanceof javafx.scene.paint.Color halo && halo.getOpacity() > 0) {
            g.setStroke(halo);
            g.setLineWidth(Math.max(2, c.labelFont().getSize() / 5));
            g.setLineJoin(javafx.scene.shape.StrokeLineJoin.ROUND);
            g.strokeText(text, x + 4, cy);
        }
        g.setFill(c.strongText());
        g.fillText(text, x + 4, cy);
        g.restore();
    }

    /** Row totals right of the plot, column totals and the throttle strip below it, for the rows/columns in view. */
    private void marginals(GraphicsContext g, HeatLayout a, HeatFrame f, HeatColors c) {
        HeatmapCanvas.Viewport v = a.view();
        double barsW = a.totalsRight() - a.totalsLeft() - 6; // room for the throttle tick at the right end
        g.setFill(c.total());
        Bars.rows(
                g,
                f.rowTotals(),
                v.row(),
                v.rows(),
                Bars.max(f.rowTotals(), v.row(), v.rows()),
                a.top(),
                a.height(),
                a.totalsLeft(),
                barsW);
        g.setFill(c.throttle());
        double[] throttled = f.rowThrottles();
        for (int r = a.firstRow(); r < a.endRow(); r++) { // a tick, not a bar: any throttle at all is worth seeing
            if (throttled[r] > 0) {
                double y0 = Math.floor(Math.max(a.top(), a.y(r)));
                double y1 = Math.ceil(Math.min(a.bottom(), a.y(r + 1)));
                g.fillRect(a.totalsRight() - 4, y0, 4, Math.max(1, y1 - y0));
            }
        }

        double totalsMax = Bars.max(f.columnTotals(), v.column(), v.columns());
        g.setFill(c.total());
        Bars.columns(
                g,
                f.columnTotals(),
                v.column(),
                v.columns(),
                totalsMax,
                a.left(),
                a.width(),
                a.columnTotalsBottom(),
                a.columnTotalsBottom() - a.columnTotalsTop());
        double throttlesMax = throttleStrip(g, a, f, c);
        g.setStroke(c.axis());
        g.setLineWidth(1);
        g.strokeLine(a.left(), a.columnTotalsBottom() + 0.5, a.right(), a.columnTotalsBottom() + 0.5);
        g.strokeLine(a.left(), a.throttleBottom() + 0.5, a.right(), a.throttleBottom() + 0.5);
        g.strokeLine(a.totalsLeft() - 0.5, a.top(), a.totalsLeft() - 0.5, a.bottom());

        // The scale of each strip: its largest value in view, in the space right of it.
        g.setFill(c.text());
        g.setTextAlign(TextAlignment.RIGHT);
        g.setTextBaseline(VPos.TOP);
        g.fillText(number(totalsMax), a.totalsRight() - 2, a.columnTotalsTop());
        if (f.grid() != null) { // the unit under the number: the strip is tall enough for two lines
            g.fillText(
                    stripUnit(f.grid().unit()),
                    a.totalsRight() - 2,
                    a.columnTotalsTop() + (a.columnTotalsBottom() - a.columnTotalsTop()) / 2);
        }
        g.setTextBaseline(VPos.CENTER);
        // A stream holds no throttled request: with no CloudWatch throttles laid over it, the strip is unknown, not 0.
        boolean unknown = throttlesMax == 0
                && f.causes() == null
                && f.grid() != null
                && f.grid().provenance() == dev.partitionscope.core.heat.Provenance.DYNAMODB_STREAM;
        g.fillText(
                unknown ? "n/a" : number(throttlesMax) + perColumn(f.grid()),
                a.totalsRight() - 2,
                (a.throttleTop() + a.throttleBottom()) / 2);
    }

    /** The traffic strip's unit, short enough for the scale's width: the strip draws rates in the grid's unit. */
    static String stripUnit(dev.partitionscope.core.heat.MatrixUnit unit) {
        return switch (unit) {
            case CONSUMED_UNITS_PER_MINUTE -> "units/min";
            case READ_UNITS_PER_SECOND -> "RCU/s";
            case WRITE_UNITS_PER_SECOND -> "WCU/s";
            case WRITES_PER_SECOND -> "writes/s";
            case THROTTLE_EVENTS -> "events";
            case THROTTLES_PER_MINUTE -> "events/min";
        };
    }

    /**
     * The throttle strip counts throttled requests per column: "/min" for minute columns, "/5 min", "/s", "/h"… (the
     * hover box says "throttled requests").
     */
    static String perColumn(HeatGrid grid) {
        if (grid == null) {
            return "";
        }
        int s = grid.columnSeconds();
        if (s % 3600 == 0) {
            return s == 3600 ? "/h" : "/" + s / 3600 + " h";
        }
        if (s % 60 == 0) {
            return s == 60 ? "/min" : "/" + s / 60 + " min";
        }
        return s == 1 ? "/s" : "/" + s + " s";
    }

    /**
     * The throttle strip: the grid's throttles per column, or, split by cause, the key range's own stacked under
     * the other causes' in a second colour ({@link #causeKey} names both). Drawn as the sum in the "other" colour with
     * the key range's part over it, so both share one scale.
     *
     * @return the strip's scale: its largest value in view
     */
    private double throttleStrip(GraphicsContext g, HeatLayout a, HeatFrame f, HeatColors c) {
        HeatmapCanvas.Viewport v = a.view();
        double depth = a.throttleBottom() - a.throttleTop();
        HeatFrame.ThrottleCauses causes = f.causes();
        if (causes == null) {
            double max = Bars.max(f.columnThrottles(), v.column(), v.columns());
            g.setFill(c.throttle());
            Bars.columns(
                    g,
                    f.columnThrottles(),
                    v.column(),
                    v.columns(),
                    max,
                    a.left(),
                    a.width(),
                    a.throttleBottom(),
                    depth);
            return max;
        }
        double max = Bars.max(causes.total(), v.column(), v.columns());
        g.setFill(c.throttleOther());
        Bars.columns(g, causes.total(), v.column(), v.columns(), max, a.left(), a.width(), a.throttleBottom(), depth);
        g.setFill(c.throttle());
        Bars.columns(
                g, causes.keyRange(), v.column(), v.columns(), max, a.left(), a.width(), a.throttleBottom(), depth);
        return max;
    }

    /**
     * "■ KeyRange ■ other causes" as the throttle strip's caption, left of it where "throttles" stands otherwise
     * (the layout makes room), so it never hides the strip's newest bars.
     */
    private void causeKey(GraphicsContext g, HeatLayout a, HeatColors c) {
        double cy = (a.throttleTop() + a.throttleBottom()) / 2;
        double x = a.left() - LABEL_GAP - causeKeyWidth(c);
        g.setTextAlign(TextAlignment.LEFT);
        g.setTextBaseline(VPos.CENTER);
        x = causeKeyItem(g, x, cy, c.throttle(), KEY_RANGE, c) + CAUSE_GAP;
        causeKeyItem(g, x, cy, c.throttleOther(), OTHER_CAUSES, c);
    }

    /** One swatch and its name; returns the x after the name. */
    private double causeKeyItem(GraphicsContext g, double x, double cy, Paint colour, String name, HeatColors c) {
        g.setFill(colour);
        g.fillRect(x, cy - CAUSE_SWATCH / 2, CAUSE_SWATCH, CAUSE_SWATCH);
        g.setFill(c.text());
        g.fillText(name, x + CAUSE_SWATCH + 3, cy);
        return x + CAUSE_SWATCH + 3 + width(name, c.font());
    }

    private double causeKeyWidth(HeatColors c) {
        return 2 * (CAUSE_SWATCH + 3) + width(KEY_RANGE, c.font()) + CAUSE_GAP + width(OTHER_CAUSES, c.font());
    }

    private void axis(GraphicsContext g, HeatLayout a, HeatFrame f, ZoneId zone, HeatColors c) {
        HeatGrid grid = f.grid();
        if (grid == null || f.columns() == 0) {
            return;
        }
        var from = HeatTimeAxis.at(grid, a.view().column());
        var to = HeatTimeAxis.at(grid, a.view().column() + a.view().columns());
        double labelW = width(HeatTimeAxis.crossesDays(from, to, zone) ? "00-00 00:00" : "00:00", c.font());
        double span = to.toEpochMilli() - from.toEpochMilli();
        g.setStroke(c.axis());
        g.setFill(c.text());
        g.setFont(c.font());
        g.setTextBaseline(VPos.TOP);
        g.setTextAlign(TextAlignment.CENTER);
        for (HeatTimeAxis.Tick t : HeatTimeAxis.ticks(from, to, zone, a.width(), labelW + 24)) {
            double x = Math.round(a.left() + a.width() * (t.at().toEpochMilli() - from.toEpochMilli()) / span) + 0.5;
            if (x < a.left() || x > a.right() + 1) {
                continue; // a tick in the viewport's first, cut second
            }
            g.strokeLine(x, a.axisTop(), x, a.axisTop() + 4);
            double tx = Math.max(a.left() + labelW / 2, Math.min(a.right() - labelW / 2, x));
            g.fillText(t.label(), tx, a.axisTop() + 5);
        }
    }

    public static String number(double v) {
        if (v >= 1_000_000) {
            return String.format(Locale.ROOT, "%.1fM", v / 1_000_000);
        }
        if (v >= 10_000) {
            return String.format(Locale.ROOT, "%.0fk", v / 1_000);
        }
        return v >= 10 || v == Math.rint(v)
                ? String.format(Locale.ROOT, "%,d", Math.round(v))
                : String.format(Locale.ROOT, "%,.1f", v);
    }
}
