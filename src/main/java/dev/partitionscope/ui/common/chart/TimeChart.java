package dev.partitionscope.ui.common.chart;

import dev.partitionscope.core.chart.NiceScale;
import dev.partitionscope.ui.common.Theme;
import java.time.Instant;
import java.time.ZoneId;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.DoubleFunction;
import java.util.stream.Collectors;
import javafx.application.Platform;
import javafx.scene.AccessibleRole;
import javafx.scene.canvas.Canvas;
import javafx.scene.control.Label;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.Region;
import javafx.scene.paint.Paint;

/**
 * A CloudWatch-style time-series chart: series at a fixed period (60 s … 1 h) over up to a week, as lines, dashed
 * lines (limits) and stacked bars (throttles by cause), with a hover box per bucket.
 *
 * <p>Drawn chart-fx style so 16 series × 10,000 points stay cheap: one data canvas, redrawn only when data, size or
 * theme colours change, at most once per pulse (a dirty flag checked after layout); hover lives on a second canvas
 * so moving the mouse never redraws the data. Colours come from invisible probe labels, one per colour class,
 * styled in {@code metrics.css} with AtlantaFX looked-up colours, so a light/dark switch recolours the chart without
 * code knowing the palette. Use it on the FX thread.
 */
public final class TimeChart extends Region {
    /** How a series is drawn. Bars stack in series order from the baseline; lines are drawn over them. */
    public enum Kind {
        LINE,
        DASHED_LINE,
        STACKED_BAR
    }

    /**
     * One series; values[i] belongs to the bucket starting at start + i × period; NaN = no datapoint (a gap, not
     * zero). {@code colorClass} is a class from metrics.css such as {@code chart-write} or {@code chart-c3}.
     */
    public record Series(String name, String colorClass, Kind kind, double[] values) {
        public Series {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(colorClass, "colorClass");
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(values, "values");
        }
    }

    private static final String CSS = Theme.stylesheet("/dev/partitionscope/ui/metrics/metrics.css");

    private String title;
    private String yAxisLabel;
    private final Canvas plot = new Canvas();
    private final Canvas overlay = new Canvas();
    private final Label message = new Label();
    private final Label titleProbe = probe("chart-title");
    private final Label textProbe = probe("chart-text");
    private final Label gridProbe = probe("chart-grid");
    private final Label axisProbe = probe("chart-axis");
    private final Label crosshairProbe = probe("chart-crosshair");
    private final Label hoverBackgroundProbe = probe("chart-hover-background");
    private final Label hoverBorderProbe = probe("chart-hover-border");
    private final Label hoverTextProbe = probe("chart-hover-text");
    private final Map<String, Label> seriesProbes = new HashMap<>();
    private final PlotPainter plotPainter = new PlotPainter();
    private final HoverPainter hoverPainter = new HoverPainter();
    private final Runnable afterLayout = this::drawIfDirty;

    private ChartData data = ChartData.EMPTY;
    private DoubleFunction<String> valueFormatter;
    private String valueUnit = "";
    /** Where the last frame put the plot; null before the first frame or when too small to draw one. */
    private PlotArea area;

    private boolean dirty = true;
    private double hoverX = Double.NaN;
    private double hoverY;

    public TimeChart(String title, String yAxisLabel) {
        this.title = Objects.requireNonNull(title, "title");
        this.yAxisLabel = Objects.requireNonNull(yAxisLabel, "yAxisLabel");
        getStyleClass().add("time-chart");
        getStylesheets().add(CSS);
        plot.setMouseTransparent(true);
        overlay.setMouseTransparent(true);
        message.getStyleClass().add("chart-message");
        message.setManaged(false);
        message.setVisible(false);
        message.setMouseTransparent(true);
        getChildren()
                .addAll(
                        plot,
                        overlay,
                        message,
                        titleProbe,
                        textProbe,
                        gridProbe,
                        axisProbe,
                        crosshairProbe,
                        hoverBackgroundProbe,
                        hoverBorderProbe,
                        hoverTextProbe);
        setPickOnBounds(true);
        setMinSize(200, 150);
        setPrefSize(640, 260);
        setAccessibleRole(AccessibleRole.IMAGE_VIEW);
        updateAccessibleText();

        // The scene's post-layout pulse is where a dirty chart draws: after CSS (colours known) and layout (size
        // known), once per pulse however many changes came in.
        dev.partitionscope.ui.common.Fx.drawAfterLayout(this, afterLayout, this::markDirty);
        addEventHandler(MouseEvent.MOUSE_MOVED, this::hover);
        addEventHandler(MouseEvent.MOUSE_DRAGGED, this::hover);
        addEventHandler(MouseEvent.MOUSE_EXITED, e -> {
            hoverX = Double.NaN;
            paintHover();
        });
    }

    // Commands

    /** Shows these series; the chart keeps its own copy of the values. An empty list shows empty axes. */
    public void setData(Instant start, int periodSeconds, List<Series> series, ZoneId zone) {
        data = new ChartData(start, periodSeconds, List.copyOf(series), zone);
        syncSeriesProbes();
        updateAccessibleText();
        markDirty();
    }

    /** The text of values on the y axis and in the hover box; null restores the default ("1,234.5", "15k"). */
    public void setValueFormatter(DoubleFunction<String> formatter) {
        valueFormatter = formatter;
        markDirty();
    }

    /** Changes the title (a chart slot reused for another resource or metric). */
    public void setTitle(String newTitle) {
        title = Objects.requireNonNull(newTitle, "title");
        updateAccessibleText();
        markDirty();
    }

    public String getTitle() {
        return title;
    }

    /** Changes the y-axis label, which carries the unit. */
    public void setYAxisLabel(String label) {
        yAxisLabel = Objects.requireNonNull(label, "yAxisLabel");
        updateAccessibleText();
        markDirty();
    }

    /** The unit after each value in the hover box, e.g. "WCU/s"; null or empty for none. */
    public void setValueUnit(String unit) {
        valueUnit = unit == null ? "" : unit;
        paintHover();
    }

    /** A message centred over the plot, e.g. why it is empty; null hides it. */
    public void setMessage(String text) {
        message.setText(text == null ? "" : text);
        message.setVisible(text != null && !text.isBlank());
        updateAccessibleText();
        requestLayout();
    }

    /** The data as CSV: time (ISO-8601 in the chart's zone) and one column per series; no datapoint is empty. */
    public String csv() {
        return data.csv();
    }

    // Layout and drawing

    @Override
    protected void layoutChildren() {
        if (dev.partitionscope.ui.common.Fx.fitCanvases(this, plot, overlay)) {
            markDirty();
        }
        placeMessage();
    }

    private void markDirty() {
        dirty = true;
        if (getScene() != null) {
            Platform.requestNextPulse();
        }
    }

    private void drawIfDirty() {
        if (!dirty) {
            return;
        }
        dirty = false;
        Palette palette = palette();
        area = plotPainter.paint(
                plot.getGraphicsContext2D(),
                plot.getWidth(),
                plot.getHeight(),
                data,
                title,
                yAxisLabel,
                palette,
                valueFormatter);
        placeMessage();
        paintHover();
    }

    private void placeMessage() {
        if (!message.isVisible()) {
            return;
        }
        double x = snappedLeftInset();
        double y = snappedTopInset();
        double left = area != null ? area.left() : 0;
        double top = area != null ? area.top() : 0;
        double pw = area != null ? area.width() : plot.getWidth();
        double ph = area != null ? area.height() : plot.getHeight();
        double mw = Math.max(0, Math.min(pw - 24, Math.max(message.minWidth(-1), message.prefWidth(-1))));
        double mh = message.prefHeight(mw);
        message.resizeRelocate(
                (double) Math.round(x + left + (pw - mw) / 2), (double) Math.round(y + top + (ph - mh) / 2), mw, mh);
    }

    private void hover(MouseEvent e) {
        hoverX = e.getX() - snappedLeftInset(); // in canvas coordinates
        hoverY = e.getY() - snappedTopInset();
        paintHover();
    }

    /** Redraws the overlay only: the crosshair and box for the bucket under the mouse, or nothing. */
    private void paintHover() {
        var g = overlay.getGraphicsContext2D();
        g.clearRect(0, 0, overlay.getWidth(), overlay.getHeight());
        if (area == null || Double.isNaN(hoverX) || hoverY < area.top() - 4 || hoverY > area.bottom() + 4) {
            return;
        }
        int bucket = area.bucketAt(hoverX);
        if (bucket >= 0) {
            DoubleFunction<String> format = valueFormatter != null ? valueFormatter : NiceScale::number;
            hoverPainter.paint(
                    g, overlay.getWidth(), overlay.getHeight(), area, bucket, hoverY, palette(), format, valueUnit);
        }
    }

    // Colours

    private Palette palette() {
        return new Palette(
                cls -> paint(seriesProbes.get(cls)),
                paint(titleProbe),
                titleProbe.getFont(),
                paint(textProbe),
                textProbe.getFont(),
                paint(gridProbe),
                paint(axisProbe),
                paint(crosshairProbe),
                paint(hoverBackgroundProbe),
                paint(hoverBorderProbe),
                paint(hoverTextProbe));
    }

    private static Paint paint(Label probe) {
        return dev.partitionscope.ui.common.CssProbe.paint(probe);
    }

    /** One probe per colour class in use: added for new classes, dropped for classes no longer shown. */
    private void syncSeriesProbes() {
        Set<String> wanted = new HashSet<>();
        data.series().forEach(s -> wanted.add(s.colorClass()));
        seriesProbes.keySet().removeIf(cls -> {
            if (wanted.contains(cls)) {
                return false;
            }
            getChildren().remove(seriesProbes.get(cls));
            return true;
        });
        for (String cls : wanted) {
            seriesProbes.computeIfAbsent(cls, c -> {
                Label probe = probe(c);
                getChildren().add(probe);
                return probe;
            });
        }
    }

    /** An invisible label whose CSS-styled text fill (and font) the chart draws with. */
    private Label probe(String styleClass) {
        return dev.partitionscope.ui.common.CssProbe.create(this::markDirty, "chart-probe", styleClass);
    }

    private void updateAccessibleText() {
        String names = data.series().stream().map(Series::name).collect(Collectors.joining(", "));
        String text = title + " chart, " + yAxisLabel + (names.isEmpty() ? "" : ": " + names);
        if (message.isVisible()) {
            text += ". " + message.getText();
        }
        setAccessibleText(text);
    }
}
