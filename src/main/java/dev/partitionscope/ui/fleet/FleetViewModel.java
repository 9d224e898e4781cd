package dev.partitionscope.ui.fleet;

import dev.partitionscope.aws.Connection;
import dev.partitionscope.aws.ErrorTranslator;
import dev.partitionscope.aws.FleetReader;
import dev.partitionscope.aws.UserMessage;
import dev.partitionscope.core.csv.CsvWriter;
import dev.partitionscope.core.fleet.FleetRow;
import dev.partitionscope.core.format.Units;
import dev.partitionscope.core.metrics.DataState;
import dev.partitionscope.core.time.TimeRange;
import dev.partitionscope.ui.session.Screen;
import dev.partitionscope.ui.session.Session;
import dev.partitionscope.ui.task.TaskSlot;
import java.time.Instant;
import java.util.List;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The fleet: every table and GSI of the connection's region with its hot-partition (KeyRange) throttles first, read by
 * {@link FleetReader} over the top bar's time range. Loads when the screen opens, on F5 and when the connection or the
 * range changes; a load can be cancelled. Opening a row selects its table and shows the Metrics screen.
 */
public final class FleetViewModel {
    private final Session main;
    private final TaskSlot loadTask;
    private final ObservableList<FleetRow> rows = FXCollections.observableArrayList();
    private final BooleanProperty loading = new SimpleBooleanProperty();
    private final StringProperty progress = new SimpleStringProperty("");
    private final DoubleProperty fraction = new SimpleDoubleProperty(-1);
    private final ObjectProperty<UserMessage> error = new SimpleObjectProperty<>();
    private final StringProperty note = new SimpleStringProperty("");
    private final StringProperty summary = new SimpleStringProperty("");
    private final ObjectProperty<FleetReader.Result> result = new SimpleObjectProperty<>();
    private final BooleanProperty active = new SimpleBooleanProperty(this, "active");
    private boolean dirty = true;

    public FleetViewModel(Session main) {
        this.main = main;
        this.loadTask = new TaskSlot(main.tasks());
        main.connectionProperty().addListener((o, a, b) -> invalidate());
        main.timeRangeProperty().addListener((o, a, b) -> invalidate());
        main.refreshCountProperty().addListener((o, a, b) -> invalidate());
        active.addListener((o, was, now) -> {
            if (now && dirty) {
                load();
            }
        });
    }

    /**
     * Something the fleet depends on changed: read again now when the screen shows, else when it is next shown (on
     * AWS a read is a DescribeTable per table, not to be spent on a screen nobody looks at).
     */
    private void invalidate() {
        dirty = true;
        loadTask.cancel();
        if (active.get()) {
            load();
        }
    }

    /** True while the screen is shown (the view sets it); loads wait for it. */
    public BooleanProperty activeProperty() {
        return active;
    }

    /** Reads the fleet again (the current load, if any, is cancelled). */
    public void load() {
        dirty = false;
        loadTask.cancel();
        Connection c = main.getConnection();
        error.set(null);
        if (c == null) {
            rows.clear();
            result.set(null);
            summary.set("");
            note.set("");
            loading.set(false);
            return;
        }
        Instant now = main.endpointNow();
        TimeRange.Window w = main.timeRangeProperty().get().resolve(now);
        loading.set(true);
        fraction.set(-1);
        progress.set("Listing tables…");
        loadTask.submit(
                "Reading the fleet",
                ctx -> new FleetReader(c).read(w.start(), w.end(), now, ctx::isCancelled, new FleetReader.Listener() {
                    @Override
                    public void tables(int described, int total) {
                        ctx.progress(0.8 * described / Math.max(1, total), "");
                        ctx.post(() -> progress.set(
                                "Described " + Units.count(described) + " of " + Units.count(total) + " tables…"));
                    }

                    @Override
                    public void metricCalls(int done, int total) {
                        ctx.progress(0.8 + 0.2 * Math.min(1, (double) done / Math.max(1, total)), "");
                        ctx.post(() -> progress.set("CloudWatch: " + done + " of " + total + " GetMetricData calls…"));
                    }
                }),
                r -> {
                    loading.set(false);
                    progress.set("");
                    result.set(r);
                    rows.setAll(r.rows());
                    summary.set(summary(r));
                    note.set(
                            r.status().state() == DataState.DATA
                                    ? ""
                                    : r.status().message());
                },
                failure -> {
                    loading.set(false);
                    progress.set("");
                    error.set(ErrorTranslator.translate(failure, c.spec(), "ListTables"));
                },
                () -> {
                    loading.set(false);
                    dirty = true;
                    progress.set("Cancelled — F5 to read again");
                });
    }

    public void cancel() {
        loadTask.cancel();
    }

    /** Selects the row's table (and its GSI when the row is one) and shows the Metrics screen. */
    public void open(FleetRow row) {
        if (row == null) {
            return;
        }
        main.selectedTableProperty().set(row.table());
        main.screenProperty().set(Screen.METRICS);
    }

    static String summary(FleetReader.Result r) {
        long hot = r.rows().stream()
                .filter(x -> x.keyRangeThrottles() != null && x.keyRangeThrottles() > 0)
                .count();
        return Units.count(r.tables()) + " tables, " + Units.count(r.rows().size()) + " tables and GSIs · "
                + (hot == 0 ? "none" : Units.count(hot)) + " with KeyRange throttles · " + r.metricCalls()
                + " GetMetricData calls · " + r.periodSeconds() / 60 + " min periods";
    }

    /** The rows as CSV (unknown numbers empty), as shown. */
    public String csv() {
        List<FleetRow> shown = List.copyOf(rows);
        return CsvWriter.build(w -> {
            w.row(
                    "table",
                    "index",
                    "keyRangeThrottles",
                    "otherThrottles",
                    "consumedReadUnits",
                    "consumedWriteUnits",
                    "peakPercentOfCapacity",
                    "contributorInsights",
                    "stream");
            for (FleetRow r : shown) {
                w.field(r.table()).field(r.index());
                number(w, r.keyRangeThrottles());
                number(w, r.otherThrottles());
                number(w, r.consumedReadUnits());
                number(w, r.consumedWriteUnits());
                number(w, r.peakPercentOfCapacity());
                w.field(r.contributorInsights()).field(r.stream()).endRow();
            }
        });
    }

    private static void number(CsvWriter w, Number n) throws java.io.IOException {
        if (n == null) {
            w.field((String) null);
        } else if (n instanceof Long l) {
            w.field(l.longValue());
        } else {
            w.field(n.doubleValue(), 2);
        }
    }

    public ObservableList<FleetRow> rows() {
        return rows;
    }

    public ReadOnlyBooleanProperty loadingProperty() {
        return loading;
    }

    public ReadOnlyStringProperty progressProperty() {
        return progress;
    }

    public ReadOnlyDoubleProperty fractionProperty() {
        return fraction;
    }

    public ReadOnlyObjectProperty<UserMessage> errorProperty() {
        return error;
    }

    /** What the read could not answer (partial CloudWatch answers, tables not described); empty when complete. */
    public ReadOnlyStringProperty noteProperty() {
        return note;
    }

    public ReadOnlyStringProperty summaryProperty() {
        return summary;
    }

    public ReadOnlyObjectProperty<FleetReader.Result> resultProperty() {
        return result;
    }

    Session session() {
        return main;
    }
}
