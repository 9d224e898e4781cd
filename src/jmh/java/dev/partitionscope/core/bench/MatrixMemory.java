package dev.partitionscope.core.bench;

import dev.partitionscope.core.heat.KeyTimeMatrix;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import org.openjdk.jol.info.GraphLayout;

/**
 * The memory figure of the heatmap's model: bytes held by a {@link KeyTimeMatrix} of a sparse day ({@link SparseDay})
 * per non-empty cell, as the heap after a full GC and as JOL's walk of the matrix's object graph. Target: at most
 * 16 bytes per non-empty cell. Also splits the figure into what the cells cost and what the rows cost.
 * Run: {@code java -Xmx4g -cp target/benchmarks.jar dev.partitionscope.core.bench.MatrixMemory}
 */
public final class MatrixMemory {

    private MatrixMemory() {}

    public static void main(String[] args) {
        System.setProperty("jol.magicFieldOffset", "true");
        long before = usedAfterGc();
        KeyTimeMatrix matrix = SparseDay.build(42); // the builder is garbage once this returns
        long heap = usedAfterGc() - before;
        long cells = matrix.nonEmptyCells();
        int rows = matrix.rowCount();
        System.out.printf("%s%n", matrix);
        System.out.printf(
                "heap delta %,d bytes: %.1f B per non-empty cell (%,d cells, %,d rows)%n",
                heap, (double) heap / cells, cells, rows);
        GraphLayout graph = GraphLayout.parseInstance(matrix);
        System.out.printf(
                "JOL graph  %,d bytes: %.1f B per non-empty cell%n",
                graph.totalSize(), (double) graph.totalSize() / cells);
        // Per-cell arrays: char column + float value = 6 B ([C and [F), plus 12 B per throttled cell.
        // Everything else grows with rows: the key pool ([B), row starts, key offsets and the index table ([I).
        // The heap figure is above JOL's because G1 gives arrays over half a region (1 MB at -Xmx4g) whole regions.
        System.out.println(graph.toFootprint());
        if (rows == 0) {
            throw new AssertionError("empty matrix");
        }
    }

    private static long usedAfterGc() {
        MemoryMXBean mem = ManagementFactory.getMemoryMXBean();
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return mem.getHeapMemoryUsage().getUsed();
    }
}
