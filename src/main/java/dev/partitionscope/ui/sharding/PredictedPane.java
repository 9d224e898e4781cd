package dev.partitionscope.ui.sharding;

import dev.partitionscope.core.design.PredictedHeat;
import dev.partitionscope.core.heat.HeatScale;
import dev.partitionscope.core.heat.KeyTimeMatrix;
import dev.partitionscope.core.heat.RowBucketing;
import dev.partitionscope.ui.common.heat.HeatmapCanvas;
import java.time.ZoneId;
import javafx.scene.control.Label;
import javafx.scene.control.TitledPane;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;

/**
 * The first scheme's predicted heatmap beside the key as it is, over the same buckets (the heatmap's minutes when a
 * key was handed over, else an hour at the typed rate): the same canvas and colours as the measured heatmap.
 */
final class PredictedPane extends TitledPane {
    private final HeatmapCanvas before = canvas("predictedBefore");
    private final HeatmapCanvas after = canvas("predictedAfter");
    private final Label beforeText = new Label();
    private final Label afterText = new Label();

    PredictedPane() {
        setText("Predicted heatmap — the first scheme against the key as it is");
        setId("shardingPredicted");
        setExpanded(false);
        GridPane grid = new GridPane();
        ColumnConstraints half = new ColumnConstraints();
        half.setPercentWidth(50);
        grid.getColumnConstraints().setAll(half, half);
        grid.setHgap(12);
        grid.setVgap(6);
        beforeText.setWrapText(true);
        afterText.setWrapText(true);
        grid.addRow(0, beforeText, afterText);
        grid.addRow(1, before, after);
        Label what = new Label("Offered writes as consumed throughput units (3 × WCU) per key: above 100 % of the"
                + " ceiling is what the partition would throttle (marked).");
        what.getStyleClass().add("muted");
        what.setWrapText(true);
        setContent(new VBox(6, what, grid));
    }

    private static HeatmapCanvas canvas(String id) {
        HeatmapCanvas c = new HeatmapCanvas();
        c.setId(id);
        c.setPrefHeight(260);
        c.setMinHeight(220);
        c.setZone(ZoneId.systemDefault());
        return c;
    }

    void show(PredictedHeat heat, String base, String spec) {
        setDisable(heat == null);
        if (heat == null) {
            before.setGrid(null);
            after.setGrid(null);
            beforeText.setText("");
            afterText.setText("");
            return;
        }
        set(before, heat.before());
        set(after, heat.after());
        beforeText.setText("Before — " + base + " as it is");
        afterText.setText("After — " + spec + " (" + heat.after().rowCount() + " keys)");
    }

    private static void set(HeatmapCanvas c, KeyTimeMatrix m) {
        c.setScale(HeatScale.absolute(m.unit()));
        c.setGrid(RowBucketing.bucket(m, RowBucketing.DEFAULT_ROWS, RowBucketing.ALL_COLUMNS));
        c.setThrottleCauses(null, null);
    }
}
