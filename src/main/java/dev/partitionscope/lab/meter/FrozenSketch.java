package dev.partitionscope.lab.meter;

import dev.partitionscope.core.sketch.SpaceSaving;

/**
 * One closed minute of one {@link SpaceSaving} sketch: its monitored keys, heaviest first, with counts and error
 * bounds, plus the minute's totals. Immutable, so queries read it without holding the meter's lock.
 *
 * @param absentBound the most any key missing here can have had that minute (the sketch's smallest counter when
 *                    it had evicted; otherwise 0, every key seen being monitored exactly)
 * @param total       sum of all weights added that minute (all keys, monitored or not)
 * @param events      number of updates (requests) that minute
 */
record FrozenSketch(
        long minute,
        String[] pks,
        String[] sks,
        int[] hashes,
        double[] counts,
        double[] errors,
        double absentBound,
        double total,
        long events,
        double maxSingle,
        double minSingle) {

    /** The minute {@code minute} of a sketch, as {@link SpaceSaving#snapshot} copied it. */
    static FrozenSketch of(long minute, SpaceSaving.Snapshot s) {
        return new FrozenSketch(
                minute,
                s.pks(),
                s.sks(),
                s.hashes(),
                s.counts(),
                s.errors(),
                s.absentBound(),
                s.total(),
                s.events(),
                s.maxSingle(),
                s.minSingle());
    }

    int size() {
        return pks.length;
    }

    String sortKey(int i) {
        return sks == null ? null : sks[i];
    }
}
