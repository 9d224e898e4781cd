package dev.partitionscope.ui.connect;

import dev.partitionscope.aws.Connection;
import dev.partitionscope.ui.common.Icons;
import dev.partitionscope.ui.common.Theme;
import java.util.List;
import java.util.Optional;
import javafx.beans.binding.Bindings;
import javafx.scene.Node;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.VBox;
import javafx.stage.Window;

/**
 * Asks the user to type a table's name before writes to it are allowed on this connection. The Unlock button stays
 * disabled until the typed text equals the chosen table exactly.
 */
public final class UnlockWritesDialog {
    /** The table to unlock and what the user typed (the guard checks them again). */
    public record Choice(String table, String typed) {}

    private UnlockWritesDialog() {}

    public static Optional<Choice> show(Window owner, Connection connection, List<String> tables, String preselect) {
        Dialog<Choice> dialog = new Dialog<>();
        dialog.initOwner(owner);
        dialog.setTitle("Unlock writes");
        dialog.setHeaderText(
                "Unlock writes to one table on '" + connection.spec().name() + "'");
        dialog.setGraphic(Icons.of("mdi2l-lock-open-alert-outline", 36));
        dialog.getDialogPane().setId("unlockDialog");

        ComboBox<String> table = new ComboBox<>();
        table.setId("unlockTable");
        table.getItems().setAll(tables);
        table.setMaxWidth(Double.MAX_VALUE);
        if (preselect != null && tables.contains(preselect)) {
            table.setValue(preselect);
        } else if (!tables.isEmpty()) {
            table.setValue(tables.get(0));
        }
        TextField typed = new TextField();
        typed.setId("unlockConfirm");
        typed.promptTextProperty()
                .bind(Bindings.createStringBinding(
                        () -> table.getValue() == null ? "" : "Type " + table.getValue(), table.valueProperty()));
        Label explanation = new Label("Until you disconnect, PartitionScope may change this table: enabling"
                + " Contributor Insights, writing test items, running demo workloads. Writes to a live table change"
                + " real data and may cost money. Every other table stays read-only.");
        explanation.setWrapText(true);
        explanation.setMaxWidth(460);
        Label prompt = new Label("Type the table name to confirm:");
        Label mismatch = new Label();
        mismatch.getStyleClass().add("form-problems");
        VBox content = new VBox(10, explanation, new Label("Table"), table, prompt, typed, mismatch);
        dialog.getDialogPane().setContent(content);

        ButtonType unlock = new ButtonType("Unlock writes", ButtonBar.ButtonData.OK_DONE);
        dialog.getDialogPane().getButtonTypes().addAll(unlock, ButtonType.CANCEL);
        Node unlockButton = dialog.getDialogPane().lookupButton(unlock);
        unlockButton.setId("unlockButton");
        var matches = Bindings.createBooleanBinding(
                () -> table.getValue() != null
                        && table.getValue().equals(typed.getText().trim()),
                table.valueProperty(),
                typed.textProperty());
        unlockButton.disableProperty().bind(matches.not());
        mismatch.textProperty()
                .bind(Bindings.createStringBinding(
                        () -> typed.getText().isBlank() || matches.get()
                                ? ""
                                : "Doesn't match the table name yet (case matters).",
                        typed.textProperty(),
                        matches));
        dialog.setResultConverter(b -> b == unlock ? new Choice(table.getValue(), typed.getText()) : null);
        dialog.setOnShown(e -> typed.requestFocus());
        Theme.style(dialog.getDialogPane().getScene());
        return dialog.showAndWait();
    }
}
