package dev.partitionscope.ui.lab;

import javafx.css.PseudoClass;
import javafx.scene.layout.Region;

/**
 * A thin horizontal bar with a filled span [from, to] of its width: a load against a ceiling (from 0) or a key range
 * within the hash space. Two regions and no allocation per update, so hundreds of list cells can reuse it.
 */
final class SpanBar extends Region {
    static final PseudoClass WARM = PseudoClass.getPseudoClass("warm");
    static final PseudoClass NEAR = PseudoClass.getPseudoClass("near");
    static final PseudoClass FULL = PseudoClass.getPseudoClass("full");

    private final Region fill = new Region();
    private double from;
    private double to;

    SpanBar(String styleClass, double width) {
        getStyleClass().addAll("span-bar", styleClass);
        fill.getStyleClass().add("span-fill");
        fill.setManaged(false);
        getChildren().add(fill);
        setMinSize(width, 6);
        setPrefSize(width, 6);
        setMaxSize(width, 6);
    }

    /** Shows [from, to] (shares of the width, clamped to [0, 1]); at least one pixel when not empty. */
    void setSpan(double from, double to) {
        double f = clamp(from);
        double t = clamp(to);
        if (f != this.from || t != this.to) {
            this.from = f;
            this.to = t;
            requestLayout();
        }
    }

    void setHeat(LabRow.Heat heat) {
        pseudoClassStateChanged(WARM, heat == LabRow.Heat.WARM);
        pseudoClassStateChanged(NEAR, heat == LabRow.Heat.NEAR);
        pseudoClassStateChanged(FULL, heat == LabRow.Heat.AT_CEILING);
    }

    @Override
    protected void layoutChildren() {
        double w = getWidth();
        double x = Math.floor(from * w);
        double span = to > from ? Math.max(2, Math.round((to - from) * w)) : 0;
        fill.resizeRelocate(Math.min(x, w - span), 0, span, getHeight());
    }

    private static double clamp(double v) {
        return Double.isNaN(v) ? 0 : Math.max(0, Math.min(1, v));
    }
}
