package dev.partitionscope.core.design;

import dev.partitionscope.core.item.Capacity;

/**
 * The traffic a key design must carry, in the units the partition ceilings are written in.
 *
 * @param writesPerSecond    peak writes per second (0 when only reads matter)
 * @param itemBytes          item size; a write costs 1 WCU per started 1 KB, a read 1 RCU per started 4 KB
 * @param readsPerSecond     peak reads per second (0 when only writes matter)
 * @param stronglyConsistent reads are strongly consistent (1 RCU per 4 KB) rather than eventually (0.5)
 */
public record Workload(double writesPerSecond, long itemBytes, double readsPerSecond, boolean stronglyConsistent) {
    /** One partition key's write ceiling: 1,000 WCU/s (dynamodb-facts §1). */
    public static final double WRITE_CEILING = 1_000;
    /** One partition key's read ceiling: 3,000 RCU/s (dynamodb-facts §1). */
    public static final double READ_CEILING = 3_000;

    public Workload {
        if (!(writesPerSecond >= 0)
                || !(readsPerSecond >= 0)
                || Double.isInfinite(writesPerSecond)
                || Double.isInfinite(readsPerSecond)) {
            throw new IllegalArgumentException("Rates must be finite and not negative: " + writesPerSecond
                    + " writes/s, " + readsPerSecond + " reads/s");
        }
        if (itemBytes < 0) {
            throw new IllegalArgumentException("Item size must not be negative: " + itemBytes);
        }
    }

    /** Writes only. */
    public static Workload writes(double writesPerSecond, long itemBytes) {
        return new Workload(writesPerSecond, itemBytes, 0, false);
    }

    /** WCU per write: the item size in started kilobytes, at least 1. */
    public double wcuPerWrite() {
        return Capacity.writeUnits(itemBytes);
    }

    /** RCU per read of one item: started 4 KB units, halved when eventually consistent. */
    public double rcuPerRead() {
        return Capacity.readUnits(itemBytes, stronglyConsistent);
    }

    /** Write units per second. */
    public double writeUnits() {
        return writesPerSecond * wcuPerWrite();
    }

    /** Read units per second. */
    public double readUnits() {
        return readsPerSecond * rcuPerRead();
    }
}
