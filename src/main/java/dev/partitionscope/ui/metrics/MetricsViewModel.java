package dev.partitionscope.ui.metrics;

import dev.partitionscope.aws.Connection;
import dev.partitionscope.aws.ErrorTranslator;
import dev.partitionscope.aws.InsightsReader;
import dev.partitionscope.aws.StreamHeatReader;
import dev.partitionscope.aws.TableGateway;
import dev.partitionscope.aws.TrafficLoader;
import dev.partitionscope.aws.UserMessage;
import dev.partitionscope.core.heat.HeatSource;
import dev.partitionscope.core.heat.KeyTimeMatrix;
import dev.partitionscope.core.heat.StreamKeyTotal;
import dev.partitionscope.core.heat.TopKey;
import dev.partitionscope.core.heat.TopKeys;
import dev.partitionscope.core.metrics.DataState;
import dev.partitionscope.core.metrics.DataStatus;
import dev.partitionscope.core.metrics.MetricsSnapshot;
import dev.partitionscope.core.metrics.Resource;
import dev.partitionscope.core.metrics.Verdict;
import dev.partitionscope.core.table.ContributorInsightsState;
import dev.partitionscope.core.table.TableShape;
import dev.partitionscope.core.time.TimeRange;
import dev.partitionscope.ui.session.Session;
import dev.partitionscope.ui.task.TaskSlot;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The metrics screen: CloudWatch metrics of the selected table and its GSIs over the top bar's range, the verdict
 * derived from them, Contributor Insights status, and the stitched top keys of the resource picked in the top bar's
 * index selector. Loads only while the screen is active; any change of table, range or connection cancels the
 * running load and starts again; auto-refresh and F5 reload quietly, keeping what is shown until new data is in.
 */
public final class MetricsViewModel {
    static final Duration POLL_INTERVAL = Duration.ofSeconds(2);
    static final int MAX_POLLS = 90;
    static final int TOP_KEYS = 50;

    private final Session main;
    private final Function<Connection, Instant> endpointNow;

    // Properties
    private final BooleanProperty active = new SimpleBooleanProperty(this, "active");
    private final ReadOnlyObjectWrapper<MetricsSnapshot> snapshot = new ReadOnlyObjectWrapper<>(this, "snapshot");
    private final ReadOnlyObjectWrapper<Verdict> verdict = new ReadOnlyObjectWrapper<>(this, "verdict");
    private final ReadOnlyObjectWrapper<UserMessage> error = new ReadOnlyObjectWrapper<>(this, "error");
    private final ReadOnlyBooleanWrapper loading = new ReadOnlyBooleanWrapper(this, "loading");
    private final ReadOnlyStringWrapper progressText = new ReadOnlyStringWrapper(this, "progressText", "");
    private final ReadOnlyDoubleWrapper insightsProgress = new ReadOnlyDoubleWrapper(this, "insightsProgress", -1);
    private final ReadOnlyBooleanWrapper insightsLoading = new ReadOnlyBooleanWrapper(this, "insightsLoading");
    private final ObservableList<ContributorInsightsState> insights = FXCollections.observableArrayList();
    private final ObservableList<ContributorInsightsState> insightsView =
            FXCollections.unmodifiableObservableList(insights);
    private final ReadOnlyObjectWrapper<InsightsReader.Result> insightsResult =
            new ReadOnlyObjectWrapper<>(this, "insightsResult");
    private final ReadOnlyObjectWrapper<Resource> resource = new ReadOnlyObjectWrapper<>(this, "resource");
    private final BooleanProperty sortKeyLevel = new SimpleBooleanProperty(this, "sortKeyLevel");
    private final ReadOnlyBooleanWrapper sortKeysLoading = new ReadOnlyBooleanWrapper(this, "sortKeysLoading");
    private final ObservableList<TopKey> topKeys = FXCollections.observableArrayList();
    private final ReadOnlyObjectWrapper<DataStatus> heatStatus = new ReadOnlyObjectWrapper<>(this, "heatStatus");
    private final ReadOnlyObjectWrapper<KeyTimeMatrix> heat = new ReadOnlyObjectWrapper<>(this, "heat");
    private final ReadOnlyObjectWrapper<UserMessage> insightsError = new ReadOnlyObjectWrapper<>(this, "insightsError");
    private final ObjectProperty<HeatSource> heatSource =
            new SimpleObjectProperty<>(this, "heatSource", HeatSource.INSIGHTS);
    private final ReadOnlyObjectWrapper<StreamHeatReader.Result> streams = new ReadOnlyObjectWrapper<>(this, "streams");
    private final ReadOnlyObjectWrapper<DataStatus> streamStatus = new ReadOnlyObjectWrapper<>(this, "streamStatus");
    private final ReadOnlyBooleanWrapper streamLoading = new ReadOnlyBooleanWrapper(this, "streamLoading");
    private final ObservableList<StreamKeyTotal> streamKeys = FXCollections.observableArrayList();

    private final SortKeyReports sortKeyReports;
    /** The last load's Contributor Insights request: the window and states sort-key reports are read for. */
    private InsightsReader.Request lastRequest;
    /** The window of the metrics shown: the range resolved at the endpoint's "now" of their load. */
    private TimeRange.Window loadedWindow;

    private final TaskSlot loadTask;
    private final TaskSlot toggleTask;
    private boolean dirty = true;
    /** What the shown data is for; a load for something else clears the screen first. */
    private Object shownFor;

    public MetricsViewModel(Session main, Function<Connection, Instant> endpointNow) {
        this.main = main;
        this.loadTask = new TaskSlot(main.tasks());
        this.toggleTask = new TaskSlot(main.tasks());
        this.endpointNow = endpointNow;
        this.sortKeyReports = new SortKeyReports(main.tasks());
        main.tableShapeProperty().addListener((obs, old, now) -> {
            if (!sameTable(old, now)) {
                invalidate(true);
            }
        });
        main.connectionProperty().addListener((obs, old, now) -> invalidate(true));
        main.timeRangeProperty().addListener((obs, old, now) -> invalidate(false));
        main.refreshCountProperty().addListener((obs, old, now) -> invalidate(false));
        main.autoRefreshTicksProperty().addListener((obs, old, now) -> {
            if (!loading.get() && !insightsLoading.get()) {
                invalidate(false);
            }
        });
        main.selectedResourceProperty().addListener((obs, old, now) -> updateResource());
        sortKeyLevel.addListener((obs, old, now) -> updateResource());
        heatSource.addListener((obs, old, now) -> invalidate(true));
        active.addListener((obs, old, now) -> {
            if (now && dirty) {
                load();
            }
        });
        updateResource();
    }

    private static boolean sameTable(TableShape a, TableShape b) {
        return a != null && b != null && a.name().equals(b.name());
    }

    // Commands

    /** Reloads now (the Retry button). */
    public void reload() {
        dirty = true;
        load();
    }

    /** Stops the running load; what arrived stays, marked partial. */
    public void cancel() {
        loadTask.cancel();
        sortKeyReports.clear();
    }

    /**
     * Enables (with a mode) or disables Contributor Insights on one resource: a billed write that passes the write
     * guard, then polls until ENABLED or FAILED and reloads the reports.
     */
    public void setContributorInsights(ContributorInsightsState target, boolean enable, String mode) {
        Connection c = main.getConnection();
        TableShape shape = main.tableShapeProperty().get();
        if (c == null || shape == null) {
            return;
        }
        toggleTask.cancel();
        insightsError.set(null);
        String verb = enable ? "Enabling" : "Disabling";
        progressText.set(verb + " Contributor Insights on " + target.resourceLabel() + "…");
        toggleTask.submit(
                verb + " Contributor Insights on " + target.resourceLabel(),
                ctx -> new TableGateway(c)
                        .setContributorInsightsAndWait(
                                shape,
                                target,
                                enable,
                                mode,
                                POLL_INTERVAL,
                                MAX_POLLS,
                                ctx::isCancelled,
                                states -> ctx.post(() -> insights.setAll(states))),
                states -> {
                    insights.setAll(states);
                    progressText.set("");
                    reload();
                },
                failure -> {
                    progressText.set("");
                    insightsError.set(ErrorTranslator.translate(failure, c.spec(), "UpdateContributorInsights"));
                });
    }

    // Internals

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
        snapshot.set(null);
        verdict.set(null);
        insights.clear();
        insightsResult.set(null);
        topKeys.clear();
        heat.set(null);
        heatStatus.set(null);
        streams.set(null);
        streamStatus.set(null);
        streamKeys.clear();
        shownFor = null;
        lastRequest = null;
        loadedWindow = null;
        sortKeyReports.clear();
    }

    /** The window of the metrics shown (the range resolved when they were read), or null before a read. */
    public TimeRange.Window loadedWindow() {
        return loadedWindow;
    }

    private void load() {
        loadTask.cancel();
        Connection c = main.getConnection();
        TableShape shape = main.tableShapeProperty().get();
        error.set(null);
        if (c == null || shape == null) {
            loading.set(false);
            insightsLoading.set(false);
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
        insightsLoading.set(false);
        insightsProgress.set(-1);
        progressText.set("Reading CloudWatch metrics…");
        // "Now" is taken here (the endpoint clock is a volatile read) so the window read is known: a saved view
        // reopens at exactly this window.
        Instant now = endpointNow.apply(c);
        TimeRange.Window window = range.resolve(now);
        HeatSource source = heatSource.get();
        loadTask.submit(
                "Loading metrics for " + shape.name(),
                ctx -> new TrafficLoader(c)
                        .load(shape, range, now, source, 0, ctx::isCancelled, new TrafficLoader.Listener() {
                            @Override
                            public void metricPages(int pages) {
                                ctx.progress(-1, "Reading CloudWatch metrics (page " + pages + ")");
                            }

                            @Override
                            public void metrics(MetricsSnapshot s, Verdict v) {
                                ctx.post(() -> {
                                    snapshot.set(s);
                                    verdict.set(v);
                                    loadedWindow = window;
                                    shownFor = key;
                                    loading.set(false);
                                    streamLoading.set(source.readsStream());
                                    insightsLoading.set(!source.readsStream());
                                    progressText.set(
                                            source.readsStream()
                                                    ? "Reading the stream…"
                                                    : "Reading Contributor Insights…");
                                });
                            }

                            @Override
                            public void stream(int shardsDone, int shardsTotal, long records, long calls) {
                                String text = dev.partitionscope.ui.common.StreamTexts.progress(
                                        shardsDone, shardsTotal, records);
                                ctx.progress(shardsTotal == 0 ? -1 : (double) shardsDone / shardsTotal, text);
                                ctx.post(() -> progressText.set(text));
                            }

                            @Override
                            public void insightsRequest(
                                    List<ContributorInsightsState> states, InsightsReader.Request request) {
                                ctx.post(() -> {
                                    streamLoading.set(false);
                                    insightsLoading.set(true);
                                    progressText.set("Reading Contributor Insights…");
                                    insights.setAll(states);
                                    lastRequest = request;
                                    sortKeyReports.clear();
                                });
                            }

                            @Override
                            public void reports(int done, int total) {
                                ctx.progress(
                                        (double) done / total, "Contributor Insights report " + done + " of " + total);
                                ctx.post(() -> {
                                    insightsProgress.set((double) done / total);
                                    progressText.set("Contributor Insights: " + done + " of " + total + " reports");
                                });
                            }
                        }),
                traffic -> {
                    loading.set(false);
                    insightsLoading.set(false);
                    streamLoading.set(false);
                    progressText.set("");
                    if (traffic.streams() != null) {
                        showStream(traffic.streams(), shape);
                    }
                    if (traffic.insights() != null) {
                        insightsResult.set(traffic.insights());
                        updateResource();
                    }
                },
                failure -> {
                    loading.set(false);
                    insightsLoading.set(false);
                    streamLoading.set(false);
                    progressText.set("");
                    error.set(ErrorTranslator.translate(failure, c.spec(), "GetMetricData"));
                },
                () -> {
                    loading.set(false);
                    insightsLoading.set(false);
                    streamLoading.set(false);
                    progressText.set("Cancelled — what loaded is shown; F5 to load again");
                    dirty = true;
                });
    }

    /** The stream's per-key writes, busiest first; a table whose stream is off says so. */
    private void showStream(StreamHeatReader.Result r, TableShape shape) {
        streams.set(r);
        streamKeys.setAll(r.keys().size() > TOP_KEYS ? r.keys().subList(0, TOP_KEYS) : r.keys());
        boolean off = r.status().state() == DataState.NOT_ENABLED
                || (r.streamArn() == null
                        && r.status().state() == DataState.NOT_SUPPORTED
                        && !shape.stream().enabled());
        streamStatus.set(
                off
                        ? DataStatus.of(DataState.NOT_ENABLED, "Streams are off on this table")
                        : r.status().state() == DataState.NO_DATA
                                ? DataStatus.of(DataState.NO_DATA, "No writes in this window")
                                : r.status());
    }

    private void updateResource() {
        TableShape shape = main.tableShapeProperty().get();
        Resource r = shape == null ? null : main.selectedResource().metricsResource(shape.name());
        resource.set(r);
        InsightsReader.Result result = insightsResult.get();
        if (r == null || result == null) {
            topKeys.clear();
            heat.set(null);
            heatStatus.set(r == null ? null : insightsStateFor(r));
            return;
        }
        if (sortKeyLevel.get()) {
            showSortKeys(r);
            return;
        }
        KeyTimeMatrix m = result.partitionKeys().get(r);
        heat.set(m);
        topKeys.setAll(m == null ? List.of() : TopKeys.of(m, TOP_KEYS));
        DataStatus status = result.status().get(r);
        heatStatus.set(status == null ? insightsStateFor(r) : status);
    }

    /** The PK + SK view: what was read for {@code r}, or start reading it (billed calls, so only on demand). */
    private void showSortKeys(Resource r) {
        SortKeyReports.Loaded l = sortKeyReports.get(r);
        Connection c = main.getConnection();
        if (l == null) {
            heat.set(null);
            topKeys.clear();
            heatStatus.set(null);
            DataStatus notReady = insightsStateFor(r);
            if (notReady != null && !notReady.state().hasValues() && notReady.state() != DataState.NO_DATA) {
                heatStatus.set(notReady);
            } else if (c != null && lastRequest != null) {
                sortKeysLoading.set(true);
                sortKeyReports.load(
                        r,
                        c,
                        lastRequest,
                        progressText::set,
                        () -> {
                            sortKeysLoading.set(false);
                            updateResource();
                        },
                        () -> sortKeysLoading.set(false));
            }
            return;
        }
        heat.set(l.matrix());
        topKeys.setAll(l.matrix() == null ? List.of() : TopKeys.of(l.matrix(), TOP_KEYS));
        heatStatus.set(l.status());
    }

    private DataStatus insightsStateFor(Resource r) {
        for (ContributorInsightsState s : insights) {
            if (Objects.equals(s.indexName(), r.index())) {
                Connection c = main.getConnection();
                DataStatus ready = InsightsReader.readiness(s, c == null ? null : c.spec());
                return ready == null ? DataStatus.of(DataState.NO_DATA, "not loaded yet") : ready;
            }
        }
        return null;
    }

    // Accessors

    /** Where the top keys come from: Contributor Insights, the table's stream, or both; a change reads again. */
    public ObjectProperty<HeatSource> heatSourceProperty() {
        return heatSource;
    }

    /** The last stream read, or null when the source does not read the stream. */
    public ReadOnlyObjectProperty<StreamHeatReader.Result> streamsProperty() {
        return streams.getReadOnlyProperty();
    }

    /** The stream read's state with what to do next; null before a read or when the stream is not read. */
    public ReadOnlyObjectProperty<DataStatus> streamStatusProperty() {
        return streamStatus.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty streamLoadingProperty() {
        return streamLoading.getReadOnlyProperty();
    }

    /** The stream's busiest keys by writes (at most 50). */
    public ObservableList<StreamKeyTotal> streamKeys() {
        return streamKeys;
    }

    public BooleanProperty activeProperty() {
        return active;
    }

    public ReadOnlyObjectProperty<MetricsSnapshot> snapshotProperty() {
        return snapshot.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<Verdict> verdictProperty() {
        return verdict.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<UserMessage> errorProperty() {
        return error.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty loadingProperty() {
        return loading.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty insightsLoadingProperty() {
        return insightsLoading.getReadOnlyProperty();
    }

    /** Partition + sort key reports are being read (the PK + SK view was asked for). */
    public ReadOnlyBooleanProperty sortKeysLoadingProperty() {
        return sortKeysLoading.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty progressTextProperty() {
        return progressText.getReadOnlyProperty();
    }

    public ReadOnlyDoubleProperty insightsProgressProperty() {
        return insightsProgress.getReadOnlyProperty();
    }

    public ObservableList<ContributorInsightsState> insights() {
        return insightsView;
    }

    /** Top keys of partition + sort key pairs (SKC/SKT rules) instead of partition keys. */
    public BooleanProperty sortKeyLevelProperty() {
        return sortKeyLevel;
    }

    public ReadOnlyObjectProperty<Resource> resourceProperty() {
        return resource.getReadOnlyProperty();
    }

    public ObservableList<TopKey> topKeys() {
        return topKeys;
    }

    public ReadOnlyObjectProperty<DataStatus> heatStatusProperty() {
        return heatStatus.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<KeyTimeMatrix> heatProperty() {
        return heat.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<UserMessage> insightsErrorProperty() {
        return insightsError.getReadOnlyProperty();
    }

    public Session main() {
        return main;
    }
}
