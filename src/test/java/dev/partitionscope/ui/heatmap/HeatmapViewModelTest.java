package dev.partitionscope.ui.heatmap;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.aws.AwsProfiles;
import dev.partitionscope.aws.ConnectService;
import dev.partitionscope.aws.ConnectionFactory;
import dev.partitionscope.aws.ConnectionSpec;
import dev.partitionscope.core.heat.HeatGrid;
import dev.partitionscope.core.heat.HeatMetric;
import dev.partitionscope.core.heat.HeatPalette;
import dev.partitionscope.core.heat.HeatPipeline;
import dev.partitionscope.core.heat.HeatRow;
import dev.partitionscope.core.heat.MatrixUnit;
import dev.partitionscope.core.heat.RowKey;
import dev.partitionscope.core.heat.ScaleMode;
import dev.partitionscope.core.metrics.DataState;
import dev.partitionscope.core.time.TimeRange;
import dev.partitionscope.lab.cloudwatch.CwLab;
import dev.partitionscope.ui.session.AutoRefresh;
import dev.partitionscope.ui.session.TableResource;
import dev.partitionscope.ui.shell.MainViewModel;
import dev.partitionscope.ui.task.DirectTaskRunner;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The heatmap ViewModel on a same-thread runner against the Lab (simulated clock, real SDK over HTTP): 1,500 PENDING
 * puts in one second, 1,000 admitted and 500 throttled for the key range, then 10 SHIPPED puts.
 */
class HeatmapViewModelTest {
    private final DirectTaskRunner tasks = new DirectTaskRunner();
    private final MainViewModel main = new MainViewModel(
            tasks,
            new ConnectService(new ConnectionFactory(
                    AwsProfiles.from(Path.of("/nonexistent/a"), Path.of("/nonexistent/b"), Map.of()))));
    private CwLab lab;
    private HeatmapViewModel vm;

    @BeforeEach
    void start() throws Exception {
        lab = CwLab.started();
        lab.playHotPending();
        lab.at(3_600);
        vm = new HeatmapViewModel(main, c -> Instant.ofEpochMilli(lab.clock().epochMillis()));
        main.timeRangeProperty().set(TimeRange.last(TimeRange.Preset.LAST_1H));
        main.connect(ConnectionSpec.custom("lab", lab.endpoint(), "us-east-1", "test"));
        main.selectedTableProperty().set("orders");
        assertThat(main.tableShapeProperty().get()).isNotNull();
    }

    @AfterEach
    void stop() {
        main.shutdown();
        lab.close();
    }

    private long loads() {
        return tasks.titles().stream()
                .filter(t -> t.startsWith("Loading the heatmap"))
                .count();
    }

    private HeatGrid grid() {
        return vm.viewProperty().get().grid();
    }

    private int rowOf(String key) {
        for (int r = 0; r < grid().rowCount(); r++) {
            HeatRow row = grid().row(r);
            if (!row.other() && !row.merged() && row.first().partitionKey().equals(key)) {
                return r;
            }
        }
        throw new AssertionError(key + " has no row of its own in " + grid().keys());
    }

    private static double sum(double[] values) {
        return Arrays.stream(values).sum();
    }

    @Test
    void readsOnlyWhileShownThenDrawsTheHotKeyWithItsThrottlesAndCauses() {
        assertThat(loads()).isZero();
        vm.activeProperty().set(true);
        assertThat(loads()).isEqualTo(1);
        assertThat(vm.errorProperty().get()).isNull();
        assertThat(vm.statusProperty().get().state()).isEqualTo(DataState.DATA);
        HeatPipeline.Result view = vm.viewProperty().get();
        assertThat(view.grid().unit()).isEqualTo(MatrixUnit.CONSUMED_UNITS_PER_MINUTE);
        assertThat(view.grid().columnCount()).isEqualTo(60);

        int pending = rowOf("PENDING");
        // 1,000 admitted puts of ≤ 1 KB: 1,000 WCU = 3,000 throughput units, all in the first minute.
        assertThat(grid().rowTotal(pending)).isEqualTo(3_000);
        assertThat(grid().rowThrottles(pending)).isEqualTo(500);
        assertThat(grid().throttles(pending, 0)).isEqualTo(500);
        assertThat(grid().rowTotal(rowOf("SHIPPED"))).isEqualTo(30);
        // The strip: the Lab publishes per-cause metrics, so the 500 throttles are KeyRange ones, none other.
        assertThat(sum(view.keyRange())).isEqualTo(500);
        assertThat(sum(view.otherCauses())).isZero();
        assertThat(view.keyRange()[0]).isEqualTo(500);
        assertThat(vm.scaleProperty().get().mode()).isEqualTo(ScaleMode.ABSOLUTE);
        assertThat(vm.sourceTextProperty().get())
                .isEqualTo("Contributor Insights · 12 × 5 min sub-windows, top 25 keys each" + " · 48 reports");
    }

    @Test
    void theMetricSelectorShowsThrottlesOnARelativeScale() {
        vm.activeProperty().set(true);
        vm.metricProperty().set(HeatMetric.THROTTLES);
        assertThat(grid().unit()).isEqualTo(MatrixUnit.THROTTLES_PER_MINUTE);
        assertThat(grid().perMinute(rowOf("PENDING"), 0)).isEqualTo(500);
        assertThat(vm.scaleProperty().get().mode())
                .as("throttles have no ceiling")
                .isEqualTo(ScaleMode.RELATIVE_LOG);
        assertThat(loads())
                .as("a metric change re-buckets, it does not read again")
                .isEqualTo(1);
    }

    @Test
    void allResourcesKeepTheTableAndItsIndexOnSeparateRows() {
        vm.activeProperty().set(true);
        vm.allResourcesProperty().set(true);
        assertThat(grid().keys()).extracting(RowKey::index).contains(null, "byCustomer");
        for (HeatRow row : grid().rows()) {
            assertThat(row.first().index()).isEqualTo(row.last().index());
        }
        main.selectedResourceProperty().set(TableResource.gsi("byCustomer"));
        assertThat(grid().keys())
                .as("the top bar's index does not narrow the all-resources view")
                .extracting(RowKey::index)
                .contains(null, "byCustomer");
        vm.allResourcesProperty().set(false);
        assertThat(grid().keys()).extracting(RowKey::index).containsOnly("byCustomer");
    }

    @Test
    void zoomToSelectionReBucketsThenBackAndResetRestore() {
        vm.activeProperty().set(true);
        int rows = grid().rowCount();
        int pending = rowOf("PENDING");
        vm.zoomTo(pending, pending, 0, 9);
        assertThat(grid().rowCount()).isEqualTo(1);
        assertThat(grid().columnCount()).isEqualTo(10);
        assertThat(grid().row(0).first().partitionKey()).isEqualTo("PENDING");
        assertThat(vm.viewProperty().get().keyRange()).hasSize(10);
        assertThat(vm.canGoBackProperty().get()).isTrue();
        vm.zoomTo(0, 0, 0, 0);
        assertThat(grid().columnCount()).isEqualTo(1);
        vm.back();
        assertThat(grid().columnCount()).isEqualTo(10);
        vm.back();
        assertThat(grid().rowCount()).isEqualTo(rows);
        assertThat(vm.canGoBackProperty().get()).isFalse();
        vm.zoomTo(pending, pending, 0, 9);
        vm.resetZoom();
        assertThat(grid().rowCount()).isEqualTo(rows);
        assertThat(vm.zoomedProperty().get()).isFalse();
    }

    @Test
    void paletteAndBrightnessOnlySwapTheColourTable() {
        vm.activeProperty().set(true);
        HeatPipeline.Result before = vm.viewProperty().get();
        int[] lut = vm.lutProperty().get();
        vm.paletteProperty().set(HeatPalette.CIVIDIS);
        vm.brightnessProperty().set(0.5);
        assertThat(vm.lutProperty().get()).isNotEqualTo(lut);
        assertThat(vm.viewProperty().get()).as("no re-bucketing").isSameAs(before);
    }

    @Test
    void liveModeReadsEveryFiveSecondsAndRestoresTheRefreshSetting() {
        vm.activeProperty().set(true);
        assertThat(vm.liveAvailableProperty().get())
                .as("live is for the built-in Lab")
                .isFalse();
        main.autoRefreshProperty().set(AutoRefresh.ONE_MINUTE);
        vm.liveProperty().set(true);
        assertThat(vm.liveProperty().get()).isFalse();
        assertThat(main.autoRefreshProperty().get()).isEqualTo(AutoRefresh.ONE_MINUTE);
    }

    @Test
    void refreshKeepsTheZoomAndANewRangeResetsIt() {
        vm.activeProperty().set(true);
        int pending = rowOf("PENDING");
        vm.zoomTo(pending, pending, 0, 9);
        main.refresh();
        assertThat(loads()).isEqualTo(2);
        assertThat(grid().rowCount()).as("F5 keeps the zoom").isEqualTo(1);
        main.timeRangeProperty().set(TimeRange.last(TimeRange.Preset.LAST_3H));
        assertThat(vm.zoomedProperty().get()).isFalse();
        assertThat(grid().columnCount()).isEqualTo(180);
    }
}
