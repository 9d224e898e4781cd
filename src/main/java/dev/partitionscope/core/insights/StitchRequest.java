package dev.partitionscope.core.insights;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * Everything {@link Stitcher} needs for one table or GSI: the matrix grid, the reports of consecutive sub-windows and,
 * optionally, the resource's own totals from which the other-keys row is estimated.
 *
 * @param index               the GSI, or null for the base table
 * @param sortKeyLevel        rows are partition + sort key (reports of SKC/SKT rules); pairs add up to their key's
 *                            units, so the other-keys row works the same
 * @param accessed            PKC or SKC reports
 * @param throttled           PKT or SKT reports
 * @param tableUnitsPerBucket null, or per column 3 × ConsumedWriteCapacityUnits Sum + ConsumedReadCapacityUnits Sum
 *                            (NaN where unknown)
 */
public record StitchRequest(
        Instant start,
        int bucketSeconds,
        int columns,
        String table,
        String index,
        boolean sortKeyLevel,
        List<RuleReport> accessed,
        List<RuleReport> throttled,
        double[] tableUnitsPerBucket) {

    public StitchRequest {
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(table, "table");
        if (bucketSeconds <= 0 || columns < 0) {
            throw new IllegalArgumentException("Invalid grid: " + columns + " columns of " + bucketSeconds + " s");
        }
        accessed = accessed == null ? List.of() : List.copyOf(accessed);
        throttled = throttled == null ? List.of() : List.copyOf(throttled);
        if (tableUnitsPerBucket != null) {
            if (tableUnitsPerBucket.length != columns) {
                throw new IllegalArgumentException("One table total per column expected: " + tableUnitsPerBucket.length
                        + " for " + columns + " columns");
            }
            tableUnitsPerBucket = tableUnitsPerBucket.clone();
        }
    }
}
