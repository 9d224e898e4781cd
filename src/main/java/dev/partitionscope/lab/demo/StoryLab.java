package dev.partitionscope.lab.demo;

import dev.partitionscope.lab.Lab;
import dev.partitionscope.lab.clock.SimulatedClock;
import dev.partitionscope.lab.workload.EngineTables;
import dev.partitionscope.lab.workload.FastForward;
import dev.partitionscope.lab.workload.Plan;
import dev.partitionscope.lab.workload.RunSettings;
import dev.partitionscope.lab.workload.Scenario;
import dev.partitionscope.lab.workload.ScenarioCatalog;
import dev.partitionscope.lab.workload.WorkloadProgress;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * The Lab a story plays in: its own in-process Lab on a simulated clock, where each RUN step plays a variant of the
 * story's scenario with {@link FastForward} one simulated minute at a time — so the screens can refresh between
 * minutes and the heat visibly builds up, a pause holds between two minutes, and eight minutes of traffic take
 * seconds. The totals per variant say whether the story reached its end: the before variant throttles on a key
 * range, the final variant does not.
 */
public final class StoryLab implements AutoCloseable {
    /** Items stored per simulated minute (spread over it): enough for the audit, the designer and the reads. */
    static final int SAMPLE_ITEMS_PER_MINUTE = 400;

    private static final DateTimeFormatter DAY =
            DateTimeFormatter.ofPattern("yyyy-MM-dd", Locale.ROOT).withZone(ZoneOffset.UTC);

    private final Story story;
    private final Scenario scenario;
    private final SimulatedClock clock;
    private final Lab lab;
    private final Instant start;
    private final Map<String, Tally> tallies = new LinkedHashMap<>();
    private int minutesPlayed;

    /** What a variant did over all its minutes. */
    public record Tally(
            String variant,
            int minutes,
            long requests,
            long throttled,
            long keyRangeThrottles,
            Map<String, Long> throttlesByReason) {
        Tally plus(WorkloadProgress p) {
            Map<String, Long> reasons = new LinkedHashMap<>(throttlesByReason);
            p.throttlesByReason().forEach((k, v) -> reasons.merge(k, v, Long::sum));
            return new Tally(
                    variant,
                    minutes + 1,
                    requests + p.requests(),
                    throttled + p.throttled(),
                    keyRangeThrottles + p.keyRangeThrottles(),
                    reasons);
        }
    }

    /** Told after each simulated minute, on the thread that runs the story. */
    @FunctionalInterface
    public interface MinuteListener {
        void played(int minute, int of, Tally soFar);
    }

    /**
     * @param start where the simulated clock starts; the story's minutes follow from there
     */
    public StoryLab(Story story, ScenarioCatalog catalog, Instant start) {
        this.story = story;
        this.scenario = catalog.get(story.scenario());
        this.start = start;
        this.clock = new SimulatedClock(start);
        this.lab = Lab.inProcess(Lab.Options.defaults().withClock(clock));
        // The tables exist before the first minute plays, so the screens can open on them.
        Plan.of(scenario, "before", RunSettings.defaults())
                .tables()
                .values()
                .forEach(t -> EngineTables.ensure(lab.engine(), t));
    }

    /** Simulated minutes all the story's RUN steps play. */
    public static int totalMinutes(Story story) {
        return story.steps().stream()
                .filter(s -> s.kind() == Story.Kind.RUN)
                .mapToInt(s -> Integer.parseInt(s.arg("minutes", "0")))
                .sum();
    }

    /**
     * Plays {@code minutes} simulated minutes of a variant, one at a time, calling {@code listener} after each. Between
     * two minutes it waits while {@code paused} says so, and returns early once {@code cancelled} says so.
     *
     * @return the variant's totals so far (a variant played twice adds up)
     */
    public Tally play(
            String variant, int minutes, MinuteListener listener, BooleanSupplier paused, BooleanSupplier cancelled)
            throws InterruptedException {
        Tally tally = tallies.getOrDefault(variant, new Tally(variant, 0, 0, 0, 0, Map.of()));
        for (int m = 0; m < minutes && !cancelled.getAsBoolean(); m++) {
            while (paused.getAsBoolean() && !cancelled.getAsBoolean()) {
                Thread.sleep(50);
            }
            if (cancelled.getAsBoolean()) {
                break;
            }
            // A seed per minute: the same story plays the same way, and no two minutes draw the same ids.
            RunSettings settings = RunSettings.defaults()
                    .withDuration(Duration.ofMinutes(1))
                    .withSeed(RunSettings.DEFAULT_SEED + minutesPlayed);
            WorkloadProgress p =
                    new FastForward(Plan.of(scenario, variant, settings), lab, clock, SAMPLE_ITEMS_PER_MINUTE).run();
            minutesPlayed++;
            tally = tally.plus(p);
            tallies.put(variant, tally);
            listener.played(m + 1, minutes, tally);
        }
        return tally;
    }

    /** Totals of a variant, if it was played. */
    public java.util.Optional<Tally> tally(String variant) {
        return java.util.Optional.ofNullable(tallies.get(variant));
    }

    /** The simulated day the story plays on (yyyy-MM-dd, UTC), for keys like {@code PEDIDOS#<date>}. */
    public String date() {
        return DAY.format(Instant.ofEpochMilli(clock.epochMillis()));
    }

    /** A step argument with {@code {date}} replaced by the story's day. */
    public String resolve(String value) {
        return value == null ? null : value.replace("{date}", date());
    }

    /** Where the story's time starts; it ends {@link #totalMinutes} later. */
    public Instant start() {
        return start;
    }

    public Instant end() {
        return start.plus(Duration.ofMinutes(totalMinutes(story)));
    }

    /**
     * Where the traffic ends once {@code more} minutes are played after those played so far: a window that ends here
     * shows the data to its last minute and no empty minutes after it.
     */
    public Instant playedEnd(int more) {
        return start.plus(Duration.ofMinutes(minutesPlayed + (long) more));
    }

    public SimulatedClock clock() {
        return clock;
    }

    public Lab lab() {
        return lab;
    }

    public Story story() {
        return story;
    }

    public int minutesPlayed() {
        return minutesPlayed;
    }

    @Override
    public void close() {
        lab.close();
    }
}
