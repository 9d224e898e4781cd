package dev.partitionscope.core.bench;

import dev.partitionscope.core.heat.HeatCsv;
import dev.partitionscope.core.heat.HeatGrid;
import dev.partitionscope.core.heat.HeatRow;
import dev.partitionscope.core.heat.KeyTimeMatrix;
import dev.partitionscope.core.heat.MatrixUnit;
import dev.partitionscope.core.heat.Provenance;
import dev.partitionscope.core.heat.RowBucketing;
import dev.partitionscope.core.heat.RowKey;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
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
 * Writing the heatmap CSV of 2,000 rows × 1,440 columns (a day of minutes; issue 19, item 4.2): our
 * {@link HeatCsv} against Apache Commons CSV's {@link CSVPrinter} (RFC 4180 format, the same comment lines, the same
 * number text) into a reused {@link StringBuilder} (what the report's {@code heatmap.csv} and the heatmap's export
 * write into). {@code dense}: every cell a different fractional rate (each a BigDecimal rounding); {@code sparseDay}:
 * {@link SparseDay} bucketed to 2,000 rows (mostly whole numbers and zeros).
 *
 * <pre>java -jar target/benchmarks.jar HeatCsvBenchmark -f 1 -wi 3 -w 1s -i 5 -r 1s</pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
public class HeatCsvBenchmark {
    static final int ROWS = 2_000;
    static final int COLUMNS = 1_440;

    @Param({"dense", "sparseDay"})
    public String data;

    private HeatGrid grid;
    private final StringBuilder out = new StringBuilder(64 << 20);

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        grid = data.equals("dense")
                ? RowBucketing.bucket(dense(), ROWS, RowBucketing.ALL_COLUMNS)
                : RowBucketing.bucket(SparseDay.build(42), ROWS, RowBucketing.ALL_COLUMNS);
        String ours = heatCsv().toString();
        String theirs = commonsCsv().toString();
        System.out.printf(
                "%n%s: ours %,d chars, Commons CSV %,d chars, identical: %s%n",
                grid, ours.length(), theirs.length(), ours.equals(theirs));
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
                b.add(key, c, 1 + random.nextDouble() * 250_000);
            }
        }
        return b.build();
    }

    @Benchmark
    public StringBuilder heatCsv() throws IOException {
        out.setLength(0);
        HeatCsv.write(grid, out);
        return out;
    }

    @Benchmark
    public StringBuilder commonsCsv() throws IOException {
        out.setLength(0);
        MatrixUnit unit = grid.unit();
        CSVFormat format = CSVFormat.RFC4180.builder().setCommentMarker('#').get();
        try (CSVPrinter p = new CSVPrinter(out, format)) {
            p.printComment("unit: " + unit.label()
                    + (unit.perMinute() ? ", rates per minute" : ", mean rates per column")
                    + ", bucket " + grid.columnSeconds() + " s");
            p.printComment("row_total: the row's sum over the whole window"
                    + (unit.perMinute() ? "" : " of its per-bucket rates")
                    + ", not a rate; an empty cell did not load");
            p.print("resource");
            p.print("first_key");
            p.print("last_key");
            p.print("keys");
            for (int c = 0; c < grid.columnCount(); c++) {
                p.print(grid.columnStart(c).toString());
            }
            p.print("row_total");
            p.println();
            for (int r = 0; r < grid.rowCount(); r++) {
                HeatRow row = grid.row(r);
                p.print(row.resourceLabel());
                p.print(row.first().label());
                p.print(row.last().label());
                p.print(Integer.toString(row.memberCount()));
                for (int c = 0; c < grid.columnCount(); c++) {
                    p.print(grid.missing(c) ? "" : number(grid.perMinute(r, c)));
                }
                p.print(number(grid.rowTotal(r)));
                p.println();
            }
        }
        return out;
    }

    /** HeatCsv's number text (at most three decimals, half up, no exponent), so both write the same cells. */
    private static String number(double value) {
        if (!Double.isFinite(value)) {
            return "";
        }
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            return Long.toString((long) value);
        }
        BigDecimal rounded =
                BigDecimal.valueOf(value).setScale(3, RoundingMode.HALF_UP).stripTrailingZeros();
        return rounded.signum() == 0 ? "0" : rounded.toPlainString();
    }
}
