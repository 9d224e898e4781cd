package dev.partitionscope.ui.overview;

import dev.partitionscope.aws.CliCommands;
import dev.partitionscope.aws.Connection;
import dev.partitionscope.aws.ErrorTranslator;
import dev.partitionscope.aws.StreamHeatReader;
import dev.partitionscope.aws.TableGateway;
import dev.partitionscope.aws.UserMessage;
import dev.partitionscope.core.table.ContributorInsightsState;
import dev.partitionscope.core.table.TableShape;
import dev.partitionscope.ui.session.ConnectionState;
import dev.partitionscope.ui.session.Session;
import dev.partitionscope.ui.task.TaskHandle;
import java.time.Duration;
import java.util.Locale;
import javafx.beans.Observable;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.ObjectBinding;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.transformation.FilteredList;

/**
 * The overview screen: a filterable table list and, for the selected table, its shape, capacity settings and
 * Contributor Insights status. Enabling or disabling Contributor Insights is a billed write and goes through the
 * connection's write guard like every other write.
 */
public final class OverviewViewModel {
    static final Duration POLL_INTERVAL = Duration.ofSeconds(2);
    static final int MAX_POLLS = 60;

    private final Session main;

    // Properties
    private final StringProperty filter = new SimpleStringProperty(this, "filter", "");
    private final FilteredList<String> filteredTables;
    private final ObjectBinding<TablesPaneState> tablesPaneState;
    private final ObservableList<ContributorInsightsState> insights = FXCollections.observableArrayList();
    private final ReadOnlyBooleanWrapper insightsLoading = new ReadOnlyBooleanWrapper(this, "insightsLoading");
    private final ReadOnlyObjectWrapper<UserMessage> insightsError = new ReadOnlyObjectWrapper<>(this, "insightsError");
    private final ReadOnlyStringWrapper insightsProgress = new ReadOnlyStringWrapper(this, "insightsProgress", "");

    private final ObservableList<ContributorInsightsState> insightsView =
            FXCollections.unmodifiableObservableList(insights);

    private TaskHandle insightsTask = TaskHandle.NONE;
    private TaskHandle streamTask = TaskHandle.NONE;
    private final ReadOnlyObjectWrapper<StreamHeatReader.StreamShape> streamShape =
            new ReadOnlyObjectWrapper<>(this, "streamShape");
    /** "≈ 12 partitions (open stream shards)", "Reading the stream's shards…", or empty when the table has none. */
    private final ReadOnlyStringWrapper partitionsText = new ReadOnlyStringWrapper(this, "partitionsText", "");

    public OverviewViewModel(Session main) {
        this.main = main;
        this.filteredTables = new FilteredList<>(main.tables());
        filteredTables
                .predicateProperty()
                .bind(Bindings.createObjectBinding(
                        () -> {
                            String f = filter.get() == null
                                    ? ""
                                    : filter.get().trim().toLowerCase(Locale.ROOT);
                            return f.isEmpty()
                                    ? t -> true
                                    : t -> t.toLowerCase(Locale.ROOT).contains(f);
                        },
                        filter));
        Observable[] deps = {
            main.connectionStateProperty(),
            main.connectErrorProperty(),
            main.tablesLoadingProperty(),
            main.tablesErrorProperty(),
            main.tablesLoadedProperty(),
            filteredTables,
            main.tables()
        };
        this.tablesPaneState = Bindings.createObjectBinding(this::computePaneState, deps);
        main.tableShapeProperty().addListener((obs, old, shape) -> loadInsights(shape));
        main.tableShapeProperty().addListener((obs, old, shape) -> loadStreamShape(shape));
    }

    private TablesPaneState computePaneState() {
        ConnectionState state = main.connectionStateProperty().get();
        if (main.getConnection() == null) {
            return switch (state) {
                case CONNECTING -> TablesPaneState.CONNECTING;
                case FAILED -> TablesPaneState.CONNECT_FAILED;
                default -> TablesPaneState.NOT_CONNECTED;
            };
        }
        if (main.tablesErrorProperty().get() != null) {
            return TablesPaneState.ERROR;
        }
        if (main.tables().isEmpty()) {
            return main.tablesLoadingProperty().get()
                            || !main.tablesLoadedProperty().get()
                    ? TablesPaneState.LOADING
                    : TablesPaneState.EMPTY;
        }
        if (filteredTables.isEmpty()) {
            return TablesPaneState.NO_MATCH;
        }
        return TablesPaneState.READY;
    }

    // Commands

    /** Reloads Contributor Insights for the table on screen. */
    public void reloadInsights() {
        loadInsights(main.tableShapeProperty().get());
    }

    /**
     * Enables (with a mode) or disables Contributor Insights on the table or one GSI, then polls the status until it
     * settles. On a read-only connection the guard refuses and {@link #insightsErrorProperty()} says how to unlock.
     */
    public void setContributorInsights(ContributorInsightsState target, boolean enable, String mode) {
        Connection c = main.getConnection();
        TableShape shape = main.tableShapeProperty().get();
        if (c == null || shape == null) {
            return;
        }
        insightsTask.cancel();
        insightsError.set(null);
        insightsLoading.set(true);
        String verb = enable ? "Enabling" : "Disabling";
        insightsProgress.set(verb + " Contributor Insights on " + target.resourceLabel() + "…");
        insightsTask = main.tasks()
                .run(
                        verb + " Contributor Insights",
                        ctx -> new TableGateway(c)
                                .setContributorInsightsAndWait(
                                        shape,
                                        target,
                                        enable,
                                        mode,
                                        POLL_INTERVAL,
                                        MAX_POLLS,
                                        ctx::isCancelled,
                                        snapshot -> ctx.post(() -> insights.setAll(snapshot))),
                        states -> {
                            insightsLoading.set(false);
                            insightsProgress.set("");
                            insights.setAll(states);
                        },
                        error -> {
                            insightsLoading.set(false);
                            insightsProgress.set("");
                            insightsError.set(ErrorTranslator.translate(error, c.spec(), "UpdateContributorInsights"));
                        });
    }

    public void cancelInsights() {
        insightsTask.cancel();
        insightsLoading.set(false);
        insightsProgress.set("");
    }

    /** The describe-table call as an AWS CLI command for this connection. */
    public String describeTableCommand() {
        Connection c = main.getConnection();
        String table = main.selectedTableProperty().get();
        if (c == null || table == null) {
            return "";
        }
        return CliCommands.describeTable(c.spec(), c.region(), table);
    }

    // Internals

    private void loadInsights(TableShape shape) {
        insightsTask.cancel();
        insightsError.set(null);
        insights.clear();
        Connection c = main.getConnection();
        if (shape == null || c == null) {
            insightsLoading.set(false);
            return;
        }
        insightsLoading.set(true);
        insightsTask = main.tasks()
                .run(
                        "Reading Contributor Insights status",
                        ctx -> new TableGateway(c).contributorInsights(shape),
                        states -> {
                            insightsLoading.set(false);
                            if (shape.equals(main.tableShapeProperty().get())) {
                                insights.setAll(states);
                            }
                        },
                        error -> {
                            insightsLoading.set(false);
                            insightsError.set(
                                    ErrorTranslator.translate(error, c.spec(), "DescribeContributorInsights"));
                        });
    }

    /**
     * Describes the table's stream in the background (DescribeStream pages: reads): its open shards are about its
     * partitions.
     */
    private void loadStreamShape(TableShape shape) {
        streamTask.cancel();
        streamShape.set(null);
        Connection c = main.getConnection();
        if (shape == null || c == null || !shape.stream().enabled()) {
            partitionsText.set("");
            return;
        }
        partitionsText.set("Reading the stream's shards…");
        streamTask = main.tasks()
                .run(
                        "Reading the stream's shards of " + shape.name(),
                        ctx -> new StreamHeatReader(c).shape(shape.name()),
                        found -> {
                            if (!shape.equals(main.tableShapeProperty().get())) {
                                return;
                            }
                            streamShape.set(found.orElse(null));
                            partitionsText.set(
                                    found.map(OverviewViewModel::partitions).orElse(""));
                        },
                        error -> partitionsText.set("not known (the stream's shards could not be listed)"));
    }

    static String partitions(StreamHeatReader.StreamShape s) {
        return "≈ " + s.openShards() + " partition" + (s.openShards() == 1 ? "" : "s") + " (open stream shards)";
    }

    /** The selected table's stream (ARN, view type, shards), or null when it has none or it is being read. */
    public ReadOnlyObjectProperty<StreamHeatReader.StreamShape> streamShapeProperty() {
        return streamShape.getReadOnlyProperty();
    }

    /** "≈ N partitions (open stream shards)" for a table with a stream; empty otherwise. */
    public ReadOnlyStringProperty partitionsTextProperty() {
        return partitionsText.getReadOnlyProperty();
    }

    // Accessors

    public StringProperty filterProperty() {
        return filter;
    }

    public ObservableList<String> filteredTables() {
        return filteredTables;
    }

    public ObjectBinding<TablesPaneState> tablesPaneStateBinding() {
        return tablesPaneState;
    }

    public ObservableList<ContributorInsightsState> insights() {
        return insightsView;
    }

    public ReadOnlyBooleanProperty insightsLoadingProperty() {
        return insightsLoading.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<UserMessage> insightsErrorProperty() {
        return insightsError.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty insightsProgressProperty() {
        return insightsProgress.getReadOnlyProperty();
    }

    public Session main() {
        return main;
    }
}
