package dev.partitionscope.ui.present;

import dev.partitionscope.ui.common.Icons;
import dev.partitionscope.ui.common.Theme;
import javafx.beans.property.ObjectProperty;
import javafx.scene.Node;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.SplitMenuButton;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.Pane;

/**
 * The top bar's Present button: a click enters presentation mode; its menu holds the same with its keys and the
 * high-contrast theme. Added from code next to the theme toggle, so the shell's FXML stays as it is.
 */
final class PresentButton {
    private PresentButton() {}

    static void addTo(BorderPane root, PresentationMode mode, ObjectProperty<Theme.Mode> themeMode) {
        SplitMenuButton button = new SplitMenuButton();
        button.setId("presentButton");
        button.setText("Present");
        button.setGraphic(Icons.of("mdi2p-presentation-play", 18));
        button.setMnemonicParsing(false);
        button.setContentDisplay(javafx.scene.control.ContentDisplay.GRAPHIC_ONLY); // the bar is full already
        button.setTooltip(new Tooltip("Present: full screen, larger type, pointer highlight, no chrome"
                + " (F11 or Ctrl+Shift+P; the same keys leave)"));
        button.setOnAction(e -> mode.toggle());

        CheckMenuItem present = new CheckMenuItem("Presentation mode");
        present.setId("presentItem");
        present.setAccelerator(PresentationMode.TOGGLE);
        present.setOnAction(e -> mode.toggle());
        mode.presentingProperty().addListener((obs, old, now) -> present.setSelected(now));
        CheckMenuItem contrast = new CheckMenuItem("High-contrast theme");
        contrast.setId("highContrastItem");
        contrast.setAccelerator(PresentationMode.HIGH_CONTRAST);
        contrast.setSelected(themeMode.get() == Theme.Mode.HIGH_CONTRAST);
        contrast.setOnAction(e -> mode.toggleHighContrast());
        themeMode.addListener((obs, old, now) -> contrast.setSelected(now == Theme.Mode.HIGH_CONTRAST));
        button.getItems().addAll(present, contrast);

        Node themeToggle = root.lookup("#themeToggle");
        if (themeToggle != null && themeToggle.getParent() instanceof Pane bar) {
            bar.getChildren().add(bar.getChildren().indexOf(themeToggle), button);
        } else if (root.getTop() instanceof Pane bar) {
            bar.getChildren().add(button);
        }
    }
}
