package dev.partitionscope.core.scheme;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.random.RandomGenerator;

/**
 * The suffix functions of the scheme grammar, one place for each formula so the UI, the CLI, the Lab's workloads
 * and generated code agree. Numeric suffixes are 1..N. Time buckets are UTC and read like the seeds' code:
 * {@code timestamp.slice(0, 13)} (hour), {@code slice(0, 10)} (day), {@code slice(0, 7)} (month).
 */
public final class Suffixes {
    private Suffixes() {}

    /** {@code random:N}: uniform in 1..N. */
    public static int random(RandomGenerator random, int n) {
        return random.nextInt(n) + 1;
    }

    /**
     * {@code sum:N}: (sum of the id's Unicode code points) mod N, + 1 — seed 002's {@code sufijo}
     * ({@code [...id].reduce((a, c) => a + c.codePointAt(0), 0) % N + 1}), code points rather than UTF-16 units.
     */
    public static int sum(String id, int n) {
        long sum = 0;
        for (int i = 0; i < id.length(); ) {
            int cp = id.codePointAt(i);
            sum += cp;
            i += Character.charCount(cp);
        }
        return (int) Math.floorMod(sum, (long) n) + 1;
    }

    /**
     * {@code product:N}: AWS's calculated suffix, "the product of the UTF-8 code point values for the characters in
     * the order ID, modulo 200, + 1" with N for 200. Computed exactly (the product reduced mod N at every step),
     * which is what the formula means; beware that it collapses: any id whose code points contain N's prime
     * factors often enough gives 0, so every UUID lands on suffix 1 with N = 200 ('-' is 45 = 9 × 5 and half the
     * hex digits are even).
     */
    public static int product(String id, int n) {
        long acc = 1 % n;
        for (int i = 0; i < id.length(); ) {
            int cp = id.codePointAt(i);
            acc = acc * (cp % n) % n;
            i += Character.charCount(cp);
        }
        return (int) acc + 1;
    }

    /** {@code hash:N}: MurmurHash3 x86_32 (seed 0) of the id's UTF-8 bytes, unsigned, mod N, + 1. */
    public static int hash(String id, int n) {
        return (int) (Murmur3.unsigned(id) % n) + 1;
    }

    /** The time bucket of an instant, UTC: {@code 2026-06-22T01}, {@code 2026-06-22} or {@code 2026-06}. */
    public static String bucket(KeyScheme.Bucket unit, long epochMillis) {
        ZonedDateTime t = Instant.ofEpochMilli(epochMillis).atZone(ZoneOffset.UTC);
        StringBuilder sb = new StringBuilder(13);
        int year = t.getYear();
        if (year < 1000) {
            sb.append(String.format("%04d", year));
        } else {
            sb.append(year);
        }
        sb.append('-');
        two(sb, t.getMonthValue());
        if (unit == KeyScheme.Bucket.MONTH) {
            return sb.toString();
        }
        sb.append('-');
        two(sb, t.getDayOfMonth());
        if (unit == KeyScheme.Bucket.DAY) {
            return sb.toString();
        }
        sb.append('T');
        two(sb, t.getHour());
        return sb.toString();
    }

    /** The start of the bucket that holds {@code epochMillis} (to step back over earlier buckets). */
    public static long bucketStart(KeyScheme.Bucket unit, long epochMillis) {
        ZonedDateTime t = Instant.ofEpochMilli(epochMillis).atZone(ZoneOffset.UTC);
        ZonedDateTime start =
                switch (unit) {
                    case HOUR -> t.withMinute(0).withSecond(0).withNano(0);
                    case DAY -> t.toLocalDate().atStartOfDay(ZoneOffset.UTC);
                    case MONTH -> t.toLocalDate().withDayOfMonth(1).atStartOfDay(ZoneOffset.UTC);
                };
        return start.toInstant().toEpochMilli();
    }

    /** The start of the bucket {@code back} buckets before the one holding {@code epochMillis}. */
    public static long bucketBefore(KeyScheme.Bucket unit, long epochMillis, int back) {
        ZonedDateTime start =
                Instant.ofEpochMilli(bucketStart(unit, epochMillis)).atZone(ZoneOffset.UTC);
        ZonedDateTime earlier =
                switch (unit) {
                    case HOUR -> start.minusHours(back);
                    case DAY -> start.minusDays(back);
                    case MONTH -> start.minusMonths(back);
                };
        return earlier.toInstant().toEpochMilli();
    }

    private static void two(StringBuilder sb, int v) {
        if (v < 10) {
            sb.append('0');
        }
        sb.append(v);
    }
}
