package dev.partitionscope.core.heat;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

/**
 * The heatmap's row labels: partition keys read as a hierarchy split on a separator, as the key visualizers of
 * Bigtable, Spanner and TiDB show them. {@code THREAT#brand-abc#2026-06} sits under {@code THREAT} › {@code brand-abc},
 * so a hot brand stands out as one tall bar rather than a run of look-alike strings; write shards
 * ({@code PENDING#3}, {@code 2026-09-06.17}) fold under their logical key, whose sum is what hits the ceiling.
 */
public final class KeyHierarchy {
    /** The separators tried, in the order that breaks ties. */
    public static final String SEPARATORS = "#|:.";

    public static final char DEFAULT_SEPARATOR = '#';
    /** The most label columns the heatmap shows; the last one holds the rest of the key. */
    public static final int MAX_COLUMNS = 4;

    private KeyHierarchy() {}

    /**
     * The separator that splits the most keys cleanly (at least two parts, none empty), ties broken in the order
     * of {@link #SEPARATORS}; {@link #DEFAULT_SEPARATOR} when none does. A {@code .} or {@code :} between two digits
     * ({@code 3.5}, {@code 10.0.0.1}, {@code 2026-09-06.17}, {@code 01:00}) only counts when no other separator
     * splits any key, so numbers, addresses and times inside {@code #}-keys do not make {@code .} win, while keys
     * made only of dotted shards ({@code 2014-07-09.17}) still split on it. One linear pass: 100,000 keys take
     * milliseconds, so nothing is sampled and the answer does not depend on the key order.
     */
    public static char detectSeparator(Collection<String> keys) {
        int n = SEPARATORS.length();
        int[] clean = new int[n];
        int[] strong = new int[n];
        for (String key : keys) {
            for (int s = 0; s < n; s++) {
                int split = split(key, SEPARATORS.charAt(s));
                if (split > 0) {
                    clean[s]++;
                }
                if (split > 1) {
                    strong[s]++;
                }
            }
        }
        int best = -1;
        int bestScore = 0;
        for (int s = 0; s < n; s++) {
            int score = digitSensitive(s) && otherPresent(s, clean, strong) ? strong[s] : clean[s];
            if (score > bestScore) {
                best = s;
                bestScore = score;
            }
        }
        return best < 0 ? DEFAULT_SEPARATOR : SEPARATORS.charAt(best);
    }

    private static boolean digitSensitive(int s) {
        char c = SEPARATORS.charAt(s);
        return c == '.' || c == ':';
    }

    /** Whether a separator other than {@code s} splits some key, not counting its digit-only occurrences. */
    private static boolean otherPresent(int s, int[] clean, int[] strong) {
        for (int t = 0; t < clean.length; t++) {
            if (t != s && (digitSensitive(t) ? strong[t] : clean[t]) > 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * 0 when {@code separator} does not split {@code key} into at least two non-empty parts, 2 when it does and at
     * least one occurrence is not between two digits, 1 when every occurrence is between two digits.
     */
    private static int split(String key, char separator) {
        int len = key.length();
        boolean found = false;
        boolean strong = false;
        for (int i = key.indexOf(separator); i >= 0; i = key.indexOf(separator, i + 1)) {
            if (i == 0 || i == len - 1 || key.charAt(i + 1) == separator) {
                return 0;
            }
            found = true;
            if (!isDigit(key.charAt(i - 1)) || !isDigit(key.charAt(i + 1))) {
                strong = true;
            }
        }
        return !found ? 0 : strong ? 2 : 1;
    }

    /**
     * Up to {@code maxColumns} labels of {@code key}: the first {@code maxColumns − 1} parts, then the rest of the
     * key as the last ({@code A#B#C#D#E} with 4 gives {@code [A, B, C, D#E]}). A key without the separator is one
     * label.
     */
    public static List<String> labels(String key, char separator, int maxColumns) {
        if (maxColumns < 1 || maxColumns > MAX_COLUMNS) {
            throw new IllegalArgumentException(
                    "The heatmap shows 1 to " + MAX_COLUMNS + " label columns, not " + maxColumns);
        }
        List<String> labels = new ArrayList<>(maxColumns);
        int from = 0;
        while (labels.size() < maxColumns - 1) {
            int at = key.indexOf(separator, from);
            if (at < 0) {
                break;
            }
            labels.add(key.substring(from, at));
            from = at + 1;
        }
        labels.add(key.substring(from));
        return List.copyOf(labels);
    }

    /** The write shards among {@code keys}; see {@link ShardFolding}. */
    public static ShardFolding detectShards(Collection<String> keys, char separator) {
        return ShardFolding.detect(keys, separator);
    }

    /**
     * The bars of each label column for rows in display order: per column, runs of adjacent equal labels. A run
     * also ends wherever the column to its left changes, so {@code A › x} and {@code B › x} are two bars. Every
     * row is covered in every column; rows with fewer labels get runs with empty text there.
     */
    public static List<List<LabelRun>> labelRuns(List<List<String>> rowLabels) {
        int rows = rowLabels.size();
        int columns = 0;
        for (List<String> labels : rowLabels) {
            columns = Math.max(columns, labels.size());
        }
        boolean[] breakBefore = new boolean[rows]; // a parent column changes between row r − 1 and r
        List<List<LabelRun>> result = new ArrayList<>(columns);
        for (int c = 0; c < columns; c++) {
            List<LabelRun> runs = new ArrayList<>();
            int from = 0;
            for (int r = 1; r <= rows; r++) {
                if (r < rows && !breakBefore[r] && label(rowLabels, r, c).equals(label(rowLabels, r - 1, c))) {
                    continue;
                }
                runs.add(new LabelRun(from, r, label(rowLabels, from, c)));
                if (r < rows) {
                    breakBefore[r] = true;
                }
                from = r;
            }
            result.add(List.copyOf(runs));
        }
        return List.copyOf(result);
    }

    private static String label(List<List<String>> rowLabels, int row, int column) {
        List<String> labels = rowLabels.get(row);
        return column < labels.size() ? labels.get(column) : "";
    }

    /**
     * Display order: part by part, a key that runs out of parts first; parts made only of digits compare as numbers
     * ({@code PENDING#2} before {@code PENDING#10}) and before any other part, other parts by code point, which is
     * UTF-8 byte order, the order DynamoDB keeps keys in. Numbers go first rather than among the strings because a
     * mixed comparison ({@code 9} < {@code 10} but {@code 10} < {@code 1a} < {@code 9}) would not be an order.
     * Keys whose parts are equal as numbers ({@code 02}, {@code 2}) fall back to code point order of the whole key.
     */
    public static Comparator<String> keyOrder(char separator) {
        return (a, b) -> {
            int ia = 0;
            int ib = 0;
            while (true) {
                int ea = a.indexOf(separator, ia);
                int eb = b.indexOf(separator, ib);
                ea = ea < 0 ? a.length() : ea;
                eb = eb < 0 ? b.length() : eb;
                int c = comparePart(a, ia, ea, b, ib, eb);
                if (c != 0) {
                    return c;
                }
                boolean aEnds = ea == a.length();
                boolean bEnds = eb == b.length();
                if (aEnds || bEnds) {
                    return aEnds && bEnds ? compareCodePoints(a, 0, a.length(), b, 0, b.length()) : aEnds ? -1 : 1;
                }
                ia = ea + 1;
                ib = eb + 1;
            }
        };
    }

    private static int comparePart(String a, int fa, int ta, String b, int fb, int tb) {
        boolean na = isNumber(a, fa, ta);
        boolean nb = isNumber(b, fb, tb);
        if (na != nb) {
            return na ? -1 : 1;
        }
        if (!na) {
            return compareCodePoints(a, fa, ta, b, fb, tb);
        }
        while (fa < ta - 1 && a.charAt(fa) == '0') {
            fa++;
        }
        while (fb < tb - 1 && b.charAt(fb) == '0') {
            fb++;
        }
        if (ta - fa != tb - fb) {
            return Integer.compare(ta - fa, tb - fb);
        }
        return compareCodePoints(a, fa, ta, b, fb, tb);
    }

    private static boolean isNumber(String s, int from, int to) {
        if (from == to) {
            return false;
        }
        for (int i = from; i < to; i++) {
            if (!isDigit(s.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /** Code point order without decoding: UTF-16 order except that surrogates rank above U+E000..U+FFFF. */
    private static int compareCodePoints(String a, int fa, int ta, String b, int fb, int tb) {
        int n = Math.min(ta - fa, tb - fb);
        for (int i = 0; i < n; i++) {
            char x = a.charAt(fa + i);
            char y = b.charAt(fb + i);
            if (x != y) {
                return Integer.compare(rank(x), rank(y));
            }
        }
        return Integer.compare(ta - fa, tb - fb);
    }

    private static int rank(char c) {
        if (c >= 0xE000) {
            return c - 0x800;
        }
        return c >= 0xD800 ? c + 0x2000 : c;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
