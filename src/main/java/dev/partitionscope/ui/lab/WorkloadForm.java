package dev.partitionscope.ui.lab;

import dev.partitionscope.lab.workload.GenDef;
import dev.partitionscope.lab.workload.RunSettings;
import dev.partitionscope.lab.workload.Scenario;
import dev.partitionscope.lab.workload.Variant;
import dev.partitionscope.lab.workload.Workloads;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The workload fields as the user typed them, read into {@link RunSettings}. Every error is one sentence that names
 * the field and says what to write instead; a unit typed after the number ({@code 900 ops/s}, {@code 62 %}) is
 * accepted. No JavaFX here, so the rules are tested without a toolkit.
 */
final class WorkloadForm {
    /** The fields a user can type in. */
    enum Field {
        RATE,
        DURATION,
        SKEW,
        ITEM_SIZE
    }

    /** What was read: settings when every field is usable, else the errors by field. */
    record Read(RunSettings settings, Map<Field, String> errors) {
        boolean ok() {
            return errors.isEmpty();
        }
    }

    static final int MAX_ITEM_BYTES = 400 * 1024;
    /** The longest fast-forward: the Lab's meter keeps 24 hours of minutes and key sketches. */
    static final Duration MAX_FAST_FORWARD = Duration.ofHours(24);

    private static final Pattern NUMBER = Pattern.compile("\\d+(\\.\\d+)?|\\.\\d+");

    private WorkloadForm() {}

    /**
     * Reads the fields. The key skew is left out (the scenario's own distribution) when the scenario has none to
     * change or the field still shows the scenario's value.
     */
    static Read read(Scenario scenario, String rate, String duration, String skew, String itemSize) {
        return read(scenario, rate, duration, skew, itemSize, false);
    }

    /** As above; a fast-forward runs up to {@link #MAX_FAST_FORWARD}. */
    static Read read(
            Scenario scenario, String rate, String duration, String skew, String itemSize, boolean fastForward) {
        Map<Field, String> errors = new EnumMap<>(Field.class);
        Double r = number(rate, "ops/s");
        if (r == null) {
            errors.put(Field.RATE, notANumber("Rate", rate, "operations per second, e.g. 900"));
        } else if (!(r > 0 && r <= 1_000_000)) {
            errors.put(Field.RATE, "Rate: enter more than 0 and at most 1,000,000 ops/s (not " + shown(rate) + ").");
        }
        Duration d = null;
        try {
            d = Workloads.parseDuration(duration);
        } catch (IllegalArgumentException e) {
            errors.put(
                    Field.DURATION,
                    "Duration: "
                            + (duration == null || duration.isBlank()
                                    ? "enter how long to run, e.g. 5 min, 90 s or 300 (seconds)."
                                    : e.getMessage() + "."));
        }
        if (d != null && fastForward && d.compareTo(MAX_FAST_FORWARD) > 0) {
            errors.put(
                    Field.DURATION,
                    "Duration: a fast-forward runs up to 24 h (the Lab keeps 24 hours of" + " metrics), not "
                            + shown(duration) + ".");
        }
        Double s = null;
        if (scenario.skewed() != null && !skewText(scenario).equals(strip(skew))) {
            s = number(skew, "%");
            if (s == null) {
                errors.put(
                        Field.SKEW,
                        notANumber(
                                "Key skew",
                                skew,
                                "the percent of requests on the hottest key, e.g. " + skewText(scenario)));
            } else if (!(s > 0 && s <= 100)) {
                errors.put(
                        Field.SKEW,
                        "Key skew: enter a share of requests above 0 and at most 100 % (not " + shown(skew) + ").");
            }
        }
        Double size = number(itemSize, "bytes");
        if (size == null) {
            errors.put(Field.ITEM_SIZE, notANumber("Item size", itemSize, "whole bytes, e.g. 1200"));
        } else if (size != Math.rint(size) || size < 1 || size > MAX_ITEM_BYTES) {
            errors.put(
                    Field.ITEM_SIZE,
                    "Item size: enter whole bytes from 1 to 409,600 (400 KB, DynamoDB's item" + " limit), not "
                            + shown(itemSize) + ".");
        }
        if (!errors.isEmpty()) {
            return new Read(null, errors);
        }
        RunSettings settings = RunSettings.defaults()
                .withRate(r)
                .withDuration(d)
                .withSkewPercent(s)
                .withItemSize(size.intValue())
                .withThreads(threadsFor(r));
        return new Read(settings, Map.of());
    }

    /**
     * Worker threads for a rate: each sends one request at a time, so at 900 ops/s eight threads would need every
     * round trip under 9 ms; one thread per 75 ops/s leaves 13 ms (a busy laptop), from 8 up to 64.
     */
    static int threadsFor(double rate) {
        return (int) Math.max(RunSettings.DEFAULT_THREADS, Math.min(64, Math.ceil(rate / 75)));
    }

    // Texts the fields show for a scenario's defaults

    static String rateText(Variant v) {
        return plain(v.rate());
    }

    static String durationText(Variant v) {
        return Workloads.duration(Duration.ofSeconds(v.durationSeconds()));
    }

    static String itemSizeText(Variant v) {
        return Integer.toString(v.itemSize());
    }

    /** The scenario's own share of the hottest key, or "" when it has no skew to change. */
    static String skewText(Scenario s) {
        GenDef g = s.skewed();
        return g == null ? "" : plain(Math.round(g.hottestShare() * 10) / 10.0);
    }

    /** The key whose share the skew sets ({@code PENDING}), or "" when the scenario has none to change. */
    static String skewKey(Scenario s) {
        GenDef g = s.skewed();
        return g == null ? "" : g.hottestValue();
    }

    // Internals

    private static String notANumber(String field, String text, String what) {
        return strip(text).isEmpty()
                ? field + ": enter " + what + "."
                : field + ": " + shown(text) + " is not a number; enter " + what + ".";
    }

    /** The number in {@code text} (digit grouping and a trailing unit allowed), or null. */
    private static Double number(String text, String unit) {
        String t = strip(text).toLowerCase(Locale.ROOT);
        if (t.endsWith(unit)) {
            t = t.substring(0, t.length() - unit.length()).strip();
        }
        t = t.replace(",", "").replace("_", "");
        return NUMBER.matcher(t).matches() ? Double.parseDouble(t) : null;
    }

    private static String strip(String text) {
        return text == null ? "" : text.strip();
    }

    private static String shown(String text) {
        return "'" + strip(text) + "'";
    }

    private static String plain(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.1f", v);
    }
}
