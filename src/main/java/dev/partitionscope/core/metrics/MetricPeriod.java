package dev.partitionscope.core.metrics;

import java.time.Duration;
import java.time.Instant;

/**
 * Picks the GetMetricData period for a window. CloudWatch keeps 1-minute data for 15 days, 5-minute data for 63 days
 * and 1-hour data beyond, and a chart does not need more than about a day's worth of minutes per series, so the
 * period is the smallest round value that both retention and the point budget allow.
 */
public final class MetricPeriod {
    /** At most this many points per series: a day at one minute. */
    public static final int MAX_POINTS = 1_440;

    private static final int[] CANDIDATES = {60, 120, 300, 600, 900, 1_800, 3_600, 7_200, 10_800, 21_600, 43_200, 86_400
    };
    private static final Duration ONE_MINUTE_RETENTION = Duration.ofDays(15);
    private static final Duration FIVE_MINUTE_RETENTION = Duration.ofDays(63);

    private MetricPeriod() {}

    /** The coarsest resolution CloudWatch still holds for data starting at {@code start}, in seconds. */
    public static int retentionMinimum(Instant start, Instant now) {
        Duration age = Duration.between(start, now);
        if (age.compareTo(ONE_MINUTE_RETENTION) <= 0) {
            return 60;
        }
        return age.compareTo(FIVE_MINUTE_RETENTION) <= 0 ? 300 : 3_600;
    }

    /** The period in seconds (a multiple of 60, and of the retention minimum) for [start, end) seen at {@code now}. */
    public static int choose(Instant start, Instant end, Instant now) {
        int minimum = retentionMinimum(start, now);
        long seconds = Math.max(60, Duration.between(start, end).toSeconds());
        long forPoints = (seconds + MAX_POINTS - 1) / MAX_POINTS;
        for (int c : CANDIDATES) {
            if (c >= minimum && c % minimum == 0 && c >= forPoints) {
                return c;
            }
        }
        return CANDIDATES[CANDIDATES.length - 1];
    }

    /** "1 min", "5 min", "1 h", "1 d". */
    public static String label(int periodSeconds) {
        if (periodSeconds % 86_400 == 0) {
            return periodSeconds / 86_400 + " d";
        }
        if (periodSeconds % 3_600 == 0) {
            return periodSeconds / 3_600 + " h";
        }
        if (periodSeconds % 60 == 0) {
            return periodSeconds / 60 + " min";
        }
        return periodSeconds + " s";
    }
}
