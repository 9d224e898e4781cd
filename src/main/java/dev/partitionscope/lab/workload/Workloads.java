package dev.partitionscope.lab.workload;

import java.time.Duration;
import java.util.Locale;

/** Small shared helpers of the workload package: how numbers and durations read in captions and on the CLI. */
public final class Workloads {
    private Workloads() {}

    /** {@code 900}, {@code 1,500}, {@code 62.5}. */
    public static String number(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return String.format(Locale.ROOT, "%,d", (long) v);
        }
        return String.format(Locale.ROOT, "%,.1f", v);
    }

    /** {@code 45 s}, {@code 5 min}, {@code 1 h 30 min}. */
    public static String duration(Duration d) {
        long s = d.toSeconds();
        if ((s < 120 && s % 60 != 0) || s < 60) {
            return s + " s";
        }
        long h = s / 3600;
        long m = s % 3600 / 60;
        long rest = s % 60;
        StringBuilder sb = new StringBuilder();
        if (h > 0) {
            sb.append(h).append(" h");
        }
        if (m > 0) {
            sb.append(sb.length() > 0 ? " " : "").append(m).append(" min");
        }
        if (rest > 0) {
            sb.append(sb.length() > 0 ? " " : "").append(rest).append(" s");
        }
        return sb.toString();
    }

    /**
     * Reads {@code 300}, {@code 300s}, {@code 5m}, {@code 1h}, {@code 1h30m} or an ISO-8601 duration
     * ({@code PT5M}).
     *
     * @throws IllegalArgumentException with a message that shows the accepted forms
     */
    public static Duration parseDuration(String text) {
        String t = text == null ? "" : text.strip().toLowerCase(Locale.ROOT).replace(" ", "");
        Duration d = null;
        try {
            if (t.startsWith("p")) {
                d = Duration.parse(t.toUpperCase(Locale.ROOT));
            } else if (t.matches("\\d+")) {
                d = Duration.ofSeconds(Long.parseLong(t));
            } else {
                java.util.regex.Matcher m = java.util.regex.Pattern.compile(
                                "(?:(\\d+)h)?(?:(\\d+)(?:m|min))?(?:(\\d+)s)?")
                        .matcher(t);
                if (!t.isEmpty() && m.matches()) {
                    d = Duration.ofSeconds(group(m, 1) * 3600 + group(m, 2) * 60 + group(m, 3));
                }
            }
        } catch (RuntimeException e) {
            d = null; // the message below says what is accepted
        }
        if (d != null) {
            return positive(d, text);
        }
        throw new IllegalArgumentException(
                "'" + text + "' is not a duration; write seconds (300) or 90s, 5m, 1h," + " 1h30m");
    }

    private static long group(java.util.regex.Matcher m, int g) {
        return m.group(g) == null ? 0 : Long.parseLong(m.group(g));
    }

    private static Duration positive(Duration d, String text) {
        if (d.isZero() || d.isNegative()) {
            throw new IllegalArgumentException("'" + text + "': a duration must be above zero");
        }
        return d;
    }
}
