package dev.partitionscope.core.bench;

import dev.partitionscope.core.heat.ColorLut;
import dev.partitionscope.core.heat.HeatGrid;
import dev.partitionscope.core.heat.HeatPalette;
import dev.partitionscope.core.heat.HeatRaster;
import dev.partitionscope.core.heat.HeatScale;
import dev.partitionscope.core.heat.KeyTimeMatrix;
import dev.partitionscope.core.heat.MatrixUnit;
import dev.partitionscope.core.heat.Provenance;
import dev.partitionscope.core.heat.RowBucketing;
import dev.partitionscope.core.heat.RowKey;
import java.time.Instant;
import java.util.SplittableRandom;
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
 * The heatmap's per-frame CPU cost: turning 2,000 rows × 1,440 columns (a day of minutes, more rows than a
 * 1,600 × 900 view has pixels) into one ARGB pixel per cell. The scaled draw of that image into the view is Prism's
 * work on the GPU and not measured here. Target: at most 16 ms, one frame at 60 Hz.
 *
 * <p>{@code dense}: every cell holds a different random value, the worst case (no run of equal values to reuse, every
 * cell a level computation). {@code sparseDay}: {@link SparseDay} bucketed to 2,000 rows, what a real day looks like.
 *
 * <pre>
 * mvn -o -q -Pbench -DskipTests package
 * java -jar target/benchmarks.jar HeatRasterBenchmark -f 1 -wi 3 -i 5
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
public class HeatRasterBenchmark {
    static final int ROWS = 2_000;
    static final int COLUMNS = 1_440;

    @Param({"dense", "sparseDay"})
    public String data;

    @Param({"ABSOLUTE", "RELATIVE_LOG"})
    public String scaleMode;

    private HeatGrid grid;
    private HeatScale scale;
    private int[] lut;
    private int[] argb;

    @Setup(Level.Trial)
    public void setUp() {
        grid = data.equals("dense")
                ? RowBucketing.bucket(dense(), ROWS, RowBucketing.ALL_COLUMNS)
                : RowBucketing.bucket(SparseDay.build(42), ROWS, RowBucketing.ALL_COLUMNS);
        scale = scaleMode.equals("ABSOLUTE")
                ? HeatScale.absolute(MatrixUnit.CONSUMED_UNITS_PER_MINUTE)
                : HeatScale.relativeLog(grid.maxPerMinute(), MatrixUnit.CONSUMED_UNITS_PER_MINUTE);
        lut = ColorLut.build(HeatPalette.HEAT, 0).table();
        argb = new int[grid.rowCount() * grid.columnCount()];
        System.out.printf("%n%s%n", grid);
    }

    private static KeyTimeMatrix dense() {
        SplittableRandom random = new SplittableRandom(7);
        KeyTimeMatrix.Builder b = KeyTimeMatrix.builder(
                Instant.parse("2026-06-22T00:00:00Z"),
                60,
                COLUMNS,
                MatrixUnit.CONSUMED_UNITS_PER_MINUTE,
                Provenance.LAB_METER);
        for (int r = 0; r < ROWS; r++) {
            RowKey key = RowKey.of("orders", null, String.format("K%05d", r));
            for (int c = 0; c < COLUMNS; c++) {
                b.add(key, c, 1 + random.nextDouble() * 250_000); // up to 140 % of the ceiling
            }
        }
        return b.build();
    }

    @Benchmark
    public int[] rasterize() {
        HeatRaster.rasterize(grid, scale, lut, argb);
        return argb;
    }
}
