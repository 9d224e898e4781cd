package dev.partitionscope.ui.lab;

import dev.partitionscope.lab.partition.ModelParams;
import dev.partitionscope.ui.common.Fx;
import dev.partitionscope.ui.common.Icons;
import javafx.beans.binding.Bindings;
import javafx.css.PseudoClass;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.geometry.VPos;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Control;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * The model parameters: every entry of {@link ModelParams#describe()} with its value (editable), default, source
 * and meaning; Apply, Revert, Reset to defaults and the equivalent command line. Binds to {@link ParamsForm}.
 */
final class ParamsPane extends ScrollPane {
    private static final PseudoClass EDITED = PseudoClass.getPseudoClass("edited");
    private static final PseudoClass INVALID = PseudoClass.getPseudoClass("invalid");

    /** The unit of each numeric parameter, shown next to its field and default. */
    private static final java.util.Map<String, String> UNITS = java.util.Map.ofEntries(
            java.util.Map.entry("partition-read-ceiling", "RCU/s"),
            java.util.Map.entry("partition-write-ceiling", "WCU/s"),
            java.util.Map.entry("burst-seconds", "s"),
            java.util.Map.entry("split-utilization", "× ceiling"),
            java.util.Map.entry("split-seconds", "s"),
            java.util.Map.entry("isolate-key-share", "× load"),
            java.util.Map.entry("max-partitions", "partitions"),
            java.util.Map.entry("on-demand-initial-read", "RCU/s"),
            java.util.Map.entry("on-demand-initial-write", "WCU/s"),
            java.util.Map.entry("on-demand-peak-multiplier", "× peak"),
            java.util.Map.entry("on-demand-peak-window-seconds", "s"),
            java.util.Map.entry("table-read-quota", "RCU/s"),
            java.util.Map.entry("table-write-quota", "WCU/s"),
            java.util.Map.entry("bucket-seconds", "s"));

    ParamsPane(ParamsForm form) {
        setId("paramsPane");
        setFitToWidth(true);
        getStyleClass().addAll("edge-to-edge", "params-pane");

        Label note = new Label("The numbers the Lab's partition model runs on. Each default is documented by AWS, "
                + "taken from an AWS blog, or an assumption of the Lab where AWS says nothing — the source column "
                + "says which. Applying restarts every table's partition state (tokens, burst, splits, hot streaks), "
                + "as a restart of the Lab would; items stay.");
        note.setId("paramsNote");
        note.setWrapText(true);
        note.getStyleClass().add("params-note");
        note.setGraphic(Icons.of("mdi2i-information-outline", 18));

        Button apply = new Button("Apply", Icons.of("mdi2c-check"));
        apply.setId("applyParams");
        apply.getStyleClass().add("accent");
        apply.textProperty()
                .bind(Bindings.createStringBinding(
                        () -> {
                            int n = form.changesProperty().get();
                            return n <= 1 ? "Apply" : "Apply " + n + " changes";
                        },
                        form.changesProperty()));
        apply.disableProperty()
                .bind(form.changesProperty()
                        .isEqualTo(0)
                        .or(form.errorsProperty().greaterThan(0)));
        apply.setTooltip(new Tooltip("Apply the edited values (Enter in a field); restarts partition state"));
        apply.setOnAction(e -> form.apply());
        Button revert = new Button("Revert", Icons.of("mdi2u-undo"));
        revert.setId("revertParams");
        revert.disableProperty().bind(form.changesProperty().isEqualTo(0));
        revert.setTooltip(new Tooltip("Put back the values the Lab runs with (Esc in a field)"));
        revert.setOnAction(e -> form.revert());
        Button reset = new Button("Reset to defaults", Icons.of("mdi2r-restore"));
        reset.setId("resetParams");
        reset.disableProperty()
                .bind(form.atDefaultsProperty().and(form.changesProperty().isEqualTo(0)));
        reset.setTooltip(new Tooltip("Apply every default now; restarts partition state"));
        reset.setOnAction(e -> form.resetToDefaults());
        Button copyCli = new Button("Copy as command line", Icons.of("mdi2c-console"));
        copyCli.setId("copyParamsCli");
        copyCli.getStyleClass().add("flat");
        copyCli.setTooltip(new Tooltip("Copy `partitionscope lab …` with the values the Lab runs with now"));
        copyCli.setOnAction(e -> Fx.copy(form.cliCommand()));
        Label fix = new Label();
        fix.setId("paramsToFix");
        fix.getStyleClass().add("param-error");
        fix.textProperty()
                .bind(Bindings.createStringBinding(
                        () -> {
                            int n = form.errorsProperty().get();
                            return n == 1 ? "1 value to fix before applying" : n + " values to fix before applying";
                        },
                        form.errorsProperty()));
        Fx.bindShown(fix, form.errorsProperty().greaterThan(0));
        HBox actions = new HBox(8, apply, revert, reset, fix, new Pane(), copyCli);
        HBox.setHgrow(actions.getChildren().get(4), Priority.ALWAYS);
        actions.setAlignment(Pos.CENTER_LEFT);

        Label message = new Label();
        message.setId("paramsMessage");
        message.setWrapText(true);
        message.textProperty().bind(form.messageProperty());
        message.getStyleClass().add("params-message");
        form.messageIsErrorProperty().addListener((obs, old, now) -> message.pseudoClassStateChanged(INVALID, now));
        Fx.bindShown(message, form.messageProperty().isNotEmpty());

        GridPane grid = new GridPane();
        grid.setId("paramsGrid");
        grid.getStyleClass().add("params-grid");
        ColumnConstraints nameCol = new ColumnConstraints();
        nameCol.setHgrow(Priority.ALWAYS);
        nameCol.setMinWidth(320);
        ColumnConstraints valueCol = new ColumnConstraints(200, 220, 260);
        ColumnConstraints defaultCol = new ColumnConstraints(110, 120, 160);
        ColumnConstraints sourceCol = new ColumnConstraints(150, 170, 220);
        grid.getColumnConstraints().addAll(nameCol, valueCol, defaultCol, sourceCol);
        grid.addRow(0, head("Parameter and meaning"), head("Value"), head("Default"), head("Source"));
        int row = 1;
        for (ParamsForm.Field f : form.fields()) {
            addRow(grid, row++, f, form);
        }

        VBox content = new VBox(14, note, actions, message, grid);
        content.setPadding(new Insets(16, 20, 24, 20));
        content.getStyleClass().add("params-content");
        setContent(content);
    }

    private void addRow(GridPane grid, int row, ParamsForm.Field f, ParamsForm form) {
        Label name = new Label(f.name());
        name.getStyleClass().addAll("param-name", "mono");
        Label meaning = new Label(f.meaning());
        meaning.getStyleClass().add("param-meaning");
        meaning.setWrapText(true);
        VBox nameBox = new VBox(2, name, meaning);

        Control editor;
        if (f.toggle()) {
            CheckBox box = new CheckBox();
            box.setSelected("on".equals(f.valueProperty().get()));
            box.textProperty().bind(f.valueProperty());
            box.selectedProperty()
                    .addListener((obs, old, now) -> f.valueProperty().set(now ? "on" : "off"));
            f.valueProperty().addListener((obs, old, now) -> box.setSelected("on".equals(now)));
            editor = box;
        } else {
            TextField field = new TextField();
            field.textProperty().bindBidirectional(f.valueProperty());
            field.setPrefColumnCount(7);
            field.setOnAction(e -> {
                if (form.changesProperty().get() > 0 && form.errorsProperty().get() == 0) {
                    form.apply();
                }
            });
            field.setOnKeyPressed(e -> {
                if (e.getCode() == KeyCode.ESCAPE && f.editedProperty().get()) {
                    form.revert();
                    e.consume();
                }
            });
            editor = field;
        }
        Label unit = new Label(UNITS.getOrDefault(f.name(), ""));
        unit.getStyleClass().add("param-unit");
        HBox editorRow = new HBox(8, editor, unit);
        editorRow.setAlignment(Pos.CENTER_LEFT);
        editor.setId("param-" + f.name());
        editor.setTooltip(new Tooltip(f.meaning()));
        editor.getTooltip().setWrapText(true);
        editor.getTooltip().setMaxWidth(380);
        Label error = new Label();
        error.setId("param-error-" + f.name());
        error.getStyleClass().add("param-error");
        error.setWrapText(true);
        error.textProperty().bind(f.errorProperty());
        Fx.bindShown(error, f.errorProperty().isNotNull());
        VBox valueBox = new VBox(3, editorRow, error);
        f.editedProperty().addListener((obs, old, now) -> editor.pseudoClassStateChanged(EDITED, now));
        f.errorProperty()
                .addListener((obs, old, now) ->
                        editor.pseudoClassStateChanged(atlantafx.base.theme.Styles.STATE_DANGER, now != null));

        Label def = new Label((f.defaultValue() + " " + UNITS.getOrDefault(f.name(), "")).trim());
        def.getStyleClass().add("param-default");
        Label changed = new Label("changed");
        changed.getStyleClass().addAll("chip", "warn");
        Fx.bindShown(changed, f.nonDefaultProperty());
        VBox defBox = new VBox(3, def, changed);

        Label source = new Label(sourceLabel(f.source()));
        source.getStyleClass()
                .addAll(
                        "chip",
                        switch (f.source()) {
                            case AWS_DOCUMENTED -> "good";
                            case AWS_BLOG -> "info";
                            case ASSUMPTION -> "neutral";
                        });
        source.setTooltip(new Tooltip(f.source().label()));
        VBox sourceBox = new VBox(source);

        if (row % 2 == 0) {
            Pane stripe = new Pane();
            stripe.getStyleClass().add("param-stripe");
            grid.add(stripe, 0, row, 4, 1);
        }
        nameBox.getStyleClass().add("param-name-box");
        for (javafx.scene.Node n : new javafx.scene.Node[] {valueBox, defBox, sourceBox}) {
            n.getStyleClass().add("param-cell");
        }
        for (javafx.scene.Node n : new javafx.scene.Node[] {nameBox, valueBox, defBox, sourceBox}) {
            GridPane.setValignment(n, VPos.TOP);
        }
        grid.add(nameBox, 0, row);
        grid.add(valueBox, 1, row);
        grid.add(defBox, 2, row);
        grid.add(sourceBox, 3, row);
    }

    private static String sourceLabel(ModelParams.Source source) {
        return switch (source) {
            case AWS_DOCUMENTED -> "AWS docs";
            case AWS_BLOG -> "AWS blog";
            case ASSUMPTION -> "Lab assumption";
        };
    }

    private static Label head(String text) {
        Label l = new Label(text);
        l.getStyleClass().add("params-head");
        return l;
    }
}
