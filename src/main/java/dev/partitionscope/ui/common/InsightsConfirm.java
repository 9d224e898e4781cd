package dev.partitionscope.ui.common;

import dev.partitionscope.core.table.ContributorInsightsState;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonType;
import javafx.stage.Window;

/**
 * The confirmation before enabling or disabling Contributor Insights, shared by every screen that offers it: it is a
 * billed write, so the user reads what it costs and that the write guard applies before anything is sent.
 */
public final class InsightsConfirm {
    private InsightsConfirm() {}

    /** The dialog's explanation (tests read it). */
    public static String explanation(ContributorInsightsState target, boolean enable, String mode) {
        return enable
                ? "This creates CloudWatch Contributor Insights rules for " + target.resourceLabel() + " in mode '"
                        + mode + "'. Rules are billed per rule per month and per million events matched, and reading"
                        + " their reports (GetInsightRuleReport) is billed too.\n\nIt is a write: on a read-only"
                        + " connection it is refused until you unlock writes for " + target.tableName() + "."
                : "This deletes the Contributor Insights rules for " + target.resourceLabel() + "; their history"
                        + " stops being collected.\n\nIt is a write: on a read-only connection it is refused until you unlock"
                        + " writes for " + target.tableName() + ".";
    }

    /** Shows the dialog; true when the user confirmed. */
    public static boolean ask(Window owner, ContributorInsightsState target, boolean enable, String mode) {
        Alert confirm = new Alert(Alert.AlertType.CONFIRMATION);
        confirm.initOwner(owner);
        confirm.setTitle(enable ? "Enable Contributor Insights" : "Disable Contributor Insights");
        confirm.setHeaderText(
                (enable ? "Enable" : "Disable") + " Contributor Insights on " + target.resourceLabel() + "?");
        confirm.setContentText(explanation(target, enable, mode));
        confirm.getDialogPane().setId("insightsConfirm");
        Theme.style(confirm.getDialogPane().getScene());
        return confirm.showAndWait().filter(b -> b == ButtonType.OK).isPresent();
    }
}
