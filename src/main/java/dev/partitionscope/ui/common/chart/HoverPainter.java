package dev.partitionscope.ui.common.chart;

import dev.partitionscope.core.chart.TimeTicks;
import dev.partitionscope.ui.common.chart.TimeChart.Kind;
import dev.partitionscope.ui.common.chart.TimeChart.Series;
import java.util.List;
import java.util.function.DoubleFunction;
import javafx.geometry.VPos;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.TextAlignment;

/**
 * Draws the hover layer on the overlay canvas: a crosshair on the bucket under the mouse, a dot on each line, and a
 * box with the bucket's time span and every series' value. Only this layer is redrawn when the mouse moves.
 */
public final class HoverPainter {
    private static final double PAD = 8;
    private static final double GAP = 16;

    private final TextMeasure measure = new TextMeasure();

    public void paint(
            GraphicsContext g,
            double w,
            double h,
            PlotArea a,
            int bucket,
            double mouseY,
            Palette p,
            DoubleFunction<String> format,
            String unit) {
        ChartData d = a.data();
        double cx = Math.round(a.x(bucket + 0.5)) + 0.5;
        g.setStroke(p.crosshair());
        g.setLineWidth(1);
        g.setLineDashes((double[]) null);
        g.strokeLine(cx, a.top(), cx, a.bottom());

        List<Series> series = d.series();
        String[] values = new String[series.size()];
        Font font = p.font();
        Font bold = Font.font(font.getFamily(), FontWeight.BOLD, font.getSize());
        String span = TimeTicks.bucket(
                d.bucketStart(bucket),
                d.bucketStart(bucket + 1),
                d.zone(),
                TimeTicks.crossesDays(d.start(), d.end(), d.zone()));
        double nameW = 0;
        double valueW = 0;
        for (int i = 0; i < series.size(); i++) {
            Series s = series.get(i);
            double v = bucket < s.values().length ? s.values()[bucket] : Double.NaN;
            values[i] = Double.isNaN(v) ? "—" : unit.isEmpty() ? format.apply(v) : format.apply(v) + " " + unit;
            nameW = Math.max(nameW, measure.width(s.name(), font));
            valueW = Math.max(valueW, measure.width(values[i], font));
            if (s.kind() != Kind.STACKED_BAR && Double.isFinite(v)) {
                // A ring in the box's background colour, so the dot shows on its own line too.
                g.setFill(p.hoverBackground());
                g.fillOval(cx - 5, a.y(v) - 5, 10, 10);
                g.setFill(p.series().apply(s.colorClass()));
                g.fillOval(cx - 3.5, a.y(v) - 3.5, 7, 7);
            }
        }
        double line = measure.lineHeight(font) + 3;
        double boxW = Math.ceil(Math.max(measure.width(span, bold), 22 + nameW + GAP + valueW) + 2 * PAD);
        double boxH = Math.ceil(PAD * 2 + line * (series.size() + 1));
        double x = cx + 14;
        if (x + boxW > w) {
            x = cx - 14 - boxW;
        }
        x = Math.round(Math.max(0, x));
        double y = Math.round(Math.max(0, Math.min(h - boxH, mouseY - boxH / 2)));

        g.setFill(p.hoverBackground());
        g.fillRoundRect(x, y, boxW, boxH, 8, 8);
        g.setStroke(p.hoverBorder());
        g.strokeRoundRect(x + 0.5, y + 0.5, boxW - 1, boxH - 1, 8, 8);

        g.setTextBaseline(VPos.CENTER);
        g.setTextAlign(TextAlignment.LEFT);
        g.setFill(p.hoverText());
        g.setFont(bold);
        double row = y + PAD + line / 2;
        g.fillText(span, x + PAD, row);
        g.setFont(font);
        for (int i = 0; i < series.size(); i++) {
            Series s = series.get(i);
            row += line;
            PlotPainter.swatch(g, s, p.series().apply(s.colorClass()), x + PAD, row);
            g.setFill(p.hoverText());
            g.setTextAlign(TextAlignment.LEFT);
            g.fillText(s.name(), x + PAD + 22, row);
            g.setTextAlign(TextAlignment.RIGHT);
            g.fillText(values[i], x + boxW - PAD, row);
        }
    }
}
