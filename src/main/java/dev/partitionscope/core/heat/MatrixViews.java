package dev.partitionscope.core.heat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Views of a {@link KeyTimeMatrix} as new matrices, so everything downstream ({@link RowBucketing}, {@link TopKeys},
 * the CSV export) works on a zoomed, merged, folded or throttle-valued matrix exactly as on a loaded one. Each keeps
 * the source's unit (unless it is the point of the view), provenance and qualities, and carries missing columns over
 * re-indexed, so a gap stays a gap. {@link Quality#MISSING_COLUMNS} follows the columns actually kept: a slice
 * without gaps does not warn of any.
 *
 * <p>Pure functions of immutable inputs: safe on any thread. Each costs one pass over the cells it keeps.
 */
public final class MatrixViews {

    private MatrixViews() {}

    /**
     * Only {@code keys} and the columns [{@code fromColumn}, {@code toColumnExclusive}): the semantic zoom to a
     * selection. Column 0 of the slice is {@code fromColumn} of the source, and the slice starts at its start time.
     * Every listed key that the matrix has gets a row, even without traffic in the window (the other-keys row too,
     * when listed); keys the matrix lacks are ignored.
     *
     * @throws IndexOutOfBoundsException when the columns are not a range within the matrix
     */
    public static KeyTimeMatrix slice(
            KeyTimeMatrix matrix, Collection<RowKey> keys, int fromColumn, int toColumnExclusive) {
        Objects.requireNonNull(matrix, "matrix");
        Objects.requireNonNull(keys, "keys");
        Objects.checkFromToIndex(fromColumn, toColumnExclusive, matrix.columns());
        KeyTimeMatrix.Builder b = KeyTimeMatrix.builder(
                matrix.columnStart(fromColumn),
                matrix.bucketSeconds(),
                toColumnExclusive - fromColumn,
                matrix.unit(),
                matrix.provenance());
        copyQualities(matrix, b);
        copyMissing(matrix, fromColumn, toColumnExclusive, b);
        for (RowKey key : keys) {
            int row = matrix.indexOf(Objects.requireNonNull(key, "key"));
            if (row < 0) {
                continue;
            }
            b.ensureRow(key);
            matrix.forEachCell(row, (column, value, throttles) -> {
                if (column >= fromColumn && column < toColumnExclusive) {
                    put(b, key, column - fromColumn, value, throttles);
                }
            });
        }
        return b.build();
    }

    /**
     * Several resources (a table and its indexes) in one matrix, e.g. to show them one above the other. Rows keep
     * their own table and index, so {@link RowBucketing} never merges keys of two resources into one row. Qualities
     * are the union; a column is missing when it is missing in any input, with the first input's reason.
     *
     * @throws IllegalArgumentException when the list is empty, the matrices differ in start, bucket width, columns,
     *                                  unit or provenance (the message names what differs), or a table or index
     *                                  appears in more than one of them (its rows would be counted twice)
     */
    public static KeyTimeMatrix merge(List<KeyTimeMatrix> matrices) {
        Objects.requireNonNull(matrices, "matrices");
        if (matrices.isEmpty()) {
            throw new IllegalArgumentException("Nothing to merge: no matrices");
        }
        KeyTimeMatrix first = Objects.requireNonNull(matrices.get(0), "matrix 0");
        for (int i = 1; i < matrices.size(); i++) {
            requireSameShape(first, Objects.requireNonNull(matrices.get(i), "matrix " + i), i);
        }
        KeyTimeMatrix.Builder b = KeyTimeMatrix.builder(
                first.start(), first.bucketSeconds(), first.columns(), first.unit(), first.provenance());
        Map<List<String>, Integer> owner = new HashMap<>(); // [table, index] -> the input it came from
        for (int i = 0; i < matrices.size(); i++) {
            KeyTimeMatrix m = matrices.get(i);
            copyQualities(m, b);
            copyMissing(m, 0, m.columns(), b);
            for (int r = 0; r < m.rowCount(); r++) {
                RowKey key = m.row(r);
                Integer was = owner.putIfAbsent(Arrays.asList(key.table(), key.index()), i);
                if (was != null && was != i) {
                    throw new IllegalArgumentException(key.resourceLabel() + " appears in matrices " + was + " and " + i
                            + ": merge takes each table or index once");
                }
                copyRow(m, r, key, b);
            }
        }
        return b.build();
    }

    private static void requireSameShape(KeyTimeMatrix a, KeyTimeMatrix b, int i) {
        List<String> differences = new ArrayList<>();
        if (!a.start().equals(b.start())) {
            differences.add("start " + a.start() + " vs " + b.start());
        }
        if (a.bucketSeconds() != b.bucketSeconds()) {
            differences.add("bucketSeconds " + a.bucketSeconds() + " vs " + b.bucketSeconds());
        }
        if (a.columns() != b.columns()) {
            differences.add("columns " + a.columns() + " vs " + b.columns());
        }
        if (a.unit() != b.unit()) {
            differences.add("unit " + a.unit() + " vs " + b.unit());
        }
        if (a.provenance() != b.provenance()) {
            differences.add("provenance " + a.provenance() + " vs " + b.provenance());
        }
        if (!differences.isEmpty()) {
            throw new IllegalArgumentException(
                    "Matrix " + i + " does not match matrix 0: " + String.join(", ", differences));
        }
    }

    /**
     * The same rows and columns with the throttle counts as values, in {@link MatrixUnit#THROTTLES_PER_MINUTE}, so
     * the heatmap can show where throttling happened instead of where traffic was. Throttles stay throttles too, so
     * throttled rows still keep rows of their own when bucketed. Every row is kept, with or without throttles.
     */
    public static KeyTimeMatrix throttlesAsValues(KeyTimeMatrix matrix) {
        Objects.requireNonNull(matrix, "matrix");
        KeyTimeMatrix.Builder b = KeyTimeMatrix.builder(
                matrix.start(),
                matrix.bucketSeconds(),
                matrix.columns(),
                MatrixUnit.THROTTLES_PER_MINUTE,
                matrix.provenance());
        copyQualities(matrix, b);
        copyMissing(matrix, 0, matrix.columns(), b);
        for (int r = 0; r < matrix.rowCount(); r++) {
            RowKey key = matrix.row(r);
            b.ensureRow(key);
            matrix.forEachCell(r, (column, value, throttles) -> put(b, key, column, (double) throttles, throttles));
        }
        return b.build();
    }

    /**
     * Write shards folded under their logical key: every row whose partition key {@code folding} reads as a shard
     * ({@code PENDING#3}) is added, cell by cell, values and throttles, into one row of the logical key
     * ({@code PENDING}) with the same table, index and sort key, unless the logical key is in {@code expanded}, whose
     * shard rows stay as they are. A row that already has the logical key as its partition key sums into the folded
     * row. Nothing folds across tables or indexes, and the other-keys rows are never touched.
     */
    public static KeyTimeMatrix foldShards(KeyTimeMatrix matrix, ShardFolding folding, Set<String> expanded) {
        Objects.requireNonNull(matrix, "matrix");
        Objects.requireNonNull(folding, "folding");
        Objects.requireNonNull(expanded, "expanded");
        KeyTimeMatrix.Builder b = KeyTimeMatrix.builder(
                matrix.start(), matrix.bucketSeconds(), matrix.columns(), matrix.unit(), matrix.provenance());
        copyQualities(matrix, b);
        copyMissing(matrix, 0, matrix.columns(), b);
        for (int r = 0; r < matrix.rowCount(); r++) {
            RowKey key = matrix.row(r);
            RowKey target = key;
            if (!key.other() && folding.shard(key.partitionKey()).isPresent()) {
                String logical = folding.logicalKey(key.partitionKey());
                if (!expanded.contains(logical)) {
                    target = RowKey.of(key.table(), key.index(), logical, key.sortKey());
                }
            }
            copyRow(matrix, r, target, b);
        }
        return b.build();
    }

    /**
     * One key's values and throttles per bucket, for a drill-down time series; all zeros (as many as the matrix has
     * columns) when the matrix has no such key. Missing columns read 0 too: check {@link KeyTimeMatrix#isMissing}.
     */
    public static KeySeries keySeries(KeyTimeMatrix matrix, RowKey key) {
        Objects.requireNonNull(matrix, "matrix");
        Objects.requireNonNull(key, "key");
        double[] values = new double[matrix.columns()];
        long[] throttles = new long[matrix.columns()];
        int row = matrix.indexOf(key);
        if (row >= 0) {
            matrix.forEachCell(row, (column, value, count) -> {
                values[column] = value;
                throttles[column] = count;
            });
        }
        return new KeySeries(values, throttles);
    }

    private static void copyRow(KeyTimeMatrix m, int row, RowKey target, KeyTimeMatrix.Builder b) {
        b.ensureRow(target);
        m.forEachCell(row, (column, value, throttles) -> put(b, target, column, value, throttles));
    }

    private static void put(KeyTimeMatrix.Builder b, RowKey key, int column, double value, long throttles) {
        if (value != 0) {
            b.add(key, column, value);
        }
        if (throttles != 0) {
            b.addThrottles(key, column, throttles);
        }
    }

    /** Every quality but {@link Quality#MISSING_COLUMNS}, which {@link #copyMissing} sets from the kept columns. */
    private static void copyQualities(KeyTimeMatrix m, KeyTimeMatrix.Builder b) {
        for (Quality q : m.qualities()) {
            if (q != Quality.MISSING_COLUMNS) {
                b.flag(q);
            }
        }
    }

    /** Marks the source's missing columns in [from, to) at their new position {@code column - from}. */
    private static void copyMissing(KeyTimeMatrix m, int from, int to, KeyTimeMatrix.Builder b) {
        for (int c = from; c < to; c++) {
            if (m.isMissing(c)) {
                b.markMissing(c - from, c - from + 1, m.missingReason(c));
            }
        }
    }
}
