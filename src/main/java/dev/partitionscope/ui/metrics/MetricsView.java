package dev.partitionscope.ui.metrics;

import dev.partitionscope.aws.UserMessage;
import dev.partitionscope.core.metrics.DataState;
import dev.partitionscope.core.metrics.MetricPeriod;
import dev.partitionscope.core.metrics.MetricsSnapshot;
import dev.partitionscope.core.metrics.Resource;
import dev.partitionscope.core.metrics.Verdicts;
import dev.partitionscope.core.table.TableShape;
import dev.partitionscope.core.time.TimeRange;
import dev.partitionscope.ui.common.EmptyState;
import dev.partitionscope.ui.common.FileDialogs;
import dev.partitionscope.ui.common.FileExport;
import dev.partitionscope.ui.common.Fx;
import dev.partitionscope.ui.common.Icons;
import dev.partitionscope.ui.common.MessageBox;
import dev.partitionscope.ui.common.Theme;
import dev.partitionscope.ui.common.chart.TimeChart;
import dev.partitionscope.ui.session.ResourceChips;
import dev.partitionscope.ui.session.Screen;
import dev.partitionscope.ui.session.Session;
import dev.partitionscope.ui.session.ShellActions;
import dev.partitionscope.ui.session.TableScreenState;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;

/**
 * The metrics screen: verdict, capacity and throttle charts for the resource chosen in the top bar (table or GSI),
 * and Contributor Insights beside them. Binds to {@link MetricsViewModel}; loads only while it is on screen.
 */
public final class MetricsView {
    private static final String CSS = Theme.stylesheet("/dev/partitionscope/ui/metrics/metrics.css");

    private final MetricsViewModel vm;
    private final Session main;
    private final ShellActions actions;
    private final FileDialogs files;
    private final FileExport fileExport;
    private final StackPane root = new StackPane();
    private final EmptyState empty = new EmptyState();
    private final VBox content = new VBox(12);
    private final Label title = new Label();
    private final Label rangeLabel = new Label();
    private final Label progressText = new Label();
    /** What the table publishes differently from the documented set (ListMetrics), or why it could not be told. */
    private final Label publishing = new Label();

    private final ProgressIndicator spinner = new ProgressIndicator();
    private final Hyperlink cancel = new Hyperlink("Cancel");
    private final ResourceChips resources;
    private final VerdictBanner banner;
    private final MessageBox error = new MessageBox();
    private final GridPane charts = new GridPane();
    private final List<TimeChart> chartNodes = new ArrayList<>();
    private final InsightsPane insights;
    private final javafx.event.EventHandler<KeyEvent> escape = this::escape;

    public MetricsView(MetricsViewModel vm, ShellActions actions, FileDialogs files) {
        this.vm = vm;
        this.main = vm.main();
        this.actions = actions;
        this.files = files;
        this.fileExport = new FileExport(main.tasks());
        this.banner = new VerdictBanner(() -> main.screenProperty().set(Screen.HEATMAP), () -> main.screenProperty()
                .set(Screen.SHARDING));
        this.insights = new InsightsPane(vm, files, fileExport);
        this.resources = new ResourceChips(main);
        root.getStylesheets().add(CSS);
        root.getStyleClass().add("metrics-screen");
        root.setId("metricsScreen");
        buildContent();
        ScrollPane scroll = new ScrollPane(content);
        scroll.setFitToWidth(true);
        scroll.getStyleClass().add("edge-to-edge");
        scroll.viewportBoundsProperty().addListener((obs, old, now) -> arrange(now.getWidth()));
        arrange(0);
        root.getChildren().addAll(scroll, empty);
        bind();
        // Load only while on screen: metric reads and insight reports are billed on AWS.
        root.sceneProperty()
                .addListener((obs, old, scene) -> vm.activeProperty().set(scene != null));
        // Esc cancels a load wherever the focus is (the top bar, a chart) while this screen is shown.
        Fx.sceneKeyFilter(root, escape);
        root.parentProperty()
                .addListener((obs, old, parent) -> vm.activeProperty().set(parent != null && root.getScene() != null));
    }

    private void escape(KeyEvent e) {
        if (e.getCode() == KeyCode.ESCAPE
                && (vm.loadingProperty().get()
                        || vm.streamLoadingProperty().get()
                        || vm.insightsLoadingProperty().get()
                        || vm.sortKeysLoadingProperty().get())) {
            vm.cancel();
            e.consume();
        }
    }

    private void buildContent() {
        content.getStyleClass().add("metrics-content");
        title.getStyleClass().add("screen-title");
        title.setId("metricsTitle");
        spinner.setPrefSize(18, 18);
        spinner.setMaxSize(18, 18);
        progressText.setId("metricsProgress");
        progressText.getStyleClass().add("muted");
        cancel.setId("metricsCancel");
        cancel.setOnAction(e -> vm.cancel());
        cancel.setTooltip(new Tooltip("Stop loading (Esc); what arrived stays"));
        rangeLabel.getStyleClass().add("muted");
        rangeLabel.setId("metricsRange");
        Button refresh = new Button(null, Icons.of("mdi2r-refresh", 16));
        refresh.setTooltip(new Tooltip("Reload (F5)"));
        refresh.setOnAction(e -> vm.reload());
        Button copy = new Button("Copy summary", Icons.of("mdi2c-content-copy", 16));
        copy.setId("metricsCopySummary");
        copy.setTooltip(new Tooltip("Copy the verdict, totals and top keys as Markdown"));
        copy.setOnAction(e -> Fx.copy(MetricsSummary.markdown(vm)));
        Button export = new Button("Export CSV…", Icons.of("mdi2f-file-delimited-outline", 16));
        export.setId("metricsExport");
        export.setTooltip(new Tooltip("Save every chart's series for this resource as CSV"));
        export.setOnAction(e -> exportCsv());
        copy.disableProperty().bind(vm.snapshotProperty().isNull());
        export.disableProperty().bind(vm.snapshotProperty().isNull());
        Label sourceLabel = new Label("Top keys from");
        sourceLabel.getStyleClass().add("muted");
        Node source = dev.partitionscope.ui.common.SourceToggle.of(vm.heatSourceProperty(), "metricsSource");
        sourceLabel.setLabelFor(source);
        // Two rows, so that a 1,280 px window shows the title and every button whole: the title, what is loading and
        // the actions; then the resources, where the top keys come from and the range (which gives way first).
        Pane spacer = new Pane();
        HBox header = new HBox(10, title, spacer, spinner, progressText, cancel, refresh, copy, export);
        HBox.setHgrow(spacer, Priority.ALWAYS);
        header.setAlignment(Pos.CENTER_LEFT);
        for (Button b : List.of(refresh, copy, export)) {
            b.setMinWidth(Region.USE_PREF_SIZE);
        }
        cancel.setMinWidth(Region.USE_PREF_SIZE);
        rangeLabel.setMinWidth(0);
        Tooltip rangeTip = new Tooltip();
        rangeTip.textProperty().bind(rangeLabel.textProperty());
        rangeLabel.setTooltip(rangeTip);
        sourceLabel.setMinWidth(Region.USE_PREF_SIZE);
        if (source instanceof Region r) {
            r.setMinWidth(Region.USE_PREF_SIZE);
        }
        resources.setId("metricsResources");
        resources.setMinWidth(0);
        Pane spacer2 = new Pane();
        HBox.setHgrow(spacer2, Priority.ALWAYS);
        HBox.setHgrow(resources, Priority.SOMETIMES);
        HBox second = new HBox(10, resources, spacer2, sourceLabel, source, rangeLabel);
        second.setAlignment(Pos.CENTER_LEFT);
        charts.setHgap(12);
        charts.setVgap(12);
        ColumnConstraints half = new ColumnConstraints();
        half.setPercentWidth(50);
        charts.getColumnConstraints().setAll(half, half);
        for (int i = 0; i < 5; i++) {
            TimeChart chart = new TimeChart("", "");
            chart.setPrefHeight(230);
            chart.setMinHeight(200);
            chartNodes.add(chart);
            charts.add(chart, i % 2, i / 2, i == 4 ? 2 : 1, 1);
        }
        insights.setPrefWidth(INSIGHTS_WIDTH);
        insights.setMinWidth(INSIGHTS_WIDTH);
        charts.setMinWidth(CHARTS_MIN);
        HBox.setHgrow(charts, Priority.ALWAYS);
        // Charts and Contributor Insights side by side where both fit at their least width; in a narrower window
        // (1,280 px) Contributor Insights goes under the charts at their width, instead of past the window's edge.
        VBox body = new VBox(14);
        // One HBox child while side by side; the charts and Contributor Insights when stacked.
        body.setId("metricsBody");
        this.body = body;
        publishing.setId("metricsPublishing");
        publishing.getStyleClass().add("muted");
        publishing.setWrapText(true);
        publishing.setGraphic(Icons.of("mdi2i-information-outline", 14));
        Fx.show(publishing, false);
        content.getChildren().addAll(header, second, banner, error, publishing, body);
    }

    private static final double INSIGHTS_WIDTH = 560;
    private static final double CHARTS_MIN = 640;
    private static final double BODY_GAP = 14;

    /** Whether charts and Contributor Insights stand side by side (see {@link #arrange}); null before the first. */
    private Boolean sideBySide;

    private VBox body;

    /**
     * By the scroll pane's viewport, not the content's width: side by side, the content's least width is that of
     * both, and the scroll pane widens the content to it.
     */
    private void arrange(double viewportWidth) {
        double inner = viewportWidth - content.snappedLeftInset() - content.snappedRightInset();
        boolean wide = inner <= 0 || inner >= CHARTS_MIN + BODY_GAP + INSIGHTS_WIDTH;
        if (sideBySide != null && sideBySide == wide) {
            return;
        }
        sideBySide = wide;
        // On the next pulse: a child moved during the layout that measured this width would be laid out twice.
        Runnable move = () -> {
            if (wide) {
                insights.setMaxWidth(INSIGHTS_WIDTH);
                HBox row = new HBox(BODY_GAP, charts, insights);
                body.getChildren().setAll(row);
            } else {
                insights.setMaxWidth(Double.MAX_VALUE);
                body.getChildren().setAll(charts, insights);
            }
        };
        if (body.getChildren().isEmpty()) {
            move.run();
        } else {
            javafx.application.Platform.runLater(move);
        }
    }

    private void bind() {
        Runnable state = this::updateState;
        main.connectionProperty().addListener((obs, old, now) -> state.run());
        main.tableShapeProperty().addListener((obs, old, now) -> state.run());
        main.shapeLoadingProperty().addListener((obs, old, now) -> state.run());
        main.selectedTableProperty().addListener((obs, old, now) -> state.run());
        vm.snapshotProperty().addListener((obs, old, now) -> redraw());
        vm.resourceProperty().addListener((obs, old, now) -> redraw());
        main.timeRangeProperty().addListener((obs, old, now) -> redraw());
        vm.verdictProperty().addListener((obs, old, now) -> banner.set(now));
        vm.errorProperty().addListener((obs, old, now) -> showError(now));
        progressText.textProperty().bind(vm.progressTextProperty());
        var busy = vm.loadingProperty()
                .or(vm.insightsLoadingProperty())
                .or(vm.sortKeysLoadingProperty())
                .or(vm.streamLoadingProperty());
        Fx.bindShown(spinner, busy);
        Fx.bindShown(cancel, busy);
        updateState();
        redraw();
    }

    private void updateState() {
        TableShape shape = main.tableShapeProperty().get();
        boolean show = TableScreenState.apply(
                empty,
                main,
                actions,
                Screen.METRICS,
                "Connect to AWS, LocalStack"
                        + " (through the Lab proxy) or the built-in Lab to read a table's CloudWatch metrics and Contributor"
                        + " Insights.",
                "Choose a table in the top bar (Ctrl+T): its capacity, throttles by cause and top keys"
                        + " appear here, with a verdict on why it throttles.");
        Fx.show(empty, !show);
        content.setDisable(!show);
        content.setVisible(show);
        title.setText(shape == null ? "Metrics" : "Metrics · " + shape.name());
    }

    private void redraw() {
        MetricsSnapshot s = vm.snapshotProperty().get();
        Resource r = vm.resourceProperty().get();
        TableShape shape = main.tableShapeProperty().get();
        TimeRange range = main.timeRangeProperty().get();
        ZoneId zone = range.zone();
        if (s == null || r == null || shape == null) {
            for (TimeChart c : chartNodes) {
                c.setData(java.time.Instant.EPOCH, 60, List.of(), zone);
                c.setMessage(vm.loadingProperty().get() ? "Loading…" : "No data loaded yet");
            }
            rangeLabel.setText("");
            Fx.show(publishing, false);
            return;
        }
        publishing.setText(String.join("  ", s.plan().notes()));
        Fx.show(publishing, !s.plan().notes().isEmpty());
        DateTimeFormatter f = DateTimeFormatter.ofPattern("MM-dd HH:mm").withZone(zone);
        rangeLabel.setText(f.format(s.start()) + " → " + f.format(s.plan().end()) + " · "
                + MetricPeriod.label(s.periodSeconds()) + " periods · " + (range.utc() ? "UTC" : "local"));
        List<ChartSeries.Chart> list =
                ChartSeries.charts(s, r, Verdicts.limitsOf(shape).get(r));
        for (int i = 0; i < list.size(); i++) {
            ChartSeries.Chart c = list.get(i);
            TimeChart node = chartNodes.get(i);
            node.setId("chart-" + c.id());
            node.setTitle(c.title());
            node.setYAxisLabel(c.axis());
            node.setValueUnit(c.unit());
            node.setData(s.start(), s.periodSeconds(), c.series(), zone);
            DataState st = c.status().state();
            node.setMessage(
                    st == DataState.DATA
                                    || (st == DataState.PARTIAL && !c.series().isEmpty())
                            ? null
                            : st == DataState.ZERO
                                    ? c.zeroMessage()
                                    : c.status().message());
        }
    }

    private void showError(UserMessage m) {
        if (m == null) {
            error.show(null);
            return;
        }
        Button retry = new Button("Retry", Icons.of("mdi2r-refresh"));
        retry.setOnAction(e -> vm.reload());
        error.show(m, retry);
    }

    private void exportCsv() {
        Resource r = vm.resourceProperty().get();
        String name =
                "metrics-" + (r == null ? "table" : r.table() + (r.index() == null ? "" : "-" + r.index())) + ".csv";
        files.saveFile(root.getScene().getWindow(), "Export metrics", name, InsightsPane.CSV)
                .ifPresent(path -> {
                    StringBuilder sb = new StringBuilder();
                    for (TimeChart c : chartNodes) {
                        sb.append("# ")
                                .append(c.getTitle())
                                .append('\n')
                                .append(c.csv())
                                .append('\n');
                    }
                    // The charts' text is read here, on the FX thread; the disk write runs on the task runner.
                    fileExport.save(path, FileExport.text(sb.toString()), error);
                });
    }

    public Node root() {
        return root;
    }

    /** The verdict headline on screen (tests). */
    String verdictText() {
        return banner.headlineText();
    }
}
