package dev.partitionscope.ui;

import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
import javafx.scene.input.KeyCode;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/** FxRobot with the few gestures the UI tests repeat. */
public class UiRobot extends FxRobot {

    /** Replaces a text field's content the way a user does: click, select all, type. */
    public UiRobot replaceText(String query, String text) {
        clickOn(query);
        press(KeyCode.CONTROL).press(KeyCode.A).release(KeyCode.A).release(KeyCode.CONTROL);
        push(KeyCode.BACK_SPACE);
        write(text);
        WaitForAsyncUtils.waitForFxEvents();
        return this;
    }

    public UiRobot shortcut(KeyCode... keys) {
        press(keys);
        release(keys);
        WaitForAsyncUtils.waitForFxEvents();
        return this;
    }

    /**
     * The texts of the visible labels (buttons, column headers…) under {@code root} that show cut ("Consu…"): the skin
     * puts the clipped string in the label's Text node. Call on the FX thread after a layout pulse.
     */
    public static java.util.List<String> cutLabels(javafx.scene.Parent root) {
        return cutLabels(root, ".text");
    }

    /** {@link #cutLabels(javafx.scene.Parent)} among the Text nodes {@code selector} finds (".column-header .text"). */
    public static java.util.List<String> cutLabels(javafx.scene.Parent root, String selector) {
        java.util.List<String> cut = new java.util.ArrayList<>();
        for (Node n : root.lookupAll(selector)) {
            if (n instanceof javafx.scene.text.Text shown
                    && n.getParent() instanceof Labeled owner
                    && owner.getText() != null
                    && !owner.getText().isEmpty()
                    && owner.isVisible()
                    && !shown.getText().equals(owner.getText())) {
                cut.add(owner.getText().replace('\n', ' ') + " → "
                        + shown.getText().replace('\n', ' '));
            }
        }
        return cut;
    }

    /** A label's text. The lookup runs on the FX thread too: walking a scene graph the FX thread is changing can miss. */
    public String text(String query) {
        return AppFixture.onFx(() -> {
            Node node = lookup(query).query();
            return node instanceof Labeled l ? l.getText() : node.toString();
        });
    }

    public boolean showing(String query) {
        return AppFixture.onFx(() -> lookup(query)
                .tryQuery()
                .map(n -> n.isVisible()
                        && n.getScene() != null
                        && n.getScene().getWindow() != null
                        && n.getScene().getWindow().isShowing()
                        && ancestorsVisible(n))
                .orElse(false));
    }

    /**
     * Showing and laid out inside its scene, as TestFX's click needs it: under load a node can be showing before the
     * layout pass has given it bounds, and a click then fails with "no nodes were visible".
     */
    public boolean clickable(String query) {
        return showing(query)
                && AppFixture.onFx(() -> lookup(query)
                        .tryQuery()
                        .map(n -> {
                            var b = n.localToScene(n.getBoundsInLocal());
                            var scene = n.getScene();
                            return b.getWidth() > 0
                                    && b.getHeight() > 0
                                    && b.intersects(0, 0, scene.getWidth(), scene.getHeight());
                        })
                        .orElse(false));
    }

    /** Every label text under a node, joined by newlines: what the user can read there. */
    public String allText(String query) {
        Node root = lookup(query).query();
        return AppFixture.onFx(() -> {
            StringBuilder sb = new StringBuilder();
            collect(root, sb);
            return sb.toString();
        });
    }

    private static void collect(Node node, StringBuilder sb) {
        if (!node.isVisible()) {
            return;
        }
        if (node instanceof Label l && l.getText() != null) {
            sb.append(l.getText()).append('\n');
        }
        if (node instanceof javafx.scene.Parent p) {
            p.getChildrenUnmodifiable().forEach(c -> collect(c, sb));
        }
    }

    private static boolean ancestorsVisible(Node n) {
        for (Node p = n; p != null; p = p.getParent()) {
            if (!p.isVisible()) {
                return false;
            }
        }
        return true;
    }
}
