package dev.partitionscope.ui.common;

import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;

/** Two columns of "key: value" rows; every value can be copied from its context menu. */
public final class KeyValueGrid extends GridPane {
    private int row;

    public KeyValueGrid() {
        setHgap(14);
        setVgap(7);
        ColumnConstraints keys = new ColumnConstraints();
        keys.setMinWidth(140);
        ColumnConstraints values = new ColumnConstraints();
        values.setHgrow(Priority.ALWAYS);
        getColumnConstraints().addAll(keys, values);
    }

    public void clear() {
        getChildren().clear();
        row = 0;
    }

    /** Adds a row and returns the value label (for extra styling or tooltips). */
    public Label add(String key, String value) {
        Label k = new Label(key);
        k.getStyleClass().add("kv-key");
        Label v = new Label(value == null ? "—" : value);
        v.getStyleClass().add("kv-value");
        v.setWrapText(true);
        MenuItem copy = new MenuItem("Copy “" + key + "”", Icons.of("mdi2c-content-copy"));
        copy.setOnAction(e -> Fx.copy(v.getText()));
        v.setContextMenu(new ContextMenu(copy));
        addRow(row++, k, v);
        return v;
    }

    /** A row whose value explains itself in a tooltip (e.g. why a figure is approximate). */
    public Label addExplained(String key, String value, String tooltip) {
        Label v = add(key, value);
        if (tooltip != null) {
            v.setTooltip(new Tooltip(tooltip));
        }
        return v;
    }
}
