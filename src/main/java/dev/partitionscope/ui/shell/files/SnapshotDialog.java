package dev.partitionscope.ui.shell.files;

import dev.partitionscope.ui.common.Theme;
import java.util.Optional;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;
import javafx.stage.Window;

/**
 * Before a snapshot is saved: what goes into it, and the one choice — item contents (Scan, Query, GetItem answers)
 * stay out unless ticked, because they are the table's data itself while everything else is metrics and reports.
 */
final class SnapshotDialog {
    /** Asks whether to include item contents; empty when the user cancelled. */
    interface Prompt {
        Optional<Boolean> ask(Window owner, String summary, int itemAnswers);
    }

    private SnapshotDialog() {}

    static Optional<Boolean> ask(Window owner, String summary, int itemAnswers) {
        Dialog<Boolean> dialog = new Dialog<>();
        if (owner != null) {
            dialog.initOwner(owner);
        }
        dialog.setTitle("Save snapshot");
        dialog.setHeaderText("Save a snapshot of this view");
        Label what = new Label(summary + "\n\nIt holds what the screens read — table descriptions, CloudWatch metrics,"
                + " Contributor Insights reports — and the view to reopen at. No credentials, no profile, no request"
                + " ids; account ids in ARNs are replaced by zeros.");
        what.setWrapText(true);
        what.setMaxWidth(520);
        CheckBox items = new CheckBox("Include item contents (" + itemAnswers + " Scan, Query and GetItem answers)");
        items.setId("snapshotIncludeItems");
        items.setDisable(itemAnswers == 0);
        Label note = new Label("Off by default: those answers are the table's data itself (attribute values).");
        note.getStyleClass().add("caption");
        note.setWrapText(true);
        note.setMaxWidth(520);
        dialog.getDialogPane().setContent(new VBox(12, what, items, note));
        dialog.getDialogPane().getButtonTypes().addAll(ButtonType.OK, ButtonType.CANCEL);
        dialog.getDialogPane().setId("snapshotDialog");
        dialog.setResultConverter(b -> b == ButtonType.OK ? items.isSelected() : null);
        Theme.style(dialog.getDialogPane().getScene());
        return dialog.showAndWait();
    }
}
