package dev.partitionscope.ui.fleet;

import dev.partitionscope.core.fleet.FleetRow;
import dev.partitionscope.core.format.Units;
import dev.partitionscope.ui.common.EmptyState;
import dev.partitionscope.ui.common.FileDialogs;
import dev.partitionscope.ui.common.FileExport;
import dev.partitionscope.ui.common.Fx;
import dev.partitionscope.ui.common.Icons;
import dev.partitionscope.ui.common.MessageBox;
import dev.partitionscope.ui.session.ShellActions;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Button;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;

/**
 * The fleet screen: one row per table and GSI, hot partitions (KeyRange throttles) first, with other throttles, a
 * throttle sparkline over the window, consumed units, peak % of capacity, Contributor Insights and stream. Enter or a
 * double-click opens the row's table on the Metrics screen; the list copies and exports as CSV.
 */
public final class FleetView {
    static final FileDialogs.Type CSV = new FileDialogs.Type("CSV file", "csv");

    private final FleetViewModel vm;
    private final ShellActions actions;
    private final FileDialogs files;
    private final FileExport fileExport;
    private final StackPane root = new StackPane();
    private final VBox content = new VBox(8);
    private final EmptyState empty = new EmptyState();
    private final MessageBox message = new MessageBox();
    private final TableView<FleetRow> table = new TableView<>();

    public FleetView(FleetViewModel vm, ShellActions actions, FileDialogs files) {
        this.vm = vm;
        this.actions = actions;
        this.files = files;
        this.fileExport = new FileExport(vm.session().tasks());
        build();
        root.getChildren().addAll(content, empty);
        vm.session().connectionProperty().addListener((o, a, b) -> updateState());
        vm.errorProperty().addListener((o, a, b) -> updateState());
        updateState();
        root.sceneProperty().addListener((o, a, scene) -> vm.activeProperty().set(scene != null));
        root.parentProperty()
                .addListener((o, a, parent) -> vm.activeProperty().set(parent != null && root.getScene() != null));
        root.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ESCAPE && vm.loadingProperty().get()) {
                vm.cancel();
                e.consume();
            }
        });
    }

    private void updateState() {
        boolean connected = vm.session().getConnection() != null;
        if (!connected) {
            Button connect = new Button("Connect…", Icons.of("mdi2l-lan-connect", 16));
            connect.setOnAction(e -> actions.openConnectionDialog());
            empty.set(
                    "mdi2v-view-list-outline",
                    "Not connected",
                    "Connect to AWS, LocalStack or the built-in Lab: the fleet lists every table and GSI of the"
                            + " region with its hot-partition throttles first.",
                    connect);
        }
        Fx.show(empty, !connected);
        content.setVisible(connected);
        if (vm.errorProperty().get() != null) {
            Button retry = new Button("Retry");
            retry.setOnAction(e -> vm.load());
            message.show(vm.errorProperty().get(), MessageBox.Kind.ERROR, retry);
        } else {
            Fx.show(message, false);
        }
    }

    private void build() {
        content.setStyle("-fx-padding: 12");
        Label title = new Label("Fleet");
        title.getStyleClass().add("screen-title");
        Label summary = new Label();
        summary.setId("fleetSummary");
        summary.getStyleClass().add("muted");
        summary.textProperty().bind(vm.summaryProperty());
        Hyperlink cancel = new Hyperlink("Cancel");
        cancel.setId("fleetCancel");
        cancel.setOnAction(e -> vm.cancel());
        cancel.setTooltip(new Tooltip("Stop reading (Esc)"));
        Fx.bindShown(cancel, vm.loadingProperty());
        Button refresh = new Button("Refresh", Icons.of("mdi2r-refresh", 16));
        refresh.setId("fleetRefresh");
        refresh.setTooltip(new Tooltip("Read every table's metrics again (F5). On AWS: one DescribeTable per table and"
                + " a GetMetricData call per 500 series"));
        refresh.setOnAction(e -> vm.load());
        Button copy = new Button("Copy CSV", Icons.of("mdi2c-content-copy", 16));
        copy.setId("fleetCopy");
        copy.setOnAction(e -> Fx.copy(vm.csv()));
        Button csv = new Button("CSV…", Icons.of("mdi2f-file-delimited-outline", 16));
        csv.setId("fleetExportCsv");
        csv.setOnAction(e -> files.saveFile(root.getScene().getWindow(), "Export the fleet", "fleet.csv", CSV)
                .ifPresent(path -> fileExport.save(path, FileExport.text(vm.csv()), message)));
        for (Button b : List.of(copy, csv)) {
            b.disableProperty().bind(vm.resultProperty().isNull());
        }
        HBox header = new HBox(10, title, summary, new Pane(), cancel, refresh, copy, csv);
        HBox.setHgrow(header.getChildren().get(2), Priority.ALWAYS);
        header.setAlignment(Pos.CENTER_LEFT);

        ProgressBar bar = new ProgressBar();
        bar.setPrefWidth(240);
        bar.progressProperty().bind(vm.fractionProperty());
        Label progress = new Label();
        progress.setId("fleetProgress");
        progress.textProperty().bind(vm.progressProperty());
        HBox progressRow = new HBox(10, bar, progress);
        progressRow.setAlignment(Pos.CENTER_LEFT);
        Fx.bindShown(bar, vm.loadingProperty());
        Label note = new Label();
        note.setId("fleetNote");
        note.setWrapText(true);
        note.getStyleClass().add("warning-text");
        note.textProperty().bind(vm.noteProperty());
        Fx.bindShown(note, vm.noteProperty().isNotEmpty());

        table.setId("fleetTable");
        table.getStyleClass().add("dense");
        table.setPlaceholder(new Label("No tables in this region"));
        table.setItems(vm.rows());
        table.getColumns()
                .setAll(List.of(
                        Fx.textColumn("Table", FleetRow::table, 170),
                        Fx.textColumn("GSI", r -> r.index() == null ? "" : r.index(), 90),
                        numberColumn(
                                "KeyRange\nthrottles",
                                FleetRow::keyRangeThrottles,
                                120,
                                "events",
                                "Read + write KeyRange throttle events: requests refused because one key range (a hot"
                                        + " partition) was over its ceiling"),
                        numberColumn(
                                "Other\nthrottles",
                                FleetRow::otherThrottles,
                                115,
                                "events",
                                "Throttle events of the other causes: provisioned capacity, account limit, on-demand"
                                        + " maximum"),
                        sparklineColumn(),
                        numberColumn(
                                "Consumed\nRCU",
                                FleetRow::consumedReadUnits,
                                115,
                                "RCU",
                                "Read units consumed in" + " the window"),
                        numberColumn(
                                "Consumed\nWCU",
                                FleetRow::consumedWriteUnits,
                                115,
                                "WCU",
                                "Write units consumed" + " in the window"),
                        numberColumn(
                                "Peak % of\ncapacity",
                                FleetRow::peakPercentOfCapacity,
                                100,
                                "%",
                                "The busiest period's consumption per second as a share of the provisioned capacity"
                                        + " or on-demand maximum (the larger of reads and writes)"),
                        Fx.textColumn(
                                "Insights",
                                r -> r.contributorInsights() == null ? "unknown" : r.contributorInsights(),
                                95),
                        Fx.textColumn(
                                "Stream",
                                r -> r.index() != null ? "" : r.stream() == null ? "unknown" : r.stream(),
                                120)));
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        // The constrained policy squeezes every column to fit the window: at 1,280 px the two-line headers were cut
        // ("Consu… RCU"). Never narrower than a header's longer line; the text columns give way instead.
        Fx.keepHeadersWhole(table);
        table.getColumns().get(0).setMinWidth(170); // the table's name gives way last ("order-status-index" whole)
        table.setRowFactory(t -> {
            TableRow<FleetRow> row = new TableRow<>();
            row.setOnMouseClicked(e -> {
                if (e.getClickCount() == 2 && !row.isEmpty()) {
                    vm.open(row.getItem());
                }
            });
            return row;
        });
        table.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ENTER) {
                vm.open(table.getSelectionModel().getSelectedItem());
                e.consume();
            }
        });
        table.setTooltip(new Tooltip("Enter or double-click: open the table on the Metrics screen. KeyRange throttles"
                + " are a hot partition's mark: a key over its partition's ceiling while the table had capacity."
                + " ? = CloudWatch did not answer: unknown, not 0."));
        VBox.setVgrow(table, Priority.ALWAYS);
        content.getChildren().setAll(header, progressRow, message, note, table);
    }

    /** A numeric column: right-aligned, units in the header, "?" for unknown, sorted with unknowns last. */
    private static TableColumn<FleetRow, Number> numberColumn(
            String title, Function<FleetRow, Number> value, double width, String unit, String tip) {
        TableColumn<FleetRow, Number> c = new TableColumn<>();
        Label header = new Label(title);
        header.setTextAlignment(javafx.scene.text.TextAlignment.CENTER);
        header.setTooltip(new Tooltip(tip + " (" + unit + ")."));
        c.setGraphic(header);
        c.setPrefWidth(width);
        c.setCellValueFactory(cd -> new ReadOnlyObjectWrapper<>(value.apply(cd.getValue())));
        c.setComparator(Comparator.nullsLast(Comparator.comparingDouble(Number::doubleValue)));
        c.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(Number n, boolean isEmpty) {
                super.updateItem(n, isEmpty);
                setAlignment(Pos.CENTER_RIGHT);
                if (isEmpty) {
                    setText(null);
                    setTooltip(null);
                } else if (n == null) {
                    setText("?");
                    setTooltip(new Tooltip("CloudWatch did not answer: unknown, not 0"));
                } else if (unit.equals("%")) {
                    setText(String.format(Locale.ROOT, "%.1f %%", n.doubleValue()));
                    setTooltip(null);
                } else {
                    setText(Units.count(Math.round(n.doubleValue())));
                    setTooltip(null);
                }
            }
        });
        return c;
    }

    private static TableColumn<FleetRow, double[]> sparklineColumn() {
        TableColumn<FleetRow, double[]> c = new TableColumn<>();
        Label header = new Label("Throttles\nover time");
        header.setTooltip(new Tooltip("Throttle events (all causes) per period across the window, scaled to the"
                + " row's own peak; grey ticks: periods CloudWatch did not answer."));
        c.setGraphic(header);
        c.setPrefWidth(125);
        c.setMinWidth(110);
        c.setSortable(false);
        c.setCellValueFactory(cd -> new ReadOnlyObjectWrapper<>(cd.getValue().throttleSparkline()));
        c.setCellFactory(col -> new TableCell<>() {
            private final Canvas canvas = new Canvas(100, 16);

            {
                // As wide as the cell shows: a fixed 116 px canvas in a narrower cell lost its right end, where the
                // window's last minutes (the newest throttles) are drawn.
                widthProperty().addListener((obs, old, now) -> redraw());
            }

            @Override
            protected void updateItem(double[] values, boolean isEmpty) {
                super.updateItem(values, isEmpty);
                setText(null);
                if (isEmpty || values == null) {
                    setGraphic(null);
                    return;
                }
                redraw();
                setGraphic(canvas);
            }

            private void redraw() {
                double[] values = getItem();
                if (values == null || isEmpty()) {
                    return;
                }
                canvas.setWidth(Math.max(20, Math.floor(getWidth() - snappedLeftInset() - snappedRightInset() - 2)));
                draw(canvas.getGraphicsContext2D(), values, canvas.getWidth(), canvas.getHeight());
            }
        });
        return c;
    }

    /** The narrowest bar drawn: a lone throttled minute among 180 in a 116 px cell was a 0.6 px line, unseen. */
    private static final double MIN_BAR = 2;

    /**
     * At most {@code bins} values: consecutive periods merged by their largest known value (a throttle burst keeps its
     * height whatever the window), NaN only where every merged period is unknown.
     */
    static double[] bins(double[] values, int bins) {
        if (values.length <= bins) {
            return values.clone();
        }
        double[] out = new double[Math.max(1, bins)];
        for (int b = 0; b < out.length; b++) {
            int from = (int) ((long) b * values.length / out.length);
            int to = (int) ((long) (b + 1) * values.length / out.length);
            double v = Double.NaN;
            for (int i = from; i < to; i++) {
                if (!Double.isNaN(values[i])) {
                    v = Double.isNaN(v) ? values[i] : Math.max(v, values[i]);
                }
            }
            out[b] = v;
        }
        return out;
    }

    /** Bars of throttle events per period, scaled to the row's own peak; unknown periods as a grey tick. */
    static void draw(GraphicsContext g, double[] periods, double w, double h) {
        g.clearRect(0, 0, w, h);
        double[] values = bins(periods, (int) Math.floor(w / MIN_BAR));
        double max = 0;
        for (double v : values) {
            if (!Double.isNaN(v)) {
                max = Math.max(max, v);
            }
        }
        double step = w / Math.max(1, values.length);
        g.setFill(Color.gray(0.5, 0.5));
        g.fillRect(0, h - 1, w, 1);
        for (int i = 0; i < values.length; i++) {
            double v = values[i];
            if (Double.isNaN(v)) {
                g.setFill(Color.gray(0.6));
                g.fillRect(i * step, h - 4, Math.max(1, step), 3);
            } else if (v > 0) {
                double bh = Math.max(2, (h - 2) * v / max);
                g.setFill(Color.web("#e5484d"));
                g.fillRect(i * step, h - 1 - bh, Math.max(1, step), bh);
            }
        }
    }

    public Node root() {
        return root;
    }

    TableView<FleetRow> table() {
        return table;
    }
}
