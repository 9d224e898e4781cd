package dev.partitionscope.ui.present;

import dev.partitionscope.ui.common.Theme;
import dev.partitionscope.ui.session.Session;
import dev.partitionscope.ui.session.TableResource;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.value.ChangeListener;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.Pane;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * Presentation mode, for showing PartitionScope on a projector in a design review: full screen, the top bar,
 * navigation rail and status bar hidden, type 1.35 × larger (the {@code :presenting} pseudo-class on every window's
 * root, see {@code presenting.css}; canvas charts follow through their CSS probes), a pointer highlight, and a caption
 * at the top edge saying where the audience is. Everything stays reachable by keys: Ctrl+1…7, F5, F1, Ctrl+K and
 * Ctrl+T (which brings the top bar back while the table list is open).
 *
 * <p><b>Leaving.</b> F11 or Ctrl+Shift+P toggle it; Esc does not leave. Esc already stops a load, cancels a trial or a
 * run and unpins a heatmap cell, and a presenter pressing it for that must not drop out of full screen in front of
 * the room, so the stage's own Esc exit is switched off while presenting and its exit hint names our keys instead.
 * Leaving full screen some other way (the window manager) leaves presentation too, and leaving restores the chrome,
 * full-screen state and hint exactly as they were.
 *
 * <p>PageUp / PageDown are not bound: they belong to the guided demo, which can show its steps in the caption with
 * {@link #caption(String)} and check {@link #presentingProperty()}.
 */
public final class PresentationMode {
    public static final KeyCombination F11 = new KeyCodeCombination(KeyCode.F11);
    public static final KeyCombination TOGGLE =
            new KeyCodeCombination(KeyCode.P, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN);
    public static final KeyCombination HIGH_CONTRAST =
            new KeyCodeCombination(KeyCode.H, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN);
    /** What the platform shows on entering full screen. */
    public static final String EXIT_HINT = "Presenting — F11 or Ctrl+Shift+P to leave · F1 lists the keys";

    static final String CAPTION_KEYS = "F11 leaves · Ctrl+1…7 screens · F1 keys";
    /** The mouse this close to the top edge brings the caption back. */
    private static final double CAPTION_ZONE = 48;

    private final BorderPane root;
    private final Session main;
    private final ObjectProperty<Theme.Mode> themeMode;
    private final ReadOnlyBooleanWrapper presenting = new ReadOnlyBooleanWrapper(this, "presenting");
    private final PointerHighlight pointer = new PointerHighlight();
    private final PresentationCaption caption = new PresentationCaption(CAPTION_KEYS);
    private final List<Hidden> hidden = new ArrayList<>();
    private final ChangeListener<Boolean> fullScreenWatch = (obs, old, now) -> fullScreenChanged(now);
    private Stage stage;
    private boolean wasFullScreen;
    private String oldHint;
    private KeyCombination oldExitKeys;
    private boolean changingFullScreen;
    private TopBarPeek peek;
    private Theme.Mode beforeHighContrast = Theme.Mode.DARK;

    /** A chrome node hidden while presenting, with what to give back. */
    private record Hidden(Node node, boolean visible, boolean managed) {}

    private PresentationMode(BorderPane root, Session main, ObjectProperty<Theme.Mode> themeMode) {
        this.root = root;
        this.main = main;
        this.themeMode = themeMode;
    }

    /**
     * Adds presentation mode to the main window: the overlay on {@code root}, the keys on {@code scene} (call after
     * the shell's own accelerators, as Ctrl+T is wrapped), the top bar's Present button.
     */
    public static PresentationMode install(
            Scene scene, BorderPane root, Session main, ObjectProperty<Theme.Mode> themeMode) {
        PresentationMode mode = new PresentationMode(root, main, themeMode);
        mode.installOverlay(scene);
        mode.installKeys(scene);
        PresentButton.addTo(root, mode, themeMode);
        return mode;
    }

    // Properties

    public ReadOnlyBooleanProperty presentingProperty() {
        return presenting.getReadOnlyProperty();
    }

    public boolean isPresenting() {
        return presenting.get();
    }

    /** The pointer highlight (visible only while presenting). */
    public PointerHighlight pointer() {
        return pointer;
    }

    public PresentationCaption captionNode() {
        return caption;
    }

    // Commands

    public void toggle() {
        if (presenting.get()) {
            leave();
        } else {
            enter();
        }
    }

    public void enter() {
        if (presenting.get()) {
            return;
        }
        for (Node n : new Node[] {root.getTop(), root.getLeft(), root.getBottom()}) {
            if (n != null) {
                hidden.add(new Hidden(n, n.isVisible(), n.isManaged()));
                n.setVisible(false);
                n.setManaged(false);
            }
        }
        Theme.setPresenting(true);
        Theme.restyleAll();
        pointer.setEnabled(true);
        Window w = root.getScene() == null ? null : root.getScene().getWindow();
        stage = w instanceof Stage s ? s : null;
        if (stage != null) {
            wasFullScreen = stage.isFullScreen();
            oldHint = stage.getFullScreenExitHint();
            oldExitKeys = stage.getFullScreenExitKeyCombination();
            stage.setFullScreenExitHint(EXIT_HINT);
            stage.setFullScreenExitKeyCombination(KeyCombination.NO_MATCH);
            setFullScreen(true);
            stage.fullScreenProperty().addListener(fullScreenWatch);
        }
        presenting.set(true);
        updateWhere();
        caption.reveal();
    }

    public void leave() {
        if (!presenting.get()) {
            return;
        }
        presenting.set(false);
        peek.cancel();
        for (Hidden h : hidden) {
            h.node().setVisible(h.visible());
            h.node().setManaged(h.managed());
        }
        hidden.clear();
        Theme.setPresenting(false);
        Theme.restyleAll();
        pointer.setEnabled(false);
        caption.hideNow();
        if (stage != null) {
            stage.fullScreenProperty().removeListener(fullScreenWatch);
            setFullScreen(wasFullScreen);
            stage.setFullScreenExitHint(oldHint);
            stage.setFullScreenExitKeyCombination(oldExitKeys);
            stage = null;
        }
    }

    /** Shows a line of text in the caption for a few seconds (while presenting): a guided demo's step, say. */
    public void caption(String message) {
        if (presenting.get()) {
            caption.flash(Objects.requireNonNull(message));
        }
    }

    /** Switches to the high-contrast theme, or back to the light or dark one it replaced. */
    public void toggleHighContrast() {
        Theme.Mode now = themeMode.get();
        if (now == Theme.Mode.HIGH_CONTRAST) {
            themeMode.set(beforeHighContrast);
        } else {
            beforeHighContrast = now;
            themeMode.set(Theme.Mode.HIGH_CONTRAST);
        }
    }

    // Wiring

    private void installOverlay(Scene scene) {
        Pane overlay = new Pane(caption, pointer) {
            @Override
            protected void layoutChildren() {
                caption.autosize();
                caption.relocate((double) Math.round((getWidth() - caption.getWidth()) / 2), 0);
            }
        };
        overlay.setId("presentationOverlay");
        overlay.setManaged(false);
        overlay.setMouseTransparent(true);
        overlay.setPickOnBounds(false);
        // Above the shell's regions: BorderPane lays out only its five positions and leaves this where it is.
        root.getChildren().add(overlay);
        root.layoutBoundsProperty().addListener((obs, old, b) -> overlay.resize(b.getWidth(), b.getHeight()));
        pointer.attach(scene);
        scene.addEventFilter(MouseEvent.MOUSE_MOVED, e -> {
            if (presenting.get() && e.getSceneY() < CAPTION_ZONE) {
                caption.reveal();
            }
        });
        main.screenProperty().addListener((obs, old, now) -> whereChanged());
        main.selectedTableProperty().addListener((obs, old, now) -> whereChanged());
        main.selectedResourceProperty().addListener((obs, old, now) -> whereChanged());
    }

    private void installKeys(Scene scene) {
        scene.getAccelerators().put(F11, this::toggle);
        scene.getAccelerators().put(TOGGLE, this::toggle);
        scene.getAccelerators().put(HIGH_CONTRAST, this::toggleHighContrast);
        peek = TopBarPeek.install(scene, root, presenting::get);
    }

    private void setFullScreen(boolean on) {
        changingFullScreen = true;
        try {
            stage.setFullScreen(on);
        } finally {
            changingFullScreen = false;
        }
    }

    /** Full screen left by other means than ours (the window manager, a platform key): presentation goes too. */
    private void fullScreenChanged(boolean fullScreen) {
        if (!fullScreen && !changingFullScreen && presenting.get()) {
            leave();
        }
    }

    private void whereChanged() {
        updateWhere();
        if (presenting.get()) {
            caption.reveal();
        }
    }

    private void updateWhere() {
        StringBuilder sb = new StringBuilder(main.screenProperty().get().title());
        String table = main.selectedTableProperty().get();
        if (table != null) {
            sb.append("  ·  ").append(table);
            TableResource index = main.selectedResource();
            if (!index.isBaseTable() && main.resourceOptions().contains(index)) {
                sb.append("  ·  ").append(index.label());
            }
        }
        caption.setWhere(sb.toString());
    }
}
