package dev.partitionscope.core.item;

/**
 * DynamoDB's capacity-unit arithmetic (read-write-operations.html): reads in 4 KB steps (strongly consistent 1 RCU,
 * eventually consistent 0.5, transactional 2), writes in 1 KB steps (1 WCU, transactional 2).
 */
public final class Capacity {
    public static final int READ_UNIT_BYTES = 4096;
    public static final int WRITE_UNIT_BYTES = 1024;

    private Capacity() {}

    /** RCU to read {@code bytes} in one operation (an absent item still costs the minimum). */
    public static double readUnits(long bytes, boolean consistent) {
        long units = Math.max(1, (bytes + READ_UNIT_BYTES - 1) / READ_UNIT_BYTES);
        return consistent ? units : units / 2.0;
    }

    /** WCU to write an item of {@code bytes} (at least 1). */
    public static double writeUnits(long bytes) {
        return Math.max(1, (bytes + WRITE_UNIT_BYTES - 1) / WRITE_UNIT_BYTES);
    }

    /** Consumed throughput units as Contributor Insights weighs them: 3 × write units + read units. */
    public static double throughputUnits(double readUnits, double writeUnits) {
        return 3 * writeUnits + readUnits;
    }
}
