package dev.partitionscope.ui.lab;

import atlantafx.base.theme.Styles;
import dev.partitionscope.lab.workload.Scenario;
import dev.partitionscope.ui.common.Fx;
import dev.partitionscope.ui.common.Icons;
import javafx.animation.Animation;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.beans.binding.Bindings;
import javafx.beans.property.StringProperty;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.ComboBoxBase;
import javafx.scene.control.Label;
import javafx.scene.control.MenuButton;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextField;
import javafx.scene.control.TextInputControl;
import javafx.scene.control.Toggle;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.util.Duration;
import javafx.util.StringConverter;

/**
 * The workload side panel of the Lab screen: scenario, variant, settings, Start / Stop and the run's progress.
 * Binds to {@link WorkloadViewModel}; its only logic is polling the run (a {@link Timeline} at 4 Hz on the FX
 * thread, playing only while a run is going — a snapshot is a handful of counters, no background task needed).
 */
final class WorkloadPane extends ScrollPane {
    private static final KeyCombination START_KEY = new KeyCodeCombination(KeyCode.ENTER, KeyCombination.SHORTCUT_DOWN);

    private final WorkloadViewModel vm;
    private final ToggleGroup variantGroup = new ToggleGroup();
    private final HBox variantBar = new HBox();
    private final Timeline poll;

    WorkloadPane(WorkloadViewModel vm) {
        this.vm = vm;
        setId("workloadPane");
        setFitToWidth(true);
        setHbarPolicy(ScrollBarPolicy.NEVER);
        getStyleClass().addAll("edge-to-edge", "workload-pane");
        // Its widths are in lab.css, in em, so presentation mode's larger type widens it too.

        VBox content = new VBox(
                11,
                titleRow(),
                scenarioBox(),
                variantBox(),
                settingsBox(),
                fastForwardBox(),
                actions(),
                new WorkloadRunBox(vm));
        content.getStyleClass().add("workload-content");
        content.setPadding(new Insets(12, 14, 16, 14));
        setContent(content);

        poll = new Timeline(new KeyFrame(Duration.millis(250), e -> vm.poll()));
        poll.setCycleCount(Animation.INDEFINITE);
        vm.runningProperty().addListener((obs, old, now) -> {
            if (now) {
                poll.play();
            } else {
                poll.stop();
            }
        });
        if (vm.runningProperty().get()) {
            poll.play();
        }
    }

    /**
     * Ctrl+Enter starts (or switches), Esc stops, wherever the focus is in the window while the Lab screen shows:
     * the screen passes every key press through here from a filter, because the focus is often on a control that
     * takes Esc for itself (the top bar's menus). Esc is left alone where it already means something: closing an
     * open popup, or reverting an edited field outside this panel (the model parameters).
     *
     * @param reveal shows the panel (a run started from elsewhere on the screen should be seen)
     */
    void handleKey(KeyEvent e, Runnable reveal) {
        if (START_KEY.match(e)) {
            e.consume();
            if (vm.canStartProperty().get()) {
                reveal.run();
                vm.start();
            }
        } else if (e.getCode() == KeyCode.ESCAPE && vm.canStopProperty().get() && !escTaken()) {
            e.consume();
            vm.stop();
        }
    }

    private boolean escTaken() {
        Node focus = getScene() == null ? null : getScene().getFocusOwner();
        if ((focus instanceof ComboBoxBase<?> c && c.isShowing()) || (focus instanceof MenuButton m && m.isShowing())) {
            return true;
        }
        if (focus instanceof TextInputControl) {
            for (Node n = focus; n != null; n = n.getParent()) {
                if (n == this) {
                    return false;
                }
            }
            return true;
        }
        return false;
    }

    /** For tests: whether the run is being polled. */
    boolean polling() {
        return poll.getStatus() == Animation.Status.RUNNING;
    }

    // Sections

    private Node titleRow() {
        Label title = new Label("Workload");
        title.getStyleClass().add("card-title");
        title.setGraphic(Icons.of("mdi2r-run-fast", 18));
        Label state = new Label();
        state.setId("workloadState");
        state.textProperty().bind(vm.stateTextProperty());
        state.getStyleClass().addAll("chip", "neutral");
        vm.progressProperty().addListener((obs, old, p) -> {
            state.getStyleClass().removeAll("good", "bad", "warn", "neutral");
            state.getStyleClass()
                    .add(
                            p == null
                                    ? "neutral"
                                    : switch (p.state()) {
                                        case STARTING, RUNNING -> "good";
                                        case FAILED -> "bad";
                                        case FINISHED, STOPPED -> "neutral";
                                    });
        });
        Tooltip titleTip = new Tooltip("Plays one of the seeds' stories against this Lab through the AWS SDK, in"
                + " real time: watch its table's partitions and throttles on the left. With Fast-forward, the whole run"
                + " happens in simulated time in a new Lab, which the screen then shows.");
        titleTip.setWrapText(true);
        titleTip.setMaxWidth(420);
        title.setTooltip(titleTip);
        HBox row = new HBox(8, title, new Pane(), state);
        HBox.setHgrow(row.getChildren().get(1), Priority.ALWAYS);
        row.setAlignment(Pos.CENTER_LEFT);
        return row;
    }

    private Node scenarioBox() {
        ComboBox<Scenario> combo = new ComboBox<>(vm.scenarios());
        combo.setId("workloadScenario");
        combo.setMaxWidth(Double.MAX_VALUE);
        combo.setConverter(new StringConverter<>() {
            @Override
            public String toString(Scenario s) {
                return s == null ? "" : s.title();
            }

            @Override
            public Scenario fromString(String text) {
                return null;
            }
        });
        combo.valueProperty().bindBidirectional(vm.scenarioProperty());
        Tooltip tip = new Tooltip();
        tip.setWrapText(true);
        tip.setMaxWidth(420);
        tip.textProperty()
                .bind(Bindings.createStringBinding(
                        () -> vm.scenarioProperty().get() == null
                                ? ""
                                : vm.scenarioProperty().get().name() + " (seed "
                                        + vm.scenarioProperty().get().seed() + "): "
                                        + vm.scenarioProperty().get().summary(),
                        vm.scenarioProperty()));
        combo.setTooltip(tip);
        VBox box = new VBox(4, fieldLabel("Scenario", combo), combo);
        if (!vm.catalogProblems().isEmpty()) {
            Label problems = wrapped("Not loaded: " + String.join(" · ", vm.catalogProblems()), "workload-problem");
            problems.setId("workloadCatalogProblems");
            box.getChildren().add(problems);
        }
        return box;
    }

    private Node variantBox() {
        variantBar.setId("workloadVariants");
        variantBar.getStyleClass().add("variant-bar");
        vm.variants().addListener((ListChangeListener<String>) c -> buildVariants());
        buildVariants();
        variantGroup.selectedToggleProperty().addListener((obs, old, now) -> {
            if (now == null) {
                if (old != null && variantGroup.getToggles().contains(old)) {
                    old.setSelected(true); // a variant is always chosen
                }
                return;
            }
            vm.variantProperty().set((String) now.getUserData());
        });
        vm.variantProperty().addListener((obs, old, now) -> selectVariant(now));
        Label caption = wrapped("", "workload-caption");
        caption.setId("workloadCaption");
        caption.textProperty().bind(vm.captionProperty());
        Fx.bindShown(caption, vm.captionProperty().isNotEmpty());
        return new VBox(5, fieldLabel("Variant", variantBar), variantBar, caption);
    }

    private void buildVariants() {
        variantBar.getChildren().clear();
        variantGroup.getToggles().clear();
        int n = vm.variants().size();
        for (int i = 0; i < n; i++) {
            String name = vm.variants().get(i);
            ToggleButton b = new ToggleButton(name);
            b.setId("variant-" + name);
            b.setUserData(name);
            b.setToggleGroup(variantGroup);
            b.setMinWidth(Region.USE_PREF_SIZE);
            if (n > 1) {
                b.getStyleClass().add(i == 0 ? Styles.LEFT_PILL : i == n - 1 ? Styles.RIGHT_PILL : Styles.CENTER_PILL);
            }
            variantBar.getChildren().add(b);
        }
        selectVariant(vm.variantProperty().get());
    }

    private void selectVariant(String name) {
        for (Toggle t : variantGroup.getToggles()) {
            if (t.getUserData().equals(name) && !t.isSelected()) {
                t.setSelected(true);
            }
        }
    }

    private Node settingsBox() {
        TextField rate = field(
                "workloadRate",
                vm.rateProperty(),
                WorkloadForm.Field.RATE,
                "Operations per second the run offers (a fan-out query is one operation and one request per shard)");
        TextField duration = field(
                "workloadDuration",
                vm.durationProperty(),
                WorkloadForm.Field.DURATION,
                "How long the run lasts: 300 (seconds), 90 s, 5 min, 1 h 30 min");
        TextField skew = field("workloadSkew", vm.skewProperty(), WorkloadForm.Field.SKEW, "");
        skew.disableProperty().bind(vm.skewEnabledProperty().not());
        skew.getTooltip()
                .textProperty()
                .bind(Bindings.when(vm.skewEnabledProperty())
                        .then(Bindings.concat(
                                "The share of requests on the hottest key, ",
                                vm.skewKeyProperty(),
                                ", in percent; the other keys share the rest as before"))
                        .otherwise("This scenario's hot key is one constant key: there is no skew to change"));
        TextField size = field(
                "workloadItemSize",
                vm.itemSizeProperty(),
                WorkloadForm.Field.ITEM_SIZE,
                "Bytes per written item: up to 1 KB costs 1 WCU per write, 1.2 KB costs 2");

        GridPane grid = new GridPane();
        grid.setId("workloadSettings");
        grid.setHgap(8);
        grid.setVgap(3);
        for (double percent : new double[] {22, 25, 28, 25}) { // the skew's unit names the hot key
            ColumnConstraints column = new ColumnConstraints();
            column.setPercentWidth(percent);
            grid.getColumnConstraints().add(column);
        }
        Label skewUnit = unit("");
        skewUnit.setId("workloadSkewUnit");
        skewUnit.textProperty()
                .bind(Bindings.when(vm.skewEnabledProperty())
                        .then(Bindings.concat("% ", vm.skewKeyProperty()))
                        .otherwise("% · fixed key"));
        skewUnit.setTooltip(skew.getTooltip());
        grid.addRow(
                0,
                fieldLabel("Rate", rate),
                fieldLabel("Duration", duration),
                fieldLabel("Key skew", skew),
                fieldLabel("Item size", size));
        grid.addRow(1, rate, duration, skew, size);
        Label durationUnit = unit("");
        durationUnit
                .textProperty()
                .bind(Bindings.when(vm.fastForwardProperty()).then("up to 24 h").otherwise("s, min, h"));
        grid.addRow(2, unit("ops/s"), durationUnit, skewUnit, unit("bytes"));

        Label problem = wrapped("", "workload-problem");
        problem.setId("workloadProblem");
        problem.textProperty().bind(vm.problemProperty());
        problem.setGraphic(Icons.of("mdi2a-alert-circle-outline", 16));
        Fx.bindShown(problem, vm.problemProperty().isNotEmpty());
        Label preview = wrapped("", "caption");
        preview.setId("workloadPreview");
        preview.textProperty().bind(vm.previewProperty());
        Fx.bindShown(preview, vm.previewProperty().isNotEmpty());
        return new VBox(6, grid, problem, preview);
    }

    private Node fastForwardBox() {
        CheckBox box = new CheckBox("Fast-forward (simulated time)");
        box.setId("workloadFastForward");
        box.selectedProperty().bindBidirectional(vm.fastForwardProperty());
        box.disableProperty().bind(vm.fastForwardingProperty());
        Tooltip tip = new Tooltip("Runs the whole duration in simulated time inside a new Lab with this Lab's model"
                + " parameters — an hour of traffic in seconds, up to 24 h — then the screen shows that Lab, its clock"
                + " stopped at the run's end. The live Lab is left alone.");
        tip.setWrapText(true);
        tip.setMaxWidth(420);
        box.setTooltip(tip);
        Label what = wrapped(
                "Runs in a new Lab, an hour in seconds; the screen then shows that Lab, frozen at the" + " run's end.",
                "workload-unit");
        what.setId("workloadFastForwardNote");
        Fx.bindShown(what, vm.fastForwardProperty());
        return new VBox(4, box, what);
    }

    private Node actions() {
        Button start = new Button("Start", Icons.of("mdi2p-play"));
        start.setId("workloadStart");
        start.getStyleClass().add(Styles.ACCENT);
        start.textProperty().bind(vm.startTextProperty());
        start.disableProperty().bind(vm.canStartProperty().not());
        start.setTooltip(new Tooltip("Start the workload (Ctrl+Enter). While one runs, a changed variant or "
                + "setting switches to it: the running one stops first."));
        start.setMinWidth(Region.USE_PREF_SIZE);
        Button stop = new Button("Stop", Icons.of("mdi2s-stop"));
        stop.setId("workloadStop");
        stop.textProperty().bind(vm.stopTextProperty());
        stop.disableProperty().bind(vm.canStopProperty().not());
        Tooltip stopTip = new Tooltip();
        stopTip.textProperty()
                .bind(Bindings.when(vm.stopTextProperty().isEqualTo("Cancel"))
                        .then("Cancel the fast-forward (Esc); its Lab is dropped")
                        .otherwise("Stop the workload (Esc); requests in flight finish"));
        stop.setTooltip(stopTip);
        stop.setMinWidth(Region.USE_PREF_SIZE);
        // The button just pressed turns disabled and JavaFX moves the focus to the window's first control (the top
        // bar): hand it to the other button instead, so Space or Enter undoes what was just done.
        start.setOnAction(e -> {
            vm.start();
            if (!stop.isDisabled()) {
                stop.requestFocus();
            }
        });
        stop.setOnAction(e -> {
            vm.stop();
            if (!start.isDisabled()) {
                start.requestFocus();
            }
        });
        HBox row = new HBox(8, start, stop);
        row.setAlignment(Pos.CENTER_LEFT);
        Label keys = wrapped("", "workload-unit");
        keys.textProperty()
                .bind(Bindings.when(vm.fastForwardProperty())
                        .then("Ctrl+Enter starts · Esc cancels")
                        .otherwise("Ctrl+Enter starts (or switches) · Esc stops"));

        Label unavailable = wrapped("", "workload-unavailable");
        unavailable.setId("workloadUnavailable");
        unavailable.textProperty().bind(vm.unavailableProperty());
        unavailable.setGraphic(Icons.of("mdi2i-information-outline", 16));
        Fx.bindShown(unavailable, vm.unavailableProperty().isNotEmpty());
        return new VBox(6, row, keys, unavailable);
    }

    // Pieces

    private TextField field(String id, StringProperty value, WorkloadForm.Field f, String tip) {
        TextField t = new TextField();
        t.setId(id);
        t.textProperty().bindBidirectional(value);
        t.setPrefColumnCount(4);
        t.setMinWidth(40);
        t.setTooltip(new Tooltip(tip));
        t.getTooltip().setWrapText(true);
        t.getTooltip().setMaxWidth(360);
        t.setOnAction(e -> vm.start());
        Runnable mark = () -> t.pseudoClassStateChanged(
                Styles.STATE_DANGER, vm.fieldErrorsProperty().get().containsKey(f));
        vm.fieldErrorsProperty().addListener((obs, old, now) -> mark.run());
        mark.run();
        return t;
    }

    private static Label fieldLabel(String text, Node target) {
        Label l = new Label(text);
        l.getStyleClass().add("workload-label");
        l.setLabelFor(target);
        return l;
    }

    private static Label unit(String text) {
        Label l = new Label(text);
        l.getStyleClass().add("workload-unit");
        return l;
    }

    static Label wrapped(String text, String styleClass) {
        Label l = new Label(text);
        l.setWrapText(true);
        l.setMinHeight(Region.USE_PREF_SIZE);
        l.getStyleClass().add(styleClass);
        return l;
    }
}
