package dev.partitionscope.ui.heatmap;

import dev.partitionscope.aws.Connection;
import dev.partitionscope.aws.ConnectionKind;
import dev.partitionscope.aws.ErrorTranslator;
import dev.partitionscope.aws.InsightsReader;
import dev.partitionscope.aws.StreamHeatReader;
import dev.partitionscope.aws.TableGateway;
import dev.partitionscope.aws.TrafficLoader;
import dev.partitionscope.aws.UserMessage;
import dev.partitionscope.core.heat.ColorLut;
import dev.partitionscope.core.heat.HeatGrid;
import dev.partitionscope.core.heat.HeatMetric;
import dev.partitionscope.core.heat.HeatPalette;
import dev.partitionscope.core.heat.HeatPipeline;
import dev.partitionscope.core.heat.HeatScale;
import dev.partitionscope.core.heat.HeatSource;
import dev.partitionscope.core.heat.HeatZoom;
import dev.partitionscope.core.heat.KeyTimeMatrix;
import dev.partitionscope.core.heat.MatrixUnit;
import dev.partitionscope.core.heat.RowBucketing;
import dev.partitionscope.core.heat.ScaleMode;
import dev.partitionscope.core.metrics.DataState;
import dev.partitionscope.core.metrics.DataStatus;
import dev.partitionscope.core.metrics.MetricPeriod;
import dev.partitionscope.core.metrics.MetricsSnapshot;
import dev.partitionscope.core.metrics.Resource;
import dev.partitionscope.core.table.ContributorInsightsState;
import dev.partitionscope.core.table.TableShape;
import dev.partitionscope.core.time.TimeRange;
import dev.partitionscope.ui.common.StreamTexts;
import dev.partitionscope.ui.session.AutoRefresh;
import dev.partitionscope.ui.session.Session;
import dev.partitionscope.ui.task.TaskSlot;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.ObservableSet;

/**
 * The heatmap screen: reads the selected table's traffic (CloudWatch metrics for the throttle causes, Contributor
 * Insights reports stitched into key × time matrices) and turns it into the grid the canvas draws, through
 * {@link HeatPipeline} on a worker thread whenever an option changes. Options only re-run the pipeline; a new range,
 * table or connection (or F5, auto-refresh, live mode) reads again. Zooms to a selection stack, so Back returns.
 *
 * <p>The per-key heat comes from the chosen {@link HeatSource}: Contributor Insights (per minute, reads and writes),
 * the table's DynamoDB stream (every write of the last 24 h, to the second), or both — then the grid draws the one
 * chosen with {@link #bothGridProperty()} and the source line names both.
 */
public final class HeatmapViewModel {
    /** Sub-windows per range on local endpoints, where reports cost nothing: more windows find more keys. */
    static final int LOCAL_SUB_WINDOWS = 96;

    /** Windows up to this long read the stream per second by default; longer ones per minute. */
    static final long SECONDS_UP_TO = 3_600;

    /** The stream reader's pace, said wherever the stream is read. */
    public static final String STREAM_RATE_NOTE =
            "Reads at most 2 calls/s per shard so a production Lambda on the" + " same shards is never starved.";

    private final Session main;
    private final Function<Connection, Instant> endpointNow;

    private final BooleanProperty active = new SimpleBooleanProperty(this, "active");
    private final ReadOnlyBooleanWrapper loading = new ReadOnlyBooleanWrapper(this, "loading");
    private final ReadOnlyStringWrapper progressText = new ReadOnlyStringWrapper(this, "progressText", "");
    private final ReadOnlyObjectWrapper<UserMessage> error = new ReadOnlyObjectWrapper<>(this, "error");
    private final ReadOnlyObjectWrapper<DataStatus> status = new ReadOnlyObjectWrapper<>(this, "status");
    private final ReadOnlyObjectWrapper<HeatPipeline.Result> view = new ReadOnlyObjectWrapper<>(this, "view");
    private final ReadOnlyObjectWrapper<HeatScale> scale = new ReadOnlyObjectWrapper<>(this, "scale");
    private final ReadOnlyObjectWrapper<int[]> lut = new ReadOnlyObjectWrapper<>(
            this, "lut", ColorLut.build(HeatPalette.HEAT, 0).table());
    private final ObjectProperty<HeatMetric> metric = new SimpleObjectProperty<>(this, "metric", HeatMetric.THROUGHPUT);
    private final ObservableList<HeatMetric> metrics =
            FXCollections.observableArrayList(HeatMetric.THROUGHPUT, HeatMetric.THROTTLES);
    private final BooleanProperty allResources = new SimpleBooleanProperty(this, "allResources");
    private final ObjectProperty<ScaleMode> scaleMode =
            new SimpleObjectProperty<>(this, "scaleMode", ScaleMode.ABSOLUTE);
    private final ObjectProperty<HeatPalette> palette = new SimpleObjectProperty<>(this, "palette", HeatPalette.HEAT);
    /** The palette the high-contrast theme replaced, or null when the theme did not choose the one shown. */
    private HeatPalette paletteBeforeHighContrast;

    private final DoubleProperty brightness = new SimpleDoubleProperty(this, "brightness", 0);
    private final ObjectProperty<Character> separator = new SimpleObjectProperty<>(this, "separator");
    private final BooleanProperty foldShards = new SimpleBooleanProperty(this, "foldShards", true);
    private final ObservableSet<String> expanded = FXCollections.observableSet();
    private final BooleanProperty live = new SimpleBooleanProperty(this, "live");
    private final ReadOnlyBooleanWrapper liveAvailable = new ReadOnlyBooleanWrapper(this, "liveAvailable");
    private final ReadOnlyBooleanWrapper canGoBack = new ReadOnlyBooleanWrapper(this, "canGoBack");
    private final ReadOnlyBooleanWrapper zoomed = new ReadOnlyBooleanWrapper(this, "zoomed");
    private final ReadOnlyStringWrapper sourceText = new ReadOnlyStringWrapper(this, "sourceText", "");
    private final ReadOnlyStringWrapper sourceTip = new ReadOnlyStringWrapper(this, "sourceTip", "");
    private final ObjectProperty<HeatSource> heatSource =
            new SimpleObjectProperty<>(this, "heatSource", HeatSource.INSIGHTS);
    /** Stream bucket width in seconds: 1, 60, or 0 for automatic (1 s up to an hour's window, else 1 min). */
    private final IntegerProperty streamResolution = new SimpleIntegerProperty(this, "streamResolution", 0);
    /** With both sources: which one the grid draws (STREAMS or INSIGHTS). */
    private final ObjectProperty<HeatSource> bothGrid =
            new SimpleObjectProperty<>(this, "bothGrid", HeatSource.STREAMS);

    private final ReadOnlyObjectWrapper<HeatSource> gridSource =
            new ReadOnlyObjectWrapper<>(this, "gridSource", HeatSource.INSIGHTS);
    private final ReadOnlyObjectWrapper<StreamHeatReader.Result> streams = new ReadOnlyObjectWrapper<>(this, "streams");
    /** Why part of the window has no stream heat (older than 24 h), or empty. */
    private final ReadOnlyStringWrapper retentionNote = new ReadOnlyStringWrapper(this, "retentionNote", "");

    private final ReadOnlyBooleanWrapper enablingStream = new ReadOnlyBooleanWrapper(this, "enablingStream");

    /** Zooms before the current one, most recent first. */
    private final Deque<HeatZoom> back = new ArrayDeque<>();

    private HeatZoom zoom;
    private TrafficLoader.Traffic traffic;
    /** The window {@link #traffic} was read for: the range resolved at the endpoint's "now" of that load. */
    private TimeRange.Window loadedWindow;

    private final TaskSlot loadTask;
    private final TaskSlot buildTask;
    private final TaskSlot enableTask;
    private boolean dirty = true;
    private Object shownFor;
    private AutoRefresh beforeLive;

    public HeatmapViewModel(Session main, Function<Connection, Instant> endpointNow) {
        this.main = main;
        this.loadTask = new TaskSlot(main.tasks());
        this.buildTask = new TaskSlot(main.tasks());
        this.enableTask = new TaskSlot(main.tasks());
        this.endpointNow = endpointNow;
        main.tableShapeProperty().addListener((obs, old, now) -> {
            if (old == null || now == null || !old.name().equals(now.name())) {
                invalidate(true);
            }
        });
        main.connectionProperty().addListener((obs, old, now) -> {
            live.set(false);
            invalidate(true);
            if (main.startsLive(now)) {
                // The built-in Lab started alive: its newest minutes move, so the map follows them from the start.
                updateLiveAvailable();
                live.set(true);
            }
        });
        main.timeRangeProperty().addListener((obs, old, now) -> {
            resetZoomStack();
            invalidate(false);
        });
        main.refreshCountProperty().addListener((obs, old, now) -> invalidate(false));
        main.autoRefreshTicksProperty().addListener((obs, old, now) -> {
            if (!loading.get()) {
                invalidate(false);
            }
        });
        main.selectedResourceProperty().addListener((obs, old, now) -> resourceChanged());
        allResources.addListener((obs, old, now) -> resourceChanged());
        metric.addListener((obs, old, now) -> optionsChanged());
        foldShards.addListener((obs, old, now) -> optionsChanged());
        separator.addListener((obs, old, now) -> optionsChanged());
        expanded.addListener((javafx.collections.SetChangeListener<String>) c -> rebuild());
        scaleMode.addListener((obs, old, now) -> updateScale());
        palette.addListener((obs, old, now) -> updateLut());
        brightness.addListener((obs, old, now) -> updateLut());
        live.addListener((obs, old, now) -> setLive(now));
        heatSource.addListener((obs, old, now) -> sourceChanged());
        streamResolution.addListener((obs, old, now) -> {
            if (heatSource.get().readsStream()) {
                sourceChanged();
            }
        });
        bothGrid.addListener((obs, old, now) -> {
            updateGridSource();
            optionsChanged();
        });
        active.addListener((obs, old, now) -> {
            if (now && dirty) {
                load();
            }
        });
        updateLiveAvailable();
        main.timeRangeProperty().addListener((obs, old, now) -> updateLiveAvailable());
        main.connectionProperty().addListener((obs, old, now) -> updateLiveAvailable());
        main.themeModeProperty().addListener((obs, old, now) -> followTheme(now));
        followTheme(main.themeModeProperty().get());
        if (main.startsLive(main.getConnection())) {
            live.set(true); // first shown on the Lab started alive
        }
    }

    /**
     * The high-contrast theme brings its own ramp (the others start in near-black greys a projector swallows);
     * leaving it gives back the palette chosen before, unless the user has picked another one meanwhile.
     */
    private void followTheme(dev.partitionscope.ui.common.Theme.Mode mode) {
        boolean high = mode == dev.partitionscope.ui.common.Theme.Mode.HIGH_CONTRAST;
        if (high && palette.get() != HeatPalette.HIGH_CONTRAST) {
            paletteBeforeHighContrast = palette.get();
            palette.set(HeatPalette.HIGH_CONTRAST);
        } else if (!high && paletteBeforeHighContrast != null) {
            if (palette.get() == HeatPalette.HIGH_CONTRAST) {
                palette.set(paletteBeforeHighContrast);
            }
            paletteBeforeHighContrast = null;
        }
    }

    // Commands

    /** Reads again (Retry, F5). */
    public void reload() {
        dirty = true;
        load();
    }

    /** Stops the running read; what arrived stays. */
    public void cancel() {
        loadTask.cancel();
    }

    /**
     * Zooms to grid rows {@code firstRow..lastRow} × columns {@code firstColumn..lastColumn} (inclusive): those keys
     * and minutes are bucketed again on their own, so they get whole rows and columns.
     */
    public void zoomTo(int firstRow, int lastRow, int firstColumn, int lastColumn) {
        HeatPipeline.Result r = view.get();
        if (r == null) {
            return;
        }
        HeatZoom next = HeatPipeline.zoomTo(r.grid(), r.zoom(), firstRow, lastRow, firstColumn, lastColumn);
        if (next.equals(r.zoom())) {
            return;
        }
        back.push(r.zoom());
        zoom = next;
        updateZoomFlags();
        rebuild();
    }

    /** Back to the view before the last zoom. */
    public void back() {
        if (back.isEmpty()) {
            return;
        }
        zoom = back.pop();
        updateZoomFlags();
        rebuild();
    }

    /** Every key over the whole range again. */
    public void resetZoom() {
        if (zoom == null && back.isEmpty()) {
            return;
        }
        resetZoomStack();
        rebuild();
    }

    /**
     * Shows {@code z} (keys and columns of the whole window's matrix), as a zoom to a selection would; Back returns
     * to what was shown. For a view reopened from a file, whose zoom was saved as keys and columns. Ignored until
     * the traffic is read.
     */
    public void zoomTo(HeatZoom z) {
        HeatPipeline.Result r = view.get();
        KeyTimeMatrix m = traffic == null ? null : gridMatrix(traffic);
        if (m == null || z == null || z.equals(r == null ? null : r.zoom())) {
            return;
        }
        back.push(r != null ? r.zoom() : zoom != null ? zoom : HeatZoom.all(m.columns()));
        zoom = z;
        updateZoomFlags();
        rebuild();
    }

    /** The window of the traffic shown (the range resolved when it was read), or null before a read. */
    public TimeRange.Window loadedWindow() {
        return loadedWindow;
    }

    /** Shows a folded logical key's shards on rows of their own, or folds them back. */
    public void toggleExpanded(String logicalKey) {
        if (!expanded.remove(logicalKey)) {
            expanded.add(logicalKey);
        }
    }

    /**
     * Turns the table's stream on (NEW_AND_OLD_IMAGES), then describes the table again and reads: a write, so on a
     * live connection the write guard refuses it until the table is unlocked ({@link #errorProperty()} says how).
     */
    public void enableStream() {
        Connection c = main.getConnection();
        TableShape shape = main.tableShapeProperty().get();
        if (c == null || shape == null || enablingStream.get()) {
            return;
        }
        error.set(null);
        enablingStream.set(true);
        progressText.set("Enabling the stream on " + shape.name() + "…");
        enableTask.submit(
                "Enabling the stream on " + shape.name(),
                ctx -> {
                    new TableGateway(c).enableStream(shape.name(), "NEW_AND_OLD_IMAGES");
                    return shape.name();
                },
                name -> {
                    enablingStream.set(false);
                    progressText.set("");
                    main.reloadSelectedTable();
                    reload();
                },
                failure -> {
                    enablingStream.set(false);
                    progressText.set("");
                    error.set(ErrorTranslator.translate(failure, c.spec(), "UpdateTable"));
                });
    }

    // Loading

    private void invalidate(boolean clear) {
        dirty = true;
        loadTask.cancel();
        if (clear) {
            clearShown();
        }
        if (active.get()) {
            load();
        }
    }

    private void clearShown() {
        traffic = null;
        streams.set(null);
        retentionNote.set("");
        loadedWindow = null;
        view.set(null);
        status.set(null);
        shownFor = null;
        expanded.clear();
        resetZoomStack();
    }

    private void load() {
        loadTask.cancel();
        Connection c = main.getConnection();
        TableShape shape = main.tableShapeProperty().get();
        error.set(null);
        if (c == null || shape == null) {
            loading.set(false);
            progressText.set("");
            return;
        }
        dirty = false;
        TimeRange range = main.timeRangeProperty().get();
        Object key = List.of(c, shape.name());
        if (!key.equals(shownFor)) {
            clearShown();
        }
        loading.set(true);
        progressText.set("Reading CloudWatch metrics…");
        int windows = c.spec().kind() == ConnectionKind.AWS ? 0 : LOCAL_SUB_WINDOWS;
        HeatSource source = heatSource.get();
        // "Now" is taken here (the endpoint clock is a volatile read) so the window read is known: a saved view
        // reopens at exactly this window.
        Instant now = endpointNow.apply(c);
        TimeRange.Window window = range.resolve(now);
        int resolution = source.readsStream() ? resolutionFor(window) : 0;
        String streamIndex = source.readsStream() ? streamIndex() : null;
        loadTask.submit(
                "Loading the heatmap of " + shape.name(),
                ctx -> new TrafficLoader(c, windows)
                        .load(
                                shape,
                                range,
                                now,
                                source,
                                resolution,
                                streamIndex,
                                ctx::isCancelled,
                                new TrafficLoader.Listener() {
                                    @Override
                                    public void metrics(MetricsSnapshot s, dev.partitionscope.core.metrics.Verdict v) {
                                        ctx.post(() -> progressText.set(
                                                source.readsStream()
                                                        ? "Reading the stream…"
                                                        : "Reading Contributor Insights…"));
                                    }

                                    @Override
                                    public void insightsRequest(
                                            List<ContributorInsightsState> states, InsightsReader.Request request) {
                                        ctx.post(() -> progressText.set("Reading Contributor Insights…"));
                                    }

                                    @Override
                                    public void stream(int shardsDone, int shardsTotal, long records, long calls) {
                                        String text = StreamTexts.progress(shardsDone, shardsTotal, records);
                                        ctx.progress(shardsTotal == 0 ? -1 : (double) shardsDone / shardsTotal, text);
                                        ctx.post(() -> progressText.set(text));
                                    }

                                    @Override
                                    public void reports(int done, int total) {
                                        ctx.progress(
                                                (double) done / total,
                                                "Contributor Insights report " + done + " of " + total);
                                        ctx.post(() -> progressText.set(
                                                "Contributor Insights: " + done + " of " + total + " reports"));
                                    }
                                }),
                t -> {
                    loading.set(false);
                    progressText.set("");
                    shownFor = key;
                    if (!readAnything(t)) {
                        progressText.set(
                                source.readsStream()
                                        ? "Cancelled before the stream was read — F5 to load again"
                                        : "Cancelled before the key reports — F5 to load again");
                        dirty = true;
                        return;
                    }
                    if (t.streams() != null && t.streams().cancelled()) {
                        progressText.set(
                                "Cancelled part-way: the stream records read so far are shown — F5 reads" + " again");
                        dirty = true;
                    }
                    keepPosition(traffic, t);
                    traffic = t;
                    loadedWindow = window;
                    streams.set(t.streams());
                    retentionNote.set(retentionNote(t, window));
                    sourceText.set(sourceText(t));
                    if (t.streams() != null
                            && t.streams().heat() == null
                            && streamStatus(t.streams()).state() == DataState.NOT_ENABLED) {
                        // The table's description says the stream is off: the line says the same as the empty state.
                        sourceText.set(sourceText
                                .get()
                                .replace(StreamTexts.source(t.streams()), "DynamoDB stream · off on this table"));
                    }
                    sourceTip.set(sourceTip(t));
                    updateGridSource();
                    rebuild();
                },
                failure -> {
                    loading.set(false);
                    progressText.set("");
                    error.set(ErrorTranslator.translate(failure, c.spec(), "GetInsightRuleReport"));
                },
                () -> {
                    loading.set(false);
                    progressText.set("Cancelled — F5 to load again");
                    dirty = true;
                });
    }

    /**
     * Keeps a zoom on the same minutes when a refresh moved the range (auto-refresh, live mode): the columns shift by
     * the buckets the start moved. A zoom whose minutes have all left the range is dropped.
     */
    private void keepPosition(TrafficLoader.Traffic old, TrafficLoader.Traffic now) {
        if (old == null || zoom == null) {
            return;
        }
        KeyTimeMatrix before = gridMatrix(old);
        KeyTimeMatrix after = gridMatrix(now);
        if (before == null || after == null || before.bucketSeconds() != after.bucketSeconds()) {
            resetZoomStack();
            return;
        }
        int period = after.bucketSeconds();
        int buckets = (int) ((after.start().getEpochSecond() - before.start().getEpochSecond()) / period);
        if (buckets == 0) {
            return;
        }
        int columns = after.columns();
        int oldColumns = before.columns();
        List<HeatZoom> older = new ArrayList<>(back);
        back.clear();
        for (HeatZoom z : older) {
            HeatZoom moved = shift(z, buckets, oldColumns, columns);
            if (moved != null) {
                back.addLast(moved);
            }
        }
        zoom = shift(zoom, buckets, oldColumns, columns);
        updateZoomFlags();
    }

    /** "Everything" stays everything; a zoom on some minutes follows them. */
    private static HeatZoom shift(HeatZoom z, int buckets, int oldColumns, int columns) {
        if (z.allKeys() && z.fromColumn() == 0 && z.toColumn() == oldColumns) {
            return HeatZoom.all(columns);
        }
        return z.shifted(buckets, columns);
    }

    private static String sourceText(TrafficLoader.Traffic t) {
        String stream = t.streams() == null ? null : StreamTexts.source(t.streams());
        String insights = t.insights() == null ? null : insightsText(t);
        if (stream != null && insights != null) {
            return stream + "  |  " + insights;
        }
        return stream != null ? stream : insights == null ? "" : insights;
    }

    private static String sourceTip(TrafficLoader.Traffic t) {
        StringBuilder sb = new StringBuilder();
        if (t.streams() != null) {
            sb.append("Every write of the last 24 h, read from the table's DynamoDB stream, key by key. ")
                    .append(STREAM_RATE_NOTE);
            if (t.streams().keysOnly()) {
                sb.append(" The stream is KEYS_ONLY: its records carry no item images, so the heat is writes/s,"
                        + " not write units.");
            }
        }
        if (t.insights() != null) {
            sb.append(sb.length() == 0 ? "" : "\n\n")
                    .append("Contributor Insights: reads and writes per minute, the top keys of each report, from the"
                            + " moment it was enabled.");
        }
        return sb.toString();
    }

    /** Says when the window reaches back before what the stream still holds (24 h). */
    private static String retentionNote(TrafficLoader.Traffic t, TimeRange.Window w) {
        if (t.streams() == null) {
            return "";
        }
        Instant from = t.streams().retainedFrom();
        if (from == null || !w.start().isBefore(from)) {
            return "";
        }
        return "Older than 24 h: not in the stream (it holds writes from "
                + java.time.format.DateTimeFormatter.ofPattern("MM-dd HH:mm:ss")
                        .withZone(java.time.ZoneOffset.UTC)
                        .format(from)
                + " UTC on)";
    }

    private static String insightsText(TrafficLoader.Traffic t) {
        InsightsReader.Request q = t.request();
        List<InsightsReader.Window> windows = InsightsReader.subWindows(
                q.start(),
                q.start().plusSeconds((long) q.periodSeconds() * q.columns()),
                q.periodSeconds(),
                q.maxSubWindows());
        long seconds = windows.isEmpty()
                ? 0
                : java.time.Duration.between(
                                windows.get(0).start(), windows.get(0).end())
                        .toSeconds();
        return "Contributor Insights · " + windows.size() + " × " + MetricPeriod.label((int) seconds)
                + " sub-windows, top " + InsightsReader.MAX_CONTRIBUTORS + " keys each · "
                + t.insights().reports()
                + " reports";
    }

    // Building the view

    private void optionsChanged() {
        resetZoomStack();
        rebuild();
    }

    /** Another source or stream resolution: what was read does not fit, so it is read again. */
    private void sourceChanged() {
        updateGridSource();
        clearShown();
        invalidate(false);
    }

    /** The stream bucket width for a window: the chosen one, or 1 s up to an hour and 1 min beyond. */
    int resolutionFor(TimeRange.Window w) {
        int chosen = streamResolution.get();
        if (chosen > 0) {
            return chosen;
        }
        return java.time.Duration.between(w.start(), w.end()).toSeconds() <= SECONDS_UP_TO ? 1 : 60;
    }

    private void updateGridSource() {
        HeatSource s = heatSource.get();
        HeatSource grid = s == HeatSource.BOTH ? bothGrid.get() : s;
        gridSource.set(grid);
        if (grid == HeatSource.STREAMS) {
            if (!metrics.equals(List.of(HeatMetric.WRITES))) {
                metrics.setAll(HeatMetric.WRITES);
            }
            metric.set(HeatMetric.WRITES);
        } else {
            if (!metrics.equals(List.of(HeatMetric.THROUGHPUT, HeatMetric.THROTTLES))) {
                metrics.setAll(HeatMetric.THROUGHPUT, HeatMetric.THROTTLES);
            }
            if (metric.get() == HeatMetric.WRITES) {
                metric.set(HeatMetric.THROUGHPUT);
            }
        }
    }

    /** Whether a finished load has anything to draw from its source. */
    private static boolean readAnything(TrafficLoader.Traffic t) {
        return t.source().readsStream() ? t.streams() != null : t.insights() != null;
    }

    /** The source the grid of {@code t} draws. */
    private HeatSource gridSourceOf(TrafficLoader.Traffic t) {
        if (t.source() == HeatSource.BOTH) {
            return t.insights() == null ? HeatSource.STREAMS : bothGrid.get();
        }
        return t.source();
    }

    /** The whole window's matrix the grid is cut from (the base table's, for the stream); null when none. */
    private KeyTimeMatrix gridMatrix(TrafficLoader.Traffic t) {
        if (gridSourceOf(t) == HeatSource.STREAMS) {
            return t.streams() == null ? null : t.streams().heat();
        }
        if (t.insights() == null) {
            return null;
        }
        for (KeyTimeMatrix m : t.insights().partitionKeys().values()) {
            return m;
        }
        return null;
    }

    private void resetZoomStack() {
        back.clear();
        zoom = null;
        updateZoomFlags();
    }

    private void updateZoomFlags() {
        canGoBack.set(!back.isEmpty());
        zoomed.set(zoom != null);
    }

    /** Resources the view shows: the top bar's table or index, or all of them. */
    List<Resource> resources() {
        TableShape shape = main.tableShapeProperty().get();
        if (shape == null) {
            return List.of();
        }
        List<Resource> out = new ArrayList<>();
        if (allResources.get()) {
            out.add(Resource.table(shape.name()));
            shape.globalIndexNames().forEach(i -> out.add(Resource.index(shape.name(), i)));
        } else {
            out.add(main.selectedResource().metricsResource(shape.name()));
        }
        return out;
    }

    private void rebuild() {
        buildTask.cancel();
        TrafficLoader.Traffic t = traffic;
        if (t == null || !readAnything(t)) {
            view.set(null);
            status.set(null);
            return;
        }
        boolean stream = gridSourceOf(t) == HeatSource.STREAMS;
        List<Resource> resources = stream ? streamResources() : resources();
        status.set(stream ? streamStatus(t.streams()) : statusOf(t, resources));
        HeatMetric chosen =
                stream ? HeatMetric.WRITES : metric.get() == HeatMetric.WRITES ? HeatMetric.THROUGHPUT : metric.get();
        HeatPipeline.Spec spec = new HeatPipeline.Spec(
                resources, chosen, foldShards.get(), expanded, separator.get(), zoom, RowBucketing.DEFAULT_ROWS);
        Map<Resource, KeyTimeMatrix> matrices;
        MetricsSnapshot snapshot = t.snapshot();
        if (stream) {
            KeyTimeMatrix m = t.streams().heat();
            matrices = m == null ? Map.of() : Map.of(resources.get(0), m);
            // The throttle strip is per metric period: it lines up with the stream's columns only at that width.
            if (m == null
                    || snapshot == null
                    || m.bucketSeconds() != snapshot.periodSeconds()
                    || !m.start().equals(snapshot.start())) {
                snapshot = null;
            }
        } else {
            matrices = t.insights().partitionKeys();
        }
        if (matrices.isEmpty()) {
            view.set(null);
            return;
        }
        MetricsSnapshot causes = snapshot;
        buildTask.submit(
                "Bucketing the heatmap",
                ctx -> HeatPipeline.build(matrices, causes, spec),
                result -> {
                    view.set(result);
                    updateScale();
                },
                failure -> error.set(UserMessage.of(
                        "The heatmap could not be built",
                        String.valueOf(failure.getMessage()),
                        "Reset the zoom or change the options; F5 reads again.")));
    }

    /** The stream holds the base table's writes (a GSI's keys would need its images: the table is drawn). */
    /** The resource the stream was read for: the table, or the index chosen in the top bar when it was read. */
    private List<Resource> streamResources() {
        TrafficLoader.Traffic t = traffic;
        if (t != null && t.streams() != null && t.streams().resource() != null) {
            return List.of(t.streams().resource());
        }
        TableShape shape = main.tableShapeProperty().get();
        return shape == null ? List.of() : List.of(Resource.table(shape.name()));
    }

    /**
     * The index whose key the stream is read by: the top bar's GSI when one is chosen (its key is in the images), else
     * null (the table's key). With every resource shown, the table's.
     */
    private String streamIndex() {
        TableShape shape = main.tableShapeProperty().get();
        if (shape == null || allResources.get()) {
            return null;
        }
        return main.selectedResource().metricsResource(shape.name()).index();
    }

    /** Another table or index in the top bar: a stream read for the previous one is read again for this one. */
    private void resourceChanged() {
        TrafficLoader.Traffic t = traffic;
        if (t != null
                && t.source().readsStream()
                && t.streams() != null
                && !java.util.Objects.equals(
                        streamIndex(),
                        t.streams().resource() == null
                                ? null
                                : t.streams().resource().index())) {
            resetZoomStack();
            clearShown();
            invalidate(false);
            return;
        }
        optionsChanged();
    }

    /**
     * The stream read's state, with what to do next: a table whose stream is off (the reader says so, or the table's
     * description does) reads "Streams are off on this table".
     */
    private DataStatus streamStatus(StreamHeatReader.Result r) {
        TableShape shape = main.tableShapeProperty().get();
        boolean off = r.status().state() == DataState.NOT_ENABLED
                || (r.streamArn() == null
                        && r.status().state() == DataState.NOT_SUPPORTED
                        && shape != null
                        && !shape.stream().enabled());
        if (off) {
            return DataStatus.of(DataState.NOT_ENABLED, "Streams are off on this table");
        }
        if (r.status().state() == DataState.NO_DATA) {
            return DataStatus.of(DataState.NO_DATA, "No writes in this window");
        }
        return r.status();
    }

    /** The state of the shown resources: the worst among them, so a failure is never hidden by a neighbour. */
    private static DataStatus statusOf(TrafficLoader.Traffic t, List<Resource> resources) {
        DataStatus worst = null;
        for (Resource r : resources) {
            DataStatus s = t.insights().status().get(r);
            if (s == null) {
                s = readiness(t, r);
            }
            if (s != null && (worst == null || rank(s.state()) > rank(worst.state()))) {
                worst = s;
            }
        }
        return worst == null
                ? DataStatus.of(DataState.NO_DATA, "no Contributor Insights data for this resource")
                : worst;
    }

    private static DataStatus readiness(TrafficLoader.Traffic t, Resource r) {
        for (ContributorInsightsState s : t.states()) {
            if (s.tableName().equals(r.table()) && Objects.equals(s.indexName(), r.index())) {
                return InsightsReader.readiness(s);
            }
        }
        return null;
    }

    private static int rank(DataState s) {
        return switch (s) {
            case DATA, ZERO -> 0;
            case TRUNCATED -> 1;
            case NO_DATA -> 2;
            case PARTIAL -> 3;
            default -> 4;
        };
    }

    private void updateScale() {
        HeatPipeline.Result r = view.get();
        if (r == null) {
            scale.set(null);
            return;
        }
        HeatGrid grid = r.grid();
        MatrixUnit unit = grid.unit();
        boolean absolute = scaleMode.get() == ScaleMode.ABSOLUTE && !Double.isNaN(unit.ceiling());
        scale.set(absolute ? HeatScale.absolute(unit) : HeatScale.relativeLog(grid.maxPerMinute(), unit));
    }

    private void updateLut() {
        lut.set(ColorLut.build(palette.get(), brightness.get()).table());
    }

    // Live mode

    private void updateLiveAvailable() {
        Connection c = main.getConnection();
        boolean ok = c != null
                && c.spec().kind() == ConnectionKind.LAB
                && main.timeRangeProperty().get().preset() != TimeRange.Preset.CUSTOM;
        liveAvailable.set(ok);
        if (!ok) {
            live.set(false);
        }
    }

    private void setLive(boolean on) {
        if (on && !liveAvailable.get()) {
            live.set(false);
            return;
        }
        if (on) {
            beforeLive = main.autoRefreshProperty().get();
            main.autoRefreshProperty().set(AutoRefresh.FIVE_SECONDS);
            reload();
        } else if (beforeLive != null) {
            main.autoRefreshProperty().set(beforeLive);
            beforeLive = null;
        }
    }

    // Accessors

    public BooleanProperty activeProperty() {
        return active;
    }

    public ReadOnlyBooleanProperty loadingProperty() {
        return loading.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty progressTextProperty() {
        return progressText.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<UserMessage> errorProperty() {
        return error.getReadOnlyProperty();
    }

    /** The state of the shown resources' key data (not enabled, truncated, partial, …). */
    public ReadOnlyObjectProperty<DataStatus> statusProperty() {
        return status.getReadOnlyProperty();
    }

    /** What the canvas draws, or null before the first read. */
    public ReadOnlyObjectProperty<HeatPipeline.Result> viewProperty() {
        return view.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<HeatScale> scaleProperty() {
        return scale.getReadOnlyProperty();
    }

    /** The colour lookup table: only palette and brightness change it. */
    public ReadOnlyObjectProperty<int[]> lutProperty() {
        return lut.getReadOnlyProperty();
    }

    public ObjectProperty<HeatMetric> metricProperty() {
        return metric;
    }

    /** The metrics the source has. */
    public ObservableList<HeatMetric> metrics() {
        return metrics;
    }

    /** The table and every GSI in one map (each keeps its own rows), instead of the top bar's resource. */
    public BooleanProperty allResourcesProperty() {
        return allResources;
    }

    public ObjectProperty<ScaleMode> scaleModeProperty() {
        return scaleMode;
    }

    public ObjectProperty<HeatPalette> paletteProperty() {
        return palette;
    }

    /** −1 … 1; 0 is the palette as published. */
    public DoubleProperty brightnessProperty() {
        return brightness;
    }

    /** The key separator; null detects it from the keys. */
    public ObjectProperty<Character> separatorProperty() {
        return separator;
    }

    public BooleanProperty foldShardsProperty() {
        return foldShards;
    }

    public ObservableSet<String> expanded() {
        return expanded;
    }

    /** Live mode on the Lab: reads every 5 s and keeps the newest minute in view. */
    public BooleanProperty liveProperty() {
        return live;
    }

    public ReadOnlyBooleanProperty liveAvailableProperty() {
        return liveAvailable.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty canGoBackProperty() {
        return canGoBack.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty zoomedProperty() {
        return zoomed.getReadOnlyProperty();
    }

    /** Where the keys came from, e.g. "Contributor Insights (Lab) · 12 sub-windows × top 25 keys · 24 reports". */
    public ReadOnlyStringProperty sourceTextProperty() {
        return sourceText.getReadOnlyProperty();
    }

    /** Where per-key heat is read from; a change reads again. */
    public ObjectProperty<HeatSource> heatSourceProperty() {
        return heatSource;
    }

    /** The stream's bucket width in seconds (1 or 60), 0 for automatic: 1 s up to an hour's window, else 1 min. */
    public IntegerProperty streamResolutionProperty() {
        return streamResolution;
    }

    /** With both sources, the one the grid draws (STREAMS or INSIGHTS). */
    public ObjectProperty<HeatSource> bothGridProperty() {
        return bothGrid;
    }

    /** The source the grid draws now: INSIGHTS or STREAMS, never BOTH. */
    public ReadOnlyObjectProperty<HeatSource> gridSourceProperty() {
        return gridSource.getReadOnlyProperty();
    }

    /** The last stream read, or null when the source does not read the stream. */
    public ReadOnlyObjectProperty<StreamHeatReader.Result> streamsProperty() {
        return streams.getReadOnlyProperty();
    }

    /** "Older than 24 h: not in the stream …" when the window starts before the stream's retention, else empty. */
    public ReadOnlyStringProperty retentionNoteProperty() {
        return retentionNote.getReadOnlyProperty();
    }

    /** How the source line's numbers were read (the stream's pace, the sources' reach). */
    public ReadOnlyStringProperty sourceTipProperty() {
        return sourceTip.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty enablingStreamProperty() {
        return enablingStream.getReadOnlyProperty();
    }

    /** The last read (metrics and reports); null before the first. */
    TrafficLoader.Traffic traffic() {
        return traffic;
    }

    public Session main() {
        return main;
    }
}
