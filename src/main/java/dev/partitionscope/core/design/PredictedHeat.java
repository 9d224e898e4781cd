package dev.partitionscope.core.design;

import dev.partitionscope.core.heat.KeyTimeMatrix;
import dev.partitionscope.core.heat.MatrixUnit;
import dev.partitionscope.core.heat.Provenance;
import dev.partitionscope.core.heat.RowKey;
import java.time.Instant;

/**
 * The heatmap a scheme would produce, before and after, over the same buckets: the offered writes of each bucket on
 * the one key as it is, and split over the scheme's keys by their share of the ids. Cells hold Contributor Insights'
 * consumed throughput units (3 × WCU) of the offered load, so a key above the partition ceiling shows above 100 %;
 * the part above each key's 1,000 WCU/s is counted as throttled requests. Pure; feeds the same canvas as the
 * measured heatmap.
 */
public record PredictedHeat(KeyTimeMatrix before, KeyTimeMatrix after) {

    /**
     * The before and after heatmaps of a scheme preview, one column per bucket of offered writes.
     *
     * @param table           the table the rows are labelled with
     * @param base            the key as it is
     * @param writesPerSecond offered writes/s of each bucket
     * @param itemBytes       item size (WCU per write)
     * @param start           start of the first bucket
     * @param bucketSeconds   length of a bucket
     */
    public static PredictedHeat of(
            SchemePreview preview,
            String table,
            String base,
            double[] writesPerSecond,
            long itemBytes,
            Instant start,
            int bucketSeconds) {
        if (writesPerSecond.length == 0 || bucketSeconds <= 0) {
            throw new IllegalArgumentException("A predicted heatmap needs at least one bucket of positive length");
        }
        double wcu = Workload.writes(0, itemBytes).wcuPerWrite();
        int columns = writesPerSecond.length;
        KeyTimeMatrix.Builder before = KeyTimeMatrix.builder(
                start, bucketSeconds, columns, MatrixUnit.CONSUMED_UNITS_PER_MINUTE, Provenance.PREDICTED);
        KeyTimeMatrix.Builder after = KeyTimeMatrix.builder(
                start, bucketSeconds, columns, MatrixUnit.CONSUMED_UNITS_PER_MINUTE, Provenance.PREDICTED);
        RowKey one = RowKey.of(table, null, base);
        boolean timed = preview.timeBuckets() > 1;
        for (int c = 0; c < columns; c++) {
            double rate = Math.max(0, writesPerSecond[c]);
            add(before, one, c, rate, wcu, bucketSeconds);
            for (SchemePreview.Shard s : preview.shards()) {
                double share = timed ? s.loadShare() : s.share();
                if (share > 0) {
                    add(after, RowKey.of(table, null, s.key()), c, rate * share, wcu, bucketSeconds);
                }
            }
        }
        return new PredictedHeat(before.build(), after.build());
    }

    private static void add(
            KeyTimeMatrix.Builder b, RowKey key, int column, double writesPerSecond, double wcu, int seconds) {
        double units = writesPerSecond * wcu;
        b.ensureRow(key);
        if (units > 0) {
            b.add(key, column, 3 * units * seconds);
        }
        double over = units - Workload.WRITE_CEILING;
        if (over > 0) {
            b.addThrottles(key, column, Math.round(over / wcu * seconds));
        }
    }
}
