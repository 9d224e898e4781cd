package dev.partitionscope.ui.shell;

import java.util.List;
import java.util.function.Supplier;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.control.ComboBox;
import javafx.scene.control.ContentDisplay;
import javafx.scene.control.Control;
import javafx.scene.control.Labeled;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;

/**
 * Makes the top bar fit a narrow window — a projector at 1,280 or 1,024 px, a window beside another — by giving up
 * words before controls, one step at a time and only as far as needed: the app's name (the logo stays), then the
 * "Table" and "Index" captions (the pickers say it in their tooltips), then the Demo button's word (its icon stays),
 * then narrower pickers, the File menu's word, the pickers' text, and last a narrower time range. Every control
 * stays reachable; a wider window gets each word back. The names shown (table, index, connection, time range) keep
 * their width until the last steps: the pickers are sized to their text, and the spare width goes to the spacer.
 */
final class TopBarFit {
    /** The steps, in the order they are taken; each can be undone. */
    private interface Step {
        void apply(boolean on);
    }

    private static final double TABLE_MIN = 150;
    private static final double INDEX_MIN = 110;
    /** A picker's padding and arrow around its text. */
    private static final double PICKER_CHROME = 56;

    private final HBox bar;
    private final List<Step> steps;
    private final List<ComboBox<?>> pickers;
    private final List<Double> widest;
    private boolean fitting;
    private boolean pickersCut;

    /**
     * @param demo the Demo button (added to the bar from code), looked up when needed
     */
    TopBarFit(
            HBox bar,
            Node title,
            Labeled file,
            Node tableLabel,
            Node indexLabel,
            Labeled connection,
            ComboBox<?> table,
            ComboBox<?> index,
            Labeled timeRange,
            Supplier<Labeled> demo) {
        this.bar = bar;
        this.pickers = List.of(table, index);
        this.widest = List.of(table.getPrefWidth(), index.getPrefWidth());
        tooltip(table, "Table");
        tooltip(index, "Index (or the table itself)");
        // The pickers are never narrower than these until the later steps: narrower ones cut a table's name.
        table.setMinWidth(TABLE_MIN);
        index.setMinWidth(INDEX_MIN);
        // The connection's name keeps its width while words can go (up to its maximum, then "…"; see step 3); from
        // step 3 on it is cut like the pickers.
        double connectionMin = connection.getMinWidth();
        double connectionMax = connection.getMaxWidth();
        double rangeMin = timeRange.getMinWidth();
        double rangeMax = timeRange.getMaxWidth();
        this.steps = List.of(
                on -> shown(title, !on),
                on -> {
                    shown(tableLabel, !on);
                    shown(indexLabel, !on && index.isManaged()); // a table without indexes shows no index picker
                },
                on -> {
                    Labeled d = demo.get();
                    if (d != null) {
                        d.setContentDisplay(on ? ContentDisplay.GRAPHIC_ONLY : ContentDisplay.LEFT);
                    }
                    connection.setMaxWidth(on ? 170 : connectionMax);
                    connection.setMinWidth(on ? connectionMin : Math.min(connection.prefWidth(-1), connectionMax));
                },
                on -> {
                    table.setMinWidth(on ? 110 : TABLE_MIN);
                    index.setMinWidth(on ? 70 : INDEX_MIN);
                    connection.setMinWidth(on ? 100 : connectionMin); // its name is in the status bar too
                    connection.setMaxWidth(on ? 140 : 170);
                },
                on -> file.setContentDisplay(on ? ContentDisplay.GRAPHIC_ONLY : ContentDisplay.LEFT),
                on -> pickersCut = on, // their text ends in "…" (the list shows it whole)
                on -> {
                    timeRange.setMinWidth(on ? 120 : rangeMin);
                    timeRange.setMaxWidth(on ? 150 : rangeMax);
                });
        bar.widthProperty().addListener((obs, old, now) -> fit());
        for (javafx.beans.Observable o : List.of(
                table.valueProperty(), index.valueProperty(), connection.textProperty(), timeRange.textProperty())) {
            o.addListener(x -> Platform.runLater(this::fit));
        }
        bar.getChildren().addListener((javafx.collections.ListChangeListener<Node>) c -> Platform.runLater(this::fit));
        index.managedProperty().addListener((obs, old, now) -> Platform.runLater(this::fit));
    }

    /** Takes back every step, then takes as few as the bar's width needs. */
    void fit() {
        double width = bar.getWidth();
        if (fitting || width <= 0) {
            return;
        }
        fitting = true;
        try {
            for (int i = steps.size() - 1; i >= 0; i--) {
                steps.get(i).apply(false);
            }
            int level = 0;
            sizePickers();
            while (level < steps.size() && neededWidth() > width) {
                steps.get(level++).apply(true);
                sizePickers();
            }
            if (pickersCut) { // what is left goes back to the pickers' text, the table's first
                double spare = width - neededWidth();
                for (int i = 0; i < pickers.size() && spare > 0; i++) {
                    ComboBox<?> c = pickers.get(i);
                    double add = Math.min(spare, textPref(i) - c.getPrefWidth());
                    if (add > 0) {
                        c.setPrefWidth(c.getPrefWidth() + add);
                        spare -= add;
                    }
                }
            }
        } finally {
            fitting = false;
        }
    }

    /** The width the bar needs: every control at its preferred width, the pickers' sized to their text. */
    double neededWidth() {
        double sum = bar.snappedLeftInset() + bar.snappedRightInset();
        int managed = 0;
        for (Node n : bar.getChildren()) {
            if (n.isManaged()) {
                sum += Math.max(n.minWidth(-1), Math.min(n.prefWidth(-1), n.maxWidth(-1)));
                managed++;
            }
        }
        return sum + bar.getSpacing() * Math.max(0, managed - 1);
    }

    /**
     * The table and index pickers as wide as their text needs, between their minimum and their width in a wide
     * window: the bar has no room to waste on a short table name.
     */
    private void sizePickers() {
        for (int i = 0; i < pickers.size(); i++) {
            ComboBox<?> c = pickers.get(i);
            c.setPrefWidth(pickersCut ? c.getMinWidth() : textPref(i));
        }
    }

    /** Picker {@code i}'s width for its whole text, between its minimum and its width in a wide window. */
    private double textPref(int i) {
        ComboBox<?> c = pickers.get(i);
        return Math.max(c.getMinWidth(), Math.min(widest.get(i), textWidth(c) + PICKER_CHROME));
    }

    /** The width of the picker's text (its value, or its prompt) in the font its button shows it in. */
    private static double textWidth(ComboBox<?> c) {
        Object value = c.getValue();
        javafx.scene.text.Text text = new javafx.scene.text.Text(value == null ? c.getPromptText() : value.toString());
        if (c.lookup(".list-cell") instanceof Labeled cell) {
            text.setFont(cell.getFont());
        }
        return text.getLayoutBounds().getWidth();
    }

    private static void shown(Node n, boolean shown) {
        n.setVisible(shown);
        n.setManaged(shown);
    }

    private static void tooltip(Control c, String text) {
        if (c.getTooltip() == null) {
            c.setTooltip(new Tooltip(text));
        }
    }
}
