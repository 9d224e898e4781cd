package dev.partitionscope.ui.common;

import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;

/** Small FX helpers used across screens. */
public final class Fx {
    private Fx() {}

    /** Runs now when already on the FX thread, else later on it. */
    public static void runOnFx(Runnable r) {
        if (Platform.isFxApplicationThread()) {
            r.run();
        } else {
            Platform.runLater(r);
        }
    }

    public static void copy(String text) {
        ClipboardContent content = new ClipboardContent();
        content.putString(text);
        Clipboard.getSystemClipboard().setContent(content);
    }

    /** Shows or hides a node and takes it out of layout when hidden. */
    public static void show(Node node, boolean visible) {
        node.setVisible(visible);
        node.setManaged(visible);
    }

    /**
     * Whether {@code node} is in a showing window: false off-scene, while its window is hidden, and after it closed.
     * Keep the result in a field: its listeners live as long as it does. Timers that run only while this is true are
     * not held by the toolkit (a playing animation is) once their window closed.
     */
    public static javafx.beans.value.ObservableValue<Boolean> windowShowing(Node node) {
        return node.sceneProperty()
                .flatMap(javafx.scene.Scene::windowProperty)
                .flatMap(javafx.stage.Window::showingProperty)
                .orElse(false);
    }

    public static void bindShown(Node node, javafx.beans.value.ObservableValue<Boolean> visible) {
        node.visibleProperty().bind(visible);
        node.managedProperty().bind(visible);
    }

    /**
     * Runs {@code draw} in every post-layout pulse of the node's scene (after CSS and layout, so colours and sizes are
     * known) for as long as the node is in a scene, and {@code onAttach} each time it joins one. Canvas controls
     * draw there, at most once per pulse however many changes came in (chart-fx's dirty-flag rule).
     */
    public static void drawAfterLayout(Node node, Runnable draw, Runnable onAttach) {
        node.sceneProperty().addListener((obs, old, now) -> {
            if (old != null) {
                old.removePostLayoutPulseListener(draw);
            }
            if (now != null) {
                now.addPostLayoutPulseListener(draw);
                onAttach.run();
            }
        });
    }

    /**
     * Places the canvases over the region's content area (inside its insets), resized to whole pixels.
     *
     * @return true when a canvas changed size (its drawing is gone and must be redone)
     */
    public static boolean fitCanvases(javafx.scene.layout.Region region, javafx.scene.canvas.Canvas... canvases) {
        double x = region.snappedLeftInset();
        double y = region.snappedTopInset();
        double w = Math.max(0, Math.floor(region.getWidth() - x - region.snappedRightInset()));
        double h = Math.max(0, Math.floor(region.getHeight() - y - region.snappedBottomInset()));
        boolean resized = false;
        for (javafx.scene.canvas.Canvas c : canvases) {
            c.relocate(x, y);
            if (c.getWidth() != w || c.getHeight() != h) {
                c.setWidth(w);
                c.setHeight(h);
                resized = true;
            }
        }
        return resized;
    }

    /**
     * Key handling that works wherever the focus is in the window, for as long as {@code node} is in a scene: the
     * filter moves with the node's scene and leaves with it, so a screen's keys act only while it is shown.
     */
    public static void sceneKeyFilter(Node node, javafx.event.EventHandler<javafx.scene.input.KeyEvent> filter) {
        node.sceneProperty().addListener((obs, old, now) -> {
            if (old != null) {
                old.removeEventFilter(javafx.scene.input.KeyEvent.KEY_PRESSED, filter);
            }
            if (now != null) {
                now.addEventFilter(javafx.scene.input.KeyEvent.KEY_PRESSED, filter);
            }
        });
    }

    /** A read-only table column showing {@code value} of each row as text. */
    /**
     * Keeps every column at least as wide as its header's text: a constrained resize policy otherwise squeezes a
     * narrow window's headers to "Items sam…" or "Consu… RCU". Measured from the headers themselves once they are
     * laid out in their font (the theme's, larger when presenting), and again when the table's width changes; the
     * columns without room then scroll sideways instead.
     */
    public static void keepHeadersWhole(javafx.scene.control.TableView<?> table) {
        Runnable fit = () -> {
            for (javafx.scene.Node n : table.lookupAll(".column-header")) {
                if (n instanceof javafx.scene.control.skin.TableColumnHeader h
                        && h.getTableColumn() != null
                        && h.lookup(".label") instanceof javafx.scene.control.Label label) {
                    // The label's text or graphic and the header's padding.
                    double need = Math.ceil(label.prefWidth(-1) + h.snappedLeftInset() + h.snappedRightInset() + 4);
                    if (need > h.getTableColumn().getMinWidth()) {
                        h.getTableColumn().setMinWidth(need);
                    }
                }
            }
        };
        table.widthProperty().addListener((obs, old, now) -> javafx.application.Platform.runLater(fit));
    }

    public static <T> javafx.scene.control.TableColumn<T, String> textColumn(
            String title, java.util.function.Function<T, String> value, double width) {
        javafx.scene.control.TableColumn<T, String> c = new javafx.scene.control.TableColumn<>(title);
        c.setPrefWidth(width);
        c.setCellValueFactory(cd -> new javafx.beans.property.ReadOnlyStringWrapper(value.apply(cd.getValue())));
        return c;
    }

    /**
     * A muted label and a text field bound both ways to {@code property}, side by side: the input rows of the
     * console screens.
     *
     * @param prompt the field's prompt text, or null
     */
    public static Node labeledField(
            String label,
            String id,
            javafx.beans.property.StringProperty property,
            double width,
            String tip,
            String prompt) {
        javafx.scene.control.Label l = new javafx.scene.control.Label(label);
        l.getStyleClass().add("muted");
        javafx.scene.control.TextField f = new javafx.scene.control.TextField();
        f.setId(id);
        f.setPrefWidth(width);
        f.textProperty().bindBidirectional(property);
        f.setTooltip(new javafx.scene.control.Tooltip(tip));
        if (prompt != null) {
            f.setPromptText(prompt);
        }
        javafx.scene.layout.HBox box = new javafx.scene.layout.HBox(6, l, f);
        box.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        return box;
    }

    /**
     * Widens a text field to show its whole text, between {@code min} and {@code max} pixels: a short field cut
     * {@code PENDING,SHIPPED:hash:8} to {@code PENDING,SHIPPED:hash}.
     */
    public static void growToFit(javafx.scene.control.TextField field, double min, double max) {
        javafx.scene.text.Text probe = new javafx.scene.text.Text();
        field.prefWidthProperty()
                .bind(javafx.beans.binding.Bindings.createDoubleBinding(
                        () -> {
                            probe.setText(field.getText() == null ? "" : field.getText());
                            probe.setFont(field.getFont());
                            javafx.geometry.Insets in = field.getInsets();
                            // + 4: the caret and the text's sub-pixel overhang, so the last character is never cut
                            double needed =
                                    Math.ceil(probe.getLayoutBounds().getWidth() + in.getLeft() + in.getRight() + 4);
                            return Math.max(min, Math.min(max, needed));
                        },
                        field.textProperty(),
                        field.fontProperty(),
                        field.insetsProperty()));
        field.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
    }
}
