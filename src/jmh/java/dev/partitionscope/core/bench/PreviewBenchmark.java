package dev.partitionscope.core.bench;

import dev.partitionscope.core.design.SchemePreview;
import dev.partitionscope.core.scheme.KeyScheme;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
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
import org.openjdk.jmh.infra.Blackhole;

/**
 * Time to preview 1,000,000 ids (36-character UUID strings with timestamps over a week) under four schemes —
 * {@code hash:8}, {@code product:200}, {@code random:10} and {@code day+hash:8} — what the preview screen and
 * {@code partitionscope preview} do when a user compares schemes. Target: all four in at most 1 s.
 *
 * <pre>
 * mvn -o -q -Pbench -DskipTests package
 * java -jar target/benchmarks.jar PreviewBenchmark -wi 2 -i 3 -f 1
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
public class PreviewBenchmark {
    static final int IDS = 1_000_000;
    private static final List<KeyScheme> SCHEMES = List.of(
            KeyScheme.parse("hash:8"),
            KeyScheme.parse("product:200"),
            KeyScheme.parse("random:10"),
            KeyScheme.parse("day+hash:8"));

    private List<String> ids;
    private long[] millis;

    @Setup(Level.Trial)
    public void setUp() {
        SplittableRandom r = new SplittableRandom(42);
        ids = new ArrayList<>(IDS);
        millis = new long[IDS];
        long t0 = 1_782_086_400_000L; // 2026-06-22T00:00:00Z
        for (int i = 0; i < IDS; i++) {
            ids.add(new java.util.UUID(r.nextLong(), r.nextLong()).toString());
            millis[i] = t0 + (long) i * 7 * 86_400_000L / IDS; // a week, in time order like a log
        }
        for (KeyScheme s : SCHEMES) {
            System.out.printf("%n%s%n", preview(s).verdict());
        }
    }

    private SchemePreview preview(KeyScheme s) {
        return SchemePreview.of(s, "#", List.of("OPS_LOG"), ids, millis, 7);
    }

    /** All four schemes, as one comparison: the ≤ 1 s budget. */
    @Benchmark
    public void fourSchemes(Blackhole bh) {
        for (KeyScheme s : SCHEMES) {
            bh.consume(preview(s));
        }
    }

    @Benchmark
    public SchemePreview hash8() {
        return preview(SCHEMES.get(0));
    }

    @Benchmark
    public SchemePreview dayHash8() {
        return preview(SCHEMES.get(3));
    }
}
