package dev.partitionscope.ui.lab;

import dev.partitionscope.lab.workload.WorkloadProgress;
import dev.partitionscope.ui.common.Fx;
import dev.partitionscope.ui.common.Icons;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javafx.css.PseudoClass;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * The current run in the workload panel: progress against the planned duration, achieved requests per second,
 * counts, throttles by reason, the latest request, why it ended, and the totals of the run a switch replaced.
 * Hidden until the first start.
 */
final class WorkloadRunBox extends VBox {
    private static final PseudoClass THROTTLING = PseudoClass.getPseudoClass("throttling");

    private final ProgressBar bar = new ProgressBar(0);
    private final Label counts = WorkloadPane.wrapped("", "workload-counts");
    private final Label doing = WorkloadPane.wrapped("", "workload-doing");
    private final VBox throttles = new VBox(3);
    private final Map<String, Label> reasonCounts = new HashMap<>();
    private List<String> shownReasons = List.of();

    WorkloadRunBox(WorkloadViewModel vm) {
        super(7);
        setId("workloadProgress");
        getStyleClass().add("workload-progress");
        bar.setId("workloadBar");
        bar.setMaxWidth(Double.MAX_VALUE);
        // A fast-forward's "2 h 15 min of 24 h simulated" may take two lines; the rate keeps its width.
        Label elapsed = WorkloadPane.wrapped("", "workload-elapsed");
        elapsed.setId("workloadElapsed");
        elapsed.textProperty().bind(vm.elapsedProperty());
        Label achieved = new Label();
        achieved.setId("workloadAchieved");
        achieved.getStyleClass().add("workload-rate");
        achieved.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        achieved.textProperty().bind(vm.achievedProperty());
        HBox times = new HBox(8, elapsed, new Pane(), achieved);
        HBox.setHgrow(times.getChildren().get(1), Priority.ALWAYS);
        counts.setId("workloadCounts");
        throttles.setId("workloadThrottles");
        throttles.getStyleClass().add("workload-throttles");
        doing.setId("workloadDoing");
        doing.getStyleClass().add("mono");
        Label message = WorkloadPane.wrapped("", "workload-message");
        message.setId("workloadMessage");
        message.textProperty().bind(vm.messageProperty());
        Fx.bindShown(message, vm.messageProperty().isNotEmpty());
        Label previous = WorkloadPane.wrapped("", "caption");
        previous.setId("workloadPrevious");
        previous.textProperty().bind(vm.previousProperty());
        Fx.bindShown(previous, vm.previousProperty().isNotEmpty());
        getChildren().addAll(bar, times, counts, throttles, doing, message, previous);

        vm.progressProperty().addListener((obs, old, p) -> show(p));
        show(vm.progressProperty().get());
    }

    private void show(WorkloadProgress p) {
        Fx.show(this, p != null);
        if (p == null) {
            return;
        }
        bar.setProgress(
                p.state() == WorkloadProgress.State.STARTING ? ProgressBar.INDETERMINATE_PROGRESS : p.fraction());
        counts.setText(p.countsLine());
        doing.setText(p.doing().isEmpty() ? "" : p.state().over() ? "Last: " + p.doing() : p.doing());
        Fx.show(doing, !p.doing().isEmpty());
        showThrottles(p);
    }

    /** Rebuilds the reason rows only when the reasons change (a handful at most); counts update in place. */
    private void showThrottles(WorkloadProgress p) {
        throttles.pseudoClassStateChanged(THROTTLING, p.throttled() > 0);
        List<String> reasons = List.copyOf(p.throttlesByReason().keySet());
        if (!reasons.equals(shownReasons) || reasons.isEmpty()) {
            shownReasons = reasons;
            reasonCounts.clear();
            throttles.getChildren().clear();
            if (reasons.isEmpty()) {
                Label none = new Label(
                        p.requests() == 0 ? "No requests yet" : "No throttles",
                        Icons.of("mdi2c-check-circle-outline", 16));
                none.getStyleClass().add("workload-no-throttles");
                throttles.getChildren().add(none);
                return;
            }
            Label head = new Label("Throttles by reason");
            head.getStyleClass().add("workload-head");
            throttles.getChildren().add(head);
            for (String reason : reasons) {
                // The name on a line of its own: TableWriteKeyRangeThroughputExceeded takes the panel's width.
                Label name = new Label(reason);
                name.getStyleClass().addAll("reason-name", "mono", "workload-reason");
                name.setTooltip(new Tooltip(reason));
                Label count = new Label();
                count.getStyleClass().add("reason-count");
                count.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE); // a fast-forward counts 456,438
                Label what = WorkloadPane.wrapped(
                        reason.contains("KeyRange") ? "throttled requests · hot partition" : "throttled requests",
                        "workload-unit");
                HBox countRow = new HBox(6, count, what);
                countRow.setAlignment(Pos.BASELINE_LEFT);
                throttles.getChildren().add(new VBox(1, name, countRow));
                reasonCounts.put(reason, count);
            }
        }
        p.throttlesByReason().forEach((reason, n) -> reasonCounts.get(reason).setText(String.format("%,d", n)));
    }
}
