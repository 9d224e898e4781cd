package dev.partitionscope.ui.scatter;

import dev.partitionscope.aws.UserMessage;
import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.item.PlainValues;
import dev.partitionscope.core.scatter.ScatterPlan;
import dev.partitionscope.core.scatter.ScatterResult;
import dev.partitionscope.core.scatter.ShardStats;
import dev.partitionscope.ui.common.EmptyState;
import dev.partitionscope.ui.common.Fx;
import dev.partitionscope.ui.common.Icons;
import dev.partitionscope.ui.common.MessageBox;
import dev.partitionscope.ui.shell.MainViewModel;
import dev.partitionscope.ui.shell.Screen;
import dev.partitionscope.ui.shell.ShellActions;
import dev.partitionscope.ui.shell.TableScreenState;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;

/**
 * The scatter-gather console: the read's inputs, the N Queries it will run (copyable as AWS CLI), a live per-shard
 * table, totals with the reasons a result is incomplete, and the merged items. Ctrl+Enter runs, Esc cancels.
 */
public final class ScatterView {
    private final ScatterViewModel vm;
    private final MainViewModel main;
    private final ShellActions actions;
    private final StackPane root = new StackPane();
    private final EmptyState empty = new EmptyState();
    private final VBox content = new VBox(10);
    private final Label planText = new Label();
    private final Label totals = new Label();
    private final MessageBox message = new MessageBox();
    private final TableView<ShardStats> shardTable = new TableView<>();
    private final TableView<Map<String, AttrValue>> items = new TableView<>();

    public ScatterView(ScatterViewModel vm, ShellActions actions) {
        this.vm = vm;
        this.main = vm.main();
        this.actions = actions;
        root.setId("scatterScreen");
        build();
        root.getChildren().addAll(content, empty);
        Runnable state = this::updateState;
        main.connectionProperty().addListener((obs, old, now) -> state.run());
        main.tableShapeProperty().addListener((obs, old, now) -> state.run());
        main.selectedTableProperty().addListener((obs, old, now) -> state.run());
        updateState();
        javafx.event.EventHandler<KeyEvent> keys = e -> {
            if (e.getCode() == KeyCode.ENTER && e.isShortcutDown()) {
                vm.run();
                e.consume();
            } else if (e.getCode() == KeyCode.ESCAPE && vm.runningProperty().get()) {
                vm.cancel();
                e.consume();
            }
        };
        Fx.sceneKeyFilter(root, keys);
    }

    private void updateState() {
        boolean show = TableScreenState.apply(empty, main, actions, Screen.SCATTER_GATHER, "Connect to AWS, LocalStack"
                + " or the built-in Lab to run sharded reads as N parallel queries.", "Choose a table in the top bar"
                + " (Ctrl+T): its sharded keys are read here, shard by shard.");
        Fx.show(empty, !show);
        content.setVisible(show);
        content.setDisable(!show);
    }

    private void build() {
        content.setStyle("-fx-padding: 12");
        Label title = new Label("Scatter-gather");
        title.getStyleClass().add("screen-title");
        ProgressIndicator spinner = new ProgressIndicator();
        spinner.setPrefSize(18, 18);
        spinner.setMaxSize(18, 18);
        Fx.bindShown(spinner, vm.runningProperty());
        Hyperlink cancel = new Hyperlink("Cancel");
        cancel.setId("scatterCancel");
        cancel.setOnAction(e -> vm.cancel());
        cancel.setTooltip(new Tooltip("Stop outstanding requests (Esc); what arrived stays, marked incomplete"));
        Fx.bindShown(cancel, vm.runningProperty());
        Button run = new Button("Run", Icons.of("mdi2p-play", 16));
        run.setId("scatterRun");
        run.setDefaultButton(false);
        run.setTooltip(new Tooltip("Run the N queries (Ctrl+Enter)"));
        run.setOnAction(e -> vm.run());
        run.disableProperty().bind(vm.planProperty().isNull().or(vm.runningProperty()));
        Button cli = new Button("Copy as AWS CLI", Icons.of("mdi2c-console", 16));
        cli.setId("scatterCopyCli");
        cli.setOnAction(e -> Fx.copy(vm.cliCommands()));
        cli.disableProperty().bind(vm.planProperty().isNull());
        Button copyJson = new Button("Copy items as JSON", Icons.of("mdi2c-content-copy", 16));
        copyJson.setId("scatterCopyJson");
        copyJson.setOnAction(e -> Fx.copy(json()));
        copyJson.disableProperty().bind(vm.resultProperty().isNull());
        HBox header = new HBox(10, title, new Pane(), spinner, cancel, cli, copyJson, run);
        HBox.setHgrow(header.getChildren().get(1), Priority.ALWAYS);
        header.setAlignment(Pos.CENTER_LEFT);

        CheckBox desc = new CheckBox("Descending");
        desc.setId("scatterDescending");
        desc.selectedProperty().bindBidirectional(vm.descendingProperty());
        CheckBox consistent = new CheckBox("Consistent read");
        consistent.selectedProperty().bindBidirectional(vm.consistentProperty());
        consistent.setTooltip(new Tooltip("Strongly consistent (twice the RCU); not on a GSI"));
        FlowPane inputs = new FlowPane(10, 8, field("Logical key", "scatterKey", vm.baseKeyProperty(), 160,
                "The value before its suffix: PENDING, OPS_LOG"), field("Scheme", "scatterScheme",
                vm.schemeProperty(), 150, "How the key was sharded: hash:8, random:4, day+hash:8 (time buckets from"
                        + " the top bar's range)"), field("Separator", "scatterSeparator", vm.separatorProperty(), 40,
                "Between the key and each suffix"), field("Sort key", "scatterSortCondition",
                vm.sortConditionProperty(), 200, "=, <, <=, >, >=, between A and B, begins_with P — e.g. begins_with"
                        + " 2026-06"), field("Limit", "scatterLimit", vm.limitProperty(), 70,
                "Items to return (0 = all, up to 10,000)"), field("Concurrency", "scatterConcurrency",
                vm.concurrencyProperty(), 50, "Queries in flight at once"), desc, consistent);
        inputs.setAlignment(Pos.CENTER_LEFT);
        planText.setId("scatterPlan");
        planText.setWrapText(true);
        planText.getStyleClass().add("muted");
        vm.planProperty().addListener((obs, old, now) -> showPlan());
        vm.planErrorProperty().addListener((obs, old, now) -> showPlan());
        showPlan();

        shardTable.setId("scatterShards");
        shardTable.setPrefHeight(220);
        shardTable.setPlaceholder(new Label("Run to see each shard's items, pages, RCU, latency and throttles"));
        shardTable.getColumns().setAll(List.of(
                col("Shard key", ShardStats::key, 220),
                col("State", s -> s.state().name().toLowerCase(Locale.ROOT).replace('_', ' '), 110),
                col("Items read", s -> String.format(Locale.ROOT, "%,d", s.items()), 115),
                col("Pages", s -> Integer.toString(s.pages()), 70),
                col("RCU", s -> String.format(Locale.ROOT, "%.1f", s.consumedCapacity()), 70),
                col("Latency (ms)", s -> String.format(Locale.ROOT, "%,d", s.latencyMs()), 125),
                col("Retries", s -> Integer.toString(s.retries()), 85),
                col("Throttles", s -> s.throttles() == 0 ? "0" : s.throttles() + " " + s.throttleReasons(), 150),
                col("Error", s -> s.error() == null ? "" : s.error(), 260)));
        shardTable.setItems(vm.shards());
        totals.setId("scatterTotals");
        totals.setWrapText(true);
        items.setId("scatterItems");
        items.setPlaceholder(new Label("The merged items appear here, in sort-key order"));
        VBox.setVgrow(items, Priority.ALWAYS);
        vm.resultProperty().addListener((obs, old, now) -> showResult(now));
        vm.errorProperty().addListener((obs, old, now) -> message.show(now, MessageBox.Kind.ERROR));
        content.getChildren().addAll(header, inputs, planText, message, shardTable, totals, items);
    }

    private static Node field(String label, String id, javafx.beans.property.StringProperty p, double width,
                              String tip) {
        Label l = new Label(label);
        l.getStyleClass().add("muted");
        TextField f = new TextField();
        f.setId(id);
        f.setPrefWidth(width);
        f.textProperty().bindBidirectional(p);
        f.setTooltip(new Tooltip(tip));
        HBox box = new HBox(6, l, f);
        box.setAlignment(Pos.CENTER_LEFT);
        return box;
    }

    private static <T> TableColumn<T, String> col(String name, Function<T, String> value, double width) {
        TableColumn<T, String> c = new TableColumn<>(name);
        c.setPrefWidth(width);
        c.setCellValueFactory(cd -> new ReadOnlyStringWrapper(value.apply(cd.getValue())));
        return c;
    }

    private void showPlan() {
        ScatterPlan p = vm.planProperty().get();
        if (p == null) {
            planText.setText(vm.planErrorProperty().get() == null ? "" : "Cannot plan the read: "
                    + vm.planErrorProperty().get());
            return;
        }
        List<String> keys = p.shardKeys();
        planText.setText(String.format(Locale.ROOT, "%,d Quer%s on %s%s, %d at a time: %s%s", keys.size(),
                keys.size() == 1 ? "y" : "ies", p.table(), p.index() == null ? "" : " · " + p.index(),
                p.concurrency(), String.join(", ", keys.subList(0, Math.min(8, keys.size()))),
                keys.size() > 8 ? ", … (" + (keys.size() - 8) + " more)" : ""));
    }

    private void showResult(ScatterResult r) {
        items.getColumns().clear();
        if (r == null) {
            totals.setText("");
            items.getItems().clear();
            return;
        }
        ScatterResult.Totals t = r.totals();
        totals.setText(String.format(Locale.ROOT, "%,d items · %.1f RCU · %,d pages · wall %,d ms vs slowest shard"
                        + " %,d ms · %d throttles, %d retries · %s", t.items(), t.consumedCapacity(), t.pages(),
                t.wallMs(), t.slowestShardMs(), t.throttles(), t.retries(), r.complete() ? "complete"
                        : "INCOMPLETE: " + String.join("; ", r.reasons())));
        totals.setStyle(r.complete() ? "" : "-fx-text-fill: -color-danger-fg; -fx-font-weight: bold");
        if (!r.complete()) {
            message.show(UserMessage.of("The merged result is incomplete", String.join("; ", r.reasons()),
                    "Run again; a failed shard's reason is in its row."), MessageBox.Kind.WARNING);
        } else if (vm.errorProperty().get() == null) {
            message.show(null);
        }
        for (String name : vm.columns()) {
            TableColumn<Map<String, AttrValue>, String> c = col(name, item -> PlainValues.text(item.get(name)), 190);
            items.getColumns().add(c);
        }
        items.getItems().setAll(r.items());
    }

    private String json() {
        ScatterResult r = vm.resultProperty().get();
        if (r == null) {
            return "";
        }
        try {
            return new com.fasterxml.jackson.databind.ObjectMapper().writerWithDefaultPrettyPrinter()
                    .writeValueAsString(r.items().stream().map(PlainValues::plain).toList());
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            return e.getMessage();
        }
    }

    public Node root() {
        return root;
    }
}
