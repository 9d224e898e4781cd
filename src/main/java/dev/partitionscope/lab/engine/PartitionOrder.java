package dev.partitionscope.lab.engine;

import java.util.Arrays;
import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * The partition keys of an {@link OrderedStore} in Scan order, kept in sorted runs of up to {@link #RUN} keys: a slot
 * in an array per key where a tree has an entry object (40 bytes, and one more object for the collector to copy and
 * for every insert's rebalancing to dirty). Each run keeps its keys' digests beside them, and the runs are found by
 * their first digests in one sorted array: a search compares numbers in arrays and looks at a key object only when
 * two digests are equal. (With a tree of runs and the keys compared in place, finding where a new key of a million
 * goes visited ~30 objects scattered over the heap, ~1.5 µs of a PutItem's time under its table's lock.) A run is
 * dropped when its last key goes, never merged: after mass deletes the runs stay as many as the keys at their most,
 * divided by at least 64 (two arrays each), which is what the keys held then. Not thread-safe.
 */
final class PartitionOrder {
    /** The longest run; a full run is split in two. */
    static final int RUN = 128;

    private static final class Run {
        final StoreKey.Partition[] keys = new StoreKey.Partition[RUN];
        /** {@code keys[i].hash()}, read without visiting the key. */
        final long[] hashes = new long[RUN];

        int n;

        void set(int i, StoreKey.Partition key) {
            keys[i] = key;
            hashes[i] = key.hash();
        }

        /** The key's index, or {@code -(insertion point) - 1} when it is not here (as Arrays.binarySearch). */
        int search(StoreKey.Partition key) {
            long h = key.hash();
            int lo = 0;
            int hi = n - 1;
            while (lo <= hi) {
                int mid = (lo + hi) >>> 1;
                int c = Long.compareUnsigned(hashes[mid], h);
                if (c == 0) {
                    c = keys[mid].compareTo(key);
                }
                if (c < 0) {
                    lo = mid + 1;
                } else if (c > 0) {
                    hi = mid - 1;
                } else {
                    return mid;
                }
            }
            return -(lo + 1);
        }
    }

    /** The runs in order, {@code runCount} of them; {@code firstHashes[i]} is the digest of run i's first key. */
    private Run[] runs = new Run[16];

    private long[] firstHashes = new long[16];
    private int runCount;
    private int size;

    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    void clear() {
        runs = new Run[16];
        firstHashes = new long[16];
        runCount = 0;
        size = 0;
    }

    /** The index of the last run whose first key is at or before {@code key}, or -1 when every run's is after it. */
    private int floorRun(StoreKey.Partition key) {
        long h = key.hash();
        int lo = 0;
        int hi = runCount - 1;
        int found = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int c = Long.compareUnsigned(firstHashes[mid], h);
            if (c == 0) {
                c = runs[mid].keys[0].compareTo(key);
            }
            if (c <= 0) {
                found = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return found;
    }

    private void insertRun(int at, Run run) {
        if (runCount == runs.length) {
            runs = Arrays.copyOf(runs, runCount * 2);
            firstHashes = Arrays.copyOf(firstHashes, runCount * 2);
        }
        System.arraycopy(runs, at, runs, at + 1, runCount - at);
        System.arraycopy(firstHashes, at, firstHashes, at + 1, runCount - at);
        runs[at] = run;
        firstHashes[at] = run.hashes[0];
        runCount++;
    }

    private void removeRun(int at) {
        System.arraycopy(runs, at + 1, runs, at, runCount - at - 1);
        System.arraycopy(firstHashes, at + 1, firstHashes, at, runCount - at - 1);
        runs[--runCount] = null;
    }

    /** Adds the key; false when it is there already. */
    boolean add(StoreKey.Partition key) {
        int r = floorRun(key);
        if (r < 0) {
            if (runCount == 0) {
                Run run = new Run();
                run.set(0, key);
                run.n = 1;
                insertRun(0, run);
                size = 1;
                return true;
            }
            r = 0; // before every key: the first run's new first key
        }
        Run run = runs[r];
        int at = run.search(key);
        if (at >= 0) {
            return false;
        }
        at = -at - 1;
        System.arraycopy(run.keys, at, run.keys, at + 1, run.n - at);
        System.arraycopy(run.hashes, at, run.hashes, at + 1, run.n - at);
        run.set(at, key);
        run.n++;
        size++;
        if (at == 0) {
            firstHashes[r] = run.hashes[0];
        }
        if (run.n == RUN) {
            Run upper = new Run();
            int half = RUN / 2;
            System.arraycopy(run.keys, half, upper.keys, 0, RUN - half);
            System.arraycopy(run.hashes, half, upper.hashes, 0, RUN - half);
            Arrays.fill(run.keys, half, RUN, null);
            upper.n = RUN - half;
            run.n = half;
            insertRun(r + 1, upper);
        }
        return true;
    }

    /** Removes the key; false when it was not there. */
    boolean remove(StoreKey.Partition key) {
        int r = floorRun(key);
        if (r < 0) {
            return false;
        }
        Run run = runs[r];
        int at = run.search(key);
        if (at < 0) {
            return false;
        }
        System.arraycopy(run.keys, at + 1, run.keys, at, run.n - at - 1);
        System.arraycopy(run.hashes, at + 1, run.hashes, at, run.n - at - 1);
        run.keys[--run.n] = null;
        size--;
        if (run.n == 0) {
            removeRun(r);
        } else if (at == 0) {
            firstHashes[r] = run.hashes[0];
        }
        return true;
    }

    /** The keys from {@code from} on (inclusive), in order; all of them when {@code from} is null. */
    Iterator<StoreKey.Partition> from(StoreKey.Partition from) {
        int r = from == null ? -1 : floorRun(from);
        int firstRun;
        int start;
        if (r < 0) {
            firstRun = 0;
            start = 0;
        } else {
            firstRun = r;
            int at = runs[r].search(from);
            start = at >= 0 ? at : -at - 1;
        }
        return new Iterator<>() {
            private int run = firstRun;
            private int next = start;

            @Override
            public boolean hasNext() {
                while (run < runCount && next >= runs[run].n) {
                    run++;
                    next = 0;
                }
                return run < runCount;
            }

            @Override
            public StoreKey.Partition next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                return runs[run].keys[next++];
            }
        };
    }
}
