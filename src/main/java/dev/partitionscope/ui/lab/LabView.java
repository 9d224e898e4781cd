package dev.partitionscope.ui.lab;

import dev.partitionscope.aws.UserMessage;
import dev.partitionscope.ui.common.EmptyState;
import dev.partitionscope.ui.common.FileDialogs;
import dev.partitionscope.ui.common.Fx;
import dev.partitionscope.ui.common.Icons;
import dev.partitionscope.ui.common.MessageBox;
import dev.partitionscope.ui.common.Theme;
import dev.partitionscope.ui.session.ShellActions;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableValue;
import javafx.event.EventHandler;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.util.Duration;

/**
 * The Lab screen. Binds to {@link LabViewModel}; its only logic is when to poll.
 *
 * <p>Polling: a {@link Timeline} on the FX thread, running only while the screen is in a showing window. It calls
 * {@link LabViewModel#tick()} five times a second, and the ViewModel refreshes once per Lab second, just after the
 * second turns (the model reports load per complete second). Not the TaskRunner: a snapshot is a few microseconds
 * under one table's lock and the meter answers from small rings, so a background task would cost more than the
 * work, hand a result back through {@code runLater} anyway, and flash "Refreshing" in the status bar (which shows
 * the runner's latest task) every second.
 */
public final class LabView {
    private static final String CSS = Theme.stylesheet("/dev/partitionscope/ui/lab/lab.css");

    private final LabViewModel vm;
    private final ShellActions actions;
    private final StackPane root = new StackPane();
    private final BorderPane content = new BorderPane();
    private final EmptyState screenEmpty = new EmptyState();
    private final MessageBox connectError = new MessageBox();
    private final VBox screenEmptyHost = new VBox(12, screenEmpty, connectError);
    private final ListView<LabRow.Slot> list = new ListView<>();
    private final ThrottleCard throttles = new ThrottleCard();
    private final EmptyState tableEmpty = new EmptyState();
    private final VBox tableData = new VBox(12);
    private final MessageBox refreshProblem = new MessageBox();
    private final Timeline poll = new Timeline(new KeyFrame(Duration.millis(200), e -> tick()));
    private final WorkloadPane workloadPane;
    private final RecordingControls recording;
    private final ToggleButton workloadShown = new ToggleButton("Workload", Icons.of("mdi2r-run-fast"));
    private final Tab partitionsTab = new Tab("Partitions");
    private final EventHandler<KeyEvent> workloadKeys = this::workloadKey;
    /** Kept as a field: a lazily observed binding must stay reachable while its listener matters. */
    private final ObservableValue<Boolean> showing;

    public LabView(LabViewModel vm, ShellActions actions) {
        this(vm, actions, FileDialogs.system());
    }

    /** @param files asks for the recording to save to or open (tests hand in a path) */
    public LabView(LabViewModel vm, ShellActions actions, FileDialogs files) {
        this.vm = vm;
        this.actions = actions;
        this.workloadPane = new WorkloadPane(vm.workload());
        this.recording = new RecordingControls(
                vm.recordings(),
                files,
                () -> root.getScene() == null ? null : root.getScene().getWindow());
        root.setId("labScreen");
        root.getStyleClass().addAll("screen", "lab-screen");
        root.getStylesheets().add(CSS);
        LabHeader header = new LabHeader(vm, recording.menu(), workloadToggle());
        header.addRow(recording.noteRow("recordingNote"));
        content.setTop(header);
        content.setCenter(tabs());
        // Beside the partitions it drives; the parameter table keeps the full width.
        Fx.bindShown(workloadPane, workloadShown.selectedProperty().and(partitionsTab.selectedProperty()));
        content.setRight(workloadPane);
        connectError.setMaxWidth(620);
        Node emptyNote = recording.noteRow("recordingNoteEmpty");
        if (emptyNote instanceof javafx.scene.layout.Region r) {
            r.setMaxWidth(620);
        }
        screenEmptyHost.getChildren().add(emptyNote);
        screenEmptyHost.setAlignment(Pos.CENTER);
        screenEmptyHost.setPadding(new Insets(24));
        root.getChildren().addAll(content, screenEmptyHost);

        vm.stateProperty().addListener((obs, old, now) -> showState());
        vm.tableStateProperty().addListener((obs, old, now) -> showTableState());
        vm.main().connectErrorProperty().addListener((obs, old, now) -> showState());
        vm.main().tables().addListener((javafx.collections.ListChangeListener<String>) c -> showTableState());
        vm.throttlesProperty().addListener((obs, old, now) -> throttles.show(now));
        showState();
        showTableState();

        poll.setCycleCount(Timeline.INDEFINITE);
        showing = Fx.windowShowing(root);
        showing.addListener((obs, old, now) -> activate(now));
        activate(showing.getValue());
        // The workload's keys work anywhere in the window, and only while this screen is the one in it.
        Fx.sceneKeyFilter(root, workloadKeys);
    }

    public Node root() {
        return root;
    }

    // Workload

    private Node workloadToggle() {
        workloadShown.setId("workloadToggle");
        workloadShown.setSelected(true);
        workloadShown.setTooltip(new Tooltip("Show or hide the workload generator, beside the partitions"));
        // On the parameters tab the panel is hidden even when selected: a click brings it back with the partitions.
        workloadShown.setOnAction(e -> showWorkload(workloadShown.isSelected() || !partitionsTab.isSelected()));
        workloadShown
                .textProperty()
                .bind(Bindings.when(vm.workload().runningProperty())
                        .then("Workload · running")
                        .otherwise("Workload"));
        return workloadShown;
    }

    private void workloadKey(KeyEvent e) {
        if (content.isVisible()) {
            workloadPane.handleKey(e, () -> showWorkload(true));
        }
    }

    private void showWorkload(boolean on) {
        workloadShown.setSelected(on);
        if (on) {
            partitionsTab.getTabPane().getSelectionModel().select(partitionsTab);
        }
    }

    // Lifecycle

    private void activate(boolean on) {
        if (on) {
            vm.refreshNow();
            poll.play();
        } else {
            poll.stop();
        }
    }

    private void tick() {
        if (root.isVisible()) {
            vm.tick();
        }
    }

    /** For tests: whether the screen is polling. */
    boolean polling() {
        return poll.getStatus() == javafx.animation.Animation.Status.RUNNING;
    }

    // Tabs

    private Node tabs() {
        Tab partitions = partitionsTab;
        partitions.setContent(partitionsPane());
        partitions.setId("partitionsTab");
        partitions.setGraphic(Icons.of("mdi2v-view-split-horizontal", 16));
        partitions
                .textProperty()
                .bind(Bindings.createStringBinding(
                        () -> vm.tableProperty().get() == null
                                ? "Partitions"
                                : "Partitions · " + vm.tableProperty().get(),
                        vm.tableProperty()));
        Tab params = new Tab("Model parameters", new ParamsPane(vm.params()));
        params.setId("paramsTab");
        params.setGraphic(Icons.of("mdi2t-tune-variant", 16));
        TabPane tabs = new TabPane(partitions, params);
        tabs.setId("labTabs");
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        tabs.getStyleClass().add("lab-tabs");
        return tabs;
    }

    private Node partitionsPane() {
        Label updated = new Label();
        updated.setId("labUpdated");
        updated.getStyleClass().add("caption");
        updated.textProperty().bind(vm.updatedProperty());
        CheckBox busyOnly = new CheckBox("Busy partitions only");
        busyOnly.setId("busyOnly");
        busyOnly.setTooltip(new Tooltip(
                "Hide partitions without load, heat or an isolated key (for tables with" + " hundreds of partitions)"));
        busyOnly.selectedProperty().bindBidirectional(vm.busyOnlyProperty());
        Button hottest = new Button("Go to the busiest partition", Icons.of("mdi2f-fire"));
        hottest.setId("goHottest");
        hottest.getStyleClass().addAll("small");
        hottest.setTooltip(new Tooltip("Select and scroll to the partition closest to its ceiling"));
        hottest.disableProperty().bind(vm.anyLoadProperty().not());
        hottest.setOnAction(e -> {
            int row = vm.hottestRow();
            if (row >= 0) {
                list.scrollTo(Math.max(0, row - 2));
                list.getSelectionModel().clearAndSelect(row);
                list.requestFocus();
            }
        });
        HBox toolbar = new HBox(16, updated, new Pane(), hottest, busyOnly);
        HBox.setHgrow(toolbar.getChildren().get(1), Priority.ALWAYS);
        toolbar.setAlignment(Pos.CENTER_LEFT);

        // A new shape (a split, busy-only, another table) replaces the slots: keep the selection by row key. The
        // first listener runs before the list's selection model reacts to the change, the second one after it.
        List<String> kept = new ArrayList<>();
        boolean[] replacing = {false};
        vm.rows().addListener((javafx.collections.ListChangeListener<LabRow.Slot>) c -> replacing[0] = true);
        list.setItems(vm.rows());
        vm.rows().addListener((javafx.collections.ListChangeListener<LabRow.Slot>) c -> {
            reselect(kept);
            replacing[0] = false;
        });
        list.getSelectionModel().getSelectedItems().addListener((javafx.collections.ListChangeListener<LabRow.Slot>)
                c -> {
                    if (!replacing[0]) {
                        kept.clear();
                        list.getSelectionModel()
                                .getSelectedItems()
                                .forEach(slot -> kept.add(slot.get().key()));
                    }
                });
        list.setId("partitionList");
        list.getStyleClass().add("partition-list");
        list.setCellFactory(l -> new PartitionCell());
        list.getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
        list.setPlaceholder(new Label("No partitions to show"));
        MenuItem copyRows = new MenuItem("Copy selected rows", Icons.of("mdi2c-content-copy"));
        copyRows.setAccelerator(new KeyCodeCombination(KeyCode.C, KeyCombination.SHORTCUT_DOWN));
        copyRows.setOnAction(e -> copySelected());
        MenuItem copyAll = new MenuItem("Copy all rows");
        copyAll.setOnAction(
                e -> Fx.copy(vm.currentRows().stream().map(LabRow::asText).collect(Collectors.joining("\n"))));
        list.setContextMenu(new ContextMenu(copyRows, copyAll));
        list.setOnKeyPressed(e -> {
            if (e.isShortcutDown() && e.getCode() == KeyCode.C) {
                copySelected();
                e.consume();
            }
        });
        VBox.setVgrow(list, Priority.ALWAYS);
        VBox listBox = new VBox(PartitionCell.header(), list);
        listBox.getStyleClass().add("partition-box");
        VBox.setVgrow(listBox, Priority.ALWAYS);

        tableData.getChildren().addAll(throttles, refreshProblem, listBox);
        VBox.setVgrow(tableData, Priority.ALWAYS);
        tableEmpty.setId("labTableEmpty");
        StackPane stack = new StackPane(tableData, tableEmpty);
        VBox.setVgrow(stack, Priority.ALWAYS);
        vm.refreshProblemProperty()
                .addListener((obs, old, now) -> refreshProblem.show(
                        now == null
                                ? null
                                : UserMessage.of(
                                        "The Lab screen could not refresh",
                                        now,
                                        "Press F5 or reopen the screen; if it " + "persists, restart the app."),
                        MessageBox.Kind.WARNING));

        VBox pane = new VBox(10, toolbar, stack);
        pane.setPadding(new Insets(12, 20, 16, 20));
        pane.getStyleClass().add("partitions-pane");
        return pane;
    }

    private void reselect(List<String> keys) {
        if (keys.isEmpty()) {
            return;
        }
        list.getSelectionModel().clearSelection();
        for (int i = 0; i < vm.rows().size(); i++) {
            if (keys.contains(vm.rows().get(i).get().key())) {
                list.getSelectionModel().select(i);
            }
        }
    }

    private void copySelected() {
        List<LabRow.Slot> selected = new ArrayList<>(list.getSelectionModel().getSelectedItems());
        if (!selected.isEmpty()) {
            Fx.copy(selected.stream().map(slot -> slot.get().asText()).collect(Collectors.joining("\n")));
        }
    }

    // States

    private void showState() {
        LabViewModel.State s = vm.stateProperty().get();
        boolean ready = s == LabViewModel.State.READY;
        Fx.show(content, ready);
        Fx.show(screenEmptyHost, !ready);
        connectError.show(null, MessageBox.Kind.ERROR);
        switch (s) {
            case NOT_CONNECTED -> {
                Button connect = new Button("Connect to the Lab", Icons.of("mdi2f-flask-outline"));
                connect.setId("connectLab");
                connect.getStyleClass().add("accent");
                connect.setDefaultButton(false);
                connect.setOnAction(e -> vm.connectToLab());
                Button other = new Button("Other connections… (Ctrl+K)", Icons.of("mdi2l-lan-connect"));
                other.setOnAction(e -> actions.openConnectionDialog());
                Button open = new Button("Open recording… (Ctrl+O)", Icons.of("mdi2f-folder-open-outline"));
                open.setId("openRecordingEmpty");
                open.setOnAction(e -> recording.open());
                screenEmpty.set(
                        "mdi2f-flask-outline",
                        "The Lab is PartitionScope's own DynamoDB",
                        "It runs on this machine and throttles like the real service: partitions with their "
                                + "1,000 WCU/s and 3,000 RCU/s ceilings, burst, adaptive capacity and split for "
                                + "heat — with demo tables to try. Connect to it to watch its partitions, load and "
                                + "throttles live; your saved connections stay as they are. A LocalStack or other local"
                                + " connection can go through the Lab too (\"Meter and throttle through the Lab\" in"
                                + " the connection dialog), and its partitions then show here."
                                + (vm.endpointProperty().get().isEmpty()
                                        ? ""
                                        : " It is already running at "
                                                + vm.endpointProperty().get() + "."),
                        connect,
                        other,
                        open);
                UserMessage error = vm.labConnectError();
                if (error != null) {
                    connectError.show(error, MessageBox.Kind.ERROR);
                }
            }
            case STARTING -> {
                ProgressIndicator spinner = new ProgressIndicator();
                spinner.setPrefSize(28, 28);
                Button cancel = new Button("Cancel");
                cancel.setOnAction(e -> vm.main().cancelConnect());
                screenEmpty.set(
                        "mdi2f-flask-outline",
                        "Starting the Lab…",
                        "Creating the demo tables and " + "opening a local endpoint on 127.0.0.1. This takes a second.",
                        spinner,
                        cancel);
            }
            case NOT_RUNNING -> {
                Button start = new Button("Start the Lab", Icons.of("mdi2p-play"));
                start.setId("connectLab");
                start.getStyleClass().add("accent");
                start.setOnAction(e -> vm.connectToLab());
                screenEmpty.set(
                        "mdi2f-flask-empty-outline",
                        "The Lab is not running yet",
                        "It starts when you connect to it, on a free port of 127.0.0.1, with the demo tables.",
                        start);
            }
            case READY -> {}
        }
    }

    private void showTableState() {
        LabViewModel.TableState t = vm.tableStateProperty().get();
        boolean showing = t == LabViewModel.TableState.SHOWING;
        Fx.show(tableData, showing);
        Fx.show(tableEmpty, !showing);
        if (t == LabViewModel.TableState.NO_TABLE) {
            List<Node> buttons = new ArrayList<>();
            for (String name : vm.labTables().stream().limit(5).toList()) {
                Button b = new Button(name, Icons.of("mdi2t-table"));
                b.setId("pick-" + PartitionCell.idPart(name));
                b.setOnAction(e -> vm.selectTable(name));
                buttons.add(b);
            }
            tableEmpty.set(
                    "mdi2t-table-search",
                    "Pick a table",
                    "Choose a table in the top bar (Ctrl+T) to see its partitions and GSIs: key ranges, load against"
                            + " the ceilings, tokens and heat, refreshed every second.",
                    buttons.toArray(Node[]::new));
        } else if (t == LabViewModel.TableState.NO_MODEL) {
            Button pick = new Button("Choose another table (Ctrl+T)");
            pick.setOnAction(e -> vm.selectTable(null));
            tableEmpty.set(
                    "mdi2t-table-off",
                    "No partition model for " + vm.tableProperty().get(),
                    "The table no longer exists in the Lab (deleted by a client?), or the Lab runs without "
                            + "throttling. Refresh the table list with F5.",
                    pick);
        }
    }
}
