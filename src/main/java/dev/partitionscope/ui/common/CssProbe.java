package dev.partitionscope.ui.common;

import javafx.scene.control.Label;
import javafx.scene.paint.Color;
import javafx.scene.paint.Paint;
import javafx.scene.text.Font;
import javafx.scene.text.Text;

/**
 * Colours and fonts for canvas charts, from CSS: a canvas cannot be styled, so each chart keeps invisible, unmanaged
 * labels styled by its stylesheet and reads their text fill and font when it draws — a light/dark switch then
 * recolours it, with a redraw when a probe's style changes.
 */
public final class CssProbe {
    private CssProbe() {}

    /**
     * An invisible label with these style classes; {@code onChange} (may be null) runs when its text fill or font
     * changes (a theme switch, the stylesheet applied).
     */
    public static Label create(Runnable onChange, String... styleClasses) {
        Label l = new Label();
        l.getStyleClass().addAll(styleClasses);
        l.setManaged(false);
        l.setOpacity(0);
        l.setMouseTransparent(true);
        if (onChange != null) {
            l.textFillProperty().addListener((obs, old, now) -> onChange.run());
            l.fontProperty().addListener((obs, old, now) -> onChange.run());
        }
        return l;
    }

    /** The probe's text fill, grey before CSS has been applied. */
    public static Paint paint(Label probe) {
        Paint p = probe == null ? null : probe.getTextFill();
        return p == null ? Color.GRAY : p;
    }

    /** How wide {@code s} draws in {@code font}. */
    public static double textWidth(String s, Font font) {
        Text t = new Text(s);
        t.setFont(font);
        return t.getLayoutBounds().getWidth();
    }
}
