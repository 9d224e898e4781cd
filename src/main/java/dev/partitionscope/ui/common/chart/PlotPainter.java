package dev.partitionscope.ui.common.chart;

import dev.partitionscope.core.chart.NiceScale;
import dev.partitionscope.core.chart.TimeTicks;
import dev.partitionscope.ui.common.chart.TimeChart.Kind;
import dev.partitionscope.ui.common.chart.TimeChart.Series;
import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleFunction;
import java.util.function.ToIntFunction;
import javafx.geometry.VPos;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Paint;
import javafx.scene.shape.StrokeLineJoin;
import javafx.scene.text.TextAlignment;

/**
 * Draws one frame of the data canvas: title and legend, y axis with its label, stacked bars, lines, time axis. Past
 * one bucket per pixel it draws per pixel column (the tallest stack; a line's first, lowest, highest and last value),
 * so a week of minutes costs as much as the plot is wide and a one-minute spike still shows. Its axes come from
 * core's {@code chart} package, which the report's AWT charts use too; why the painting is not shared with them is
 * written there.
 */
public final class PlotPainter {
    private static final double[] DASH = {6, 4};
    private static final double[] SWATCH_DASH = {4, 3};
    private static final double SWATCH = 16;

    private final TextMeasure measure = new TextMeasure();

    /** Draws everything and returns where the plot went, or null when the canvas is too small for one. */
    public PlotArea paint(
            GraphicsContext g,
            double w,
            double h,
            ChartData data,
            String title,
            String yLabel,
            Palette p,
            DoubleFunction<String> axisText) {
        g.clearRect(0, 0, w, h);
        double line = measure.lineHeight(p.font());
        double headerBottom = header(g, w, title, data.series(), p);

        g.setFont(p.font());
        g.setFill(p.text());
        g.setTextAlign(TextAlignment.LEFT);
        g.setTextBaseline(VPos.TOP);
        g.fillText(yLabel, 0, headerBottom + 4);

        NiceScale scale = NiceScale.of(data.max());
        boolean empty = data.buckets() == 0;
        double[] ticks = empty ? new double[] {0} : scale.ticks(); // no data: a bare baseline, no made-up scale
        String[] labels = new String[ticks.length];
        double labelWidth = 0;
        for (int i = 0; i < ticks.length; i++) {
            labels[i] = empty ? "" : axisText != null ? axisText.apply(ticks[i]) : scale.label(ticks[i]);
            labelWidth = Math.max(labelWidth, measure.width(labels[i], p.font()));
        }
        double top = headerBottom + 4 + line + Math.ceil(line / 2) + 2;
        double bottom = h - line - 6;
        double left = Math.ceil(labelWidth) + 8;
        double right = w - 8;
        if (right - left < 40 || bottom - top < 30) {
            return null;
        }
        PlotArea area = new PlotArea(left, top, right, bottom, data, scale);
        yAxis(g, area, ticks, labels, p);
        bars(g, area, p);
        for (Series s : data.series()) {
            if (s.kind() != Kind.STACKED_BAR) {
                line(g, area, s, p.series().apply(s.colorClass()));
            }
        }
        timeAxis(g, area, w, p);
        return area;
    }

    /** Title, then the legend on the same line as long as it fits, wrapping below; returns the header's bottom. */
    private double header(GraphicsContext g, double w, String title, List<Series> series, Palette p) {
        double lineH = Math.max(measure.lineHeight(p.titleFont()), measure.lineHeight(p.font())) + 2;
        g.setTextBaseline(VPos.CENTER);
        g.setTextAlign(TextAlignment.LEFT);
        g.setFont(p.titleFont());
        g.setFill(p.title());
        g.fillText(title, 0, lineH / 2);
        double x = measure.width(title, p.titleFont()) + 20;
        double y = 0;
        g.setFont(p.font());
        for (Series s : series) {
            double itemW = SWATCH + 6 + measure.width(s.name(), p.font());
            if (x > 0 && x + itemW > w) {
                x = 0;
                y += lineH;
            }
            swatch(g, s, p.series().apply(s.colorClass()), x, y + lineH / 2);
            g.setFill(p.text());
            g.fillText(s.name(), x + SWATCH + 6, y + lineH / 2);
            x += itemW + 16;
        }
        return y + lineH;
    }

    /** A line segment for lines, a dashed one for dashed lines, a square for bars: the same marks as the plot. */
    public static void swatch(GraphicsContext g, Series s, Paint paint, double x, double cy) {
        if (s.kind() == Kind.STACKED_BAR) {
            g.setFill(paint);
            g.fillRect(x + 3, (double) (Math.round(cy) - 5), 10, 10);
            return;
        }
        g.setStroke(paint);
        g.setLineWidth(2.5);
        double[] dashes = s.kind() == Kind.DASHED_LINE ? SWATCH_DASH : null;
        g.setLineDashes(dashes);
        g.strokeLine(x, Math.round(cy) + 0.5, x + SWATCH, Math.round(cy) + 0.5);
        g.setLineDashes((double[]) null);
    }

    private static void yAxis(GraphicsContext g, PlotArea a, double[] ticks, String[] labels, Palette p) {
        g.setLineWidth(1);
        g.setTextAlign(TextAlignment.RIGHT);
        g.setTextBaseline(VPos.CENTER);
        g.setFont(p.font());
        for (int i = 0; i < ticks.length; i++) {
            double y = Math.round(a.y(ticks[i])) + 0.5;
            g.setStroke(i == 0 ? p.axis() : p.grid());
            g.strokeLine(a.left(), y, a.right(), y);
            g.setFill(p.text());
            g.fillText(labels[i], a.left() - 6, y);
        }
    }

    /** Stacked bars from the baseline, at least one pixel wide, in series order from the bottom. */
    private static void bars(GraphicsContext g, PlotArea a, Palette p) {
        ChartData d = a.data();
        List<Series> bars =
                d.series().stream().filter(s -> s.kind() == Kind.STACKED_BAR).toList();
        int n = d.buckets();
        if (bars.isEmpty() || n == 0) {
            return;
        }
        double bucketWidth = a.width() / n;
        int slots;
        int[] bucket;
        double[] x0;
        double[] x1;
        if (bucketWidth >= 1) {
            slots = n;
            bucket = new int[n];
            x0 = new double[n];
            x1 = new double[n];
            double gap = bucketWidth >= 4 ? 1 : 0;
            for (int i = 0; i < n; i++) {
                bucket[i] = i;
                x0[i] = Math.round(a.x(i));
                x1[i] = Math.max(x0[i] + 1, Math.round(a.x(i + 1)) - gap);
            }
        } else {
            // Thinner than a pixel: each pixel column shows its tallest bucket, so no peak disappears.
            slots = (int) Math.ceil(a.width()) + 1;
            bucket = new int[slots];
            java.util.Arrays.fill(bucket, -1);
            double[] best = new double[slots];
            for (int i = 0; i < n; i++) {
                int col = (int) (a.x(i) - a.left());
                double total = d.barTotal(i);
                if (total > best[col]) {
                    best[col] = total;
                    bucket[col] = i;
                }
            }
            x0 = new double[slots];
            x1 = new double[slots];
            for (int c = 0; c < slots; c++) {
                x0[c] = Math.round(a.left()) + c;
                x1[c] = x0[c] + 1;
            }
        }
        double[] stacked = new double[slots];
        for (Series s : bars) {
            g.setFill(p.series().apply(s.colorClass()));
            double[] values = s.values();
            for (int k = 0; k < slots; k++) {
                int i = bucket[k];
                if (i < 0 || i >= values.length || !(values[i] > 0) || Double.isInfinite(values[i])) {
                    continue;
                }
                double base = Math.round(a.y(stacked[k]));
                double top = Math.min(base - 1, (double) Math.round(a.y(stacked[k] + values[i])));
                g.fillRect(x0[k], top, x1[k] - x0[k], base - top);
                stacked[k] += values[i];
            }
        }
    }

    private static void line(GraphicsContext g, PlotArea a, Series s, Paint paint) {
        boolean dashed = s.kind() == Kind.DASHED_LINE;
        g.setStroke(paint);
        g.setLineWidth(dashed ? 1.5 : 1.8);
        double[] dashes = dashed ? DASH : null;
        g.setLineDashes(dashes);
        g.setLineJoin(StrokeLineJoin.ROUND);
        g.beginPath();
        LineTracer tracer = new LineTracer(g, a);
        double[] values = s.values();
        for (int i = 0; i < values.length; i++) {
            tracer.add(i, values[i]);
        }
        tracer.finish();
        g.stroke();
        g.setLineDashes((double[]) null);
        g.setFill(paint);
        for (double[] dot : tracer.dots) {
            g.fillOval(dot[0] - 2, dot[1] - 2, 4, 4);
        }
    }

    /**
     * Builds a polyline that breaks at NaN (no datapoint is a gap, not zero). Values falling in one pixel column
     * become at most four vertices (first, lowest, highest, last). A lone value between gaps becomes a dot.
     */
    private static final class LineTracer {
        private final GraphicsContext g;
        private final PlotArea a;
        private final List<double[]> dots = new ArrayList<>();
        private boolean inColumn;
        private int column;
        private double columnX;
        private double first;
        private double min;
        private double max;
        private double last;
        private int count;
        private boolean open;
        private int vertices;
        private double lastX;
        private double lastY;

        LineTracer(GraphicsContext g, PlotArea a) {
            this.g = g;
            this.a = a;
        }

        void add(int bucket, double value) {
            if (!Double.isFinite(value)) {
                flush();
                endSegment();
                return;
            }
            double x = a.x(bucket + 0.5);
            int col = (int) Math.floor(x);
            if (inColumn && col != column) {
                flush();
            }
            if (!inColumn) {
                inColumn = true;
                column = col;
                columnX = x;
                first = value;
                min = value;
                max = value;
                count = 0;
            }
            count++;
            min = Math.min(min, value);
            max = Math.max(max, value);
            last = value;
        }

        void finish() {
            flush();
            endSegment();
        }

        private void flush() {
            if (!inColumn) {
                return;
            }
            inColumn = false;
            vertex(first);
            if (count > 1) {
                vertex(min);
                vertex(max);
                vertex(last);
            }
        }

        private void vertex(double value) {
            lastX = columnX;
            lastY = a.y(value);
            if (open) {
                g.lineTo(lastX, lastY);
            } else {
                g.moveTo(lastX, lastY);
                open = true;
            }
            vertices++;
        }

        private void endSegment() {
            if (open && vertices == 1) {
                dots.add(new double[] {lastX, lastY});
            }
            open = false;
            vertices = 0;
        }
    }

    private void timeAxis(GraphicsContext g, PlotArea a, double w, Palette p) {
        ChartData d = a.data();
        if (d.buckets() == 0) {
            return;
        }
        ToIntFunction<String> maxTicks =
                sample -> Math.max(2, (int) (a.width() / (measure.width(sample, p.font()) + 28)));
        g.setFont(p.font());
        g.setTextBaseline(VPos.TOP);
        g.setTextAlign(TextAlignment.LEFT);
        g.setLineWidth(1);
        g.setStroke(p.axis());
        g.setFill(p.text());
        double previousEnd = Double.NEGATIVE_INFINITY;
        for (TimeTicks.Tick tick : TimeTicks.ticks(d.start(), d.end(), d.zone(), maxTicks)) {
            double x = Math.round(a.x(tick.at())) + 0.5;
            g.strokeLine(x, a.bottom(), x, a.bottom() + 4);
            double tw = measure.width(tick.label(), p.font());
            double lx = Math.max(0, Math.min(w - tw, x - tw / 2));
            if (lx >= previousEnd + 6) {
                g.fillText(tick.label(), lx, a.bottom() + 5);
                previousEnd = lx + tw;
            }
        }
    }
}
