package dev.partitionscope.ui.heatmap;

import javafx.scene.canvas.GraphicsContext;

/**
 * Marginal bar strips along the heatmap's axes. When there are more values than pixels, each pixel draws the largest
 * value it covers, so a narrow spike never vanishes into an anti-aliased smear and the strip costs one rectangle per
 * pixel at most.
 */
final class Bars {
    private Bars() {
    }

    /** Vertical bars growing up from {@code baseY}, one per column across [left, left + width). */
    static void columns(GraphicsContext g, double[] v, double max, double left, double width, double baseY,
                        double height) {
        strip(v, max, left, width, height, (along, size, bar) -> g.fillRect(along, baseY - bar, size, bar));
    }

    /** Horizontal bars growing right from {@code left}, one per row across [top, top + height). */
    static void rows(GraphicsContext g, double[] v, double max, double top, double height, double left,
                     double width) {
        strip(v, max, top, height, width, (along, size, bar) -> g.fillRect(left, along, bar, size));
    }

    /** Draws one bar: its position and thickness along the strip, and its length (at least 1 px). */
    @FunctionalInterface
    private interface Bar {
        void fill(double along, double size, double length);
    }

    /** The shared layout of both strips, along one axis; {@code bar} turns it into a rectangle. */
    private static void strip(double[] v, double max, double start, double extent, double depth,
                              Bar bar) {
        int n = v.length;
        if (n == 0 || !(max > 0) || extent <= 0) {
            return;
        }
        double per = extent / n;
        if (per >= 2) {
            double gap = per >= 5 ? 1 : 0;
            for (int i = 0; i < n; i++) {
                double length = depth * v[i] / max;
                if (length > 0) {
                    double a0 = Math.round(start + i * per);
                    double a1 = Math.round(start + (i + 1) * per) - gap;
                    bar.fill(a0, Math.max(1, a1 - a0), Math.max(1, length));
                }
            }
            return;
        }
        int pixels = (int) Math.ceil(extent);
        for (int p = 0; p < pixels; p++) {
            double m = maxOver(v, p, pixels, extent);
            if (m > 0) {
                bar.fill(start + p, 1, Math.max(1, depth * m / max));
            }
        }
    }

    /** The largest value among those whose span overlaps pixel p of a strip {@code length} long. */
    private static double maxOver(double[] v, int p, int pixels, double length) {
        int n = v.length;
        int from = (int) Math.floor(p * n / length);
        int to = Math.min(n, (int) Math.ceil((p + 1) * n / length));
        double m = 0;
        for (int i = Math.max(0, from); i < to; i++) {
            m = Math.max(m, v[i]);
        }
        return m;
    }

    static double max(double[] v) {
        double m = 0;
        for (double x : v) {
            m = Math.max(m, x);
        }
        return m;
    }
}
