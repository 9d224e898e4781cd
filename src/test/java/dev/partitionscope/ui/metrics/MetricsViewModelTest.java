package dev.partitionscope.ui.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.aws.AwsProfiles;
import dev.partitionscope.aws.ConnectService;
import dev.partitionscope.aws.ConnectionFactory;
import dev.partitionscope.aws.ConnectionSpec;
import dev.partitionscope.core.metrics.DataState;
import dev.partitionscope.core.metrics.Resource;
import dev.partitionscope.core.metrics.Verdict;
import dev.partitionscope.core.table.ContributorInsightsState;
import dev.partitionscope.core.table.ContributorInsightsState.Status;
import dev.partitionscope.core.time.TimeRange;
import dev.partitionscope.lab.cloudwatch.CwLab;
import dev.partitionscope.ui.session.AutoRefresh;
import dev.partitionscope.ui.session.TableResource;
import dev.partitionscope.ui.shell.MainViewModel;
import dev.partitionscope.ui.task.DirectTaskRunner;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The metrics ViewModel on a same-thread runner against the Lab (simulated clock, real SDK over HTTP): it loads only
 * while active, fills verdict, states and top keys, follows the index selector, reloads on range change, F5 and
 * auto-refresh ticks, and enabling/disabling Contributor Insights is a guarded write.
 */
class MetricsViewModelTest {
    private final DirectTaskRunner tasks = new DirectTaskRunner();
    private final MainViewModel main = new MainViewModel(
            tasks,
            new ConnectService(new ConnectionFactory(
                    AwsProfiles.from(Path.of("/nonexistent/a"), Path.of("/nonexistent/b"), Map.of()))));
    private CwLab lab;
    private MetricsViewModel vm;

    @BeforeEach
    void start() throws Exception {
        lab = CwLab.started();
        lab.playHotPending();
        lab.at(3_600);
        vm = new MetricsViewModel(main, c -> Instant.ofEpochMilli(lab.clock().epochMillis()));
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
                .filter(t -> t.startsWith("Loading metrics"))
                .count();
    }

    @Test
    void loadsNothingWhileTheScreenIsNotShown() {
        assertThat(loads()).isZero();
        assertThat(vm.snapshotProperty().get()).isNull();
        vm.activeProperty().set(true);
        assertThat(loads()).isEqualTo(1);
    }

    @Test
    void showsTheVerdictAndStitchedTopKeysOfTheSelectedResource() {
        vm.activeProperty().set(true);
        assertThat(vm.errorProperty().get()).isNull();
        assertThat(vm.verdictProperty().get().kind()).isEqualTo(Verdict.Kind.HOT_PARTITION);
        assertThat(vm.verdictProperty().get().headline()).startsWith("Hot partition: 500 KeyRange write throttles");
        assertThat(vm.snapshotProperty().get().periodSeconds()).isEqualTo(60);
        assertThat(vm.insights()).extracting(ContributorInsightsState::status).containsOnly(Status.ENABLED);
        assertThat(vm.resourceProperty().get()).isEqualTo(Resource.table("orders"));
        assertThat(vm.topKeys()).isNotEmpty();
        assertThat(vm.topKeys().get(0).key().partitionKey()).isEqualTo("PENDING");
        assertThat(vm.topKeys().get(0).throttles()).isEqualTo(500);
        assertThat(vm.heatStatusProperty().get().state()).isEqualTo(DataState.DATA);
        assertThat(vm.loadingProperty().get()).isFalse();
        assertThat(vm.insightsLoadingProperty().get()).isFalse();
        assertThat(MetricsSummary.markdown(vm))
                .contains("**Hot partition: 500 KeyRange")
                .contains("| `PENDING` |");

        assertThat(tasks.titles()).noneMatch(t -> t.startsWith("Reading partition + sort key reports"));
        vm.sortKeyLevelProperty().set(true);
        assertThat(tasks.titles()).contains("Reading partition + sort key reports of orders (table)");
        assertThat(vm.sortKeysLoadingProperty().get()).isFalse();
        // 25 most accessed pairs and 25 most throttled ones (each put had its own order id, so they differ).
        assertThat(vm.topKeys())
                .hasSize(50)
                .allMatch(k -> "PENDING".equals(k.key().partitionKey())
                        || "SHIPPED".equals(k.key().partitionKey()))
                .allMatch(k -> k.key().sortKey() != null);
        assertThat(vm.topKeys()).filteredOn(k -> k.throttles() > 0).hasSize(25);
        assertThat(vm.heatStatusProperty().get().state()).isEqualTo(DataState.TRUNCATED);
        vm.sortKeyLevelProperty().set(false);
        assertThat(vm.topKeys().get(0).key().sortKey()).isNull();
        vm.sortKeyLevelProperty().set(true);
        assertThat(tasks.titles())
                .filteredOn(t -> t.startsWith("Reading partition + sort key"))
                .as("read once")
                .hasSize(1);
        vm.sortKeyLevelProperty().set(false);

        main.selectedResourceProperty().set(TableResource.gsi("byCustomer"));
        assertThat(vm.resourceProperty().get()).isEqualTo(Resource.index("orders", "byCustomer"));
        assertThat(vm.topKeys()).allMatch(k -> "byCustomer".equals(k.key().index()));
        assertThat(vm.topKeys().get(0).key().partitionKey()).startsWith("c-");
    }

    @Test
    void rangeRefreshAndAutoRefreshReload() {
        vm.activeProperty().set(true);
        assertThat(loads()).isEqualTo(1);
        main.timeRangeProperty().set(TimeRange.last(TimeRange.Preset.LAST_3H));
        assertThat(loads()).isEqualTo(2);
        assertThat(vm.snapshotProperty().get().columns()).isEqualTo(180);
        main.refresh();
        assertThat(loads()).isEqualTo(3);
        main.autoRefreshTick();
        assertThat(loads()).as("auto-refresh is off").isEqualTo(3);
        main.autoRefreshProperty().set(AutoRefresh.TEN_SECONDS);
        main.autoRefreshTick();
        assertThat(loads()).isEqualTo(4);
        vm.activeProperty().set(false);
        main.autoRefreshTick();
        assertThat(loads()).as("hidden screens wait until shown").isEqualTo(4);
        vm.activeProperty().set(true);
        assertThat(loads()).isEqualTo(5);
    }

    @Test
    void disablingContributorInsightsIsAGuardedWrite() {
        vm.activeProperty().set(true);
        ContributorInsightsState gsi = vm.insights().stream()
                .filter(s -> "byCustomer".equals(s.indexName()))
                .findFirst()
                .orElseThrow();

        vm.setContributorInsights(gsi, false, null);
        assertThat(vm.insightsErrorProperty().get().headline()).isEqualTo("Writes are locked on this connection");
        assertThat(vm.insights())
                .filteredOn(s -> "byCustomer".equals(s.indexName()))
                .extracting(ContributorInsightsState::status)
                .containsExactly(Status.ENABLED);

        main.unlockWrites("orders", "orders");
        vm.setContributorInsights(gsi, false, null);
        assertThat(vm.insightsErrorProperty().get()).isNull();
        assertThat(vm.insights())
                .filteredOn(s -> "byCustomer".equals(s.indexName()))
                .extracting(ContributorInsightsState::status)
                .containsExactly(Status.DISABLED);
        main.selectedResourceProperty().set(TableResource.gsi("byCustomer"));
        assertThat(vm.heatStatusProperty().get().state()).isEqualTo(DataState.NOT_ENABLED);
        assertThat(vm.topKeys()).isEmpty();
    }

    @Test
    void aTableSwitchClearsWhatWasShownAndNoTableMeansNothingToLoad() {
        vm.activeProperty().set(true);
        assertThat(vm.snapshotProperty().get()).isNotNull();
        main.selectedTableProperty().set(null);
        assertThat(vm.snapshotProperty().get()).isNull();
        assertThat(vm.topKeys()).isEmpty();
        assertThat(vm.verdictProperty().get()).isNull();
    }
}
