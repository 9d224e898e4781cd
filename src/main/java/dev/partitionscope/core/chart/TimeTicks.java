package dev.partitionscope.core.chart;

import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToIntFunction;

/**
 * Time-axis ticks at round local times (every 10 minutes, every 6 hours, every midnight …) in the chart's zone,
 * labelled "HH:mm" when the range stays within one day and with the date when it crosses days. Round in local time,
 * not in UTC, so a zone like UTC+5:30 still gets ticks on the hour.
 */
public final class TimeTicks {
    public record Tick(Instant at, String label) {}

    private static final long DAY = 86_400;
    private static final long[] STEPS = {
        60, 120, 300, 600, 900, 1800, 3600, 7200, 10_800, 14_400, 21_600, 43_200, DAY, 2 * DAY, 7 * DAY
    };
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm", Locale.ROOT);
    private static final DateTimeFormatter DATE_TIME = DateTimeFormatter.ofPattern("MM-dd HH:mm", Locale.ROOT);
    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("MM-dd", Locale.ROOT);

    private TimeTicks() {}

    /** Whether [from, to) touches more than one local date, so labels need the date. */
    public static boolean crossesDays(Instant from, Instant to, ZoneId zone) {
        return to.isAfter(from) && !LocalDate.ofInstant(from, zone).equals(LocalDate.ofInstant(to.minusNanos(1), zone));
    }

    /** Ticks in [from, to] with the smallest round step that gives at most {@code maxTicks} of them. */
    public static List<Tick> ticks(Instant from, Instant to, ZoneId zone, int maxTicks) {
        return ticks(from, to, zone, sample -> maxTicks);
    }

    /**
     * Ticks in [from, to] with the smallest round step whose labels fit: {@code maxTicksFor} gets a sample label of
     * the step's format ("00:00", "00-00 00:00", "00-00") and says how many such labels fit the axis, so daily ticks
     * with short date labels may fit where six-hourly ones with date and time did not.
     */
    public static List<Tick> ticks(Instant from, Instant to, ZoneId zone, ToIntFunction<String> maxTicksFor) {
        if (!to.isAfter(from)) {
            return List.of();
        }
        long span = Duration.between(from, to).toSeconds();
        boolean withDate = crossesDays(from, to, zone);
        List<Instant> at = List.of();
        DateTimeFormatter format = DATE;
        for (long step : STEPS) {
            format = step >= DAY ? DATE : withDate ? DATE_TIME : TIME;
            int maxTicks = maxTicksFor.applyAsInt(format.format(LocalDateTime.of(2000, 1, 1, 0, 0)));
            if (span / step > maxTicks + 1) {
                continue; // certainly too many; skip generating them
            }
            at = instants(from, to, zone, step);
            if (at.size() <= maxTicks) {
                break;
            }
        }
        List<Tick> ticks = new ArrayList<>(at.size());
        for (Instant t : at) {
            ticks.add(new Tick(t, format.format(t.atZone(zone))));
        }
        return ticks;
    }

    private static List<Instant> instants(Instant from, Instant to, ZoneId zone, long step) {
        List<Instant> out = new ArrayList<>();
        LocalDate last = LocalDate.ofInstant(to, zone);
        for (LocalDate d = LocalDate.ofInstant(from, zone); !d.isAfter(last); d = d.plusDays(1)) {
            if (step >= DAY) {
                boolean round =
                        step == 7 * DAY ? d.getDayOfWeek() == DayOfWeek.MONDAY : d.toEpochDay() % (step / DAY) == 0;
                if (round) {
                    addIfInside(out, d.atStartOfDay(zone).toInstant(), from, to);
                }
                continue;
            }
            LocalDateTime midnight = d.atStartOfDay();
            for (long s = 0; s < DAY; s += step) {
                LocalDateTime local = midnight.plusSeconds(s);
                ZonedDateTime z = ZonedDateTime.ofLocal(local, zone, null);
                if (z.toLocalDateTime().equals(local)) { // not in a daylight-saving gap
                    addIfInside(out, z.toInstant(), from, to);
                }
            }
        }
        return out;
    }

    private static void addIfInside(List<Instant> out, Instant t, Instant from, Instant to) {
        if (!t.isBefore(from) && !t.isAfter(to)) {
            out.add(t);
        }
    }

    /** A bucket's span for the hover box: "14:05–14:06 UTC+0", with the date when the chart crosses days. */
    public static String bucket(Instant from, Instant to, ZoneId zone, boolean withDate) {
        ZonedDateTime a = from.atZone(zone);
        return (withDate ? DATE_TIME : TIME).format(a) + "–" + TIME.format(to.atZone(zone)) + " "
                + offset(a.getOffset());
    }

    /** "UTC+0", "UTC+2", "UTC+5:30", "UTC-4". */
    public static String offset(ZoneOffset offset) {
        int total = offset.getTotalSeconds();
        int abs = Math.abs(total);
        String minutes = abs % 3600 == 0 ? "" : String.format(Locale.ROOT, ":%02d", abs % 3600 / 60);
        return "UTC" + (total < 0 ? "-" : "+") + abs / 3600 + minutes;
    }
}
