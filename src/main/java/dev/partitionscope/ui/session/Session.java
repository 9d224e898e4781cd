package dev.partitionscope.ui.session;

import dev.partitionscope.aws.Connection;
import dev.partitionscope.aws.ConnectionSpec;
import dev.partitionscope.aws.UserMessage;
import dev.partitionscope.core.table.TableShape;
import dev.partitionscope.core.time.TimeRange;
import dev.partitionscope.ui.common.Theme;
import dev.partitionscope.ui.task.TaskRunner;
import java.time.Instant;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.collections.ObservableList;

/**
 * What a screen (a feature package of ui) gets from the window it runs in: the connection and its lifecycle, the
 * table list, the selected table with its description, the selected resource (base table or index), the time range,
 * the refresh signals, the task runner, and requests to show another screen or hand a key over to the designer.
 * Features receive this, never the shell's {@code MainViewModel}, which implements it; the shell owns navigation and
 * the theme. All methods are called on the UI thread; background work goes through {@link #tasks()}.
 */
public interface Session {
    // The connection

    ReadOnlyObjectProperty<Connection> connectionProperty();

    /** The current connection, null when not connected. */
    Connection getConnection();

    ReadOnlyObjectProperty<ConnectionState> connectionStateProperty();

    /** The spec being connected to, null when no connect is in progress. */
    ReadOnlyObjectProperty<ConnectionSpec> connectingSpecProperty();

    /** Why the last connect failed, null when it did not. */
    ReadOnlyObjectProperty<UserMessage> connectErrorProperty();

    /** True unless writes were unlocked (or the endpoint is a local sandbox). */
    ReadOnlyBooleanProperty readOnlyProperty();

    /** The write guard's status-bar text ("READ-ONLY", "WRITES UNLOCKED · t", ...). */
    ReadOnlyStringProperty guardTextProperty();

    /** Connects in the background; the current connection stays usable until the new one is proven to work. */
    void connect(ConnectionSpec spec);

    /** Cancels a connect in progress; the previous connection (if any) stays. */
    void cancelConnect();

    /** Tries the last connection again. */
    void retryConnect();

    /** The connection most recently tried, whether or not it worked; null before the first. */
    ConnectionSpec lastAttempted();

    // Tables

    ObservableList<String> tables();

    ReadOnlyBooleanProperty tablesLoadingProperty();

    ReadOnlyBooleanProperty tablesLoadedProperty();

    ReadOnlyObjectProperty<UserMessage> tablesErrorProperty();

    ObjectProperty<String> selectedTableProperty();

    /** The selected table's description, null until described. */
    ReadOnlyObjectProperty<TableShape> tableShapeProperty();

    ReadOnlyBooleanProperty shapeLoadingProperty();

    ReadOnlyObjectProperty<UserMessage> shapeErrorProperty();

    /** Describes the selected table again. */
    void reloadSelectedTable();

    /** The resources the selected table offers: the base table, then its GSIs. */
    ObservableList<TableResource> resourceOptions();

    /** The base table or the index screens read; never null. */
    ObjectProperty<TableResource> selectedResourceProperty();

    default TableResource selectedResource() {
        TableResource r = selectedResourceProperty().get();
        return r == null ? TableResource.BASE_TABLE : r;
    }

    /**
     * Whether the heatmap starts in Live mode on this connection: the built-in Lab started alive (a workload goes on
     * in it), never another connection.
     */
    default boolean startsLive(Connection connection) {
        return false;
    }

    // Time

    ObjectProperty<TimeRange> timeRangeProperty();

    /** Now on the endpoint's clock (a Lab's simulated time), the machine's clock when not connected. */
    default Instant endpointNow() {
        Connection c = getConnection();
        return c == null ? Instant.now() : c.clock().now();
    }

    /** The time range resolved on the endpoint's clock. */
    default TimeRange.Window resolvedTimeRange() {
        return timeRangeProperty().get().resolve(endpointNow());
    }

    // Refresh

    /** F5: reloads the table list and the selected table; screens listen to {@link #refreshCountProperty()}. */
    void refresh();

    ReadOnlyIntegerProperty refreshCountProperty();

    ObjectProperty<AutoRefresh> autoRefreshProperty();

    /** Bumped every auto-refresh interval while connected: live screens reload quietly. */
    ReadOnlyIntegerProperty autoRefreshTicksProperty();

    // Background work

    TaskRunner tasks();

    // Navigation and hand-overs (the shell acts on them)

    /** The screen shown; setting it asks the shell to show another one. */
    ObjectProperty<Screen> screenProperty();

    /** The hot key handed to the sharding designer; null when none was. */
    ObjectProperty<DesignerHandOver> designerHandOverProperty();

    /** Opens the sharding designer with the key (and the rate seen, when known) pre-filled. */
    void openInDesigner(DesignerHandOver handOver);

    /** Opens the sharding designer with {@code key} pre-filled. */
    default void openInDesigner(String key) {
        openInDesigner(DesignerHandOver.of(key));
    }

    // Theme (the shell sets it; screens that paint follow it)

    ReadOnlyObjectProperty<Theme.Mode> themeModeProperty();
}
