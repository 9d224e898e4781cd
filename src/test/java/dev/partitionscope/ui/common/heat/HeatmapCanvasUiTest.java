package dev.partitionscope.ui.common.heat;

import static org.assertj.core.api.Assertions.assertThat;

import atlantafx.base.theme.PrimerLight;
import dev.partitionscope.core.heat.HeatGrid;
import dev.partitionscope.core.heat.HeatScale;
import dev.partitionscope.core.heat.KeyTimeMatrix;
import dev.partitionscope.core.heat.MatrixUnit;
import dev.partitionscope.core.heat.Provenance;
import dev.partitionscope.core.heat.RowBucketing;
import dev.partitionscope.core.heat.RowKey;
import dev.partitionscope.ui.AppFixture;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javafx.application.Application;
import javafx.geometry.Point2D;
import javafx.scene.Scene;
import javafx.scene.image.WritableImage;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

class HeatmapCanvasUiTest {
    private static final Instant START = Instant.parse("2026-06-22T10:00:00Z");

    private HeatmapCanvas canvas;
    private Stage stage;

    @BeforeEach
    void show() throws Exception {
        stage = FxToolkit.registerPrimaryStage();
        AppFixture.onFx(() -> {
            Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet());
            canvas = new HeatmapCanvas();
            canvas.setGrid(grid());
            canvas.setScale(HeatScale.absolute(MatrixUnit.CONSUMED_UNITS_PER_MINUTE));
            stage.setScene(new Scene(new StackPane(canvas), 900, 500));
            stage.setMinWidth(0); // the stage is shared: a window test before may have set a minimum size
            stage.setMinHeight(0);
            stage.setMaximized(false);
            stage.sizeToScene();
            stage.show();
            return null;
        });
        WaitForAsyncUtils.waitForFxEvents();
        for (int i = 0; i < 50 && AppFixture.onFx(() -> canvas.cellCenter(0, 0)) == null; i++) {
            Thread.sleep(20); // the first frame is drawn in a pulse
            WaitForAsyncUtils.waitForFxEvents();
        }
    }

    @AfterEach
    void hide() throws Exception {
        AppFixture.onFx(() -> {
            stage.hide();
            return null;
        });
    }

    /** Twelve keys × thirty minutes, every key busy in every minute, one throttling. */
    static HeatGrid grid() {
        return grid(30);
    }

    /** Twelve keys × {@code minutes} (at least 18), every key busy in every minute, one throttling in minute 17. */
    static HeatGrid grid(int minutes) {
        KeyTimeMatrix.Builder b =
                KeyTimeMatrix.builder(START, 60, minutes, MatrixUnit.CONSUMED_UNITS_PER_MINUTE, Provenance.LAB_METER);
        for (int k = 0; k < 12; k++) {
            RowKey key = RowKey.of("orders", null, "TENANT#" + (k / 4) + "#K" + k);
            for (int m = 0; m < minutes; m++) {
                b.add(key, m, 1_000 + k * 10_000 + m);
            }
        }
        b.addThrottles(RowKey.of("orders", null, "TENANT#2#K11"), 17, 5);
        return RowBucketing.bucket(b.build(), 100, RowBucketing.ALL_COLUMNS);
    }

    private void move(Point2D local) {
        AppFixture.onFx(() -> {
            Point2D p = canvas.localToScene(local);
            canvas.fireEvent(new MouseEvent(
                    MouseEvent.MOUSE_MOVED,
                    p.getX(),
                    p.getY(),
                    0,
                    0,
                    MouseButton.NONE,
                    0,
                    false,
                    false,
                    false,
                    false,
                    false,
                    false,
                    false,
                    true,
                    false,
                    true,
                    null));
            return null;
        });
    }

    /**
     * Columns whose heat was not read are painted in their own colour, and the legend then names it: a swatch of a
     * colour the legend did not have before, the very colour of a gap column.
     */
    @Test
    void theLegendNamesTheColourOfColumnsThatWereNotRead() throws Exception {
        WritableImage whole = AppFixture.onFx(() -> canvas.exportImage(1, null));
        AppFixture.onFx(() -> {
            canvas.setGrid(gridWithGap());
            return null;
        });
        WaitForAsyncUtils.waitForFxEvents();
        WritableImage gap = AppFixture.onFx(() -> canvas.exportImage(1, null));
        int legendRows = 40 + HeatmapCanvas.EXPORT_MARGIN; // the legend's line and the bottom margin
        Map<Integer, Integer> before = colours(whole, legendRows);
        Map<Integer, Integer> after = colours(gap, legendRows);
        List<Integer> added = after.entrySet().stream()
                .filter(e -> !before.containsKey(e.getKey()) && e.getValue() >= 80) // a 12 × 12 swatch's inside
                .map(Map.Entry::getKey)
                .toList();
        assertThat(added).as("colours the legend gained").hasSize(1);
        Point2D cell = AppFixture.onFx(() -> canvas.cellCenter(0, 7));
        int gapColour = gap.getPixelReader()
                .getArgb(
                        (int) cell.getX() + HeatmapCanvas.EXPORT_MARGIN,
                        (int) cell.getY() + HeatmapCanvas.EXPORT_MARGIN);
        // Every pixel across the gap (minutes 5 to 9) is that one colour: no seams where column edges meet.
        Point2D first = AppFixture.onFx(() -> canvas.cellCenter(0, 5));
        Point2D last = AppFixture.onFx(() -> canvas.cellCenter(0, 9));
        for (int x = (int) first.getX(); x <= (int) last.getX(); x++) {
            assertThat(gap.getPixelReader()
                            .getArgb(x + HeatmapCanvas.EXPORT_MARGIN, (int) cell.getY() + HeatmapCanvas.EXPORT_MARGIN))
                    .as("gap pixel at x=%d", x)
                    .isEqualTo(gapColour);
        }
        assertThat(added.get(0)).as("the swatch is the gap's colour").isEqualTo(gapColour);
        assertThat(colours(whole, legendRows)).doesNotContainKey(gapColour);
    }

    /**
     * At a narrow width the legend's last entries stay on the canvas: the ramp gives up width first, and what still
     * does not fit moves to the labels' line. (They were drawn past the canvas's edge and cut off.)
     */
    @ParameterizedTest
    @ValueSource(ints = {1400, 900, 700, 560})
    void theLegendsLastEntriesStayOnTheCanvasAtAnyWidth(int width) throws Exception {
        AppFixture.onFx(() -> {
            stage.setWidth(width);
            return null;
        });
        for (int i = 0; i < 10; i++) {
            Thread.sleep(20); // the resized frame is drawn in a pulse
            WaitForAsyncUtils.waitForFxEvents();
        }
        WritableImage image = AppFixture.onFx(() -> canvas.exportImage(1, null));
        assertThat(image.getWidth()).isLessThan(width + 2.0 * HeatmapCanvas.EXPORT_MARGIN);
        int throttle = argb(
                (javafx.scene.paint.Color) AppFixture.onFx(() -> canvas.colors().throttle()));
        int legendRows = 40 + HeatmapCanvas.EXPORT_MARGIN;
        // The throttle mark is the legend's last swatch: a 12-px triangle, about 60 pixels of its colour inside.
        assertThat(colours(image, legendRows).getOrDefault(throttle, 0))
                .as("pixels of the throttle mark at %d px", width)
                .isGreaterThan(40);
    }

    private static int argb(javafx.scene.paint.Color c) {
        return (int) Math.round(c.getOpacity() * 255) << 24
                | (int) Math.round(c.getRed() * 255) << 16
                | (int) Math.round(c.getGreen() * 255) << 8
                | (int) Math.round(c.getBlue() * 255);
    }

    /** Pixel counts per colour in the image's bottom {@code rows} rows. */
    private static Map<Integer, Integer> colours(WritableImage image, int rows) {
        Map<Integer, Integer> counts = new HashMap<>();
        int w = (int) image.getWidth();
        int h = (int) image.getHeight();
        for (int y = Math.max(0, h - rows); y < h; y++) {
            for (int x = 0; x < w; x++) {
                counts.merge(image.getPixelReader().getArgb(x, y), 1, Integer::sum);
            }
        }
        return counts;
    }

    /** {@link #grid()} with minutes 5 to 9 not read (no values, marked missing), as a metric left unanswered. */
    static HeatGrid gridWithGap() {
        KeyTimeMatrix.Builder b =
                KeyTimeMatrix.builder(START, 60, 30, MatrixUnit.CONSUMED_UNITS_PER_MINUTE, Provenance.LAB_METER);
        for (int k = 0; k < 12; k++) {
            RowKey key = RowKey.of("orders", null, "TENANT#" + (k / 4) + "#K" + k);
            for (int m = 0; m < 30; m++) {
                if (m < 5 || m >= 10) {
                    b.add(key, m, 1_000 + k * 10_000 + m);
                }
            }
        }
        b.markMissing(5, 10, "not answered");
        return RowBucketing.bucket(b.build(), 100, RowBucketing.ALL_COLUMNS);
    }

    @Test
    void hoveringACellsPixelReportsThatRowAndColumn() {
        for (int[] rc : new int[][] {{0, 0}, {11, 29}, {5, 17}, {7, 3}}) {
            Point2D centre = AppFixture.onFx(() -> canvas.cellCenter(rc[0], rc[1]));
            move(centre);
            assertThat(AppFixture.onFx(canvas::getHoveredCell)).isEqualTo(new HeatmapCanvas.Cell(rc[0], rc[1]));
        }
    }

    @Test
    void hoveringOutsideTheHeatReportsNoCell() {
        Point2D first = AppFixture.onFx(() -> canvas.cellCenter(0, 0));
        move(first);
        move(new Point2D(2, first.getY())); // over the label bars
        assertThat(AppFixture.onFx(canvas::getHoveredCell)).isNull();
    }

    @Test
    void movingTheMouseNeverRewritesTheHeatImage() throws Exception {
        int before = AppFixture.onFx(canvas::imageWrites);
        assertThat(before).isEqualTo(1);
        for (int c = 0; c < 30; c++) {
            int col = c;
            move(AppFixture.onFx(() -> canvas.cellCenter(col % 12, col)));
        }
        Thread.sleep(50);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(AppFixture.onFx(canvas::imageWrites)).isEqualTo(before);
    }

    @Test
    void changesInOnePulseWriteTheImageOnce() throws Exception {
        int before = AppFixture.onFx(canvas::imageWrites);
        AppFixture.onFx(() -> {
            canvas.setScale(HeatScale.relativeLog(50_000));
            canvas.setLut(
                    dev.partitionscope.core.heat.ColorLut.build(dev.partitionscope.core.heat.HeatPalette.CIVIDIS, 0.5)
                            .table());
            canvas.setGrid(grid());
            return null;
        });
        for (int i = 0; i < 50 && AppFixture.onFx(canvas::imageWrites) == before; i++) {
            Thread.sleep(20);
        }
        Thread.sleep(100);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(AppFixture.onFx(canvas::imageWrites)).isEqualTo(before + 1);
    }

    @Test
    void theHoverBoxNamesTheKeyTheSpanTheShareOfTheCeilingAndTheThrottles() {
        HeatGrid grid = AppFixture.onFx(canvas::getGrid);
        int row = 0;
        while (!grid.row(row).first().partitionKey().equals("TENANT#2#K11")) {
            row++;
        }
        List<String> lines = HeatHoverPainter.lines(
                grid, row, 17, HeatScale.absolute(MatrixUnit.CONSUMED_UNITS_PER_MINUTE), java.time.ZoneOffset.UTC);
        assertThat(lines)
                .containsExactly(
                        "TENANT#2#K11",
                        "orders",
                        "10:17–10:18 UTC",
                        "111,017 throughput units/min · 61.7 % of ceiling",
                        "5 throttled requests");
    }
}
