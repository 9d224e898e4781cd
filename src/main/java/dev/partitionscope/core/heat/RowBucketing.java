package dev.partitionscope.core.heat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * Turns a {@link KeyTimeMatrix} into the {@link HeatGrid} the heatmap draws, as the key visualizers of Bigtable,
 * Spanner and TiDB do: a day of 100,000 keys cannot get a pixel row each, but the keys that matter must. So rows
 * that throttled and the hottest rows (by peak rate) keep a row of their own, the other-keys row always does, and
 * runs of adjacent cold keys are merged into rows of roughly equal traffic until about {@code targetRows} remain.
 * Nothing is merged across a table or index, so a row never mixes two key spaces. Columns are
 * merged into equal-width groups when the view is narrower than the matrix; cells become rates so merged columns
 * read on the same scale as single buckets.
 *
 * <p>Pure function of immutable inputs: safe on any thread. Cost: O(non-empty cells + rows log rows).
 */
public final class RowBucketing {
    /** TiDB aims at 1,536 rows; a little under keeps a row at least a pixel high on a 1,600-pixel screen. */
    public static final int DEFAULT_ROWS = 1_500;
    /** Keep every column of the matrix. */
    public static final int ALL_COLUMNS = 0;
    /** Partition key, then sort key, in String order; a partition-key-only row before its sort keys. */
    public static final Comparator<RowKey> KEY_ORDER = RowBucketing::compareKeys;

    private RowBucketing() {}

    public static HeatGrid bucket(KeyTimeMatrix matrix) {
        return bucket(matrix, DEFAULT_ROWS, ALL_COLUMNS, KEY_ORDER);
    }

    public static HeatGrid bucket(KeyTimeMatrix matrix, int targetRows, int targetColumns) {
        return bucket(matrix, targetRows, targetColumns, KEY_ORDER);
    }

    /**
     * Buckets with keys in the hierarchical order of {@code separator} ({@link #keyOrder(char)}), so the separator the
     * user picks for the label columns also decides the row order, and the label bars stay contiguous.
     */
    public static HeatGrid bucket(KeyTimeMatrix matrix, int targetRows, int targetColumns, char separator) {
        return bucket(matrix, targetRows, targetColumns, keyOrder(separator));
    }

    /**
     * Partition key, then sort key, each in {@link KeyHierarchy#keyOrder(char)} order for {@code separator}
     * ({@code PENDING#2} before {@code PENDING#10} with {@code '#'}); a partition-key-only row before its sort keys.
     * Unlike {@link #KEY_ORDER}, which is plain String order, this matches the labels split on the same separator.
     */
    public static Comparator<RowKey> keyOrder(char separator) {
        Comparator<String> parts = Comparator.nullsFirst(KeyHierarchy.keyOrder(separator));
        return Comparator.comparing(RowKey::partitionKey, parts).thenComparing(RowKey::sortKey, parts);
    }

    /**
     * Merges a key-time matrix into a grid of about {@code targetRows} rows and at most {@code targetColumns} columns.
     *
     * @param targetRows    about how many rows to end with (within ±10 % unless more rows than that throttled or
     *                      are needed to keep resources apart); a matrix with no more rows is left unmerged
     * @param targetColumns at most how many columns to end with; {@link #ALL_COLUMNS} (or anything not below the
     *                      matrix's columns) keeps them all
     * @param order         display order of keys within one table or index; the other-keys row always comes last
     */
    public static HeatGrid bucket(KeyTimeMatrix matrix, int targetRows, int targetColumns, Comparator<RowKey> order) {
        Objects.requireNonNull(matrix, "matrix");
        Objects.requireNonNull(order, "order");
        if (targetRows <= 0) {
            throw new IllegalArgumentException("targetRows must be positive: " + targetRows);
        }
        if (targetColumns < 0) {
            throw new IllegalArgumentException("targetColumns must not be negative: " + targetColumns);
        }
        // The matrix decodes a key on each row() call, so fetch each once rather than in every comparison.
        RowKey[] byRow = new RowKey[matrix.rowCount()];
        for (int r = 0; r < byRow.length; r++) {
            byRow[r] = matrix.row(r);
        }
        int[] display = displayOrder(byRow, order);
        List<RowKey> keys = new ArrayList<>(display.length);
        for (int r : display) {
            keys.add(byRow[r]);
        }
        List<HeatRow> rows = RowGroups.of(matrix, display, keys, targetRows);
        return GridFill.fill(matrix, display, keys, rows, targetColumns);
    }

    private static int[] displayOrder(RowKey[] byRow, Comparator<RowKey> order) {
        Integer[] boxed = new Integer[byRow.length];
        for (int i = 0; i < boxed.length; i++) {
            boxed[i] = i;
        }
        Arrays.sort(boxed, (a, b) -> {
            RowKey x = byRow[a];
            RowKey y = byRow[b];
            int c = compareResources(x, y);
            return c != 0 ? c : order.compare(x, y);
        });
        int[] display = new int[boxed.length];
        for (int i = 0; i < display.length; i++) {
            display[i] = boxed[i];
        }
        return display;
    }

    // Written out rather than composed from Comparator.comparing: sorting 100,000 keys makes ~1.7 M comparisons,
    // and the composed chain (boxing the other flag, four levels of lambdas) cost about half the bucketing time.
    /** Table, then base table before its indexes, then the other-keys row last within each. */
    private static int compareResources(RowKey a, RowKey b) {
        int c = compareNullsFirst(a.table(), b.table());
        if (c == 0) {
            c = compareNullsFirst(a.index(), b.index());
        }
        return c != 0 ? c : Boolean.compare(a.other(), b.other());
    }

    private static int compareKeys(RowKey a, RowKey b) {
        int c = compareNullsFirst(a.partitionKey(), b.partitionKey());
        return c != 0 ? c : compareNullsFirst(a.sortKey(), b.sortKey());
    }

    @SuppressWarnings("ReferenceEquality") // identity fast path; equal strings still compare to 0 below
    private static int compareNullsFirst(String a, String b) {
        if (a == b) { // the same instance: tables and indexes usually are
            return 0;
        }
        if (a == null || b == null) {
            return a == null ? -1 : 1;
        }
        return a.compareTo(b);
    }

    static boolean sameResource(RowKey a, RowKey b) {
        return a.table().equals(b.table()) && Objects.equals(a.index(), b.index());
    }
}
