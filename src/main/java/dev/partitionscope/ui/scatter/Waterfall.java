package dev.partitionscope.ui.scatter;

import dev.partitionscope.core.scatter.RequestSpan;
import dev.partitionscope.ui.common.Fx;
import dev.partitionscope.ui.common.Theme;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
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
 * The waterfall of a scatter-gather read: one row per shard, one bar per request from when it was sent to when it
 * ended (ms from the start of the read), coloured by outcome — answered, throttled (then retried after a backoff),
 * failed, cancelled. Bars that overlap across rows are the parallelism that makes N queries cost about one; a
 * staircase means the concurrency limit queued them. Time axis in ms with readable ticks, a legend, and a hover
 * tooltip naming the shard, page, attempt, times and outcome. A canvas redrawn at most once per pulse while requests
 * stream in; colours from CSS probes (light and dark themes).
 */
public final class Waterfall extends Region {
    private static final String CSS = Theme.stylesheet("/dev/partitionscope/ui/scatter/scatter.css");
    private static final double TOP_H = 22;
    private static final double AXIS_H = 22;
    private static final double MAX_ROW = 16;

    private final Canvas canvas = new Canvas();
    private final Label text = probe("wf-text");
    private final Label titleProbe = probe("wf-title");
    private final Label ok = probe("wf-ok");
    private final Label throttled = probe("wf-throttled");
    private final Label failed = probe("wf-failed");
    private final Label cancelled = probe("wf-cancelled");
    private final Label grid = probe("wf-grid");
    private final Tooltip tip = new Tooltip();
    private List<String> rows = List.of();
    private List<RequestSpan> spans = List.of();
    private long wallMs;
    private boolean dirty = true;
    private double labelW;
    private double header = TOP_H;

    public Waterfall() {
        getStyleClass().add("scatter-waterfall");
        getStylesheets().add(CSS);
        setId("scatterWaterfall");
        canvas.setMouseTransparent(true);
        getChildren().addAll(canvas, text, titleProbe, ok, throttled, failed, cancelled, grid);
        setMinSize(260, 140);
        setPrefSize(520, 230);
        setAccessibleRole(AccessibleRole.IMAGE_VIEW);
        tip.setShowDelay(Duration.millis(80));
        Tooltip.install(this, tip);
        Fx.drawAfterLayout(this, this::drawIfDirty, this::markDirty);
        addEventHandler(MouseEvent.MOUSE_MOVED, this::hover);
    }

    /**
     * Shows requests.
     *
     * @param shardKeys one row per shard, in plan order (a span's {@link RequestSpan#shard()} indexes it)
     * @param wall      the read's wall time in ms, or 0 while it runs (the axis then ends at the latest request)
     */
    public void setData(List<String> shardKeys, List<RequestSpan> requests, long wall) {
        rows = List.copyOf(shardKeys);
        spans = List.copyOf(requests);
        wallMs = wall;
        setAccessibleText("Waterfall: " + spans.size() + " requests over " + rows.size() + " shards");
        markDirty();
    }

    public List<RequestSpan> spans() {
        return spans;
    }

    /** How many requests overlap the busiest instant: 8 overlapping shard queries show as 8. */
    public static int maxOverlap(List<RequestSpan> spans) {
        List<long[]> edges = new ArrayList<>();
        for (RequestSpan s : spans) {
            edges.add(new long[] {s.startMs(), 1});
            edges.add(new long[] {Math.max(s.endMs(), s.startMs() + 1), -1});
        }
        edges.sort((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
        int now = 0;
        int max = 0;
        for (long[] e : edges) {
            now += (int) e[1];
            max = Math.max(max, now);
        }
        return max;
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

    private long axisEnd() {
        long end = wallMs;
        for (RequestSpan s : spans) {
            end = Math.max(end, s.endMs());
        }
        return Math.max(1, end);
    }

    private double rowHeight(double top, double bottom) {
        return rows.isEmpty() ? MAX_ROW : Math.min(MAX_ROW, (bottom - top) / rows.size());
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
        String title = spans.isEmpty()
                ? "Waterfall"
                : String.format(
                        Locale.ROOT,
                        "Waterfall · %,d requests, up to" + " %d at once",
                        spans.size(),
                        maxOverlap(spans));
        g.fillText(title, 0, TOP_H / 2 - 2);
        double titleW = width(title, bold);
        double headerH = legend(g, w, font, titleW);
        if (rows.isEmpty()) {
            g.setFont(font);
            g.setFill(paint(text));
            g.fillText("Run to see each shard's requests over time", 0, headerH + 20);
            return;
        }
        double top = headerH + 4;
        double bottom = h - AXIS_H;
        double rowH = rowHeight(top, bottom);
        boolean labels = rowH >= 9;
        labelW = 0;
        if (labels) {
            g.setFont(font);
            for (String r : rows) {
                labelW = Math.max(labelW, width(r, font));
            }
            labelW = Math.min(labelW + 8, Math.max(60, w * 0.3));
        } else {
            labelW = width("ms", font) + 10; // rows too thin to name: keep room for the axis unit
        }
        double left = labelW;
        double right = w - 6;
        if (right <= left + 20 || bottom <= top) {
            return;
        }
        long end = axisEnd();
        double scale = (right - left) / end;
        // Grid lines and the time axis in ms.
        double step = tickStep((double) end, (right - left) / 70);
        g.setStroke(paint(grid));
        g.setLineWidth(1);
        g.setFont(font);
        g.setTextAlign(TextAlignment.CENTER);
        g.setFill(paint(text));
        for (double t = 0; t <= end + 1e-9; t += step) {
            double x = Math.floor(left + t * scale) + 0.5;
            g.strokeLine(x, top, x, top + rowH * rows.size());
            g.fillText(String.format(Locale.ROOT, "%,d", Math.round(t)), x, bottom + AXIS_H / 2);
        }
        g.setTextAlign(TextAlignment.LEFT);
        if (left >= width("ms from start", font) + 8) {
            g.fillText("ms from start", 0, bottom + AXIS_H / 2);
        } else if (left >= width("ms", font) + 8) {
            g.fillText("ms", 0, bottom + AXIS_H / 2);
        }
        // Row labels.
        if (labels) {
            g.setTextAlign(TextAlignment.LEFT);
            g.setFill(paint(text));
            for (int i = 0; i < rows.size(); i++) {
                g.fillText(clip(rows.get(i), font, labelW - 6), 0, top + rowH * i + rowH / 2);
            }
        }
        // Bars.
        double pad = rowH >= 6 ? Math.min(3, rowH * 0.2) : 0;
        for (RequestSpan s : spans) {
            if (s.shard() < 0 || s.shard() >= rows.size()) {
                continue;
            }
            double x0 = left + s.startMs() * scale;
            double x1 = Math.max(x0 + 2, left + s.endMs() * scale);
            double y = top + rowH * s.shard() + pad;
            g.setFill(paint(
                    switch (s.outcome()) {
                        case OK -> ok;
                        case THROTTLED -> throttled;
                        case FAILED -> failed;
                        case CANCELLED -> cancelled;
                    }));
            g.fillRect(x0, y, x1 - x0, Math.max(1, rowH - 2 * pad));
        }
    }

    /** Draws the legend beside the title, or below it when it does not fit; returns the header's height. */
    private double legend(GraphicsContext g, double w, Font font, double titleW) {
        String[] names = {"answered", "throttled", "failed", "cancelled"};
        Label[] probes = {ok, throttled, failed, cancelled};
        g.setFont(font);
        double x;
        double[] widths = new double[names.length];
        double total = 0;
        for (int i = 0; i < names.length; i++) {
            widths[i] = 12 + width(names[i], font) + 12;
            total += widths[i];
        }
        boolean below = titleW + 16 + total > w;
        x = below ? 0 : w - total;
        double y = below ? TOP_H + TOP_H / 2 - 2 : TOP_H / 2 - 2;
        g.setTextAlign(TextAlignment.LEFT);
        for (int i = 0; i < names.length; i++) {
            g.setFill(paint(probes[i]));
            g.fillRect(x, y - 5, 9, 9);
            g.setFill(paint(text));
            g.fillText(names[i], x + 12, y);
            x += widths[i];
        }
        header = below ? 2 * TOP_H : TOP_H;
        return header;
    }

    private void hover(MouseEvent e) {
        double top = header + 4;
        double bottom = getHeight() - snappedTopInset() - snappedBottomInset() - AXIS_H;
        double rowH = rowHeight(top, bottom);
        double y = e.getY() - snappedTopInset();
        double x = e.getX() - snappedLeftInset();
        int row = (int) Math.floor((y - top) / rowH);
        if (rows.isEmpty() || row < 0 || row >= rows.size()) {
            tip.setText(
                    spans.isEmpty()
                            ? "No requests yet"
                            : String.format(
                                    Locale.ROOT, "%,d requests over %,d" + " shards", spans.size(), rows.size()));
            return;
        }
        double right = getWidth() - snappedLeftInset() - snappedRightInset() - 6;
        double scale = (right - labelW) / axisEnd();
        double t = (x - labelW) / scale;
        RequestSpan best = null;
        for (RequestSpan s : spans) {
            if (s.shard() == row && (best == null || Math.abs(mid(s) - t) < Math.abs(mid(best) - t))) {
                best = s;
            }
        }
        if (best == null) {
            tip.setText(rows.get(row) + ": no request yet");
            return;
        }
        tip.setText(describe(best));
    }

    private static double mid(RequestSpan s) {
        return (s.startMs() + s.endMs()) / 2.0;
    }

    static String describe(RequestSpan s) {
        return String.format(
                Locale.ROOT,
                "%s · page %d%s · %,d–%,d ms (%,d ms) · %s%s",
                s.key(),
                s.page(),
                s.attempt() > 1 ? ", attempt " + s.attempt() : "",
                s.startMs(),
                s.endMs(),
                s.durationMs(),
                switch (s.outcome()) {
                    case OK -> String.format(Locale.ROOT, "%,d items", s.items());
                    case THROTTLED -> "throttled";
                    case FAILED -> "failed";
                    case CANCELLED -> "cancelled";
                },
                s.detail() == null ? "" : " · " + s.detail());
    }

    /** 1, 2 or 5 × a power of ten ms, so that at most {@code maxTicks} fit. */
    static double tickStep(double span, double maxTicks) {
        double raw = span / Math.max(1, maxTicks);
        double magnitude = Math.pow(10, Math.floor(Math.log10(Math.max(raw, 1))));
        for (double m : new double[] {1, 2, 5, 10}) {
            if (m * magnitude >= raw) {
                return Math.max(1, m * magnitude);
            }
        }
        return 10 * magnitude;
    }

    private static String clip(String s, Font font, double max) {
        if (width(s, font) <= max) {
            return s;
        }
        String t = s;
        while (t.length() > 1 && width("…" + t, font) > max) {
            t = t.substring(1);
        }
        return "…" + t; // keep the suffix: it is what tells shards apart
    }

    private static double width(String s, Font font) {
        return dev.partitionscope.ui.common.CssProbe.textWidth(s, font);
    }

    private static Paint paint(Label probe) {
        return dev.partitionscope.ui.common.CssProbe.paint(probe);
    }

    private Label probe(String styleClass) {
        return dev.partitionscope.ui.common.CssProbe.create(this::markDirty, "wf-probe", styleClass);
    }
}
