package dev.partitionscope.lab.engine;

import java.util.Arrays;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.TreeMap;

/**
 * The partition keys of an {@link OrderedStore} in Scan order, kept in sorted runs of up to {@link #RUN} keys: a slot
 * in an array per key where a tree has an entry object (40 bytes, and one more object for the collector to copy and
 * for every insert's rebalancing to dirty). The runs are found by their first key in a small tree. A run is dropped
 * when its last key goes, never merged: after mass deletes the runs stay as many as the keys at their most, divided by
 * at least 64 (one array each), which is what the keys held then. Not thread-safe.
 */
final class PartitionOrder {
    /** The longest run; a full run is split in two. */
    static final int RUN = 128;

    private static final class Run {
        final StoreKey.Partition[] keys = new StoreKey.Partition[RUN];
        int n;
    }

    /** Each run by its first key. */
    private final TreeMap<StoreKey.Partition, Run> runs = new TreeMap<>();

    private int size;

    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    void clear() {
        runs.clear();
        size = 0;
    }

    /** Adds the key; false when it is there already. */
    boolean add(StoreKey.Partition key) {
        Map.Entry<StoreKey.Partition, Run> e = runs.floorEntry(key);
        if (e == null) {
            if (runs.isEmpty()) {
                Run run = new Run();
                run.keys[0] = key;
                run.n = 1;
                runs.put(key, run);
                size = 1;
                return true;
            }
            e = runs.firstEntry(); // before every key: the first run's new first key
        }
        Run run = e.getValue();
        int at = Arrays.binarySearch(run.keys, 0, run.n, key);
        if (at >= 0) {
            return false;
        }
        at = -at - 1;
        System.arraycopy(run.keys, at, run.keys, at + 1, run.n - at);
        run.keys[at] = key;
        run.n++;
        size++;
        if (at == 0) {
            runs.remove(e.getKey());
            runs.put(key, run);
        }
        if (run.n == RUN) {
            Run upper = new Run();
            int half = RUN / 2;
            System.arraycopy(run.keys, half, upper.keys, 0, RUN - half);
            Arrays.fill(run.keys, half, RUN, null);
            upper.n = RUN - half;
            run.n = half;
            runs.put(upper.keys[0], upper);
        }
        return true;
    }

    /** Removes the key; false when it was not there. */
    boolean remove(StoreKey.Partition key) {
        Map.Entry<StoreKey.Partition, Run> e = runs.floorEntry(key);
        if (e == null) {
            return false;
        }
        Run run = e.getValue();
        int at = Arrays.binarySearch(run.keys, 0, run.n, key);
        if (at < 0) {
            return false;
        }
        System.arraycopy(run.keys, at + 1, run.keys, at, run.n - at - 1);
        run.keys[--run.n] = null;
        size--;
        if (run.n == 0) {
            runs.remove(e.getKey());
        } else if (at == 0) {
            runs.remove(e.getKey());
            runs.put(run.keys[0], run);
        }
        return true;
    }

    /** The keys from {@code from} on (inclusive), in order; all of them when {@code from} is null. */
    Iterator<StoreKey.Partition> from(StoreKey.Partition from) {
        Map.Entry<StoreKey.Partition, Run> e = from == null ? null : runs.floorEntry(from);
        Iterator<Run> rest;
        Run first;
        int start;
        if (e == null) {
            rest = runs.values().iterator();
            first = rest.hasNext() ? rest.next() : null;
            start = 0;
        } else {
            rest = runs.tailMap(e.getKey(), false).values().iterator();
            first = e.getValue();
            int at = Arrays.binarySearch(first.keys, 0, first.n, from);
            start = at >= 0 ? at : -at - 1;
        }
        return new Iterator<>() {
            private Run run = first;
            private int next = start;

            @Override
            public boolean hasNext() {
                while (run != null && next >= run.n) {
                    run = rest.hasNext() ? rest.next() : null;
                    next = 0;
                }
                return run != null;
            }

            @Override
            public StoreKey.Partition next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                return run.keys[next++];
            }
        };
    }
}
