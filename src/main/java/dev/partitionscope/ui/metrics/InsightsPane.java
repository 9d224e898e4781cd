package dev.partitionscope.ui.metrics;

import dev.partitionscope.core.format.Units;
import dev.partitionscope.core.heat.KeyTimeMatrix;
import dev.partitionscope.core.heat.MatrixUnit;
import dev.partitionscope.core.heat.StreamKeyTotal;
import dev.partitionscope.core.heat.TopKey;
import dev.partitionscope.core.heat.TopKeys;
import dev.partitionscope.core.metrics.DataState;
import dev.partitionscope.core.metrics.DataStatus;
import dev.partitionscope.core.table.ContributorInsightsState;
import dev.partitionscope.core.table.ContributorInsightsState.Status;
import dev.partitionscope.ui.common.FileDialogs;
import dev.partitionscope.ui.common.FileExport;
import dev.partitionscope.ui.common.Fx;
import dev.partitionscope.ui.common.Icons;
import dev.partitionscope.ui.common.InsightsConfirm;
import dev.partitionscope.ui.common.MessageBox;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.ListChangeListener;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * Contributor Insights on the metrics screen: status and mode of the table and each GSI with enable/disable (a
 * guarded, billed write), and the top keys of the selected resource stitched from per-window reports, with their
 * share, peak as % of the per-key ceiling and throttles — copyable and exportable as CSV.
 */
final class InsightsPane extends VBox {
    static final FileDialogs.Type CSV = new FileDialogs.Type("CSV", "csv");

    private final MetricsViewModel vm;
    private final FileDialogs files;
    private final TableView<ContributorInsightsState> status = new TableView<>();
    private final TableView<TopKey> keys = new TableView<>();
    private final Label keysState = new Label();
    private final Label keysTitle = new Label("Top partition keys");
    private final TableView<StreamKeyTotal> streamKeys = new TableView<>();
    private final Label streamTitle = new Label("Top partition keys · from the stream");
    private final Label streamState = new Label();
    private final ProgressBar progress = new ProgressBar();
    private final ComboBox<String> mode = new ComboBox<>();
    private final Button enable = new Button("Enable…", Icons.of("mdi2p-play-circle-outline"));
    private final Button disable = new Button("Disable…", Icons.of("mdi2s-stop-circle-outline"));
    private final Button copy = new Button(null, Icons.of("mdi2c-content-copy"));
    private final Button export = new Button("CSV…", Icons.of("mdi2f-file-delimited-outline"));
    private final Label error = new Label();
    /** How the last CSV export went (saved where, or why not); the error label above is the ViewModel's. */
    private final MessageBox saveMessage = new MessageBox();

    private final FileExport fileExport;

    InsightsPane(MetricsViewModel vm, FileDialogs files, FileExport fileExport) {
        this.vm = vm;
        this.files = files;
        this.fileExport = fileExport;
        saveMessage.setId("topKeysSaveMessage");
        getStyleClass().add("insights-pane");
        setSpacing(8);
        Label title = new Label("Contributor Insights", Icons.of("mdi2a-account-search-outline", 18));
        title.getStyleClass().add("card-title");
        buildStatus();
        buildKeys();
        progress.setId("insightsProgress");
        progress.setMaxWidth(Double.MAX_VALUE);
        progress.progressProperty().bind(vm.insightsProgressProperty());
        Fx.bindShown(progress, vm.insightsLoadingProperty().or(vm.sortKeysLoadingProperty()));
        error.getStyleClass().add("danger-text");
        error.setWrapText(true);
        error.textProperty()
                .bind(Bindings.createStringBinding(
                        () -> vm.insightsErrorProperty().get() == null
                                ? ""
                                : vm.insightsErrorProperty().get().headline() + " — "
                                        + vm.insightsErrorProperty().get().detail() + " "
                                        + vm.insightsErrorProperty().get().hint(),
                        vm.insightsErrorProperty()));
        Fx.bindShown(error, vm.insightsErrorProperty().isNotNull());
        copy.setMinWidth(Button.USE_PREF_SIZE);
        export.setMinWidth(Button.USE_PREF_SIZE);
        keysTitle.setMinWidth(0);
        HBox.setHgrow(keysTitle, Priority.ALWAYS);
        keysTitle.setMaxWidth(Double.MAX_VALUE);
        javafx.scene.control.ToggleButton pkOnly = new javafx.scene.control.ToggleButton("PK");
        javafx.scene.control.ToggleButton withSk = new javafx.scene.control.ToggleButton("PK + SK");
        pkOnly.setId("topKeysPartition");
        withSk.setId("topKeysSortKey");
        pkOnly.setTooltip(new Tooltip("Partition keys (rules PKC, PKT)"));
        withSk.setTooltip(new Tooltip("Partition + sort key pairs (rules SKC, SKT): which items inside a key are hot"));
        javafx.scene.control.ToggleGroup level = new javafx.scene.control.ToggleGroup();
        pkOnly.setToggleGroup(level);
        withSk.setToggleGroup(level);
        pkOnly.setSelected(true);
        level.selectedToggleProperty().addListener((obs, old, now) -> {
            if (now == null) {
                old.setSelected(true);
            } else {
                vm.sortKeyLevelProperty().set(now == withSk);
            }
        });
        HBox levels = new HBox(pkOnly, withSk);
        levels.getStyleClass().add("segmented");
        pkOnly.getStyleClass().add(atlantafx.base.theme.Styles.LEFT_PILL);
        withSk.getStyleClass().add(atlantafx.base.theme.Styles.RIGHT_PILL);
        levels.setMinWidth(HBox.USE_PREF_SIZE);
        HBox keyBar = new HBox(8, keysTitle, levels, copy, export);
        keyBar.setAlignment(Pos.CENTER_LEFT);
        keysTitle.getStyleClass().add("subsection-title");
        VBox.setVgrow(keys, Priority.ALWAYS);
        buildStreamKeys();
        VBox insightsBox = new VBox(8, keyBar, saveMessage, keysState, keys);
        VBox.setVgrow(keys, Priority.ALWAYS);
        VBox streamBox = new VBox(8, streamTitle, streamState, streamKeys);
        streamBox.setId("streamKeysBox");
        Fx.bindShown(
                insightsBox,
                Bindings.createBooleanBinding(
                        () -> vm.heatSourceProperty().get().readsInsights(), vm.heatSourceProperty()));
        Fx.bindShown(
                streamBox,
                Bindings.createBooleanBinding(
                        () -> vm.heatSourceProperty().get().readsStream(), vm.heatSourceProperty()));
        getChildren().addAll(title, status, actions(), error, progress, insightsBox, streamBox);
    }

    /** The stream's busiest keys by writes, with their write units and busiest second (units in the headers). */
    private void buildStreamKeys() {
        streamTitle.getStyleClass().add("subsection-title");
        streamTitle.setId("streamKeysTitle");
        streamKeys.setId("streamKeys");
        streamKeys.setItems(vm.streamKeys());
        streamKeys
                .getColumns()
                .setAll(List.of(
                        column("Key", StreamKeyTotal::partitionKey, 150),
                        column("Writes", k -> Units.count(k.writes()), 90),
                        column("WCU", k -> units(k.writeUnits()), 90),
                        column("Peak WCU/s", k -> units(k.peakWriteUnitsPerSecond()), 100)));
        headerTip(
                streamKeys.getColumns().get(1),
                "Writes: the key's stream records (INSERT, MODIFY and REMOVE) in the window — every successful write.");
        headerTip(
                streamKeys.getColumns().get(2),
                "Write capacity units over the window, from the records' item images (the larger of old and new,"
                        + " per started KB); — when the stream is KEYS_ONLY (no images to size).");
        headerTip(
                streamKeys.getColumns().get(3),
                "The key's busiest second in write capacity units per second; one partition serves at most 1,000"
                        + " WCU/s.");
        streamKeys.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        streamKeys.setPrefHeight(330);
        streamKeys.setMinHeight(160);
        streamState.setId("streamKeysState");
        streamState.setWrapText(true);
        streamState.getStyleClass().add("data-state");
        Runnable update = this::updateStreamState;
        vm.streamStatusProperty().addListener((obs, old, now) -> update.run());
        vm.streamLoadingProperty().addListener((obs, old, now) -> update.run());
        vm.streamsProperty().addListener((obs, old, now) -> update.run());
        update.run();
    }

    private void updateStreamState() {
        DataStatus s = vm.streamStatusProperty().get();
        var r = vm.streamsProperty().get();
        streamState.getStyleClass().removeAll(DataStateStyles.ALL);
        if (s == null) {
            boolean reading = vm.streamLoadingProperty().get();
            streamState.setText(
                    reading ? "Reading the stream… " + dev.partitionscope.ui.common.StreamTexts.RATE_NOTE : "");
            streamKeys.setPlaceholder(new Label(reading ? "Reading the stream…" : "No keys yet."));
            return;
        }
        streamState.getStyleClass().add(DataStateStyles.of(s.state()));
        streamState.setText(
                r != null && r.heat() != null
                        ? dev.partitionscope.ui.common.StreamTexts.source(r)
                                + (r.keysOnly() ? " · KEYS_ONLY stream: no images to size, writes only" : "")
                        : s.message());
        streamState.setTooltip(new Tooltip(dev.partitionscope.ui.common.StreamTexts.RATE_NOTE));
        Label text = new Label(s.state().hasValues() ? "No writes in this window" : s.message());
        text.setWrapText(true);
        text.setMaxWidth(380);
        text.getStyleClass().add("muted");
        streamKeys.setPlaceholder(text);
    }

    private static String units(double v) {
        if (Double.isNaN(v)) {
            return "—";
        }
        return v >= 100 || v == Math.rint(v) ? Units.count(Math.round(v)) : String.format(Locale.ROOT, "%.1f", v);
    }

    private void buildStatus() {
        status.setId("insightsStatus");
        status.setItems(vm.insights());
        status.setPlaceholder(new Label("Status appears once the table's metrics are read."));
        status.getColumns()
                .setAll(List.of(
                        column("Resource", ContributorInsightsState::resourceLabel, 200),
                        column(
                                "Status",
                                s -> s.describe()
                                        + (s.rules().isEmpty()
                                                ? ""
                                                : " · " + s.rules().size() + " rule"
                                                        + (s.rules().size() == 1 ? "" : "s")),
                                280)));
        status.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        status.setFixedCellSize(30);
        Runnable fit = () -> {
            double h = 42 + 30 * Math.max(1, status.getItems().size());
            status.setPrefHeight(h);
            status.setMinHeight(h);
            status.setMaxHeight(h);
        };
        status.getItems().addListener((ListChangeListener<ContributorInsightsState>) c -> fit.run());
        fit.run();
    }

    private VBox actions() {
        mode.getItems().setAll("ACCESSED_AND_THROTTLED_KEYS", "THROTTLED_KEYS");
        mode.setValue("ACCESSED_AND_THROTTLED_KEYS");
        mode.setTooltip(new Tooltip("Accessed and throttled keys (4 rules: PKC, PKT, SKC, SKT) or throttled keys only"
                + " (PKT, SKT: cheaper, but no heat for keys that did not throttle)"));
        enable.setId("insightsEnable");
        disable.setId("insightsDisable");
        enable.setOnAction(e -> confirm(true));
        disable.setOnAction(e -> confirm(false));
        Runnable update = () -> {
            ContributorInsightsState t = target();
            enable.setDisable(t == null
                    || !(t.status() == Status.DISABLED || t.status() == Status.FAILED || t.status() == Status.ENABLED));
            enable.setText(t != null && t.status() == Status.ENABLED ? "Switch mode…" : "Enable…");
            disable.setDisable(t == null || !(t.status() == Status.ENABLED || t.status() == Status.FAILED));
        };
        status.getSelectionModel().selectedItemProperty().addListener((obs, old, now) -> update.run());
        vm.insights().addListener((ListChangeListener<ContributorInsightsState>) c -> update.run());
        update.run();
        Label cost = new Label("Enabling, switching mode and disabling are writes (unlock them on AWS). Rules, matched"
                + " events and reports are billed by CloudWatch.");
        cost.getStyleClass().add("caption");
        cost.setWrapText(true);
        mode.setConverter(new javafx.util.StringConverter<>() {
            @Override
            public String toString(String m) {
                return "THROTTLED_KEYS".equals(m) ? "Throttled keys only" : "Accessed + throttled";
            }

            @Override
            public String fromString(String text) {
                return text;
            }
        });
        Label modeLabel = new Label("Mode");
        modeLabel.setMinWidth(Label.USE_PREF_SIZE);
        enable.setMinWidth(Button.USE_PREF_SIZE);
        disable.setMinWidth(Button.USE_PREF_SIZE);
        mode.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(mode, Priority.ALWAYS);
        HBox row = new HBox(8, modeLabel, mode, enable, disable);
        row.setAlignment(Pos.CENTER_LEFT);
        return new VBox(4, row, cost);
    }

    private ContributorInsightsState target() {
        ContributorInsightsState s = status.getSelectionModel().getSelectedItem();
        return s != null ? s : vm.insights().isEmpty() ? null : vm.insights().get(0);
    }

    private void confirm(boolean on) {
        ContributorInsightsState t = target();
        if (t != null && InsightsConfirm.ask(getScene().getWindow(), t, on, mode.getValue())) {
            vm.setContributorInsights(t, on, mode.getValue());
        }
    }

    private void buildKeys() {
        keys.setId("topKeys");
        keys.setItems(vm.topKeys());
        keys.getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
        keys.setPlaceholder(new Label("No keys yet."));
        keys.getColumns()
                .setAll(List.of(
                        column("Key", t -> t.key().label(), 128),
                        column("Share", t -> percent(t.share() * 100), 68),
                        column("Peak/min", t -> Units.count(Math.round(t.peakPerMinute())), 92),
                        column("% ceiling", t -> percent(t.peakPercentOfCeiling()), 92),
                        column("Throttles", t -> Units.count(t.throttles()), 92)));
        keys.getColumns().get(3).setId("ceilingColumn");
        headerTip(
                keys.getColumns().get(1),
                "Share of the resource's consumed throughput units (3 × WCU + RCU) over"
                        + " the range, the \"other keys\" row included.");
        headerTip(
                keys.getColumns().get(2),
                "Peak consumed throughput units (3 × WCU + RCU) per minute: the busiest"
                        + " bucket; with buckets longer than a minute (ranges over a day), its average minute.");
        headerTip(
                keys.getColumns().get(3),
                "Peak per-minute units as a share of one key's ceiling: 180,000 units per"
                        + " minute = 1,000 WCU/s or 3,000 RCU/s for the whole minute. Over 100 % means throttling.");
        headerTip(keys.getColumns().get(4), "Throttled requests of this key (the PKT rule: most throttled keys).");
        keys.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        keys.setPrefHeight(330);
        keys.setMinHeight(160);
        keys.setOnKeyPressed(e -> {
            if (new KeyCodeCombination(KeyCode.C, KeyCombination.SHORTCUT_DOWN).match(e)) {
                copySelected();
            }
        });
        copy.setId("topKeysCopy");
        export.setId("topKeysExport");
        copy.setTooltip(new Tooltip("Copy the selected keys (all when none is selected) as CSV (Ctrl+C)"));
        export.setTooltip(new Tooltip("Export the top keys as a CSV file"));
        copy.setOnAction(e -> copySelected());
        export.setOnAction(e -> exportCsv());
        copy.disableProperty().bind(Bindings.isEmpty(vm.topKeys()));
        export.disableProperty().bind(Bindings.isEmpty(vm.topKeys()));
        keysState.setId("topKeysState");
        keysState.setWrapText(true);
        keysState.getStyleClass().add("data-state");
        Runnable state = this::updateState;
        vm.heatStatusProperty().addListener((obs, old, now) -> state.run());
        vm.heatProperty().addListener((obs, old, now) -> state.run());
        vm.resourceProperty().addListener((obs, old, now) -> state.run());
        vm.sortKeyLevelProperty().addListener((obs, old, now) -> state.run());
        vm.sortKeysLoadingProperty().addListener((obs, old, now) -> state.run());
        vm.topKeys().addListener((ListChangeListener<TopKey>) c -> state.run());
        state.run();
    }

    private void updateState() {
        DataStatus s = vm.heatStatusProperty().get();
        KeyTimeMatrix m = vm.heatProperty().get();
        String resource = vm.resourceProperty().get() == null
                ? ""
                : " · " + vm.resourceProperty().get().label();
        keysTitle.setText((vm.sortKeyLevelProperty().get() ? "Top key pairs" : "Top partition keys") + resource);
        keysState.getStyleClass().removeAll(DataStateStyles.ALL);
        if (s == null) {
            boolean reading = vm.insightsLoadingProperty().get()
                    || vm.sortKeysLoadingProperty().get();
            keysState.setText(reading ? "Reading reports…" : "");
            Fx.show(keysState, reading);
            keys.setPlaceholder(new Label(reading ? "Reading Contributor Insights reports…" : "No keys yet."));
            return;
        }
        keysState.getStyleClass().add(DataStateStyles.of(s.state()));
        String text = s.state() == DataState.DATA
                ? "Hourly Contributor Insights reports (each ranks ≤ 25 keys)"
                        + " stitched into " + (m == null ? "?" : Units.count(m.columns())) + " buckets of "
                        + (m == null ? "?" : dev.partitionscope.core.metrics.MetricPeriod.label(m.bucketSeconds()))
                        + "; share includes the \"other keys\" row."
                : s.message();
        keysState.setText(text);
        // An empty table's placeholder already says it (with the next step); the line is for data with caveats.
        Fx.show(keysState, !vm.topKeys().isEmpty());
        keys.setPlaceholder(placeholder(s));
    }

    /** What the empty top-keys table says, with the next step where there is one. */
    private javafx.scene.Node placeholder(DataStatus s) {
        Label text = new Label(s.state() == DataState.DATA ? "No keys." : s.message());
        text.setWrapText(true);
        text.setMaxWidth(380);
        text.getStyleClass().add("muted");
        VBox box = new VBox(10, text);
        box.setAlignment(Pos.CENTER);
        if (s.state() == DataState.NOT_ENABLED && !vm.insights().isEmpty()) {
            Button on = new Button("Enable Contributor Insights…", Icons.of("mdi2p-play-circle-outline"));
            on.setId("topKeysEnable");
            on.setOnAction(e -> confirm(true));
            box.getChildren().add(on);
        }
        if (s.state() == DataState.RULE_MISSING) {
            // The status this screen read named a rule CloudWatch no longer has: read the status again.
            Button again = new Button("Refresh the status and reload", Icons.of("mdi2r-refresh"));
            again.setId("topKeysRefreshStatus");
            again.setOnAction(e -> vm.reload());
            box.getChildren().add(again);
        }
        return box;
    }

    private String csvOf(List<TopKey> list) {
        return TopKeys.csv(list, MatrixUnit.CONSUMED_UNITS_PER_MINUTE);
    }

    private void copySelected() {
        List<TopKey> selected = List.copyOf(keys.getSelectionModel().getSelectedItems());
        Fx.copy(csvOf(selected.isEmpty() ? List.copyOf(vm.topKeys()) : selected));
    }

    private void exportCsv() {
        String name = "top-keys-"
                + (vm.resourceProperty().get() == null
                        ? "table"
                        : vm.resourceProperty().get().table()
                                + (vm.resourceProperty().get().index() == null
                                        ? ""
                                        : "-" + vm.resourceProperty().get().index()))
                + ".csv";
        files.saveFile(getScene().getWindow(), "Export top keys", name, CSV)
                .ifPresent(
                        path -> fileExport.save(path, FileExport.text(csvOf(List.copyOf(vm.topKeys()))), saveMessage));
    }

    /** A column header with a tooltip, so every figure's unit is one hover away. */
    private static void headerTip(TableColumn<?, ?> column, String tip) {
        Label header = new Label(column.getText());
        header.setTooltip(new Tooltip(tip));
        column.setText(null);
        column.setGraphic(header);
    }

    static String percent(double p) {
        if (Double.isNaN(p)) {
            return "—";
        }
        return String.format(Locale.ROOT, p >= 10 ? "%.0f %%" : "%.1f %%", p);
    }

    private static <S> TableColumn<S, String> column(String title, Function<S, String> value, double width) {
        TableColumn<S, String> c = new TableColumn<>(title);
        c.setCellValueFactory(cell -> new ReadOnlyObjectWrapper<>(value.apply(cell.getValue())));
        c.setPrefWidth(width);
        c.setCellFactory(col -> new javafx.scene.control.TableCell<>() {
            @Override
            protected void updateItem(String item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty ? null : item);
                setTooltip(empty || item == null ? null : new Tooltip(item));
            }
        });
        return c;
    }
}
