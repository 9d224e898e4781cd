package dev.partitionscope.ui.shell;

import java.util.List;
import java.util.function.Supplier;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.control.ContentDisplay;
import javafx.scene.control.Control;
import javafx.scene.control.Labeled;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;

/**
 * Makes the top bar fit a narrow window — a projector at 1,280 or 1,024 px, a window beside another — by giving up
 * words before controls, one step at a time and only as far as needed: the app's name (the logo stays), then the
 * "Table" and "Index" captions (the pickers say it in their tooltips), then the Demo button's word (its icon stays),
 * then narrower pickers, the File menu's word, and last a narrower time range. Every control stays reachable; a wider window gets each word back. Between its preferred
 * width and its minimum the bar shrinks the pickers itself; a step is taken only when the minimum does not fit.
 */
final class TopBarFit {
    /** The steps, in the order they are taken; each can be undone. */
    private interface Step {
        void apply(boolean on);
    }

    private static final double TABLE_MIN = 150;
    private static final double INDEX_MIN = 110;

    private final HBox bar;
    private final List<Step> steps;
    private boolean fitting;

    /**
     * @param demo the Demo button (added to the bar from code), looked up when needed
     */
    TopBarFit(HBox bar, Node title, Labeled file, Node tableLabel, Node indexLabel, Control connection, Control table,
              Control index, Control timeRange, Supplier<Labeled> demo) {
        this.bar = bar;
        tooltip(table, "Table");
        tooltip(index, "Index (or the table itself)");
        // Below its preferred width the bar shrinks the pickers, down to these: narrower ones cut a table's name.
        table.setMinWidth(TABLE_MIN);
        index.setMinWidth(INDEX_MIN);
        double connectionMax = connection.getMaxWidth();
        double connectionMin = connection.getMinWidth();
        double rangeMin = timeRange.getMinWidth();
        double rangeMax = timeRange.getMaxWidth();
        this.steps = List.of(
                on -> shown(title, !on),
                on -> {
                    shown(tableLabel, !on);
                    shown(indexLabel, !on);
                },
                on -> {
                    Labeled d = demo.get();
                    if (d != null) {
                        d.setContentDisplay(on ? ContentDisplay.GRAPHIC_ONLY : ContentDisplay.LEFT);
                    }
                    connection.setMaxWidth(on ? 170 : connectionMax);
                },
                on -> {
                    table.setMinWidth(on ? 110 : TABLE_MIN);
                    index.setMinWidth(on ? 70 : INDEX_MIN);
                    connection.setMinWidth(on ? 110 : connectionMin);
                },
                on -> file.setContentDisplay(on ? ContentDisplay.GRAPHIC_ONLY : ContentDisplay.LEFT),
                on -> {
                    timeRange.setMinWidth(on ? 120 : rangeMin);
                    timeRange.setMaxWidth(on ? 150 : rangeMax);
                });
        bar.widthProperty().addListener((obs, old, now) -> fit());
        bar.getChildren().addListener((javafx.collections.ListChangeListener<Node>) c -> Platform.runLater(this::fit));
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
            // The bar cuts off what is past its edge once its children are at their minimum widths.
            while (level < steps.size() && minimumWidth() > width) {
                steps.get(level++).apply(true);
            }
        } finally {
            fitting = false;
        }
    }

    /**
     * The width the bar needs with every child at its minimum (the bar's own minimum is 0, so that a narrow window
     * cuts it instead of growing past the screen).
     */
    double minimumWidth() {
        double sum = bar.snappedLeftInset() + bar.snappedRightInset();
        int managed = 0;
        for (Node n : bar.getChildren()) {
            if (n.isManaged()) {
                sum += n.minWidth(-1);
                managed++;
            }
        }
        return sum + bar.getSpacing() * Math.max(0, managed - 1);
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
