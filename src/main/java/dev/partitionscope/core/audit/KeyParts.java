package dev.partitionscope.core.audit;

import dev.partitionscope.core.heat.KeyHierarchy;

/**
 * One key split into parts, each with the {@link ValueKind} its text shows. The separators are the heatmap's
 * ({@link KeyHierarchy#SEPARATORS}): {@code #} and {@code |} always split; {@code :} and {@code .} split only keys
 * that have neither, and never between two digits, so {@code 3.5}, {@code 10.0.0.1} and the times inside
 * {@code 2026-06-22T01:00:00.123Z} stay whole while {@code user:42:profile} splits. One exception, as in the
 * heatmap's shard folding: a {@code .} right after a day or hour bucket always splits, because
 * {@code 2026-09-06.17} is seed 002's day plus a write shard. {@code _} and {@code -} never split:
 * {@code OPS_LOG} and {@code brand-abc-123} are one part each. A key with more than {@link #MAX_PARTS} parts keeps
 * the rest in its last part, which bounds the shapes a stream of odd keys can make.
 */
final class KeyParts {
    static final int MAX_PARTS = 8;

    private final String key;
    private final int count;
    private final int[] from;
    private final int[] to;
    private final char[] separators;
    private final ValueKind[] kinds;

    private KeyParts(String key, int count, int[] from, int[] to, char[] separators) {
        this.key = key;
        this.count = count;
        this.from = from;
        this.to = to;
        this.separators = separators;
        this.kinds = new ValueKind[count];
        for (int i = 0; i < count; i++) {
            kinds[i] = classify(key, from[i], to[i]);
        }
    }

    static KeyParts of(String key) {
        boolean strong = key.indexOf('#') >= 0 || key.indexOf('|') >= 0;
        int[] from = new int[MAX_PARTS];
        int[] to = new int[MAX_PARTS];
        char[] separators = new char[MAX_PARTS];
        int n = 0;
        int start = 0;
        int len = key.length();
        for (int i = 0; i < len && n < MAX_PARTS - 1; i++) {
            char c = key.charAt(i);
            if (splits(key, c, i, start, strong)) {
                from[n] = start;
                to[n] = i;
                n++;
                separators[n] = c;
                start = i + 1;
            }
        }
        from[n] = start;
        to[n] = len;
        return new KeyParts(key, n + 1, from, to, separators);
    }

    private static boolean splits(String key, char c, int i, int start, boolean strong) {
        if (c == '#' || c == '|') {
            return true;
        }
        if (c != '.' && c != ':') {
            return false;
        }
        boolean betweenDigits =
                i > 0 && i + 1 < key.length() && isDigit(key.charAt(i - 1)) && isDigit(key.charAt(i + 1));
        if (betweenDigits) {
            if (c == ':') {
                return false; // 01:00 is a time
            }
            ValueKind before = classify(key, start, i);
            return before == ValueKind.DATE || before == ValueKind.HOUR;
        }
        return !strong;
    }

    int count() {
        return count;
    }

    String key() {
        return key;
    }

    String part(int i) {
        return key.substring(from[i], to[i]);
    }

    ValueKind kind(int i) {
        return kinds[i];
    }

    /** The separator before part {@code i} (0 for the first part). */
    char separator(int i) {
        return separators[i];
    }

    /**
     * Whether the first part names a kind of item ({@code ORDER}, {@code OPS_LOG}, {@code PENDING}) rather than
     * an id: text without digits. Such parts keep patterns apart; {@code brand-abc-123} or {@code user42} do not.
     */
    boolean tagged() {
        if (kinds[0] != ValueKind.TEXT || to[0] == from[0] || to[0] - from[0] > 64) {
            return false;
        }
        for (int i = from[0]; i < to[0]; i++) {
            if (isDigit(key.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /** The kinds and separators, which is what keys of one shape share: {@code TEXT#UUID}. */
    @SuppressWarnings("EnumOrdinal") // one letter per kind, only compared within one run, never stored
    String shape() {
        StringBuilder sb = new StringBuilder(count * 2);
        for (int i = 0; i < count; i++) {
            if (i > 0) {
                sb.append(separators[i]);
            }
            sb.append((char) ('A' + kinds[i].ordinal()));
        }
        return sb.toString();
    }

    /**
     * The key as a template without statistics, for sort keys: a first part that {@link #tagged names a kind} stays
     * literal, every other part is its kind ({@code BRAND#<timestamp>#<uuid>}, {@code <timestamp>#<text>}). Items
     * whose sort keys read alike are the same kind of item.
     */
    String signature() {
        StringBuilder sb = new StringBuilder(32);
        for (int i = 0; i < count; i++) {
            if (i > 0) {
                sb.append(separators[i]);
            }
            if (i == 0 && count > 1 && tagged()) {
                sb.append(key, from[0], to[0]);
            } else {
                sb.append(kinds[i].placeholder());
            }
        }
        return sb.toString();
    }

    /** The kind a part's text shows: one of TEXT, NUMBER, UUID, HEX, DATE, MONTH, HOUR, TIMESTAMP. */
    static ValueKind classify(String s, int from, int to) {
        int n = to - from;
        if (n == 0) {
            return ValueKind.TEXT;
        }
        if (allDigits(s, from, to)) {
            return ValueKind.NUMBER;
        }
        if (n >= 7 && digits(s, from, 4) && s.charAt(from + 4) == '-' && digits(s, from + 5, 2) && month(s, from + 5)) {
            if (n == 7) {
                return ValueKind.MONTH;
            }
            if (n >= 10 && s.charAt(from + 7) == '-' && digits(s, from + 8, 2) && day(s, from + 8)) {
                if (n == 10) {
                    return ValueKind.DATE;
                }
                if (n >= 13 && s.charAt(from + 10) == 'T' && digits(s, from + 11, 2)) {
                    if (n == 13) {
                        return ValueKind.HOUR;
                    }
                    if (n >= 16 && s.charAt(from + 13) == ':' && digits(s, from + 14, 2)) {
                        return ValueKind.TIMESTAMP;
                    }
                }
            }
        }
        if (n == 36 && isUuid(s, from)) {
            return ValueKind.UUID;
        }
        if (n >= 8 && isHex(s, from, to)) {
            return ValueKind.HEX;
        }
        return ValueKind.TEXT;
    }

    private static boolean isUuid(String s, int from) {
        for (int i = 0; i < 36; i++) {
            char c = s.charAt(from + i);
            boolean dash = i == 8 || i == 13 || i == 18 || i == 23;
            if (dash ? c != '-' : hexDigit(c) < 0) {
                return false;
            }
        }
        return true;
    }

    /** Hex digits of one case, at least one digit and one letter: {@code deadbeef} alone is a word. */
    private static boolean isHex(String s, int from, int to) {
        boolean digit = false;
        boolean lower = false;
        boolean upper = false;
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (isDigit(c)) {
                digit = true;
            } else if (c >= 'a' && c <= 'f') {
                lower = true;
            } else if (c >= 'A' && c <= 'F') {
                upper = true;
            } else {
                return false;
            }
        }
        return digit && lower != upper;
    }

    private static int hexDigit(char c) {
        return Character.digit(c, 16);
    }

    private static boolean month(String s, int at) {
        int m = (s.charAt(at) - '0') * 10 + s.charAt(at + 1) - '0';
        return m >= 1 && m <= 12;
    }

    private static boolean day(String s, int at) {
        int d = (s.charAt(at) - '0') * 10 + s.charAt(at + 1) - '0';
        return d >= 1 && d <= 31;
    }

    private static boolean digits(String s, int from, int n) {
        return allDigits(s, from, from + n);
    }

    private static boolean allDigits(String s, int from, int to) {
        for (int i = from; i < to; i++) {
            if (!isDigit(s.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
