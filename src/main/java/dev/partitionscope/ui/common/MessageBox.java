package dev.partitionscope.ui.common;

import dev.partitionscope.aws.UserMessage;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.VBox;

/**
 * A {@link UserMessage} on screen: headline, detail, "what to do" hint, and buttons to retry and to copy the text.
 * Never shows a stack trace.
 */
public final class MessageBox extends VBox {
    public enum Kind {
        ERROR,
        WARNING,
        INFO
    }

    private final Label headline = new Label();
    private final Label detail = new Label();
    private final Label hint = new Label();
    private final FlowPane buttons = new FlowPane(8, 8);
    private final Button copy = new Button("Copy message", Icons.of("mdi2c-content-copy"));
    private UserMessage message;

    public MessageBox() {
        getStyleClass().addAll("message-box", "error");
        headline.getStyleClass().add("message-headline");
        detail.getStyleClass().add("message-detail");
        hint.getStyleClass().add("message-hint");
        headline.setWrapText(true);
        detail.setWrapText(true);
        hint.setWrapText(true);
        // Wrapped text must keep its lines when a dialog is short of room, not shrink to one line with "…".
        for (Label l : new Label[] {headline, detail, hint}) {
            l.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        }
        copy.getStyleClass().addAll("small", "flat");
        copy.setOnAction(e -> {
            if (message != null) {
                Fx.copy(message.asText());
            }
        });
        buttons.setAlignment(Pos.CENTER_LEFT);
        getChildren().addAll(headline, detail, hint, buttons);
        setMaxWidth(Double.MAX_VALUE);
        show(null, Kind.ERROR);
    }

    /** Shows the message (hides the box when null); extra buttons go before "Copy message". */
    public void show(UserMessage m, Kind kind, Button... actions) {
        this.message = m;
        getStyleClass().removeAll("error", "warning", "info");
        getStyleClass().add(kind.name().toLowerCase(Locale.ROOT));
        Fx.show(this, m != null);
        if (m == null) {
            return;
        }
        headline.setText(m.headline());
        detail.setText(m.detail());
        Fx.show(detail, m.detail() != null && !m.detail().isBlank());
        hint.setText(m.hint() == null ? "" : "What to do: " + m.hint());
        Fx.show(hint, m.hint() != null && !m.hint().isBlank());
        List<Button> all = new ArrayList<>(List.of(actions));
        all.add(copy);
        buttons.getChildren().setAll(all);
    }

    public void show(UserMessage m, Button... actions) {
        show(m, Kind.ERROR, actions);
    }

    public UserMessage message() {
        return message;
    }

    public String headlineText() {
        return headline.getText();
    }
}
