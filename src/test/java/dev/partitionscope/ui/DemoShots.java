package dev.partitionscope.ui;

import java.io.IOException;
import java.io.UncheckedIOException;
import javafx.animation.PauseTransition;
import javafx.geometry.Point2D;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.image.WritableImage;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.util.Duration;

/** What the throwaway control demos share: a simulated hover, a delay, and a scene written to a PNG. */
public final class DemoShots {
    private DemoShots() {}

    /** A mouse move to ({@code x}, {@code y}) in the node's own coordinates. */
    public static void hover(Node node, double x, double y) {
        Point2D p = node.localToScene(x, y);
        node.fireEvent(new MouseEvent(
                MouseEvent.MOUSE_MOVED,
                p.getX(),
                p.getY(),
                0,
                0,
                MouseButton.NONE,
                0,
                false,
                false,
                false,
                false,
                false,
                false,
                false,
                true,
                false,
                true,
                null));
    }

    /** Runs {@code r} on the FX thread after {@code millis}, letting pulses pass. */
    public static void after(double millis, Runnable r) {
        PauseTransition pause = new PauseTransition(Duration.millis(millis));
        pause.setOnFinished(e -> r.run());
        pause.play();
    }

    /** Writes a snapshot of the scene as a PNG. */
    public static void save(Scene scene, String path) {
        save(scene.snapshot(null), path);
    }

    /** Writes an image as a PNG. */
    public static void save(WritableImage image, String path) {
        try {
            dev.partitionscope.ui.common.Png.write(image, java.nio.file.Path.of(path));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        System.out.println("wrote " + path);
    }
}
