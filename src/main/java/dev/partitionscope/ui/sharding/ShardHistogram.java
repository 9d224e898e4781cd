package dev.partitionscope.ui.sharding;

import dev.partitionscope.ui.common.Fx;
import dev.partitionscope.ui.common.Theme;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import javafx.geometry.VPos;
import javafx.scene.AccessibleRole;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.Region;
import javafx.scene.paint.Paint;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.TextAlignment;
import javafx.util.Duration;

/**
 * One bar per shard: the share of the ids (or of the load) each suffix gets, against the dashed "even spread" line
 * at 1/N, with a y axis in percent, suffix labels thinned to fit, a legend and a hover tooltip naming the shard, its
 * count and share. A canvas redrawn at most once per pulse; colours from CSS probes (light and dark themes).
 */
public final class ShardHistogram extends Region {
    /** One bar: the suffix label, how many ids, their share of all (0..1). */
    public record Bar(String suffix, long count, double share) {}

    private static final String CSS = Theme.stylesheet("/dev/partitionscope/ui/sharding/sharding.css");
    private static final double AXIS_W = 44;
    private static final double BOTTOM_H = 36;
    private static final double TOP_H = 22;

    private final Canvas canvas = new Canvas();
    private final Label text = probe("shard-text");
    private final Label titleProbe = probe("shard-title");
    private final Label bar = probe("shard-bar");
    private final Label hotBar = probe("shard-hot-bar");
    private final Label even = probe("shard-even");
    private final Label grid = probe("shard-grid");
    private final Tooltip tip = new Tooltip();
    private String title = "";
    private List<Bar> bars = List.of();
    private int possible;
    private boolean dirty = true;

    public ShardHistogram() {
        getStyleClass().add("shard-histogram");
        getStylesheets().add(CSS);
        canvas.setMouseTransparent(true);
        getChildren().addAll(canvas, text, titleProbe, bar, hotBar, even, grid);
        setMinSize(220, 150);
        setPrefSize(420, 220);
        setAccessibleRole(AccessibleRole.IMAGE_VIEW);
        tip.setShowDelay(Duration.millis(80));
        Tooltip.install(this, tip);
        Fx.drawAfterLayout(this, this::drawIfDirty, this::markDirty);
        addEventHandler(MouseEvent.MOUSE_MOVED, this::hover);
    }

    /**
     * Shows bars.
     *
     * @param possible how many shards the scheme has (N): the even share is 1/N, and unused shards count as empty
     */
    public void setData(String newTitle, List<Bar> newBars, int possible) {
        title = Objects.requireNonNullElse(newTitle, "");
        bars = List.copyOf(newBars);
        this.possible = Math.max(possible, bars.size());
        setAccessibleText(title + ": " + bars.size() + " shards used of " + this.possible);
        markDirty();
    }

    public List<Bar> bars() {
        return bars;
    }

    @Override
    protected void layoutChildren() {
        if (Fx.fitCanvases(this, canvas)) {
            markDirty();
        }
    }

    private void markDirty() {
        dirty = true;
        if (getScene() != null) {
            javafx.application.Platform.requestNextPulse();
        }
    }

    private void drawIfDirty() {
        if (!dirty) {
            return;
        }
        dirty = false;
        draw();
    }

    private double maxShare() {
        double max = possible == 0 ? 0 : 1.0 / possible;
        for (Bar b : bars) {
            max = Math.max(max, b.share());
        }
        return max <= 0 ? 1 : max;
    }

    private void draw() {
        GraphicsContext g = canvas.getGraphicsContext2D();
        double w = canvas.getWidth();
        double h = canvas.getHeight();
        g.clearRect(0, 0, w, h);
        Font font = text.getFont();
        Font bold = Font.font(
                font.getFamily(), FontWeight.BOLD, titleProbe.getFont().getSize());
        g.setTextBaseline(VPos.CENTER);
        g.setFont(bold);
        g.setFill(paint(titleProbe));
        g.setTextAlign(TextAlignment.LEFT);
        g.fillText(title, 0, TOP_H / 2 - 2);
        legend(g, w, font);
        double left = AXIS_W;
        double top = TOP_H + 4;
        double right = w - 4;
        double bottom = h - BOTTOM_H;
        if (bottom <= top || right <= left) {
            return;
        }
        double[] scale = niceScale(maxShare());
        double max = scale[0];
        int divisions = (int) scale[1];
        g.setFont(font);
        g.setTextAlign(TextAlignment.RIGHT);
        for (int i = 0; i <= divisions; i++) {
            double v = max * i / divisions;
            double y = Math.round(bottom - (bottom - top) * i / divisions) + 0.5;
            g.setStroke(paint(grid));
            g.setLineWidth(1);
            g.strokeLine(left, y, right, y);
            g.setFill(paint(text));
            g.fillText(percent(v), left - 6, y);
        }
        int n = Math.max(1, possible);
        double slot = (right - left) / n;
        double gap = slot > 6 ? Math.min(4, slot * 0.2) : 0;
        double evenShare = 1.0 / n;
        for (int i = 0; i < bars.size(); i++) {
            Bar b = bars.get(i);
            double x0 = left + slot * i + gap / 2;
            double bh = (bottom - top) * b.share() / max;
            g.setFill(paint(b.share() > 2 * evenShare && n > 1 ? hotBar : bar));
            g.fillRect(x0, bottom - bh, Math.max(1, slot - gap), bh);
        }
        double ey = Math.round(bottom - (bottom - top) * evenShare / max) + 0.5;
        g.setStroke(paint(even));
        g.setLineWidth(1.5);
        g.setLineDashes(6, 4);
        g.strokeLine(left, ey, right, ey);
        g.setLineDashes((double[]) null);
        // Suffix labels under the bars, thinned so they never overlap.
        g.setFill(paint(text));
        g.setTextAlign(TextAlignment.CENTER);
        double labelW = 0;
        for (Bar b : bars) {
            labelW = Math.max(labelW, width(b.suffix(), font));
        }
        int every = Math.max(1, (int) Math.ceil((labelW + 8) / slot));
        for (int i = 0; i < bars.size(); i += every) {
            g.fillText(bars.get(i).suffix(), left + slot * (i + 0.5), bottom + 10);
        }
        g.setTextAlign(TextAlignment.LEFT);
        g.fillText(
                "shard suffix" + (bars.size() < n ? " (" + (n - bars.size()) + " of " + n + " unused, not drawn)" : ""),
                left,
                bottom + 27);
    }

    private void legend(GraphicsContext g, double w, Font font) {
        g.setFont(font);
        String a = "share of ids";
        String b = "even (1/N)";
        double x = w - width(b, font) - 22 - width(a, font) - 30;
        g.setFill(paint(bar));
        g.fillRect(x, TOP_H / 2 - 7, 10, 10);
        g.setFill(paint(text));
        g.fillText(a, x + 14, TOP_H / 2 - 2);
        x += 14 + width(a, font) + 16;
        g.setStroke(paint(even));
        g.setLineWidth(1.5);
        g.setLineDashes(4, 3);
        g.strokeLine(x, TOP_H / 2 - 2, x + 14, TOP_H / 2 - 2);
        g.setLineDashes((double[]) null);
        g.fillText(b, x + 18, TOP_H / 2 - 2);
    }

    private void hover(MouseEvent e) {
        double left = snappedLeftInset() + AXIS_W;
        double right = getWidth() - snappedRightInset() - 4;
        int n = Math.max(1, possible);
        int i = (int) Math.floor((e.getX() - left) / ((right - left) / n));
        if (i < 0 || i >= bars.size()) {
            tip.setText(
                    bars.isEmpty()
                            ? "No ids yet"
                            : String.format(Locale.ROOT, "%,d shards used of %,d", bars.size(), n));
            return;
        }
        Bar b = bars.get(i);
        tip.setText(String.format(
                Locale.ROOT,
                "shard %s: %,d ids, %s (even: %s)",
                b.suffix(),
                b.count(),
                percent(b.share()),
                percent(1.0 / n)));
    }

    static String percent(double share) {
        double p = share * 100;
        return String.format(Locale.ROOT, p >= 10 || p == Math.rint(p) ? "%.0f %%" : "%.1f %%", p);
    }

    /**
     * The axis's top and how many divisions under it, so that every tick is a round percentage (hash:4's bars near
     * 25 % had ticks of 13 % and 38 % under a top of 50 %).
     */
    static double[] niceScale(double max) {
        double[][] scales = {
            {0.01, 5}, {0.02, 4}, {0.05, 5}, {0.1, 5}, {0.2, 4}, {0.3, 3}, {0.4, 4}, {0.5, 5}, {0.6, 3}, {0.8, 4},
            {1, 4}
        };
        for (double[] s : scales) {
            if (max <= s[0] + 1e-12) {
                return s;
            }
        }
        return scales[scales.length - 1];
    }

    private static double width(String s, Font font) {
        return dev.partitionscope.ui.common.CssProbe.textWidth(s, font);
    }

    private static Paint paint(Label probe) {
        return dev.partitionscope.ui.common.CssProbe.paint(probe);
    }

    private Label probe(String styleClass) {
        return dev.partitionscope.ui.common.CssProbe.create(this::markDirty, "shard-probe", styleClass);
    }
}
