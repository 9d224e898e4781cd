package dev.partitionscope.ui.common.heat;

import dev.partitionscope.core.heat.HeatGrid;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Time-axis ticks under the heatmap at round local times in the view's zone, and the time span of a hovered column.
 * Round in local time so a zone like UTC+5:30 still gets ticks on the hour.
 */
public final class HeatTimeAxis {
    public record Tick(Instant at, String label) {}

    private static final long[] STEPS = {
        60, 120, 300, 600, 900, 1800, 3600, 7200, 10_800, 14_400, 21_600, 43_200, 86_400, 2 * 86_400, 7 * 86_400
    };
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm", Locale.ROOT);
    private static final DateTimeFormatter DATE_TIME = DateTimeFormatter.ofPattern("MM-dd HH:mm", Locale.ROOT);
    private static final DateTimeFormatter TIME_SECONDS = DateTimeFormatter.ofPattern("HH:mm:ss", Locale.ROOT);
    private static final DateTimeFormatter DATE_TIME_SECONDS =
            DateTimeFormatter.ofPattern("MM-dd HH:mm:ss", Locale.ROOT);

    private HeatTimeAxis() {}

    /** The time at a fractional column, interpolated within the column (the viewport's edges fall mid-column). */
    public static Instant at(HeatGrid grid, double column) {
        int c = Math.max(0, Math.min(grid.columnCount(), (int) Math.floor(column)));
        Instant start = grid.columnStart(c);
        double within = column - c;
        if (within <= 0 || c == grid.columnCount()) {
            return start;
        }
        long seconds = grid.columnStart(c + 1).getEpochSecond() - start.getEpochSecond();
        return start.plusMillis(Math.round(within * seconds * 1000));
    }

    public static boolean crossesDays(Instant from, Instant to, ZoneId zone) {
        return to.isAfter(from) && !LocalDate.ofInstant(from, zone).equals(LocalDate.ofInstant(to.minusNanos(1), zone));
    }

    /** Ticks in [from, to] at the smallest round step that leaves at least {@code minGapPx} between labels. */
    public static List<Tick> ticks(Instant from, Instant to, ZoneId zone, double widthPx, double minGapPx) {
        long span = to.getEpochSecond() - from.getEpochSecond();
        if (span <= 0 || widthPx <= 0) {
            return List.of();
        }
        boolean withDate = crossesDays(from, to, zone);
        long step = STEPS[STEPS.length - 1];
        for (long s : STEPS) {
            if (widthPx * s / span >= minGapPx) {
                step = s;
                break;
            }
        }
        DateTimeFormatter format = withDate ? DATE_TIME : TIME;
        List<Tick> ticks = new ArrayList<>();
        // The zone's offset at the start: round local times across a DST change may shift by an hour; acceptable for
        // tick placement, and the hover box prints exact times.
        long offset = zone.getRules().getOffset(from).getTotalSeconds();
        long first = Math.floorDiv(from.getEpochSecond() + offset + step - 1, step) * step - offset;
        for (long t = first; t <= to.getEpochSecond(); t += step) {
            Instant at = Instant.ofEpochSecond(t);
            ticks.add(new Tick(at, format.format(at.atZone(zone))));
        }
        return ticks;
    }

    /**
     * "14:05–14:06 UTC", with the date when the view crosses days; with seconds ("14:05:07–14:05:08 UTC") when a bound
     * is not on a whole minute, as a stream's 1-second buckets are.
     */
    public static String span(Instant from, Instant to, ZoneId zone, boolean withDate) {
        boolean seconds = from.getEpochSecond() % 60 != 0 || to.getEpochSecond() % 60 != 0;
        DateTimeFormatter time = seconds ? TIME_SECONDS : TIME;
        DateTimeFormatter f = withDate ? (seconds ? DATE_TIME_SECONDS : DATE_TIME) : time;
        return f.format(from.atZone(zone)) + "–" + time.format(to.atZone(zone)) + " " + zoneLabel(from, zone);
    }

    /** "UTC", "UTC+05:30": the offset in force, which a region name like "Europe/Berlin" would hide. */
    public static String zoneLabel(Instant at, ZoneId zone) {
        int seconds = zone.getRules().getOffset(at).getTotalSeconds();
        return seconds == 0 ? "UTC" : "UTC" + zone.getRules().getOffset(at).getId();
    }
}
