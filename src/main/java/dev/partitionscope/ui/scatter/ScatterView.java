package dev.partitionscope.ui.scatter;

import dev.partitionscope.aws.UserMessage;
import dev.partitionscope.core.codegen.Language;
import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.item.PlainValues;
import dev.partitionscope.core.scatter.ResultDiff;
import dev.partitionscope.core.scatter.ScatterPlan;
import dev.partitionscope.core.scatter.ScatterResult;
import dev.partitionscope.core.scatter.ShardStats;
import dev.partitionscope.ui.common.EmptyState;
import dev.partitionscope.ui.common.FileDialogs;
import dev.partitionscope.ui.common.FileExport;
import dev.partitionscope.ui.common.Fx;
import dev.partitionscope.ui.common.Icons;
import dev.partitionscope.ui.common.MessageBox;
import dev.partitionscope.ui.common.Theme;
import dev.partitionscope.ui.session.Screen;
import dev.partitionscope.ui.session.Session;
import dev.partitionscope.ui.session.ShellActions;
import dev.partitionscope.ui.session.TableScreenState;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import javafx.collections.ListChangeListener;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.RadioButton;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleGroup;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;

/**
 * The scatter-gather console: the read's inputs (scheme typed or detected from the table's keys, sort-key condition,
 * filter, projection, order, limit, consistency, concurrency, item cap), the N Queries it will run (copyable as AWS
 * CLI or SDK code), a live per-shard table beside a waterfall of every request, totals with the reasons a result is
 * incomplete, one-click comparisons (unsharded key, a GSI, both patterns, a Scan baseline) diffed item for item, a
 * point read by recomputed key, and the merged items streaming into a table with a JSON view of the selected item,
 * copy and CSV/JSON export. Ctrl+Enter runs, Esc cancels.
 */
public final class ScatterView {
    static final FileDialogs.Type CSV = new FileDialogs.Type("CSV file", "csv");
    static final FileDialogs.Type JSON = new FileDialogs.Type("JSON file", "json");
    private static final String CSS = Theme.stylesheet("/dev/partitionscope/ui/scatter/scatter.css");

    private final ScatterViewModel vm;
    private final Session main;
    private final ShellActions actions;
    private final FileDialogs files;
    private final FileExport fileExport;
    private final StackPane root = new StackPane();
    private final EmptyState empty = new EmptyState();
    private final VBox content = new VBox(8);
    private final Label planText = new Label();
    private final Label totals = new Label();
    private final Label note = new Label();
    private final Label compareText = new Label();
    private final Label compareVerdict = new Label();
    private final Label pointText = new Label();
    private final MessageBox message = new MessageBox();
    private final TableView<ShardStats> shardTable = new TableView<>();
    private final Waterfall waterfall = new Waterfall();
    private final TableView<Map<String, AttrValue>> items = new TableView<>();
    private final TextArea itemJson = new TextArea();
    private final Set<String> itemColumns = new LinkedHashSet<>();
    private final ToggleGroup showing = new ToggleGroup();
    private final RadioButton showSharded = new RadioButton("Sharded read");
    private final RadioButton showCompared = new RadioButton("Comparison");
    private final Label itemCount = new Label();
    private final javafx.beans.property.BooleanProperty noItems = new javafx.beans.property.SimpleBooleanProperty(true);

    public ScatterView(ScatterViewModel vm, ShellActions actions, FileDialogs files) {
        this.vm = vm;
        this.main = vm.main();
        this.actions = actions;
        this.files = files;
        this.fileExport = new FileExport(vm.main().tasks());
        root.setId("scatterScreen");
        root.getStylesheets().add(CSS);
        build();
        // Scrolls when the window is shorter than the console (1,280 × 800 under a demo's caption bar hid the items);
        // otherwise fills it, the items table taking the height left.
        javafx.scene.control.ScrollPane scroll = new javafx.scene.control.ScrollPane(content);
        scroll.setFitToWidth(true);
        scroll.setFitToHeight(true);
        scroll.getStyleClass().add("edge-to-edge");
        scroll.visibleProperty().bind(content.visibleProperty());
        root.getChildren().addAll(scroll, empty);
        Runnable state = this::updateState;
        main.connectionProperty().addListener((obs, old, now) -> state.run());
        main.tableShapeProperty().addListener((obs, old, now) -> state.run());
        main.selectedTableProperty().addListener((obs, old, now) -> state.run());
        updateState();
        javafx.event.EventHandler<KeyEvent> keys = e -> {
            if (e.getCode() == KeyCode.ENTER && e.isShortcutDown()) {
                vm.run();
                e.consume();
            } else if (e.getCode() == KeyCode.ESCAPE
                    && (vm.runningProperty().get() || vm.busyProperty().get())) {
                vm.cancel();
                e.consume();
            }
        };
        Fx.sceneKeyFilter(root, keys);
    }

    private void updateState() {
        boolean show = TableScreenState.apply(
                empty,
                main,
                actions,
                Screen.SCATTER_GATHER,
                "Connect to AWS, LocalStack" + " or the built-in Lab to run sharded reads as N parallel queries.",
                "Choose a table in the top bar" + " (Ctrl+T): its sharded keys are read here, shard by shard.");
        Fx.show(empty, !show);
        content.setVisible(show);
        content.setDisable(!show);
    }

    private void build() {
        content.setStyle("-fx-padding: 12");
        content.getChildren()
                .addAll(
                        header(),
                        inputs(),
                        filterInputs(),
                        planText,
                        message,
                        note,
                        shardsAndWaterfall(),
                        totals,
                        compareBar(),
                        compareResult(),
                        pointBar(),
                        itemsBar(),
                        itemsPane());
        planText.setId("scatterPlan");
        planText.setWrapText(true);
        planText.getStyleClass().add("muted");
        vm.planProperty().addListener((obs, old, now) -> showPlan());
        vm.planErrorProperty().addListener((obs, old, now) -> showPlan());
        showPlan();
        note.setId("scatterNote");
        note.setWrapText(true);
        note.textProperty().bind(vm.noteProperty());
        Fx.bindShown(note, vm.noteProperty().isNotNull());
        totals.setId("scatterTotals");
        totals.setWrapText(true);
        for (Label l : List.of(totals, note, compareText, compareVerdict)) {
            l.setMinHeight(Region.USE_PREF_SIZE); // wrapped lines stay whole; the console scrolls instead
        }
        vm.resultProperty().addListener((obs, old, now) -> showResult(now));
        vm.errorProperty().addListener((obs, old, now) -> message.show(now, MessageBox.Kind.ERROR));
        vm.comparisonProperty().addListener((obs, old, now) -> showComparison(now));
        vm.pointReadProperty().addListener((obs, old, now) -> showPoint(now));
        vm.requests().addListener((ListChangeListener<Object>) c -> refreshWaterfall());
        vm.shards().addListener((ListChangeListener<Object>) c -> refreshWaterfall());
        vm.runningProperty().addListener((obs, old, now) -> {
            if (now) {
                showSharded.setSelected(true);
                showItems();
            }
        });
    }

    private HBox header() {
        Label title = new Label("Scatter-gather");
        title.getStyleClass().add("screen-title");
        ProgressIndicator spinner = new ProgressIndicator();
        spinner.setPrefSize(18, 18);
        spinner.setMaxSize(18, 18);
        Fx.bindShown(spinner, vm.runningProperty().or(vm.busyProperty()));
        Hyperlink cancel = new Hyperlink("Cancel");
        cancel.setId("scatterCancel");
        cancel.setOnAction(e -> vm.cancel());
        cancel.setTooltip(new Tooltip("Stop outstanding requests (Esc); what arrived stays, marked incomplete"));
        Fx.bindShown(cancel, vm.runningProperty().or(vm.busyProperty()));
        Button run = new Button("Run", Icons.of("mdi2p-play", 16));
        run.setId("scatterRun");
        run.setTooltip(new Tooltip("Run the N queries (Ctrl+Enter)"));
        run.setOnAction(e -> vm.run());
        run.disableProperty().bind(vm.planProperty().isNull().or(vm.runningProperty()));
        run.getStyleClass().add("accent");
        MenuButton copy = new MenuButton("Copy plan as", Icons.of("mdi2c-console", 16));
        copy.setId("scatterCopyPlan");
        MenuItem cli = new MenuItem("AWS CLI commands");
        cli.setId("scatterCopyCli");
        cli.setOnAction(e -> Fx.copy(vm.cliCommands()));
        copy.getItems().add(cli);
        MenuItem partiql = new MenuItem("PartiQL statements");
        partiql.setId("scatterCopyPartiql");
        partiql.setOnAction(e -> {
            String statements = vm.partiqlStatements();
            if (statements != null) {
                Fx.copy(statements);
            }
        });
        copy.getItems().add(partiql);
        for (Language l : Language.values()) {
            MenuItem m = new MenuItem(
                    switch (l) {
                        case JAVA -> "Java (AWS SDK v2)";
                        case TYPESCRIPT -> "TypeScript (AWS SDK v3)";
                        case PYTHON -> "Python (boto3)";
                    });
            m.setId("scatterCopy" + l.name());
            m.setOnAction(e -> Fx.copy(vm.code(l)));
            copy.getItems().add(m);
        }
        copy.disableProperty().bind(vm.planProperty().isNull());
        copy.setTooltip(new Tooltip("The N queries and the merge, as commands or code to paste"));
        HBox header = new HBox(10, title, new Pane(), spinner, cancel, copy, run);
        HBox.setHgrow(header.getChildren().get(1), Priority.ALWAYS);
        header.setAlignment(Pos.CENTER_LEFT);
        return header;
    }

    private FlowPane inputs() {
        CheckBox desc = new CheckBox("Descending");
        desc.setId("scatterDescending");
        desc.selectedProperty().bindBidirectional(vm.descendingProperty());
        desc.setTooltip(new Tooltip("Largest (newest) sort key first"));
        Button detect = new Button("Detect");
        detect.setId("scatterDetect");
        detect.setTooltip(new Tooltip("Read the scheme off the table's keys (a key-only Scan of up to "
                + String.format(Locale.ROOT, "%,d", ScatterViewModel.DETECT_SAMPLE) + " items)"));
        detect.setOnAction(e -> vm.detectScheme());
        detect.disableProperty().bind(vm.busyProperty().or(vm.runningProperty()));
        Node schemeField = field(
                "Scheme",
                "scatterScheme",
                vm.schemeProperty(),
                190,
                "How the key was sharded:"
                        + " hash:8, random:4, day, day+hash:8 (time buckets from the top bar's range)");
        // A spec for listed hot values (PENDING,SHIPPED:hash:8) is longer than the field's 190 px: grow with it.
        Fx.growToFit((TextField) schemeField.lookup("#scatterScheme"), 190, 420);
        HBox scheme = new HBox(4, schemeField, detect);
        scheme.setAlignment(Pos.CENTER_LEFT);
        FlowPane inputs = new FlowPane(
                10,
                6,
                field(
                        "Logical key",
                        "scatterKey",
                        vm.baseKeyProperty(),
                        150,
                        "The value before its suffix: PENDING, OPS_LOG"),
                scheme,
                field("Separator", "scatterSeparator", vm.separatorProperty(), 36, "Between the key and each suffix"),
                field(
                        "Sort key",
                        "scatterSortCondition",
                        vm.sortConditionProperty(),
                        170,
                        "=, <, <=, >, >=, between A and B," + " begins_with P — e.g. begins_with 2026-06"),
                field("Limit", "scatterLimit", vm.limitProperty(), 60, "Items to return (0 = all, up to the item cap)"),
                field("Concurrency", "scatterConcurrency", vm.concurrencyProperty(), 44, "Queries in flight at once"),
                desc);
        inputs.setAlignment(Pos.CENTER_LEFT);
        return inputs;
    }

    private FlowPane filterInputs() {
        CheckBox consistent = new CheckBox("Consistent read");
        consistent.setId("scatterConsistent");
        consistent.selectedProperty().bindBidirectional(vm.consistentProperty());
        consistent.setTooltip(new Tooltip("Strongly consistent (twice the RCU); not on a GSI"));
        FlowPane row = new FlowPane(
                10,
                6,
                field(
                        "Filter",
                        "scatterFilter",
                        vm.filterProperty(),
                        220,
                        "A FilterExpression; #name stands for the attribute name: #total > :min"),
                field(
                        "Values",
                        "scatterFilterValues",
                        vm.filterValuesProperty(),
                        170,
                        "The filter's values: :min=100; :s=PENDING" + " (or :min=N:100, :s=S:PENDING)"),
                field(
                        "Projection",
                        "scatterProjection",
                        vm.projectionProperty(),
                        170,
                        "Attributes to return, comma-separated (empty: all; the keys are always" + " returned)"),
                field(
                        "Item cap",
                        "scatterItemCap",
                        vm.itemCapProperty(),
                        70,
                        "Most items held in memory; reaching it stops the read with a clear message"),
                consistent);
        row.setAlignment(Pos.CENTER_LEFT);
        return row;
    }

    private SplitPane shardsAndWaterfall() {
        shardTable.setId("scatterShards");
        shardTable.setPlaceholder(new Label("Run to see each shard's items, pages, RCU, latency and throttles"));
        shardTable
                .getColumns()
                .setAll(List.of(
                        Fx.textColumn("Shard key", ShardStats::key, 105),
                        Fx.textColumn(
                                "State",
                                s -> s.state().name().toLowerCase(Locale.ROOT).replace('_', ' '),
                                98),
                        Fx.textColumn("Items read", s -> String.format(Locale.ROOT, "%,d", s.items()), 104),
                        Fx.textColumn("Pages", s -> Integer.toString(s.pages()), 64),
                        Fx.textColumn("RCU", s -> String.format(Locale.ROOT, "%.1f", s.consumedCapacity()), 56),
                        Fx.textColumn("Latency (ms)", s -> String.format(Locale.ROOT, "%,d", s.latencyMs()), 128),
                        Fx.textColumn("Retries", s -> Integer.toString(s.retries()), 72),
                        Fx.textColumn(
                                "Throttles",
                                s -> s.throttles() == 0 ? "0" : s.throttles() + " " + s.throttleReasons(),
                                120),
                        Fx.textColumn("Error", s -> s.error() == null ? "" : s.error(), 220)));
        shardTable.getStyleClass().add("dense");
        shardTable.setItems(vm.shards());
        SplitPane split = new SplitPane(shardTable, waterfall);
        split.setDividerPositions(0.62);
        split.setPrefHeight(240);
        split.setMinHeight(150);
        return split;
    }

    private HBox compareBar() {
        Label label = new Label("Compare with");
        label.getStyleClass().add("muted");
        Button unsharded = compareButton(
                "scatterCompareUnsharded",
                ScatterViewModel.CompareKind.UNSHARDED,
                "The same read as one Query of the logical key itself: the legacy, pre-sharding layout");
        Button both = compareButton(
                "scatterCompareBoth",
                ScatterViewModel.CompareKind.BOTH,
                "The legacy key and the"
                        + " new shards together, de-duplicated: reading while a migration is half done");
        Button scan = compareButton(
                "scatterCompareScan",
                ScatterViewModel.CompareKind.SCAN,
                "Scan the whole table"
                        + " or index and filter, sort and cut here: the brute-force answer the sharded read must equal");
        ChoiceBox<String> gsi = new ChoiceBox<>();
        gsi.setId("scatterCompareGsiName");
        Runnable gsis = () -> {
            gsi.getItems().setAll(vm.gsiNames());
            if (!gsi.getItems().isEmpty() && !gsi.getItems().contains(gsi.getValue())) {
                gsi.setValue(gsi.getItems().get(0));
            }
        };
        main.tableShapeProperty().addListener((obs, old, now) -> gsis.run());
        gsis.run();
        Button viaGsi = new Button(ScatterViewModel.CompareKind.GSI.label());
        viaGsi.setId("scatterCompareGsi");
        viaGsi.setTooltip(new Tooltip("One Query on a GSI whose key unifies the shards (shard writes, unify reads"
                + " on a GSI); disabled when the table has no GSI"));
        viaGsi.setOnAction(e -> vm.compare(ScatterViewModel.CompareKind.GSI, gsi.getValue()));
        viaGsi.disableProperty()
                .bind(vm.planProperty()
                        .isNull()
                        .or(vm.busyProperty())
                        .or(vm.runningProperty())
                        .or(javafx.beans.binding.Bindings.isEmpty(gsi.getItems())));
        TextField gsiKey = new TextField();
        gsiKey.setId("scatterGsiKey");
        gsiKey.setPromptText("GSI key (= logical key)");
        gsiKey.setPrefWidth(150);
        gsiKey.textProperty().bindBidirectional(vm.gsiKeyProperty());
        gsiKey.setTooltip(
                new Tooltip("The GSI's partition-key value to read, e.g. BRAND#abc; empty: the logical" + " key"));
        for (Node n : List.of(gsi, gsiKey)) {
            n.visibleProperty().bind(javafx.beans.binding.Bindings.isNotEmpty(gsi.getItems()));
            n.managedProperty().bind(n.visibleProperty());
        }
        HBox bar = new HBox(8, label, unsharded, viaGsi, gsi, gsiKey, both, scan);
        bar.setAlignment(Pos.CENTER_LEFT);
        return bar;
    }

    private Button compareButton(String id, ScatterViewModel.CompareKind kind, String tip) {
        Button b = new Button(kind.label());
        b.setId(id);
        b.setTooltip(new Tooltip(tip));
        b.setOnAction(e -> {
            if (kind == ScatterViewModel.CompareKind.SCAN && vm.scanIsBilled() && !confirmScan()) {
                return;
            }
            vm.compare(kind, null);
        });
        b.disableProperty()
                .bind(vm.planProperty().isNull().or(vm.busyProperty()).or(vm.runningProperty()));
        return b;
    }

    private boolean confirmScan() {
        Alert a = new Alert(
                Alert.AlertType.CONFIRMATION,
                "A Scan reads every item of the table or index and is billed"
                        + " by its size (0.5 RCU per 4 KB, eventually consistent). On a large table this costs far more than"
                        + " the sharded read. Scan anyway?",
                ButtonType.CANCEL,
                ButtonType.OK);
        a.initOwner(root.getScene().getWindow());
        a.setTitle("Scan baseline");
        a.setHeaderText("Scan the whole table?");
        return a.showAndWait().filter(b -> b == ButtonType.OK).isPresent();
    }

    private VBox compareResult() {
        compareText.setId("scatterCompareText");
        compareText.setWrapText(true);
        compareVerdict.setId("scatterCompareVerdict");
        compareVerdict.setWrapText(true);
        VBox box = new VBox(2, compareVerdict, compareText);
        Fx.bindShown(box, vm.comparisonProperty().isNotNull());
        return box;
    }

    /**
     * The point read: its two fields labelled and never narrower than their prompt, the result on a line of its own
     * below (a long key and item used to squash the fields to slivers).
     */
    private VBox pointBar() {
        Label label = new Label("Point read");
        label.getStyleClass().add("muted");
        label.setMinWidth(Region.USE_PREF_SIZE);
        TextField id = pointField("scatterPointId", "id the suffix is computed from", 260, vm.pointIdProperty());
        id.setTooltip(new Tooltip("The id the scheme computes the suffix from, e.g. an order id"));
        TextField sk = pointField("scatterPointSort", "empty: the id", 180, vm.pointSortKeyProperty());
        sk.setTooltip(new Tooltip("The item's sort-key value, when the table has a sort key (empty: the id)"));
        Button get = new Button("GetItem");
        get.setId("scatterPointRead");
        get.setTooltip(new Tooltip("GetItem on the key the scheme computes for this id (calculated and hash suffixes"
                + " only: a random suffix cannot be recomputed)"));
        get.setOnAction(e -> vm.readPoint());
        id.setOnAction(e -> vm.readPoint());
        get.disableProperty().bind(vm.busyProperty().or(vm.runningProperty()));
        get.setMinWidth(Region.USE_PREF_SIZE);
        pointText.setId("scatterPointText");
        pointText.setWrapText(true);
        pointText.setMinHeight(Region.USE_PREF_SIZE);
        pointText.getStyleClass().add("muted");
        Fx.bindShown(pointText, pointText.textProperty().isNotEmpty());
        HBox bar = new HBox(8, label, fieldLabel("Id", id), id, fieldLabel("Sort key", sk), sk, get);
        bar.setAlignment(Pos.CENTER_LEFT);
        return new VBox(4, bar, pointText);
    }

    private static TextField pointField(
            String id, String prompt, double width, javafx.beans.property.StringProperty property) {
        TextField f = new TextField();
        f.setId(id);
        f.setPromptText(prompt);
        f.setPrefWidth(width);
        f.setMinWidth(Region.USE_PREF_SIZE);
        f.textProperty().bindBidirectional(property);
        return f;
    }

    private static Label fieldLabel(String text, TextField field) {
        Label l = new Label(text);
        l.getStyleClass().add("muted");
        l.setLabelFor(field);
        l.setMinWidth(Region.USE_PREF_SIZE);
        return l;
    }

    private HBox itemsBar() {
        showSharded.setToggleGroup(showing);
        showCompared.setToggleGroup(showing);
        showSharded.setId("scatterShowSharded");
        showCompared.setId("scatterShowCompared");
        showSharded.setSelected(true);
        showCompared.disableProperty().bind(vm.comparisonProperty().isNull());
        showing.selectedToggleProperty().addListener((obs, old, now) -> showItems());
        vm.items().addListener((ListChangeListener<Map<String, AttrValue>>) c -> {
            if (showSharded.isSelected()) {
                while (c.next()) {
                    if (c.wasAdded()) {
                        addColumns(c.getAddedSubList());
                    }
                }
                itemCount.setText(count(vm.items().size()));
                noItems.set(vm.items().isEmpty());
            }
        });
        itemCount.setId("scatterItemCount");
        itemCount.getStyleClass().add("muted");
        Button copy = new Button("Copy JSON", Icons.of("mdi2c-content-copy", 16));
        copy.setId("scatterCopyJson");
        copy.setTooltip(new Tooltip("The selected items (or all shown) as a JSON array (Ctrl+C in the table)"));
        copy.setOnAction(e -> Fx.copy(ScatterViewModel.json(selectedOrAll())));
        Button csv = new Button("CSV…", Icons.of("mdi2f-file-delimited-outline", 16));
        csv.setId("scatterExportCsv");
        csv.setTooltip(new Tooltip("Save the items shown as CSV"));
        csv.setOnAction(e -> export(CSV, vm.csv(shownItems())));
        Button json = new Button("JSON…", Icons.of("mdi2c-code-json", 16));
        json.setId("scatterExportJson");
        json.setTooltip(new Tooltip("Save the items shown as a JSON array"));
        json.setOnAction(e -> export(JSON, ScatterViewModel.json(shownItems())));
        for (Button b : List.of(copy, csv, json)) {
            b.disableProperty().bind(noItems);
        }
        Label label = new Label("Items of");
        label.getStyleClass().add("muted");
        HBox bar = new HBox(10, label, showSharded, showCompared, itemCount, new Pane(), copy, csv, json);
        HBox.setHgrow(bar.getChildren().get(4), Priority.ALWAYS);
        bar.setAlignment(Pos.CENTER_LEFT);
        return bar;
    }

    private SplitPane itemsPane() {
        items.setId("scatterItems");
        items.getStyleClass().add("dense");
        items.setPlaceholder(new Label("The merged items appear here as they arrive, in sort-key order"));
        items.getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
        items.setItems(vm.items());
        items.getSelectionModel()
                .selectedItemProperty()
                .addListener((obs, old, now) -> itemJson.setText(
                        now == null
                                ? ""
                                : ScatterViewModel.json(List.of(now))
                                        .replaceFirst("^\\[\\s*", "")
                                        .replaceFirst("\\s*]$", "")));
        items.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.C && e.isShortcutDown()) {
                Fx.copy(ScatterViewModel.json(selectedOrAll()));
                e.consume();
            }
        });
        itemJson.setId("scatterItemJson");
        itemJson.setEditable(false);
        itemJson.setWrapText(false);
        itemJson.getStyleClass().add("scatter-json");
        itemJson.setPromptText("Select an item to see it as JSON");
        SplitPane split = new SplitPane(items, itemJson);
        split.setDividerPositions(0.68);
        split.setOrientation(Orientation.HORIZONTAL);
        VBox.setVgrow(split, Priority.ALWAYS);
        split.setMinHeight(200);
        return split;
    }

    private static Node field(
            String label, String id, javafx.beans.property.StringProperty p, double width, String tip) {
        return Fx.labeledField(label, id, p, width, tip, null);
    }

    private void showPlan() {
        ScatterPlan p = vm.planProperty().get();
        if (p == null) {
            planText.setText(
                    vm.planErrorProperty().get() == null
                            ? ""
                            : "Cannot plan the read: " + vm.planErrorProperty().get());
            planText.setStyle(vm.planErrorProperty().get() == null ? "" : "-fx-text-fill: -color-danger-fg");
            return;
        }
        planText.setStyle("");
        List<String> keys = p.shardKeys();
        planText.setText(String.format(
                Locale.ROOT,
                "%,d Quer%s on %s%s, %d at a time, %s%s: %s%s",
                keys.size(),
                keys.size() == 1 ? "y" : "ies",
                p.table(),
                p.index() == null ? "" : " · " + p.index(),
                p.concurrency(),
                p.ascending() ? "ascending" : "descending",
                p.limit() == 0 ? "" : String.format(Locale.ROOT, ", first %,d", p.limit()),
                String.join(", ", keys.subList(0, Math.min(8, keys.size()))),
                keys.size() > 8 ? ", … (" + (keys.size() - 8) + " more)" : ""));
    }

    private void refreshWaterfall() {
        ScatterResult r = vm.resultProperty().get();
        waterfall.setData(
                vm.shards().stream().map(ShardStats::key).toList(),
                vm.requests(),
                r == null ? 0 : r.totals().wallMs());
    }

    private void showResult(ScatterResult r) {
        refreshWaterfall();
        if (r == null) {
            totals.setText("");
            itemColumns.clear();
            items.getColumns().clear();
            showSharded.setSelected(true);
            return;
        }
        ScatterResult.Totals t = r.totals();
        totals.setText(String.format(
                Locale.ROOT,
                "%,d items · %.1f RCU · %,d requests, %,d pages · wall %,d ms vs"
                        + " slowest shard %,d ms · %d throttles, %d retries%s · %s",
                t.items(),
                t.consumedCapacity(),
                r.requests().size(),
                t.pages(),
                t.wallMs(),
                t.slowestShardMs(),
                t.throttles(),
                t.retries(),
                r.duplicatesDropped() > 0 ? " · " + r.duplicatesDropped() + " duplicates dropped" : "",
                r.complete() ? "complete" : "INCOMPLETE: " + String.join("; ", r.reasons())));
        totals.setStyle(r.complete() ? "" : "-fx-text-fill: -color-danger-fg; -fx-font-weight: bold");
        if (!r.complete()) {
            message.show(
                    UserMessage.of(
                            r.capped()
                                    ? "Stopped at the item cap: the result is incomplete"
                                    : "The merged result is incomplete",
                            String.join("; ", r.reasons()),
                            r.capped()
                                    ? "Narrow the read (a sort-key condition, a filter, a limit) or raise the item cap."
                                    : "Run again; a failed shard's reason is in its row."),
                    MessageBox.Kind.WARNING);
        } else if (r.items().isEmpty()) {
            ScatterPlan p = vm.planProperty().get();
            message.show(
                    UserMessage.of(
                            "No items under "
                                    + (p == null
                                            ? "these keys"
                                            : p.shardKeys().get(0)
                                                    + (p.shardKeys().size() > 1
                                                            ? " … "
                                                                    + p.shardKeys()
                                                                            .get(p.shardKeys()
                                                                                            .size()
                                                                                    - 1)
                                                            : "")),
                            "All " + r.shards().size() + " queries answered and found nothing"
                                    + (p != null && p.sortCondition() != null
                                            ? " that meets the sort-key condition"
                                            : "")
                                    + ".",
                            "Check the logical key and the scheme: Detect reads the scheme off the table's keys, and"
                                    + " Compare with › Unsharded key reads the key as it was before sharding."),
                    MessageBox.Kind.INFO);
        } else if (vm.errorProperty().get() == null) {
            message.show(null);
        }
        showSharded.setSelected(true);
        showItems();
    }

    private void showComparison(ScatterViewModel.Comparison c) {
        if (c == null) {
            showSharded.setSelected(true);
            return;
        }
        compareText.setText(String.format(
                Locale.ROOT,
                "%s: %s · %,d items · %.1f RCU · %,d request%s · %,d ms%s",
                c.kind().label(),
                c.how(),
                c.items().size(),
                c.consumedCapacity(),
                c.requests(),
                c.requests() == 1 ? "" : "s",
                c.wallMs(),
                c.note() == null ? "" : " · " + c.note()));
        ResultDiff d = c.diff();
        compareVerdict.getStyleClass().removeAll("scatter-verdict-same", "scatter-verdict-differs");
        if (d == null) {
            compareVerdict.setText("Run the sharded read to compare item for item");
        } else {
            compareVerdict.setText(
                    (d.identical() ? "✓ " : "✗ ") + d.summary() + (c.complete() ? "" : " — this read is incomplete"));
            compareVerdict.getStyleClass().add(d.identical() ? "scatter-verdict-same" : "scatter-verdict-differs");
        }
        showCompared.setText(c.kind().label());
        showCompared.setSelected(true);
        showItems();
    }

    private void showPoint(ScatterViewModel.PointRead p) {
        if (p == null) {
            pointText.setText("");
            return;
        }
        pointText.setText(String.format(
                Locale.ROOT,
                "%s · key %s · %s · %.1f RCU · %,d ms",
                p.how(),
                p.key(),
                p.item() == null ? "not found" : "found",
                p.consumedCapacity(),
                p.latencyMs()));
        itemJson.setText(
                p.item() == null
                        ? "// GetItem " + p.key() + ": no such item"
                        : ScatterViewModel.json(List.of(p.item()))
                                .replaceFirst("^\\[\\s*", "")
                                .replaceFirst("\\s*]$", ""));
    }

    private List<Map<String, AttrValue>> shownItems() {
        ScatterViewModel.Comparison c = vm.comparisonProperty().get();
        return showCompared.isSelected() && c != null ? c.items() : vm.items();
    }

    private List<Map<String, AttrValue>> selectedOrAll() {
        List<Map<String, AttrValue>> selected =
                List.copyOf(items.getSelectionModel().getSelectedItems());
        return selected.isEmpty() ? shownItems() : selected;
    }

    private void showItems() {
        List<Map<String, AttrValue>> list = shownItems();
        itemColumns.clear();
        items.getColumns().clear();
        addColumns(list);
        if (list == vm.items()) {
            items.setItems(vm.items());
        } else {
            items.setItems(javafx.collections.FXCollections.observableArrayList(list));
        }
        itemCount.setText(count(list.size()));
        noItems.set(list.isEmpty());
    }

    private static String count(int n) {
        return String.format(Locale.ROOT, "%,d item%s", n, n == 1 ? "" : "s");
    }

    private void addColumns(List<? extends Map<String, AttrValue>> added) {
        List<String> names = vm.columns(List.copyOf(added));
        for (String name : names) {
            if (itemColumns.add(name)) {
                items.getColumns()
                        .add(Fx.textColumn(
                                name, item -> item.get(name) == null ? "" : PlainValues.text(item.get(name)), 170));
            }
        }
    }

    private void export(FileDialogs.Type type, String text) {
        ScatterPlan p = vm.planProperty().get();
        String stem = (p == null
                        ? "scatter"
                        : p.table() + "-" + vm.baseKeyProperty().get())
                .replaceAll("[^A-Za-z0-9._-]", "_");
        files.saveFile(
                        root.getScene().getWindow(),
                        "Export items as " + type.extension().toUpperCase(Locale.ROOT),
                        stem + "." + type.extension(),
                        type)
                .ifPresent(path -> write(path, text));
    }

    private void write(Path path, String text) {
        fileExport.save(path, FileExport.text(text), message);
    }

    public Node root() {
        return root;
    }
}
