package dev.partitionscope.ui.about;

import dev.partitionscope.ui.common.Theme;
import dev.partitionscope.ui.session.Screen;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Region;
import javafx.stage.Window;

/** Every keyboard shortcut in one place (F1). */
public final class ShortcutsDialog {
    private ShortcutsDialog() {}

    /** Shortcut and what it does, in display order. */
    public static List<String[]> shortcuts() {
        List<String[]> rows = new ArrayList<>();
        for (Screen s : Screen.values()) {
            rows.add(new String[] {"Ctrl+" + s.shortcutDigit(), "Go to " + s.title()});
        }
        rows.add(new String[] {"Ctrl+K", "Connect…"});
        rows.add(new String[] {"F5", "Refresh tables and the current screen"});
        rows.add(new String[] {"Ctrl+T", "Choose a table"});
        rows.add(new String[] {"Ctrl+F", "Filter the table list"});
        rows.add(new String[] {"Ctrl+Shift+C", "Copy the selected table's describe-table AWS CLI command"});
        rows.add(new String[] {"Ctrl+C", "Copy the selected row of a table"});
        rows.add(new String[] {"Ctrl+Shift+D", "Switch light / dark theme"});
        rows.add(new String[] {"Ctrl+Shift+H", "High-contrast theme on / off"});
        rows.add(new String[] {"F11 / Ctrl+Shift+P", "Presentation mode on / off (Esc does not leave it)"});
        rows.add(new String[] {"Tab / Shift+Tab", "Move the keyboard focus (a thick ring while presenting)"});
        rows.add(new String[] {"Esc", "Metrics, Heatmap: stop loading (what arrived stays)"});
        rows.add(new String[] {
            "Wheel / drag", "Heatmap: zoom around the mouse / pan (Ctrl+wheel: time only," + " Shift+wheel: keys only)"
        });
        rows.add(new String[] {"+ / − / arrows / 0", "Heatmap: zoom in / out / pan / whole view"});
        rows.add(new String[] {"Shift+drag, Z", "Heatmap: select keys × time, then zoom to the selection"});
        rows.add(new String[] {"Backspace", "Heatmap: back to the previous zoom"});
        rows.add(new String[] {"Click / Esc", "Heatmap: pin a cell (copy its fields) / unpin"});
        rows.add(new String[] {
            "Double-click / Enter", "Heatmap: drill into the key (time series, sort keys," + " sharding designer)"
        });
        rows.add(new String[] {"Ctrl+Enter / Esc", "Sharding: try the first scheme in the Lab / cancel the trial"});
        rows.add(new String[] {"Ctrl+Enter / Esc", "Scatter-gather: run the N queries / cancel outstanding ones"});
        rows.add(new String[] {"Ctrl+Enter / Esc", "Audit: run the key audit / stop sampling"});
        rows.add(new String[] {"Ctrl+Enter", "Lab: start the workload, or switch to the chosen variant"});
        rows.add(new String[] {"Esc", "Lab: stop the workload (cancel a fast-forward)"});
        rows.add(new String[] {"Page Down / →", "Guided demo: next step (during a workload, play the rest at once)"});
        rows.add(new String[] {"Page Up / ←", "Guided demo: previous step (pauses)"});
        rows.add(new String[] {"Space / End", "Guided demo: pause or resume / close the caption bar"});
        rows.add(new String[] {"Ctrl+O", "Open a recording or snapshot (or drop the file on the window)…"});
        rows.add(new String[] {"Ctrl+S", "Save the Lab shown as a recording, at this view…"});
        rows.add(new String[] {"Ctrl+Shift+S", "Save a snapshot of this view of a live endpoint…"});
        rows.add(new String[] {"Ctrl+E", "Export a report folder (heatmap, metrics, top keys, audit, summary)…"});
        rows.add(new String[] {"F1", "This list"});
        return rows;
    }

    public static void show(Window owner) {
        Dialog<Void> dialog = new Dialog<>();
        dialog.initOwner(owner);
        dialog.setTitle("Keyboard shortcuts");
        dialog.getDialogPane().setId("shortcutsDialog");
        GridPane grid = new GridPane();
        grid.setHgap(24);
        grid.setVgap(6);
        int row = 0;
        for (String[] s : shortcuts()) {
            Label key = new Label(s[0]);
            key.getStyleClass().addAll("chip", "mono");
            key.setMinWidth(Region.USE_PREF_SIZE); // a key shown as "…" says nothing
            grid.addRow(row++, key, new Label(s[1]));
        }
        grid.setPadding(new javafx.geometry.Insets(12, 20, 12, 16));
        // The list outgrows a screen with presentation mode's larger type: it scrolls rather than running off it.
        double maxHeight = javafx.stage.Screen.getPrimary().getVisualBounds().getHeight() * 0.75;
        ScrollPane scroll = new ScrollPane(grid) {
            @Override
            protected double computePrefHeight(double width) {
                return Math.min(maxHeight, super.computePrefHeight(width));
            }
        };
        scroll.setFitToWidth(true);
        scroll.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
        scroll.setFocusTraversable(true); // Tab to it, then arrows scroll: no mouse needed
        dialog.getDialogPane().setContent(scroll);
        // AtlantaFX caps dialogs at 600 px, which cut the key column to "…" even at the normal size; an inline style
        // is the one thing that outranks its rule.
        dialog.getDialogPane().setStyle("-fx-max-width: 4000px;");
        dialog.getDialogPane().getButtonTypes().add(ButtonType.CLOSE);
        Theme.style(dialog.getDialogPane().getScene());
        dialog.showAndWait();
    }
}
