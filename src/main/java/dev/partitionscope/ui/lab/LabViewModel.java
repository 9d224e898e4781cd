package dev.partitionscope.ui.lab;

import dev.partitionscope.aws.Connection;
import dev.partitionscope.aws.ConnectionKind;
import dev.partitionscope.aws.ConnectionSpec;
import dev.partitionscope.aws.UserMessage;
import dev.partitionscope.core.table.IndexShape;
import dev.partitionscope.core.table.KeyType;
import dev.partitionscope.core.table.TableShape;
import dev.partitionscope.lab.Lab;
import dev.partitionscope.lab.LabHost;
import dev.partitionscope.lab.partition.ModelParams;
import dev.partitionscope.lab.partition.ModelSnapshot;
import dev.partitionscope.lab.workload.ScenarioCatalog;
import dev.partitionscope.ui.session.Session;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongSupplier;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The Lab screen: where the built-in Lab runs and how to reach it, the partitions of the selected table and its
 * GSIs with their load against the ceilings, the last minute of throttles, and the model parameters. Reads the
 * Lab directly (snapshots are cheap and thread-safe) on {@link #tick()}, which the view calls while the screen is
 * showing; all methods run on the FX thread.
 */
public final class LabViewModel {
    /** What the screen can show. */
    public enum State {
        /** The app talks to something else than the Lab (or to nothing). */
        NOT_CONNECTED,
        /** Connecting to the Lab (it starts on the first connect). */
        STARTING,
        /** Connected as the Lab, but the Lab is not running (stopped at exit, or failed to start). */
        NOT_RUNNING,
        READY
    }

    /** What the partitions pane can show when the Lab is ready. */
    public enum TableState {
        NO_TABLE,
        NO_MODEL,
        SHOWING
    }

    private static final long MIN_REFRESH_GAP_MILLIS = 900;

    private final Session main;
    private final LabHost labHost;
    private final LongSupplier wallMillis;
    private final HotKeyNames keyNames = new HotKeyNames();
    private final ParamsForm params;
    private final LabReplays replays;
    private final WorkloadViewModel workload;
    private final RecordingViewModel recordings;

    // Properties
    private final ReadOnlyObjectWrapper<State> state = new ReadOnlyObjectWrapper<>(this, "state", State.NOT_CONNECTED);
    private final ReadOnlyObjectWrapper<TableState> tableState =
            new ReadOnlyObjectWrapper<>(this, "tableState", TableState.NO_TABLE);
    private final ReadOnlyStringWrapper endpoint = new ReadOnlyStringWrapper(this, "endpoint", "");
    private final ReadOnlyStringWrapper replay = new ReadOnlyStringWrapper(this, "replay", "");
    private final ReadOnlyStringWrapper replayNote = new ReadOnlyStringWrapper(this, "replayNote", "");
    private final ReadOnlyStringWrapper table = new ReadOnlyStringWrapper(this, "table");
    private final ReadOnlyStringWrapper updated = new ReadOnlyStringWrapper(this, "updated", "");
    private final ReadOnlyStringWrapper refreshProblem = new ReadOnlyStringWrapper(this, "refreshProblem");
    private final ReadOnlyObjectWrapper<ThrottleSummary> throttles =
            new ReadOnlyObjectWrapper<>(this, "throttles", ThrottleSummary.EMPTY);
    private final ReadOnlyObjectWrapper<ModelSnapshot> snapshot = new ReadOnlyObjectWrapper<>(this, "snapshot");
    private final BooleanProperty busyOnly = new SimpleBooleanProperty(this, "busyOnly");
    private final ReadOnlyBooleanWrapper anyLoad = new ReadOnlyBooleanWrapper(this, "anyLoad");
    private final ObservableList<LabRow.Slot> rows = FXCollections.observableArrayList();
    private final ObservableList<LabRow.Slot> rowsView = FXCollections.unmodifiableObservableList(rows);

    private long lastSecond = Long.MIN_VALUE;
    private long lastRefreshWall = Long.MIN_VALUE / 2;

    public LabViewModel(Session main, LabHost labHost) {
        this(main, labHost, System::currentTimeMillis);
    }

    LabViewModel(Session main, LabHost labHost, LongSupplier wallMillis) {
        this.main = main;
        this.labHost = labHost;
        this.wallMillis = wallMillis;
        this.params = new ParamsForm(currentLab().map(Lab::params).orElse(ModelParams.defaults()), p -> {
            Lab lab = currentLab()
                    .orElseThrow(() -> new IllegalStateException("the Lab is not running; connect to it first"));
            lab.setParams(p);
            refreshNow();
        });
        this.replays = new LabReplays(main, labHost);
        this.workload = new WorkloadViewModel(main, labHost, ScenarioCatalog::load, replays);
        this.recordings = new RecordingViewModel(main, labHost, replays);
        main.connectionProperty().addListener((obs, old, now) -> update());
        main.connectionStateProperty().addListener((obs, old, now) -> update());
        main.connectingSpecProperty().addListener((obs, old, now) -> update());
        main.selectedTableProperty().addListener((obs, old, now) -> update());
        main.tableShapeProperty().addListener((obs, old, now) -> refreshNow());
        busyOnly.addListener((obs, old, now) -> refreshNow());
        main.timeRangeProperty()
                .addListener((obs, old, now) -> showReplay(replays.current().orElse(null)));
        update();
    }

    // Commands

    /** Connects the app to the built-in Lab (starting it if needed); from a replay, back to the live Lab. */
    public void connectToLab() {
        main.connect(ConnectionSpec.lab());
    }

    public void selectTable(String name) {
        main.selectedTableProperty().set(name);
    }

    /**
     * Called a few times a second while the screen shows; refreshes once per Lab second, soon after the second
     * turns, so every complete second is shown exactly once (the model reports load per complete second).
     */
    public void tick() {
        Optional<Lab> lab = currentLab();
        long wall = wallMillis.getAsLong();
        if (state.get() != State.READY || lab.isEmpty()) {
            if (state.get() == State.READY || state.get() == State.NOT_RUNNING) {
                update();
            }
            return;
        }
        long second = Math.floorDiv(lab.get().clock().epochMillis(), 1000);
        // The wall-clock gap keeps a fast simulated clock from refreshing more than about once a second.
        if (second != lastSecond && wall - lastRefreshWall >= MIN_REFRESH_GAP_MILLIS) {
            refreshNow();
        }
    }

    /** Reads the Lab now: partitions, throttles and parameters. */
    public void refreshNow() {
        Optional<Lab> running = currentLab();
        if (state.get() != State.READY || running.isEmpty()) {
            clearData();
            return;
        }
        Lab lab = running.get();
        lastRefreshWall = wallMillis.getAsLong();
        long now = lab.clock().epochMillis();
        lastSecond = Math.floorDiv(now, 1000);
        params.sync(lab.params());
        String name = main.selectedTableProperty().get();
        table.set(name);
        updated.set(
                replay.get().isEmpty()
                        ? "Updated " + time(now) + " · every second while this screen is open"
                        : "As at " + time(now) + " · a replay does not change");
        if (name == null) {
            tableState.set(TableState.NO_TABLE);
            clearData();
            return;
        }
        try {
            Optional<ModelSnapshot> snap = lab.snapshot(name);
            if (snap.isEmpty()) {
                tableState.set(TableState.NO_MODEL);
                clearData();
                return;
            }
            ModelSnapshot s = snap.get();
            keyNames.prepare(lab.meter(), name, keyTypes(name), now);
            ThrottleSummary t = ThrottleSummary.of(
                    lab.meter(),
                    name,
                    s.indexes().stream().map(ModelSnapshot.ResourceView::name).toList(),
                    now,
                    main.timeRangeProperty().get().utc());
            setRows(LabRows.build(s, keyNames, t::keyRangeLastSecond, busyOnly.get()));
            anyLoad.set(hottestRow() >= 0);
            snapshot.set(s);
            throttles.set(t);
            tableState.set(TableState.SHOWING);
            refreshProblem.set(null);
        } catch (RuntimeException e) {
            // The Lab is in-process: a failure here is a bug, but the screen must stay usable and say so.
            refreshProblem.set("Could not read the Lab's state of " + name + ": " + e.getMessage());
        }
    }

    // Internals

    private void setRows(List<LabRow> fresh) {
        boolean sameShape = fresh.size() == rows.size();
        for (int i = 0; sameShape && i < fresh.size(); i++) {
            sameShape = fresh.get(i).key().equals(rows.get(i).get().key());
        }
        if (sameShape) {
            for (int i = 0; i < fresh.size(); i++) {
                rows.get(i).set(fresh.get(i));
            }
        } else {
            rows.setAll(fresh.stream().map(LabRow.Slot::new).toList());
        }
    }

    private void update() {
        Connection c = main.getConnection();
        ConnectionSpec connecting = main.connectingSpecProperty().get();
        Optional<Lab> running = currentLab();
        State next;
        if (connecting != null && connecting.kind() == ConnectionKind.LAB) {
            next = State.STARTING;
        } else if (c == null || (c.spec().kind() != ConnectionKind.LAB && running.isEmpty())) {
            next = State.NOT_CONNECTED;
        } else if (running.isEmpty()) {
            next = State.NOT_RUNNING;
        } else {
            next = State.READY;
        }
        // When not connected to it, still say where the embedded Lab runs (it keeps running for a reconnect).
        endpoint.set(running.or(labHost::running).flatMap(Lab::endpoint).orElse(""));
        showReplay(replays.current().orElse(null));
        state.set(next);
        if (next == State.READY && main.selectedTableProperty().get() == null) {
            tableState.set(TableState.NO_TABLE);
        }
        refreshNow();
    }

    private void showReplay(LabReplays.Replay r) {
        if (r == null) {
            replay.set("");
            replayNote.set("");
            return;
        }
        String at = dateTime(r.atMillis());
        if (r.kind() == LabReplays.Kind.RECORDING) {
            replay.set("REPLAY · " + r.name() + " · saved " + at);
            replayNote.set("A recording: its clock stands still at the moment it was saved, so nothing here is live.");
        } else {
            replay.set("Fast-forwarded · " + r.name());
            replayNote.set("Simulated in seconds; its clock stands still at the run's end (" + at + "), so nothing"
                    + " here is live. Save recording… keeps it.");
        }
    }

    private void clearData() {
        if (!rows.isEmpty()) {
            rows.clear();
        }
        anyLoad.set(false);
        snapshot.set(null);
        throttles.set(ThrottleSummary.EMPTY);
        refreshProblem.set(null);
        if (state.get() == State.READY && main.selectedTableProperty().get() == null) {
            tableState.set(TableState.NO_TABLE);
        }
    }

    /** Key attribute type of the table and each GSI, from the described shape (when it is this table's). */
    private Map<String, KeyType> keyTypes(String name) {
        TableShape shape = main.tableShapeProperty().get();
        Map<String, KeyType> types = new HashMap<>();
        if (shape != null && shape.name().equals(name)) {
            types.put(name, shape.keySchema().partitionKey().type());
            for (IndexShape gsi : shape.globalIndexes()) {
                types.put(gsi.name(), gsi.keySchema().partitionKey().type());
            }
        }
        return types;
    }

    private String dateTime(long millis) {
        boolean utc = main.timeRangeProperty().get().utc();
        return DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss")
                        .withZone(utc ? ZoneOffset.UTC : ZoneId.systemDefault())
                        .format(Instant.ofEpochMilli(millis))
                + (utc ? " UTC" : "");
    }

    private String time(long millis) {
        boolean utc = main.timeRangeProperty().get().utc();
        return DateTimeFormatter.ofPattern("HH:mm:ss")
                        .withZone(utc ? ZoneOffset.UTC : ZoneId.systemDefault())
                        .format(Instant.ofEpochMilli(millis))
                + (utc ? " UTC" : "");
    }

    // Derived text

    /** Snippets for the Lab's endpoint now (empty endpoint while it is not running). */
    public LabSnippets snippets() {
        return new LabSnippets(endpoint.get());
    }

    /**
     * The row of the busiest partition (highest share of a ceiling, write or read), or -1 when none has load: with
     * hundreds of partitions the hot one is rarely on screen.
     */
    public int hottestRow() {
        int best = -1;
        double bestRatio = 0;
        for (int i = 0; i < rows.size(); i++) {
            if (rows.get(i).get() instanceof LabRow.Part p) {
                double r = Math.max(p.writeRatio(), p.readRatio());
                if (r > bestRatio) {
                    bestRatio = r;
                    best = i;
                }
            }
        }
        return best;
    }

    /** The Lab's tables (for the "pick a table" state). */
    public List<String> labTables() {
        return main.tables();
    }

    /** The connect error to show in the not-connected state, when the last attempt was the Lab. */
    public UserMessage labConnectError() {
        ConnectionSpec last = main.lastAttempted();
        return last != null && last.kind() == ConnectionKind.LAB
                ? main.connectErrorProperty().get()
                : null;
    }

    // Accessors

    public Session main() {
        return main;
    }

    /**
     * The Lab behind the current connection: the embedded one, or the Lab proxy this app runs in front of LocalStack
     * or another engine. Empty for any other connection.
     */
    private Optional<Lab> currentLab() {
        Connection c = main.getConnection();
        return c == null ? Optional.empty() : labHost.forEndpoint(c.spec().endpoint());
    }

    public LabHost labHost() {
        return labHost;
    }

    public ParamsForm params() {
        return params;
    }

    /** The workload generator of this screen. */
    public WorkloadViewModel workload() {
        return workload;
    }

    /** Saving and opening recordings. */
    public RecordingViewModel recordings() {
        return recordings;
    }

    /**
     * What the screen shows when the Lab is a replay, e.g. {@code REPLAY · lab-app-20260622-1000.psrec · saved
     * 2026-06-22 10:00:00} or {@code Fast-forwarded · order-status before · 1 h}; empty for a live Lab.
     */
    public ReadOnlyStringProperty replayProperty() {
        return replay.getReadOnlyProperty();
    }

    /** A sentence under the replay badge: why nothing moves. */
    public ReadOnlyStringProperty replayNoteProperty() {
        return replayNote.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<State> stateProperty() {
        return state.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<TableState> tableStateProperty() {
        return tableState.getReadOnlyProperty();
    }

    /** {@code http://127.0.0.1:PORT}, or "" while the Lab is not running. */
    public ReadOnlyStringProperty endpointProperty() {
        return endpoint.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty tableProperty() {
        return table.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty updatedProperty() {
        return updated.getReadOnlyProperty();
    }

    /** Why the last refresh failed; null when it worked. */
    public ReadOnlyStringProperty refreshProblemProperty() {
        return refreshProblem.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<ThrottleSummary> throttlesProperty() {
        return throttles.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<ModelSnapshot> snapshotProperty() {
        return snapshot.getReadOnlyProperty();
    }

    /** List only partitions with load, heat or an isolated key (for tables with hundreds of partitions). */
    public BooleanProperty busyOnlyProperty() {
        return busyOnly;
    }

    /** Sections (table, then each GSI) and their partitions, each in a slot that survives refreshes. */
    public ObservableList<LabRow.Slot> rows() {
        return rowsView;
    }

    /** Some partition had load in the last second ({@link #hottestRow()} finds it). */
    public ReadOnlyBooleanProperty anyLoadProperty() {
        return anyLoad.getReadOnlyProperty();
    }

    /** The rows as they are now. */
    public List<LabRow> currentRows() {
        return rows.stream().map(LabRow.Slot::get).toList();
    }
}
