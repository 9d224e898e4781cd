package dev.partitionscope.ui.common.heat;

import javafx.scene.canvas.GraphicsContext;

/**
 * Marginal bar strips along the heatmap's axes, showing the window of values the viewport shows (a fractional first
 * index and count, as the plot has). When there are more values than pixels, each pixel draws the largest value it
 * covers, so a narrow spike never vanishes into an anti-aliased smear and the strip costs one rectangle per pixel at
 * most. Bars cut by the window's edges are clipped to the strip.
 */
public final class Bars {
    private Bars() {}

    /** Vertical bars growing up from {@code baseY}, values [from, from + count) across [left, left + width). */
    public static void columns(
            GraphicsContext g,
            double[] v,
            double from,
            double count,
            double max,
            double left,
            double width,
            double baseY,
            double height) {
        strip(
                v,
                from,
                count,
                max,
                left,
                width,
                height,
                (along, size, bar) -> g.fillRect(along, baseY - bar, size, bar));
    }

    /** Horizontal bars growing right from {@code left}, values [from, from + count) across [top, top + height). */
    public static void rows(
            GraphicsContext g,
            double[] v,
            double from,
            double count,
            double max,
            double top,
            double height,
            double left,
            double width) {
        strip(v, from, count, max, top, height, width, (along, size, bar) -> g.fillRect(left, along, bar, size));
    }

    /** Draws one bar: its position and thickness along the strip, and its length (at least 1 px). */
    @FunctionalInterface
    private interface Bar {
        void fill(double along, double size, double length);
    }

    /** The shared layout of both strips, along one axis; {@code bar} turns it into a rectangle. */
    private static void strip(
            double[] v, double from, double count, double max, double start, double extent, double depth, Bar bar) {
        if (v.length == 0 || !(max > 0) || extent <= 0 || !(count > 0)) {
            return;
        }
        double per = extent / count;
        double end = start + extent;
        if (per >= 2) {
            double gap = per >= 5 ? 1 : 0;
            int last = Math.min(v.length, (int) Math.ceil(from + count));
            for (int i = Math.max(0, (int) Math.floor(from)); i < last; i++) {
                double length = depth * v[i] / max;
                double a0 = Math.max(start, (double) Math.round(start + (i - from) * per));
                double a1 = Math.min(end, Math.round(start + (i + 1 - from) * per) - gap);
                if (length > 0 && a1 > a0) {
                    bar.fill(a0, Math.max(1, a1 - a0), Math.max(1, length));
                }
            }
            return;
        }
        int pixels = (int) Math.ceil(extent);
        for (int p = 0; p < pixels; p++) {
            double m = maxOver(v, from + p * count / extent, from + (p + 1) * count / extent);
            if (m > 0) {
                bar.fill(start + p, 1, Math.max(1, depth * m / max));
            }
        }
    }

    /** The largest value whose span [i, i + 1) overlaps [a, b). */
    private static double maxOver(double[] v, double a, double b) {
        int to = Math.min(v.length, (int) Math.ceil(b));
        double m = 0;
        for (int i = Math.max(0, (int) Math.floor(a)); i < to; i++) {
            m = Math.max(m, v[i]);
        }
        return m;
    }

    /** The largest of the values [from, from + count) at least partly in the window. */
    public static double max(double[] v, double from, double count) {
        return maxOver(v, from, from + count);
    }
}
