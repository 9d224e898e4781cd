package dev.partitionscope.lab.bench;

import dev.partitionscope.lab.clock.SimulatedClock;
import dev.partitionscope.lab.meter.Meter;
import dev.partitionscope.lab.meter.RequestRecord;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.util.List;
import org.openjdk.jol.info.GraphLayout;

/**
 * The memory figure: bytes held by the meter per metered partition key, with one million distinct keys, measured
 * two ways (JOL's walk of the meter's object graph, and the heap after a full GC). Three shapes of traffic:
 * <ul>
 *   <li>{@code burst}: one million keys within one minute (the sketch keeps 1,000 of them);</li>
 *   <li>{@code day}: one million keys spread over 24 hours (about 700 a minute, so every minute's sketch keeps all
 *       of its keys: the worst case per key with default settings);</li>
 *   <li>{@code day+sk}: as {@code day}, each key also with a sort key (partition + sort key sketches too).</li>
 * </ul>
 * Run (about two minutes; JOL's walk of 10^6 objects is the slow part):
 * {@code java -Xmx6g -cp target/benchmarks.jar dev.partitionscope.lab.bench.MeterMemory}
 */
public final class MeterMemory {
    private static final int KEYS = 1_000_000;

    private MeterMemory() {}

    public static void main(String[] args) {
        // JOL needs this to read field offsets of records (the meter's frozen sketches are records).
        System.setProperty("jol.magicFieldOffset", "true");
        measure("burst", false, 60_000L * 1_000_000 / KEYS / 2);
        measure("day", false, 86_400_000_000_000L / KEYS);
        measure("day+sk", true, 86_400_000_000_000L / KEYS);
    }

    private static void measure(String name, boolean sortKeys, long stepNanos) {
        long before = usedAfterGc();
        SimulatedClock clock = new SimulatedClock(1_750_000_000_000L);
        Meter meter = new Meter(clock);
        for (int i = 0; i < KEYS; i++) {
            meter.record(new RequestRecord(
                    "Orders",
                    null,
                    "PutItem",
                    "customer#" + i,
                    sortKeys ? "order#" + i : null,
                    0,
                    1,
                    List.of(),
                    List.of(),
                    1_000_000,
                    0));
            clock.advanceNanos(stepNanos);
        }
        long heap = usedAfterGc() - before;
        long graph = GraphLayout.parseInstance(meter).totalSize();
        System.out.printf(
                "%-7s %,d keys over %,d s: meter graph %,d bytes (%.1f B/key), heap delta %,d bytes "
                        + "(%.1f B/key)%n",
                name,
                KEYS,
                stepNanos * KEYS / 1_000_000_000L,
                graph,
                (double) graph / KEYS,
                heap,
                (double) heap / KEYS);
        if (meter.resources().isEmpty()) {
            throw new AssertionError("nothing metered");
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
