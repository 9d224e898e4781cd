package dev.partitionscope.core.heat;

import java.util.List;

/**
 * A semantic zoom: the keys and the bucket range [fromColumn, toColumn) of the full matrix that the heatmap
 * re-buckets on its own, so a selection of 40 keys × 10 minutes gets whole rows and columns instead of being
 * magnified pixels. {@code keys} null means every key.
 */
public record HeatZoom(List<RowKey> keys, int fromColumn, int toColumn) {
    public HeatZoom {
        if (fromColumn < 0 || toColumn <= fromColumn) {
            throw new IllegalArgumentException(
                    "a zoom covers at least one column: [" + fromColumn + ", " + toColumn + ")");
        }
        keys = keys == null ? null : List.copyOf(keys);
    }

    /** Every key over the whole range of a matrix with {@code columns} buckets. */
    public static HeatZoom all(int columns) {
        return new HeatZoom(null, 0, columns);
    }

    /**
     * The same zoom after the range moved by {@code buckets} (positive: the new range starts that many buckets
     * later, so the same minutes sit that many columns to the left), clamped to a matrix of {@code columns}; null
     * when none of its minutes are left.
     */
    public HeatZoom shifted(int buckets, int columns) {
        int from = Math.max(0, fromColumn - buckets);
        int to = Math.min(columns, toColumn - buckets);
        return to <= from ? null : new HeatZoom(keys, from, to);
    }

    public boolean allKeys() {
        return keys == null;
    }

    public int columns() {
        return toColumn - fromColumn;
    }
}
