package dev.partitionscope.lab.streams;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * One shard of a stream: a hash range {@code [lo, hi)} (unsigned; {@code hi == 0} stands for 2^64) of the base table,
 * its records in sequence order, and whether it is closed. Records are trimmed from the head as they pass retention.
 * Guarded by its stream's lock, except {@link #readers}.
 */
final class Shard {
    final String id;
    final String parentId;
    final long lo;
    final long hi;
    final long createdMillis;
    /** The first sequence number of the shard (taken when it opened; every record's is higher). */
    final long startSeq;
    /** GetRecords calls reading this shard right now. */
    final AtomicInteger readers = new AtomicInteger();

    private StreamRecord[] records = new StreamRecord[16];
    private int head;
    private int size;
    private long lastSeq;
    private long trimmedUpTo;
    private boolean closed;
    private long closedMillis;
    private long endSeq;

    Shard(String id, String parentId, long lo, long hi, long createdMillis, long startSeq) {
        this.id = id;
        this.parentId = parentId;
        this.lo = lo;
        this.hi = hi;
        this.createdMillis = createdMillis;
        this.startSeq = startSeq;
        this.lastSeq = startSeq;
    }

    boolean contains(long hash) {
        return Long.compareUnsigned(hash, lo) >= 0 && (hi == 0 || Long.compareUnsigned(hash, hi) < 0);
    }

    void add(StreamRecord r) {
        int end = head + size;
        if (end == records.length) {
            if (head > records.length / 2) {
                System.arraycopy(records, head, records, 0, size);
                java.util.Arrays.fill(records, size, end, null);
                head = 0;
            } else {
                records = java.util.Arrays.copyOf(records, records.length * 2);
            }
        }
        records[head + size++] = r;
        lastSeq = r.seq;
    }

    /** Drops the records made at or before {@code cutoffMillis}. */
    void trim(long cutoffMillis) {
        while (size > 0 && records[head].millis <= cutoffMillis) {
            trimmedUpTo = records[head].seq;
            records[head++] = null;
            size--;
        }
        if (size == 0) {
            head = 0;
        }
    }

    void close(long millis) {
        closed = true;
        closedMillis = millis;
        endSeq = lastSeq;
    }

    boolean closed() {
        return closed;
    }

    long closedMillis() {
        return closedMillis;
    }

    long endSeq() {
        return endSeq;
    }

    long lastSeq() {
        return lastSeq;
    }

    /** The highest sequence number trimmed away (0 when none). */
    long trimmedUpTo() {
        return trimmedUpTo;
    }

    int size() {
        return size;
    }

    /** The index (0 = oldest kept) of the first record with a sequence number of at least {@code seq}. */
    int indexFrom(long seq) {
        int a = 0;
        int b = size;
        while (a < b) {
            int m = (a + b) >>> 1;
            if (records[head + m].seq < seq) {
                a = m + 1;
            } else {
                b = m;
            }
        }
        return a;
    }

    StreamRecord get(int index) {
        return records[head + index];
    }
}
