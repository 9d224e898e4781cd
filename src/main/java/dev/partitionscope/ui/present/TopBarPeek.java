package dev.partitionscope.ui.present;

import java.util.function.BooleanSupplier;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.ComboBoxBase;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.BorderPane;

/**
 * Ctrl+T ("choose a table") while presenting: the hidden top bar comes back until the table list closes or the focus
 * leaves the bar, so the key keeps working without the chrome. Wraps the shell's own Ctrl+T accelerator rather than
 * replacing it, so the shell stays the one place that decides what choosing a table means.
 */
final class TopBarPeek {
    private static final KeyCombination CHOOSE_TABLE = new KeyCodeCombination(KeyCode.T, KeyCombination.SHORTCUT_DOWN);

    private final BorderPane root;
    private final BooleanSupplier presenting;
    private boolean peeking;

    private TopBarPeek(BorderPane root, BooleanSupplier presenting) {
        this.root = root;
        this.presenting = presenting;
    }

    /** Wraps the scene's Ctrl+T (install after the shell's accelerators). */
    static TopBarPeek install(Scene scene, BorderPane root, BooleanSupplier presenting) {
        TopBarPeek peek = new TopBarPeek(root, presenting);
        Runnable chooseTable = scene.getAccelerators().get(CHOOSE_TABLE);
        if (chooseTable != null) {
            scene.getAccelerators().put(CHOOSE_TABLE, () -> {
                peek.show();
                chooseTable.run();
                if (peek.peeking && !(selector(root) instanceof ComboBoxBase<?> c && c.isShowing())) {
                    peek.end(); // nothing to choose from (not connected): the bar does not stay
                }
            });
        }
        if (selector(root) instanceof ComboBoxBase<?> selector) {
            selector.showingProperty().addListener((obs, old, showing) -> {
                if (!showing && peek.peeking) {
                    peek.end();
                }
            });
        }
        scene.focusOwnerProperty().addListener((obs, old, now) -> {
            if (peek.peeking && !inside(now, root.getTop())) {
                peek.end();
            }
        });
        return peek;
    }

    /** Forgets a peek in progress (presentation mode gives the bar back itself). */
    void cancel() {
        peeking = false;
    }

    private void show() {
        Node top = root.getTop();
        if (!presenting.getAsBoolean() || top == null || top.isVisible()) {
            return;
        }
        peeking = true;
        top.setVisible(true);
        top.setManaged(true);
        root.applyCss();
        root.layout(); // the list opens under the selector where it now is
    }

    private void end() {
        peeking = false;
        Node top = root.getTop();
        if (presenting.getAsBoolean() && top != null) {
            if (inside(root.getScene() == null ? null : root.getScene().getFocusOwner(), top)
                    && root.getCenter() != null) {
                root.getCenter().requestFocus();
            }
            top.setVisible(false);
            top.setManaged(false);
        }
    }

    private static Node selector(BorderPane root) {
        return root.lookup("#tableSelector");
    }

    private static boolean inside(Node node, Node ancestor) {
        for (Node n = node; n != null; n = n.getParent()) {
            if (n == ancestor) {
                return true;
            }
        }
        return false;
    }
}
