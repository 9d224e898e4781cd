package dev.partitionscope.core.heat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Decides which keys share a heatmap row. Kept apart from the cell arithmetic because this is the part with
 * judgement in it: which rows count as hot, and how the remaining row budget is shared among runs of cold keys.
 */
final class RowGroups {
    /** At most this share of the row budget goes to the hottest rows; the rest shows the cold key space. */
    private static final int HOT_SHARE_DIVISOR = 4;

    private RowGroups() {}

    /** Rows over {@code keys} (display order; {@code display[i]} is the matrix row of {@code keys.get(i)}). */
    static List<HeatRow> of(KeyTimeMatrix m, int[] display, List<RowKey> keys, int targetRows) {
        int n = display.length;
        if (n <= targetRows) {
            List<HeatRow> rows = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                rows.add(row(keys, i, i + 1));
            }
            return rows;
        }
        boolean[] own = ownRows(m, display, keys, targetRows);
        int kept = 0;
        for (boolean b : own) {
            kept += b ? 1 : 0;
        }
        List<int[]> runs = coldRuns(keys, own); // [from, to) in display order
        double[] runWeight = new double[runs.size()];
        double coldTraffic = 0;
        for (int i = 0; i < runs.size(); i++) {
            for (int p = runs.get(i)[0]; p < runs.get(i)[1]; p++) {
                runWeight[i] += m.rowTotal(display[p]);
            }
            coldTraffic += runWeight[i];
        }
        if (coldTraffic == 0) { // nothing to balance: equal counts instead
            for (int i = 0; i < runs.size(); i++) {
                runWeight[i] = runs.get(i)[1] - runs.get(i)[0];
            }
        }
        int[] groups = share(runs, runWeight, Math.max(runs.size(), targetRows - kept));

        List<HeatRow> rows = new ArrayList<>(kept + Math.max(runs.size(), targetRows - kept));
        int run = 0;
        for (int p = 0; p < n; ) {
            if (own[p]) {
                rows.add(row(keys, p, p + 1));
                p++;
                continue;
            }
            int[] r = runs.get(run);
            split(m, display, keys, r[0], r[1], groups[run], rows);
            p = r[1];
            run++;
        }
        return rows;
    }

    /** Rows that are never merged: the other-keys rows, rows that throttled, and the hottest rows by peak. */
    private static boolean[] ownRows(KeyTimeMatrix m, int[] display, List<RowKey> keys, int targetRows) {
        int n = display.length;
        boolean[] own = new boolean[n];
        int forced = 0;
        for (int p = 0; p < n; p++) {
            own[p] = keys.get(p).other() || m.rowThrottles(display[p]) > 0;
            forced += own[p] ? 1 : 0;
        }
        int hot = Math.max(0, Math.min(targetRows / HOT_SHARE_DIVISOR, targetRows - forced));
        // The matrix has one bucket width, so ranking by peak is ranking by peak per minute.
        double[] peaks = new double[n];
        int candidates = 0;
        for (int p = 0; p < n; p++) {
            if (!own[p] && m.rowPeak(display[p]) > 0) {
                peaks[candidates++] = m.rowPeak(display[p]);
            }
        }
        hot = Math.min(hot, candidates);
        if (hot == 0) {
            return own;
        }
        Arrays.sort(peaks, 0, candidates);
        double threshold = peaks[candidates - hot];
        int above = 0;
        for (int i = candidates - hot; i < candidates; i++) {
            above += peaks[i] > threshold ? 1 : 0;
        }
        int ties = hot - above; // rows at exactly the threshold that still fit, first in display order
        for (int p = 0; p < n; p++) {
            double peak = m.rowPeak(display[p]);
            if (own[p] || peak < threshold || peak == 0) {
                continue;
            }
            if (peak > threshold) {
                own[p] = true;
            } else if (ties > 0) {
                own[p] = true;
                ties--;
            }
        }
        return own;
    }

    /** Maximal runs of adjacent mergeable keys, each within one table or index. */
    private static List<int[]> coldRuns(List<RowKey> keys, boolean[] own) {
        List<int[]> runs = new ArrayList<>();
        int from = -1;
        for (int p = 0; p <= own.length; p++) {
            boolean breaks =
                    p == own.length || own[p] || (from >= 0 && !RowBucketing.sameResource(keys.get(from), keys.get(p)));
            if (breaks && from >= 0) {
                runs.add(new int[] {from, p});
                from = -1;
            }
            if (p < own.length && !own[p] && from < 0) {
                from = p;
            }
        }
        return runs;
    }

    /** Shares {@code budget} rows among runs in proportion to weight; each run gets 1 to its length. */
    private static int[] share(List<int[]> runs, double[] weight, int budget) {
        int count = runs.size();
        int[] groups = new int[count];
        double totalWeight = 0;
        for (double w : weight) {
            totalWeight += w;
        }
        int extra = budget - count;
        int given = 0;
        double[] remainder = new double[count];
        for (int i = 0; i < count; i++) {
            int room = runs.get(i)[1] - runs.get(i)[0] - 1;
            double quota = totalWeight > 0 ? extra * weight[i] / totalWeight : 0;
            int whole = (int) Math.min(room, Math.floor(quota));
            groups[i] = 1 + whole;
            remainder[i] = whole < room ? quota - whole : -1;
            given += groups[i];
        }
        if (given < budget) { // largest remainders first
            Integer[] order = new Integer[count];
            for (int i = 0; i < count; i++) {
                order[i] = i;
            }
            Arrays.sort(order, (a, b) -> Double.compare(remainder[b], remainder[a]));
            for (int i = 0; i < count && given < budget; i++) {
                if (remainder[order[i]] >= 0) {
                    groups[order[i]]++;
                    given++;
                }
            }
            // Runs that hit their length leave budget over (e.g. one heavy key between hot ones): spend it where
            // there is room, so the row count still lands near the target.
            for (int i = 0; i < count && given < budget; i++) {
                int more = Math.min(budget - given, runs.get(i)[1] - runs.get(i)[0] - groups[i]);
                groups[i] += more;
                given += more;
            }
        }
        return groups;
    }

    /** Splits [from, to) into {@code groups} contiguous rows of about equal traffic (equal counts when idle). */
    private static void split(
            KeyTimeMatrix m, int[] display, List<RowKey> keys, int from, int to, int groups, List<HeatRow> out) {
        int len = to - from;
        double[] cumulative = new double[len + 1];
        for (int i = 0; i < len; i++) {
            cumulative[i + 1] = cumulative[i] + m.rowTotal(display[from + i]);
        }
        boolean byCount = cumulative[len] == 0;
        double total = byCount ? len : cumulative[len];
        int start = 0;
        int j = 0;
        for (int g = 1; g <= groups; g++) {
            int end;
            if (g == groups) {
                end = len;
            } else {
                double cut = total * g / groups;
                while (j < len && (byCount ? j : cumulative[j]) < cut) {
                    j++;
                }
                end = Math.max(start + 1, Math.min(j, len - (groups - g))); // every group keeps at least one key
            }
            out.add(row(keys, from + start, from + end));
            start = end;
        }
    }

    private static HeatRow row(List<RowKey> keys, int from, int to) {
        RowKey first = keys.get(from);
        return new HeatRow(first.table(), first.index(), first, keys.get(to - 1), from, to, first.other());
    }
}
