package dev.partitionscope.ui.heatmap;

import dev.partitionscope.core.heat.ColorLut;
import dev.partitionscope.core.heat.HeatGrid;
import dev.partitionscope.core.heat.HeatPalette;
import dev.partitionscope.core.heat.HeatRaster;
import dev.partitionscope.core.heat.HeatScale;
import dev.partitionscope.ui.common.Theme;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Objects;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.scene.AccessibleRole;
import javafx.scene.SnapshotParameters;
import javafx.scene.canvas.Canvas;
import javafx.scene.control.Label;
import javafx.scene.image.PixelFormat;
import javafx.scene.image.WritableImage;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.scene.paint.Paint;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.transform.Transform;

/**
 * The key × time heatmap: a {@link HeatGrid} drawn as one pixel per cell, key visualizer style, with label bars on
 * the left, row totals on the right, column totals, a throttle strip and a time axis below, and a legend.
 *
 * <p>Drawn chart-fx style so 2,000 × 1,440 cells stay cheap. The cells live in one {@link WritableImage} of
 * columns × rows, written with a single {@code setPixels} when the grid, scale or colour table changes, and drawn
 * scaled with smoothing off; resizing only redraws the frame around it. Redraw is driven by dirty flags checked once
 * per pulse, after CSS and layout. Hover lives on a second canvas and maps the mouse to a cell by arithmetic, so
 * moving the mouse never touches the heat image. Colours other than the heat come from invisible probe labels styled
 * in {@code heatmap.css}, so a light/dark switch recolours the chart. Use it on the FX thread.
 */
public final class HeatmapCanvas extends Region {
    /** A heatmap cell: row and column of the grid. */
    public record Cell(int row, int column) {
    }

    private static final String CSS = Theme.stylesheet("/dev/partitionscope/ui/heatmap/heatmap.css");

    private final Canvas base = new Canvas();
    private final Canvas overlay = new Canvas();
    private final Label textProbe = probe("heat-text");
    private final Label strongTextProbe = probe("heat-strong-text");
    private final Label plotBackgroundProbe = probe("heat-plot-background");
    private final Label axisProbe = probe("heat-axis");
    private final Label labelAProbe = probe("heat-label-a");
    private final Label labelBProbe = probe("heat-label-b");
    private final Label totalProbe = probe("heat-total");
    private final Label throttleProbe = probe("heat-throttle");
    private final Label missingProbe = probe("heat-missing");
    private final Label crosshairProbe = probe("heat-crosshair");
    private final Label hoverBackgroundProbe = probe("heat-hover-background");
    private final Label hoverBorderProbe = probe("heat-hover-border");
    private final Label hoverTextProbe = probe("heat-hover-text");
    private final HeatmapPainter painter = new HeatmapPainter();
    private final Runnable afterLayout = this::drawIfDirty;
    private final ReadOnlyObjectWrapper<Cell> hoveredCell = new ReadOnlyObjectWrapper<>(this, "hoveredCell");

    private HeatFrame frame = HeatFrame.EMPTY;
    private HeatScale scale;
    private int[] lut = ColorLut.build(HeatPalette.HEAT, 0).table();
    private ZoneId zone = ZoneOffset.UTC;
    /** Reused between frames; reallocated only when the grid's shape changes. */
    private int[] argb = new int[0];
    private WritableImage image;
    private HeatLayout layout;
    private HeatColors colors;
    private boolean imageDirty = true;
    private boolean frameDirty = true;
    private double mouseX = Double.NaN;
    /** How often the heat image was written; tests check that hovering never writes it. */
    private int imageWrites;
    private double mouseY;

    public HeatmapCanvas() {
        getStyleClass().add("heatmap-canvas");
        getStylesheets().add(CSS);
        base.setMouseTransparent(true);
        overlay.setMouseTransparent(true);
        getChildren().addAll(base, overlay, textProbe, strongTextProbe, plotBackgroundProbe, axisProbe, labelAProbe,
                labelBProbe, totalProbe, throttleProbe, missingProbe, crosshairProbe, hoverBackgroundProbe,
                hoverBorderProbe, hoverTextProbe);
        setPickOnBounds(true);
        setMinSize(320, 240);
        setPrefSize(1000, 600);
        setAccessibleRole(AccessibleRole.IMAGE_VIEW);
        setAccessibleText("Heatmap of traffic per key over time");
        // Draw in the scene's post-layout pulse: after CSS (colours known) and layout (size known), once per pulse
        // however many changes came in.
        dev.partitionscope.ui.common.Fx.drawAfterLayout(this, afterLayout, this::markFrameDirty);
        addEventHandler(MouseEvent.MOUSE_MOVED, this::hover);
        addEventHandler(MouseEvent.MOUSE_DRAGGED, this::hover);
        addEventHandler(MouseEvent.MOUSE_EXITED, e -> {
            mouseX = Double.NaN;
            paintHover();
        });
    }

    // Properties

    /** The cell under the mouse, or null when the mouse is outside the heat. */
    public ReadOnlyObjectProperty<Cell> hoveredCellProperty() {
        return hoveredCell.getReadOnlyProperty();
    }

    public Cell getHoveredCell() {
        return hoveredCell.get();
    }

    public HeatGrid getGrid() {
        return frame.grid();
    }

    // Commands

    /** Shows a grid (built off the FX thread; immutable). Null shows an empty frame. */
    public void setGrid(HeatGrid grid) {
        frame = HeatFrame.of(grid);
        if (scale == null && grid != null) {
            scale = HeatScale.relativeLog(grid.maxPerMinute(), grid.unit());
        }
        hoveredCell.set(null);
        setAccessibleText(grid == null ? "Empty heatmap" : "Heatmap of " + grid.rowCount() + " key rows × "
                + grid.columnCount() + " time columns, " + grid.unit().label());
        markImageDirty();
    }

    /** How values become colour levels; null picks a relative log scale over the grid. */
    public void setScale(HeatScale newScale) {
        scale = newScale;
        if (scale == null && frame.grid() != null) {
            scale = HeatScale.relativeLog(frame.grid().maxPerMinute(), frame.grid().unit());
        }
        markImageDirty();
    }

    public HeatScale getScale() {
        return scale;
    }

    /** The colour table ({@link ColorLut#table()}); a brightness or palette change only swaps this. */
    public void setLut(int[] table) {
        Objects.requireNonNull(table, "table");
        if (table.length != ColorLut.OVER_CEILING + 1) {
            throw new IllegalArgumentException("A lookup table has " + (ColorLut.OVER_CEILING + 1) + " colours");
        }
        lut = table.clone();
        markImageDirty();
    }

    /** The zone of the time axis and the hover box. */
    public void setZone(ZoneId newZone) {
        zone = Objects.requireNonNull(newZone, "zone");
        markFrameDirty();
    }

    /** The chart as an image at {@code scale} × its size (e.g. 2 for slides). */
    public WritableImage snapshotPng(double scale) {
        SnapshotParameters p = new SnapshotParameters();
        p.setTransform(Transform.scale(scale, scale));
        return snapshot(p, null);
    }

    // Layout and drawing

    @Override
    protected void layoutChildren() {
        if (dev.partitionscope.ui.common.Fx.fitCanvases(this, base, overlay)) {
            markFrameDirty();
        }
    }

    private void markImageDirty() {
        imageDirty = true;
        markFrameDirty();
    }

    private void markFrameDirty() {
        frameDirty = true;
        if (getScene() != null) {
            Platform.requestNextPulse();
        }
    }

    private void drawIfDirty() {
        if (imageDirty) {
            imageDirty = false;
            rasterize();
        }
        if (!frameDirty) {
            return;
        }
        frameDirty = false;
        colors = colors();
        double w = base.getWidth();
        double h = base.getHeight();
        layout = painter.layout(w, h, frame, colors);
        painter.paint(base.getGraphicsContext2D(), w, h, layout, frame, image, zone, colors);
        LegendPainter.paint(base.getGraphicsContext2D(), painter, layout, scale, lut, colors);
        paintHover();
    }

    /** Writes every cell into the image with one {@code setPixels}; the buffer and image are reused when they fit. */
    private void rasterize() {
        HeatGrid grid = frame.grid();
        if (grid == null || grid.rowCount() == 0 || grid.columnCount() == 0 || scale == null) {
            image = null;
            return;
        }
        int rows = grid.rowCount();
        int columns = grid.columnCount();
        if (argb.length != rows * columns) {
            argb = new int[rows * columns];
        }
        if (image == null || (int) image.getWidth() != columns || (int) image.getHeight() != rows) {
            image = new WritableImage(columns, rows);
        }
        HeatRaster.rasterize(grid, scale, lut, argb);
        // Every LUT colour is either opaque or fully transparent (0), so ARGB and premultiplied ARGB are the same
        // ints and the pre format skips a conversion.
        image.getPixelWriter().setPixels(0, 0, columns, rows, PixelFormat.getIntArgbPreInstance(), argb, 0, columns);
        imageWrites++;
    }

    int imageWrites() {
        return imageWrites;
    }

    /** The centre of a cell in this region's coordinates, or null before the first frame; for tests. */
    javafx.geometry.Point2D cellCenter(int row, int column) {
        if (layout == null) {
            return null;
        }
        return new javafx.geometry.Point2D(snappedLeftInset() + (layout.x(column) + layout.x(column + 1)) / 2,
                snappedTopInset() + (layout.y(row) + layout.y(row + 1)) / 2);
    }

    private void hover(MouseEvent e) {
        mouseX = e.getX() - snappedLeftInset(); // canvas coordinates
        mouseY = e.getY() - snappedTopInset();
        paintHover();
    }

    /** Redraws the overlay only; the cell under the mouse is two divisions away. */
    private void paintHover() {
        var g = overlay.getGraphicsContext2D();
        g.clearRect(0, 0, overlay.getWidth(), overlay.getHeight());
        Cell cell = cellAt(mouseX, mouseY);
        if (!Objects.equals(cell, hoveredCell.get())) {
            hoveredCell.set(cell);
        }
        if (cell != null && colors != null) {
            HeatHoverPainter.paint(g, overlay.getWidth(), overlay.getHeight(), layout, frame, cell.row(),
                    cell.column(), mouseX, mouseY, scale, zone, painter, colors);
        }
    }

    /** The cell at a point in canvas coordinates, or null outside the heat. */
    private Cell cellAt(double x, double y) {
        if (layout == null || frame.grid() == null || Double.isNaN(x)) {
            return null;
        }
        int row = layout.rowAt(y);
        int column = layout.columnAt(x);
        return row < 0 || column < 0 ? null : new Cell(row, column);
    }

    // Colours

    private HeatColors colors() {
        Font font = textProbe.getFont();
        return new HeatColors(font, Font.font(font.getFamily(), FontWeight.BOLD, font.getSize()), paint(textProbe),
                paint(strongTextProbe), paint(plotBackgroundProbe), paint(axisProbe), paint(labelAProbe),
                paint(labelBProbe), paint(totalProbe), paint(throttleProbe), paint(missingProbe),
                paint(crosshairProbe), paint(hoverBackgroundProbe), paint(hoverBorderProbe), paint(hoverTextProbe));
    }

    private static Paint paint(Label probe) {
        Paint p = probe.getTextFill();
        return p == null ? Color.GRAY : p;
    }

    /** An invisible label whose CSS-styled text fill (and font) the chart draws with. */
    private Label probe(String styleClass) {
        Label l = new Label();
        l.getStyleClass().addAll("heat-probe", styleClass);
        l.setManaged(false);
        l.setOpacity(0);
        l.setMouseTransparent(true);
        l.textFillProperty().addListener((obs, old, now) -> markFrameDirty());
        l.fontProperty().addListener((obs, old, now) -> markFrameDirty());
        return l;
    }
}
