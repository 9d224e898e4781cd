package dev.partitionscope.cli;

import dev.partitionscope.lab.workload.Plan;
import dev.partitionscope.lab.workload.RunSettings;
import dev.partitionscope.lab.workload.ScenarioCatalog;
import dev.partitionscope.lab.workload.ScenarioException;
import dev.partitionscope.lab.workload.Workloads;
import java.io.PrintWriter;
import picocli.CommandLine.Option;

/** The workload flags {@code lab --scenario} and {@code workload} share, and the plan they make. */
final class ScenarioOptions {
    static final String DEFAULT_VARIANT = "before";

    @Option(
            names = "--scenario",
            paramLabel = "NAME",
            description = "A workload scenario (see 'lab"
                    + " --list-scenarios'); Contributor Insights is enabled on its tables.")
    String scenario;

    @Option(
            names = "--variant",
            paramLabel = "V",
            defaultValue = DEFAULT_VARIANT,
            description =
                    "The scenario's variant: before (the hot key), after (the fix), ... Default: ${DEFAULT-VALUE}.")
    String variant;

    @Option(names = "--rate", paramLabel = "OPS", description = "Operations per second (default: the scenario's).")
    Double rate;

    @Option(
            names = "--duration",
            paramLabel = "D",
            description = "How long: 300, 90s, 5m, 1h (default: the" + " scenario's).")
    String duration;

    @Option(names = "--skew", paramLabel = "PCT", description = "Share of requests on the hottest key, percent.")
    Double skew;

    @Option(names = "--item-size", paramLabel = "BYTES", description = "Bytes per written item.")
    Integer itemSize;

    @Option(names = "--seed", paramLabel = "N", description = "Random seed (same seed, same keys). Default 42.")
    Long seed;

    @Option(names = "--threads", paramLabel = "T", description = "Concurrent requests of a real-time run. Default 8.")
    Integer threads;

    /** Whether any flag that shapes a run was given (they mean nothing without --scenario). */
    boolean tuned() {
        return rate != null
                || duration != null
                || skew != null
                || itemSize != null
                || seed != null
                || threads != null
                || !DEFAULT_VARIANT.equals(variant);
    }

    /**
     * The plan these flags ask for, or null after printing what is wrong and where to look.
     */
    Plan plan(PrintWriter err) {
        try {
            RunSettings settings = RunSettings.defaults()
                    .withRate(rate)
                    .withSkewPercent(skew)
                    .withItemSize(itemSize)
                    .withDuration(duration == null ? null : Workloads.parseDuration(duration));
            if (seed != null) {
                settings = settings.withSeed(seed);
            }
            if (threads != null) {
                settings = settings.withThreads(threads);
            }
            return Plan.of(ScenarioCatalog.load().get(scenario), variant, settings);
        } catch (ScenarioException | IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            err.println("  what to do: 'partitionscope lab --list-scenarios' lists scenarios, variants and their"
                    + " defaults.");
            return null;
        }
    }
}
