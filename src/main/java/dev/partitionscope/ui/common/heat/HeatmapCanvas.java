package dev.partitionscope.ui.common.heat;

import dev.partitionscope.core.heat.ColorLut;
import dev.partitionscope.core.heat.HeatGrid;
import dev.partitionscope.core.heat.HeatPalette;
import dev.partitionscope.core.heat.HeatRaster;
import dev.partitionscope.core.heat.HeatScale;
import dev.partitionscope.ui.common.Fx;
import dev.partitionscope.ui.common.Theme;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Objects;
import java.util.function.IntConsumer;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.geometry.Point2D;
import javafx.geometry.VPos;
import javafx.scene.AccessibleRole;
import javafx.scene.SnapshotParameters;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Label;
import javafx.scene.image.PixelFormat;
import javafx.scene.image.WritableImage;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;
import javafx.scene.layout.Region;
import javafx.scene.paint.Paint;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.TextAlignment;

/**
 * The key × time heatmap: a {@link HeatGrid} drawn as one pixel per cell, key visualizer style, with label bars on
 * the left, row totals on the right, column totals, a throttle strip and a time axis below, and a legend.
 *
 * <p>Drawn chart-fx style so 2,000 × 1,440 cells stay cheap. The cells live in one {@link WritableImage} of
 * columns × rows, written with a single {@code setPixels} when the grid, scale or colour table changes, and drawn
 * scaled with smoothing off; resizing, zooming and panning only redraw the frame around it. Redraw is driven by dirty
 * flags checked once per pulse, after CSS and layout. Hover, the pinned cell and the selection live on a second
 * canvas and map the mouse to a cell by arithmetic, so moving the mouse never touches the heat image. Colours other
 * than the heat come from invisible probe labels styled in {@code heatmap.css}, so a light/dark switch recolours the
 * chart. Use it on the FX thread.
 *
 * <p><b>Viewport.</b> The plot shows a window of the grid ({@link #viewportProperty()}); zoom and pan change only the
 * source rectangle the image is drawn from, and the label bars, marginals, strips and axis follow it. Zoom stays
 * between the whole grid and {@value #MIN_VISIBLE_CELLS} cells per axis (fewer when the grid is smaller).
 * <ul>
 * <li>Mouse wheel: zooms around the mouse. Over the plot both axes zoom; over the label bars or the row totals only
 * rows; over the strips, axis and legend below the plot only columns. Ctrl+wheel zooms columns only, Shift+wheel rows
 * only (some platforms turn Shift+wheel into horizontal scrolling; either delta counts).</li>
 * <li>Primary drag pans, clamped to the grid. Shift+primary drag over the plot selects whole cells
 * ({@link #selectionProperty()}); the canvas only reports the selection, re-bucketing is the caller's.</li>
 * <li>Primary click without drag pins the cell ({@link #pinnedCellProperty()}); clicking it again unpins.
 * Double-click on a cell or its row label activates the row ({@link #setOnRowActivated}).</li>
 * <li>Keys (clicking focuses the canvas): {@code +} or {@code =} zoom in, {@code -} zooms out, arrows pan by 10 % of
 * the view, {@code 0} or Home show the whole grid, Enter activates the pinned cell's row, Esc cancels a selection
 * drag, else clears the selection, else unpins.</li>
 * </ul>
 */
public final class HeatmapCanvas extends Region {
    /** A heatmap cell: row and column of the grid. */
    public record Cell(int row, int column) {}

    /**
     * The window of the grid the plot shows, in cells: the first row and column in view (fractional, as a view may
     * start mid-cell) and how many rows and columns it spans.
     */
    public record Viewport(double row, double column, double rows, double columns) {
        /** All of a grid of this shape. */
        public static Viewport whole(int rows, int columns) {
            return new Viewport(0, 0, rows, columns);
        }
    }

    /** A rectangle of whole cells in grid coordinates, bounds inclusive. */
    public record Selection(int firstRow, int lastRow, int firstColumn, int lastColumn) {
        /** Checks the bounds are ordered and not negative. */
        public Selection {
            if (firstRow < 0 || firstColumn < 0 || lastRow < firstRow || lastColumn < firstColumn) {
                throw new IllegalArgumentException("Not a selection: rows " + firstRow + ".." + lastRow + ", columns "
                        + firstColumn + ".." + lastColumn);
            }
        }

        /** The selection spanning two corner cells, in either order. */
        public static Selection between(Cell a, Cell b) {
            return new Selection(
                    Math.min(a.row(), b.row()),
                    Math.max(a.row(), b.row()),
                    Math.min(a.column(), b.column()),
                    Math.max(a.column(), b.column()));
        }
    }

    /** The fewest cells a zoom shows along each axis. */
    public static final double MIN_VISIBLE_CELLS = 4;
    /** One wheel notch's {@link ScrollEvent#getDeltaY()} and the zoom it makes. */
    private static final double WHEEL_NOTCH = 40;

    private static final double ZOOM_PER_NOTCH = 1.25;
    private static final double KEY_ZOOM = 1.25;
    /** Arrow keys pan by this share of the view. */
    private static final double KEY_PAN = 0.1;
    /** The margin around an exported image, in pixels at scale 1. */
    public static final int EXPORT_MARGIN = 12;
    /** A press that moves less than this (pixels) before release is a click, not a drag. */
    private static final double DRAG_THRESHOLD = 3;

    private static final String CSS = Theme.stylesheet("/dev/partitionscope/ui/heatmap/heatmap.css");

    /** A primary press: where (canvas coordinates), the view then, and the cell a Shift+drag selects from. */
    private record Press(double x, double y, Viewport view, Cell selectFrom) {}

    private final Canvas base = new Canvas();
    private final Canvas overlay = new Canvas();
    private final Label textProbe = probe("heat-text");
    private final Label strongTextProbe = probe("heat-strong-text");
    private final Label labelHaloProbe = probe("heat-label-halo");
    private final Label backgroundProbe = probe("heat-background");
    private final Label plotBackgroundProbe = probe("heat-plot-background");
    private final Label axisProbe = probe("heat-axis");
    private final Label labelAProbe = probe("heat-label-a");
    private final Label labelBProbe = probe("heat-label-b");
    private final Label totalProbe = probe("heat-total");
    private final Label throttleProbe = probe("heat-throttle");
    private final Label throttleOtherProbe = probe("heat-throttle-other");
    private final Label missingProbe = probe("heat-missing");
    private final Label crosshairProbe = probe("heat-crosshair");
    private final Label pinProbe = probe("heat-pin");
    private final Label selectionProbe = probe("heat-selection");
    private final Label hoverBackgroundProbe = probe("heat-hover-background");
    private final Label hoverBorderProbe = probe("heat-hover-border");
    private final Label hoverTextProbe = probe("heat-hover-text");
    private final HeatmapPainter painter = new HeatmapPainter();
    private final Runnable afterLayout = this::drawIfDirty;
    private final ReadOnlyObjectWrapper<Cell> hoveredCell = new ReadOnlyObjectWrapper<>(this, "hoveredCell");
    private final ReadOnlyObjectWrapper<Cell> pinnedCell = new ReadOnlyObjectWrapper<>(this, "pinnedCell");
    private final ReadOnlyObjectWrapper<Selection> selection = new ReadOnlyObjectWrapper<>(this, "selection");
    private final ReadOnlyObjectWrapper<Viewport> viewport =
            new ReadOnlyObjectWrapper<>(this, "viewport", Viewport.whole(0, 0));

    private HeatFrame frame = HeatFrame.EMPTY;
    private Character separator;
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
    private double mouseY;
    /** How often the heat image was written; tests check that hovering, zooming and panning never write it. */
    private int imageWrites;

    private boolean followLatest;
    private IntConsumer onRowActivated;
    /** The primary press in progress, or null. */
    private Press press;
    /** Whether the press in progress has moved far enough to be a drag (pan or selection). */
    private boolean dragging;
    /** The cell a Shift+drag in progress has reached, or null. */
    private Cell selectTo;

    /** An empty heatmap; give it a grid with {@link #setGrid}. */
    public HeatmapCanvas() {
        getStyleClass().add("heatmap-canvas");
        getStylesheets().add(CSS);
        base.setMouseTransparent(true);
        overlay.setMouseTransparent(true);
        getChildren()
                .addAll(
                        base,
                        overlay,
                        textProbe,
                        strongTextProbe,
                        labelHaloProbe,
                        backgroundProbe,
                        plotBackgroundProbe,
                        axisProbe,
                        labelAProbe,
                        labelBProbe,
                        totalProbe,
                        throttleProbe,
                        throttleOtherProbe,
                        missingProbe,
                        crosshairProbe,
                        pinProbe,
                        selectionProbe,
                        hoverBackgroundProbe,
                        hoverBorderProbe,
                        hoverTextProbe);
        setPickOnBounds(true);
        setFocusTraversable(true);
        setMinSize(320, 240);
        setPrefSize(1000, 600);
        setAccessibleRole(AccessibleRole.IMAGE_VIEW);
        setAccessibleText("Heatmap of traffic per key over time");
        // Draw in the scene's post-layout pulse: after CSS (colours known) and layout (size known), once per pulse
        // however many changes came in.
        Fx.drawAfterLayout(this, afterLayout, this::markFrameDirty);
        addEventHandler(MouseEvent.MOUSE_MOVED, this::hover);
        addEventHandler(MouseEvent.MOUSE_PRESSED, this::pressed);
        addEventHandler(MouseEvent.MOUSE_DRAGGED, this::dragged);
        addEventHandler(MouseEvent.MOUSE_RELEASED, this::released);
        addEventHandler(MouseEvent.MOUSE_CLICKED, this::clicked);
        addEventHandler(MouseEvent.MOUSE_EXITED, e -> {
            mouseX = Double.NaN;
            paintOverlay();
        });
        addEventHandler(ScrollEvent.SCROLL, this::scrolled);
        addEventHandler(KeyEvent.KEY_PRESSED, this::keyPressed);
    }

    // Properties

    /** The cell under the mouse, or null when the mouse is outside the heat. */
    public ReadOnlyObjectProperty<Cell> hoveredCellProperty() {
        return hoveredCell.getReadOnlyProperty();
    }

    /** The cell under the mouse, or null. */
    public Cell getHoveredCell() {
        return hoveredCell.get();
    }

    /** The cell pinned by a click (outlined until clicked again or Esc), or null. */
    public ReadOnlyObjectProperty<Cell> pinnedCellProperty() {
        return pinnedCell.getReadOnlyProperty();
    }

    /** The pinned cell, or null. */
    public Cell getPinnedCell() {
        return pinnedCell.get();
    }

    /** The cells selected by Shift+drag, for the caller to zoom into by re-bucketing; null when none. */
    public ReadOnlyObjectProperty<Selection> selectionProperty() {
        return selection.getReadOnlyProperty();
    }

    /** The selection, or null. */
    public Selection getSelection() {
        return selection.get();
    }

    /** The window of the grid the plot shows; changed by zoom, pan and {@link #setViewport}. */
    public ReadOnlyObjectProperty<Viewport> viewportProperty() {
        return viewport.getReadOnlyProperty();
    }

    /** The window of the grid the plot shows. */
    public Viewport getViewport() {
        return viewport.get();
    }

    /** The grid shown, or null. */
    public HeatGrid getGrid() {
        return frame.grid();
    }

    // Commands

    /**
     * Shows a grid (built off the FX thread; immutable). Null shows an empty frame. A grid of the same shape as the
     * last (an auto-refresh) keeps the viewport, pin and selection; another shape shows the whole grid and drops
     * them. With {@link #setFollowLatest follow latest} on, the view then moves to end at the last column; when only
     * the column count changed, the rows in view and the number of columns in view are kept as well. Throttle
     * causes ({@link #setThrottleCauses}) belong to one grid: set them again after this.
     */
    public void setGrid(HeatGrid grid) {
        HeatFrame old = frame;
        frame = HeatFrame.of(grid, separator);
        if (scale == null && grid != null) {
            scale = HeatScale.relativeLog(grid.maxPerMinute(), grid.unit());
        }
        boolean sameShape = old.rows() == frame.rows() && old.columns() == frame.columns();
        Viewport view = getViewport();
        if (!sameShape) {
            pinnedCell.set(null);
            selection.set(null);
            if (!followLatest || old.rows() != frame.rows()) {
                view = Viewport.whole(frame.rows(), frame.columns());
            }
        }
        hoveredCell.set(null);
        applyViewport(followLatest ? latest(view) : view);
        setAccessibleText(
                grid == null
                        ? "Empty heatmap"
                        : "Heatmap of " + grid.rowCount() + " key rows × " + grid.columnCount() + " time columns, "
                                + grid.unit().label());
        markImageDirty();
    }

    /** How values become colour levels; null picks a relative log scale over the grid. */
    public void setScale(HeatScale newScale) {
        scale = newScale;
        if (scale == null && frame.grid() != null) {
            scale = HeatScale.relativeLog(
                    frame.grid().maxPerMinute(), frame.grid().unit());
        }
        markImageDirty();
    }

    /** The scale in use, or null before the first grid. */
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

    /** The colour table in use (a copy). */
    public int[] getLut() {
        return lut.clone();
    }

    /** The key separator of the label columns ({@code THREAT#brand-abc} → THREAT › brand-abc); null detects it. */
    public void setSeparator(Character newSeparator) {
        if (Objects.equals(separator, newSeparator)) {
            return;
        }
        separator = newSeparator;
        frame = HeatFrame.of(frame.grid(), separator).withCauses(frame.causes());
        markFrameDirty();
    }

    /** The zone of the time axis and the hover box. */
    public void setZone(ZoneId newZone) {
        zone = Objects.requireNonNull(newZone, "zone");
        markFrameDirty();
    }

    /**
     * Splits the throttle strip by cause: throttles of the key range's own (a hot partition), stacked under those
     * of other causes in a second colour; the hover box over the strip shows both. One value per grid column, for
     * the current grid (a new grid clears them). Both null: back to the grid's own throttles per column.
     *
     * @throws IllegalArgumentException when only one is null or either length is not the grid's column count
     */
    public void setThrottleCauses(double[] keyRange, double[] other) {
        if (keyRange == null && other == null) {
            frame = frame.withCauses(null);
        } else {
            int columns = frame.columns();
            if (keyRange == null || other == null || keyRange.length != columns || other.length != columns) {
                throw new IllegalArgumentException("Throttle causes need one value per grid column (" + columns
                        + "), got keyRange " + length(keyRange) + " and other " + length(other));
            }
            frame = frame.withCauses(HeatFrame.ThrottleCauses.of(keyRange, other));
        }
        markFrameDirty();
    }

    private static String length(double[] values) {
        return values == null ? "null" : values.length + " values";
    }

    /**
     * Shows a window of the grid, clamped to it: spans between {@link #MIN_VISIBLE_CELLS} (or the grid) and the
     * whole grid, position inside it. Keep {@link #getViewport()} across a data refresh with this.
     */
    public void setViewport(Viewport view) {
        Objects.requireNonNull(view, "view");
        if (!Double.isFinite(view.row())
                || !Double.isFinite(view.column())
                || !Double.isFinite(view.rows())
                || !Double.isFinite(view.columns())) {
            throw new IllegalArgumentException("Not a viewport: " + view);
        }
        applyViewport(view);
    }

    /** Shows the whole grid. */
    public void resetView() {
        applyViewport(Viewport.whole(frame.rows(), frame.columns()));
    }

    /** Zooms both axes around the view's centre: {@code factor} 2 shows half as many rows and columns, 0.5 twice. */
    public void zoom(double factor) {
        if (!(factor > 0) || Double.isInfinite(factor)) {
            throw new IllegalArgumentException("A zoom factor is positive and finite: " + factor);
        }
        Viewport v = getViewport();
        zoomAround(v.row() + v.rows() / 2, v.column() + v.columns() / 2, factor, factor);
    }

    /**
     * Live mode: when on, each new grid moves the view so it ends at the last column (the view scrolls with time);
     * turning it on moves it there now.
     */
    public void setFollowLatest(boolean follow) {
        followLatest = follow;
        if (follow) {
            applyViewport(latest(getViewport()));
        }
    }

    /** Whether the view follows the last column; see {@link #setFollowLatest}. */
    public boolean isFollowLatest() {
        return followLatest;
    }

    /** Called with the row index when a cell or row label is double-clicked, or Enter is pressed with a pin. */
    public void setOnRowActivated(IntConsumer handler) {
        onRowActivated = handler;
    }

    /** Pins a cell as a click does, or (with null) unpins; it must lie inside the grid. */
    public void setPinnedCell(Cell cell) {
        if (cell != null
                && (cell.row() < 0
                        || cell.column() < 0
                        || cell.row() >= frame.rows()
                        || cell.column() >= frame.columns())) {
            throw new IllegalArgumentException(
                    cell + " is outside the " + frame.rows() + " × " + frame.columns() + " grid");
        }
        pinnedCell.set(cell);
        paintOverlay();
    }

    /** Sets or (with null) clears the selection; it must lie inside the grid. */
    public void setSelection(Selection newSelection) {
        if (newSelection != null
                && (newSelection.lastRow() >= frame.rows() || newSelection.lastColumn() >= frame.columns())) {
            throw new IllegalArgumentException(
                    newSelection + " is outside the " + frame.rows() + " × " + frame.columns() + " grid");
        }
        selection.set(newSelection);
        paintOverlay();
    }

    /**
     * The current view as an image for reports and slides: what is visible (same viewport) at {@code pixelScale}
     * × its size (1 or 2, say), with the legend, under a band holding {@code title} (no band when null or blank),
     * in a margin of {@value #EXPORT_MARGIN} pixels (× the scale), without hover, pin or selection.
     *
     * <p>The frame is painted again into an off-screen canvas scaled by {@code pixelScale}, rather than snapshotting
     * the on-screen one scaled, so text and lines are sharp at 2× and the cells stay crisp blocks (the image is drawn
     * with smoothing off, as on screen). The heat image itself is reused, not rewritten.
     */
    public WritableImage exportImage(double pixelScale, String title) {
        if (!(pixelScale > 0) || Double.isInfinite(pixelScale)) {
            throw new IllegalArgumentException("An export scale is positive and finite: " + pixelScale);
        }
        drawIfDirty();
        double w = base.getWidth();
        double h = base.getHeight();
        boolean titled = title != null && !title.isBlank();
        Font titleFont = titleFont();
        double band = titleBand(titled);
        double m = EXPORT_MARGIN;
        Canvas out = new Canvas(Math.ceil((w + 2 * m) * pixelScale), Math.ceil((h + band + 2 * m) * pixelScale));
        GraphicsContext g = out.getGraphicsContext2D();
        g.scale(pixelScale, pixelScale);
        g.translate(m, m);
        if (titled) {
            g.setFont(titleFont);
            g.setFill(colors.strongText());
            g.setTextAlign(TextAlignment.LEFT);
            g.setTextBaseline(VPos.CENTER);
            g.fillText(title, 0, band / 2);
        }
        g.translate(0, band);
        if (layout != null) {
            painter.paint(g, w, h, layout, frame, image, zone, colors);
            LegendPainter.paint(g, painter, layout, scale, lut, colors, unknownColumns());
        }
        SnapshotParameters p = new SnapshotParameters();
        p.setFill(colors.background());
        return out.snapshot(p, null);
    }

    private Font titleFont() {
        return Font.font(
                colors.font().getFamily(), FontWeight.BOLD, colors.font().getSize() * 1.3);
    }

    private double titleBand(boolean titled) {
        return titled ? Math.ceil(painter.lineHeight(titleFont()) + 12) : 0;
    }

    /**
     * Where the centre of a cell lands in {@link #exportImage} at {@code pixelScale} (with or without a title), or
     * null before the first frame; for tests that check exported pixels.
     */
    public javafx.geometry.Point2D exportPoint(int row, int column, double pixelScale, boolean titled) {
        if (layout == null) {
            return null;
        }
        double x = EXPORT_MARGIN + (layout.x(column) + layout.x(column + 1)) / 2;
        double y = EXPORT_MARGIN + titleBand(titled) + (layout.y(row) + layout.y(row + 1)) / 2;
        return new javafx.geometry.Point2D(x * pixelScale, y * pixelScale);
    }

    // Viewport

    /** The view clamped to the grid and made current; the frame redraws, the heat image stays. */
    private void applyViewport(Viewport view) {
        Viewport v = clamp(view);
        if (v.equals(getViewport())) {
            return;
        }
        viewport.set(v);
        if (layout != null) {
            layout = layout.withView(v); // hit testing follows at once; the frame follows in the next pulse
        }
        markFrameDirty();
    }

    private Viewport clamp(Viewport v) {
        int rows = frame.rows();
        int columns = frame.columns();
        double rowSpan = span(v.rows(), rows);
        double columnSpan = span(v.columns(), columns);
        return new Viewport(
                Math.max(0, Math.min(rows - rowSpan, v.row())),
                Math.max(0, Math.min(columns - columnSpan, v.column())),
                rowSpan,
                columnSpan);
    }

    private static double span(double span, int total) {
        return Math.max(Math.min(MIN_VISIBLE_CELLS, total), Math.min(total, span));
    }

    /** The view moved to end at the last column. */
    private Viewport latest(Viewport v) {
        return new Viewport(v.row(), frame.columns() - v.columns(), v.rows(), v.columns());
    }

    /** Zooms by a factor per axis (above 1 zooms in), keeping the fractional cell (row, column) where it is. */
    private void zoomAround(double row, double column, double rowFactor, double columnFactor) {
        Viewport v = getViewport();
        if (frame.rows() == 0 || frame.columns() == 0) {
            return;
        }
        double rows = span(v.rows() / rowFactor, frame.rows());
        double columns = span(v.columns() / columnFactor, frame.columns());
        applyViewport(new Viewport(
                row - (row - v.row()) * rows / v.rows(),
                column - (column - v.column()) * columns / v.columns(),
                rows,
                columns));
    }

    /** Pans by shares of the view (negative: up or left). */
    private void pan(double rowShare, double columnShare) {
        Viewport v = getViewport();
        applyViewport(new Viewport(
                v.row() + rowShare * v.rows(), v.column() + columnShare * v.columns(), v.rows(), v.columns()));
    }

    // Layout and drawing

    @Override
    protected void layoutChildren() {
        if (Fx.fitCanvases(this, base, overlay)) {
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
        layout = painter.layout(w, h, frame, getViewport(), colors);
        painter.paint(base.getGraphicsContext2D(), w, h, layout, frame, image, zone, colors);
        LegendPainter.paint(base.getGraphicsContext2D(), painter, layout, scale, lut, colors, unknownColumns());
        paintOverlay();
    }

    /** Whether the grid has columns whose heat was not read: the legend then names their colour. */
    private boolean unknownColumns() {
        return frame.grid() != null && frame.grid().anyMissing();
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

    public int imageWrites() {
        return imageWrites;
    }

    /** The centre of a cell in this region's coordinates, or null before the first frame; for tests. */
    public Point2D cellCenter(int row, int column) {
        if (layout == null) {
            return null;
        }
        return new Point2D(
                snappedLeftInset() + (layout.x(column) + layout.x(column + 1)) / 2,
                snappedTopInset() + (layout.y(row) + layout.y(row + 1)) / 2);
    }

    /** Redraws the overlay only: selection, pin, hover. The cell under the mouse is two divisions away. */
    private void paintOverlay() {
        GraphicsContext g = overlay.getGraphicsContext2D();
        g.clearRect(0, 0, overlay.getWidth(), overlay.getHeight());
        Cell cell = cellAt(mouseX, mouseY);
        if (!Objects.equals(cell, hoveredCell.get())) {
            hoveredCell.set(cell);
        }
        if (colors == null || layout == null || frame.grid() == null) {
            return;
        }
        Selection shown = selectTo != null ? Selection.between(press.selectFrom(), selectTo) : selection.get();
        if (shown != null) {
            HeatHoverPainter.paintSelection(
                    g, layout, shown.firstRow(), shown.lastRow(), shown.firstColumn(), shown.lastColumn(), colors);
        }
        Cell pin = pinnedCell.get();
        if (pin != null) {
            HeatHoverPainter.paintPin(g, layout, pin.row(), pin.column(), colors);
        }
        double w = overlay.getWidth();
        double h = overlay.getHeight();
        if (cell != null) {
            HeatHoverPainter.paint(
                    g, w, h, layout, frame, cell.row(), cell.column(), mouseX, mouseY, scale, zone, painter, colors);
        } else if (mouseY >= layout.throttleTop() && mouseY < layout.throttleBottom() && layout.columnAt(mouseX) >= 0) {
            HeatHoverPainter.paintStrip(
                    g, w, h, layout, frame, layout.columnAt(mouseX), mouseX, mouseY, zone, painter, colors);
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

    /** The visible cell nearest a point: a selection dragged past the plot's edge stops at the edge. */
    private Cell nearestCell(double x, double y) {
        return new Cell(
                layout.rowAt(Math.max(layout.top(), Math.min(layout.bottom() - 0.5, y))),
                layout.columnAt(Math.max(layout.left(), Math.min(layout.right() - 0.5, x))));
    }

    // Input

    private void track(MouseEvent e) {
        mouseX = e.getX() - snappedLeftInset(); // canvas coordinates
        mouseY = e.getY() - snappedTopInset();
    }

    private void hover(MouseEvent e) {
        track(e);
        paintOverlay();
    }

    private void pressed(MouseEvent e) {
        if (e.getButton() != MouseButton.PRIMARY) {
            return;
        }
        requestFocus();
        track(e);
        Cell from = e.isShiftDown() ? cellAt(mouseX, mouseY) : null;
        press = new Press(mouseX, mouseY, getViewport(), from);
        dragging = false;
    }

    private void dragged(MouseEvent e) {
        track(e);
        if (press == null || layout == null) {
            paintOverlay();
            return;
        }
        double dx = mouseX - press.x();
        double dy = mouseY - press.y();
        dragging |= Math.hypot(dx, dy) >= DRAG_THRESHOLD;
        if (dragging && press.selectFrom() != null) {
            selectTo = nearestCell(mouseX, mouseY);
        } else if (dragging && !e.isShiftDown()) {
            Viewport v = press.view();
            applyViewport(new Viewport(
                    v.row() - dy / layout.cellHeight(), v.column() - dx / layout.cellWidth(), v.rows(), v.columns()));
        }
        paintOverlay();
    }

    private void released(MouseEvent e) {
        if (press == null || e.getButton() != MouseButton.PRIMARY) {
            return;
        }
        track(e);
        Press p = press;
        press = null;
        if (dragging) {
            if (selectTo != null) {
                selection.set(Selection.between(p.selectFrom(), selectTo));
                selectTo = null;
            }
        } else if (e.getClickCount() == 1) { // a double-click's second release activates, it does not unpin
            Cell cell = cellAt(mouseX, mouseY);
            if (cell != null) {
                pinnedCell.set(cell.equals(pinnedCell.get()) ? null : cell);
            }
        }
        paintOverlay();
    }

    private void clicked(MouseEvent e) {
        if (e.getButton() != MouseButton.PRIMARY
                || e.getClickCount() != 2
                || !e.isStillSincePress()
                || layout == null
                || onRowActivated == null) {
            return;
        }
        double x = e.getX() - snappedLeftInset();
        int row = layout.rowAt(e.getY() - snappedTopInset());
        if (row >= 0 && x >= 0 && x < layout.right()) { // a cell or its row label
            onRowActivated.accept(row);
        }
    }

    private void scrolled(ScrollEvent e) {
        double delta = e.getDeltaY() != 0 ? e.getDeltaY() : e.getDeltaX();
        if (layout == null || delta == 0) {
            return;
        }
        double x = e.getX() - snappedLeftInset();
        double y = e.getY() - snappedTopInset();
        boolean rows;
        boolean columns;
        if (e.isControlDown() || e.isShiftDown()) {
            rows = e.isShiftDown();
            columns = !rows;
        } else {
            rows = y < layout.bottom(); // not over the strips, axis or legend
            columns = (x >= layout.left() && x < layout.right()) || !rows; // not over the labels or row totals
        }
        double factor = Math.pow(ZOOM_PER_NOTCH, delta / WHEEL_NOTCH);
        zoomAround(
                layout.row(Math.max(layout.top(), Math.min(layout.bottom(), y))),
                layout.column(Math.max(layout.left(), Math.min(layout.right(), x))),
                rows ? factor : 1,
                columns ? factor : 1);
        e.consume();
    }

    private void keyPressed(KeyEvent e) {
        switch (e.getCode()) {
            case PLUS, EQUALS, ADD -> zoom(KEY_ZOOM);
            case MINUS, SUBTRACT -> zoom(1 / KEY_ZOOM);
            case LEFT -> pan(0, -KEY_PAN);
            case RIGHT -> pan(0, KEY_PAN);
            case UP -> pan(-KEY_PAN, 0);
            case DOWN -> pan(KEY_PAN, 0);
            case DIGIT0, NUMPAD0, HOME -> resetView();
            case ENTER -> {
                if (pinnedCell.get() == null || onRowActivated == null) {
                    return;
                }
                onRowActivated.accept(pinnedCell.get().row());
            }
            case ESCAPE -> {
                if (!escape()) {
                    return;
                }
            }
            default -> {
                return;
            }
        }
        e.consume();
    }

    /** Esc: cancels a selection drag, else clears the selection, else unpins. False when there was nothing. */
    private boolean escape() {
        if (selectTo != null) {
            selectTo = null;
            press = null;
        } else if (selection.get() != null) {
            selection.set(null);
        } else if (pinnedCell.get() != null) {
            pinnedCell.set(null);
        } else {
            return false;
        }
        paintOverlay();
        return true;
    }

    // Colours

    HeatColors colors() {
        Font font = textProbe.getFont();
        return new HeatColors(
                font,
                Font.font(font.getFamily(), FontWeight.BOLD, font.getSize()),
                strongTextProbe.getFont(),
                paint(textProbe),
                paint(strongTextProbe),
                labelHaloProbe.getTextFill(),
                paint(backgroundProbe),
                paint(plotBackgroundProbe),
                paint(axisProbe),
                paint(labelAProbe),
                paint(labelBProbe),
                paint(totalProbe),
                paint(throttleProbe),
                paint(throttleOtherProbe),
                paint(missingProbe),
                paint(crosshairProbe),
                paint(pinProbe),
                paint(selectionProbe),
                paint(hoverBackgroundProbe),
                paint(hoverBorderProbe),
                paint(hoverTextProbe));
    }

    private static Paint paint(Label probe) {
        return dev.partitionscope.ui.common.CssProbe.paint(probe);
    }

    /** An invisible label whose CSS-styled text fill (and font) the chart draws with. */
    private Label probe(String styleClass) {
        return dev.partitionscope.ui.common.CssProbe.create(this::markFrameDirty, "heat-probe", styleClass);
    }
}
