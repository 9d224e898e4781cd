package dev.partitionscope.ui.common;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import java.net.URL;
import java.util.List;
import java.util.Objects;
import javafx.application.Application;
import javafx.css.PseudoClass;
import javafx.scene.Scene;
import javafx.stage.Window;

/**
 * Applies AtlantaFX Primer light or dark as the user-agent stylesheet plus the app's own stylesheets, and marks the
 * look on each scene's root with pseudo-classes: {@code :dark} (dark and high contrast), {@code :high-contrast} and
 * {@code :presenting} (presentation mode's larger type). High contrast is Primer dark with its looked-up colours
 * redefined ({@code high-contrast.css}), so every control and every CSS-probed canvas chart follows without code.
 * Missing stylesheets fail at start-up, not silently.
 */
public final class Theme {
    /** The looks a user can choose; persisted by name. */
    public enum Mode {
        LIGHT,
        DARK,
        /** Black background, white text, yellow and cyan accents, thick focus rings: for projectors and low vision. */
        HIGH_CONTRAST;

        /** Whether the dark user-agent stylesheet underlies it. */
        public boolean dark() {
            return this != LIGHT;
        }

        /** The mode named {@code name}, or the one the old {@code darkTheme} flag meant. */
        public static Mode parse(String name, boolean darkTheme) {
            if (name != null) {
                for (Mode m : values()) {
                    if (m.name().equals(name)) {
                        return m;
                    }
                }
            }
            return darkTheme ? DARK : LIGHT;
        }
    }

    private static final PseudoClass DARK = PseudoClass.getPseudoClass("dark");
    private static final PseudoClass HIGH_CONTRAST = PseudoClass.getPseudoClass("high-contrast");
    private static final PseudoClass PRESENTING = PseudoClass.getPseudoClass("presenting");
    private static final List<String> SHEETS = List.of(
            stylesheet("/dev/partitionscope/ui/common/app.css"),
            stylesheet("/dev/partitionscope/ui/common/high-contrast.css"),
            stylesheet("/dev/partitionscope/ui/common/presenting.css"));

    private Theme() {}

    // The theme is application-wide (the user-agent stylesheet), so the flags are too.
    private static volatile Mode mode = Mode.LIGHT;
    private static volatile boolean presenting;

    public static void applyGlobal(boolean darkTheme) {
        applyGlobal(darkTheme ? Mode.DARK : Mode.LIGHT);
    }

    /** Sets the user-agent stylesheet for {@code m}; call {@link #restyleAll()} to update open windows. */
    public static void applyGlobal(Mode m) {
        mode = Objects.requireNonNull(m);
        Application.setUserAgentStylesheet(
                m.dark() ? new PrimerDark().getUserAgentStylesheet() : new PrimerLight().getUserAgentStylesheet());
    }

    public static Mode mode() {
        return mode;
    }

    /**
     * Presentation mode's larger type, on every window (a dialog opened while presenting must read from the back of
     * the room too); call {@link #restyleAll()} after.
     */
    public static void setPresenting(boolean on) {
        presenting = on;
    }

    public static boolean presenting() {
        return presenting;
    }

    /** Re-applies {@link #style} to every open window. */
    public static void restyleAll() {
        for (Window w : List.copyOf(Window.getWindows())) {
            if (w.getScene() != null) {
                style(w.getScene());
            }
        }
    }

    /** Adds the app stylesheets to a scene (main window or dialog) and sets its root's pseudo-classes. */
    public static void style(Scene scene) {
        for (String sheet : SHEETS) {
            if (!scene.getStylesheets().contains(sheet)) {
                scene.getStylesheets().add(sheet);
            }
        }
        if (scene.getRoot() != null) {
            scene.getRoot().pseudoClassStateChanged(DARK, mode.dark());
            scene.getRoot().pseudoClassStateChanged(HIGH_CONTRAST, mode == Mode.HIGH_CONTRAST);
            scene.getRoot().pseudoClassStateChanged(PRESENTING, presenting);
        }
    }

    public static String stylesheet(String resource) {
        URL url = Objects.requireNonNull(Theme.class.getResource(resource), "missing stylesheet " + resource);
        return url.toExternalForm();
    }
}
