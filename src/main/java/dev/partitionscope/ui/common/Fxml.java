package dev.partitionscope.ui.common;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;
import javafx.fxml.FXMLLoader;

/**
 * Loads an FXML file with an existing object as its controller; a missing or broken file fails at once. What the file
 * builds reaches the controller through its {@code @FXML} fields, so nothing is returned.
 */
public final class Fxml {
    private Fxml() {}

    public static void load(String resource, Object controller) {
        URL url = Fxml.class.getResource(resource);
        if (url == null) {
            throw new IllegalStateException("Missing FXML " + resource + " (broken build?)");
        }
        FXMLLoader loader = new FXMLLoader(url);
        loader.setController(controller);
        try {
            loader.load();
        } catch (IOException e) {
            throw new UncheckedIOException(resource + " failed to load", e);
        }
    }
}
