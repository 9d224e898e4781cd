package dev.partitionscope.lab.meter;

import dev.partitionscope.core.sketch.SpaceSaving;
import java.util.ArrayList;
import java.util.List;

/**
 * One resource's heavy hitters of one kind (e.g. partition keys by consumed units): a live {@link SpaceSaving}
 * sketch for the current minute, frozen into a ring of closed minutes when the minute turns. Memory: one sketch
 * plus at most {@code keySlots} frozen minutes of at most {@code capacity} entries, whatever the key count.
 */
final class KeySketches {
    private final int capacity;
    private final boolean withSortKeys;
    private final FrozenSketch[] ring;
    private SpaceSaving live;
    private long liveMinute = Long.MIN_VALUE;

    KeySketches(int capacity, int slots, boolean withSortKeys) {
        this.capacity = capacity;
        this.withSortKeys = withSortKeys;
        this.ring = new FrozenSketch[slots];
    }

    void add(String pk, String sk, double weight, long minute) {
        if (minute != liveMinute) {
            roll(minute);
        }
        live.add(pk, sk, weight);
    }

    private void roll(long minute) {
        if (live == null) {
            live = new SpaceSaving(capacity);
        } else if (!live.isEmpty()) {
            ring[(int) Math.floorMod(liveMinute, (long) ring.length)] =
                    FrozenSketch.of(liveMinute, live.snapshot(withSortKeys));
            live.clear();
        }
        liveMinute = minute;
    }

    /** Closed and live minutes with data in {@code [fromMinute, toMinute)}, oldest first (call under the lock). */
    List<FrozenSketch> collect(long fromMinute, long toMinute, long nowMinute) {
        List<FrozenSketch> out = new ArrayList<>();
        long first = Math.max(fromMinute, nowMinute - ring.length + 1);
        long last = Math.min(toMinute - 1, nowMinute);
        for (long m = first; m <= last; m++) {
            if (m == liveMinute) {
                if (live != null && !live.isEmpty()) {
                    out.add(FrozenSketch.of(m, live.snapshot(withSortKeys)));
                }
                continue;
            }
            FrozenSketch f = ring[(int) Math.floorMod(m, (long) ring.length)];
            if (f != null && f.minute() == m) {
                out.add(f);
            }
        }
        return out;
    }

    /** Every minute still held, live one included, oldest first (for saving). */
    List<FrozenSketch> all() {
        List<FrozenSketch> out = new ArrayList<>();
        for (FrozenSketch f : ring) {
            if (f != null && f.minute() != liveMinute) {
                out.add(f);
            }
        }
        if (live != null && !live.isEmpty()) {
            out.add(FrozenSketch.of(liveMinute, live.snapshot(withSortKeys)));
        }
        out.sort(java.util.Comparator.comparingLong(FrozenSketch::minute));
        return out;
    }

    /** Puts a saved minute back as a closed minute. */
    void restore(FrozenSketch f) {
        ring[(int) Math.floorMod(f.minute(), (long) ring.length)] = f;
    }

    /** The live sketch, for tests. */
    SpaceSaving live() {
        return live;
    }
}
