package dev.partitionscope.ui.common.heat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.assertj.core.api.Assertions.within;

import atlantafx.base.theme.PrimerLight;
import dev.partitionscope.core.heat.ColorLut;
import dev.partitionscope.core.heat.HeatGrid;
import dev.partitionscope.core.heat.HeatPalette;
import dev.partitionscope.core.heat.HeatScale;
import dev.partitionscope.core.heat.MatrixUnit;
import dev.partitionscope.ui.AppFixture;
import dev.partitionscope.ui.common.heat.HeatmapCanvas.Cell;
import dev.partitionscope.ui.common.heat.HeatmapCanvas.Selection;
import dev.partitionscope.ui.common.heat.HeatmapCanvas.Viewport;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import javafx.application.Application;
import javafx.event.EventType;
import javafx.geometry.Point2D;
import javafx.scene.Scene;
import javafx.scene.image.PixelFormat;
import javafx.scene.image.WritableImage;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/** Zoom, pan, selection, pin, row activation, live refresh, throttle causes and export on the real control. */
class HeatmapCanvasInteractionUiTest {
    private static final HeatScale SCALE = HeatScale.absolute(MatrixUnit.CONSUMED_UNITS_PER_MINUTE);

    private HeatmapCanvas canvas;
    private Stage stage;
    private final List<Integer> activated = new ArrayList<>();

    @BeforeEach
    void show() throws Exception {
        stage = FxToolkit.registerPrimaryStage();
        AppFixture.onFx(() -> {
            Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet());
            canvas = new HeatmapCanvas();
            canvas.setGrid(HeatmapCanvasUiTest.grid());
            canvas.setScale(SCALE);
            canvas.setOnRowActivated(activated::add);
            stage.setScene(new Scene(new StackPane(canvas), 900, 500));
            stage.show();
            return null;
        });
        settle();
    }

    @AfterEach
    void hide() {
        AppFixture.onFx(() -> {
            stage.hide();
            return null;
        });
    }

    /** Lets the pending pulses draw. */
    private void settle() throws InterruptedException {
        WaitForAsyncUtils.waitForFxEvents();
        for (int i = 0; i < 50 && AppFixture.onFx(() -> canvas.cellCenter(0, 0)) == null; i++) {
            Thread.sleep(20);
            WaitForAsyncUtils.waitForFxEvents();
        }
        Thread.sleep(50);
        WaitForAsyncUtils.waitForFxEvents();
    }

    private Point2D centre(int row, int column) {
        return AppFixture.onFx(() -> canvas.cellCenter(row, column));
    }

    private void mouse(EventType<MouseEvent> type, Point2D local, MouseButton button, int clicks, boolean shift) {
        AppFixture.onFx(() -> {
            Point2D p = canvas.localToScene(local);
            boolean primary = button == MouseButton.PRIMARY
                    && type != MouseEvent.MOUSE_RELEASED
                    && type != MouseEvent.MOUSE_CLICKED;
            canvas.fireEvent(new MouseEvent(
                    type, p.getX(), p.getY(), 0, 0, button, clicks, shift, false, false, false, primary, false, false,
                    true, false, true, null));
            return null;
        });
    }

    private void move(Point2D local) {
        mouse(MouseEvent.MOUSE_MOVED, local, MouseButton.NONE, 0, false);
    }

    private void click(Point2D local, int clicks) {
        mouse(MouseEvent.MOUSE_PRESSED, local, MouseButton.PRIMARY, clicks, false);
        mouse(MouseEvent.MOUSE_RELEASED, local, MouseButton.PRIMARY, clicks, false);
        mouse(MouseEvent.MOUSE_CLICKED, local, MouseButton.PRIMARY, clicks, false);
    }

    private void drag(Point2D from, Point2D to, boolean shift) {
        mouse(MouseEvent.MOUSE_PRESSED, from, MouseButton.PRIMARY, 1, shift);
        Point2D half = from.midpoint(to);
        mouse(MouseEvent.MOUSE_DRAGGED, half, MouseButton.PRIMARY, 1, shift);
        mouse(MouseEvent.MOUSE_DRAGGED, to, MouseButton.PRIMARY, 1, shift);
        mouse(MouseEvent.MOUSE_RELEASED, to, MouseButton.PRIMARY, 1, shift);
    }

    private void scroll(Point2D local, double deltaY) {
        AppFixture.onFx(() -> {
            Point2D p = canvas.localToScene(local);
            canvas.fireEvent(new ScrollEvent(
                    ScrollEvent.SCROLL,
                    p.getX(),
                    p.getY(),
                    0,
                    0,
                    false,
                    false,
                    false,
                    false,
                    false,
                    false,
                    0,
                    deltaY,
                    0,
                    deltaY,
                    ScrollEvent.HorizontalTextScrollUnits.NONE,
                    0,
                    ScrollEvent.VerticalTextScrollUnits.NONE,
                    0,
                    0,
                    null));
            return null;
        });
    }

    private void key(KeyCode code) {
        AppFixture.onFx(() -> {
            canvas.fireEvent(new KeyEvent(KeyEvent.KEY_PRESSED, "", "", code, false, false, false, false));
            return null;
        });
    }

    private Viewport viewport() {
        return AppFixture.onFx(canvas::getViewport);
    }

    private void setViewport(Viewport v) {
        AppFixture.onFx(() -> {
            canvas.setViewport(v);
            return null;
        });
    }

    @Test
    void wheelZoomKeepsTheCellUnderTheMouseAndHoverMapsIntoTheVisibleWindow() throws Exception {
        int writes = AppFixture.onFx(canvas::imageWrites);
        // The plot's geometry at the whole-grid view, measured before zooming: 30 columns across it.
        Point2D c0 = centre(0, 0);
        double cellW = centre(0, 1).getX() - c0.getX();
        double left = c0.getX() - cellW / 2;
        double width = 30 * cellW;

        Point2D anchor = centre(6, 15);
        scroll(anchor, 4 * 40); // four notches in: 1.25^4 ≈ 2.44× on both axes over the plot
        Viewport v = viewport();
        assertThat(v.columns()).isCloseTo(30 / Math.pow(1.25, 4), within(1e-9));
        assertThat(v.rows()).isCloseTo(12 / Math.pow(1.25, 4), within(1e-9));
        move(anchor);
        assertThat(AppFixture.onFx(canvas::getHoveredCell)).isEqualTo(new Cell(6, 15));

        for (double share : new double[] {0.01, 0.3, 0.62, 0.99}) {
            double x = left + share * width;
            move(new Point2D(x, anchor.getY()));
            int expected = (int) Math.floor(v.column() + share * v.columns());
            assertThat(AppFixture.onFx(canvas::getHoveredCell).column())
                    .as("column at %s of the plot", share)
                    .isEqualTo(expected)
                    .isBetween((int) Math.floor(v.column()), (int) Math.ceil(v.column() + v.columns()) - 1);
        }

        drag(anchor, anchor.add(-40, 25), false);
        drag(centre(6, 15), centre(8, 17), true);
        settle();
        assertThat(AppFixture.onFx(canvas::imageWrites))
                .as("zoom, pan, hover and select reuse the image")
                .isEqualTo(writes);
    }

    @Test
    void wheelOverTheLabelsZoomsRowsOnlyAndBelowThePlotColumnsOnly() {
        Point2D cell = centre(6, 15);
        scroll(new Point2D(20, cell.getY()), 40); // over the label bars
        assertThat(viewport().rows()).isCloseTo(12 / 1.25, within(1e-9));
        assertThat(viewport().columns()).isEqualTo(30);
        scroll(new Point2D(cell.getX(), centre(11, 0).getY() + 40), 40); // the column-totals strip
        assertThat(viewport().rows()).isCloseTo(12 / 1.25, within(1e-9));
        assertThat(viewport().columns()).isCloseTo(30 / 1.25, within(1e-9));
        scroll(cell, -100 * 40);
        assertThat(viewport()).isEqualTo(Viewport.whole(12, 30));
        scroll(cell, 100 * 40);
        assertThat(viewport().rows()).isEqualTo(HeatmapCanvas.MIN_VISIBLE_CELLS);
        assertThat(viewport().columns()).isEqualTo(HeatmapCanvas.MIN_VISIBLE_CELLS);
    }

    @Test
    void draggingPansByTheDraggedCellsAndStopsAtTheEdges() {
        setViewport(new Viewport(4, 10, 4, 10));
        Point2D a = centre(5, 12);
        double cellW = centre(5, 13).getX() - a.getX();
        double cellH = centre(6, 12).getY() - a.getY();

        drag(a, a.add(-2 * cellW, -1 * cellH), false); // drag the content up-left: the view moves down-right
        assertThat(viewport().column()).isCloseTo(12, within(1e-6));
        assertThat(viewport().row()).isCloseTo(5, within(1e-6));
        assertThat(viewport().columns()).isEqualTo(10);

        drag(a, a.add(1000 * cellW, 1000 * cellH), false);
        assertThat(viewport()).isEqualTo(new Viewport(0, 0, 4, 10));
        drag(a, a.add(-1000 * cellW, -1000 * cellH), false);
        assertThat(viewport()).isEqualTo(new Viewport(8, 20, 4, 10));
    }

    @Test
    void shiftDragSelectsWholeCellsInclusiveAndEscClearsIt() {
        drag(centre(2, 3), centre(5, 8), true);
        assertThat(AppFixture.onFx(canvas::getSelection)).isEqualTo(new Selection(2, 5, 3, 8));
        assertThat(AppFixture.onFx(canvas::getPinnedCell)).isNull();

        drag(centre(9, 20), centre(7, 11), true); // dragged up-left
        assertThat(AppFixture.onFx(canvas::getSelection)).isEqualTo(new Selection(7, 9, 11, 20));

        Point2D last = centre(11, 29);
        drag(centre(10, 25), last.add(500, 500), true); // past the plot: stops at its edge
        assertThat(AppFixture.onFx(canvas::getSelection)).isEqualTo(new Selection(10, 11, 25, 29));

        key(KeyCode.ESCAPE);
        assertThat(AppFixture.onFx(canvas::getSelection)).isNull();
    }

    @Test
    void aClickPinsAgainOrEscUnpinsAndDoubleClickOrEnterActivatesTheRow() {
        Point2D cell = centre(4, 7);
        click(cell, 1);
        assertThat(AppFixture.onFx(canvas::getPinnedCell)).isEqualTo(new Cell(4, 7));
        move(centre(1, 1));
        assertThat(AppFixture.onFx(canvas::getHoveredCell))
                .as("hover works while pinned")
                .isEqualTo(new Cell(1, 1));
        click(cell, 1);
        assertThat(AppFixture.onFx(canvas::getPinnedCell)).isNull();
        click(cell, 1);
        key(KeyCode.ESCAPE);
        assertThat(AppFixture.onFx(canvas::getPinnedCell)).isNull();
        assertThat(activated).isEmpty();

        click(centre(9, 2), 1);
        click(centre(9, 2), 2);
        assertThat(activated).containsExactly(9);
        assertThat(AppFixture.onFx(canvas::getPinnedCell))
                .as("the second click does not unpin")
                .isEqualTo(new Cell(9, 2));

        click(new Point2D(20, centre(3, 0).getY()), 2); // on the row's label
        assertThat(activated).containsExactly(9, 3);

        key(KeyCode.ENTER);
        assertThat(activated).containsExactly(9, 3, 9);
    }

    @Test
    void keysZoomPanAndReset() {
        key(KeyCode.EQUALS);
        assertThat(viewport().rows()).isCloseTo(12 / 1.25, within(1e-9));
        assertThat(viewport().columns()).isCloseTo(24, within(1e-9));
        Viewport zoomed = viewport();
        key(KeyCode.RIGHT);
        assertThat(viewport().column()).isCloseTo(zoomed.column() + 2.4, within(1e-9));
        key(KeyCode.UP);
        assertThat(viewport().row()).isCloseTo(zoomed.row() - 0.96, within(1e-9));
        key(KeyCode.MINUS);
        assertThat(viewport().columns()).isCloseTo(30, within(1e-9));
        key(KeyCode.PLUS);
        key(KeyCode.DIGIT0);
        assertThat(viewport()).isEqualTo(Viewport.whole(12, 30));
    }

    @Test
    void aRefreshOfTheSameShapeKeepsTheViewAnotherShapeResetsIt() {
        Viewport v = new Viewport(2, 5, 4, 10);
        setViewport(v);
        click(centre(3, 7), 1);
        AppFixture.onFx(() -> {
            canvas.setGrid(HeatmapCanvasUiTest.grid());
            return null;
        });
        assertThat(viewport()).isEqualTo(v);
        assertThat(AppFixture.onFx(canvas::getPinnedCell)).isEqualTo(new Cell(3, 7));

        AppFixture.onFx(() -> {
            canvas.setGrid(HeatmapCanvasUiTest.grid(20));
            return null;
        });
        assertThat(viewport()).isEqualTo(Viewport.whole(12, 20));
        assertThat(AppFixture.onFx(canvas::getPinnedCell)).isNull();
    }

    @Test
    void followingTheLatestKeepsTheViewsRightEdgeAtTheLastColumn() {
        setViewport(new Viewport(2, 0, 4, 10));
        AppFixture.onFx(() -> {
            canvas.setFollowLatest(true);
            return null;
        });
        assertThat(viewport()).isEqualTo(new Viewport(2, 20, 4, 10));
        setViewport(new Viewport(2, 3, 4, 10)); // the user looks back
        AppFixture.onFx(() -> {
            canvas.setGrid(HeatmapCanvasUiTest.grid());
            return null;
        });
        assertThat(viewport()).isEqualTo(new Viewport(2, 20, 4, 10));
        AppFixture.onFx(() -> {
            canvas.setGrid(HeatmapCanvasUiTest.grid(40)); // the window grew by ten minutes
            return null;
        });
        assertThat(viewport()).isEqualTo(new Viewport(2, 30, 4, 10));
    }

    @Test
    void throttleCausesNeedOneValuePerColumnAndShowBothInTheStripBox() {
        Throwable wrong =
                AppFixture.onFx(() -> catchThrowable(() -> canvas.setThrottleCauses(new double[29], new double[30])));
        assertThat(wrong)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("one value per grid column (30)")
                .hasMessageContaining("29");
        Throwable half = AppFixture.onFx(() -> catchThrowable(() -> canvas.setThrottleCauses(new double[30], null)));
        assertThat(half).isInstanceOf(IllegalArgumentException.class);

        HeatGrid grid = HeatmapCanvasUiTest.grid();
        double[] keyRange = new double[30];
        double[] other = new double[30];
        keyRange[17] = 5;
        other[17] = 1_250;
        AppFixture.onFx(() -> {
            canvas.setThrottleCauses(keyRange, other);
            return null;
        });
        HeatFrame frame = HeatFrame.of(grid).withCauses(HeatFrame.ThrottleCauses.of(keyRange, other));
        assertThat(HeatHoverPainter.stripLines(frame, 17, ZoneOffset.UTC))
                .containsExactly(
                        "10:17–10:18 UTC", "KeyRange: 5 throttled requests", "other causes: 1,250 throttled requests");
        assertThat(HeatHoverPainter.stripLines(HeatFrame.of(grid), 17, ZoneOffset.UTC))
                .containsExactly("10:17–10:18 UTC", "5 throttled requests");
    }

    @Test
    void theExportShowsTheVisibleViewAtOneOrTwiceTheSizeWithTheCellsLutColours() {
        setViewport(new Viewport(4, 10, 4, 10));
        WritableImage one = AppFixture.onFx(() -> canvas.exportImage(1, "orders"));
        WritableImage two = AppFixture.onFx(() -> canvas.exportImage(2, "orders"));
        assertThat(two.getWidth()).isEqualTo(2 * one.getWidth());
        assertThat(two.getHeight()).isEqualTo(2 * one.getHeight());

        // Export coordinates: the canvas's, below the margin and the title band.
        double insetLeft = AppFixture.onFx(canvas::snappedLeftInset);
        double insetTop = AppFixture.onFx(canvas::snappedTopInset);
        double plotHeight = AppFixture.onFx(
                () -> Math.floor(canvas.getHeight() - canvas.snappedTopInset() - canvas.snappedBottomInset()));
        double margin = HeatmapCanvas.EXPORT_MARGIN;
        double band = one.getHeight() - 2 * margin - plotHeight;
        assertThat(band).isPositive();
        int[] lut = ColorLut.build(HeatPalette.HEAT, 0).table();
        HeatGrid grid = HeatmapCanvasUiTest.grid();
        for (int[] rc : new int[][] {{4, 10}, {7, 19}, {5, 12}}) {
            Point2D c = centre(rc[0], rc[1]);
            double x = c.getX() - insetLeft + margin;
            double y = c.getY() - insetTop + margin + band;
            int expected = lut[SCALE.level(grid.perMinute(rc[0], rc[1]))];
            assertThat(argb(one, x, y)).as("cell %s,%s at 1×", rc[0], rc[1]).isEqualTo(expected);
            assertThat(argb(two, 2 * x, 2 * y))
                    .as("cell %s,%s at 2×", rc[0], rc[1])
                    .isEqualTo(expected);
        }
        // Column 9 is out of view: left of column 10's cell is the label area, not heat.
        Point2D outside =
                centre(4, 10).add(-centre(4, 11).getX() + centre(4, 10).getX(), 0);
        int beside = argb(one, outside.getX() - insetLeft + margin, outside.getY() - insetTop + margin + band);
        assertThat(beside).isNotEqualTo(lut[SCALE.level(grid.perMinute(4, 9))]);
    }

    private static int argb(WritableImage image, double x, double y) {
        int[] px = new int[1];
        image.getPixelReader().getPixels((int) x, (int) y, 1, 1, PixelFormat.getIntArgbInstance(), px, 0, 1);
        return px[0];
    }
}
