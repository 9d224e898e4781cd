package dev.partitionscope.ui.overview;

import atlantafx.base.controls.CustomTextField;
import dev.partitionscope.aws.Connection;
import dev.partitionscope.aws.ConnectionKind;
import dev.partitionscope.aws.UserMessage;
import dev.partitionscope.core.format.Units;
import dev.partitionscope.core.table.BillingMode;
import dev.partitionscope.core.table.ContributorInsightsState;
import dev.partitionscope.core.table.ContributorInsightsState.Status;
import dev.partitionscope.core.table.IndexShape;
import dev.partitionscope.core.table.KeyAttribute;
import dev.partitionscope.core.table.TableShape;
import dev.partitionscope.core.table.TableSummary;
import dev.partitionscope.ui.common.EmptyState;
import dev.partitionscope.ui.common.Fx;
import dev.partitionscope.ui.common.Fxml;
import dev.partitionscope.ui.common.Icons;
import dev.partitionscope.ui.common.KeyValueGrid;
import dev.partitionscope.ui.common.MessageBox;
import dev.partitionscope.ui.session.Session;
import dev.partitionscope.ui.session.ShellActions;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.value.ObservableValue;
import javafx.fxml.FXML;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.VBox;

/**
 * The table overview. Binds to {@link OverviewViewModel} and {@link Session}; holds no state of its own beyond
 * what the controls show.
 */
public final class OverviewView {
    private static final DateTimeFormatter CREATED = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm");

    private final OverviewViewModel vm;
    private final Session main;
    private final ShellActions actions;

    @FXML
    private SplitPane root;

    @FXML
    private Label tableCount;

    @FXML
    private ProgressIndicator tablesSpinner;

    @FXML
    private CustomTextField filterField;

    @FXML
    private ListView<String> tableList;

    @FXML
    private VBox tablesMessageHost;

    @FXML
    private EmptyState tablesEmpty;

    @FXML
    private MessageBox tablesError;

    @FXML
    private ScrollPane detailScroll;

    @FXML
    private VBox detailMessageHost;

    @FXML
    private EmptyState detailEmpty;

    @FXML
    private MessageBox detailError;

    @FXML
    private Label tableName;

    @FXML
    private Label tableStatus;

    @FXML
    private ProgressIndicator shapeSpinner;

    @FXML
    private Label tableArn;

    @FXML
    private Button copyCli;

    @FXML
    private Button copySummary;

    @FXML
    private Label keysTitle;

    @FXML
    private Label capacityTitle;

    @FXML
    private Label settingsTitle;

    @FXML
    private Label insightsTitle;

    @FXML
    private Label indexesTitle;

    @FXML
    private KeyValueGrid keysGrid;

    @FXML
    private KeyValueGrid capacityGrid;

    @FXML
    private KeyValueGrid settingsGrid;

    @FXML
    private TableView<ContributorInsightsState> insightsTable;

    @FXML
    private ProgressIndicator insightsSpinner;

    @FXML
    private MenuButton enableInsights;

    @FXML
    private Button disableInsights;

    @FXML
    private Button refreshInsights;

    @FXML
    private Label insightsProgress;

    @FXML
    private Label insightsCaption;

    @FXML
    private MessageBox insightsError;

    @FXML
    private Label indexCount;

    @FXML
    private TableView<IndexShape> indexTable;

    public OverviewView(OverviewViewModel vm, ShellActions actions) {
        this.vm = vm;
        this.main = vm.main();
        this.actions = actions;
        Fxml.load("/dev/partitionscope/ui/overview/Overview.fxml", this);
    }

    @FXML
    private void initialize() {
        keysTitle.setGraphic(Icons.of("mdi2k-key-variant", 18));
        capacityTitle.setGraphic(Icons.of("mdi2s-speedometer", 18));
        settingsTitle.setGraphic(Icons.of("mdi2d-database-outline", 18));
        insightsTitle.setGraphic(Icons.of("mdi2a-account-search-outline", 18));
        indexesTitle.setGraphic(Icons.of("mdi2f-file-tree-outline", 18));
        copyCli.setGraphic(Icons.of("mdi2c-console"));
        copySummary.setGraphic(Icons.of("mdi2l-language-markdown-outline"));
        refreshInsights.setGraphic(Icons.of("mdi2r-refresh"));
        filterField.setLeft(Icons.of("mdi2m-magnify"));
        bindTableList();
        bindDetail();
        buildIndexTable();
        buildInsights();
        root.getProperties().put("overview", this);
        root.sceneProperty().addListener((obs, old, scene) -> {
            if (scene != null) {
                scene.getAccelerators()
                        .put(
                                new KeyCodeCombination(
                                        KeyCode.C, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN),
                                this::copyCliCommand);
            }
        });
    }

    // Table list

    private void bindTableList() {
        filterField.textProperty().bindBidirectional(vm.filterProperty());
        tableList.setItems(vm.filteredTables());
        tableCount
                .textProperty()
                .bind(Bindings.createStringBinding(
                        () -> {
                            int all = main.tables().size();
                            int shown = vm.filteredTables().size();
                            return shown == all ? Units.count(all) : shown + " of " + all;
                        },
                        main.tables(),
                        vm.filteredTables()));
        Fx.bindShown(tablesSpinner, main.tablesLoadingProperty());
        // List → selection; selection → list (the top bar's selector edits the same property).
        tableList.getSelectionModel().selectedItemProperty().addListener((obs, old, now) -> {
            if (now != null) {
                main.selectedTableProperty().set(now);
            }
        });
        main.selectedTableProperty().addListener((obs, old, now) -> syncListSelection(now));
        vm.filteredTables().addListener((javafx.collections.ListChangeListener<String>)
                c -> syncListSelection(main.selectedTableProperty().get()));
        vm.tablesPaneStateBinding().addListener((obs, old, now) -> showTablesState(now));
        main.tablesErrorProperty()
                .addListener((obs, old, now) ->
                        showTablesState(vm.tablesPaneStateBinding().get()));
        showTablesState(vm.tablesPaneStateBinding().get());
    }

    private void syncListSelection(String table) {
        if (table == null) {
            tableList.getSelectionModel().clearSelection();
        } else if (!table.equals(tableList.getSelectionModel().getSelectedItem())) {
            tableList.getSelectionModel().select(table);
            tableList.scrollTo(table);
        }
    }

    private void showTablesState(TablesPaneState state) {
        boolean listVisible = state == TablesPaneState.READY
                || (state == TablesPaneState.LOADING && !main.tables().isEmpty());
        tableList.setVisible(listVisible);
        Fx.show(tablesMessageHost, !listVisible);
        tablesError.show(null);
        Fx.show(tablesEmpty, true);
        switch (state) {
            case NOT_CONNECTED ->
                tablesEmpty
                        .compact()
                        .set(
                                "mdi2l-lan-disconnect",
                                "Not connected",
                                "Connect to AWS, LocalStack or a local endpoint to list its tables.",
                                connectButton());
            case CONNECT_FAILED -> {
                Fx.show(tablesEmpty, false);
                Button retry = new Button("Retry", Icons.of("mdi2r-refresh"));
                retry.setId("retryConnect");
                retry.setOnAction(e -> main.retryConnect());
                tablesError.show(main.connectErrorProperty().get(), retry, connectButton());
            }
            case CONNECTING ->
                tablesEmpty
                        .compact()
                        .set(
                                "mdi2l-lan-pending",
                                "Connecting…",
                                "Checking the endpoint and credentials. Cancel from the status bar.");
            case LOADING ->
                tablesEmpty
                        .compact()
                        .set(
                                "mdi2t-table-clock",
                                "Loading tables…",
                                "Tables appear as each page of ListTables arrives.");
            case ERROR -> {
                Fx.show(tablesEmpty, false);
                Button retry = new Button("Retry", Icons.of("mdi2r-refresh"));
                retry.setOnAction(e -> main.refresh());
                tablesError.show(main.tablesErrorProperty().get(), retry);
            }
            case EMPTY ->
                tablesEmpty.compact().set("mdi2t-table-off", "No tables here", emptyTablesText(), connectButton());
            case NO_MATCH -> {
                Button clear = new Button("Clear filter");
                clear.setOnAction(e -> vm.filterProperty().set(""));
                tablesEmpty
                        .compact()
                        .set(
                                "mdi2f-filter-remove-outline",
                                "No table matches “" + vm.filterProperty().get().trim() + "”",
                                "The filter matches any part of a table name, ignoring case.",
                                clear);
            }
            case READY -> {}
        }
    }

    private String emptyTablesText() {
        Connection c = main.getConnection();
        if (c == null) {
            return "";
        }
        if (c.spec().kind() == ConnectionKind.AWS) {
            return "There are no tables in " + c.region() + " for this account. Tables are regional: if you expected"
                    + " some, connect again with another region.";
        }
        return "This endpoint has no tables for access key '" + c.spec().accessKeyId() + "' in " + c.region()
                + ". DynamoDB Local keeps one database per access key and region: if your tables are gone, check"
                + " both in the connection.";
    }

    private Button connectButton() {
        Button b = new Button("Connect… (Ctrl+K)", Icons.of("mdi2p-power-plug-outline"));
        b.setOnAction(e -> actions.openConnectionDialog());
        return b;
    }

    // Detail

    private void bindDetail() {
        Fx.bindShown(shapeSpinner, main.shapeLoadingProperty());
        main.tableShapeProperty().addListener((obs, old, now) -> showDetail());
        main.shapeLoadingProperty().addListener((obs, old, now) -> showDetail());
        main.shapeErrorProperty().addListener((obs, old, now) -> showDetail());
        main.selectedTableProperty().addListener((obs, old, now) -> showDetail());
        main.connectionProperty().addListener((obs, old, now) -> showDetail());
        main.connectingSpecProperty().addListener((obs, old, now) -> showDetail());
        copyCli.setOnAction(e -> copyCliCommand());
        copySummary.setOnAction(e -> {
            TableShape shape = main.tableShapeProperty().get();
            if (shape != null) {
                Fx.copy(TableSummary.markdown(shape, vm.insights()));
            }
        });
        showDetail();
    }

    private void copyCliCommand() {
        String command = vm.describeTableCommand();
        if (!command.isEmpty()) {
            Fx.copy(command);
        }
    }

    private void showDetail() {
        TableShape shape = main.tableShapeProperty().get();
        UserMessage error = main.shapeErrorProperty().get();
        String selected = main.selectedTableProperty().get();
        boolean showShape = shape != null && error == null;
        detailScroll.setVisible(showShape);
        Fx.show(detailMessageHost, !showShape);
        detailError.show(null);
        Fx.show(detailEmpty, true);
        if (main.getConnection() == null && main.connectingSpecProperty().get() != null) {
            detailEmpty.set(
                    "mdi2l-lan-pending",
                    "Connecting to " + main.connectingSpecProperty().get().name() + "…",
                    "Checking the endpoint and the credentials with one ListTables call.");
        } else if (main.getConnection() == null) {
            detailEmpty.set(
                    "mdi2d-database-search-outline",
                    "See a table's keys, indexes and capacity",
                    "Connect to an endpoint, then pick a table. Every connection except the Lab is read-only until"
                            + " you unlock writes for a table.",
                    connectButton());
        } else if (error != null) {
            Fx.show(detailEmpty, false);
            Button retry = new Button("Retry", Icons.of("mdi2r-refresh"));
            retry.setOnAction(e -> main.reloadSelectedTable());
            detailError.show(error, retry);
        } else if (selected == null) {
            detailEmpty.set(
                    "mdi2t-table-search",
                    "Pick a table",
                    "Choose a table from the list on the left or the Table selector above (Ctrl+T).");
        } else if (shape == null) {
            detailEmpty.set("mdi2t-table-clock", "Describing " + selected + "…", "Reading DescribeTable.");
        } else {
            fill(shape);
        }
    }

    private void fill(TableShape t) {
        tableName.setText(t.name());
        tableStatus.setText(t.status());
        tableStatus.getStyleClass().removeAll("good", "warn", "bad");
        tableStatus.getStyleClass().add("ACTIVE".equals(t.status()) ? "good" : "warn");
        tableArn.setText(t.arn() == null ? "" : t.arn());

        keysGrid.clear();
        keysGrid.add(
                        "Partition key",
                        t.keySchema().partitionKey().name() + "  ·  "
                                + t.keySchema().partitionKey().type().label())
                .getStyleClass()
                .add("strong");
        keysGrid.add(
                        "Sort key",
                        t.keySchema()
                                .sort()
                                .map(k -> k.name() + "  ·  " + k.type().label())
                                .orElse("none (simple primary key)"))
                .getStyleClass()
                .add("strong");
        String attributes = t.attributeTypes().entrySet().stream()
                .map(e -> e.getKey() + " (" + e.getValue().name() + ")")
                .sorted()
                .collect(Collectors.joining(", "));
        keysGrid.addExplained(
                "Key attributes",
                attributes,
                "All attributes used as a key of the table or an index, with"
                        + " their declared types (AttributeDefinitions).");

        capacityGrid.clear();
        capacityGrid
                .add("Billing mode", t.billingMode().label())
                .getStyleClass()
                .add("strong");
        if (t.billingMode() == BillingMode.PROVISIONED && t.provisioned() != null) {
            capacityGrid.add("Read capacity", Units.perSecond(t.provisioned().readUnitsPerSecond(), "RCU"));
            capacityGrid.add("Write capacity", Units.perSecond(t.provisioned().writeUnitsPerSecond(), "WCU"));
        } else {
            capacityGrid.add(
                    "On-demand maximum",
                    TableSummary.capacity(t.billingMode(), t.provisioned(), t.onDemandMaximum())
                            .replaceFirst("^on-demand, ", ""));
        }
        capacityGrid.add(
                "Warm throughput",
                t.warmThroughput() == null ? "not reported by this endpoint" : TableSummary.warm(t.warmThroughput()));
        if (t.stream().enabled()) {
            Label partitions = capacityGrid.addExplained(
                    "Partitions",
                    vm.partitionsTextProperty().get(),
                    dev.partitionscope.ui.common.StreamTexts.PARTITIONS_CAVEAT);
            partitions.setId("overviewStreamPartitions");
            partitions.textProperty().bind(vm.partitionsTextProperty());
        }
        capacityGrid
                .addExplained(
                        "Per partition",
                        "3,000 RCU/s · 1,000 WCU/s",
                        "DynamoDB's ceiling for one partition — and for one partition key value, however much capacity the"
                                + " table has. A single hot key throttles at this ceiling.")
                .getStyleClass()
                .add("muted");

        settingsGrid.clear();
        settingsGrid.addExplained(
                "Item count",
                Units.count(t.itemCount()) + " items  (approximate)",
                "DynamoDB refreshes item count and size about every 6 hours.");
        settingsGrid.add("Table size", Units.bytes(t.sizeBytes()) + "  (approximate, refreshed about every 6 hours)");
        settingsGrid.add("Table class", t.tableClass());
        settingsGrid.add("Stream", t.stream().describe());
        settingsGrid.add("Deletion protection", t.deletionProtection() ? "On" : "Off");
        settingsGrid.add(
                "Created",
                t.createdAt() == null
                        ? "—"
                        : CREATED.withZone(
                                                main.timeRangeProperty().get().utc()
                                                        ? java.time.ZoneOffset.UTC
                                                        : ZoneId.systemDefault())
                                        .format(t.createdAt())
                                + (main.timeRangeProperty().get().utc() ? " UTC" : ""));

        List<IndexShape> all = new java.util.ArrayList<>(t.globalIndexes());
        all.addAll(t.localIndexes());
        indexTable.getItems().setAll(all);
        indexCount.setText(
                t.globalIndexes().size() + " GSI · " + t.localIndexes().size() + " LSI");
    }

    private void buildIndexTable() {
        indexTable.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_ALL_COLUMNS);
        indexTable.setPlaceholder(new Label("No secondary indexes on this table."));
        indexTable
                .getColumns()
                .setAll(List.of(
                        column("Name", IndexShape::name, 100),
                        column("Type", i -> i.kind().shortName(), 50),
                        column("Partition key", i -> attr(i.keySchema().partitionKey()), 110),
                        column(
                                "Sort key",
                                i -> i.keySchema()
                                        .sort()
                                        .map(OverviewView::attr)
                                        .orElse("—"),
                                110),
                        column("Projection", i -> i.projection().describe(), 120),
                        column("Status", i -> i.status() == null ? "—" : i.status(), 66),
                        column("Read", i -> indexCapacity(i, true), 100),
                        column("Write", i -> indexCapacity(i, false), 106),
                        column("Items ≈", i -> Units.count(i.itemCount()), 74),
                        column("Size ≈", i -> Units.bytes(i.sizeBytes()), 64)));
        // Short columns keep their width; names, keys and projection give way (their tooltips show all).
        indexTable.getColumns().stream().skip(5).forEach(c -> c.setMinWidth(c.getPrefWidth()));
        indexTable.getColumns().get(1).setMinWidth(50);
        indexTable.getColumns().stream()
                .limit(5)
                .filter(c -> c.getMinWidth() < 50)
                .forEach(c -> c.setMinWidth(70));
        fitRows(indexTable, 1);
        installCopy(
                indexTable,
                i -> String.join(
                        "\t",
                        i.name(),
                        i.kind().shortName(),
                        i.keySchema().describe(),
                        i.projection().describe(),
                        indexCapacity(i, true),
                        indexCapacity(i, false)));
    }

    /** One direction of a GSI's capacity: "100 RCU/s", "max 50/s" (on-demand), "table's" for an LSI. */
    private String indexCapacity(IndexShape i, boolean read) {
        if (i.kind() == IndexShape.Kind.LOCAL) {
            return "table's";
        }
        TableShape t = main.tableShapeProperty().get();
        if (t != null && t.billingMode() == BillingMode.PAY_PER_REQUEST) {
            var max = i.onDemandMaximum();
            long v = max == null ? -1 : read ? max.readUnitsPerSecond() : max.writeUnitsPerSecond();
            return v < 0 ? "on-demand" : "max " + Units.count(v) + "/s";
        }
        if (i.provisioned() == null) {
            return "—";
        }
        return read
                ? Units.perSecond(i.provisioned().readUnitsPerSecond(), "RCU")
                : Units.perSecond(i.provisioned().writeUnitsPerSecond(), "WCU");
    }

    private static String attr(KeyAttribute a) {
        return a.name() + " (" + a.type().name() + ")";
    }

    // Contributor Insights

    private void buildInsights() {
        insightsTable.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        insightsTable.setPlaceholder(new Label("Pick a table to read its Contributor Insights status."));
        insightsTable.setItems(vm.insights());
        TableColumn<ContributorInsightsState, String> status =
                column("Status", ContributorInsightsState::describe, 170);
        status.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(String item, boolean empty) {
                super.updateItem(item, empty);
                ContributorInsightsState s =
                        empty || getTableRow() == null ? null : getTableRow().getItem();
                if (s == null) {
                    setGraphic(null);
                    setText(null);
                    return;
                }
                Label chip = new Label(item);
                chip.getStyleClass()
                        .addAll(
                                "chip",
                                switch (s.status()) {
                                    case ENABLED -> "good";
                                    case ENABLING, DISABLING -> "warn";
                                    case FAILED, ACCESS_DENIED -> "bad";
                                    default -> "neutral";
                                });
                setGraphic(chip);
                setText(null);
            }
        });
        insightsTable
                .getColumns()
                .setAll(List.of(column("Resource", ContributorInsightsState::resourceLabel, 140), status));
        status.setMinWidth(220);
        fitRows(insightsTable, 1);
        installCopy(insightsTable, s -> s.resourceLabel() + "\t" + s.describe());
        Fx.bindShown(insightsSpinner, vm.insightsLoadingProperty());
        insightsProgress.textProperty().bind(vm.insightsProgressProperty());
        enableInsights.setGraphic(Icons.of("mdi2p-play-circle-outline"));
        disableInsights.setGraphic(Icons.of("mdi2s-stop-circle-outline"));
        MenuItem all = new MenuItem("Accessed and throttled keys (default)");
        all.setId("enableAccessedAndThrottled");
        all.setOnAction(e -> confirmInsights(true, "ACCESSED_AND_THROTTLED_KEYS"));
        MenuItem throttled = new MenuItem("Throttled keys only (cheaper)");
        throttled.setId("enableThrottledOnly");
        throttled.setOnAction(e -> confirmInsights(true, "THROTTLED_KEYS"));
        enableInsights.getItems().setAll(all, throttled);
        disableInsights.setOnAction(e -> confirmInsights(false, null));
        refreshInsights.setOnAction(e -> vm.reloadInsights());
        ObservableValue<ContributorInsightsState> selected = Bindings.createObjectBinding(
                this::insightsTarget, insightsTable.getSelectionModel().selectedItemProperty(), vm.insights());
        enableInsights
                .disableProperty()
                .bind(Bindings.createBooleanBinding(
                        () -> !canToggle(selected.getValue(), true), selected, vm.insightsLoadingProperty()));
        disableInsights
                .disableProperty()
                .bind(Bindings.createBooleanBinding(
                        () -> !canToggle(selected.getValue(), false), selected, vm.insightsLoadingProperty()));
        vm.insights().addListener((javafx.collections.ListChangeListener<ContributorInsightsState>)
                c -> updateInsightsCaption());
        main.readOnlyProperty().addListener((obs, old, now) -> updateInsightsCaption());
        vm.insightsErrorProperty().addListener((obs, old, now) -> showInsightsError(now));
        showInsightsError(null);
        updateInsightsCaption();
    }

    /** The row the buttons act on: the selected one, else the table's own row. */
    private ContributorInsightsState insightsTarget() {
        ContributorInsightsState s = insightsTable.getSelectionModel().getSelectedItem();
        if (s != null) {
            return s;
        }
        return vm.insights().isEmpty() ? null : vm.insights().get(0);
    }

    private boolean canToggle(ContributorInsightsState s, boolean enable) {
        if (s == null || vm.insightsLoadingProperty().get()) {
            return false;
        }
        return enable
                ? s.status() == Status.DISABLED || s.status() == Status.FAILED || s.status() == Status.ENABLED
                : s.status() == Status.ENABLED || s.status() == Status.FAILED;
    }

    private void confirmInsights(boolean enable, String mode) {
        ContributorInsightsState target = insightsTarget();
        if (target == null) {
            return;
        }
        if (dev.partitionscope.ui.common.InsightsConfirm.ask(root.getScene().getWindow(), target, enable, mode)) {
            vm.setContributorInsights(target, enable, mode);
        }
    }

    private void showInsightsError(UserMessage m) {
        if (m == null) {
            insightsError.show(null);
            return;
        }
        if (main.readOnlyProperty().get() && m.headline().startsWith("Writes are locked")) {
            Button unlock = new Button("Unlock writes…", Icons.of("mdi2l-lock-open-variant-outline"));
            unlock.setId("unlockFromInsights");
            unlock.setOnAction(e ->
                    actions.openUnlockWritesDialog(main.selectedTableProperty().get()));
            insightsError.show(m, MessageBox.Kind.WARNING, unlock);
        } else {
            insightsError.show(m);
        }
    }

    private void updateInsightsCaption() {
        boolean notSupported =
                !vm.insights().isEmpty() && vm.insights().stream().allMatch(s -> s.status() == Status.NOT_SUPPORTED);
        if (notSupported) {
            insightsCaption.setText("This endpoint does not implement Contributor Insights (DynamoDB Local, dynalite"
                    + " and LocalStack don't). The Lab does, offline.");
        } else if (main.readOnlyProperty().get()) {
            insightsCaption.setText("Enabling or disabling is a billed write: it needs writes unlocked for this"
                    + " table (Connection ▸ Unlock writes…).");
        } else {
            insightsCaption.setText(
                    "Rules and matched events are billed by CloudWatch. Select a row to act on a" + " GSI.");
        }
    }

    // Helpers

    private static <S> TableColumn<S, String> column(String title, Function<S, String> value, double width) {
        TableColumn<S, String> c = new TableColumn<>(title);
        c.setCellValueFactory(cell -> new ReadOnlyObjectWrapper<>(value.apply(cell.getValue())));
        c.setPrefWidth(width);
        c.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(String item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty ? null : item);
                // Narrow columns cut long values ("INCLUDE (a, b, c…"): the tooltip shows all of it.
                setTooltip(empty || item == null ? null : new javafx.scene.control.Tooltip(item));
            }
        });
        return c;
    }

    /** Sizes a table to its rows (no scrollbar, no empty band); at least {@code minRows} tall. */
    private static void fitRows(TableView<?> table, int minRows) {
        table.setFixedCellSize(32);
        Runnable fit = () -> {
            double height = 46 + 32 * Math.max(minRows, table.getItems().size());
            table.setPrefHeight(height);
            table.setMinHeight(height);
            table.setMaxHeight(height);
        };
        table.getItems().addListener((javafx.collections.ListChangeListener<Object>) c -> fit.run());
        table.itemsProperty().addListener((obs, old, now) -> {
            fit.run();
            now.addListener((javafx.collections.ListChangeListener<Object>) c -> fit.run());
        });
        fit.run();
    }

    /** Ctrl+C on a table copies the selected row as tab-separated text. */
    private static <S> void installCopy(TableView<S> table, Function<S, String> row) {
        table.setOnKeyPressed(e -> {
            if (new KeyCodeCombination(KeyCode.C, KeyCombination.SHORTCUT_DOWN).match(e)) {
                S item = table.getSelectionModel().getSelectedItem();
                if (item != null) {
                    Fx.copy(row.apply(item));
                }
            }
        });
    }

    public void focusFilter() {
        filterField.requestFocus();
        filterField.selectAll();
    }

    public Node root() {
        return root;
    }
}
