package dev.partitionscope.ui.shell;

import dev.partitionscope.ui.common.EmptyState;
import javafx.scene.control.Label;

/** What a screen that is not built yet shows: what it will do and when, never a blank page. */
final class PlaceholderView extends EmptyState {
    PlaceholderView(Screen screen) {
        getStyleClass().add("planned-screen");
        setId("placeholder-" + screen.name().toLowerCase());
        Label planned = new Label("Coming in a later version (" + screen.plannedIn() + ")");
        planned.getStyleClass().add("planned-issue");
        set(screen.icon(), screen.title(), screen.description());
        getChildren().add(2, planned);
    }
}
