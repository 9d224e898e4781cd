package dev.partitionscope.ui.common.heat;

import dev.partitionscope.core.heat.ColorLut;
import dev.partitionscope.core.heat.HeatScale;
import dev.partitionscope.core.heat.ScaleMode;
import java.util.List;
import javafx.geometry.VPos;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import javafx.scene.text.TextAlignment;

/**
 * The colour legend under the heatmap: a "no traffic" swatch, the ramp drawn straight from the lookup table with the
 * scale's labels under it, the over-ceiling swatch (absolute scale only), the throttle mark, and what the scale means.
 */
public final class LegendPainter {
    private static final double BAR_H = 10;
    private static final double RAMP_W = 360;
    private static final double MIN_RAMP_W = 120;
    private static final double SWATCH = 12;
    /** How far the top label reaches back into the ramp from its end; the rest of it runs on past the ramp. */
    private static final double TOP_LABEL_INSET = 36;

    private LegendPainter() {}

    public static double height(double line) {
        return BAR_H + 3 + line;
    }

    /** The label of the swatch for columns whose heat was not read (a gap, not a cold column). */
    static final String NOT_READ = "not read";

    private static final String NO_TRAFFIC = "no traffic";
    private static final String OVER_CEILING = "> 100 % of the per-key ceiling";
    private static final String THROTTLED = "throttled";

    /**
     * Paints the legend; {@code unknownColumns}: the view has columns whose heat was not read (metrics not answered,
     * before the stream existed or its retention), drawn in their own colour, which the legend then names.
     */
    public static void paint(
            GraphicsContext g,
            HeatmapPainter text,
            HeatLayout a,
            HeatScale scale,
            int[] lut,
            HeatColors c,
            boolean unknownColumns) {
        if (scale == null || lut == null) {
            return;
        }
        double y = a.legendTop();
        g.setFont(c.font());
        g.setTextBaseline(VPos.CENTER);
        g.setTextAlign(TextAlignment.LEFT);

        // The swatches after the ramp (over-ceiling, throttled) keep their room: the ramp gives up width first, and
        // where even the narrowest ramp leaves too little, the legend starts under the key labels, not the plot.
        boolean absolute = scale.mode() == ScaleMode.ABSOLUTE;
        double overW = absolute ? SWATCH + 5 + text.width(OVER_CEILING, c.font()) + 16 : 0;
        double trailing = overW + SWATCH + 5 + text.width(THROTTLED, c.font());
        double right = a.totalsRight();
        double left = a.left();
        double narrowest = SWATCH + 5 + text.width(NO_TRAFFIC, c.font()) + 16 + MIN_RAMP_W + 16 + trailing;
        if (left + narrowest > right && a.labelLefts().length > 0) {
            left = Math.min(left, a.labelLefts()[0]);
        }
        double x = swatch(g, text, left, y, c.plotBackground(), NO_TRAFFIC, c) + 16;
        if (unknownColumns) {
            // Under "no traffic", on the labels' line, where it fits before the ramp's first label (the row is full
            // at a narrow window); else in the row.
            double below = y + BAR_H + 5;
            boolean fits = left + SWATCH + 5 + text.width(NOT_READ, c.font()) + 6 <= x;
            double sx = fits ? left : x;
            double sy = fits ? below : y;
            // Over the plot's background, as the gap columns are: a translucent theme colour reads the same in both.
            g.setFill(c.plotBackground());
            g.fillRect(sx, sy - 1, SWATCH, SWATCH);
            double end = swatch(g, text, sx, sy, c.missing(), NOT_READ, c);
            if (!fits) {
                x = end + 16;
            }
        }

        double rampW = Math.min(RAMP_W, Math.max(MIN_RAMP_W, Math.min(a.width() * 0.4, right - x - 16 - trailing)));
        double step = rampW / ColorLut.MAX_LEVEL;
        for (int level = 1; level <= ColorLut.MAX_LEVEL; level++) {
            g.setFill(argb(lut[level]));
            g.fillRect(x + (level - 1) * step, y, Math.ceil(step + 0.5), BAR_H);
        }
        g.setStroke(c.axis());
        g.setLineWidth(1);
        g.strokeRect(x - 0.5, y - 0.5, rampW + 1, BAR_H + 1);
        double ticksEnd = ticks(g, text, scale.legend(), x, rampW, y + BAR_H + 3, c);

        // After the ramp's labels where they fit; else beside the ramp (above its labels' line, so the long top label
        // runs on under them); where even that leaves no room, after the labels on their line, if they fit there.
        double ex = Math.max(x + rampW, ticksEnd) + 16;
        double ey = y;
        boolean onLabelsLine = false;
        if (ex + trailing > right) {
            ex = x + rampW + 16;
            onLabelsLine = ex + trailing > right && ticksEnd + 16 + trailing <= right;
            if (onLabelsLine) {
                ex = ticksEnd + 16;
                ey = y + BAR_H + 5;
            }
        }
        if (absolute) {
            ex = swatch(g, text, ex, ey, argb(lut[ColorLut.OVER_CEILING]), OVER_CEILING, c) + 16;
        }
        g.setFill(c.throttle());
        g.fillPolygon(new double[] {ex, ex + SWATCH, ex + SWATCH}, new double[] {ey - 1, ey - 1, ey - 1 + SWATCH}, 3);
        g.setFill(c.text());
        g.setTextAlign(TextAlignment.LEFT);
        g.fillText(THROTTLED, ex + SWATCH + 5, ey + BAR_H / 2);
        double labelsLineEnd = onLabelsLine ? ex + SWATCH + 5 + text.width(THROTTLED, c.font()) : ticksEnd;

        String meaning = scale.mode() == ScaleMode.ABSOLUTE
                ? "Colour: share of the per-key partition ceiling"
                : "Colour: log scale relative to this view's busiest cell";
        // On the labels' line, right-aligned, where the swatches leave no room; dropped when even that is taken.
        double meaningX = a.totalsRight() - text.width(meaning, c.font());
        if (meaningX >= labelsLineEnd + 16) {
            g.setTextBaseline(VPos.TOP);
            g.fillText(meaning, meaningX, y + BAR_H + 3);
            g.setTextBaseline(VPos.CENTER);
        }
    }

    private static double swatch(
            GraphicsContext g,
            HeatmapPainter text,
            double x,
            double y,
            javafx.scene.paint.Paint fill,
            String label,
            HeatColors c) {
        g.setFill(fill);
        g.fillRect(x, y - 1, SWATCH, SWATCH);
        g.setStroke(c.axis());
        g.strokeRect(x - 0.5, y - 1.5, SWATCH + 1, SWATCH + 1);
        g.setFill(c.text());
        g.setTextAlign(TextAlignment.LEFT);
        g.fillText(label, x + SWATCH + 5, y + BAR_H / 2);
        return x + SWATCH + 5 + text.width(label, c.font());
    }

    /**
     * Labels under the ramp, at their level. The top label (which carries the unit, so it is long) is drawn first,
     * starting just before the ramp's end and running on past it, so it leaves the ramp's width to the 25/50/75 %
     * labels instead of covering them; any label that would overlap one already drawn is dropped.
     *
     * @return the right end of the labels, which may lie past the ramp
     */
    private static double ticks(
            GraphicsContext g,
            HeatmapPainter text,
            List<HeatScale.LegendTick> ticks,
            double x,
            double rampW,
            double y,
            HeatColors c) {
        g.setFill(c.text());
        g.setTextBaseline(VPos.TOP);
        double topStart = Double.POSITIVE_INFINITY;
        double labelsEnd = x + rampW;
        HeatScale.LegendTick top = null;
        for (HeatScale.LegendTick t : ticks) {
            if (t.level() == ColorLut.MAX_LEVEL) {
                top = t;
            }
        }
        if (top != null) {
            double w = text.width(top.label(), c.font());
            topStart = x + rampW - Math.min(w, TOP_LABEL_INSET);
            g.setTextAlign(TextAlignment.LEFT);
            g.fillText(top.label(), topStart, y);
            labelsEnd = topStart + w;
        }
        double end = Double.NEGATIVE_INFINITY;
        for (HeatScale.LegendTick t : ticks) {
            if (t.level() >= ColorLut.MAX_LEVEL) {
                continue; // the top is drawn; over-ceiling has its own swatch
            }
            double w = text.width(t.label(), c.font());
            double cx = x + rampW * t.level() / ColorLut.MAX_LEVEL;
            double from = t.level() == 0 ? x : cx - w / 2;
            if (from < end + 8 || from + w > topStart - 8) {
                continue;
            }
            g.setTextAlign(TextAlignment.LEFT);
            g.fillText(t.label(), from, y);
            end = from + w;
        }
        g.setTextBaseline(VPos.CENTER);
        return labelsEnd;
    }

    public static Color argb(int argb) {
        return Color.rgb(argb >> 16 & 0xFF, argb >> 8 & 0xFF, argb & 0xFF, (argb >>> 24) / 255.0);
    }
}
