package dev.partitionscope.core.heat;

import java.util.Objects;

/**
 * One row of the heatmap: a single key, or a run of adjacent cold keys of one table or index merged so that a day of
 * 100,000 keys fits on a screen. Members are {@code keys().subList(fromKey, toKey)} of the {@link HeatGrid}, so the
 * tooltip can name the start and end key and a click can list everything behind a merged row.
 *
 * @param index   the GSI, or null for the base table
 * @param first   the first member in display order
 * @param last    the last member in display order (the same as {@code first} for a row of one key)
 * @param fromKey the first member's position in {@link HeatGrid#keys()}
 * @param toKey   one past the last member's position in {@link HeatGrid#keys()}
 * @param other   true for the other-keys row, which is never merged with anything
 */
public record HeatRow(String table, String index, RowKey first, RowKey last, int fromKey, int toKey, boolean other) {

    public HeatRow {
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(first, "first");
        Objects.requireNonNull(last, "last");
        if (toKey <= fromKey) {
            throw new IllegalArgumentException("A row needs at least one key: [" + fromKey + ", " + toKey + ")");
        }
        if (other && toKey - fromKey != 1) {
            throw new IllegalArgumentException("The other-keys row is never merged");
        }
    }

    public int memberCount() {
        return toKey - fromKey;
    }

    /** True when the row stands for more than one key: its values are the sum of its members. */
    public boolean merged() {
        return memberCount() > 1;
    }

    /** "orders" or "orders · byStatus". */
    public String resourceLabel() {
        return first.resourceLabel();
    }

    /** "PENDING" for one key, "A … K" for a merged row. */
    public String label() {
        return merged() ? first.label() + " … " + last.label() : first.label();
    }
}
