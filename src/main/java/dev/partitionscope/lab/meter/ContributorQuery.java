package dev.partitionscope.lab.meter;

import dev.partitionscope.core.sketch.SpaceSaving;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Merges per-minute sketches into a {@link ContributorReport}. Two passes over the minutes' entries: the first sums
 * every key (and folds per-period values for MAXIMUM and the per-period figures) in an open-addressing table with
 * no per-key objects; the second, remembering which slot each entry went to, fills the datapoints of the chosen
 * few. Linear in the number of entries (24 h of full 1,000-counter minutes is 1.44 M), and laid out for the cache:
 * a key's figures sit together in one array and the table holds the hashes, so an entry costs about two cache
 * lines. Runs without the meter's lock: frozen sketches are immutable.
 */
final class ContributorQuery {
    // Per-slot figures, STRIDE doubles per slot.
    private static final int SUM = 0;
    private static final int MAX = 1;
    private static final int OVER = 2;
    private static final int PRESENT_ABSENT = 3;
    private static final int PERIOD_VALUE = 4;
    private static final int PERIOD = 5;
    private static final int STRIDE = 6;

    private String[] pks;
    private String[] sks;
    private double[] st;
    /** hash << 32 | slot + 1; 0 = empty. */
    private long[] table;

    private int mask;
    private int size;

    private ContributorQuery(int expected) {
        int n = Math.max(16, expected);
        pks = new String[n];
        sks = new String[n];
        st = new double[n * STRIDE];
        int cap = Integer.highestOneBit(n * 2 - 1) << 1;
        table = new long[cap];
        mask = cap - 1;
    }

    static ContributorReport run(
            ResourceId resource,
            KeyKind kind,
            InsightMetric metric,
            long fromMillis,
            long toMillis,
            long periodSeconds,
            int maxContributors,
            OrderBy orderBy,
            List<FrozenSketch> minutes) {
        long fromMinute = Math.floorDiv(fromMillis, 60_000L);
        int periodMinutes = (int) (periodSeconds / 60);
        // Periods count from the start minute; arrays cover only the periods that can hold data (the range may
        // reach far beyond the retained minutes).
        long firstPeriod = minutes.isEmpty() ? 0 : (minutes.get(0).minute() - fromMinute) / periodMinutes;
        long lastPeriod =
                minutes.isEmpty() ? 0 : (minutes.get(minutes.size() - 1).minute() - fromMinute) / periodMinutes;
        int periods = (int) (lastPeriod - firstPeriod + 1);
        int entries = 0;
        for (FrozenSketch m : minutes) {
            entries += m.size();
        }
        // Sized for distinct keys, not entries (the same keys recur minute after minute); it grows when needed.
        ContributorQuery q = new ContributorQuery(Math.min(entries, 1 << 14));
        long[] unique = new long[periods];
        double[] maxContributor = new double[periods];
        long[] samples = new long[periods];
        double[] periodSum = new double[periods];
        double[] minSingle = new double[periods];
        double[] maxSingle = new double[periods];
        boolean[] hasData = new boolean[periods];
        Arrays.fill(minSingle, Double.POSITIVE_INFINITY);
        int[][] slots = new int[minutes.size()][];
        double totalAbsent = 0;
        double aggregate = 0;

        for (int mi = 0; mi < minutes.size(); mi++) {
            FrozenSketch m = minutes.get(mi);
            int p = (int) ((m.minute() - fromMinute) / periodMinutes - firstPeriod);
            hasData[p] = true;
            samples[p] += m.events();
            periodSum[p] += m.total();
            minSingle[p] = Math.min(minSingle[p], m.minSingle());
            maxSingle[p] = Math.max(maxSingle[p], m.maxSingle());
            double absent = m.absentBound();
            totalAbsent += absent;
            aggregate += m.total();
            String[] mpks = m.pks();
            int[] mh = m.hashes();
            double[] mc = m.counts();
            double[] me = m.errors();
            int[] s = new int[m.size()];
            for (int i = 0; i < s.length; i++) {
                int slot = q.slot(mpks[i], m.sortKey(i), mh[i]);
                s[i] = slot;
                double[] a = q.st;
                int b = slot * STRIDE;
                double c = mc[i];
                a[b + SUM] += c;
                a[b + OVER] += me[i];
                a[b + PRESENT_ABSENT] += absent;
                if (a[b + PERIOD] != p) {
                    q.fold(slot, unique, maxContributor);
                    a[b + PERIOD] = p;
                }
                a[b + PERIOD_VALUE] += c;
            }
            slots[mi] = s;
        }
        for (int slot = 0; slot < q.size; slot++) {
            q.fold(slot, unique, maxContributor);
        }

        int[] top = q.top(Math.min(maxContributors, q.size), orderBy == OrderBy.SUM ? SUM : MAX);
        int[] rank = new int[q.size];
        Arrays.fill(rank, -1);
        for (int i = 0; i < top.length; i++) {
            rank[top[i]] = i;
        }
        double[][] values = new double[top.length][periods];
        double[][] errors = new double[top.length][periods];
        boolean[][] present = new boolean[top.length][periods];
        for (int mi = 0; mi < minutes.size(); mi++) {
            FrozenSketch m = minutes.get(mi);
            int p = (int) ((m.minute() - fromMinute) / periodMinutes - firstPeriod);
            int[] s = slots[mi];
            for (int i = 0; i < s.length; i++) {
                int r = rank[s[i]];
                if (r >= 0) {
                    values[r][p] += m.counts()[i];
                    errors[r][p] += m.errors()[i];
                    present[r][p] = true;
                }
            }
        }

        long periodMillis = periodSeconds * 1000;
        long start = fromMinute * 60_000L + firstPeriod * periodMillis;
        List<ContributorReport.Contributor> contributors = new ArrayList<>(top.length);
        for (int r = 0; r < top.length; r++) {
            int slot = top[r];
            int b = slot * STRIDE;
            List<ContributorReport.Datapoint> dps = new ArrayList<>();
            for (int p = 0; p < periods; p++) {
                if (present[r][p]) {
                    dps.add(new ContributorReport.Datapoint(start + p * periodMillis, values[r][p], errors[r][p]));
                }
            }
            List<String> keys = q.sks[slot] == null || kind == KeyKind.PARTITION_KEY
                    ? List.of(q.pks[slot])
                    : List.of(q.pks[slot], q.sks[slot]);
            contributors.add(new ContributorReport.Contributor(
                    keys, q.st[b + SUM], q.st[b + MAX], q.st[b + OVER], totalAbsent - q.st[b + PRESENT_ABSENT], dps));
        }
        List<ContributorReport.PeriodStats> stats = new ArrayList<>();
        for (int p = 0; p < periods; p++) {
            if (hasData[p]) {
                stats.add(new ContributorReport.PeriodStats(
                        start + p * periodMillis,
                        unique[p],
                        maxContributor[p],
                        samples[p],
                        periodSum[p],
                        minSingle[p],
                        maxSingle[p]));
            }
        }
        return new ContributorReport(
                resource,
                kind,
                metric,
                fromMillis,
                toMillis,
                periodSeconds,
                orderBy,
                kind == KeyKind.PARTITION_KEY ? 1 : 2,
                aggregate,
                q.size,
                contributors,
                stats);
    }

    /** Closes a key's running period value into its maximum and the period's figures. */
    private void fold(int slot, long[] unique, double[] maxContributor) {
        int b = slot * STRIDE;
        int p = (int) st[b + PERIOD];
        if (p < 0) {
            return;
        }
        double v = st[b + PERIOD_VALUE];
        if (v > st[b + MAX]) {
            st[b + MAX] = v;
        }
        if (v > maxContributor[p]) {
            maxContributor[p] = v;
        }
        unique[p]++;
        st[b + PERIOD_VALUE] = 0;
        st[b + PERIOD] = -1;
    }

    private int slot(String pk, String sk, int h) {
        int i = h & mask;
        while (true) {
            long t = table[i];
            if (t == 0) {
                break;
            }
            int e = (int) t - 1;
            if ((int) (t >>> 32) == h && pk.equals(pks[e]) && Objects.equals(sk, sks[e])) {
                return e;
            }
            i = (i + 1) & mask;
        }
        if (size == pks.length) {
            grow();
            return slot(pk, sk, h);
        }
        int e = size++;
        pks[e] = pk;
        sks[e] = sk;
        st[e * STRIDE + PERIOD] = -1;
        table[i] = (long) h << 32 | (e + 1);
        return e;
    }

    /** Doubles the slots and the table (kept at load ≤ 1/2). */
    private void grow() {
        int n = pks.length * 2;
        pks = Arrays.copyOf(pks, n);
        sks = Arrays.copyOf(sks, n);
        st = Arrays.copyOf(st, n * STRIDE);
        table = new long[table.length * 2];
        mask = table.length - 1;
        for (int e = 0; e < size; e++) {
            int h = SpaceSaving.hash(pks[e], sks[e]);
            int i = h & mask;
            while (table[i] != 0) {
                i = (i + 1) & mask;
            }
            table[i] = (long) h << 32 | (e + 1);
        }
    }

    /**
     * The best n slots by one figure, best first; ties go to the smaller key text, so reports are stable. A
     * bounded insertion list: n is small (AWS allows 25), the key count may be in the millions.
     */
    private int[] top(int n, int figure) {
        int[] best = new int[n];
        int count = 0;
        for (int slot = 0; slot < size; slot++) {
            if (count == n && !better(figure, slot, best[n - 1])) {
                continue;
            }
            int i = count < n ? count++ : n - 1;
            while (i > 0 && better(figure, slot, best[i - 1])) {
                best[i] = best[i - 1];
                i--;
            }
            best[i] = slot;
        }
        return best;
    }

    private boolean better(int figure, int a, int b) {
        int c = Double.compare(st[a * STRIDE + figure], st[b * STRIDE + figure]);
        if (c != 0) {
            return c > 0;
        }
        c = pks[a].compareTo(pks[b]);
        if (c != 0) {
            return c < 0;
        }
        return String.valueOf(sks[a]).compareTo(String.valueOf(sks[b])) < 0;
    }
}
