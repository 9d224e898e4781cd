package dev.partitionscope.lab.recording;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.partitionscope.lab.DemoTables;
import dev.partitionscope.lab.Lab;
import dev.partitionscope.lab.clock.SimulatedClock;
import dev.partitionscope.lab.meter.InsightMetric;
import dev.partitionscope.lab.meter.KeyKind;
import dev.partitionscope.lab.meter.OrderBy;
import dev.partitionscope.lab.meter.ResourceId;
import dev.partitionscope.lab.wire.LabException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A Lab run saved and loaded back answers exactly as it did: tables, items, metrics, insights, parameters. */
class RecordingTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private final SimulatedClock clock = new SimulatedClock(Instant.parse("2026-06-22T01:00:00Z"));

    private static ObjectNode put(String status, int i) {
        ObjectNode item = JSON.createObjectNode();
        item.putObject("status").put("S", status);
        item.putObject("orderId").put("S", "order-" + i);
        return (ObjectNode) JSON.createObjectNode()
                .put("TableName", DemoTables.ORDER_STATUS)
                .set("Item", item);
    }

    /** Three simulated minutes of PENDING writes at 1,500/s (500/s throttled) and a little SHIPPED traffic. */
    private Lab runWorkload() {
        Lab lab = Lab.inProcess(Lab.Options.defaults()
                .withClock(clock)
                .withParams(
                        dev.partitionscope.lab.partition.ModelParams.defaults().withSplitForHeat(false)));
        DemoTables.create(lab.engine());
        lab.engine()
                .handle(
                        "UpdateContributorInsights",
                        JSON.createObjectNode()
                                .put("TableName", DemoTables.ORDER_STATUS)
                                .put("ContributorInsightsAction", "ENABLE"));
        int n = 0;
        for (int second = 0; second < 180; second++) {
            for (int i = 0; i < 1_500; i++) {
                try {
                    lab.engine().handle("PutItem", put("PENDING", n++));
                } catch (LabException throttled) {
                    // expected for a third of them
                }
            }
            lab.engine().handle("PutItem", put("SHIPPED", n++));
            clock.advanceSeconds(1);
        }
        return lab;
    }

    @Test
    void aSavedRunLoadsBackWithTheSameTablesMetricsAndInsights() throws Exception {
        Lab original = runWorkload();
        Path file = dir.resolve("review.psrec");
        Recording.Summary summary = Recording.save(original, file);
        assertThat(summary.tables()).contains(DemoTables.APP, DemoTables.ORDER_STATUS, DemoTables.PEDIDOS);
        assertThat(summary.itemsTruncated()).isFalse();

        Lab loaded = Recording.load(file);
        assertThat(loaded.clock().epochMillis()).isEqualTo(clock.epochMillis());
        assertThat(loaded.params()).isEqualTo(original.params());
        var originalTable = original.engine().tablesByName().get(DemoTables.ORDER_STATUS);
        var loadedTable = loaded.engine().tablesByName().get(DemoTables.ORDER_STATUS);
        assertThat(loadedTable.itemCount()).isEqualTo(originalTable.itemCount());
        assertThat(loadedTable.sizeBytes()).isEqualTo(originalTable.sizeBytes());
        assertThat(loaded.insightRules()).isEqualTo(original.insightRules());

        ResourceId resource = ResourceId.table(DemoTables.ORDER_STATUS);
        long from = clock.startEpochMillis();
        long to = clock.epochMillis() + 60_000;
        assertThat(loaded.meter().minutes(resource, from, to))
                .isEqualTo(original.meter().minutes(resource, from, to));
        var before = original.meter()
                .topContributors(
                        resource,
                        KeyKind.PARTITION_KEY,
                        InsightMetric.CONSUMED_THROUGHPUT_UNITS,
                        from,
                        to,
                        Duration.ofMinutes(1),
                        25,
                        OrderBy.SUM);
        var after = loaded.meter()
                .topContributors(
                        resource,
                        KeyKind.PARTITION_KEY,
                        InsightMetric.CONSUMED_THROUGHPUT_UNITS,
                        from,
                        to,
                        Duration.ofMinutes(1),
                        25,
                        OrderBy.SUM);
        assertThat(after).isEqualTo(before);
        assertThat(after.contributors().get(0).keys()).containsExactly("PENDING");
        long throttles = loaded.meter().minutes(resource, from, to).stream()
                .mapToLong(m -> m.throttleEvents("TableWriteKeyRangeThroughputExceeded"))
                .sum();
        // 500 of 1,500 PENDING writes a second for 180 s, plus up to the 400 demo items written in the first second.
        assertThat(throttles).isBetween(90_000L, 90_400L);
    }

    @Test
    void aFileThatIsNotARecordingSaysSo() throws Exception {
        Path text = dir.resolve("notes.txt");
        Files.writeString(text, "hello");
        assertThatThrownBy(() -> Recording.load(text))
                .isInstanceOf(Recording.RecordingException.class)
                .hasMessage("notes.txt is not a PartitionScope Lab recording (not a compressed recording file).");
    }

    @Test
    void aNewerVersionAsksForAnUpdate() throws Exception {
        Path newer = dir.resolve("newer.psrec");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(newer))) {
            out.write(("{\"format\":\"" + Recording.FORMAT + "\",\"version\":7}").getBytes(StandardCharsets.UTF_8));
        }
        assertThatThrownBy(() -> Recording.load(newer))
                .isInstanceOf(Recording.RecordingException.class)
                .hasMessageContaining("made by a newer PartitionScope (recording format version 7")
                .hasMessageContaining("Update PartitionScope");
    }

    @Test
    void aTruncatedFileIsReportedAsIncompleteOrDamaged() throws Exception {
        Lab original = Lab.inProcess(Lab.Options.defaults().withClock(clock));
        DemoTables.create(original.engine());
        Path file = dir.resolve("cut.psrec");
        Recording.save(original, file);
        byte[] bytes = Files.readAllBytes(file);
        Files.write(file, java.util.Arrays.copyOf(bytes, bytes.length / 2));
        assertThatThrownBy(() -> Recording.load(file))
                .isInstanceOf(Recording.RecordingException.class)
                .message()
                .matches("cut\\.psrec is (incomplete|damaged).*");
    }
}
