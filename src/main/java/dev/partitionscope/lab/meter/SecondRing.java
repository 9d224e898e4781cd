package dev.partitionscope.lab.meter;

import java.util.ArrayList;
import java.util.List;

/**
 * The last N seconds of one resource, for the live view: a ring of slots reused as time moves on, so it costs the
 * same memory after a week as after a minute.
 */
final class SecondRing {
    private final long[] ids;
    private final double[] read;
    private final double[] write;
    private final long[] readThrottles;
    private final long[] writeThrottles;
    private final long[] throttledRequests;
    private final long[] requests;
    private long curSecond = Long.MIN_VALUE;
    private int cur;

    SecondRing(int seconds) {
        ids = new long[seconds];
        java.util.Arrays.fill(ids, Long.MIN_VALUE);
        read = new double[seconds];
        write = new double[seconds];
        readThrottles = new long[seconds];
        writeThrottles = new long[seconds];
        throttledRequests = new long[seconds];
        requests = new long[seconds];
    }

    /** The slot of a second, cleared when it last held an older second. */
    int slot(long second) {
        if (second == curSecond) {
            return cur;
        }
        int s = (int) Math.floorMod(second, (long) ids.length);
        if (ids[s] != second) {
            ids[s] = second;
            read[s] = 0;
            write[s] = 0;
            readThrottles[s] = 0;
            writeThrottles[s] = 0;
            throttledRequests[s] = 0;
            requests[s] = 0;
        }
        curSecond = second;
        cur = s;
        return s;
    }

    void read(long second, double units) {
        read[slot(second)] += units;
    }

    void write(long second, double units) {
        write[slot(second)] += units;
    }

    void throttleEvent(long second, boolean isWrite) {
        int s = slot(second);
        if (isWrite) {
            writeThrottles[s]++;
        } else {
            readThrottles[s]++;
        }
    }

    void request(long second, boolean throttled) {
        int s = slot(second);
        requests[s]++;
        if (throttled) {
            throttledRequests[s]++;
        }
    }

    /** Seconds {@code (now - n, now]}, oldest first; seconds without traffic are zeros. */
    List<SecondStats> last(long nowSecond) {
        int n = ids.length;
        List<SecondStats> out = new ArrayList<>(n);
        for (long sec = nowSecond - n + 1; sec <= nowSecond; sec++) {
            int s = (int) Math.floorMod(sec, (long) n);
            if (ids[s] == sec) {
                out.add(new SecondStats(
                        sec * 1000,
                        read[s],
                        write[s],
                        readThrottles[s],
                        writeThrottles[s],
                        throttledRequests[s],
                        requests[s]));
            } else {
                out.add(new SecondStats(sec * 1000, 0, 0, 0, 0, 0, 0));
            }
        }
        return out;
    }
}
