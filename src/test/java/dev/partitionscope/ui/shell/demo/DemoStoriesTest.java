package dev.partitionscope.ui.shell.demo;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.aws.AwsProfiles;
import dev.partitionscope.aws.ConnectService;
import dev.partitionscope.aws.ConnectionFactory;
import dev.partitionscope.aws.LocalStackProbe;
import dev.partitionscope.core.audit.Advisor;
import dev.partitionscope.core.heat.HeatGrid;
import dev.partitionscope.core.metrics.Verdict;
import dev.partitionscope.lab.Lab;
import dev.partitionscope.lab.LabHost;
import dev.partitionscope.lab.demo.Stories;
import dev.partitionscope.lab.demo.Story;
import dev.partitionscope.ui.audit.AuditViewModel;
import dev.partitionscope.ui.heatmap.HeatmapViewModel;
import dev.partitionscope.ui.metrics.MetricsViewModel;
import dev.partitionscope.ui.scatter.ScatterViewModel;
import dev.partitionscope.ui.sharding.ShardingViewModel;
import dev.partitionscope.ui.shell.MainViewModel;
import dev.partitionscope.ui.task.DirectTaskRunner;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each guided story walked end to end without a toolkit, through the same ViewModels the screens use, in simulated
 * time: the before workload throttles on the story's hot key (heatmap row, metrics verdict, top key), the audit
 * names the pattern, the designer previews the fix, the final workload runs without key-range throttles, and the
 * sharded read returns what a Scan of the table returns.
 */
class DemoStoriesTest {
    private LabHost labHost;
    private MainViewModel main;
    private HeatmapViewModel heatmap;
    private MetricsViewModel metrics;
    private AuditViewModel audit;
    private ShardingViewModel sharding;
    private ScatterViewModel scatter;
    private final List<Runnable> scheduled = new ArrayList<>();

    @BeforeEach
    void app() {
        labHost = new LabHost(Lab.Options.defaults());
        main = new MainViewModel(
                new DirectTaskRunner(),
                new ConnectService(
                        () -> new ConnectionFactory(
                                AwsProfiles.from(
                                        Path.of("/nonexistent/config"), Path.of("/nonexistent/credentials"), Map.of()),
                                new ConnectionFactory.Timeouts(
                                        Duration.ofSeconds(2), Duration.ofSeconds(10), Duration.ofSeconds(30))),
                        new LocalStackProbe(Duration.ofSeconds(1)),
                        labHost));
        heatmap = new HeatmapViewModel(main, c -> c.clock().now());
        metrics = new MetricsViewModel(main, c -> c.clock().now());
        audit = new AuditViewModel(main);
        sharding = new ShardingViewModel(main);
        scatter = new ScatterViewModel(main);
        heatmap.activeProperty().set(true);
        metrics.activeProperty().set(true);
    }

    @AfterEach
    void close() {
        main.shutdown();
        labHost.close();
    }

    static List<Story> stories() {
        return Stories.all();
    }

    private DemoViewModel demo() {
        DemoScreens screens = new DemoScreens() {
            @Override
            public MainViewModel main() {
                return main;
            }

            @Override
            public HeatmapViewModel heatmap() {
                return heatmap;
            }

            @Override
            public MetricsViewModel metrics() {
                return metrics;
            }

            @Override
            public AuditViewModel audit() {
                return audit;
            }

            @Override
            public ShardingViewModel sharding() {
                return sharding;
            }

            @Override
            public ScatterViewModel scatter() {
                return scatter;
            }
        };
        return new DemoViewModel(
                screens,
                labHost,
                (delay, action) -> {
                    scheduled.add(action);
                    return () -> scheduled.remove(action);
                },
                DemoViewModel.Pacing.NONE);
    }

    /** The hottest row of the heatmap over the story's window so far, by its busiest minute. */
    private String hottestRow() {
        HeatGrid g = heatmap.viewProperty().get().grid();
        int best = -1;
        double max = -1;
        for (int r = 0; r < g.rowCount(); r++) {
            for (int c = 0; c < g.columnCount(); c++) {
                if (g.perMinute(r, c) > max) {
                    max = g.perMinute(r, c);
                    best = r;
                }
            }
        }
        return g.row(best).label();
    }

    /**
     * After a run the window ends with the traffic played so far, and the heatmap's last column is the last minute of
     * data: no black minutes of a run still to come trail after it.
     */
    private void assertWindowEndsWithTheData(DemoViewModel demo) {
        Instant end = demo.lab().playedEnd(0);
        var window = main.timeRangeProperty().get().resolve(end);
        assertThat(window.end()).isEqualTo(end);
        HeatGrid g = heatmap.viewProperty().get().grid();
        int last = g.columnCount() - 1;
        assertThat(g.columnStart(last).plusSeconds(g.columnSeconds(last))).isEqualTo(end);
        assertThat(g.columnTotal(last)).as("traffic in the last column").isPositive();
    }

    @ParameterizedTest
    @MethodSource("stories")
    void walksTheStoryToItsFix(Story story) {
        DemoViewModel demo = demo();
        demo.start(story);
        assertThat(demo.errorProperty().get()).isNull();
        assertThat(main.getConnection().spec().name()).isEqualTo("Demo · " + story.id());
        assertThat(main.readOnlyProperty().get())
                .as("a demo's Lab is read-only to the screens")
                .isTrue();
        assertThat(main.selectedTableProperty().get()).isEqualTo(story.table());
        String hotKey =
                switch (story.id()) {
                    case "order-status" -> "PENDING";
                    case "ops-log" -> "OPS_LOG";
                    case "threats" -> "THREAT#brand-abc-123";
                    default -> demo.lab().resolve("PEDIDOS#{date}");
                };
        boolean sawFinalRun = false;
        for (int i = 0; i < story.steps().size(); i++) {
            Story.Step step = story.steps().get(i);
            assertThat(demo.indexProperty().get()).isEqualTo(i);
            assertThat(demo.captionProperty().get()).isEqualTo(step.caption());
            assertThat(demo.busyProperty().get()).as("step %d done", i).isFalse();
            assertThat(main.screenProperty().get()).isEqualTo(DemoSteps.screen(step.kind()));
            switch (step.kind()) {
                case RUN -> {
                    String variant = step.arg("variant", null);
                    var tally = demo.lab().tally(variant).orElseThrow();
                    assertThat(demo.statusProperty().get()).startsWith(variant + " · simulated minute");
                    assertWindowEndsWithTheData(demo);
                    if (variant.equals("before")) {
                        assertThat(tally.keyRangeThrottles()).isPositive();
                        assertThat(hottestRow()).isEqualTo(hotKey);
                    } else if (i == story.steps().size() - 2
                            || variant.equals("after-sharded")
                            || story.runStep("after-sharded") < 0) {
                        sawFinalRun = true;
                        assertThat(tally.keyRangeThrottles())
                                .as("%s: %s", variant, tally)
                                .isZero();
                        assertThat(demo.statusProperty().get()).endsWith("no throttles");
                    } else {
                        assertThat(tally.keyRangeThrottles())
                                .as("the seed's fix as written still throttles")
                                .isPositive();
                    }
                }
                case METRICS -> {
                    assertThat(metrics.verdictProperty().get().kind()).isEqualTo(Verdict.Kind.HOT_PARTITION);
                    assertThat(metrics.topKeys()).isNotEmpty();
                    assertThat(metrics.topKeys().get(0).key().partitionKey()).isEqualTo(hotKey);
                }
                case AUDIT -> {
                    var findings = audit.resultProperty().get().advice().findings();
                    assertThat(findings).anyMatch(f -> f.severity() == Advisor.Risk.HIGH);
                }
                case DESIGN -> {
                    var results = sharding.outcomeProperty().get().results();
                    var recommendation = sharding.outcomeProperty().get().recommendation();
                    assertThat(step.caption())
                            .as("the caption names the N calculator's N, shown beside it")
                            .containsPattern("N calculator says N = " + recommendation.shards() + "\\b");
                    assertThat(sharding.idsSourceProperty().get()).contains("sort keys of");
                    assertThat(results).allMatch(r -> r.error() == null);
                    if (story.id().equals("random-vs-calculated")) {
                        assertThat(results.get(1).spec()).isEqualTo("product:200");
                        assertThat(results.get(1).preview().maxShare())
                                .as("every id on suffix 1")
                                .isEqualTo(1.0);
                        assertThat(results.get(1).preview().busiest().suffix()).isEqualTo("1");
                        assertThat(results.get(2).spec()).isEqualTo("sum:10");
                        assertThat(results.get(2).preview().maxShare()).isLessThan(0.2);
                    }
                    assertThat(results)
                            .as("a scheme that fixes it")
                            .anyMatch(r -> r.prediction().writesAfter().throttledShare() == 0);
                    if (story.runStep("after-sharded") >= 0) {
                        assertThat(results.get(0).prediction().writesAfter().throttledShare())
                                .as(
                                        "a time bucket alone still throttles: %s",
                                        results.get(0).spec())
                                .isPositive();
                    }
                }
                case SCATTER -> {
                    assertThat(scatter.resultProperty().get().complete()).isTrue();
                    assertThat(scatter.resultProperty().get().items()).isNotEmpty();
                    var diff = scatter.comparisonProperty().get().diff();
                    assertThat(diff.identical()).as(diff.summary()).isTrue();
                    if (step.arg("point", null) != null) {
                        assertThat(scatter.pointReadProperty().get().item()).isNotNull();
                    }
                }
            }
            if (i < story.steps().size() - 1) {
                assertThat(scheduled)
                        .as("auto-advance scheduled after step %d", i)
                        .hasSize(1);
                scheduled.remove(0).run();
            }
        }
        assertThat(sawFinalRun).isTrue();
        assertThat(demo.finishedProperty().get()).isTrue();
        assertThat(scheduled).isEmpty();
        // Connecting elsewhere ends the demo.
        main.disconnect();
        assertThat(demo.storyProperty().get()).isNull();
        assertThat(demo.indexProperty().get()).isEqualTo(-1);
    }
}
