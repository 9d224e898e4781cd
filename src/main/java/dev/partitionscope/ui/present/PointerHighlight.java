package dev.partitionscope.ui.present;

import javafx.animation.Interpolator;
import javafx.animation.KeyFrame;
import javafx.animation.KeyValue;
import javafx.animation.Timeline;
import javafx.event.EventHandler;
import javafx.geometry.Point2D;
import javafx.scene.Group;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.input.MouseEvent;
import javafx.scene.shape.Circle;
import javafx.util.Duration;

/**
 * A translucent yellow disc that follows the mouse, and a ring that ripples out from each click, so a room watching a
 * projector sees where the presenter points and what they click. It only draws: it is mouse-transparent and sits in
 * the presentation overlay above the window's content. It follows the mouse through a scene event filter, which sees
 * every move wherever it lands without consuming anything.
 */
public final class PointerHighlight extends Group {
    /** The disc's radius, in pixels. */
    public static final double RADIUS = 26;

    private final Circle halo = new Circle(RADIUS);
    private final Circle ripple = new Circle(RADIUS / 2);
    private final Timeline rippling = new Timeline();
    private final EventHandler<MouseEvent> follow = this::follow;
    private boolean enabled;
    /** False until the mouse first moves in the window: the disc has no position before. */
    private boolean mouseInside;

    private Scene scene;

    public PointerHighlight() {
        halo.getStyleClass().add("pointer-highlight");
        ripple.getStyleClass().add("pointer-ripple");
        ripple.setOpacity(0);
        halo.setId("pointerHighlight");
        getChildren().addAll(ripple, halo);
        setMouseTransparent(true);
        setManaged(false);
        setVisible(false);
        rippling.getKeyFrames()
                .setAll(
                        new KeyFrame(
                                Duration.ZERO,
                                new KeyValue(ripple.radiusProperty(), RADIUS * 0.6),
                                new KeyValue(ripple.opacityProperty(), 1)),
                        new KeyFrame(
                                Duration.millis(450),
                                new KeyValue(ripple.radiusProperty(), RADIUS * 2.4, Interpolator.EASE_OUT),
                                new KeyValue(ripple.opacityProperty(), 0, Interpolator.EASE_IN)));
    }

    /** Starts following the mouse in {@code s} (once; moving to another scene moves the filter). */
    public void attach(Scene s) {
        if (scene != null) {
            scene.removeEventFilter(MouseEvent.ANY, follow);
        }
        scene = s;
        s.addEventFilter(MouseEvent.ANY, follow);
    }

    /** Shows the highlight (at the last mouse position) or hides it. */
    public void setEnabled(boolean on) {
        enabled = on;
        if (!on) {
            rippling.stop();
            ripple.setOpacity(0);
        }
        updateVisible();
    }

    public boolean isEnabled() {
        return enabled;
    }

    /** The disc's centre in the coordinates of this highlight's parent. */
    public Point2D center() {
        return new Point2D(halo.getTranslateX(), halo.getTranslateY());
    }

    private void follow(MouseEvent e) {
        if (e.getEventType() == MouseEvent.MOUSE_EXITED && e.getTarget() == scene) {
            mouseInside = false;
            updateVisible();
            return;
        }
        if (e.getEventType() == MouseEvent.MOUSE_ENTERED && e.getTarget() == scene) {
            mouseInside = true;
        }
        if (getParent() == null) {
            return;
        }
        Point2D p = getParent().sceneToLocal(e.getSceneX(), e.getSceneY());
        if (p == null) {
            return;
        }
        for (Node n : getChildren()) {
            n.setTranslateX(p.getX());
            n.setTranslateY(p.getY());
        }
        if (enabled && e.getEventType() == MouseEvent.MOUSE_PRESSED) {
            rippling.playFromStart();
        }
        if (e.getEventType() == MouseEvent.MOUSE_MOVED || e.getEventType() == MouseEvent.MOUSE_DRAGGED) {
            mouseInside = true;
        }
        updateVisible();
    }

    private void updateVisible() {
        setVisible(enabled && mouseInside);
    }
}
