package dev.partitionscope.ui.shell;

import dev.partitionscope.aws.ConnectService;
import dev.partitionscope.aws.Connection;
import dev.partitionscope.aws.ConnectionSpec;
import dev.partitionscope.aws.ErrorTranslator;
import dev.partitionscope.aws.TableGateway;
import dev.partitionscope.aws.UserMessage;
import dev.partitionscope.core.table.TableShape;
import dev.partitionscope.core.time.TimeRange;
import dev.partitionscope.ui.session.AutoRefresh;
import dev.partitionscope.ui.session.ConnectionState;
import dev.partitionscope.ui.session.DesignerHandOver;
import dev.partitionscope.ui.session.Screen;
import dev.partitionscope.ui.session.Session;
import dev.partitionscope.ui.session.TableResource;
import dev.partitionscope.ui.task.TaskRunner;
import dev.partitionscope.ui.task.TaskSlot;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * State shared by the whole window: the connection, the table list, the selected table (and index) with its
 * description, the time range and the current screen. Screens read it; only its commands change it. All methods are
 * called on the UI thread; background work goes through the {@link TaskRunner}.
 */
public final class MainViewModel implements Session {
    /** The connections the heatmap starts Live on (the app says which: the built-in Lab started alive). */
    private java.util.function.Predicate<Connection> startsLive = c -> false;

    /** Which connections the heatmap starts Live on; set by the app before it connects. */
    public void setStartsLive(java.util.function.Predicate<Connection> which) {
        this.startsLive = which;
    }

    @Override
    public boolean startsLive(Connection connection) {
        return connection != null && startsLive.test(connection);
    }

    private final TaskRunner tasks;
    private final ConnectService connectService;

    // Properties
    private final ReadOnlyObjectWrapper<Connection> connection = new ReadOnlyObjectWrapper<>(this, "connection");
    private final ReadOnlyObjectWrapper<ConnectionState> connectionState =
            new ReadOnlyObjectWrapper<>(this, "connectionState", ConnectionState.DISCONNECTED);
    private final ReadOnlyObjectWrapper<ConnectionSpec> connectingSpec =
            new ReadOnlyObjectWrapper<>(this, "connectingSpec");
    private final ReadOnlyObjectWrapper<UserMessage> connectError = new ReadOnlyObjectWrapper<>(this, "connectError");
    private final ObservableList<String> connectNotes = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper whereText = new ReadOnlyStringWrapper(this, "whereText", "");
    private final ReadOnlyStringWrapper guardText = new ReadOnlyStringWrapper(this, "guardText", "");
    private final ReadOnlyBooleanWrapper readOnly = new ReadOnlyBooleanWrapper(this, "readOnly", true);

    private final ObservableList<String> tables = FXCollections.observableArrayList();
    private final ReadOnlyBooleanWrapper tablesLoading = new ReadOnlyBooleanWrapper(this, "tablesLoading");
    private final ReadOnlyBooleanWrapper tablesLoaded = new ReadOnlyBooleanWrapper(this, "tablesLoaded");
    private final ReadOnlyObjectWrapper<UserMessage> tablesError = new ReadOnlyObjectWrapper<>(this, "tablesError");

    private final ObjectProperty<String> selectedTable = new SimpleObjectProperty<>(this, "selectedTable");
    private final ReadOnlyObjectWrapper<TableShape> tableShape = new ReadOnlyObjectWrapper<>(this, "tableShape");
    private final ReadOnlyBooleanWrapper shapeLoading = new ReadOnlyBooleanWrapper(this, "shapeLoading");
    private final ReadOnlyObjectWrapper<UserMessage> shapeError = new ReadOnlyObjectWrapper<>(this, "shapeError");
    private final ObservableList<TableResource> resourceOptions =
            FXCollections.observableArrayList(TableResource.BASE_TABLE);
    private final ObjectProperty<TableResource> selectedResource =
            new SimpleObjectProperty<>(this, "selectedResource", TableResource.BASE_TABLE);
    private final ObjectProperty<DesignerHandOver> designerHandOver =
            new SimpleObjectProperty<>(this, "designerHandOver");

    private final ObjectProperty<TimeRange> timeRange =
            new SimpleObjectProperty<>(this, "timeRange", TimeRange.defaultRange());
    private final ObjectProperty<Screen> screen = new SimpleObjectProperty<>(this, "screen", Screen.OVERVIEW);
    private final ReadOnlyIntegerWrapper refreshCount = new ReadOnlyIntegerWrapper(this, "refreshCount");
    private final ObjectProperty<AutoRefresh> autoRefresh =
            new SimpleObjectProperty<>(this, "autoRefresh", AutoRefresh.OFF);
    private final ReadOnlyIntegerWrapper autoRefreshTicks = new ReadOnlyIntegerWrapper(this, "autoRefreshTicks");
    private final BooleanProperty darkTheme = new SimpleBooleanProperty(this, "darkTheme");
    private final ObjectProperty<dev.partitionscope.ui.common.Theme.Mode> themeMode =
            new SimpleObjectProperty<>(this, "themeMode", dev.partitionscope.ui.common.Theme.Mode.LIGHT);

    // Read-only views handed out to screens; created once so listeners stay attached to one object.
    private final ObservableList<String> connectNotesView = FXCollections.unmodifiableObservableList(connectNotes);
    private final ObservableList<String> tablesView = FXCollections.unmodifiableObservableList(tables);
    private final ObservableList<TableResource> resourceOptionsView =
            FXCollections.unmodifiableObservableList(resourceOptions);

    // One slot per kind of work: a late callback from a superseded task never runs.
    private final TaskSlot connectTask;
    private final TaskSlot tablesTask;
    private final TaskSlot shapeTask;
    private final Runnable guardListener = this::updateGuardText;
    private String preferredTable;
    private ConnectionSpec lastAttempted;

    public MainViewModel(TaskRunner tasks, ConnectService connectService) {
        this.tasks = tasks;
        this.connectService = connectService;
        this.connectTask = new TaskSlot(tasks);
        this.tablesTask = new TaskSlot(tasks);
        this.shapeTask = new TaskSlot(tasks);
        selectedTable.addListener((obs, old, now) -> {
            if (!Objects.equals(old, now)) {
                describeSelected();
            }
        });
        tableShape.addListener((obs, old, now) -> updateIndexOptions(now));
        // The dark toggle and the three-way mode stay in step; each listener acts only on a real disagreement.
        themeMode.addListener((obs, old, now) -> darkTheme.set(now.dark()));
        darkTheme.addListener((obs, old, dark) -> {
            if (dark != themeMode.get().dark()) {
                themeMode.set(
                        dark
                                ? dev.partitionscope.ui.common.Theme.Mode.DARK
                                : dev.partitionscope.ui.common.Theme.Mode.LIGHT);
            }
        });
    }

    // Commands

    /** Opens a connection in the background (the connect service, or an opened snapshot's clients). */
    @FunctionalInterface
    public interface Opener {
        ConnectService.Result open(ConnectionSpec spec) throws Exception;
    }

    /** Connects in the background; the current connection stays usable until the new one is proven to work. */
    @Override
    public void connect(ConnectionSpec spec) {
        lastAttempted = spec;
        connect(spec, connectService::connect);
    }

    /**
     * Connects through {@code opener} instead of the connect service: an opened snapshot builds clients that never
     * leave the process. Not remembered for Retry or the connection dialog, which would connect {@code spec} to the
     * real endpoint.
     */
    public void connect(ConnectionSpec spec, Opener opener) {
        connectTask.cancel();
        connectError.set(null);
        connectingSpec.set(spec);
        connectionState.set(ConnectionState.CONNECTING);
        connectTask.submit(
                "Connecting to " + spec.name(),
                ctx -> opener.open(spec),
                result -> {
                    connectingSpec.set(null);
                    adopt(result.connection(), result.notes());
                },
                error -> {
                    connectingSpec.set(null);
                    connectError.set(ErrorTranslator.translate(error, spec, "ListTables"));
                    connectionState.set(connection.get() == null ? ConnectionState.FAILED : ConnectionState.CONNECTED);
                },
                this::connectCancelled,
                // An attempt cancelled or replaced after it had connected: its clients are closed, not leaked.
                late -> late.connection().close());
    }

    /** Cancels a connect in progress; the previous connection (if any) stays. */
    @Override
    public void cancelConnect() {
        if (connectingSpec.get() == null) {
            return;
        }
        connectTask.cancel();
        connectCancelled();
    }

    private void connectCancelled() {
        if (connectingSpec.get() != null) {
            connectingSpec.set(null);
            connectionState.set(connection.get() == null ? ConnectionState.DISCONNECTED : ConnectionState.CONNECTED);
        }
    }

    public void disconnect() {
        cancelConnect();
        tablesTask.cancel();
        shapeTask.cancel();
        Connection old = connection.get();
        if (old != null) {
            old.guard().removeListener(guardListener);
            old.close();
        }
        connection.set(null);
        connectNotes.clear();
        tables.clear();
        tablesLoaded.set(false);
        tablesError.set(null);
        selectedTable.set(null);
        tableShape.set(null);
        shapeError.set(null);
        whereText.set("");
        connectionState.set(ConnectionState.DISCONNECTED);
        updateGuardText();
    }

    /** F5: reloads the table list and the selected table; screens listen to {@link #refreshCountProperty()}. */
    @Override
    public void refresh() {
        if (connection.get() == null) {
            return;
        }
        loadTables();
        describeSelected();
        refreshCount.set(refreshCount.get() + 1);
    }

    /**
     * Called by the shell's timer every {@link #autoRefreshProperty()} interval: live screens reload quietly, keeping
     * what they show until the new data is in. Unlike {@link #refresh()} it does not reload the table list.
     */
    public void autoRefreshTick() {
        if (connection.get() != null && autoRefresh.get() != AutoRefresh.OFF) {
            autoRefreshTicks.set(autoRefreshTicks.get() + 1);
        }
    }

    /** Unlocks writes to one table on the current connection; the typed text must equal the table name. */
    public void unlockWrites(String table, String typedConfirmation) {
        Connection c = connection.get();
        if (c == null) {
            throw new IllegalStateException("Connect first: writes are unlocked per connection.");
        }
        c.guard().unlock(table, typedConfirmation);
    }

    public void lockAllWrites() {
        Connection c = connection.get();
        if (c != null) {
            c.guard().lockAll();
        }
    }

    /** The connection most recently tried, whether or not it worked (for "retry" and the dialog's selection). */
    @Override
    public ConnectionSpec lastAttempted() {
        return lastAttempted;
    }

    /** Tries the last connection again. */
    @Override
    public void retryConnect() {
        if (lastAttempted != null) {
            connect(lastAttempted);
        }
    }

    /** The table to select when a table list arrives and nothing is selected (the one last looked at). */
    public void setPreferredTable(String table) {
        this.preferredTable = table;
    }

    @Override
    public void reloadSelectedTable() {
        describeSelected();
    }

    // Internals

    private void adopt(Connection fresh, List<String> notes) {
        Connection old = connection.get();
        if (old != null) {
            old.guard().removeListener(guardListener);
            old.close();
        }
        tablesTask.cancel();
        shapeTask.cancel();
        tables.clear();
        tablesLoaded.set(false);
        selectedTable.set(null);
        tableShape.set(null);
        shapeError.set(null);
        connection.set(fresh);
        connectNotes.setAll(notes);
        whereText.set(fresh.whereLabel());
        fresh.guard().addListener(guardListener);
        connectionState.set(ConnectionState.CONNECTED);
        updateGuardText();
        loadTables();
    }

    private void loadTables() {
        Connection c = connection.get();
        tablesTask.cancel();
        tablesError.set(null);
        tablesLoading.set(true);
        String keep = selectedTable.get();
        // A first listing shows its pages as they come; a reload edits the list in place at the end (see reconcile).
        boolean progressive = tables.isEmpty();
        List<String> fresh = new ArrayList<>();
        tablesTask.submit(
                "Listing tables",
                ctx -> {
                    TableGateway gateway = new TableGateway(c);
                    return gateway.listTables(
                            page -> ctx.post(() -> {
                                fresh.addAll(page);
                                if (progressive) {
                                    tables.addAll(page);
                                }
                            }),
                            ctx::isCancelled);
                },
                count -> {
                    reconcile(tables, fresh);
                    tablesLoading.set(false);
                    tablesLoaded.set(true);
                    if (keep != null && !tables.contains(keep)) {
                        selectedTable.set(null);
                    }
                    if (selectedTable.get() == null && preferredTable != null && tables.contains(preferredTable)) {
                        selectedTable.set(preferredTable);
                    }
                },
                error -> {
                    tablesLoading.set(false);
                    tablesLoaded.set(true);
                    tablesError.set(ErrorTranslator.translate(error, c.spec(), "ListTables"));
                },
                () -> tablesLoading.set(false));
    }

    /**
     * Makes {@code list} equal to {@code fresh} by removing and inserting names, keeping in place those both have.
     * Clearing and refilling (or {@code setAll}) would drop the selected table: the top bar's selector, bound to
     * {@link #selectedTableProperty()}, sets its value to null when its selected item leaves its items, even for a
     * moment — F5 deselected the table on screen whenever the list had loaded before the table was picked.
     */
    static void reconcile(List<String> list, List<String> fresh) {
        if (list.equals(fresh)) {
            return;
        }
        java.util.Set<String> names = new java.util.HashSet<>(fresh);
        list.removeIf(name -> !names.contains(name));
        if (list.isEmpty()) {
            list.addAll(fresh);
            return;
        }
        for (int i = 0; i < fresh.size(); i++) {
            if (i >= list.size() || !list.get(i).equals(fresh.get(i))) {
                list.add(i, fresh.get(i));
            }
        }
        // The first fresh.size() names now are fresh's; anything after them was out of order before.
        if (list.size() > fresh.size()) {
            list.subList(fresh.size(), list.size()).clear();
        }
    }

    private void describeSelected() {
        shapeTask.cancel();
        String table = selectedTable.get();
        Connection c = connection.get();
        shapeError.set(null);
        if (table == null || c == null) {
            tableShape.set(null);
            shapeLoading.set(false);
            return;
        }
        if (tableShape.get() != null && !tableShape.get().name().equals(table)) {
            tableShape.set(null);
        }
        shapeLoading.set(true);
        shapeTask.submit(
                "Describing " + table,
                ctx -> new TableGateway(c).describe(table),
                shape -> {
                    shapeLoading.set(false);
                    if (c == connection.get() && table.equals(selectedTable.get())) {
                        tableShape.set(shape);
                    }
                },
                error -> {
                    shapeLoading.set(false);
                    tableShape.set(null);
                    shapeError.set(ErrorTranslator.translate(error, c.spec(), "DescribeTable"));
                },
                () -> shapeLoading.set(false));
    }

    private void updateIndexOptions(TableShape shape) {
        TableResource keep = selectedResource.get();
        List<TableResource> options = TableResource.options(shape);
        resourceOptions.setAll(options);
        selectedResource.set(options.contains(keep) ? keep : TableResource.BASE_TABLE);
    }

    private void updateGuardText() {
        Connection c = connection.get();
        if (c == null) {
            guardText.set("");
            readOnly.set(true);
            return;
        }
        readOnly.set(c.guard().isReadOnly());
        if (c.guard().isAlwaysWritable()) {
            guardText.set("WRITABLE · local sandbox");
        } else if (c.guard().isReadOnly()) {
            guardText.set("READ-ONLY");
        } else {
            guardText.set("WRITES UNLOCKED · " + String.join(", ", c.guard().unlockedTables()));
        }
    }

    /** Closes the connection at exit. */
    public void shutdown() {
        disconnect();
    }

    // Accessors

    @Override
    public ReadOnlyObjectProperty<Connection> connectionProperty() {
        return connection.getReadOnlyProperty();
    }

    @Override
    public Connection getConnection() {
        return connection.get();
    }

    @Override
    public ReadOnlyObjectProperty<ConnectionState> connectionStateProperty() {
        return connectionState.getReadOnlyProperty();
    }

    @Override
    public ReadOnlyObjectProperty<ConnectionSpec> connectingSpecProperty() {
        return connectingSpec.getReadOnlyProperty();
    }

    @Override
    public ReadOnlyObjectProperty<UserMessage> connectErrorProperty() {
        return connectError.getReadOnlyProperty();
    }

    public ObservableList<String> connectNotes() {
        return connectNotesView;
    }

    public ReadOnlyStringProperty whereTextProperty() {
        return whereText.getReadOnlyProperty();
    }

    @Override
    public ReadOnlyStringProperty guardTextProperty() {
        return guardText.getReadOnlyProperty();
    }

    @Override
    public ReadOnlyBooleanProperty readOnlyProperty() {
        return readOnly.getReadOnlyProperty();
    }

    @Override
    public ObservableList<String> tables() {
        return tablesView;
    }

    @Override
    public ReadOnlyBooleanProperty tablesLoadingProperty() {
        return tablesLoading.getReadOnlyProperty();
    }

    @Override
    public ReadOnlyBooleanProperty tablesLoadedProperty() {
        return tablesLoaded.getReadOnlyProperty();
    }

    @Override
    public ReadOnlyObjectProperty<UserMessage> tablesErrorProperty() {
        return tablesError.getReadOnlyProperty();
    }

    @Override
    public ObjectProperty<String> selectedTableProperty() {
        return selectedTable;
    }

    @Override
    public ReadOnlyObjectProperty<TableShape> tableShapeProperty() {
        return tableShape.getReadOnlyProperty();
    }

    @Override
    public ReadOnlyBooleanProperty shapeLoadingProperty() {
        return shapeLoading.getReadOnlyProperty();
    }

    @Override
    public ReadOnlyObjectProperty<UserMessage> shapeErrorProperty() {
        return shapeError.getReadOnlyProperty();
    }

    @Override
    public ObservableList<TableResource> resourceOptions() {
        return resourceOptionsView;
    }

    /** The hot key handed to the sharding designer ("open in sharding designer"); null when none was. */
    @Override
    public ObjectProperty<DesignerHandOver> designerHandOverProperty() {
        return designerHandOver;
    }

    /** Opens the sharding designer with {@code key} pre-filled. */
    @Override
    public void openInDesigner(String key) {
        openInDesigner(DesignerHandOver.of(key));
    }

    /** Opens the sharding designer with the key (and the rate seen, when known) pre-filled. */
    @Override
    public void openInDesigner(DesignerHandOver handOver) {
        designerHandOver.set(handOver);
        screen.set(Screen.SHARDING);
    }

    @Override
    public ObjectProperty<TableResource> selectedResourceProperty() {
        return selectedResource;
    }

    @Override
    public ObjectProperty<TimeRange> timeRangeProperty() {
        return timeRange;
    }

    @Override
    public ObjectProperty<Screen> screenProperty() {
        return screen;
    }

    @Override
    public ReadOnlyIntegerProperty refreshCountProperty() {
        return refreshCount.getReadOnlyProperty();
    }

    @Override
    public ObjectProperty<AutoRefresh> autoRefreshProperty() {
        return autoRefresh;
    }

    @Override
    public ReadOnlyIntegerProperty autoRefreshTicksProperty() {
        return autoRefreshTicks.getReadOnlyProperty();
    }

    /**
     * Dark (or high contrast) on: the top bar's toggle and Ctrl+Shift+D. Turning it on from light picks dark,
     * turning it off picks light; it follows {@link #themeModeProperty()}.
     */
    public BooleanProperty darkThemeProperty() {
        return darkTheme;
    }

    /** Light, dark or high contrast; {@link #darkThemeProperty()} stays in step. */
    @Override
    public ObjectProperty<dev.partitionscope.ui.common.Theme.Mode> themeModeProperty() {
        return themeMode;
    }

    @Override
    public TaskRunner tasks() {
        return tasks;
    }
}
