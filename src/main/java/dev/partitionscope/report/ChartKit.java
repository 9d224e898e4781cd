package dev.partitionscope.report;

import dev.partitionscope.core.chart.TimeTicks;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import javax.imageio.ImageIO;

/**
 * What the report's two images share: the light theme's colours (AtlantaFX Primer light, as the app's CSS looks them
 * up), fonts, anti-aliased {@link Graphics2D} set-up, UTC time ticks (core's {@link TimeTicks}, as on screen) and PNG
 * encoding. Plain AWT
 * (java.desktop) in headless mode, so {@code partitionscope report} draws on a server without a display or a JavaFX
 * toolkit.
 */
final class ChartKit {
    static final Color BACKGROUND = Color.WHITE;
    static final Color TEXT = new Color(0x1F2328);
    static final Color MUTED = new Color(0x59636E);
    static final Color GRID = new Color(0xE6EAEF);
    static final Color AXIS = new Color(0xD1D9E0);
    static final Color SUBTLE = new Color(0xF6F8FA);
    /** The heatmap's plot background: "no traffic" (the app's .heat-plot-background). */
    static final Color PLOT = new Color(0x07090C);

    static final Color ACCENT = new Color(0x0969DA);
    static final Color DANGER = new Color(0xCF222E);
    static final Color PURPLE = new Color(0x8250DF);
    static final Color ORANGE = new Color(0xBC4C00);
    static final Color GREEN = new Color(0x1A7F37);

    private static final String FAMILY = Font.SANS_SERIF;
    static final Font TITLE = new Font(FAMILY, Font.BOLD, 24);
    static final Font SUBTITLE = new Font(FAMILY, Font.PLAIN, 15);
    static final Font LABEL = new Font(FAMILY, Font.PLAIN, 14);
    static final Font BOLD = new Font(FAMILY, Font.BOLD, 14);
    static final Font SMALL = new Font(FAMILY, Font.PLAIN, 12);

    private static final DateTimeFormatter HH_MM =
            DateTimeFormatter.ofPattern("HH:mm", Locale.ROOT).withZone(ZoneOffset.UTC);
    static final DateTimeFormatter WHEN =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm", Locale.ROOT).withZone(ZoneOffset.UTC);

    private ChartKit() {}

    /** A white canvas with anti-aliased shapes and text. */
    static Graphics2D canvas(BufferedImage image) {
        Graphics2D g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_FRACTIONALMETRICS, RenderingHints.VALUE_FRACTIONALMETRICS_ON);
        g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
        g.setColor(BACKGROUND);
        g.fillRect(0, 0, image.getWidth(), image.getHeight());
        return g;
    }

    static byte[] png(BufferedImage image) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            if (!ImageIO.write(image, "png", out)) {
                throw new IOException("this Java has no PNG writer");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    static void text(Graphics2D g, String s, Font font, Color color, double x, double baseline) {
        g.setFont(font);
        g.setColor(color);
        g.drawString(s, (float) x, (float) baseline);
    }

    static void textRight(Graphics2D g, String s, Font font, Color color, double right, double baseline) {
        text(g, s, font, color, right - width(g, s, font), baseline);
    }

    static void textCentered(Graphics2D g, String s, Font font, Color color, double centre, double baseline) {
        text(g, s, font, color, centre - width(g, s, font) / 2, baseline);
    }

    static double width(Graphics2D g, String s, Font font) {
        return g.getFontMetrics(font).getStringBounds(s, g).getWidth();
    }

    /** The baseline that centres the font's capitals on {@code y}. */
    static double middle(Graphics2D g, Font font, double y) {
        FontMetrics m = g.getFontMetrics(font);
        return y + (m.getAscent() - m.getDescent()) / 2.0;
    }

    /** {@code s}, cut with "…" to fit {@code max} pixels. */
    static String fit(Graphics2D g, String s, Font font, double max) {
        if (width(g, s, font) <= max) {
            return s;
        }
        String cut = s;
        while (cut.length() > 1 && width(g, cut + "…", font) > max) {
            cut = cut.substring(0, cut.length() - 1);
        }
        return cut + "…";
    }

    static void stroke(Graphics2D g, Color color, float width) {
        g.setColor(color);
        g.setStroke(new BasicStroke(width, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND));
    }

    static void dashed(Graphics2D g, Color color, float width) {
        g.setColor(color);
        g.setStroke(new BasicStroke(width, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10, new float[] {8, 5}, 0));
    }

    /**
     * Ticks at round UTC times in [from, to], chosen as the app's charts choose them ({@link TimeTicks}): the
     * smallest round step whose labels, in this font, stay at least {@code minGap} pixels apart.
     */
    static List<TimeTicks.Tick> timeTicks(Graphics2D g, Instant from, Instant to, double widthPx, double minGap) {
        return TimeTicks.ticks(
                from, to, ZoneOffset.UTC, sample -> (int) (widthPx / Math.max(minGap, width(g, sample, LABEL) + 16)));
    }

    /** {@code 1,250}, {@code 12.5}, {@code 0.25}, {@code 1.2 M}. */
    static String number(double v) {
        double a = Math.abs(v);
        if (a >= 1_000_000) {
            return String.format(Locale.ROOT, "%.1f M", v / 1e6);
        }
        if (a >= 100 || v == Math.rint(v)) {
            return String.format(Locale.ROOT, "%,.0f", v);
        }
        return String.format(Locale.ROOT, a >= 1 ? "%.1f" : "%.2f", v);
    }

    /** "2026-06-22 09:55 → 10:10 UTC", with the date twice only when the window crosses days. */
    static String window(Instant start, Instant end) {
        boolean sameDay = start.getEpochSecond() / 86_400 == (end.getEpochSecond() - 1) / 86_400;
        return WHEN.format(start) + " → " + (sameDay ? HH_MM.format(end) : WHEN.format(end)) + " UTC";
    }
}
