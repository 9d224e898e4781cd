package dev.partitionscope.report;

import dev.partitionscope.core.heat.ColorLut;
import dev.partitionscope.core.heat.HeatScale;
import dev.partitionscope.core.heat.ScaleMode;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;

/**
 * The heatmap PNG's legend: "no traffic", the colour ramp with the scale's own labels (0 … 100 % of one key's
 * ceiling, with the ceiling in its unit), the over-the-ceiling cyan and the throttle mark — the same items, in the
 * same order, as under the app's heatmap.
 */
final class HeatLegend {
    private static final double RAMP_W = 520;
    private static final double BAR_H = 14;

    private HeatLegend() {}

    static void draw(Graphics2D g, HeatScale scale, int[] lut, double x, double y, double width) {
        double baseline = y + BAR_H - 2;
        g.setColor(ChartKit.PLOT);
        g.fill(new Rectangle2D.Double(x, y, BAR_H, BAR_H));
        ChartKit.text(g, "no traffic", ChartKit.SMALL, ChartKit.TEXT, x + BAR_H + 6, baseline);
        double rx = x + BAR_H + 6 + ChartKit.width(g, "no traffic", ChartKit.SMALL) + 24;
        for (int level = 1; level <= ColorLut.MAX_LEVEL; level++) {
            g.setColor(new Color(lut[level], true));
            g.fill(new Rectangle2D.Double(
                    rx + (level - 1) * RAMP_W / ColorLut.MAX_LEVEL, y, RAMP_W / ColorLut.MAX_LEVEL + 0.6, BAR_H));
        }
        ChartKit.stroke(g, ChartKit.AXIS, 1f);
        g.draw(new Rectangle2D.Double(rx, y, RAMP_W, BAR_H));
        String ceiling = null;
        for (HeatScale.LegendTick t : scale.legend()) {
            if (t.level() > ColorLut.MAX_LEVEL) {
                continue;
            }
            String label = t.label();
            int paren = label.indexOf(" (");
            if (paren > 0) { // "100 % (180,000 throughput units/min)": the ceiling goes into the note
                ceiling = label.substring(paren + 2, label.length() - (label.endsWith(")") ? 1 : 0));
                label = label.substring(0, paren);
            }
            double tx = rx + t.level() * RAMP_W / ColorLut.MAX_LEVEL;
            ChartKit.stroke(g, ChartKit.MUTED, 1f);
            g.draw(new java.awt.geom.Line2D.Double(tx, y + BAR_H, tx, y + BAR_H + 4));
            double w = ChartKit.width(g, label, ChartKit.SMALL);
            ChartKit.text(g, label, ChartKit.SMALL, ChartKit.TEXT, t.level() == 0 ? tx : tx - w / 2, y + BAR_H + 17);
        }
        double cx = rx + RAMP_W + 40;
        if (scale.mode() == ScaleMode.ABSOLUTE) {
            g.setColor(new Color(ColorLut.build(dev.partitionscope.core.heat.HeatPalette.HEAT, 0)
                    .overCeiling()));
            g.fill(new Rectangle2D.Double(cx, y, BAR_H, BAR_H));
            String over = "> 100 % of the per-key ceiling";
            ChartKit.text(g, over, ChartKit.SMALL, ChartKit.TEXT, cx + BAR_H + 6, baseline);
            cx += BAR_H + 6 + ChartKit.width(g, over, ChartKit.SMALL) + 24;
        }
        Path2D.Double t = new Path2D.Double();
        t.moveTo(cx, y);
        t.lineTo(cx + BAR_H, y);
        t.lineTo(cx, y + BAR_H);
        t.closePath();
        g.setColor(ChartKit.DANGER);
        g.fill(t);
        ChartKit.text(g, "throttled", ChartKit.SMALL, ChartKit.TEXT, cx + BAR_H + 6, baseline);
        String note = scale.mode() != ScaleMode.ABSOLUTE
                ? "Colour: relative (log) — this unit has no ceiling"
                : "Colour: share of one key's partition ceiling"
                        + (ceiling == null ? "" : ", 100 % = " + ceiling + " (1,000 WCU/s or 3,000 RCU/s)");
        ChartKit.textRight(g, note, ChartKit.SMALL, ChartKit.MUTED, x + width, y + BAR_H + 17);
    }
}
