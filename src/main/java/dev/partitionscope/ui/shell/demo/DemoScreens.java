package dev.partitionscope.ui.shell.demo;

import dev.partitionscope.ui.audit.AuditViewModel;
import dev.partitionscope.ui.heatmap.HeatmapViewModel;
import dev.partitionscope.ui.metrics.MetricsViewModel;
import dev.partitionscope.ui.scatter.ScatterViewModel;
import dev.partitionscope.ui.sharding.ShardingViewModel;
import dev.partitionscope.ui.shell.MainViewModel;

/**
 * What a guided demo drives: the window's ViewModels, reached as the user's clicks reach them. The window hands in
 * its {@link dev.partitionscope.ui.shell.Screens}; a test without a toolkit hands in plain ViewModels.
 */
public interface DemoScreens {
    MainViewModel main();

    HeatmapViewModel heatmap();

    MetricsViewModel metrics();

    AuditViewModel audit();

    ShardingViewModel sharding();

    ScatterViewModel scatter();

    /** Builds the adapter over the window's screens. */
    static DemoScreens of(MainViewModel main, dev.partitionscope.ui.shell.Screens screens) {
        return new DemoScreens() {
            @Override
            public MainViewModel main() {
                return main;
            }

            @Override
            public HeatmapViewModel heatmap() {
                return screens.heatmap();
            }

            @Override
            public MetricsViewModel metrics() {
                return screens.metrics();
            }

            @Override
            public AuditViewModel audit() {
                return screens.audit();
            }

            @Override
            public ShardingViewModel sharding() {
                return screens.sharding();
            }

            @Override
            public ScatterViewModel scatter() {
                return screens.scatter();
            }
        };
    }
}
