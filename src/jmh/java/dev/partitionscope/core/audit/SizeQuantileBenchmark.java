package dev.partitionscope.core.audit;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.IntCountsHistogram;
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
import org.openjdk.jol.info.GraphLayout;

/**
 * The one place the app computes percentiles from samples — the key audit's item sizes (p50, p99 per pattern,
 * {@link SizeHistogram}) — against HdrHistogram 2.2.2 (issue 19, item 4.3). In this package because SizeHistogram is
 * package-private. HdrHistogram is set up to match: values up to 1 MiB, 2 significant digits (128 sub-buckets per
 * octave, finer than our 64), {@code int} counts.
 *
 * <ul>
 *   <li>{@code *Add}: one sampled item's size;</li>
 *   <li>{@code *P99}: the p99 of 100,000 sizes (once per pattern per audit refresh).</li>
 * </ul>
 *
 * {@link #main} prints accuracy in what the audit uses the quantile for — write units (1 KB steps) and read units
 * (4 KB steps) of the p50 and p99 item, against the exact sorted sample — and memory (JOL).
 *
 * <pre>
 * java -jar target/benchmarks.jar SizeQuantileBenchmark -f 1 -wi 3 -w 1s -i 5 -r 1s
 * java -cp target/benchmarks.jar dev.partitionscope.core.audit.SizeQuantileBenchmark
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class SizeQuantileBenchmark {
    private static final int N = 1 << 16;
    private static final long HIGHEST = 1 << 20;

    private long[] sizes;
    private int i;
    private SizeHistogram ours;
    private IntCountsHistogram hdr;

    @Setup(Level.Trial)
    public void setUp() {
        sizes = sample(new SplittableRandom(1), N, 0);
        ours = new SizeHistogram();
        hdr = new IntCountsHistogram(HIGHEST, 2);
        for (long s : sizes) {
            ours.add(s);
            hdr.recordValue(s);
        }
    }

    @Benchmark
    public SizeHistogram oursAdd() {
        ours.add(sizes[i++ & (N - 1)]);
        return ours;
    }

    @Benchmark
    public IntCountsHistogram hdrAdd() {
        hdr.recordValue(sizes[i++ & (N - 1)]);
        return hdr;
    }

    @Benchmark
    public long oursP99() {
        return ours.quantile(0.99);
    }

    @Benchmark
    public long hdrP99() {
        return Math.min(hdr.getValueAtPercentile(99), hdr.getMaxValue());
    }

    /**
     * Item sizes as a table has them: a log-normal body around {@code median} bytes, and in {@code shape} 1 a share
     * of items exactly at 1 KB multiples (fixed-size records padded to a unit, the case where rounding up a bucket
     * would cost one unit more).
     */
    static long[] sample(SplittableRandom rnd, int n, int shape) {
        long[] out = new long[n];
        double median = 200 + rnd.nextDouble() * 6_000;
        double sigma = 0.2 + rnd.nextDouble();
        for (int k = 0; k < n; k++) {
            if (shape == 1 && rnd.nextInt(3) == 0) {
                out[k] = 1024L * (1 + rnd.nextInt(8));
            } else {
                double g = Math.sqrt(-2 * Math.log(1 - rnd.nextDouble())) * Math.cos(2 * Math.PI * rnd.nextDouble());
                out[k] = Math.min(400 * 1024, Math.max(1, Math.round(median * Math.exp(sigma * g))));
            }
        }
        return out;
    }

    public static void main(String[] args) {
        System.setProperty("jol.magicFieldOffset", "true");
        int trials = 2_000;
        int[] wrong = new int[8]; // ours/hdr × p50/p99 × WCU/RCU
        long[] overBytes = new long[2];
        SplittableRandom rnd = new SplittableRandom(5);
        for (int t = 0; t < trials; t++) {
            long[] s = sample(rnd, 1 + rnd.nextInt(20_000), t & 1);
            SizeHistogram ours = new SizeHistogram();
            IntCountsHistogram hdr = new IntCountsHistogram(HIGHEST, 2);
            for (long v : s) {
                ours.add(v);
                hdr.recordValue(v);
            }
            long[] sorted = s.clone();
            Arrays.sort(sorted);
            double[] qs = {0.5, 0.99};
            for (int q = 0; q < 2; q++) {
                long exact = sorted[(int) Math.max(0, Math.ceil(qs[q] * sorted.length) - 1)];
                long a = ours.quantile(qs[q]);
                long b = Math.min(hdr.getValueAtPercentile(qs[q] * 100), hdr.getMaxValue());
                wrong[q * 4] += units(a, 1024) != units(exact, 1024) ? 1 : 0;
                wrong[q * 4 + 1] += units(a, 4096) != units(exact, 4096) ? 1 : 0;
                wrong[q * 4 + 2] += units(b, 1024) != units(exact, 1024) ? 1 : 0;
                wrong[q * 4 + 3] += units(b, 4096) != units(exact, 4096) ? 1 : 0;
                overBytes[0] += a - exact;
                overBytes[1] += b - exact;
            }
        }
        System.out.printf(
                "%d samples of 1..20,000 item sizes (half of them with a third of the items at exact 1 KB multiples)%n",
                trials);
        System.out.printf("  quantile wrong by a unit:        p50 WCU  p50 RCU  p99 WCU  p99 RCU%n");
        System.out.printf(
                "  ours SizeHistogram              %7d  %7d  %7d  %7d   mean overstatement %.1f B%n",
                wrong[0], wrong[1], wrong[4], wrong[5], overBytes[0] / (2.0 * trials));
        System.out.printf(
                "  HdrHistogram (int, 2 digits)    %7d  %7d  %7d  %7d   mean overstatement %.1f B%n",
                wrong[2], wrong[3], wrong[6], wrong[7], overBytes[1] / (2.0 * trials));
        System.out.printf(
                "memory: ours %,d B | HdrHistogram IntCountsHistogram(1 MiB, 2) %,d B, Histogram (long counts) %,d B%n",
                GraphLayout.parseInstance(new SizeHistogram()).totalSize(),
                GraphLayout.parseInstance(new IntCountsHistogram(HIGHEST, 2)).totalSize(),
                GraphLayout.parseInstance(new Histogram(HIGHEST, 2)).totalSize());
        // What a CloudWatch pNN for SuccessfulRequestLatency would cost the Lab's meter: one histogram per
        // operation per minute (1 µs .. 60 s in nanoseconds, 2 digits) instead of a 40-byte statistic set.
        System.out.printf(
                "a latency histogram per operation-minute (1 µs..60 s, 2 digits): %,d B (Histogram), %,d B"
                        + " (IntCountsHistogram)%n",
                GraphLayout.parseInstance(new Histogram(1_000, 60_000_000_000L, 2))
                        .totalSize(),
                GraphLayout.parseInstance(new IntCountsHistogram(1_000, 60_000_000_000L, 2))
                        .totalSize());
    }

    private static long units(long bytes, long unit) {
        return Math.max(1, (bytes + unit - 1) / unit);
    }
}
