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
        int n = v.length;
        if (n == 0 || !(max > 0) || width <= 0) {
            return;
        }
        double per = width / n;
        if (per >= 2) {
            double gap = per >= 5 ? 1 : 0;
            for (int i = 0; i < n; i++) {
                double bar = height * v[i] / max;
                if (bar > 0) {
                    double x0 = Math.round(left + i * per);
                    double x1 = Math.round(left + (i + 1) * per) - gap;
                    g.fillRect(x0, baseY - Math.max(1, bar), Math.max(1, x1 - x0), Math.max(1, bar));
                }
            }
            return;
        }
        int pixels = (int) Math.ceil(width);
        for (int p = 0; p < pixels; p++) {
            double m = maxOver(v, p, pixels, width);
            if (m > 0) {
                double bar = Math.max(1, height * m / max);
                g.fillRect(left + p, baseY - bar, 1, bar);
            }
        }
    }

    /** Horizontal bars growing right from {@code left}, one per row across [top, top + height). */
    static void rows(GraphicsContext g, double[] v, double max, double top, double height, double left,
                     double width) {
        int n = v.length;
        if (n == 0 || !(max > 0) || height <= 0) {
            return;
        }
        double per = height / n;
        if (per >= 2) {
            double gap = per >= 5 ? 1 : 0;
            for (int i = 0; i < n; i++) {
                double bar = width * v[i] / max;
                if (bar > 0) {
                    double y0 = Math.round(top + i * per);
                    double y1 = Math.round(top + (i + 1) * per) - gap;
                    g.fillRect(left, y0, Math.max(1, bar), Math.max(1, y1 - y0));
                }
            }
            return;
        }
        int pixels = (int) Math.ceil(height);
        for (int p = 0; p < pixels; p++) {
            double m = maxOver(v, p, pixels, height);
            if (m > 0) {
                g.fillRect(left, top + p, Math.max(1, width * m / max), 1);
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
