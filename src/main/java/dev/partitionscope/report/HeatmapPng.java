package dev.partitionscope.report;

import dev.partitionscope.core.chart.TimeTicks;
import dev.partitionscope.core.heat.ColorLut;
import dev.partitionscope.core.heat.HeatGrid;
import dev.partitionscope.core.heat.HeatPalette;
import dev.partitionscope.core.heat.HeatPipeline;
import dev.partitionscope.core.heat.HeatRaster;
import dev.partitionscope.core.heat.HeatRow;
import dev.partitionscope.core.heat.HeatScale;
import dev.partitionscope.core.heat.TopKey;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.time.Instant;
import java.util.Locale;

/**
 * The heatmap as a PNG for a design doc or a slide, drawn the way the Heatmap screen draws it: one pixel per cell
 * coloured through the same {@link ColorLut} ({@link HeatPalette#HEAT}, absolute scale: colour = share of one key's
 * partition ceiling, cyan above it), scaled up without smoothing, keys on the left, each row's share on the right,
 * throttle marks in throttled cells, the throttle strip by cause, a UTC time axis and the legend.
 */
final class HeatmapPng {
    static final int WIDTH = 1600;
    static final int HEIGHT = 900;
    private static final int MARGIN = 24;
    private static final int PLOT_TOP = 104;
    private static final int SHARE_W = 170;
    private static final int STRIP_H = 46;
    private static final int AXIS_H = 30;
    private static final int LEGEND_H = 52;

    private HeatmapPng() {}

    static byte[] render(Report report) {
        BufferedImage image = new BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = ChartKit.canvas(image);
        try {
            HeatPipeline.Result heat = report.heat();
            HeatGrid grid = heat == null ? null : heat.grid();
            title(g, report, grid);
            if (grid == null || grid.rowCount() == 0 || grid.columnCount() == 0) {
                ChartKit.textCentered(
                        g,
                        "No per-key data: Contributor Insights — "
                                + report.insightsStatus(report.resources().get(0))
                                        .message(),
                        ChartKit.SUBTITLE,
                        ChartKit.MUTED,
                        WIDTH / 2.0,
                        HEIGHT / 2.0);
                ChartKit.textCentered(
                        g,
                        "The heatmap is drawn from its per-key reports: enable it on the table"
                                + " (Metrics screen) and report again once traffic has run.",
                        ChartKit.LABEL,
                        ChartKit.MUTED,
                        WIDTH / 2.0,
                        HEIGHT / 2.0 + 28);
                return ChartKit.png(image);
            }
            draw(g, heat, grid, report.snapshot().status().state().hasValues());
        } finally {
            g.dispose();
        }
        return ChartKit.png(image);
    }

    private static void title(Graphics2D g, Report r, HeatGrid grid) {
        ChartKit.text(g, "Heatmap · " + r.table(), ChartKit.TITLE, ChartKit.TEXT, MARGIN, 44);
        String columns = grid == null
                ? ""
                : String.format(Locale.ROOT, " · %d columns of %s", grid.columnCount(), duration(grid.columnSeconds()));
        ChartKit.text(
                g,
                ChartKit.window(r.window().start(), r.window().end()) + columns + " · consumed throughput"
                        + " units per partition key (Contributor Insights) · " + r.where(),
                ChartKit.SUBTITLE,
                ChartKit.MUTED,
                MARGIN,
                70);
        TopKey hot = r.hotKey();
        if (hot != null) {
            String s = String.format(
                    Locale.ROOT,
                    "Hottest key: %s%s · peak %.0f %% of one key's ceiling · %,d" + " throttled requests",
                    hot.key().label(),
                    hot.key().index() == null ? "" : " (" + hot.key().index() + ")",
                    hot.peakPercentOfCeiling(),
                    hot.throttles());
            ChartKit.text(g, s, ChartKit.BOLD, hot.throttles() > 0 ? ChartKit.DANGER : ChartKit.TEXT, MARGIN, 92);
        }
    }

    private static void draw(Graphics2D g, HeatPipeline.Result heat, HeatGrid grid, boolean metricsLoaded) {
        int rows = grid.rowCount();
        int columns = grid.columnCount();
        boolean manyResources =
                grid.rows().stream().map(HeatRow::resourceLabel).distinct().count() > 1;
        double labelW = 0;
        for (HeatRow row : grid.rows()) {
            labelW = Math.max(labelW, ChartKit.width(g, label(row, manyResources), ChartKit.LABEL));
        }
        labelW = Math.max(210, Math.min(400, labelW + 20)); // the throttle strip's key needs ~200 px
        double x0 = MARGIN + labelW;
        double x1 = plotRight();
        double y0 = plotTop();
        double y1 = plotBottom();
        double cw = (x1 - x0) / columns;
        double rh = (y1 - y0) / rows;

        // The cells: one pixel each, through the app's colour table, scaled up with smoothing off.
        HeatScale scale = Double.isNaN(grid.unit().ceiling())
                ? HeatScale.relativeLog(grid.maxPerMinute(), grid.unit())
                : HeatScale.absolute(grid.unit());
        int[] lut = ColorLut.build(HeatPalette.HEAT, 0).table();
        int[] argb = new int[rows * columns];
        HeatRaster.rasterize(grid, scale, lut, argb);
        BufferedImage cells = new BufferedImage(columns, rows, BufferedImage.TYPE_INT_ARGB);
        cells.setRGB(0, 0, columns, rows, argb, 0, columns);
        g.setColor(ChartKit.PLOT);
        g.fill(new Rectangle2D.Double(x0, y0, x1 - x0, y1 - y0));
        g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_NEAREST_NEIGHBOR);
        g.drawImage(
                cells,
                (int) Math.round(x0),
                (int) Math.round(y0),
                (int) Math.round(x1 - x0),
                (int) Math.round(y1 - y0),
                null);
        missingColumns(g, grid, x0, y0, cw, y1 - y0);
        if (rh >= 6) {
            g.setColor(ChartKit.PLOT);
            for (int r = 1; r < rows; r++) {
                g.fill(new Rectangle2D.Double(x0, y0 + r * rh - 0.5, x1 - x0, 1));
            }
        }
        throttleMarks(g, grid, x0, y0, cw, rh);
        rowLabels(g, grid, manyResources, x0, y0, rh);
        shares(g, grid, x1, y0, rh);
        ThrottleStrip.draw(g, heat, grid, metricsLoaded, x0, x1, y1 + 8, STRIP_H - 8);
        timeAxis(g, grid, x0, x1, y1 + STRIP_H + 4);
        HeatLegend.draw(g, scale, lut, MARGIN, HEIGHT - MARGIN - LEGEND_H + 16, WIDTH - 2 * MARGIN);
    }

    private static void missingColumns(Graphics2D g, HeatGrid grid, double x0, double y0, double cw, double h) {
        g.setColor(new Color(0x9A, 0x67, 0x00, 110));
        for (int c = 0; c < grid.columnCount(); c++) {
            if (grid.missing(c)) {
                g.fill(new Rectangle2D.Double(x0 + c * cw, y0, cw, h));
            }
        }
    }

    /** A red triangle in each throttled cell's top-left corner (a band along the row's top where cells are thin). */
    private static void throttleMarks(Graphics2D g, HeatGrid grid, double x0, double y0, double cw, double rh) {
        if (rh < 4) {
            return;
        }
        double size = Math.min(14, Math.min(cw, rh) * 0.5);
        boolean bands = size < 5;
        for (int r = 0; r < grid.rowCount(); r++) {
            for (int c = 0; c < grid.columnCount(); c++) {
                if (!grid.throttled(r, c)) {
                    continue;
                }
                double x = x0 + c * cw;
                double y = y0 + r * rh;
                if (bands) {
                    g.setColor(ChartKit.DANGER);
                    g.fill(new Rectangle2D.Double(x, y, cw, Math.min(3, rh / 3)));
                    continue;
                }
                Path2D.Double t = new Path2D.Double();
                t.moveTo(x + 1, y + 1);
                t.lineTo(x + 1 + size, y + 1);
                t.lineTo(x + 1, y + 1 + size);
                t.closePath();
                g.setColor(ChartKit.DANGER);
                g.fill(t);
                ChartKit.stroke(g, Color.WHITE, 1f);
                g.draw(t);
            }
        }
    }

    private static void rowLabels(Graphics2D g, HeatGrid grid, boolean manyResources, double x0, double y0, double rh) {
        int every = Math.max(1, (int) Math.ceil(16 / rh));
        for (int r = 0; r < grid.rowCount(); r += every) {
            HeatRow row = grid.row(r);
            boolean hot = grid.rowThrottles(r) > 0;
            String text =
                    ChartKit.fit(g, label(row, manyResources), hot ? ChartKit.BOLD : ChartKit.LABEL, x0 - MARGIN - 12);
            ChartKit.textRight(
                    g,
                    text,
                    hot ? ChartKit.BOLD : ChartKit.LABEL,
                    row.other() ? ChartKit.MUTED : ChartKit.TEXT,
                    x0 - 10,
                    ChartKit.middle(g, ChartKit.LABEL, y0 + (r + 0.5) * rh));
        }
    }

    private static String label(HeatRow row, boolean manyResources) {
        String key = row.merged() ? row.label() + " (" + row.memberCount() + " keys)" : row.label();
        return manyResources && row.index() != null ? row.index() + " · " + key : key;
    }

    /** Each row's share of the window's traffic, and its throttled requests. */
    private static void shares(Graphics2D g, HeatGrid grid, double x1, double y0, double rh) {
        double total = grid.total();
        double barX = x1 + 12;
        double barW = 60;
        ChartKit.text(g, "share · throttled", ChartKit.SMALL, ChartKit.MUTED, barX, y0 - 6);
        int every = Math.max(1, (int) Math.ceil(16 / rh));
        for (int r = 0; r < grid.rowCount(); r++) {
            double share = total > 0 ? grid.rowTotal(r) / total : 0;
            double y = y0 + (r + 0.5) * rh;
            double h = Math.max(2, Math.min(12, rh - 4));
            g.setColor(ChartKit.GRID);
            g.fill(new Rectangle2D.Double(barX, y - h / 2, barW, h));
            g.setColor(ChartKit.ACCENT);
            g.fill(new Rectangle2D.Double(barX, y - h / 2, barW * share, h));
            if (r % every == 0) {
                String pct = share > 0 && share < 0.001 ? "<0.1 %" : String.format(Locale.ROOT, "%.1f %%", share * 100);
                double base = ChartKit.middle(g, ChartKit.SMALL, y);
                ChartKit.text(g, pct, ChartKit.SMALL, ChartKit.TEXT, barX + barW + 6, base);
                long t = grid.rowThrottles(r);
                if (t > 0) {
                    ChartKit.textRight(
                            g, ChartKit.number((double) t), ChartKit.SMALL, ChartKit.DANGER, WIDTH - MARGIN + 4, base);
                }
            }
        }
    }

    private static void timeAxis(Graphics2D g, HeatGrid grid, double x0, double x1, double y) {
        Instant start = grid.columnStart(0);
        Instant end = grid.columnStart(grid.columnCount());
        double span = end.getEpochSecond() - start.getEpochSecond();
        ChartKit.stroke(g, ChartKit.AXIS, 1f);
        g.draw(new java.awt.geom.Line2D.Double(x0, y, x1, y));
        for (TimeTicks.Tick t : ChartKit.timeTicks(g, start, end, x1 - x0, 90)) {
            double x = x0 + (t.at().getEpochSecond() - start.getEpochSecond()) / span * (x1 - x0);
            ChartKit.stroke(g, ChartKit.MUTED, 1f);
            g.draw(new java.awt.geom.Line2D.Double(x, y, x, y + 5));
            ChartKit.textCentered(g, t.label(), ChartKit.LABEL, ChartKit.TEXT, x, y + 21);
        }
        ChartKit.text(g, "UTC", ChartKit.SMALL, ChartKit.MUTED, x1 + 34, y + 20);
    }

    /** The cells' right edge: fixed, whatever the labels' width (tests find rows by it). */
    static double plotRight() {
        return WIDTH - MARGIN - SHARE_W;
    }

    static double plotTop() {
        return PLOT_TOP + 8;
    }

    static double plotBottom() {
        return HEIGHT - MARGIN - LEGEND_H - AXIS_H - STRIP_H - 8;
    }

    static String duration(int seconds) {
        if (seconds % 3600 == 0) {
            return seconds / 3600 + " h";
        }
        return seconds % 60 == 0 ? seconds / 60 + " min" : seconds + " s";
    }
}
