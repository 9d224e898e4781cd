package dev.partitionscope.ui.shell;

import dev.partitionscope.config.Settings;
import dev.partitionscope.core.heat.HeatSource;
import dev.partitionscope.ui.audit.AuditView;
import dev.partitionscope.ui.audit.AuditViewModel;
import dev.partitionscope.ui.fleet.FleetView;
import dev.partitionscope.ui.fleet.FleetViewModel;
import dev.partitionscope.ui.heatmap.HeatmapView;
import dev.partitionscope.ui.heatmap.HeatmapViewModel;
import dev.partitionscope.ui.lab.LabView;
import dev.partitionscope.ui.lab.LabViewModel;
import dev.partitionscope.ui.metrics.MetricsView;
import dev.partitionscope.ui.metrics.MetricsViewModel;
import dev.partitionscope.ui.overview.OverviewView;
import dev.partitionscope.ui.overview.OverviewViewModel;
import dev.partitionscope.ui.scatter.ScatterView;
import dev.partitionscope.ui.scatter.ScatterViewModel;
import dev.partitionscope.ui.session.Screen;
import dev.partitionscope.ui.session.ShellActions;
import dev.partitionscope.ui.sharding.ShardingView;
import dev.partitionscope.ui.sharding.ShardingViewModel;
import java.util.EnumMap;
import java.util.Map;
import javafx.scene.Node;

/**
 * The screens of the window and their ViewModels, each created on first use and kept, so a screen's state survives
 * switching. Besides the shell, what drives screens from outside — a guided demo, a recording reopened at its view —
 * reaches them here, through the same ViewModels the user's clicks reach.
 */
public final class Screens {
    private final ShellServices services;
    private final ShellActions actions;
    private final Map<Screen, Node> nodes = new EnumMap<>(Screen.class);
    private OverviewView overview;
    private HeatmapView heatmapView;
    private HeatmapViewModel heatmap;
    private MetricsViewModel metrics;
    private ShardingViewModel sharding;
    private ScatterViewModel scatter;
    private AuditViewModel audit;
    private LabViewModel lab;
    private FleetViewModel fleet;

    public Screens(ShellServices services, ShellActions actions) {
        this.services = services;
        this.actions = actions;
    }

    /** The screen's root node, created on first call. */
    public Node node(Screen screen) {
        return nodes.computeIfAbsent(screen, this::create);
    }

    /** Whether the screen was opened already (its ViewModel exists). */
    public boolean created(Screen screen) {
        return nodes.containsKey(screen);
    }

    public OverviewView overview() {
        node(Screen.OVERVIEW);
        return overview;
    }

    public HeatmapViewModel heatmap() {
        node(Screen.HEATMAP);
        return heatmap;
    }

    public HeatmapView heatmapView() {
        node(Screen.HEATMAP);
        return heatmapView;
    }

    public MetricsViewModel metrics() {
        node(Screen.METRICS);
        return metrics;
    }

    public ShardingViewModel sharding() {
        node(Screen.SHARDING);
        return sharding;
    }

    public ScatterViewModel scatter() {
        node(Screen.SCATTER_GATHER);
        return scatter;
    }

    public AuditViewModel audit() {
        node(Screen.AUDIT);
        return audit;
    }

    public FleetViewModel fleet() {
        node(Screen.FLEET);
        return fleet;
    }

    public LabViewModel lab() {
        node(Screen.LAB);
        return lab;
    }

    /** The heatmap's source and stream resolution start as last left and are saved when changed. */
    private void remember(HeatmapViewModel vm) {
        Settings settings = services.settings();
        vm.heatSourceProperty().set(source(settings.heatmapSource));
        int resolution = settings.heatmapStreamResolution;
        vm.streamResolutionProperty().set(resolution == 1 || resolution == 60 ? resolution : 0);
        vm.heatSourceProperty().addListener((obs, old, now) -> {
            settings.heatmapSource = now.name();
            services.saveSettings().run();
        });
        vm.streamResolutionProperty().addListener((obs, old, now) -> {
            settings.heatmapStreamResolution = now.intValue();
            services.saveSettings().run();
        });
    }

    /** The metrics screen's top-keys source starts as last left and is saved when changed. */
    private void remember(MetricsViewModel vm) {
        Settings settings = services.settings();
        vm.heatSourceProperty().set(source(settings.metricsSource));
        vm.heatSourceProperty().addListener((obs, old, now) -> {
            settings.metricsSource = now.name();
            services.saveSettings().run();
        });
    }

    private static HeatSource source(String saved) {
        if (saved == null) {
            return HeatSource.INSIGHTS;
        }
        try {
            return HeatSource.valueOf(saved);
        } catch (IllegalArgumentException e) {
            return HeatSource.INSIGHTS;
        }
    }

    private Node create(Screen screen) {
        MainViewModel main = services.main();
        return switch (screen) {
            case OVERVIEW -> {
                overview = new OverviewView(new OverviewViewModel(main), actions);
                yield overview.root();
            }
            case HEATMAP -> {
                heatmap = new HeatmapViewModel(main, c -> c.clock().now());
                remember(heatmap);
                heatmapView = new HeatmapView(heatmap, actions, services.files());
                yield heatmapView.root();
            }
            case METRICS -> {
                metrics = new MetricsViewModel(main, c -> c.clock().now());
                remember(metrics);
                yield new MetricsView(metrics, actions, services.files()).root();
            }
            case SHARDING -> {
                sharding = new ShardingViewModel(main);
                yield new ShardingView(sharding, services.files()).root();
            }
            case SCATTER_GATHER -> {
                scatter = new ScatterViewModel(main);
                yield new ScatterView(scatter, actions, services.files()).root();
            }
            case AUDIT -> {
                audit = new AuditViewModel(main);
                yield new AuditView(audit, actions, services.files()).root();
            }
            case FLEET -> {
                fleet = new FleetViewModel(main);
                yield new FleetView(fleet, actions, services.files()).root();
            }
            case LAB -> {
                lab = new LabViewModel(main, services.labHost());
                yield new LabView(lab, actions, services.files()).root();
            }
        };
    }
}
