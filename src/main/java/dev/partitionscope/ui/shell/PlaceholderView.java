package dev.partitionscope.ui.shell;

import dev.partitionscope.ui.common.EmptyState;
import javafx.beans.binding.Bindings;
import javafx.scene.control.Label;

/** What a screen that is not built yet shows: what it will do and when, never a blank page. */
final class PlaceholderView extends EmptyState {
    PlaceholderView(Screen screen, MainViewModel main) {
        getStyleClass().add("planned-screen");
        setId("placeholder-" + screen.name().toLowerCase());
        Label planned = new Label("Coming in a later version (" + screen.plannedIn() + ")");
        planned.getStyleClass().add("planned-issue");
        set(screen.icon(), screen.title(), screen.description());
        getChildren().add(2, planned);
        if (screen == Screen.SHARDING) {
            // The heatmap hands a hot key over; say which, so the hand-over is visible before the designer lands.
            Label key = new Label();
            key.setId("placeholderDesignerKey");
            key.textProperty().bind(Bindings.createStringBinding(() -> main.designerKeyProperty().get() == null ? ""
                    : "Key handed over: " + main.designerKeyProperty().get(), main.designerKeyProperty()));
            key.visibleProperty().bind(main.designerKeyProperty().isNotNull());
            getChildren().add(3, key);
        }
    }
}
