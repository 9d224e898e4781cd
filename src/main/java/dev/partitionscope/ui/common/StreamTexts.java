package dev.partitionscope.ui.common;

import dev.partitionscope.aws.StreamHeatReader;
import dev.partitionscope.core.heat.KeyTimeMatrix;
import dev.partitionscope.core.metrics.MetricPeriod;
import java.util.Locale;

/** How every screen that reads a table's DynamoDB stream words it: its source line, progress and pace. */
public final class StreamTexts {
    /** The stream reader's pace, said wherever the stream is read. */
    public static final String RATE_NOTE =
            "Reads at most 2 calls/s per shard so a production Lambda on the same" + " shards is never starved.";

    /** The overview's caveat on counting partitions by open shards. */
    public static final String PARTITIONS_CAVEAT = "One open shard per partition is how DynamoDB Streams works today;"
            + " AWS does not promise it, and a shard splits or rolls over without the partition changing. An estimate,"
            + " not a count.";

    private StreamTexts() {}

    /**
     * "DynamoDB stream · 48,210 records · 12 shards · 1 s buckets · read cost: 30 GetRecords calls (billed as read
     * request units on AWS)"; the stream's state instead of the counts when nothing could be read.
     */
    public static String source(StreamHeatReader.Result r) {
        KeyTimeMatrix m = r.heat();
        if (m == null) {
            return "DynamoDB stream · " + r.status().state().label().toLowerCase(Locale.ROOT);
        }
        return "DynamoDB stream · " + String.format(Locale.ROOT, "%,d", r.records()) + " records · " + r.shards()
                + " shard" + (r.shards() == 1 ? "" : "s") + " · " + MetricPeriod.label(m.bucketSeconds())
                + " buckets · read cost: " + String.format(Locale.ROOT, "%,d", r.calls()) + " GetRecords call"
                + (r.calls() == 1 ? "" : "s") + " (billed as read request units on AWS)";
    }

    /** "Stream: 3 of 12 shards · 48,210 records". */
    public static String progress(int shardsDone, int shardsTotal, long records) {
        return "Stream: " + shardsDone + " of " + shardsTotal + " shard" + (shardsTotal == 1 ? "" : "s") + " · "
                + String.format(Locale.ROOT, "%,d", records) + " records";
    }
}
