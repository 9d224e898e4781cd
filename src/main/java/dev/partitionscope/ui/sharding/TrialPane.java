package dev.partitionscope.ui.sharding;

import dev.partitionscope.core.heat.HeatScale;
import dev.partitionscope.ui.common.Fx;
import dev.partitionscope.ui.common.Icons;
import dev.partitionscope.ui.common.heat.HeatmapCanvas;
import java.time.ZoneOffset;
import java.util.Locale;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * "Try it in the Lab": the button, progress with cancel, and the metered before/after heatmaps with their throttled
 * share next to what the model predicted.
 */
final class TrialPane extends VBox {
    private final ShardingViewModel vm;
    private final HeatmapCanvas before = canvas("trialBefore");
    private final HeatmapCanvas after = canvas("trialAfter");
    private final Label beforeText = new Label();
    private final Label afterText = new Label();
    private final GridPane results = new GridPane();

    TrialPane(ShardingViewModel vm) {
        super(8);
        this.vm = vm;
        getStyleClass().add("scheme-card");
        setId("shardingTrial");
        Label title = new Label("Try it in the Lab");
        title.getStyleClass().add("title-4");
        Label what = new Label("Replays the peak write rate for 10 simulated minutes on the key as it is and with the"
                + " first scheme, each in a fresh Lab with DynamoDB's per-key limits, then reads the Lab's"
                + " CloudWatch metrics and Contributor Insights as the heatmap reads AWS.");
        what.getStyleClass().add("muted");
        what.setWrapText(true);
        Button run = new Button("Try the first scheme in the Lab", Icons.of("mdi2f-flask-outline", 16));
        run.setTooltip(new Tooltip("Ctrl+Enter; Esc cancels"));
        run.setId("shardingTrialRun");
        run.setOnAction(e -> vm.runTrial());
        run.disableProperty().bind(vm.trialRunningProperty());
        ProgressIndicator spinner = new ProgressIndicator();
        spinner.setPrefSize(18, 18);
        spinner.setMaxSize(18, 18);
        Fx.bindShown(spinner, vm.trialRunningProperty());
        Hyperlink cancel = new Hyperlink("Cancel");
        cancel.setOnAction(e -> vm.cancelTrial());
        cancel.setTooltip(new Tooltip("Stop the replay; nothing is kept"));
        Fx.bindShown(cancel, vm.trialRunningProperty());
        Label status = new Label();
        status.setId("shardingTrialStatus");
        status.getStyleClass().add("muted");
        status.textProperty().bind(vm.trialTextProperty());
        HBox bar = new HBox(10, title, new Pane(), spinner, status, cancel, run);
        HBox.setHgrow(bar.getChildren().get(1), Priority.ALWAYS);
        bar.setAlignment(Pos.CENTER_LEFT);
        ColumnConstraints half = new ColumnConstraints();
        half.setPercentWidth(50);
        results.getColumnConstraints().setAll(half, half);
        results.setHgap(12);
        results.setVgap(6);
        beforeText.setId("trialBeforeText");
        afterText.setId("trialAfterText");
        beforeText.setWrapText(true);
        afterText.setWrapText(true);
        results.addRow(0, beforeText, afterText);
        results.addRow(1, before, after);
        getChildren().addAll(bar, what, results);
        Fx.show(results, false);
        vm.trialProperty().addListener((obs, old, now) -> show(now));
    }

    private static HeatmapCanvas canvas(String id) {
        HeatmapCanvas c = new HeatmapCanvas();
        c.setId(id);
        c.setPrefHeight(260);
        c.setMinHeight(220);
        c.setZone(ZoneOffset.UTC);
        return c;
    }

    private void show(LabTrial.Result r) {
        Fx.show(results, r != null);
        if (r == null) {
            return;
        }
        ShardingViewModel.Outcome o = vm.outcomeProperty().get();
        ShardingViewModel.Result predicted = o == null
                ? null
                : o.results().stream()
                        .filter(x -> r.spec().equals(x.spec()) && x.error() == null)
                        .findFirst()
                        .orElse(null);
        beforeText.setText(text(
                "Before — " + r.key() + " as it is",
                r.before(),
                predicted == null
                        ? Double.NaN
                        : predicted.prediction().writesBefore().throttledShare()));
        afterText.setText(text(
                "After — " + r.spec(),
                r.after(),
                predicted == null
                        ? Double.NaN
                        : predicted.prediction().writesAfter().throttledShare()));
        set(before, r.before());
        set(after, r.after());
    }

    private static void set(HeatmapCanvas c, LabTrial.Run run) {
        if (run.heat() == null) {
            c.setGrid(null);
            return;
        }
        c.setScale(HeatScale.absolute(run.heat().grid().unit()));
        c.setGrid(run.heat().grid());
        c.setThrottleCauses(run.heat().keyRange(), run.heat().otherCauses());
    }

    static String text(String title, LabTrial.Run run, double predicted) {
        return String.format(
                Locale.ROOT,
                "%s: %s of %,d writes throttled in the Lab%s",
                title,
                ShardHistogram.percent(run.throttledShare()),
                run.requests(),
                Double.isNaN(predicted) ? "" : " (predicted " + ShardHistogram.percent(predicted) + ")");
    }
}
