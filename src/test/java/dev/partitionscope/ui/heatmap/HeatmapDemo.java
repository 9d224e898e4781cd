package dev.partitionscope.ui.heatmap;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import dev.partitionscope.core.heat.HeatGrid;
import dev.partitionscope.core.heat.HeatScale;
import dev.partitionscope.core.heat.KeyTimeMatrix;
import dev.partitionscope.core.heat.MatrixUnit;
import dev.partitionscope.core.heat.Provenance;
import dev.partitionscope.core.heat.RowBucketing;
import dev.partitionscope.core.heat.RowKey;
import dev.partitionscope.ui.DemoShots;
import dev.partitionscope.ui.common.heat.HeatmapCanvas;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Random;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;

/**
 * Throwaway look at {@link HeatmapCanvas} with the ops-log seed's shape: one {@code OPS_LOG} key at the write
 * ceiling all day and throttling, a few hundred cold {@code ORDER#n} keys, the other-keys row. Shows it at
 * 1,400 × 800, hovers the hot row, and writes {@code <base>-light.png}, {@code <base>-dark.png} and, with half-hour
 * columns so throttle marks fit in cells, {@code <base>-coarse-dark.png}; then zooms the fine grid into the hot
 * rows with throttles split by cause, a pin and a selection ({@code <base>-zoom-dark.png}, {@code -zoom-light.png}),
 * and exports that view at 2× ({@code <base>-export-2x.png}); then exits.
 */
public final class HeatmapDemo {
    private static final Instant DAY_START = Instant.parse("2026-06-22T00:00:00Z");

    private HeatmapDemo() {}

    /** The main class must not extend Application, or the classpath launcher refuses to start JavaFX. */
    public static void main(String[] args) {
        Application.launch(App.class, args);
    }

    public static final class App extends Application {
        @Override
        public void start(Stage stage) {
            HeatmapDemo.start(stage, getParameters().getRaw());
        }
    }

    static KeyTimeMatrix opsLogDay() {
        Random random = new Random(42);
        KeyTimeMatrix.Builder b =
                KeyTimeMatrix.builder(DAY_START, 60, 1440, MatrixUnit.CONSUMED_UNITS_PER_MINUTE, Provenance.LAB_METER);
        RowKey opsLog = RowKey.of("orders", null, "OPS_LOG");
        for (int m = 0; m < 1440; m++) {
            // 90–115 % of the 180,000-per-minute ceiling: white-hot, over it now and then, throttled every minute.
            b.add(opsLog, m, 162_000 + random.nextInt(45_000));
            b.addThrottles(opsLog, m, 20 + random.nextInt(180));
        }
        for (int i = 0; i < 400; i++) {
            RowKey key = RowKey.of("orders", null, "ORDER#" + (10_000 + i * 37));
            int bursts = 1 + random.nextInt(6);
            for (int k = 0; k < bursts; k++) {
                int at = random.nextInt(1400);
                for (int m = at; m < at + 1 + random.nextInt(40); m++) {
                    b.add(key, m, 50 + random.nextInt(3_000));
                }
            }
        }
        for (int i = 0; i < 6; i++) { // a few warm customers the bucketing keeps on rows of their own
            RowKey key = RowKey.of("orders", null, "CUSTOMER#" + (100 + i) + "#PROFILE");
            for (int m = 480 + i * 60; m < 1080; m++) {
                b.add(key, m, 10_000 + random.nextInt(20_000) + (i == 2 && m > 800 && m < 830 ? 100_000 : 0));
            }
        }
        RowKey other = RowKey.other("orders", null);
        for (int m = 0; m < 1440; m++) {
            double daily = 0.55 + 0.45 * Math.sin((m - 420) / 1440.0 * 2 * Math.PI);
            b.add(other, m, 20_000 * daily + random.nextInt(4_000));
        }
        b.markMissing(600, 615, "Contributor Insights report failed: throttled by CloudWatch");
        return b.build();
    }

    private static void start(Stage stage, List<String> args) {
        String out = args.isEmpty() ? "/tmp/heatmap-demo.png" : args.get(0);
        String base = out.endsWith(".png") ? out.substring(0, out.length() - 4) : out;
        Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet());

        KeyTimeMatrix matrix = opsLogDay();
        HeatGrid grid = RowBucketing.bucket(matrix, 120, RowBucketing.ALL_COLUMNS);
        System.out.println(grid);
        HeatmapCanvas canvas = new HeatmapCanvas();
        canvas.setGrid(grid);
        canvas.setScale(HeatScale.absolute(MatrixUnit.CONSUMED_UNITS_PER_MINUTE));
        canvas.setZone(ZoneOffset.UTC);
        canvas.hoveredCellProperty().addListener((obs, old, now) -> System.out.println("hovered " + now));

        StackPane root = new StackPane(canvas);
        root.setStyle("-fx-background-color: -color-bg-default; -fx-padding: 12;");
        Scene scene = new Scene(root, 1400, 800);
        stage.setScene(scene);
        stage.setTitle("Heatmap demo");
        stage.show();

        DemoShots.after(800, () -> {
            hoverRow(canvas, 0, 0.62);
            DemoShots.after(300, () -> {
                DemoShots.save(scene, base + "-light.png");
                Application.setUserAgentStylesheet(new PrimerDark().getUserAgentStylesheet());
                DemoShots.after(800, () -> {
                    hoverRow(canvas, grid.rowCount() / 2, 0.3);
                    DemoShots.after(300, () -> {
                        DemoShots.save(scene, base + "-dark.png");
                        HeatGrid coarse = RowBucketing.bucket(matrix, 40, 48);
                        canvas.setGrid(coarse);
                        DemoShots.after(500, () -> {
                            hoverRow(canvas, 0, 0.8);
                            DemoShots.after(300, () -> {
                                DemoShots.save(scene, base + "-coarse-dark.png");
                                zoomed(canvas, grid);
                                DemoShots.after(500, () -> {
                                    DemoShots.save(scene, base + "-zoom-dark.png");
                                    Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet());
                                    DemoShots.after(800, () -> {
                                        DemoShots.save(scene, base + "-zoom-light.png");
                                        DemoShots.save(
                                                canvas.exportImage(2, "orders · zoomed"), base + "-export-2x.png");
                                        Platform.exit();
                                    });
                                });
                            });
                        });
                    });
                });
            });
        });
    }

    /**
     * The fine grid zoomed into the hot rows around noon, throttles split by cause (a made-up third of them "other"),
     * a pinned cell, a selection, and the mouse over the throttle strip.
     */
    private static void zoomed(HeatmapCanvas canvas, HeatGrid grid) {
        canvas.setGrid(grid);
        double[] keyRange = new double[grid.columnCount()];
        double[] other = new double[grid.columnCount()];
        for (int c = 0; c < keyRange.length; c++) {
            keyRange[c] = grid.columnThrottles(c) * 2 / 3.0;
            other[c] = grid.columnThrottles(c) / 3.0 + (c % 90 < 10 ? 60 : 0);
        }
        canvas.setThrottleCauses(keyRange, other);
        canvas.setViewport(new HeatmapCanvas.Viewport(0, 700, 12, 90));
        canvas.applyCss();
        canvas.layout();
        DemoShots.after(300, () -> {
            var pin = canvas.cellCenter(0, 740);
            var p = canvas.localToScene(pin);
            for (var type : List.of(MouseEvent.MOUSE_PRESSED, MouseEvent.MOUSE_RELEASED)) {
                canvas.fireEvent(new MouseEvent(
                        type,
                        p.getX(),
                        p.getY(),
                        0,
                        0,
                        MouseButton.PRIMARY,
                        1,
                        false,
                        false,
                        false,
                        false,
                        true,
                        false,
                        false,
                        true,
                        false,
                        true,
                        null));
            }
            canvas.setSelection(new HeatmapCanvas.Selection(3, 6, 760, 775));
            var strip = canvas.cellCenter(0, 752);
            DemoShots.hover(canvas, strip.getX(), canvas.getHeight() - 72);
        });
    }

    /** Moves the mouse over a row at a fraction of the plot's width, through the canvas's own layout. */
    private static void hoverRow(HeatmapCanvas canvas, int row, double fx) {
        // Find the row by probing down the left of the plot: the demo has no access to the layout.
        double x = canvas.getWidth() * (0.25 + 0.6 * fx);
        for (double y = 0; y < canvas.getHeight(); y += 0.5) {
            DemoShots.hover(canvas, x, y);
            if (canvas.getHoveredCell() != null && canvas.getHoveredCell().row() == row) {
                DemoShots.hover(canvas, x, y + 1);
                return;
            }
        }
    }
}
