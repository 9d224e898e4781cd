package dev.partitionscope.lab.workload;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A variant ready to run: the scenario's generators with the overrides applied, and its operations compiled into
 * {@link Step}s with their share of the mix. Both runners — real time through the SDK, and fast-forward into an
 * in-process Lab — draw requests from the same plan, so they send the same keys for the same seed.
 */
public final class Plan {
    private final Scenario scenario;
    private final Variant variant;
    private final RunSettings settings;
    private final double rate;
    private final Duration duration;
    private final int itemSize;
    private final Double skewPercent;
    final Generators generators;
    final Step[] steps;
    private final int makers;
    private final double[] cumulative;

    private Plan(Scenario scenario, Variant variant, RunSettings settings) {
        this.scenario = scenario;
        this.variant = variant;
        this.settings = settings;
        this.rate = settings.rate() != null ? settings.rate() : variant.rate();
        this.duration =
                settings.duration() != null ? settings.duration() : Duration.ofSeconds(variant.durationSeconds());
        this.itemSize = settings.itemSize() != null ? settings.itemSize() : variant.itemSize();
        if (settings.skewPercent() != null && scenario.skewed() == null) {
            throw new ScenarioException("Scenario " + scenario.name() + " has no key skew to change (its hot key is a"
                    + " single constant key); leave the skew out.");
        }
        this.skewPercent = settings.skewPercent();
        this.generators = new Generators(scenario.generators(), scenario.skewGenerator(), skewPercent);
        // Sizes are measured on a sample drawn from separate state, so the run's own streams start untouched.
        Generators sampleGens = new Generators(scenario.generators(), scenario.skewGenerator(), skewPercent);
        this.makers = variant.operations().stream().mapToInt(OpDef::makerCount).sum();
        Draws sample = new Draws(sampleGens, 0, makers);
        sample.next(1_750_000_000_000L);
        List<Step> list = new ArrayList<>();
        int firstMaker = 0;
        for (OpDef op : variant.operations()) {
            list.add(new Step(op, variant.tables(), generators, itemSize, sample, firstMaker));
            firstMaker += op.makerCount();
        }
        steps = list.toArray(Step[]::new);
        cumulative = new double[steps.length];
        double acc = 0;
        for (int i = 0; i < steps.length; i++) {
            acc += steps[i].def.weight();
            cumulative[i] = acc;
        }
    }

    /**
     * Compiles a variant with the given overrides.
     *
     * @throws ScenarioException for an unknown variant or an override the scenario cannot take
     */
    public static Plan of(Scenario scenario, String variantName, RunSettings settings) {
        return new Plan(scenario, scenario.variant(variantName), settings);
    }

    /** A worker's draws; different workers get different streams of the same seed. */
    Draws draws(int worker) {
        return new Draws(generators, settings.seed() * 1_000_003L + worker, makers);
    }

    Step pick(Draws d) {
        return steps[pickIndex(d)];
    }

    /** The position in {@link #steps} of the next request's operation (drawn as {@link #pick} draws it). */
    int pickIndex(Draws d) {
        if (steps.length == 1) {
            return 0;
        }
        double u = d.opRandom.nextDouble() * cumulative[cumulative.length - 1];
        for (int i = 0; i < cumulative.length - 1; i++) {
            if (u < cumulative[i]) {
                return i;
            }
        }
        return steps.length - 1;
    }

    // Queries

    public Scenario scenario() {
        return scenario;
    }

    public Variant variant() {
        return variant;
    }

    public RunSettings settings() {
        return settings;
    }

    /** Operations per second. */
    public double rate() {
        return rate;
    }

    public Duration duration() {
        return duration;
    }

    public int itemSize() {
        return itemSize;
    }

    /** The share of requests on the hottest key, percent (the override, or the scenario's own); NaN when none. */
    public double skewPercent() {
        if (skewPercent != null) {
            return skewPercent;
        }
        GenDef g = scenario.skewed();
        return g == null ? Double.NaN : g.hottestShare();
    }

    /** Tables the run writes to or reads from. */
    public Map<String, TableDef> tables() {
        return variant.tables();
    }

    /** Write units per second the plan offers, by table (base table only), for captions and sanity checks. */
    public double offeredWriteUnits() {
        double total = 0;
        double weights = cumulative[cumulative.length - 1];
        for (Step s : steps) {
            total += rate * s.def.weight() / weights * s.writeUnits * s.def.batch();
        }
        return total;
    }

    /** {@code order-status · before · 900 ops/s for 5 min, items of 1,200 bytes, PENDING 62 %}. */
    public String headline() {
        StringBuilder sb = new StringBuilder(scenario.name())
                .append(" · ")
                .append(variant.name())
                .append(" · ")
                .append(Workloads.number(rate))
                .append(" ops/s for ")
                .append(Workloads.duration(duration))
                .append(", items of ")
                .append(String.format("%,d", itemSize))
                .append(" bytes");
        GenDef skewed = scenario.skewed();
        if (skewed != null) {
            GenDef effective = skewPercent == null ? skewed : Generators.skewed(skewed, skewPercent);
            sb.append(", ")
                    .append(effective.hottestValue())
                    .append(' ')
                    .append(Workloads.number(effective.hottestShare()))
                    .append(" %");
        }
        return sb.toString();
    }

    /** One line per operation with its share of the mix. */
    public List<String> operationLines() {
        List<String> lines = new ArrayList<>();
        double total = cumulative[cumulative.length - 1];
        for (Step s : steps) {
            lines.add(Workloads.number(100 * s.def.weight() / total) + " %  " + s.describe());
        }
        return lines;
    }
}
