package dev.partitionscope.ui.common;

import dev.partitionscope.aws.UserMessage;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.stage.Window;

/**
 * A {@link UserMessage} in a small window of its own, for problems that belong to no screen (a file that could not
 * be opened). It does not wait for the user: whatever asked goes on, and the window stays usable behind it.
 */
public final class MessageDialog {
    private MessageDialog() {}

    public static void show(Window owner, UserMessage message, MessageBox.Kind kind) {
        Dialog<Void> dialog = new Dialog<>();
        if (owner != null) {
            dialog.initOwner(owner);
        }
        dialog.setTitle(message.headline());
        MessageBox box = new MessageBox();
        box.show(message, kind);
        box.setPrefWidth(520);
        dialog.getDialogPane().setContent(box);
        dialog.getDialogPane().getButtonTypes().add(ButtonType.OK);
        dialog.getDialogPane().setId("messageDialog");
        Theme.style(dialog.getDialogPane().getScene());
        dialog.show();
    }
}
