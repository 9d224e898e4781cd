package dev.partitionscope.ui.heatmap;

import dev.partitionscope.ui.common.Fx;
import dev.partitionscope.ui.common.Icons;
import dev.partitionscope.ui.common.heat.CellDetails;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.IntConsumer;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * The panel beside the heatmap for the clicked (pinned) cell: every field of {@link CellDetails} with its own copy
 * button, Copy all, drill into the key, and expand or fold a sharded key's shards.
 */
final class PinnedCellPane extends VBox {
    private final GridPane grid = new GridPane();
    private final Button copyAll = new Button("Copy all", Icons.of("mdi2c-content-copy", 16));
    private final Button drill = new Button("Drill into key", Icons.of("mdi2m-magnify", 16));
    private final Button expand = new Button();
    private final List<String> values = new ArrayList<>();
    private int row = -1;

    PinnedCellPane(IntConsumer onDrill) {
        super(10);
        getStyleClass().add("heatmap-pinned");
        setPrefWidth(290);
        setMinWidth(290);
        setMaxWidth(290);
        Label heading = new Label("Pinned cell");
        heading.getStyleClass().add("title-4");
        Label hint = new Label("Click another cell to pin it; Esc unpins. Double-click a row (or Enter) drills in.");
        hint.getStyleClass().add("muted");
        hint.setWrapText(true);
        ColumnConstraints names = new ColumnConstraints();
        names.setMinWidth(70);
        ColumnConstraints vals = new ColumnConstraints();
        vals.setHgrow(Priority.ALWAYS);
        grid.getColumnConstraints().setAll(names, vals, new ColumnConstraints());
        grid.setHgap(6);
        grid.setVgap(6);
        copyAll.setId("heatmapPinnedCopyAll");
        drill.setId("heatmapPinnedDrill");
        drill.setOnAction(e -> onDrill.accept(row));
        expand.setId("heatmapPinnedExpand");
        HBox buttons = new HBox(6, copyAll, drill);
        buttons.setAlignment(Pos.CENTER_LEFT);
        getChildren().addAll(heading, grid, buttons, expand, hint);
    }

    /**
     * Shows a cell.
     *
     * @param shardedKey the logical key of a sharded (or expanded) row, or null
     * @param expanded   whether that key's shards are on rows of their own
     */
    void show(CellDetails details, int gridRow, String shardedKey, boolean expanded, Consumer<String> toggle) {
        row = gridRow;
        grid.getChildren().clear();
        values.clear();
        int r = 0;
        for (CellDetails.Field f : details.fields()) {
            Label name = new Label(f.name());
            name.getStyleClass().add("muted");
            Label value = new Label(f.value());
            value.setWrapText(true);
            value.setId("heatmapPinned-" + f.name());
            values.add(f.value());
            grid.add(name, 0, r);
            grid.add(value, 1, r);
            if (!f.copy().isEmpty()) {
                Button copy = new Button(null, Icons.of("mdi2c-content-copy", 14));
                copy.getStyleClass().add("flat");
                copy.setTooltip(new Tooltip("Copy " + f.name().toLowerCase(Locale.ROOT) + ": " + f.copy()));
                copy.setOnAction(e -> Fx.copy(f.copy()));
                grid.add(copy, 2, r);
            }
            r++;
        }
        copyAll.setOnAction(e -> Fx.copy(details.text()));
        Fx.show(expand, shardedKey != null);
        if (shardedKey != null) {
            expand.setText(expanded ? "Fold shards of " + shardedKey : "Expand shards of " + shardedKey);
            expand.setOnAction(e -> toggle.accept(shardedKey));
        }
    }

    /** The shown values, in order (tests). */
    List<String> values() {
        return List.copyOf(values);
    }
}
