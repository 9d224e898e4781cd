package dev.partitionscope.report;

import dev.partitionscope.core.heat.HeatGrid;
import dev.partitionscope.core.heat.HeatPipeline;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.geom.Line2D;
import java.awt.geom.Rectangle2D;

/**
 * The strip under the heatmap: throttle events per column from CloudWatch, KeyRange (a hot key) in red with every
 * other cause (provisioned capacity, account limit, on-demand maximum) stacked in purple — the app's strip, which
 * tells a hot key from a small table at a glance. Without per-cause datapoints (none throttled, or an endpoint that
 * publishes none) it shows the keys' throttled requests from Contributor Insights, and says which.
 */
final class ThrottleStrip {
    private ThrottleStrip() {}

    /**
     * @param metricsLoaded CloudWatch answered: without cause datapoints the table simply did not throttle, so the
     *                      strip shows Contributor Insights' throttled requests rather than blaming the endpoint
     */
    static void draw(
            Graphics2D g,
            HeatPipeline.Result heat,
            HeatGrid grid,
            boolean metricsLoaded,
            double x0,
            double x1,
            double y,
            double h) {
        int columns = grid.columnCount();
        double[] keyRange = heat.keyRange();
        double[] other = heat.otherCauses();
        boolean causes = keyRange != null;
        if (!causes) {
            keyRange = new double[columns];
            other = new double[columns];
            for (int c = 0; c < columns; c++) {
                keyRange[c] = grid.columnThrottles(c);
            }
        }
        double max = 0;
        for (int c = 0; c < columns; c++) {
            max = Math.max(max, keyRange[c] + other[c]);
        }
        g.setColor(ChartKit.SUBTLE);
        g.fill(new Rectangle2D.Double(x0, y, x1 - x0, h));
        double labelY = ChartKit.middle(g, ChartKit.LABEL, y + h / 2 - 8);
        ChartKit.textRight(
                g, causes ? "throttle events" : "throttled requests", ChartKit.LABEL, ChartKit.TEXT, x0 - 10, labelY);
        double keyY = labelY + 18;
        if (causes) {
            double w = ChartKit.width(g, "other causes", ChartKit.SMALL);
            ChartKit.textRight(g, "other causes", ChartKit.SMALL, ChartKit.MUTED, x0 - 10, keyY);
            swatch(g, ChartKit.PURPLE, x0 - 10 - w - 14, keyY);
            double kx = x0 - 10 - w - 24;
            ChartKit.textRight(g, "KeyRange", ChartKit.SMALL, ChartKit.MUTED, kx, keyY);
            swatch(g, ChartKit.DANGER, kx - ChartKit.width(g, "KeyRange", ChartKit.SMALL) - 14, keyY);
        } else {
            ChartKit.textRight(
                    g,
                    metricsLoaded ? "(Contributor Insights)" : "(no per-cause metrics here)",
                    ChartKit.SMALL,
                    ChartKit.MUTED,
                    x0 - 10,
                    keyY);
        }
        if (max <= 0) {
            ChartKit.text(
                    g,
                    "no throttles in this window",
                    ChartKit.SMALL,
                    ChartKit.MUTED,
                    x0 + 8,
                    ChartKit.middle(g, ChartKit.SMALL, y + h / 2));
            return;
        }
        double cw = (x1 - x0) / columns;
        double gap = cw > 4 ? 1 : 0;
        for (int c = 0; c < columns; c++) {
            double kr = keyRange[c] / max * h;
            double ot = other[c] / max * h;
            double x = x0 + c * cw;
            if (kr > 0) {
                g.setColor(ChartKit.DANGER);
                g.fill(new Rectangle2D.Double(x, y + h - kr, cw - gap, kr));
            }
            if (ot > 0) {
                g.setColor(ChartKit.PURPLE);
                g.fill(new Rectangle2D.Double(x, y + h - kr - ot, cw - gap, ot));
            }
        }
        ChartKit.stroke(g, ChartKit.AXIS, 1f);
        g.draw(new Line2D.Double(x0, y, x0 + 6, y));
        ChartKit.text(
                g,
                ChartKit.number(max) + " per column",
                ChartKit.SMALL,
                ChartKit.MUTED,
                x1 + 12,
                ChartKit.middle(g, ChartKit.SMALL, y + 6));
    }

    private static void swatch(Graphics2D g, Color color, double x, double baseline) {
        g.setColor(color);
        g.fill(new Rectangle2D.Double(x, baseline - 10, 10, 10));
    }
}
