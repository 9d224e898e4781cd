package dev.partitionscope.ui.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.aws.AwsProfiles;
import dev.partitionscope.aws.ConnectService;
import dev.partitionscope.aws.ConnectionFactory;
import dev.partitionscope.aws.ConnectionSpec;
import dev.partitionscope.core.heat.HeatSource;
import dev.partitionscope.core.heat.StreamKeyTotal;
import dev.partitionscope.core.metrics.DataState;
import dev.partitionscope.core.time.TimeRange;
import dev.partitionscope.lab.cloudwatch.CwLab;
import dev.partitionscope.ui.shell.MainViewModel;
import dev.partitionscope.ui.task.DirectTaskRunner;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The Metrics screen's top keys from the table's stream (Lab, simulated clock, same-thread runner): the keys with
 * exactly the writes the stream holds (throttled writes are not in it), and Copy summary carries them with units.
 */
class MetricsStreamsViewModelTest {
    private final DirectTaskRunner tasks = new DirectTaskRunner();
    private final MainViewModel main = new MainViewModel(
            tasks,
            new ConnectService(new ConnectionFactory(
                    AwsProfiles.from(Path.of("/nonexistent/a"), Path.of("/nonexistent/b"), Map.of()))));
    private CwLab lab;

    @AfterEach
    void stop() {
        main.shutdown();
        if (lab != null) {
            lab.close();
        }
    }

    @Test
    void topKeysFromTheStreamAndTheSummaryCarriesThem() throws Exception {
        lab = CwLab.started();
        lab.at(0);
        lab.ddb("UpdateTable", """
                {"TableName": "orders", "StreamSpecification":
                  {"StreamEnabled": true, "StreamViewType": "NEW_AND_OLD_IMAGES"}}""");
        lab.at(1);
        assertThat(lab.puts("PENDING", 1_500)).isEqualTo(1_000);
        lab.at(2);
        assertThat(lab.puts("SHIPPED", 10)).isEqualTo(10);
        lab.at(3_600);
        MetricsViewModel vm =
                new MetricsViewModel(main, c -> Instant.ofEpochMilli(lab.clock().epochMillis()));
        main.timeRangeProperty().set(TimeRange.last(TimeRange.Preset.LAST_1H));
        main.connect(ConnectionSpec.custom("lab", lab.endpoint(), "us-east-1", "test"));
        main.selectedTableProperty().set("orders");
        vm.heatSourceProperty().set(HeatSource.STREAMS);
        vm.activeProperty().set(true);

        assertThat(vm.errorProperty().get()).isNull();
        assertThat(vm.streamStatusProperty().get().state()).isEqualTo(DataState.DATA);
        assertThat(vm.streamKeys())
                .extracting(StreamKeyTotal::partitionKey, StreamKeyTotal::writes)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("PENDING", 1_000L),
                        org.assertj.core.groups.Tuple.tuple("SHIPPED", 10L));
        assertThat(MetricsSummary.markdown(vm))
                .contains("Top partition keys by writes (DynamoDB stream, 1,010 records)")
                .contains("| Key | Writes | Write units | Peak WCU/s |")
                .contains("| `PENDING` | 1,000 | 1,000 | 1,000 |")
                .contains("| `SHIPPED` | 10 | 10 | 10 |");
    }
}
