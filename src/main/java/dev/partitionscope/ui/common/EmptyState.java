package dev.partitionscope.ui.common;

import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.javafx.FontIcon;

/** A centred icon, title, explanation and next-step buttons: what a screen shows when it has nothing to show. */
public class EmptyState extends VBox {
    private final FontIcon icon = new FontIcon();
    private final Label title = new Label();
    private final Label text = new Label();
    private final HBox actions = new HBox(8);

    public EmptyState() {
        getStyleClass().add("empty-state");
        icon.getStyleClass().add("empty-icon");
        title.getStyleClass().add("empty-title");
        title.setWrapText(true);
        text.getStyleClass().add("empty-text");
        text.setWrapText(true);
        text.setMaxWidth(560);
        actions.setAlignment(Pos.CENTER);
        getChildren().addAll(icon, title, text, actions);
        setAlignment(Pos.CENTER);
    }

    public EmptyState set(String iconLiteral, String titleText, String body, Node... buttons) {
        icon.setIconLiteral(iconLiteral);
        title.setText(titleText);
        text.setText(body);
        Fx.show(text, body != null && !body.isBlank());
        actions.getChildren().setAll(buttons);
        Fx.show(actions, buttons.length > 0);
        return this;
    }

    public EmptyState compact() {
        if (!getStyleClass().contains("compact")) {
            getStyleClass().add("compact");
        }
        text.setMaxWidth(260);
        return this;
    }

    public String titleText() {
        return title.getText();
    }

    public String bodyText() {
        return text.getText();
    }
}
