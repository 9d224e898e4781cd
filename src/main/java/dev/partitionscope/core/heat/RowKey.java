package dev.partitionscope.core.heat;

import java.util.Objects;

/**
 * One row of the key × time view: a partition key (optionally with its sort key) of a table or GSI, or the synthetic
 * "other keys" row that holds the traffic no listed key accounts for. Key values are strings, as Contributor Insights
 * reports them, so the same row can come from a report, the lab meter or a scan.
 *
 * @param index        the GSI, or null for the base table
 * @param partitionKey null only on the other-keys row
 * @param sortKey      null for a partition-key-level row
 * @param other        true for the synthetic other-keys row of {@code table}/{@code index}
 */
public record RowKey(String table, String index, String partitionKey, String sortKey, boolean other) {

    public RowKey {
        Objects.requireNonNull(table, "table");
        if (other && (partitionKey != null || sortKey != null)) {
            throw new IllegalArgumentException("The other-keys row carries no key values");
        }
        if (!other) {
            Objects.requireNonNull(partitionKey, "partitionKey");
        }
    }

    public static RowKey of(String table, String index, String partitionKey) {
        return new RowKey(table, index, partitionKey, null, false);
    }

    public static RowKey of(String table, String index, String partitionKey, String sortKey) {
        return new RowKey(table, index, partitionKey, sortKey, false);
    }

    public static RowKey other(String table, String index) {
        return new RowKey(table, index, null, null, true);
    }

    /** "PENDING", "PENDING / 2026-06-22#17" or "(other keys)". */
    public String label() {
        if (other) {
            return "(other keys)";
        }
        return sortKey == null ? partitionKey : partitionKey + " / " + sortKey;
    }

    /** "orders" or "orders · byStatus". */
    public String resourceLabel() {
        return index == null ? table : table + " · " + index;
    }
}
