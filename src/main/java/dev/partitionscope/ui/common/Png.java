package dev.partitionscope.ui.common;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import javafx.scene.image.Image;
import javafx.scene.image.PixelFormat;
import javax.imageio.ImageIO;

/**
 * Writes JavaFX images as PNG (pixels copied by hand: no Swing bridge needed). Safe off the FX thread on an image no
 * one changes any more (a snapshot, a canvas export): screens save through {@link FileExport#png}, which runs it on
 * the task runner.
 */
public final class Png {
    private Png() {}

    public static void write(Image image, Path path) throws IOException {
        if (!ImageIO.write(argb(image), "png", path.toFile())) {
            throw new IOException("no PNG writer available");
        }
    }

    public static void write(Image image, OutputStream out) throws IOException {
        if (!ImageIO.write(argb(image), "png", out)) {
            throw new IOException("no PNG writer available");
        }
    }

    private static BufferedImage argb(Image image) {
        int w = (int) image.getWidth();
        int h = (int) image.getHeight();
        int[] argb = new int[w * h];
        image.getPixelReader().getPixels(0, 0, w, h, PixelFormat.getIntArgbInstance(), argb, 0, w);
        BufferedImage png = new BufferedImage(w, h, BufferedImage.TYPE_INT_ARGB);
        png.setRGB(0, 0, w, h, argb, 0, w);
        return png;
    }
}
