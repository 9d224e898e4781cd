package dev.partitionscope.ui.shell.files;

import dev.partitionscope.aws.Connection;
import dev.partitionscope.core.heat.HeatMetric;
import dev.partitionscope.core.heat.HeatPipeline;
import dev.partitionscope.core.heat.ScaleMode;
import dev.partitionscope.core.time.TimeRange;
import dev.partitionscope.core.view.ViewState;
import dev.partitionscope.ui.heatmap.HeatmapViewModel;
import dev.partitionscope.ui.session.ConnectionState;
import dev.partitionscope.ui.session.Screen;
import dev.partitionscope.ui.session.TableResource;
import dev.partitionscope.ui.shell.MainViewModel;
import dev.partitionscope.ui.shell.Screens;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Predicate;
import javafx.beans.InvalidationListener;
import javafx.beans.Observable;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.value.ChangeListener;
import javafx.beans.value.ObservableValue;

/**
 * Brings the window to a saved {@link ViewState} once the file it came with is open. Everything it waits for
 * arrives asynchronously — the connection, the table list, the table's description, the heatmap's read — so it
 * moves one step at a time, each time something it listens to changes, and stops listening when it is done or when
 * the user goes elsewhere (another connection). Settings go through the same ViewModels the user's clicks reach.
 */
final class ViewRestorer {
    private enum Step {
        CONNECTING,
        TABLE,
        DESCRIBED,
        HEATMAP,
        PIN,
        DONE
    }

    private final MainViewModel main;
    private final Screens screens;
    private final Consumer<String> problem;
    private final ReadOnlyBooleanWrapper restoring = new ReadOnlyBooleanWrapper(this, "restoring");
    /**
     * Values are watched with a change listener, which runs after the screens' own change listeners registered
     * before it (invalidation listeners would run first, before a view has reached its canvas); lists with an
     * invalidation listener.
     */
    private final ChangeListener<Object> valueListener = (obs, old, now) -> advance();

    private final InvalidationListener listListener = o -> advance();
    private final List<Runnable> unwatch = new ArrayList<>();

    private ViewState view;
    private Predicate<Connection> target;
    private Runnable onTable;
    private Step step = Step.DONE;
    /** The heatmap's view when the zoom was asked for: the zoomed one is the next. */
    private HeatPipeline.Result beforeZoom;

    /** @param problem told, in a sentence, when the view cannot be restored (a table the file does not have) */
    ViewRestorer(MainViewModel main, Screens screens, Consumer<String> problem) {
        this.main = main;
        this.screens = screens;
        this.problem = problem;
    }

    /**
     * Restores {@code view} on the connection {@code target} accepts, once the app is connected to it (the connect
     * has been started). Replaces a restore in progress.
     */
    void restore(ViewState view, Predicate<Connection> target) {
        restore(view, target, null);
    }

    /**
     * As {@link #restore(ViewState, Predicate)}, running {@code onTable} once the view's table is selected and
     * described (what the file holds for that table, such as a saved audit, can then be shown without being cleared).
     */
    void restore(ViewState view, Predicate<Connection> target, Runnable onTable) {
        stop();
        this.view = view;
        this.target = target;
        this.onTable = onTable;
        step = Step.CONNECTING;
        restoring.set(true);
        watch(
                main.connectionProperty(),
                main.connectionStateProperty(),
                main.connectingSpecProperty(),
                main.tables(),
                main.tablesLoadedProperty(),
                main.tableShapeProperty());
        advance();
    }

    /** A restore is waiting for something. */
    ReadOnlyBooleanProperty restoringProperty() {
        return restoring.getReadOnlyProperty();
    }

    @SuppressWarnings("unchecked")
    private void watch(Observable... observables) {
        for (Observable o : observables) {
            if (o instanceof ObservableValue<?> v) {
                ((ObservableValue<Object>) v).addListener(valueListener);
                unwatch.add(() -> ((ObservableValue<Object>) v).removeListener(valueListener));
            } else {
                o.addListener(listListener);
                unwatch.add(() -> o.removeListener(listListener));
            }
        }
    }

    private void stop() {
        unwatch.forEach(Runnable::run);
        unwatch.clear();
        step = Step.DONE;
        restoring.set(false);
    }

    /** Takes every step whose input has arrived. */
    private void advance() {
        Step before;
        do {
            before = step;
            step = next();
        } while (step != before && step != Step.DONE);
        if (step == Step.DONE) {
            stop();
        }
    }

    private Step next() {
        Connection c = main.getConnection();
        if (step != Step.CONNECTING && (c == null || !target.test(c))) {
            return Step.DONE; // the user went elsewhere
        }
        return switch (step) {
            case CONNECTING -> connected(c);
            case TABLE -> table();
            case DESCRIBED -> described();
            case HEATMAP -> heatmapRead();
            case PIN -> pinned();
            case DONE -> Step.DONE;
        };
    }

    private Step connected(Connection c) {
        if (c != null && target.test(c)) {
            Screen screen = Screen.parse(view.screen(), main.screenProperty().get());
            TimeRange range = view.range() == null ? null : view.range().toTimeRange();
            if (range != null) {
                main.timeRangeProperty().set(range);
            }
            if (view.heatmap() != null) {
                options(screens.heatmap(), view.heatmap());
            }
            if (view.metrics() != null) {
                screens.metrics().sortKeyLevelProperty().set(view.metrics().sortKeyLevel());
            }
            main.screenProperty().set(screen);
            return Step.TABLE;
        }
        boolean failed = main.connectingSpecProperty().get() == null
                && main.connectionStateProperty().get() != ConnectionState.CONNECTING;
        return failed ? Step.DONE : Step.CONNECTING; // a failed connect says so itself
    }

    private Step table() {
        String table = view.table();
        if (table == null) {
            return Step.DONE;
        }
        if (table.equals(main.selectedTableProperty().get())) {
            return Step.DESCRIBED;
        }
        if (main.tables().contains(table)) {
            main.selectedTableProperty().set(table);
            return Step.DESCRIBED;
        }
        if (main.tablesLoadedProperty().get() && !main.tablesLoadingProperty().get()) {
            problem.accept("The view was saved on table " + table + ", which this file does not hold.");
            return Step.DONE;
        }
        return Step.TABLE;
    }

    private Step described() {
        var shape = main.tableShapeProperty().get();
        if (shape == null || !shape.name().equals(view.table())) {
            return Step.DESCRIBED;
        }
        if (view.index() != null) {
            TableResource.named(shape, view.index())
                    .filter(main.resourceOptions()::contains)
                    .ifPresent(main.selectedResourceProperty()::set);
        }
        if (onTable != null) {
            Runnable run = onTable;
            onTable = null;
            run.run();
        }
        ViewState.Heatmap h = view.heatmap();
        boolean onHeatmap = Screen.HEATMAP.name().equals(view.screen());
        if (!onHeatmap || h == null || (h.zoom() == null && h.pin() == null)) {
            return Step.DONE;
        }
        HeatmapViewModel vm = screens.heatmap();
        watch(vm.viewProperty(), vm.loadingProperty(), vm.errorProperty());
        return Step.HEATMAP;
    }

    private Step heatmapRead() {
        HeatmapViewModel vm = screens.heatmap();
        if (vm.loadingProperty().get()) {
            return Step.HEATMAP;
        }
        if (vm.errorProperty().get() != null) {
            return Step.DONE; // the screen shows why
        }
        if (vm.viewProperty().get() == null || vm.loadedWindow() == null) {
            return Step.HEATMAP;
        }
        ViewState.Zoom zoom = view.heatmap().zoom();
        beforeZoom = null;
        if (zoom != null) {
            HeatPipeline.Result shown = vm.viewProperty().get();
            try {
                vm.zoomTo(zoom.toHeatZoom());
                beforeZoom = vm.canGoBackProperty().get() ? shown : null;
            } catch (IllegalArgumentException e) {
                // a zoom that does not fit this window: show the whole of it
            }
        }
        return Step.PIN;
    }

    @SuppressWarnings("ReferenceEquality") // "still the very result shown before the zoom", not an equal one
    private Step pinned() {
        HeatPipeline.Result shown = screens.heatmap().viewProperty().get();
        if (shown == null || shown == beforeZoom || !screens.heatmapView().shows(shown)) {
            return Step.PIN; // the zoomed view is still being bucketed, or on its way to the canvas
        }
        if (view.heatmap().pin() != null) {
            screens.heatmapView().pinKey(view.heatmap().pin());
        }
        return Step.DONE;
    }

    private static void options(HeatmapViewModel vm, ViewState.Heatmap h) {
        try {
            vm.metricProperty().set(HeatMetric.valueOf(h.metric()));
        } catch (RuntimeException e) {
            // a metric this version does not know: keep the current one
        }
        try {
            vm.scaleModeProperty().set(ScaleMode.valueOf(h.scaleMode()));
        } catch (RuntimeException e) {
            // likewise
        }
        vm.foldShardsProperty().set(h.foldShards());
        vm.allResourcesProperty().set(h.allResources());
        vm.expanded().clear();
        vm.expanded().addAll(h.expanded());
    }
}
