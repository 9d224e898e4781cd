package dev.partitionscope.lab.bench;

import dev.partitionscope.lab.clock.SimulatedClock;
import dev.partitionscope.lab.meter.ContributorReport;
import dev.partitionscope.lab.meter.InsightMetric;
import dev.partitionscope.lab.meter.KeyKind;
import dev.partitionscope.lab.meter.Meter;
import dev.partitionscope.lab.meter.OrderBy;
import dev.partitionscope.lab.meter.RequestRecord;
import dev.partitionscope.lab.meter.ResourceId;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.apache.datasketches.frequencies.ErrorType;
import org.apache.datasketches.frequencies.ItemsSketch;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Merging a day of minute sketches into a top-25 report (issue 19, item 4.1): the Lab's way against DataSketches'.
 * The traffic of {@link InsightReportBenchmark} (3,000 PutItems a minute for 24 h over 100,000 Zipf keys, s = 0.8),
 * metered twice: into the Lab's {@link Meter} (a Space-Saving sketch of 1,000 counters per minute, frozen when the
 * minute turns) and into 1,440 DataSketches {@link ItemsSketch}es (map size 2,048, the smallest that keeps 1,000
 * keys).
 *
 * <ul>
 *   <li>{@code spaceSavingReport}: the meter's Contributor Insights query (sums the frozen minutes, folds per-period
 *       values, ranks the top 25 and fills their 1,440 one-minute datapoints with error bounds);</li>
 *   <li>{@code itemsSketchMerge}: DataSketches' merge of the 1,440 minutes into one sketch and its top 25 (no
 *       per-minute datapoints: a merged sketch has forgotten when a key was busy, which the report must show).</li>
 * </ul>
 *
 * <pre>java -jar target/benchmarks.jar FrequentItemsMergeBenchmark -f 1 -wi 3 -w 1s -i 5 -r 1s</pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms3g", "-Xmx3g"})
public class FrequentItemsMergeBenchmark {
    private static final long START = 1_782_086_400_000L;
    private static final String TABLE = "Orders";
    private static final int MINUTES = 24 * 60;

    private Meter meter;
    private List<ItemsSketch<String>> minutes;

    @Setup(Level.Trial)
    public void fill() {
        SimulatedClock clock = new SimulatedClock(START);
        meter = new Meter(clock);
        String[] names = new String[InsightReportBenchmark.KEYS];
        double[] cdf = new double[names.length];
        double acc = 0;
        for (int i = 0; i < names.length; i++) {
            names[i] = "customer#" + i;
            acc += 1.0 / Math.pow(i + 1, 0.8);
            cdf[i] = acc;
        }
        Random rnd = new Random(1);
        long step = 60_000_000_000L / InsightReportBenchmark.PER_MINUTE;
        minutes = new ArrayList<>(MINUTES);
        for (int m = 0; m < MINUTES; m++) {
            ItemsSketch<String> minute = new ItemsSketch<>(2048);
            for (int i = 0; i < InsightReportBenchmark.PER_MINUTE; i++) {
                if (m > 0 || i > 0) {
                    clock.advanceNanos(step);
                }
                int k = Arrays.binarySearch(cdf, rnd.nextDouble() * acc);
                String pk = names[k < 0 ? Math.min(names.length - 1, -k - 1) : k];
                meter.record(
                        new RequestRecord(TABLE, null, "PutItem", pk, null, 0, 1, List.of(), List.of(), 1_000_000, 0));
                minute.update(pk, 1);
            }
            minutes.add(minute);
        }
        ContributorReport ours = spaceSavingReport();
        @SuppressWarnings("unchecked")
        ItemsSketch.Row<String>[] theirs = (ItemsSketch.Row<String>[]) itemsSketchMerge();
        System.out.printf("%n  ours   top 3:");
        for (int i = 0; i < 3; i++) {
            System.out.printf(
                    " %s %.0f [%.0f, %.0f]",
                    ours.contributors().get(i).keys().get(0),
                    ours.contributors().get(i).aggregateValue(),
                    ours.contributors().get(i).aggregateValue()
                            - ours.contributors().get(i).overestimate(),
                    ours.contributors().get(i).aggregateValue()
                            + ours.contributors().get(i).underestimate());
        }
        System.out.printf("%n  theirs top 3:");
        for (int i = 0; i < 3; i++) {
            System.out.printf(
                    " %s %d [%d, %d]",
                    theirs[i].getItem(), theirs[i].getEstimate(), theirs[i].getLowerBound(), theirs[i].getUpperBound());
        }
        System.out.println();
    }

    @Benchmark
    public ContributorReport spaceSavingReport() {
        return meter.topContributors(
                ResourceId.table(TABLE),
                KeyKind.PARTITION_KEY,
                InsightMetric.CONSUMED_THROUGHPUT_UNITS,
                START,
                START + Duration.ofHours(24).toMillis(),
                Duration.ofSeconds(60),
                25,
                OrderBy.SUM);
    }

    @Benchmark
    public Object itemsSketchMerge() {
        ItemsSketch<String> day = new ItemsSketch<>(2048);
        for (ItemsSketch<String> m : minutes) {
            day.merge(m);
        }
        return Arrays.copyOf(day.getFrequentItems(ErrorType.NO_FALSE_NEGATIVES), 25);
    }
}
