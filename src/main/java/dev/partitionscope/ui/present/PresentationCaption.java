package dev.partitionscope.ui.present;

import javafx.animation.FadeTransition;
import javafx.animation.PauseTransition;
import javafx.animation.SequentialTransition;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.util.Duration;

/**
 * The slim caption at the top edge while presenting: where the audience is (screen, table, index) and the keys that
 * leave, since the top bar and status bar that normally say so are hidden. It shows for a few seconds on entering,
 * after each change of screen or table, and while the mouse is near the top edge, then fades, so it never sits over
 * the chart being shown. A guided demo can put its own line in it ({@link #flash(String)}).
 */
public final class PresentationCaption extends HBox {
    /** How long the caption stays before fading. */
    public static final Duration HOLD = Duration.seconds(3.5);

    private final Label where = new Label();
    private final Label keys = new Label();
    private final SequentialTransition fade;
    private String whereText = "";

    public PresentationCaption(String keysText) {
        super(18);
        setId("presentationCaption");
        getStyleClass().add("presentation-caption");
        setAlignment(Pos.CENTER);
        setMouseTransparent(true);
        where.setId("presentationCaptionWhere");
        where.getStyleClass().add("caption-where");
        keys.setId("presentationCaptionKeys");
        keys.getStyleClass().add("caption-keys");
        keys.setText(keysText);
        getChildren().addAll(where, keys);
        FadeTransition out = new FadeTransition(Duration.millis(500), this);
        out.setToValue(0);
        fade = new SequentialTransition(new PauseTransition(HOLD), out);
        fade.setOnFinished(e -> setVisible(false));
        setVisible(false);
    }

    /** What the audience is looking at, e.g. "Heatmap · order-status-index"; shown at the next reveal. */
    public void setWhere(String text) {
        whereText = text == null ? "" : text;
    }

    /** Shows the location (again) for {@link #HOLD}, then fades the caption. */
    public void reveal() {
        where.setText(whereText);
        show();
    }

    /** Shows {@code message} in place of the location for {@link #HOLD}: a guided demo's step, say. */
    public void flash(String message) {
        where.setText(message);
        show();
    }

    /** Hides it at once (leaving presentation). */
    public void hideNow() {
        fade.stop();
        where.setText(whereText);
        setVisible(false);
    }

    private void show() {
        fade.stop();
        setOpacity(1);
        setVisible(true);
        fade.playFromStart();
    }

    /** The line shown: the location, or a flashed message. */
    public String text() {
        return where.getText();
    }
}
