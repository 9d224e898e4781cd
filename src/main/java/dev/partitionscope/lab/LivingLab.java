package dev.partitionscope.lab;

import dev.partitionscope.lab.clock.SimulatedClock;
import dev.partitionscope.lab.engine.LabTable;
import dev.partitionscope.lab.workload.FastForward;
import dev.partitionscope.lab.workload.Plan;
import dev.partitionscope.lab.workload.RunSettings;
import dev.partitionscope.lab.workload.Scenario;
import dev.partitionscope.lab.workload.ScenarioCatalog;
import dev.partitionscope.lab.workload.TableDef;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The built-in Lab started alive, so every screen has data in its first seconds: the Lab's clock starts an hour ago,
 * an hour of the seeds' stories on the demo tables is fast-forwarded ({@link FastForward}, a simulated minute at a
 * time, so the screens fill while it runs), then the clock follows the system's and a gentle seeded workload goes on
 * in real time — each {@link Options#tick()} the requests of the time since the last tick are made at once through
 * the same fast-forward, which costs a fraction of what sending them through the SDK would.
 *
 * <p>The hour, per table: a calm start on the hot design, a peak at the seed's own rate where the hot key throttles,
 * the fix at the same rate (the heat spreads), then calm again at the live workload's rate. The peaks are staggered,
 * so some table is always in its story. A table the user deleted, recreated with other keys or whose Contributor
 * Insights they turned off is left alone from then on.
 */
public final class LivingLab implements AutoCloseable {
    /** Items stored per simulated minute of the hour (spread over it): enough for the audit and the scatter screen. */
    static final int SAMPLE_ITEMS_PER_MINUTE = 60;

    /** Longest stretch a real-time tick catches up (after a suspend, the rest is skipped rather than burst). */
    static final Duration MAX_TICK = Duration.ofSeconds(10);

    /**
     * How a Lab lives.
     *
     * @param history   how much past is fast-forwarded at start (the story's hour is spread over it)
     * @param rateScale every rate times this (tests run a thin version of the same story)
     * @param tick      how often the real-time workload sends its requests
     */
    public record Options(Duration history, double rateScale, Duration tick) {
        public Options {
            if (history.isNegative() || history.isZero() || !(rateScale > 0) || tick.isNegative() || tick.isZero()) {
                throw new IllegalArgumentException("a living Lab needs a positive history, rate scale and tick");
            }
        }

        public static Options defaults() {
            return new Options(Duration.ofHours(1), 1.0, Duration.ofSeconds(1));
        }
    }

    /** Where a living Lab is: catching up on its past, living in real time, stopped or failed. */
    public enum State {
        CATCHING_UP,
        LIVE,
        STOPPED,
        FAILED
    }

    /**
     * How far a living Lab got.
     *
     * @param minutesDone simulated minutes of the past fast-forwarded so far (of {@code minutesTotal})
     * @param message     a sentence for the status bar
     */
    public record Status(State state, int minutesDone, int minutesTotal, String message) {
        public double fraction() {
            return minutesTotal == 0 ? 1 : Math.min(1, (double) minutesDone / minutesTotal);
        }
    }

    /** A variant played from {@code from} to {@code to}, in minutes of the story's hour, at {@code rate} ops/s. */
    record Phase(int from, int to, String variant, double rate) {}

    /**
     * One table's story over the hour, then its live workload.
     *
     * @param every 0 to play all the time, else the story plays only in the wall-clock minutes that are multiples of
     *     {@code every} (a recurring short burst, in the past and live alike)
     */
    record Story(String scenario, List<Phase> phases, String liveVariant, double liveRate, int every) {
        Story(String scenario, List<Phase> phases, String liveVariant, double liveRate) {
            this(scenario, phases, liveVariant, liveRate, 0);
        }

        /** A story played all the hour and live at one variant and rate. */
        static Story steady(String scenario, String variant, double rate) {
            return new Story(scenario, List.of(new Phase(0, 60, variant, rate)), variant, rate, 0);
        }

        /** A variant played one wall-clock minute in {@code every}, in the hour and live. */
        static Story recurring(String scenario, String variant, double rate, int every) {
            return new Story(scenario, List.of(new Phase(0, 60, variant, rate)), variant, rate, every);
        }

        boolean playsIn(long epochMinute) {
            return every == 0 || Math.floorMod(epochMinute, every) == 0;
        }

        /** Whether the story is in its peak at {@code minute}: above the rate it goes on with live. */
        boolean peaksAt(double minute) {
            return every == 0 && at(minute).rate() > liveRate;
        }

        Phase at(double minute) {
            for (Phase p : phases) {
                if (minute >= p.from() && minute < p.to()) {
                    return p;
                }
            }
            return new Phase(60, Integer.MAX_VALUE, liveVariant, liveRate);
        }
    }

    /** The demo table app's everyday traffic: a living Lab scenario, not one of the listed ones. */
    static final String EVERYDAY = "app-everyday";

    /**
     * The hour: seed 000's OPS_LOG on {@code app}, seed 001's order-status index, seed 002's orders by day on
     * {@code pedidos}; each hot at its seed's rate for 12 minutes, then fixed at that rate for 12, then calm. Beside
     * them all the time, {@code app}'s everyday traffic (the living scenario app-everyday): product pages with a few
     * favourites, threat alerts and the dashboard's reads, and every ten minutes a minute-long flash deal that runs
     * one product's key near its ceiling (not while OPS_LOG peaks on the same table) — so the map has heat on many keys and changes while one watches it.
     */
    static final List<Story> STORIES = List.of(
            new Story(
                    "ops-log",
                    List.of(
                            new Phase(0, 12, "before", 100),
                            new Phase(12, 24, "before", 700),
                            new Phase(24, 36, "after-sharded", 700),
                            new Phase(36, 60, "after-sharded", 100)),
                    "after-sharded",
                    100),
            new Story(
                    "order-status",
                    List.of(
                            new Phase(0, 20, "before", 120),
                            new Phase(20, 32, "before", 900),
                            new Phase(32, 44, "after", 900),
                            new Phase(44, 60, "after", 120)),
                    "after",
                    120),
            new Story(
                    "orders-by-day",
                    List.of(
                            new Phase(0, 28, "before", 80),
                            new Phase(28, 40, "before", 600),
                            new Phase(40, 52, "after", 600),
                            new Phase(52, 60, "after", 80)),
                    "after",
                    80),
            Story.steady(EVERYDAY, "shoppers", 600),
            Story.steady(EVERYDAY, "dashboard", 180),
            Story.recurring(EVERYDAY, "flash-deal", 300, 10));

    private final Lab lab;
    private final SimulatedClock clock;
    private final Options options;
    private final List<Scenario> scenarios = new ArrayList<>();
    /** Each story's table names. */
    private final List<java.util.Set<String>> tables = new ArrayList<>();
    /** Stories whose table the user took over (deleted, recreated, insights off): never written again. */
    private final boolean[] dropped = new boolean[STORIES.size()];

    private final Thread thread;
    private volatile boolean stop;
    private volatile FastForward running;
    private volatile Status status;
    private long chunks;

    private LivingLab(Lab lab, SimulatedClock clock, Options options) {
        this.lab = lab;
        this.clock = clock;
        this.options = options;
        ScenarioCatalog catalog = ScenarioCatalog.load(null);
        for (Story s : STORIES) {
            Scenario scenario = catalog.find(s.scenario()).orElseGet(() -> ScenarioCatalog.living(s.scenario()));
            scenarios.add(scenario);
            tables.add(Plan.of(scenario, s.liveVariant(), RunSettings.defaults())
                    .tables()
                    .keySet());
        }
        int minutes = (int) Math.max(1, options.history().toMinutes());
        status = new Status(State.CATCHING_UP, 0, minutes, "Starting the Lab's last " + minutes + " minutes");
        thread = new Thread(this::run, "living-lab");
        thread.setDaemon(true);
    }

    /**
     * Starts living in the background and returns at once.
     *
     * @param clock the Lab's own clock, standing {@code options.history()} before now with the demo tables created
     */
    public static LivingLab start(Lab lab, SimulatedClock clock, Options options) {
        if (lab.clock() != clock) {
            throw new IllegalArgumentException("a living Lab needs the Lab's own simulated clock");
        }
        LivingLab living = new LivingLab(lab, clock, options);
        living.thread.start();
        return living;
    }

    public Status status() {
        return status;
    }

    public Options options() {
        return options;
    }

    /** Stops the workload (the Lab keeps what it has and its clock goes on); returns at once. */
    public void stop() {
        stop = true;
        FastForward f = running;
        if (f != null) {
            f.stop();
        }
        thread.interrupt();
    }

    /** Waits for the background thread to end after {@link #stop()}; true when it did within the timeout. */
    public boolean await(Duration timeout) throws InterruptedException {
        thread.join(Math.max(1, timeout.toMillis()));
        return !thread.isAlive();
    }

    @Override
    public void close() {
        stop();
    }

    private void run() {
        try {
            catchUp();
            clock.followSystemClock();
            if (stop) {
                status = stopped();
                return;
            }
            status = new Status(
                    State.LIVE,
                    status.minutesTotal(),
                    status.minutesTotal(),
                    "The Lab is live: the seeds' fixed designs and the app's everyday traffic go on in real time");
            live();
            status = stopped();
        } catch (RuntimeException e) {
            clock.followSystemClock(); // whatever happened, the Lab lives on in real time
            String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            status = new Status(
                    State.FAILED,
                    status.minutesDone(),
                    status.minutesTotal(),
                    "The Lab's background workload stopped: " + why
                            + ". The Lab works as before; turn 'Start the Lab alive' off and on to try again at the"
                            + " next start.");
            System.getLogger(LivingLab.class.getName()).log(System.Logger.Level.WARNING, "living Lab failed", e);
        }
    }

    private Status stopped() {
        return new Status(
                State.STOPPED,
                status.minutesDone(),
                status.minutesTotal(),
                "The Lab's background workload is off; the Lab keeps its tables and metrics");
    }

    /** The past, a simulated minute at a time, then on until the clock is within a tick of the system's. */
    private void catchUp() {
        long historyNanos = options.history().toNanos();
        long minuteNanos = Duration.ofMinutes(1).toNanos();
        int total = status.minutesTotal();
        int done = 0;
        while (!stop && clock.nanoTime() < historyNanos) {
            long at = clock.nanoTime();
            // Stretches end on wall-clock minutes, so a recurring burst fills its minute of the heatmap exactly.
            long toNextMinute = (60_000L - Math.floorMod(clock.epochMillis(), 60_000L)) * 1_000_000L;
            long length = Math.min(Math.min(minuteNanos, toNextMinute), historyNanos - at);
            double storyMinute = 60.0 * at / historyNanos;
            play(storyMinute, Duration.ofNanos(length), SAMPLE_ITEMS_PER_MINUTE);
            done = (int) Math.min(total, Math.round(clock.nanoTime() / (double) minuteNanos));
            status = new Status(
                    State.CATCHING_UP,
                    done,
                    total,
                    "Fast-forwarding the Lab's last " + total + " minutes: " + done + " of " + total);
        }
        // The hour took a while to play: play the time since too, so the live part follows without a gap.
        while (!stop) {
            long behind = (System.currentTimeMillis() - clock.epochMillis()) * 1_000_000L;
            if (behind <= options.tick().toNanos()) {
                break;
            }
            long toNextMinute = (60_000L - Math.floorMod(clock.epochMillis(), 60_000L)) * 1_000_000L;
            play(60, Duration.ofNanos(Math.min(Math.min(minuteNanos, toNextMinute), behind)), 0);
        }
    }

    /** Each tick, the requests of the time since the last one, made at once. */
    private void live() {
        long last = System.nanoTime();
        while (!stop) {
            try {
                Thread.sleep(options.tick().toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt(); // only stop() interrupts
                return;
            }
            long now = System.nanoTime();
            long since = Math.min(now - last, MAX_TICK.toNanos());
            last = now;
            if (since > 0) {
                play(60, Duration.ofNanos(since), 0);
            }
        }
    }

    /** One stretch of every story still running, at the story's phase of {@code storyMinute}. */
    private void play(double storyMinute, Duration length, int sampleItems) {
        List<Plan> plans = new ArrayList<>();
        long seed = RunSettings.DEFAULT_SEED + chunks++;
        long epochMinute = Math.floorDiv(clock.epochMillis(), 60_000L);
        for (int i = 0; i < STORIES.size(); i++) {
            if (dropped[i] || !STORIES.get(i).playsIn(epochMinute) || waits(i, storyMinute)) {
                continue;
            }
            Phase phase = STORIES.get(i).at(storyMinute);
            RunSettings settings = RunSettings.defaults()
                    .withRate(phase.rate() * options.rateScale())
                    .withDuration(length)
                    .withSeed(seed);
            Plan plan = Plan.of(scenarios.get(i), phase.variant(), settings);
            if (stillOurs(plan)) {
                plans.add(plan);
            } else {
                dropped[i] = true;
            }
        }
        if (plans.isEmpty() || stop) {
            return;
        }
        try {
            FastForward f = new FastForward(plans, lab, clock, sampleItems);
            running = f;
            if (stop) {
                f.stop();
            }
            f.run();
        } catch (RuntimeException e) {
            // A table changed under the run (the user deletes or recreates it): leave it alone from now on. Anything
            // else is a failure of the workload.
            boolean droppedOne = false;
            for (int i = 0; i < STORIES.size(); i++) {
                if (!dropped[i]
                        && !stillOurs(
                                Plan.of(scenarios.get(i), STORIES.get(i).liveVariant(), RunSettings.defaults()))) {
                    dropped[i] = true;
                    droppedOne = true;
                }
            }
            if (!droppedOne) {
                throw e;
            }
        } finally {
            running = null;
        }
    }

    /**
     * A recurring burst waits while another story on its table peaks: the table's partitions then carry the peak,
     * and each hot spot should tell its own story (the deal would throttle its neighbours' keys too).
     */
    private boolean waits(int story, double storyMinute) {
        if (STORIES.get(story).every() == 0) {
            return false;
        }
        for (int i = 0; i < STORIES.size(); i++) {
            if (i != story
                    && !dropped[i]
                    && STORIES.get(i).peaksAt(storyMinute)
                    && !java.util.Collections.disjoint(tables.get(i), tables.get(story))) {
                return true;
            }
        }
        return false;
    }

    /** Whether the plan's tables are still the demo tables it writes (not deleted, recreated or with insights off). */
    private boolean stillOurs(Plan plan) {
        for (TableDef def : plan.tables().values()) {
            LabTable t = lab.engine().tablesByName().get(def.name());
            if (t == null
                    || !t.key().partitionKey().equals(def.partitionKey())
                    || !java.util.Objects.equals(t.key().sortKey(), def.sortKey())) {
                return false;
            }
            for (TableDef.Gsi g : def.indexes()) {
                if (!t.capacityConfig().indexes().containsKey(g.name())) {
                    return false;
                }
            }
            String[] insights = t.insightsSettings().get("");
            if (insights == null || !"ENABLED".equals(insights[0])) {
                return false;
            }
        }
        return true;
    }
}
