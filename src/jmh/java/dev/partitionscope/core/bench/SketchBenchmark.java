package dev.partitionscope.core.bench;

import dev.partitionscope.core.sketch.HyperLogLog;
import dev.partitionscope.core.sketch.SpaceSaving;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.apache.datasketches.frequencies.ErrorType;
import org.apache.datasketches.frequencies.ItemsSketch;
import org.apache.datasketches.hll.HllSketch;
import org.apache.datasketches.hll.TgtHllType;
import org.apache.datasketches.hll.Union;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Our sketches ({@link SpaceSaving}, {@link HyperLogLog}) against Apache DataSketches' frequent items
 * ({@link ItemsSketch}) and HLL ({@link HllSketch}) on the paths the app runs (issue 19, item 4.1). Accuracy and
 * memory are in {@link SketchAccuracy}; merging a day of minute sketches in
 * {@code dev.partitionscope.lab.bench.FrequentItemsMergeBenchmark}.
 *
 * <ul>
 *   <li>{@code *Update}: one update of the Lab's meter (consumed units of one request) into a sketch that keeps
 *       1,000 keys: ours with 1,000 counters, DataSketches with a 2,048-slot map (it keeps at most 3/4 of it,
 *       1,536 keys: its smallest size that keeps 1,000). The stream is Zipf (s = 0.8) over {@code keys} keys, so at
 *       100,000 keys the sketch is always full and evicting; at 1,000 every key fits.</li>
 *   <li>{@code *PkSkUpdate}: the same with a sort key (the meter's partition + sort key sketch): ours takes the pair,
 *       DataSketches needs one item, the two joined.</li>
 *   <li>{@code *Minute}: what a metered minute costs, per request: 3,000 updates, then the minute is frozen for the
 *       reports (our snapshot; DataSketches' frequent items, no false negatives) and the sketch emptied.</li>
 *   <li>{@code hll*}: the key audit's distinct count, one 64-bit key hash at a time (it hashes keys once for its exact
 *       set too), at lgK = 14 (ours: 16 KB of byte registers; DataSketches HLL_8 is the same layout, HLL_4 packs
 *       4-bit registers with an exception table).</li>
 * </ul>
 *
 * <pre>
 * mvn -B -Pbench package
 * java -jar target/benchmarks.jar SketchBenchmark -f 1 -wi 3 -w 1s -i 5 -r 1s
 * </pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class SketchBenchmark {
    static final int CAPACITY = 1_000;
    static final int DS_MAP_SIZE = 2_048;
    static final int PER_MINUTE = 3_000;
    private static final int EVENTS = 1 << 20;
    private static final int MASK = EVENTS - 1;

    /** A Zipf key stream, and sketches that have already seen part of it (steady state). */
    @State(Scope.Thread)
    public static class Frequent {
        @Param({"1000", "100000"})
        public int keys;

        String[] names;
        String[] sortKeys;
        int[] stream;
        int[] sortStream;
        int i;
        SpaceSaving ours;
        ItemsSketch<String> theirs;

        @Setup(Level.Trial)
        public void setUp() {
            names = KeyStreams.names(keys);
            sortKeys = new String[100];
            for (int s = 0; s < sortKeys.length; s++) {
                sortKeys[s] = "order#" + s;
            }
            stream = KeyStreams.zipf(keys, 0.8, EVENTS, 1);
            sortStream = KeyStreams.zipf(sortKeys.length, 0.8, EVENTS, 2);
            ours = new SpaceSaving(CAPACITY);
            theirs = new ItemsSketch<>(DS_MAP_SIZE);
            for (int e = 0; e < EVENTS / 4; e++) {
                ours.add(names[stream[e]], null, 1);
                theirs.update(names[stream[e]], 1);
            }
            i = EVENTS / 4;
        }
    }

    @Benchmark
    public double spaceSavingUpdate(Frequent s) {
        int e = s.i++ & MASK;
        s.ours.add(s.names[s.stream[e]], null, 1);
        return s.ours.total();
    }

    @Benchmark
    public long itemsSketchUpdate(Frequent s) {
        int e = s.i++ & MASK;
        s.theirs.update(s.names[s.stream[e]], 1);
        return s.theirs.getStreamLength();
    }

    @Benchmark
    public double spaceSavingPkSkUpdate(Frequent s) {
        int e = s.i++ & MASK;
        s.ours.add(s.names[s.stream[e]], s.sortKeys[s.sortStream[e]], 1);
        return s.ours.total();
    }

    @Benchmark
    public long itemsSketchPkSkUpdate(Frequent s) {
        int e = s.i++ & MASK;
        s.theirs.update(s.names[s.stream[e]] + '\u0000' + s.sortKeys[s.sortStream[e]], 1);
        return s.theirs.getStreamLength();
    }

    @Benchmark
    @OperationsPerInvocation(PER_MINUTE)
    public Object spaceSavingMinute(Frequent s) {
        SpaceSaving sk = s.ours;
        int from = s.i;
        for (int k = 0; k < PER_MINUTE; k++) {
            sk.add(s.names[s.stream[(from + k) & MASK]], null, 1);
        }
        s.i = from + PER_MINUTE;
        SpaceSaving.Snapshot frozen = sk.snapshot(false);
        sk.clear();
        return frozen;
    }

    @Benchmark
    @OperationsPerInvocation(PER_MINUTE)
    public Object itemsSketchMinute(Frequent s) {
        ItemsSketch<String> sk = s.theirs;
        int from = s.i;
        for (int k = 0; k < PER_MINUTE; k++) {
            sk.update(s.names[s.stream[(from + k) & MASK]], 1);
        }
        s.i = from + PER_MINUTE;
        Object frozen = sk.getFrequentItems(ErrorType.NO_FALSE_NEGATIVES);
        sk.reset();
        return frozen;
    }

    /** Random 64-bit key hashes (what the audit feeds its distinct counter), and sketches 1M keys in. */
    @State(Scope.Thread)
    public static class Distinct {
        long[] hashes;
        int i;
        HyperLogLog ours;
        HllSketch hll8;
        HllSketch hll4;
        HyperLogLog oursOther;
        HllSketch hll8Other;

        @Setup(Level.Trial)
        public void setUp() {
            SplittableRandom rnd = new SplittableRandom(3);
            hashes = new long[EVENTS];
            for (int e = 0; e < EVENTS; e++) {
                hashes[e] = rnd.nextLong();
            }
            ours = new HyperLogLog(14);
            hll8 = new HllSketch(14, TgtHllType.HLL_8);
            hll4 = new HllSketch(14, TgtHllType.HLL_4);
            oursOther = new HyperLogLog(14);
            hll8Other = new HllSketch(14, TgtHllType.HLL_8);
            for (long h : hashes) {
                ours.addHash(h);
                hll8.update(h);
                hll4.update(h);
                oursOther.addHash(h * 31 + 7);
                hll8Other.update(h * 31 + 7);
            }
        }
    }

    @Benchmark
    public HyperLogLog hllOursAdd(Distinct s) {
        s.ours.addHash(s.hashes[s.i++ & MASK]);
        return s.ours;
    }

    @Benchmark
    public HllSketch hllDataSketches8Add(Distinct s) {
        s.hll8.update(s.hashes[s.i++ & MASK]);
        return s.hll8;
    }

    @Benchmark
    public HllSketch hllDataSketches4Add(Distinct s) {
        s.hll4.update(s.hashes[s.i++ & MASK]);
        return s.hll4;
    }

    @Benchmark
    public double hllOursEstimate(Distinct s) {
        return s.ours.estimate();
    }

    @Benchmark
    public double hllDataSketches8Estimate(Distinct s) {
        return s.hll8.getEstimate();
    }

    /** The audit's merge of two patterns' counters (each in estimation mode): a copy, then the union. */
    @Benchmark
    public double hllOursMerge(Distinct s) {
        HyperLogLog u = new HyperLogLog(14);
        u.merge(s.ours);
        u.merge(s.oursOther);
        return u.estimate();
    }

    @Benchmark
    public double hllDataSketches8Merge(Distinct s) {
        Union u = new Union(14);
        u.update(s.hll8);
        u.update(s.hll8Other);
        return u.getResult(TgtHllType.HLL_8).getEstimate();
    }
}
