package dev.partitionscope.core.metrics;

import java.util.Objects;

/**
 * A table or one of its global secondary indexes: the unit CloudWatch reports DynamoDB metrics and Contributor
 * Insights rules for. GSIs have their own capacity and throttle on their own, so every view keeps them apart.
 */
public record Resource(String table, String index) {
    public Resource {
        Objects.requireNonNull(table, "table");
    }

    public static Resource table(String table) {
        return new Resource(table, null);
    }

    public static Resource index(String table, String index) {
        return new Resource(table, index);
    }

    public boolean isTable() {
        return index == null;
    }

    /** "orders (table)" or "byStatus (GSI)". */
    public String label() {
        return index == null ? table + " (table)" : index + " (GSI)";
    }
}
