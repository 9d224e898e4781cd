package dev.partitionscope.report;

import dev.partitionscope.core.chart.NiceScale;
import dev.partitionscope.core.chart.TimeTicks;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * One chart of the metrics PNG: values per CloudWatch period over the window, a title with its unit, a y axis at
 * round steps, an inline legend, and the UTC time axis when asked. Lines break where a period has no datapoint (NaN),
 * because "not reported" is not zero; stacked bars are for counts, where absent does mean zero.
 */
final class TimePanel {
    enum Style {
        AREA,
        LINE,
        DASHED,
        DOTTED,
        STACKED_BARS
    }

    /** One series: a value per period (NaN = no datapoint). */
    record Series(String name, Color color, Style style, double[] values) {}

    private final String title;
    private final String unit;
    private final Instant start;
    private final int periodSeconds;
    private final int columns;
    private final List<Series> series = new ArrayList<>();
    private String note;

    TimePanel(String title, String unit, Instant start, int periodSeconds, int columns) {
        this.title = title;
        this.unit = unit;
        this.start = start;
        this.periodSeconds = periodSeconds;
        this.columns = columns;
    }

    TimePanel add(Series s) {
        series.add(s);
        return this;
    }

    /** A line of text instead of a chart when there is nothing to draw ("Not supported by this endpoint"). */
    TimePanel note(String text) {
        this.note = text;
        return this;
    }

    void draw(Graphics2D g, double x0, double y, double x1, double height, boolean timeAxis) {
        ChartKit.text(g, title, ChartKit.BOLD, ChartKit.TEXT, x0 - 80, y + 14);
        legend(g, x1, y + 14);
        double top = y + 28;
        double bottom = y + height - (timeAxis ? 26 : 6);
        // The y axis the app's chart of the same metric shows: 0 to a round top in 2 to 4 steps, the same labels.
        NiceScale scale = NiceScale.of(max());
        double ceiling = scale.top();
        for (double v : scale.ticks()) {
            double py = bottom - v / ceiling * (bottom - top);
            ChartKit.stroke(g, v == 0 ? ChartKit.AXIS : ChartKit.GRID, 1f);
            g.draw(new Line2D.Double(x0, py, x1, py));
            ChartKit.textRight(
                    g, scale.label(v), ChartKit.SMALL, ChartKit.MUTED, x0 - 8, ChartKit.middle(g, ChartKit.SMALL, py));
        }
        verticalUnit(g, x0 - 64, (top + bottom) / 2);
        double end = (double) columns * periodSeconds;
        if (timeAxis) {
            Instant to = start.plusSeconds((long) end);
            for (TimeTicks.Tick t : ChartKit.timeTicks(g, start, to, x1 - x0, 90)) {
                double x = x0 + (t.at().getEpochSecond() - start.getEpochSecond()) / end * (x1 - x0);
                ChartKit.stroke(g, ChartKit.MUTED, 1f);
                g.draw(new Line2D.Double(x, bottom, x, bottom + 5));
                ChartKit.textCentered(g, t.label(), ChartKit.LABEL, ChartKit.TEXT, x, bottom + 21);
            }
            ChartKit.text(g, "UTC", ChartKit.SMALL, ChartKit.MUTED, x1 + 24, bottom + 20);
        }
        if (note != null) {
            ChartKit.textCentered(g, note, ChartKit.LABEL, ChartKit.MUTED, (x0 + x1) / 2, (top + bottom) / 2);
            return;
        }
        double cw = (x1 - x0) / columns;
        bars(g, x0, cw, top, bottom, ceiling);
        for (Series s : series) {
            if (s.style() != Style.STACKED_BARS) {
                line(g, s, x0, cw, top, bottom, ceiling);
            }
        }
    }

    private double max() {
        double max = 0;
        double[] stacked = new double[columns];
        for (Series s : series) {
            for (int c = 0; c < columns && c < s.values().length; c++) {
                double v = s.values()[c];
                if (Double.isNaN(v)) {
                    continue;
                }
                if (s.style() == Style.STACKED_BARS) {
                    stacked[c] += v;
                    max = Math.max(max, stacked[c]);
                } else {
                    max = Math.max(max, v);
                }
            }
        }
        return max * 1.08;
    }

    private void bars(Graphics2D g, double x0, double cw, double top, double bottom, double ceiling) {
        double[] base = new double[columns];
        double gap = cw > 4 ? Math.min(2, cw * 0.15) : 0;
        for (Series s : series) {
            if (s.style() != Style.STACKED_BARS) {
                continue;
            }
            g.setColor(s.color());
            for (int c = 0; c < columns && c < s.values().length; c++) {
                double v = s.values()[c];
                if (!(v > 0)) {
                    continue;
                }
                double y0 = bottom - (base[c] + v) / ceiling * (bottom - top);
                double y1 = bottom - base[c] / ceiling * (bottom - top);
                g.fill(new Rectangle2D.Double(x0 + c * cw + gap / 2, y0, cw - gap, y1 - y0));
                base[c] += v;
            }
        }
    }

    private void line(Graphics2D g, Series s, double x0, double cw, double top, double bottom, double ceiling) {
        Path2D.Double path = new Path2D.Double();
        Path2D.Double area = new Path2D.Double();
        boolean open = false;
        boolean any = false;
        double lastX = 0;
        for (int c = 0; c < columns && c < s.values().length; c++) {
            double v = s.values()[c];
            double x = x0 + (c + 0.5) * cw;
            if (Double.isNaN(v)) {
                if (open && s.style() == Style.AREA) {
                    closeArea(area, lastX, bottom);
                }
                open = false;
                continue;
            }
            double y = bottom - v / ceiling * (bottom - top);
            if (!open) {
                path.moveTo(x, y);
                area.moveTo(x, bottom);
                area.lineTo(x, y);
                open = true;
                any = true;
            } else {
                path.lineTo(x, y);
                area.lineTo(x, y);
            }
            lastX = x;
        }
        if (open && s.style() == Style.AREA) {
            closeArea(area, lastX, bottom);
        }
        if (s.style() == Style.AREA && any) {
            g.setColor(new Color(
                    s.color().getRed(), s.color().getGreen(), s.color().getBlue(), 46));
            g.fill(area);
        }
        switch (s.style()) {
            case DASHED -> ChartKit.dashed(g, s.color(), 2f);
            case DOTTED -> {
                g.setColor(s.color());
                g.setStroke(new java.awt.BasicStroke(
                        1.5f,
                        java.awt.BasicStroke.CAP_ROUND,
                        java.awt.BasicStroke.JOIN_ROUND,
                        10,
                        new float[] {2, 4},
                        0));
            }
            default -> ChartKit.stroke(g, s.color(), 2.2f);
        }
        g.draw(path);
    }

    /** The unit along the y axis, read bottom to top. */
    private void verticalUnit(Graphics2D g, double x, double centreY) {
        java.awt.geom.AffineTransform saved = g.getTransform();
        g.rotate(-Math.PI / 2, x, centreY);
        ChartKit.textCentered(g, unit, ChartKit.SMALL, ChartKit.MUTED, x, centreY);
        g.setTransform(saved);
    }

    private static void closeArea(Path2D.Double area, double x, double bottom) {
        area.lineTo(x, bottom);
        area.closePath();
    }

    private void legend(Graphics2D g, double right, double baseline) {
        double x = right;
        for (int i = series.size() - 1; i >= 0; i--) {
            Series s = series.get(i);
            x -= ChartKit.width(g, s.name(), ChartKit.SMALL);
            ChartKit.text(g, s.name(), ChartKit.SMALL, ChartKit.TEXT, x, baseline);
            x -= 26;
            g.setColor(s.color());
            if (s.style() == Style.STACKED_BARS || s.style() == Style.AREA) {
                g.fill(new Rectangle2D.Double(x, baseline - 10, 18, 10));
            } else {
                if (s.style() == Style.DASHED) {
                    ChartKit.dashed(g, s.color(), 2f);
                } else {
                    ChartKit.stroke(g, s.color(), s.style() == Style.DOTTED ? 1.5f : 2.2f);
                }
                g.draw(new Line2D.Double(x, baseline - 5, x + 18, baseline - 5));
            }
            x -= 18;
        }
    }
}
