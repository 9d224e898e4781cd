package dev.partitionscope.lab.meter;

/**
 * One closed minute of one {@link SpaceSaving} sketch: its monitored keys, heaviest first, with counts and error
 * bounds, plus the minute's totals. Immutable, so queries read it without holding the meter's lock.
 *
 * @param absentBound the most any key missing here can have had that minute (the sketch's smallest counter when
 *                    it had evicted; otherwise 0, every key seen being monitored exactly)
 * @param total       sum of all weights added that minute (all keys, monitored or not)
 * @param events      number of updates (requests) that minute
 */
record FrozenSketch(long minute, String[] pks, String[] sks, int[] hashes, double[] counts, double[] errors,
        double absentBound, double total, long events, double maxSingle, double minSingle) {

    int size() {
        return pks.length;
    }

    String sortKey(int i) {
        return sks == null ? null : sks[i];
    }
}
