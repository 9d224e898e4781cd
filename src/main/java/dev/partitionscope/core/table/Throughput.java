package dev.partitionscope.core.table;

/**
 * A pair of per-second read and write unit figures: provisioned capacity, on-demand maximums or warm throughput.
 * A value of {@code -1} means "not set" (for on-demand maximums: no cap beyond the account's table quota).
 */
public record Throughput(long readUnitsPerSecond, long writeUnitsPerSecond) {
    public static final long UNSET = -1;

    public boolean hasRead() {
        return readUnitsPerSecond >= 0;
    }

    public boolean hasWrite() {
        return writeUnitsPerSecond >= 0;
    }
}
