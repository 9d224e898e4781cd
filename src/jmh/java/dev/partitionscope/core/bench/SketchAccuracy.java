package dev.partitionscope.core.bench;

import dev.partitionscope.core.scheme.Murmur3;
import dev.partitionscope.core.sketch.HyperLogLog;
import dev.partitionscope.core.sketch.SpaceSaving;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;
import org.apache.datasketches.common.ArrayOfStringsSerDe;
import org.apache.datasketches.frequencies.ErrorType;
import org.apache.datasketches.frequencies.ItemsSketch;
import org.apache.datasketches.hll.HllSketch;
import org.apache.datasketches.hll.TgtHllType;
import org.openjdk.jol.info.GraphLayout;

/**
 * Accuracy and memory of our sketches against Apache DataSketches (issue 19, item 4.1); throughput is in
 * {@link SketchBenchmark}. Prints three tables:
 *
 * <ol>
 *   <li>HyperLogLog: relative error of the distinct count at 1k, 100k and 1M keys (mean |error| and RMS over
 *       independent key sets), each key hashed with {@link Murmur3#hash64} as the audit does;</li>
 *   <li>heavy hitters: recall of the true top 25 (the Lab's Contributor Insights) or top 10 (the audit), the mean
 *       relative error of the reported counts of the true top keys, the width of their error bounds, and whether
 *       every reported bound holds, on Zipf streams;</li>
 *   <li>memory (JOL, key strings excluded: both keep references to the caller's strings): a live sketch, a frozen
 *       minute as the Lab keeps 1,440 of them per resource and kind, an HLL before and after it fills.</li>
 * </ol>
 *
 * {@code java -cp target/benchmarks.jar dev.partitionscope.core.bench.SketchAccuracy} (about a minute)
 */
public final class SketchAccuracy {
    private SketchAccuracy() {}

    public static void main(String[] args) {
        System.setProperty("jol.magicFieldOffset", "true");
        distinct();
        frequent();
        memory();
    }

    private static void distinct() {
        System.out.println("== HyperLogLog, lgK = 14: relative error of the distinct count ==");
        System.out.printf(
                "%-10s %6s | %-22s | %-22s | %-22s%n",
                "keys", "trials", "ours (Ertl)", "DataSketches HLL_8", "DataSketches HLL_4");
        for (int n : new int[] {1_000, 100_000, 1_000_000}) {
            int trials = n >= 1_000_000 ? 10 : 40;
            double[][] err = new double[3][trials];
            for (int t = 0; t < trials; t++) {
                HyperLogLog ours = new HyperLogLog(14);
                HllSketch h8 = new HllSketch(14, TgtHllType.HLL_8);
                HllSketch h4 = new HllSketch(14, TgtHllType.HLL_4);
                for (int i = 0; i < n; i++) {
                    long h = Murmur3.hash64("ORDER#" + t + "-" + i);
                    ours.addHash(h);
                    h8.update(h);
                    h4.update(h);
                }
                err[0][t] = ours.estimate() / n - 1;
                err[1][t] = h8.getEstimate() / n - 1;
                err[2][t] = h4.getEstimate() / n - 1;
            }
            System.out.printf(
                    "%-10s %6d | %-22s | %-22s | %-22s%n", n, trials, stats(err[0]), stats(err[1]), stats(err[2]));
        }
        System.out.printf(
                "stated standard error: ours %.2f %%, DataSketches ~%.2f %% (HIP; 1.04/√k after a union)%n%n",
                HyperLogLog.relativeError(14) * 100, 0.836 / Math.sqrt(1 << 14) * 100);
    }

    private static String stats(double[] e) {
        double abs = Arrays.stream(e).map(Math::abs).average().orElse(0);
        double rms = Math.sqrt(Arrays.stream(e).map(x -> x * x).average().orElse(0));
        double max = Arrays.stream(e).map(Math::abs).max().orElse(0);
        return String.format("%.3f/%.3f/%.3f %%", abs * 100, rms * 100, max * 100);
    }

    private static void frequent() {
        System.out.println("== Heavy hitters on Zipf streams (recall of the true top k; mean |count error| / true"
                + " count and mean bound width / true count of those keys; bounds that failed) ==");
        // The Lab's minute (3,000 requests), a busy minute, a day of one resource, the audit's pattern cell.
        frequent("Lab minute: 3k events, 100k keys, s=0.8", 100_000, 0.8, 3_000, 1_000, 25);
        frequent("busy minute: 300k events, 100k keys, s=0.8", 100_000, 0.8, 300_000, 1_000, 25);
        frequent("1M events, 100k keys, s=1.1", 100_000, 1.1, 1_000_000, 1_000, 25);
        frequent("audit cell: 1M events, 1M keys, s=0.8", 1_000_000, 0.8, 1_000_000, 32, 10);
        System.out.println();
    }

    private static void frequent(String name, int keys, double s, int events, int capacity, int k) {
        String[] names = KeyStreams.names(keys);
        int[] stream = KeyStreams.zipf(keys, s, events, 11);
        long[] truth = KeyStreams.truth(keys, stream);
        Integer[] order = IntStream.range(0, keys).boxed().toArray(Integer[]::new);
        Arrays.sort(order, Comparator.comparingLong((Integer i) -> truth[i]).reversed());
        Set<String> trueTop = new HashSet<>();
        for (int i = 0; i < k; i++) {
            trueTop.add(names[order[i]]);
        }
        Map<String, Long> exact = new HashMap<>();
        for (int i = 0; i < keys; i++) {
            if (truth[i] > 0) {
                exact.put(names[i], truth[i]);
            }
        }

        SpaceSaving ours = new SpaceSaving(capacity);
        int small = Integer.highestOneBit(capacity * 4 / 3 - 1) << 1; // smallest map that keeps `capacity` keys
        ItemsSketch<String> theirs = new ItemsSketch<>(small);
        ItemsSketch<String> theirsHalf = new ItemsSketch<>(small / 2);
        for (int e : stream) {
            ours.add(names[e], null, 1);
            theirs.update(names[e], 1);
            theirsHalf.update(names[e], 1);
        }
        System.out.println(name + ":");
        SpaceSaving.Snapshot snap = ours.snapshot(false);
        int hits = 0;
        double relErr = 0;
        double width = 0;
        int failed = 0;
        for (int i = 0; i < snap.size(); i++) {
            long t = exact.getOrDefault(snap.pks()[i], 0L);
            if (t < snap.counts()[i] - snap.errors()[i] - 1e-9 || t > snap.counts()[i] + 1e-9) {
                failed++;
            }
            if (i < k && trueTop.contains(snap.pks()[i])) {
                hits++;
            }
        }
        for (int i = 0; i < k; i++) {
            String key = names[order[i]];
            double c = ours.count(key, null);
            double err = ours.error(key, null);
            long t = truth[order[i]];
            relErr += Math.abs((c < 0 ? ours.absentBound() : c) - t) / (double) t;
            width += (c < 0 ? ours.absentBound() : err) / (double) t;
        }
        System.out.printf(
                "  %-34s recall %5.1f %%  count error %7.3f %%  bound width %7.3f %%  failed bounds %d%n",
                "ours SpaceSaving(" + capacity + ")", 100.0 * hits / k, 100 * relErr / k, 100 * width / k, failed);
        report(theirs, "DataSketches ItemsSketch(" + small + ")", names, order, truth, trueTop, exact, k);
        report(theirsHalf, "DataSketches ItemsSketch(" + small / 2 + ")", names, order, truth, trueTop, exact, k);
    }

    private static void report(
            ItemsSketch<String> sketch,
            String label,
            String[] names,
            Integer[] order,
            long[] truth,
            Set<String> trueTop,
            Map<String, Long> exact,
            int k) {
        ItemsSketch.Row<String>[] rows = sketch.getFrequentItems(ErrorType.NO_FALSE_NEGATIVES);
        int hits = 0;
        int failed = 0;
        for (int i = 0; i < rows.length; i++) {
            long t = exact.getOrDefault(rows[i].getItem(), 0L);
            if (t < rows[i].getLowerBound() || t > rows[i].getUpperBound()) {
                failed++;
            }
            if (i < k && trueTop.contains(rows[i].getItem())) {
                hits++;
            }
        }
        double relErr = 0;
        double width = 0;
        for (int i = 0; i < k; i++) {
            String key = names[order[i]];
            long t = truth[order[i]];
            relErr += Math.abs(sketch.getEstimate(key) - t) / (double) t;
            width += (sketch.getUpperBound(key) - sketch.getLowerBound(key)) / (double) t;
        }
        System.out.printf(
                "  %-34s recall %5.1f %%  count error %7.3f %%  bound width %7.3f %%  failed bounds %d%n",
                label, 100.0 * hits / k, 100 * relErr / k, 100 * width / k, failed);
    }

    private static void memory() {
        System.out.println("== Memory (JOL graph size, key strings excluded) ==");
        String[] names = KeyStreams.names(100_000);
        GraphLayout strings = GraphLayout.parseInstance((Object[]) names);
        int[] minute = KeyStreams.zipf(names.length, 0.8, SketchBenchmark.PER_MINUTE, 5);
        SpaceSaving ours = new SpaceSaving(SketchBenchmark.CAPACITY);
        ItemsSketch<String> theirs = new ItemsSketch<>(SketchBenchmark.DS_MAP_SIZE);
        for (int e : minute) {
            ours.add(names[e], null, 1);
            theirs.update(names[e], 1);
        }
        SpaceSaving.Snapshot frozen = ours.snapshot(false);
        ItemsSketch.Row<String>[] rows = theirs.getFrequentItems(ErrorType.NO_FALSE_NEGATIVES);
        byte[] serialized = theirs.toByteArray(new ArrayOfStringsSerDe());
        System.out.printf("live sketch, one minute (3,000 requests, %d keys kept):%n", frozen.size());
        System.out.printf("  ours SpaceSaving(1000)            %,9d B%n", size(ours, strings));
        System.out.printf("  DataSketches ItemsSketch(2048)    %,9d B%n", size(theirs, strings));
        System.out.println("frozen minute (what the Lab keeps 1,440 of per resource and key kind):");
        System.out.printf("  ours Snapshot (%d entries)        %,9d B%n", frozen.size(), size(frozen, strings));
        System.out.printf("  DataSketches Row[] (%d rows)      %,9d B%n", rows.length, size((Object) rows, strings));
        System.out.printf(
                "  DataSketches toByteArray          %,9d B (with its own UTF-8 copy of every key)%n",
                serialized.length);

        for (int n : new int[] {100, 1_000, 1_000_000}) {
            HyperLogLog h = new HyperLogLog(14);
            HllSketch h8 = new HllSketch(14, TgtHllType.HLL_8);
            HllSketch h4 = new HllSketch(14, TgtHllType.HLL_4);
            for (int i = 0; i < n; i++) {
                long x = Murmur3.hash64("k" + i);
                h.addHash(x);
                h8.update(x);
                h4.update(x);
            }
            System.out.printf(
                    "HLL after %,9d keys: ours %,7d B | DataSketches HLL_8 %,7d B, HLL_4 %,7d B"
                            + " (compact bytes %,d / %,d)%n",
                    n,
                    GraphLayout.parseInstance(h).totalSize(),
                    GraphLayout.parseInstance(h8).totalSize(),
                    GraphLayout.parseInstance(h4).totalSize(),
                    h8.getCompactSerializationBytes(),
                    h4.getCompactSerializationBytes());
        }
    }

    private static long size(Object o, GraphLayout strings) {
        return GraphLayout.parseInstance(o).subtract(strings).totalSize();
    }
}
