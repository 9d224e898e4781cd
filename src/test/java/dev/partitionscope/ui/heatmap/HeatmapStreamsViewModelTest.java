package dev.partitionscope.ui.heatmap;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.aws.AwsProfiles;
import dev.partitionscope.aws.ConnectService;
import dev.partitionscope.aws.ConnectionFactory;
import dev.partitionscope.aws.ConnectionSpec;
import dev.partitionscope.core.heat.HeatGrid;
import dev.partitionscope.core.heat.HeatMetric;
import dev.partitionscope.core.heat.HeatRow;
import dev.partitionscope.core.heat.HeatSource;
import dev.partitionscope.core.heat.KeyTimeMatrix;
import dev.partitionscope.core.heat.MatrixUnit;
import dev.partitionscope.core.metrics.DataState;
import dev.partitionscope.core.time.TimeRange;
import dev.partitionscope.lab.cloudwatch.CwLab;
import dev.partitionscope.ui.session.TableResource;
import dev.partitionscope.ui.shell.MainViewModel;
import dev.partitionscope.ui.task.DirectTaskRunner;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The heatmap ViewModel reading the table's DynamoDB stream on the Lab (simulated clock, same-thread runner): a table
 * whose stream is off says so and Enable stream turns it on once writes are unlocked; the resolution follows the window; a burst of PENDING
 * writes at second 1 is the top row and its busiest column is that second.
 */
class HeatmapStreamsViewModelTest {
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
        vm = new HeatmapViewModel(main, c -> Instant.ofEpochMilli(lab.clock().epochMillis()));
        main.timeRangeProperty().set(TimeRange.last(TimeRange.Preset.LAST_1H));
    }

    private void connect() {
        main.connect(ConnectionSpec.custom("lab", lab.endpoint(), "us-east-1", "test"));
        main.selectedTableProperty().set("orders");
        assertThat(main.tableShapeProperty().get()).isNotNull();
    }

    @AfterEach
    void stop() {
        main.shutdown();
        lab.close();
    }

    @Test
    void aTableWhoseStreamIsOffSaysSoAndEnableStreamTurnsItOn() {
        lab.at(3_600);
        connect();
        vm.heatSourceProperty().set(HeatSource.STREAMS);
        vm.activeProperty().set(true);
        assertThat(vm.errorProperty().get()).isNull();
        assertThat(vm.gridSourceProperty().get()).isEqualTo(HeatSource.STREAMS);
        assertThat(vm.statusProperty().get().state()).isEqualTo(DataState.NOT_ENABLED);
        assertThat(vm.statusProperty().get().message()).contains("Streams are off on this table");
        assertThat(vm.viewProperty().get()).isNull();
        assertThat(vm.sourceTextProperty().get()).startsWith("DynamoDB stream");
        assertThat(vm.metrics()).containsExactly(HeatMetric.WRITES);

        // A read-only connection: the write guard refuses UpdateTable, nothing is sent, and the error says how to
        // unlock.
        vm.enableStream();
        assertThat(vm.errorProperty().get().headline()).startsWith("Writes are locked");
        assertThat(main.tableShapeProperty().get().stream().enabled()).isFalse();
        main.getConnection().guard().unlock("orders", "orders");
        vm.enableStream();
        assertThat(vm.errorProperty().get()).isNull();
        assertThat(main.tableShapeProperty().get().stream().enabled()).isTrue();
        assertThat(main.tableShapeProperty().get().stream().viewType()).isEqualTo("NEW_AND_OLD_IMAGES");
        assertThat(vm.statusProperty().get().state()).isNotEqualTo(DataState.NOT_ENABLED);

        // Back to Contributor Insights: its metrics come back.
        vm.heatSourceProperty().set(HeatSource.INSIGHTS);
        assertThat(vm.metrics()).containsExactly(HeatMetric.THROUGHPUT, HeatMetric.THROTTLES);
        assertThat(vm.metricProperty().get()).isEqualTo(HeatMetric.THROUGHPUT);
        assertThat(vm.sourceTextProperty().get()).startsWith("Contributor Insights");
    }

    @Test
    void theStreamIsReadPerSecondUpToAnHourAndPerMinuteBeyond() {
        Instant now = CwLab.T0.plusSeconds(7_200);
        assertThat(vm.resolutionFor(TimeRange.last(TimeRange.Preset.LAST_1H).resolve(now)))
                .isEqualTo(1);
        assertThat(vm.resolutionFor(TimeRange.last(TimeRange.Preset.LAST_3H).resolve(now)))
                .isEqualTo(60);
        vm.streamResolutionProperty().set(1);
        assertThat(vm.resolutionFor(TimeRange.last(TimeRange.Preset.LAST_3H).resolve(now)))
                .isEqualTo(1);
        vm.streamResolutionProperty().set(60);
        assertThat(vm.resolutionFor(TimeRange.last(TimeRange.Preset.LAST_1H).resolve(now)))
                .isEqualTo(60);
    }

    @Test
    void aBurstOfWritesIsTheTopRowAndItsBusiestColumnIsItsSecond() {
        lab.at(0);
        lab.ddb("UpdateTable", """
                {"TableName": "orders", "StreamSpecification":
                  {"StreamEnabled": true, "StreamViewType": "NEW_AND_OLD_IMAGES"}}""");
        lab.at(1);
        assertThat(lab.puts("PENDING", 1_500)).isEqualTo(1_000);
        lab.at(2);
        assertThat(lab.puts("SHIPPED", 10)).isEqualTo(10);
        lab.at(3_600);
        connect();
        vm.heatSourceProperty().set(HeatSource.STREAMS);
        vm.activeProperty().set(true);
        assertThat(vm.errorProperty().get()).isNull();
        assertThat(vm.statusProperty().get().state()).isEqualTo(DataState.DATA);
        KeyTimeMatrix full = vm.streamsProperty().get().heat();
        assertThat(full.bucketSeconds()).isEqualTo(1);
        assertThat(full.unit()).isEqualTo(MatrixUnit.WRITE_UNITS_PER_SECOND);
        assertThat(vm.sourceTextProperty().get())
                .matches("DynamoDB stream · 1,010 records · \\d+ shards? · 1 s buckets · read cost: [\\d,]+"
                        + " GetRecords calls? \\(billed as read request units on AWS\\)");

        // Zoom into the burst's first minute (the grid columns that start before T0 + 60 s) to see its seconds.
        HeatGrid g = vm.viewProperty().get().grid();
        HeatRow top = g.row(0);
        assertThat(top.first().partitionKey()).isEqualTo("PENDING");
        int lastOfMinute = 0;
        while (lastOfMinute + 1 < g.columnCount()
                && g.columnStart(lastOfMinute + 1).isBefore(CwLab.T0.plusSeconds(60))) {
            lastOfMinute++;
        }
        vm.zoomTo(0, 0, 0, lastOfMinute);
        g = vm.viewProperty().get().grid();
        assertThat(g.columnCount()).isEqualTo(60);
        assertThat(g.columnSeconds()).isEqualTo(1);
        int busiest = 0;
        for (int c = 1; c < g.columnCount(); c++) {
            if (g.perMinute(0, c) > g.perMinute(0, busiest)) {
                busiest = c;
            }
        }
        assertThat(g.columnStart(busiest)).isEqualTo(CwLab.T0.plusSeconds(1));
        assertThat(g.perMinute(0, busiest)).isEqualTo(1_000);
        assertThat(List.of(g.row(0).first().partitionKey())).containsExactly("PENDING");
    }

    @Test
    void aChosenIndexIsReadFromTheStreamByItsOwnKeyAndTheTableAgainByItsKey() {
        lab.at(0);
        lab.ddb("UpdateTable", """
                {"TableName": "orders", "StreamSpecification":
                  {"StreamEnabled": true, "StreamViewType": "NEW_IMAGE"}}""");
        lab.at(1);
        for (int i = 0; i < 7; i++) {
            String customer = i < 5 ? "c-hot" : "c-cold";
            lab.ddb(
                    "PutItem",
                    "{\"TableName\": \"orders\", \"Item\": {\"status\": {\"S\": \"S" + (i % 3)
                            + "\"}, \"orderId\": {\"S\": \"o" + i + "\"}, \"customer\": {\"S\": \"" + customer
                            + "\"}}}");
        }
        lab.at(3_600);
        connect();
        main.selectedResourceProperty().set(TableResource.gsi("byCustomer"));
        vm.heatSourceProperty().set(HeatSource.STREAMS);
        vm.activeProperty().set(true);
        assertThat(vm.errorProperty().get()).isNull();
        assertThat(vm.statusProperty().get().state()).isEqualTo(DataState.DATA);
        assertThat(vm.streamsProperty().get().resource().index()).isEqualTo("byCustomer");
        HeatGrid g = vm.viewProperty().get().grid();
        assertThat(List.of(g.row(0).first().partitionKey(), g.row(1).first().partitionKey()))
                .containsExactlyInAnyOrder("c-hot", "c-cold");
        assertThat(vm.streamsProperty().get().keys())
                .extracting(k -> k.partitionKey() + "=" + k.writes())
                .containsExactly("c-hot=5", "c-cold=2");

        // Back to the table: read again, by the table's key.
        main.selectedResourceProperty().set(TableResource.BASE_TABLE);
        assertThat(vm.streamsProperty().get().resource().index()).isNull();
        assertThat(vm.viewProperty().get().grid().row(0).first().partitionKey()).isIn("S0", "S1");
        assertThat(vm.streamsProperty().get().keys())
                .extracting(k -> k.partitionKey())
                .containsExactlyInAnyOrder("S0", "S1", "S2");
    }
}
