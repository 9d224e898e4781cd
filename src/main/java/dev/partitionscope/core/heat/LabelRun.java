package dev.partitionscope.core.heat;

import java.util.Objects;

/**
 * One bar in a label column of the heatmap: rows {@code [fromRow, toRowExclusive)} share {@code text} and sit under
 * one parent bar, so the view draws the label once instead of once per row (as the key visualizers of Bigtable and
 * TiDB do). An empty text marks rows that have no label in that column.
 */
public record LabelRun(int fromRow, int toRowExclusive, String text) {

    public LabelRun {
        Objects.requireNonNull(text, "text");
        if (fromRow < 0 || toRowExclusive <= fromRow) {
            throw new IllegalArgumentException(
                    "A label run covers at least one row: [" + fromRow + ", " + toRowExclusive + ")");
        }
    }

    public int rows() {
        return toRowExclusive - fromRow;
    }
}
