package dev.partitionscope.ui.heatmap;

import dev.partitionscope.core.heat.HeatGrid;
import dev.partitionscope.core.heat.LabelRun;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.geometry.VPos;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.image.Image;
import javafx.scene.text.Font;
import javafx.scene.text.Text;
import javafx.scene.text.TextAlignment;

/**
 * Draws the heatmap's base layer: label bars, the heat image scaled with smoothing off, throttle marks, marginals,
 * the time axis. The legend is {@link LegendPainter}'s; hover is {@link HoverPainter}'s on its own canvas. Runs only
 * when something changed, at most once per pulse.
 */
final class HeatmapPainter {
    private static final double LABEL_GAP = 6;
    private static final double MIN_LABEL_W = 36;
    private static final double MAX_LABEL_W = 140;
    private static final double TOTALS_W = 64;
    private static final double COLUMN_TOTALS_H = 34;
    private static final double THROTTLE_H = 18;
    private static final double STRIP_GAP = 4;
    /** Cells at least this big in both directions get a corner mark when they throttled. */
    private static final double MARKED_CELL = 4;

    private final Text measure = new Text();
    private List<List<LabelRun>> measuredRuns;
    private Font measuredFont;
    private double[] measuredWidths;

    double width(String s, Font font) {
        measure.setFont(font);
        measure.setText(s);
        return measure.getLayoutBounds().getWidth();
    }

    double lineHeight(Font font) {
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

    HeatLayout layout(double w, double h, HeatFrame f, HeatColors c) {
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
        double captionW = Math.max(width("throttles", c.font()), width("traffic", c.font())) + 8;
        double[] widest = widestLabels(runs, c.font());
        for (int i = 0; i < runs.size(); i++) {
            lefts[i] = x;
            widths[i] = Math.min(MAX_LABEL_W, Math.max(MIN_LABEL_W, Math.ceil(widest[i] + 10)));
            x += widths[i] + 1;
        }
        double left = Math.max(x + LABEL_GAP, captionW);
        double right = Math.max(left + 1, Math.floor(w - TOTALS_W - LABEL_GAP));
        double columnTotalsTop = bottom + STRIP_GAP;
        double columnTotalsBottom = columnTotalsTop + COLUMN_TOTALS_H;
        double throttleTop = columnTotalsBottom + STRIP_GAP;
        double throttleBottom = throttleTop + THROTTLE_H;
        return new HeatLayout(lefts, widths, left, top, right, bottom, right + LABEL_GAP, w, columnTotalsTop,
                columnTotalsBottom, throttleTop, throttleBottom, throttleBottom, throttleBottom + axisH + 6,
                f.rows(), f.columns());
    }

    void paint(GraphicsContext g, double w, double h, HeatLayout a, HeatFrame f, Image image, ZoneId zone,
               HeatColors c) {
        g.clearRect(0, 0, w, h);
        g.setFill(c.plotBackground());
        g.fillRect(a.left(), a.top(), a.width(), a.height());
        if (image != null && f.rows() > 0 && f.columns() > 0) {
            g.setImageSmoothing(false); // one pixel per cell, scaled up into crisp blocks, never blurred
            g.drawImage(image, 0, 0, f.columns(), f.rows(), a.left(), a.top(), a.width(), a.height());
        }
        missing(g, a, f, c);
        throttleMarks(g, a, f, c);
        g.setStroke(c.axis());
        g.setLineWidth(1);
        g.strokeRect(a.left() - 0.5, a.top() + 0.5, a.width() + 1, a.height() - 1);
        labels(g, a, f, c);
        marginals(g, a, f, c);
        axis(g, a, f, zone, c);
    }

    private static void missing(GraphicsContext g, HeatLayout a, HeatFrame f, HeatColors c) {
        HeatGrid grid = f.grid();
        if (grid == null) {
            return;
        }
        g.setFill(c.missing());
        for (int col = 0; col < f.columns(); col++) {
            if (grid.missing(col)) {
                double x0 = Math.floor(a.x(col));
                double x1 = Math.max(x0 + 1, Math.ceil(a.x(col + 1)));
                g.fillRect(x0, a.top(), x1 - x0, a.height());
            }
        }
    }

    /** A small triangle in each throttled cell's top-right corner, where cells are big enough to hold one. */
    private static void throttleMarks(GraphicsContext g, HeatLayout a, HeatFrame f, HeatColors c) {
        double cw = a.cellWidth();
        double ch = a.cellHeight();
        if (cw < MARKED_CELL || ch < MARKED_CELL || f.throttled().isEmpty()) {
            return;
        }
        double s = Math.min(10, Math.min(cw, ch) * 0.6);
        int columns = f.columns();
        double[] xs = new double[3];
        double[] ys = new double[3];
        double[] hx = new double[3];
        double[] hy = new double[3];
        for (int i = f.throttled().nextSetBit(0); i >= 0; i = f.throttled().nextSetBit(i + 1)) {
            double x1 = a.x(i % columns + 1);
            double y0 = a.y(i / columns);
            xs[0] = x1 - s;
            ys[0] = y0;
            xs[1] = x1;
            ys[1] = y0;
            xs[2] = x1;
            ys[2] = y0 + s;
            g.setFill(c.hoverBackground()); // a halo, so the mark shows on any heat colour
            hx[0] = xs[0] - 1.5;
            hx[1] = x1;
            hx[2] = x1;
            hy[0] = y0;
            hy[1] = y0;
            hy[2] = ys[2] + 1.5;
            g.fillPolygon(hx, hy, 3);
            g.setFill(c.throttle());
            g.fillPolygon(xs, ys, 3);
        }
    }

    private void labels(GraphicsContext g, HeatLayout a, HeatFrame f, HeatColors c) {
        double line = lineHeight(c.font());
        g.setFont(c.font());
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
                double y0 = Math.round(a.y(run.fromRow()));
                double y1 = Math.round(a.y(run.toRowExclusive()));
                boolean gap = y1 - y0 >= 4;
                g.setFill(n++ % 2 == 0 ? c.labelA() : c.labelB());
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
        g.setFill(c.text());
        g.setTextAlign(TextAlignment.RIGHT);
        g.fillText("traffic", a.left() - LABEL_GAP, (a.columnTotalsTop() + a.columnTotalsBottom()) / 2);
        g.fillText("throttles", a.left() - LABEL_GAP, (a.throttleTop() + a.throttleBottom()) / 2);
    }

    /**
     * Names runs too thin for their text where there is room, busiest first (throttling runs before all others), on
     * a small plate over the neighbouring bars: a single white-hot key on a 5-pixel row is exactly the one to name.
     */
    private static void thinLabels(GraphicsContext g, HeatLayout a, HeatFrame f, HeatColors c, List<LabelRun> thin,
                                   List<double[]> taken, double x, double lw, double line) {
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
            double cy = Math.round((a.y(run.fromRow()) + a.y(run.toRowExclusive())) / 2);
            double top = Math.max(a.top(), cy - line / 2);
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

    private static void clippedText(GraphicsContext g, String text, double x, double y, double w, double h,
                                    double cy, HeatColors c) {
        g.save();
        g.beginPath();
        g.rect(x, y, w - 2, h);
        g.clip();
        g.setFill(c.strongText());
        g.fillText(text, x + 4, cy);
        g.restore();
    }

    private static void marginals(GraphicsContext g, HeatLayout a, HeatFrame f, HeatColors c) {
        double barsW = a.totalsRight() - a.totalsLeft() - 6; // room for the throttle tick at the right end
        g.setFill(c.total());
        Bars.rows(g, f.rowTotals(), Bars.max(f.rowTotals()), a.top(), a.height(), a.totalsLeft(), barsW);
        g.setFill(c.throttle());
        double[] throttled = f.rowThrottles();
        for (int r = 0; r < throttled.length; r++) { // a tick, not a bar: any throttle at all is worth seeing
            if (throttled[r] > 0) {
                double y0 = Math.floor(a.y(r));
                g.fillRect(a.totalsRight() - 4, y0, 4, Math.max(1, Math.ceil(a.y(r + 1)) - y0));
            }
        }

        g.setFill(c.total());
        Bars.columns(g, f.columnTotals(), Bars.max(f.columnTotals()), a.left(), a.width(), a.columnTotalsBottom(),
                a.columnTotalsBottom() - a.columnTotalsTop());
        g.setFill(c.throttle());
        Bars.columns(g, f.columnThrottles(), Bars.max(f.columnThrottles()), a.left(), a.width(),
                a.throttleBottom(), a.throttleBottom() - a.throttleTop());
        g.setStroke(c.axis());
        g.setLineWidth(1);
        g.strokeLine(a.left(), a.columnTotalsBottom() + 0.5, a.right(), a.columnTotalsBottom() + 0.5);
        g.strokeLine(a.left(), a.throttleBottom() + 0.5, a.right(), a.throttleBottom() + 0.5);
        g.strokeLine(a.totalsLeft() - 0.5, a.top(), a.totalsLeft() - 0.5, a.bottom());

        // The scale of each strip: its largest value, in the space right of it.
        g.setFill(c.text());
        g.setTextAlign(TextAlignment.RIGHT);
        g.setTextBaseline(VPos.TOP);
        g.fillText(number(Bars.max(f.columnTotals())), a.totalsRight() - 2, a.columnTotalsTop());
        g.setTextBaseline(VPos.CENTER);
        g.fillText(number(Bars.max(f.columnThrottles())), a.totalsRight() - 2,
                (a.throttleTop() + a.throttleBottom()) / 2);
    }

    private void axis(GraphicsContext g, HeatLayout a, HeatFrame f, ZoneId zone, HeatColors c) {
        HeatGrid grid = f.grid();
        if (grid == null || f.columns() == 0) {
            return;
        }
        var from = grid.columnStart(0);
        var to = grid.columnStart(f.columns());
        double labelW = width(HeatTimeAxis.crossesDays(from, to, zone) ? "00-00 00:00" : "00:00", c.font());
        double span = to.getEpochSecond() - from.getEpochSecond();
        g.setStroke(c.axis());
        g.setFill(c.text());
        g.setFont(c.font());
        g.setTextBaseline(VPos.TOP);
        g.setTextAlign(TextAlignment.CENTER);
        for (HeatTimeAxis.Tick t : HeatTimeAxis.ticks(from, to, zone, a.width(), labelW + 24)) {
            double x = Math.round(a.left() + a.width() * (t.at().getEpochSecond() - from.getEpochSecond()) / span)
                    + 0.5;
            g.strokeLine(x, a.axisTop(), x, a.axisTop() + 4);
            double tx = Math.max(a.left() + labelW / 2, Math.min(a.right() - labelW / 2, x));
            g.fillText(t.label(), tx, a.axisTop() + 5);
        }
    }

    static String number(double v) {
        if (v >= 1_000_000) {
            return String.format(Locale.ROOT, "%.1fM", v / 1_000_000);
        }
        if (v >= 10_000) {
            return String.format(Locale.ROOT, "%.0fk", v / 1_000);
        }
        return v >= 10 || v == Math.rint(v) ? String.format(Locale.ROOT, "%,d", Math.round(v))
                : String.format(Locale.ROOT, "%,.1f", v);
    }
}
