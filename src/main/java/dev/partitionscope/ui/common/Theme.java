package dev.partitionscope.ui.common;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import java.net.URL;
import java.util.Objects;
import javafx.application.Application;
import javafx.css.PseudoClass;
import javafx.scene.Scene;

/**
 * Applies AtlantaFX Primer light or dark as the user-agent stylesheet plus the app's own stylesheet, and marks dark
 * mode with a {@code :dark} pseudo-class on each scene's root. Missing stylesheets fail at start-up, not silently.
 */
public final class Theme {
    // The theme is application-wide (the user-agent stylesheet), so the flag is too.
    private static final PseudoClass DARK = PseudoClass.getPseudoClass("dark");
    private static final String APP_CSS = stylesheet("/dev/partitionscope/ui/common/app.css");

    private Theme() {
    }

    private static volatile boolean dark;

    public static void applyGlobal(boolean darkTheme) {
        dark = darkTheme;
        Application.setUserAgentStylesheet(darkTheme ? new PrimerDark().getUserAgentStylesheet()
                : new PrimerLight().getUserAgentStylesheet());
    }

    /** Adds the app stylesheet to a scene (main window or dialog) and sets its dark pseudo-class. */
    public static void style(Scene scene) {
        if (!scene.getStylesheets().contains(APP_CSS)) {
            scene.getStylesheets().add(APP_CSS);
        }
        if (scene.getRoot() != null) {
            scene.getRoot().pseudoClassStateChanged(DARK, dark);
        }
    }

    public static String stylesheet(String resource) {
        URL url = Objects.requireNonNull(Theme.class.getResource(resource), "missing stylesheet " + resource);
        return url.toExternalForm();
    }
}
