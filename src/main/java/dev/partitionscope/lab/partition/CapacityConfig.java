package dev.partitionscope.lab.partition;

import java.util.Map;

/**
 * The capacity settings of one table and its GSIs, as CreateTable/UpdateTable set them. For provisioned tables the
 * read/write figures are the provisioned units per second; for on-demand tables they are the optional maximums
 * (negative = none set).
 */
public record CapacityConfig(
        String tableName,
        String tableArn,
        boolean onDemand,
        double readUnits,
        double writeUnits,
        Map<String, IndexCapacity> indexes) {

    /** A GSI's own capacity (LSIs share the table's and are not listed). */
    public record IndexCapacity(String indexArn, double readUnits, double writeUnits) {}

    public CapacityConfig {
        indexes = Map.copyOf(indexes);
    }
}
