package dev.partitionscope.ui.shell.files;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.partitionscope.aws.Connection;
import dev.partitionscope.core.heat.HeatPipeline;
import dev.partitionscope.core.time.TimeRange;
import dev.partitionscope.core.view.ViewState;
import dev.partitionscope.ui.heatmap.HeatmapViewModel;
import dev.partitionscope.ui.session.Screen;
import dev.partitionscope.ui.shell.MainViewModel;
import dev.partitionscope.ui.shell.Screens;
import java.util.ArrayList;
import java.util.List;

/**
 * Takes the {@link ViewState} off the live screens (on the UI thread, when a file is saved) and turns it into the
 * JSON a recording or snapshot carries, and back. The window is the one the screen shown was read for, so a file
 * reopens at exactly the minutes it showed, whatever "now" is when it is opened.
 */
final class ViewStates {
    private static final ObjectMapper JSON = new ObjectMapper()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
            .setDefaultPropertyInclusion(JsonInclude.Include.NON_NULL);

    private ViewStates() {}

    /** The view the window shows now. */
    static ViewState capture(MainViewModel main, Screens screens) {
        Screen screen = main.screenProperty().get();
        TimeRange range = main.timeRangeProperty().get();
        TimeRange.Window window = window(main, screens, screen);
        return new ViewState(
                screen.name(),
                main.selectedTableProperty().get(),
                main.selectedResource().indexName(),
                window == null ? null : ViewState.Range.of(window, range),
                heatmap(screens),
                screens.created(Screen.METRICS)
                        ? new ViewState.Metrics(
                                screens.metrics().sortKeyLevelProperty().get())
                        : null);
    }

    /** The window shown: the shown screen's read, else another screen's, else the range resolved now. */
    private static TimeRange.Window window(MainViewModel main, Screens screens, Screen shown) {
        List<TimeRange.Window> read = new ArrayList<>();
        boolean heatmap = screens.created(Screen.HEATMAP);
        boolean metrics = screens.created(Screen.METRICS);
        if (shown == Screen.METRICS && metrics) {
            read.add(screens.metrics().loadedWindow());
        }
        if (heatmap) {
            read.add(screens.heatmap().loadedWindow());
        }
        if (metrics) {
            read.add(screens.metrics().loadedWindow());
        }
        for (TimeRange.Window w : read) {
            if (w != null) {
                return w;
            }
        }
        Connection c = main.getConnection();
        return c == null
                ? null
                : main.timeRangeProperty().get().resolve(c.clock().now());
    }

    private static ViewState.Heatmap heatmap(Screens screens) {
        if (!screens.created(Screen.HEATMAP)) {
            return null;
        }
        HeatmapViewModel vm = screens.heatmap();
        HeatPipeline.Result shown = vm.viewProperty().get();
        ViewState.Zoom zoom = vm.zoomedProperty().get() && shown != null ? ViewState.Zoom.of(shown.zoom()) : null;
        return new ViewState.Heatmap(
                vm.metricProperty().get().name(),
                vm.scaleModeProperty().get().name(),
                vm.foldShardsProperty().get(),
                vm.allResourcesProperty().get(),
                List.copyOf(vm.expanded()),
                zoom,
                screens.heatmapView().pinnedKey());
    }

    static JsonNode toJson(ViewState view) {
        return view == null ? null : JSON.valueToTree(view);
    }

    /** The view in a file; null when there is none or it cannot be read (the file then opens as before views). */
    static ViewState fromJson(JsonNode json) {
        if (json == null || !json.isObject()) {
            return null;
        }
        try {
            return JSON.treeToValue(json, ViewState.class);
        } catch (Exception e) {
            return null;
        }
    }
}
