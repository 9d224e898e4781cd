package dev.partitionscope.ui.heatmap;

import dev.partitionscope.aws.UserMessage;
import dev.partitionscope.core.heat.HeatCsv;
import dev.partitionscope.core.heat.HeatGrid;
import dev.partitionscope.core.heat.HeatMetric;
import dev.partitionscope.core.heat.HeatPalette;
import dev.partitionscope.core.heat.HeatPipeline;
import dev.partitionscope.core.heat.HeatRow;
import dev.partitionscope.core.heat.HeatSource;
import dev.partitionscope.core.heat.RowKey;
import dev.partitionscope.core.heat.ScaleMode;
import dev.partitionscope.core.metrics.DataState;
import dev.partitionscope.core.metrics.DataStatus;
import dev.partitionscope.core.table.TableShape;
import dev.partitionscope.core.time.TimeRange;
import dev.partitionscope.core.view.ViewState;
import dev.partitionscope.ui.common.EmptyState;
import dev.partitionscope.ui.common.FileDialogs;
import dev.partitionscope.ui.common.FileExport;
import dev.partitionscope.ui.common.Fx;
import dev.partitionscope.ui.common.Icons;
import dev.partitionscope.ui.common.MessageBox;
import dev.partitionscope.ui.common.Theme;
import dev.partitionscope.ui.common.heat.CellDetails;
import dev.partitionscope.ui.common.heat.HeatmapCanvas;
import dev.partitionscope.ui.session.ResourceChips;
import dev.partitionscope.ui.session.Screen;
import dev.partitionscope.ui.session.Session;
import dev.partitionscope.ui.session.ShellActions;
import dev.partitionscope.ui.session.TableScreenState;
import java.nio.file.Path;
import java.time.format.DateTimeFormatter;
import java.util.List;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.Slider;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.control.Tooltip;
import javafx.scene.image.WritableImage;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;

/**
 * The heatmap screen: options over the canvas (metric, resources, scale, palette, brightness, separator, shard
 * folding, zoom, live), the canvas itself, and a panel for the pinned cell. Binds to {@link HeatmapViewModel}; loads
 * only while it is on screen.
 */
public final class HeatmapView {
    static final FileDialogs.Type PNG = new FileDialogs.Type("PNG image", "png");
    static final FileDialogs.Type CSV = new FileDialogs.Type("CSV file", "csv");
    private static final String CSS = Theme.stylesheet("/dev/partitionscope/ui/heatmap/heatmap.css");

    private final HeatmapViewModel vm;
    private final Session main;
    private final ShellActions actions;
    private final FileDialogs files;
    private final FileExport fileExport;
    private final StackPane root = new StackPane();
    private final EmptyState empty = new EmptyState();
    private final BorderPane content = new BorderPane();
    private final Label title = new Label("Heatmap");
    private final Label rangeLabel = new Label();
    private final Label sourceLabel = new Label();
    private final Label truncatedNote =
            new Label("· more keys in \"other keys\"", Icons.of("mdi2i-information-outline", 14));
    private final Label retentionNote = new Label(null, Icons.of("mdi2c-clock-alert-outline", 14));
    private final Label progressText = new Label();
    private final ProgressIndicator spinner = new ProgressIndicator();
    private final Hyperlink cancel = new Hyperlink("Cancel");
    private final MessageBox message = new MessageBox();
    private final HeatmapCanvas canvas = new HeatmapCanvas();
    private final EmptyState canvasEmpty = new EmptyState();
    private final PinnedCellPane pinned;
    private final Button zoomToSelection = new Button("Zoom to selection", Icons.of("mdi2m-magnify-plus-outline"));
    private final javafx.event.EventHandler<KeyEvent> keys = this::keys;

    public HeatmapView(HeatmapViewModel vm, ShellActions actions, FileDialogs files) {
        this.vm = vm;
        this.main = vm.main();
        this.actions = actions;
        this.files = files;
        this.fileExport = new FileExport(vm.main().tasks());
        this.pinned = new PinnedCellPane(this::drillDown);
        root.getStylesheets().add(CSS);
        root.getStyleClass().add("heatmap-screen");
        root.setId("heatmapScreen");
        root.getProperties().put(HeatmapView.class, this);
        build();
        root.getChildren().addAll(content, empty);
        bind();
        root.sceneProperty()
                .addListener((obs, old, scene) -> vm.activeProperty().set(scene != null));
        Fx.sceneKeyFilter(root, keys);
        root.parentProperty()
                .addListener((obs, old, parent) -> vm.activeProperty().set(parent != null && root.getScene() != null));
    }

    /** Esc cancels a load; Backspace goes back a zoom; Ctrl+Shift+0 resets it; Z zooms to the selection. */
    private void keys(KeyEvent e) {
        if (e.getCode() == KeyCode.ESCAPE && vm.loadingProperty().get()) {
            vm.cancel();
            e.consume();
        } else if (e.getCode() == KeyCode.BACK_SPACE
                && canvas.isFocused()
                && vm.canGoBackProperty().get()) {
            vm.back();
            e.consume();
        } else if (e.getCode() == KeyCode.Z && canvas.isFocused() && canvas.getSelection() != null) {
            zoomToSelection();
            e.consume();
        }
    }

    // Building

    private void build() {
        content.getStyleClass().add("heatmap-content");
        title.getStyleClass().add("screen-title");
        title.setId("heatmapTitle");
        title.setMinWidth(Region.USE_PREF_SIZE); // the long source line gives way first ("Heatma…" said nothing)
        spinner.setPrefSize(18, 18);
        spinner.setMaxSize(18, 18);
        progressText.getStyleClass().add("muted");
        progressText.setId("heatmapProgress");
        cancel.setOnAction(e -> vm.cancel());
        cancel.setId("heatmapCancel");
        cancel.setTooltip(new Tooltip("Stop loading (Esc)"));
        rangeLabel.getStyleClass().add("muted");
        rangeLabel.setId("heatmapRange");
        sourceLabel.getStyleClass().add("muted");
        sourceLabel.setId("heatmapSource");
        Button refresh = new Button(null, Icons.of("mdi2r-refresh", 16));
        refresh.setTooltip(new Tooltip("Read again (F5)"));
        refresh.setOnAction(e -> vm.reload());
        MenuButton export = new MenuButton("Export", Icons.of("mdi2e-export-variant", 16));
        export.setId("heatmapExport");
        MenuItem png1 = new MenuItem("PNG (1×)…");
        png1.setOnAction(e -> exportPng(1));
        MenuItem png2 = new MenuItem("PNG (2×, for slides)…");
        png2.setOnAction(e -> exportPng(2));
        MenuItem csv = new MenuItem("CSV of the view…");
        csv.setOnAction(e -> exportCsv());
        MenuItem copy = new MenuItem("Copy image");
        copy.setOnAction(e -> copyImage());
        export.getItems().addAll(png1, png2, csv, copy);
        export.disableProperty().bind(vm.viewProperty().isNull());
        export.setMinWidth(Region.USE_PREF_SIZE); // the long source line (both sources) gives way, not the buttons
        refresh.setMinWidth(Region.USE_PREF_SIZE);
        sourceLabel.setMinWidth(0);
        truncatedNote.getStyleClass().add("muted");
        truncatedNote.setId("heatmapTruncated");
        Fx.show(truncatedNote, false);
        retentionNote.getStyleClass().add("muted");
        retentionNote.setId("heatmapRetention");
        retentionNote.textProperty().bind(vm.retentionNoteProperty());
        retentionNote.setTooltip(new Tooltip("A DynamoDB stream keeps every write for 24 hours: the part of the window"
                + " before that has no stream heat (Contributor Insights may have it)."));
        Fx.bindShown(retentionNote, vm.retentionNoteProperty().isNotEmpty());
        Tooltip sourceTip = new Tooltip();
        sourceTip.textProperty().bind(vm.sourceTipProperty());
        sourceTip.setWrapText(true);
        sourceTip.setMaxWidth(460);
        sourceLabel.setTooltip(sourceTip);
        // The title, the source and the actions on the first row; what was read (source line, notes, range) on the
        // second, beside the resources, where it has room: at 1,280 px one row cut the source line and the range.
        Pane spacer = new Pane();
        HBox header = new HBox(10, title, sourceChoice(), spacer, spinner, progressText, cancel, refresh, export);
        HBox.setHgrow(spacer, Priority.ALWAYS);
        header.setAlignment(Pos.CENTER_LEFT);
        rangeLabel.setMinWidth(Region.USE_PREF_SIZE);
        truncatedNote.setMinWidth(0);
        retentionNote.setMinWidth(0);

        ResourceChips chips = new ResourceChips(main);
        chips.setId("heatmapResources");
        CheckBox all = new CheckBox("Table + all GSIs");
        all.setId("heatmapAllResources");
        all.setTooltip(new Tooltip("Show the table and every GSI in one map; rows never merge across them"));
        all.selectedProperty().bindBidirectional(vm.allResourcesProperty());
        chips.disableProperty().bind(vm.allResourcesProperty());
        all.setMinWidth(Region.USE_PREF_SIZE);
        Pane gap = new Pane();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox resources = new HBox(10, chips, all, gap, sourceLabel, truncatedNote, retentionNote, rangeLabel);
        resources.setAlignment(Pos.CENTER_LEFT);

        VBox top = new VBox(8, header, resources, options(), message);
        top.getStyleClass().add("heatmap-top");
        content.setTop(top);

        canvas.setId("heatmapCanvas");
        canvas.setFocusTraversable(true);
        canvasEmpty.compact();
        canvasEmpty.setId("heatmapEmpty");
        StackPane center = new StackPane(canvas, canvasEmpty);
        center.getStyleClass().add("heatmap-center");
        content.setCenter(center);
        pinned.setId("heatmapPinned");
        content.setRight(pinned);
        Fx.show(pinned, false);
    }

    /**
     * Contributor Insights / Streams / Both: a segmented toggle in the header (Tab reaches it, Space picks), each
     * with its source's reach as a tooltip.
     */
    private Node sourceChoice() {
        return dev.partitionscope.ui.common.SourceToggle.of(vm.heatSourceProperty(), "heatmapSource");
    }

    /** The stream's bucket width (Auto, 1 s, 1 min) and, with both sources, which one the grid draws. */
    private Node streamOptions() {
        ComboBox<Integer> resolution = new ComboBox<>(javafx.collections.FXCollections.observableArrayList(0, 1, 60));
        resolution.setId("heatmapResolution");
        resolution.setConverter(new StringConverter<>() {
            @Override
            public String toString(Integer r) {
                return r == null ? "" : r == 0 ? "Auto (1 s up to 1 h, else 1 min)" : r == 1 ? "1 s" : "1 min";
            }

            @Override
            public Integer fromString(String s) {
                return null;
            }
        });
        resolution.setValue(vm.streamResolutionProperty().get());
        resolution.valueProperty().addListener((obs, old, now) -> {
            if (now != null) {
                vm.streamResolutionProperty().set(now);
            }
        });
        vm.streamResolutionProperty().addListener((obs, old, now) -> resolution.setValue(now.intValue()));
        resolution.setTooltip(new Tooltip("How wide a stream column is. 1 s shows a burst inside a minute (zoom into"
                + " it with Shift+drag, Z); a day at 1 s is 86,400 columns, so longer windows default to 1 min."));
        ComboBox<HeatSource> grid = new ComboBox<>(
                javafx.collections.FXCollections.observableArrayList(HeatSource.STREAMS, HeatSource.INSIGHTS));
        grid.setId("heatmapBothGrid");
        grid.valueProperty().bindBidirectional(vm.bothGridProperty());
        grid.setConverter(new StringConverter<>() {
            @Override
            public String toString(HeatSource s) {
                return s == null
                        ? ""
                        : s == HeatSource.STREAMS ? "Stream (writes, per second)" : "Contributor Insights";
            }

            @Override
            public HeatSource fromString(String s) {
                return null;
            }
        });
        grid.setTooltip(new Tooltip("Both sources are read; the grid draws one of them. The source line names both."));
        Node resolutionBox = labelled("Stream buckets", resolution);
        Node gridBox = labelled("Grid from", grid);
        Fx.bindShown(
                resolutionBox,
                javafx.beans.binding.Bindings.createBooleanBinding(
                        () -> vm.heatSourceProperty().get().readsStream(), vm.heatSourceProperty()));
        Fx.bindShown(gridBox, vm.heatSourceProperty().isEqualTo(HeatSource.BOTH));
        HBox box = new HBox(10, resolutionBox, gridBox);
        box.setAlignment(Pos.CENTER_LEFT);
        return box;
    }

    private Node options() {
        ComboBox<HeatMetric> metric = new ComboBox<>(vm.metrics());
        metric.setId("heatmapMetric");
        metric.valueProperty().bindBidirectional(vm.metricProperty());
        metric.setConverter(new StringConverter<>() {
            @Override
            public String toString(HeatMetric m) {
                if (m == HeatMetric.WRITES) {
                    var r = vm.streamsProperty().get();
                    return r != null && r.keysOnly()
                            ? "writes/s (KEYS_ONLY stream: no images to size)"
                            : "Write units (WCU/s, from the stream)";
                }
                return m == null ? "" : m.label();
            }

            @Override
            public HeatMetric fromString(String s) {
                return null;
            }
        });
        vm.streamsProperty().addListener((obs, old, now) -> {
            HeatMetric m = metric.getValue(); // the label depends on the stream's view type: redraw it
            metric.setValue(null);
            metric.setValue(m);
        });
        metric.setTooltip(new Tooltip("What the colour shows. Contributor Insights counts consumed throughput units"
                + " (3 × writes + reads) and throttled requests per key; reads and writes apart need a source that"
                + " meters them apart."));

        ToggleGroup scaleGroup = new ToggleGroup();
        ToggleButton absolute = new ToggleButton("% of ceiling");
        absolute.setId("heatmapAbsolute");
        absolute.setTooltip(new Tooltip("Absolute: 100 % = one key at the partition ceiling (1,000 WCU/s or 3,000"
                + " RCU/s for the whole minute, 180,000 units/min); above 100 % is drawn in its own colour"));
        ToggleButton relative = new ToggleButton("Relative (log)");
        relative.setId("heatmapRelative");
        relative.setTooltip(new Tooltip(
                "Relative log scale over this view: shows structure in a cold table, but" + " cold can look hot"));
        absolute.setToggleGroup(scaleGroup);
        relative.setToggleGroup(scaleGroup);
        absolute.setUserData(ScaleMode.ABSOLUTE);
        relative.setUserData(ScaleMode.RELATIVE_LOG);
        scaleGroup.selectToggle(vm.scaleModeProperty().get() == ScaleMode.ABSOLUTE ? absolute : relative);
        scaleGroup.selectedToggleProperty().addListener((obs, old, now) -> {
            if (now == null) {
                scaleGroup.selectToggle(old); // one is always on
            } else {
                vm.scaleModeProperty().set((ScaleMode) now.getUserData());
            }
        });
        HBox scale = new HBox(absolute, relative);
        scale.getStyleClass().add("segmented");

        ComboBox<HeatPalette> palette =
                new ComboBox<>(javafx.collections.FXCollections.observableArrayList(HeatPalette.values()));
        palette.setId("heatmapPalette");
        palette.valueProperty().bindBidirectional(vm.paletteProperty());
        palette.setConverter(new StringConverter<>() {
            @Override
            public String toString(HeatPalette p) {
                return p == null
                        ? ""
                        : switch (p) {
                            case HEAT -> "Heat";
                            case CIVIDIS -> "Cividis (colour-blind safe)";
                            case HIGH_CONTRAST -> "High contrast";
                        };
            }

            @Override
            public HeatPalette fromString(String s) {
                return null;
            }
        });
        Slider brightness = new Slider(-1, 1, 0);
        brightness.setId("heatmapBrightness");
        brightness.setPrefWidth(110);
        brightness.valueProperty().bindBidirectional(vm.brightnessProperty());
        brightness.setTooltip(new Tooltip("Brightness: lifts (right) or sinks (left) the low levels; 100 % keeps"
                + " its colour. Double-click to reset."));
        brightness.setOnMouseClicked(e -> {
            if (e.getClickCount() == 2) {
                brightness.setValue(0);
            }
        });

        ComboBox<String> separator =
                new ComboBox<>(javafx.collections.FXCollections.observableArrayList("Auto", "#", "|", ":", "."));
        separator.setId("heatmapSeparator");
        separator.setValue("Auto");
        separator.setTooltip(new Tooltip("The character that splits keys into the label columns"
                + " (THREAT#brand-abc#2026-06 → THREAT › brand-abc › 2026-06) and shard suffixes"));
        separator.valueProperty().addListener((obs, old, now) -> vm.separatorProperty()
                .set(now == null || now.equals("Auto") ? null : now.charAt(0)));
        CheckBox fold = new CheckBox("Fold shards");
        fold.setId("heatmapFold");
        fold.selectedProperty().bindBidirectional(vm.foldShardsProperty());
        fold.setTooltip(new Tooltip("Sum PENDING#1 … PENDING#8 into one PENDING row (each shard looks lukewarm while"
                + " their sum may be at the ceiling); the pinned-cell panel expands one"));

        zoomToSelection.setId("heatmapZoomSelection");
        zoomToSelection.setTooltip(
                new Tooltip("Re-bucket the selected keys × time on their own (Z). Select with" + " Shift+drag."));
        zoomToSelection.setOnAction(e -> zoomToSelection());
        zoomToSelection.disableProperty().bind(canvas.selectionProperty().isNull());
        Button back = new Button(null, Icons.of("mdi2a-arrow-left", 16));
        back.setId("heatmapBack");
        back.setTooltip(new Tooltip("Back to the previous zoom (Backspace)"));
        back.setOnAction(e -> vm.back());
        back.disableProperty().bind(vm.canGoBackProperty().not());
        Button reset = new Button("Reset", Icons.of("mdi2f-fit-to-screen-outline", 16));
        reset.setId("heatmapReset");
        reset.setTooltip(new Tooltip("Every key over the whole range; also resets the visual zoom (0)"));
        reset.setOnAction(e -> {
            vm.resetZoom();
            canvas.resetView();
        });
        ToggleButton live = new ToggleButton("Live", Icons.of("mdi2r-record-circle-outline", 16));
        live.setId("heatmapLive");
        live.setTooltip(new Tooltip("On the Lab: read every 5 s and keep the newest minute in view"));
        live.selectedProperty().bindBidirectional(vm.liveProperty());
        live.disableProperty().bind(vm.liveAvailableProperty().not());

        FlowPane bar = new FlowPane(
                10,
                8,
                labelled("Metric", metric),
                streamOptions(),
                labelled("Colour", scale),
                labelled("Palette", palette),
                labelled("Brightness", brightness),
                labelled("Separator", separator),
                fold,
                new HBox(4, zoomToSelection, back, reset),
                live);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.getStyleClass().add("heatmap-options");
        return bar;
    }

    private static Node labelled(String text, Node control) {
        Label l = new Label(text);
        l.getStyleClass().add("muted");
        l.setLabelFor(control);
        HBox box = new HBox(6, l, control);
        box.setAlignment(Pos.CENTER_LEFT);
        return box;
    }

    // Binding

    private void bind() {
        Runnable state = this::updateState;
        main.connectionProperty().addListener((obs, old, now) -> state.run());
        main.tableShapeProperty().addListener((obs, old, now) -> state.run());
        main.shapeLoadingProperty().addListener((obs, old, now) -> state.run());
        main.selectedTableProperty().addListener((obs, old, now) -> state.run());
        main.timeRangeProperty().addListener((obs, old, now) -> canvas.setZone(now.zone()));
        canvas.setZone(main.timeRangeProperty().get().zone());
        progressText.textProperty().bind(vm.progressTextProperty());
        sourceLabel.textProperty().bind(vm.sourceTextProperty());
        Fx.bindShown(spinner, vm.loadingProperty());
        Fx.bindShown(cancel, vm.loadingProperty());
        vm.viewProperty().addListener((obs, old, now) -> showView(now));
        vm.scaleProperty().addListener((obs, old, now) -> canvas.setScale(now));
        vm.lutProperty().addListener((obs, old, now) -> canvas.setLut(now));
        canvas.setLut(vm.lutProperty().get()); // a ViewModel can start on another palette (the high-contrast theme)
        vm.errorProperty().addListener((obs, old, now) -> showMessages());
        vm.statusProperty().addListener((obs, old, now) -> showMessages());
        vm.loadingProperty().addListener((obs, old, now) -> updateCanvasEmpty());
        vm.gridSourceProperty().addListener((obs, old, now) -> updateCanvasEmpty());
        main.readOnlyProperty().addListener((obs, old, now) -> updateCanvasEmpty());
        vm.liveProperty().addListener((obs, old, now) -> canvas.setFollowLatest(now));
        canvas.pinnedCellProperty().addListener((obs, old, now) -> updatePinned());
        canvas.setOnRowActivated(this::drillDown);
        updateState();
        showView(vm.viewProperty().get());
    }

    private void updateState() {
        TableShape shape = main.tableShapeProperty().get();
        boolean show = TableScreenState.apply(
                empty,
                main,
                actions,
                Screen.HEATMAP,
                "Connect to AWS, LocalStack"
                        + " (through the Lab proxy) or the built-in Lab: partition keys go down, time across, and heat is"
                        + " colour calibrated to the partition ceiling.",
                "Choose a table in the top bar (Ctrl+T): its"
                        + " keys × time heatmap appears here, from Contributor Insights.");
        Fx.show(empty, !show);
        content.setDisable(!show);
        content.setVisible(show);
        title.setText(shape == null ? "Heatmap" : "Heatmap · " + shape.name());
    }

    private void showView(HeatPipeline.Result r) {
        if (r != null) {
            canvas.setSeparator(r.separator());
        }
        canvas.setGrid(r == null ? null : r.grid());
        canvas.setScale(vm.scaleProperty().get());
        canvas.setThrottleCauses(r == null ? null : r.keyRange(), r == null ? null : r.otherCauses());
        rangeLabel.setText(r == null ? "" : rangeText(r.grid()));
        updatePinned();
        updateCanvasEmpty();
    }

    private String rangeText(HeatGrid g) {
        TimeRange range = main.timeRangeProperty().get();
        DateTimeFormatter f = DateTimeFormatter.ofPattern("MM-dd HH:mm").withZone(range.zone());
        return f.format(g.columnStart(0)) + " → " + f.format(g.columnStart(g.columnCount())) + " · "
                + String.format("%,d", g.rowCount()) + " rows × " + g.columnCount() + " columns of "
                + dev.partitionscope.core.metrics.MetricPeriod.label(g.columnSeconds()) + " · "
                + (range.utc() ? "UTC" : "local");
    }

    private void updateCanvasEmpty() {
        HeatPipeline.Result r = vm.viewProperty().get();
        DataStatus s = vm.statusProperty().get();
        boolean blank = r == null
                || r.grid().rowCount() == 0
                || (r.grid().total() == 0 && r.grid().rowCount() <= 1);
        Fx.show(canvasEmpty, blank);
        canvas.setVisible(!blank);
        if (!blank) {
            return;
        }
        boolean stream = vm.gridSourceProperty().get() == HeatSource.STREAMS;
        if (vm.loadingProperty().get()) {
            canvasEmpty.set(
                    Screen.HEATMAP.icon(),
                    "Reading the keys…",
                    stream
                            ? "The stream's shards are read record by record; Esc cancels. "
                                    + HeatmapViewModel.STREAM_RATE_NOTE
                            : "Contributor Insights reports are read per" + " sub-window and stitched; Esc cancels.");
        } else if (stream) {
            streamEmpty(s);
        } else if (s != null && s.state() == DataState.NOT_ENABLED) {
            Button metrics = new Button("Open Metrics (Ctrl+3)", Icons.of(Screen.METRICS.icon()));
            metrics.setOnAction(e -> main.screenProperty().set(Screen.METRICS));
            canvasEmpty.set(
                    Screen.HEATMAP.icon(),
                    "Contributor Insights is off",
                    s.message() + ". Enable it"
                            + " on the Metrics screen: DynamoDB only reports keys from the moment it is on.",
                    metrics);
        } else if (s != null && !s.state().hasValues()) {
            canvasEmpty.set(Screen.HEATMAP.icon(), "No key data", s.message());
        } else {
            Button lab = new Button("Open the Lab (Ctrl+7)", Icons.of(Screen.LAB.icon()));
            lab.setOnAction(e -> main.screenProperty().set(Screen.LAB));
            canvasEmpty.set(
                    Screen.HEATMAP.icon(),
                    "No traffic in this range",
                    "No key consumed capacity between"
                            + " these times. Pick a longer range in the top bar, or run one of the seeds' workloads on the"
                            + " Lab — fast-forwarded, an hour takes seconds.",
                    lab);
        }
    }

    /** What an empty stream grid says, with the next step. */
    private void streamEmpty(DataStatus s) {
        String retention = vm.retentionNoteProperty().get();
        if (s == null) {
            canvasEmpty.set(Screen.HEATMAP.icon(), "No stream read yet", "F5 reads the table's stream.");
        } else if (s.state() == DataState.NOT_ENABLED) {
            Button enable = new Button("Enable stream…", Icons.of("mdi2p-play-circle-outline"));
            enable.setId("heatmapEnableStream");
            enable.setOnAction(e -> confirmEnableStream());
            enable.disableProperty().bind(vm.enablingStreamProperty());
            canvasEmpty.set(
                    Screen.HEATMAP.icon(),
                    "Streams are off on this table",
                    "With a DynamoDB stream on, every write is kept for 24 h, key by key, to the second — no rule to"
                            + " enable in advance. Only writes from the moment it is on will appear."
                            + (main.readOnlyProperty().get()
                                    ? " Enabling is a write: unlock writes for this table first."
                                    : ""),
                    enable);
        } else if (s.state() == DataState.NO_DATA) {
            canvasEmpty.set(
                    Screen.HEATMAP.icon(),
                    "No writes in this window",
                    (retention.isEmpty() ? "" : retention + ". ")
                            + "The stream holds no write of this table between these times: pick another range in the"
                            + " top bar (the stream keeps 24 h), or write to the table.");
        } else if (s.state() == DataState.ACCESS_DENIED) {
            canvasEmpty.set(Screen.HEATMAP.icon(), "Not allowed to read the stream", s.message());
        } else if (s.state() == DataState.FAILED) {
            Button retry = new Button("Retry", Icons.of("mdi2r-refresh"));
            retry.setId("heatmapStreamRetry");
            retry.setOnAction(e -> vm.reload());
            canvasEmpty.set(Screen.HEATMAP.icon(), "The stream could not be read", s.message(), retry);
        } else if (!s.state().hasValues()) {
            canvasEmpty.set(Screen.HEATMAP.icon(), "No stream heat", s.message());
        } else {
            canvasEmpty.set(
                    Screen.HEATMAP.icon(),
                    "No writes in this window",
                    (retention.isEmpty() ? "" : retention + ". ") + "Pick another range in the top bar.");
        }
    }

    /** Enabling a stream is free but a write; reading it is billed: the user confirms first. */
    private void confirmEnableStream() {
        TableShape shape = main.tableShapeProperty().get();
        if (shape == null) {
            return;
        }
        javafx.scene.control.Alert confirm =
                new javafx.scene.control.Alert(javafx.scene.control.Alert.AlertType.CONFIRMATION);
        confirm.initOwner(root.getScene().getWindow());
        confirm.setTitle("Enable stream");
        confirm.setHeaderText("Enable a DynamoDB stream on " + shape.name() + "?");
        confirm.setContentText(enableStreamExplanation(shape.name()));
        confirm.getDialogPane().setId("enableStreamConfirm");
        Theme.style(confirm.getDialogPane().getScene());
        if (confirm.showAndWait()
                .filter(b -> b == javafx.scene.control.ButtonType.OK)
                .isPresent()) {
            vm.enableStream();
        }
    }

    static String enableStreamExplanation(String table) {
        return "This turns on " + table + "'s stream (UpdateTable, view type NEW_AND_OLD_IMAGES, so every write can be"
                + " sized in write units). Enabling costs nothing; reading the stream is billed (GetRecords calls, as"
                + " read request units on AWS). Only writes from now on will appear in it.\n\nIt is a write: on a"
                + " read-only connection it is refused until you unlock writes for " + table + ".";
    }

    private void showMessages() {
        UserMessage e = vm.errorProperty().get();
        if (e != null && main.readOnlyProperty().get() && e.headline().startsWith("Writes are locked")) {
            Button unlock = new Button("Unlock writes…", Icons.of("mdi2l-lock-open-variant-outline"));
            unlock.setId("heatmapUnlock");
            unlock.setOnAction(a ->
                    actions.openUnlockWritesDialog(main.selectedTableProperty().get()));
            message.show(e, MessageBox.Kind.WARNING, unlock);
        } else if (e != null) {
            Button retry = new Button("Retry", Icons.of("mdi2r-refresh"));
            retry.setOnAction(a -> vm.reload());
            message.show(e, retry);
        } else {
            DataStatus s = vm.statusProperty().get();
            if (s != null && s.state() == DataState.PARTIAL) {
                message.show(
                        UserMessage.of(
                                s.state().label(), s.message(), "Missing columns are hatched; F5 reads" + " again."),
                        MessageBox.Kind.WARNING);
            } else {
                message.show(null);
            }
        }
        // Truncation is the normal state of a busy table (each report ranks 25 keys): a note, not a warning.
        DataStatus s = vm.statusProperty().get();
        boolean truncated = s != null && s.state() == DataState.TRUNCATED;
        Fx.show(truncatedNote, truncated);
        truncatedNote.setTooltip(truncated ? new Tooltip(s.message()) : null);
        updateCanvasEmpty();
    }

    // Pinning, drill-down, zoom

    private void updatePinned() {
        HeatmapCanvas.Cell cell = canvas.getPinnedCell();
        HeatGrid grid = canvas.getGrid();
        if (cell == null || grid == null || cell.row() >= grid.rowCount() || cell.column() >= grid.columnCount()) {
            Fx.show(pinned, false);
            return;
        }
        HeatPipeline.Result r = vm.viewProperty().get();
        HeatRow row = grid.row(cell.row());
        String logical = row.merged() || row.other() || r == null
                ? null
                : r.folding().logicalKey(row.first().partitionKey());
        boolean sharded = logical != null && r.folding().shardCount(logical) > 0;
        boolean expandedKey = logical != null && vm.expanded().contains(logical);
        pinned.show(
                CellDetails.of(
                        grid,
                        cell.row(),
                        cell.column(),
                        canvas.getScale(),
                        main.timeRangeProperty().get().zone()),
                cell.row(),
                sharded || expandedKey ? logical : null,
                expandedKey,
                vm::toggleExpanded);
        Fx.show(pinned, true);
    }

    /**
     * The pinned cell as a key and the start of its column (what a saved view keeps: rows and columns change with
     * the bucketing, the key and the minute do not); null when nothing is pinned.
     */
    public ViewState.Pin pinnedKey() {
        HeatmapCanvas.Cell cell = canvas.getPinnedCell();
        HeatGrid grid = canvas.getGrid();
        if (cell == null || grid == null || cell.row() >= grid.rowCount() || cell.column() >= grid.columnCount()) {
            return null;
        }
        return new ViewState.Pin(
                ViewState.Key.of(grid.row(cell.row()).first()),
                grid.columnStart(cell.column()).toEpochMilli());
    }

    /** Whether the canvas draws {@code view} already (the view is handed to it by a listener). */
    public boolean shows(HeatPipeline.Result view) {
        return view != null && canvas.getGrid() == view.grid();
    }

    /**
     * Pins the cell of {@code pin}'s key (the row holding it, merged or not) in the column holding its minute.
     *
     * @return false when the grid shown has no such key or minute
     */
    public boolean pinKey(ViewState.Pin pin) {
        HeatGrid grid = canvas.getGrid();
        if (pin == null || grid == null || pin.key() == null) {
            return false;
        }
        RowKey key = pin.key().toRowKey();
        int row = -1;
        for (int r = 0; r < grid.rowCount() && row < 0; r++) {
            if (grid.row(r).first().equals(key) || grid.members(r).contains(key)) {
                row = r;
            }
        }
        int column = -1;
        for (int c = 0; c < grid.columnCount() && column < 0; c++) {
            if (grid.columnStart(c + 1).toEpochMilli() > pin.atMillis()
                    && grid.columnStart(c).toEpochMilli() <= pin.atMillis()) {
                column = c;
            }
        }
        if (row < 0 || column < 0) {
            return false;
        }
        canvas.setPinnedCell(new HeatmapCanvas.Cell(row, column));
        return true;
    }

    private void zoomToSelection() {
        HeatmapCanvas.Selection s = canvas.getSelection();
        if (s == null) {
            return;
        }
        canvas.setSelection(null);
        vm.zoomTo(s.firstRow(), s.lastRow(), s.firstColumn(), s.lastColumn());
    }

    private void drillDown(int row) {
        HeatPipeline.Result r = vm.viewProperty().get();
        if (r == null || row < 0 || row >= r.grid().rowCount()) {
            return;
        }
        KeyDrillDown.show(
                root.getScene().getWindow(),
                vm,
                r,
                row,
                main.timeRangeProperty().get().zone());
    }

    // Export

    private String exportTitle() {
        HeatPipeline.Result r = vm.viewProperty().get();
        TableShape shape = main.tableShapeProperty().get();
        String what = vm.metricProperty().get().label() + " per key";
        return (shape == null ? "" : shape.name() + " — ") + what + (r == null ? "" : " — " + rangeText(r.grid()));
    }

    private String fileStem() {
        TableShape shape = main.tableShapeProperty().get();
        return "heatmap-" + (shape == null ? "table" : shape.name());
    }

    void exportPng(int scale) {
        files.saveFile(
                        root.getScene().getWindow(),
                        "Export heatmap as PNG",
                        fileStem() + (scale == 1 ? "" : "@2x") + ".png",
                        PNG)
                .ifPresent(path -> writePng(canvas.exportImage(scale, exportTitle()), path));
    }

    /** The image is drawn on the FX thread; encoding and writing run on the task runner. */
    private void writePng(WritableImage image, Path path) {
        fileExport.save(path, FileExport.png(image), message);
    }

    private void copyImage() {
        javafx.scene.input.ClipboardContent c = new javafx.scene.input.ClipboardContent();
        c.putImage(canvas.exportImage(1, exportTitle()));
        javafx.scene.input.Clipboard.getSystemClipboard().setContent(c);
    }

    void exportCsv() {
        HeatPipeline.Result r = vm.viewProperty().get();
        if (r == null) {
            return;
        }
        files.saveFile(root.getScene().getWindow(), "Export heatmap as CSV", fileStem() + ".csv", CSV)
                // The grid is the immutable result on screen: it is written out on the task runner.
                .ifPresent(path -> fileExport.save(path, FileExport.text(w -> HeatCsv.write(r.grid(), w)), message));
    }

    public Node root() {
        return root;
    }

    HeatmapCanvas canvas() {
        return canvas;
    }

    HeatmapViewModel viewModel() {
        return vm;
    }

    List<String> pinnedValues() {
        return pinned.values();
    }
}
