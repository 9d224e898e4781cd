package dev.partitionscope.core.time;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Objects;

/**
 * The time window every screen looks at: a relative preset ("last 3 h", moving with the clock) or a fixed custom
 * interval, plus whether times are shown in local time or UTC. Resolving against a clock gives concrete instants.
 */
public record TimeRange(Preset preset, Instant customStart, Instant customEnd, boolean utc) {

    public enum Preset {
        LAST_1H("Last 1 h", Duration.ofHours(1)),
        LAST_3H("Last 3 h", Duration.ofHours(3)),
        LAST_12H("Last 12 h", Duration.ofHours(12)),
        LAST_1D("Last 1 d", Duration.ofDays(1)),
        LAST_1W("Last 1 w", Duration.ofDays(7)),
        CUSTOM("Custom…", null);

        private final String label;
        private final Duration length;

        Preset(String label, Duration length) {
            this.label = label;
            this.length = length;
        }

        public String label() {
            return label;
        }

        public Duration length() {
            return length;
        }
    }

    /** A resolved window [start, end). */
    public record Window(Instant start, Instant end) {
        public Duration length() {
            return Duration.between(start, end);
        }
    }

    public TimeRange {
        Objects.requireNonNull(preset, "preset");
        if (preset == Preset.CUSTOM) {
            Objects.requireNonNull(customStart, "customStart");
            Objects.requireNonNull(customEnd, "customEnd");
            if (!customEnd.isAfter(customStart)) {
                throw new IllegalArgumentException("The end of a custom range must be after its start");
            }
        } else {
            customStart = null;
            customEnd = null;
        }
    }

    public static TimeRange last(Preset preset) {
        return new TimeRange(preset, null, null, false);
    }

    public static TimeRange custom(Instant start, Instant end, boolean utc) {
        return new TimeRange(Preset.CUSTOM, start, end, utc);
    }

    public static TimeRange defaultRange() {
        return last(Preset.LAST_3H);
    }

    public TimeRange withUtc(boolean utc) {
        return new TimeRange(preset, customStart, customEnd, utc);
    }

    public ZoneId zone() {
        return utc ? ZoneOffset.UTC : ZoneId.systemDefault();
    }

    public Window resolve(Instant now) {
        if (preset == Preset.CUSTOM) {
            return new Window(customStart, customEnd);
        }
        return new Window(now.minus(preset.length()), now);
    }

    /** Label for the picker button, e.g. "Last 3 h · UTC" or "06-22 01:00 → 06-22 04:00 · local". */
    public String label() {
        String zoneLabel = utc ? "UTC" : "local";
        if (preset != Preset.CUSTOM) {
            return preset.label() + " · " + zoneLabel;
        }
        DateTimeFormatter f = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm").withZone(zone());
        DateTimeFormatter day = DateTimeFormatter.ofPattern("yyyy-MM-dd").withZone(zone());
        // Within one day the end needs only its time: the top bar has room for the rest.
        String end = day.format(customStart).equals(day.format(customEnd))
                ? DateTimeFormatter.ofPattern("HH:mm").withZone(zone()).format(customEnd)
                : f.format(customEnd);
        return f.format(customStart) + " → " + end + " · " + zoneLabel;
    }
}
