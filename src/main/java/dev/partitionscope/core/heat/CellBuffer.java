package dev.partitionscope.core.heat;

import java.util.Arrays;

/**
 * The growing cells of one row while a matrix is built. Adds usually arrive in column order, so they are appended
 * (merging into the last cell when the column repeats); out-of-order adds are sorted and merged before the buffer
 * grows, which keeps its size close to the number of distinct cells however often a cell is added to.
 */
final class CellBuffer {
    private int[] columns = new int[2];
    private double[] values = new double[2];
    private long[] throttles; // allocated on the first throttle: most rows never throttle
    private int size;
    private boolean sorted = true; // columns strictly ascending

    void add(int column, double value, long throttleCount) {
        if (size > 0 && columns[size - 1] == column) {
            values[size - 1] += value;
            addThrottles(size - 1, throttleCount);
            return;
        }
        if (size == columns.length) {
            makeRoom();
        }
        if (size > 0 && column < columns[size - 1]) {
            sorted = false;
        }
        columns[size] = column;
        values[size] = value;
        if (throttles != null) {
            throttles[size] = 0; // compaction leaves stale cells past the end
        }
        size++;
        addThrottles(size - 1, throttleCount);
    }

    private void addThrottles(int at, long count) {
        if (count == 0) {
            return;
        }
        if (throttles == null) {
            throttles = new long[columns.length];
        }
        throttles[at] += count;
    }

    private void makeRoom() {
        if (!sorted) {
            compact();
            if (size < columns.length * 3 / 4) {
                return;
            }
        }
        int capacity = Math.max(4, columns.length * 2);
        columns = Arrays.copyOf(columns, capacity);
        values = Arrays.copyOf(values, capacity);
        if (throttles != null) {
            throttles = Arrays.copyOf(throttles, capacity);
        }
    }

    /** Sorts by column and merges repeated columns. */
    void compact() {
        if (!sorted) {
            // Sort (column, position) pairs packed into longs: a primitive sort, no boxing, and stable.
            long[] order = new long[size];
            for (int i = 0; i < size; i++) {
                order[i] = ((long) columns[i] << 32) | i;
            }
            Arrays.sort(order);
            int[] c = new int[columns.length];
            double[] v = new double[columns.length];
            long[] t = throttles == null ? null : new long[columns.length];
            for (int i = 0; i < size; i++) {
                int from = (int) order[i];
                c[i] = columns[from];
                v[i] = values[from];
                if (t != null) {
                    t[i] = throttles[from];
                }
            }
            columns = c;
            values = v;
            throttles = t;
        }
        int out = 0;
        for (int i = 0; i < size; i++) {
            if (out > 0 && columns[out - 1] == columns[i]) {
                values[out - 1] += values[i];
                if (throttles != null) {
                    throttles[out - 1] += throttles[i];
                }
                continue;
            }
            columns[out] = columns[i];
            values[out] = values[i];
            if (throttles != null) {
                throttles[out] = throttles[i];
            }
            out++;
        }
        size = out;
        sorted = true;
    }

    int size() {
        return size;
    }

    int column(int i) {
        return columns[i];
    }

    double value(int i) {
        return values[i];
    }

    long throttle(int i) {
        return throttles == null ? 0 : throttles[i];
    }
}
