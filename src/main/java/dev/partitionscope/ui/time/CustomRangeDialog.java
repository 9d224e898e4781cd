package dev.partitionscope.ui.time;

import dev.partitionscope.core.time.TimeRange;
import dev.partitionscope.ui.common.Theme;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.ObjectBinding;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;
import javafx.stage.Window;

/** Picks a fixed start and end (date + HH:mm) in local time or UTC, with the problem stated while it is invalid. */
public final class CustomRangeDialog {
    private CustomRangeDialog() {}

    /**
     * Shows the dialog over {@code owner}, starting from {@code current}.
     *
     * @param now "now" on the connected endpoint's clock (a fast-forwarded Lab lives in simulated time): the current
     *     range is resolved on it, and a start after it is refused
     */
    public static Optional<TimeRange> show(Window owner, TimeRange current, Instant now) {
        TimeRange.Window w = current.resolve(now);
        Dialog<TimeRange> dialog = new Dialog<>();
        dialog.initOwner(owner);
        dialog.setTitle("Custom time range");
        dialog.setHeaderText("Choose the window to look at");
        dialog.getDialogPane().setId("customRangeDialog");
        CheckBox utc = new CheckBox("Times in UTC");
        utc.setSelected(current.utc());
        ZoneId zone = current.zone();
        DatePicker startDate = new DatePicker(LocalDate.ofInstant(w.start(), zone));
        TextField startTime = new TextField(
                LocalTime.ofInstant(w.start(), zone).withSecond(0).withNano(0).toString());
        DatePicker endDate = new DatePicker(LocalDate.ofInstant(w.end(), zone));
        TextField endTime = new TextField(
                LocalTime.ofInstant(w.end(), zone).withSecond(0).withNano(0).toString());
        startTime.setPrefColumnCount(5);
        endTime.setPrefColumnCount(5);
        GridPane grid = new GridPane();
        grid.setHgap(10);
        grid.setVgap(10);
        grid.addRow(0, new Label("From"), startDate, startTime);
        grid.addRow(1, new Label("To"), endDate, endTime);
        Label problem = new Label();
        problem.getStyleClass().add("form-problems");
        problem.setWrapText(true);
        Label note = new Label("CloudWatch keeps 1-minute data for 15 days, 5-minute data for 63 days and 1-hour data"
                + " for 455 days; older windows are shown at the coarser period.");
        note.setWrapText(true);
        note.setMaxWidth(420);
        note.getStyleClass().add("caption");
        dialog.getDialogPane().setContent(new VBox(12, grid, utc, problem, note));
        ButtonType apply = new ButtonType("Apply", ButtonBar.ButtonData.OK_DONE);
        dialog.getDialogPane().getButtonTypes().addAll(apply, ButtonType.CANCEL);

        ObjectBinding<Object> parsed = Bindings.createObjectBinding(
                () -> parse(
                        startDate.getValue(),
                        startTime.getText(),
                        endDate.getValue(),
                        endTime.getText(),
                        utc.isSelected(),
                        now),
                startDate.valueProperty(),
                startTime.textProperty(),
                endDate.valueProperty(),
                endTime.textProperty(),
                utc.selectedProperty());
        problem.textProperty()
                .bind(Bindings.createStringBinding(() -> parsed.get() instanceof String s ? s : "", parsed));
        dialog.getDialogPane()
                .lookupButton(apply)
                .disableProperty()
                .bind(Bindings.createBooleanBinding(() -> !(parsed.get() instanceof TimeRange), parsed));
        dialog.setResultConverter(b -> b == apply && parsed.get() instanceof TimeRange r ? r : null);
        Theme.style(dialog.getDialogPane().getScene());
        return dialog.showAndWait();
    }

    /** A {@link TimeRange}, or a sentence saying what is wrong. */
    static Object parse(
            LocalDate startDate, String startTime, LocalDate endDate, String endTime, boolean utc, Instant now) {
        if (startDate == null || endDate == null) {
            return "Pick both dates.";
        }
        LocalTime from;
        LocalTime to;
        try {
            from = LocalTime.parse(startTime.trim());
            to = LocalTime.parse(endTime.trim());
        } catch (DateTimeParseException e) {
            return "Write times as HH:mm, e.g. 09:30.";
        }
        ZoneId zone = utc ? ZoneOffset.UTC : ZoneId.systemDefault();
        Instant start = startDate.atTime(from).atZone(zone).toInstant();
        Instant end = endDate.atTime(to).atZone(zone).toInstant();
        if (!end.isAfter(start)) {
            return "The end must be after the start.";
        }
        if (start.isAfter(now)) {
            return "The start is in the future: there is no data there yet.";
        }
        return TimeRange.custom(start, end, utc);
    }
}
