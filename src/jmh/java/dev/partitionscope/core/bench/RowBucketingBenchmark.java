package dev.partitionscope.core.bench;

import dev.partitionscope.core.heat.HeatGrid;
import dev.partitionscope.core.heat.KeyTimeMatrix;
import dev.partitionscope.core.heat.RowBucketing;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Time to turn a day of 100,000 keys × 1,440 minutes ({@link SparseDay}) into the heatmap's ≈ 1,500 rows: the work
 * done off the FX thread each time the view's size or window changes. Target: at most 200 ms.
 *
 * <pre>
 * mvn -o -q -Pbench -DskipTests package
 * java -jar target/benchmarks.jar RowBucketingBenchmark -f 1 -wi 3 -i 5
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
public class RowBucketingBenchmark {
    /** 0: every minute a column; 720: a view 720 pixels wide (two minutes a column). */
    @Param({"0", "720"})
    public int columns;

    private KeyTimeMatrix matrix;

    @Setup(Level.Trial)
    public void setUp() {
        matrix = SparseDay.build(42);
        HeatGrid grid = RowBucketing.bucket(matrix, RowBucketing.DEFAULT_ROWS, columns);
        System.out.printf("%n%s%n", grid);
    }

    @Benchmark
    public HeatGrid bucket() {
        return RowBucketing.bucket(matrix, RowBucketing.DEFAULT_ROWS, columns);
    }
}
