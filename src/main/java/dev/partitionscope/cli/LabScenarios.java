package dev.partitionscope.cli;

import dev.partitionscope.lab.Lab;
import dev.partitionscope.lab.clock.SimulatedClock;
import dev.partitionscope.lab.workload.FastForward;
import dev.partitionscope.lab.workload.Plan;
import dev.partitionscope.lab.workload.RealTime;
import dev.partitionscope.lab.workload.Scenario;
import dev.partitionscope.lab.workload.ScenarioCatalog;
import dev.partitionscope.lab.workload.SdkTarget;
import dev.partitionscope.lab.workload.Variant;
import dev.partitionscope.lab.workload.WorkloadProgress;
import dev.partitionscope.lab.workload.WorkloadRun;
import dev.partitionscope.lab.workload.Workloads;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Collectors;

/** What {@code lab --scenario} and {@code lab --list-scenarios} print and run; the flags live in {@link LabCommand}. */
final class LabScenarios {
    /** How often a real-time run prints a progress line. */
    static final Duration PRINT_EVERY = Duration.ofSeconds(5);

    private LabScenarios() {}

    static void list(ScenarioCatalog catalog, PrintWriter out, PrintWriter err) {
        out.println("Scenarios (run one with: partitionscope lab --scenario NAME [--variant V]):");
        for (Scenario s : catalog.scenarios()) {
            out.println();
            out.println(s.name() + " — " + s.title()
                    + (s.seed() == null || s.seed().isBlank() ? "" : " (seed " + s.seed() + ")")
                    + (s.source().contains(java.io.File.separator) ? "  [" + s.source() + "]" : ""));
            out.println(wrap(s.summary(), "    "));
            for (Map.Entry<String, Variant> v : s.variants().entrySet()) {
                Variant variant = v.getValue();
                out.printf(
                        "  --variant %s   (%s ops/s for %s, items of %,d bytes)%n",
                        v.getKey(),
                        Workloads.number(variant.rate()),
                        Workloads.duration(Duration.ofSeconds(variant.durationSeconds())),
                        variant.itemSize());
                out.println(wrap(variant.caption(), "      "));
            }
        }
        out.println();
        out.println("Your own scenarios: JSON files in " + ScenarioCatalog.userDir()
                + " (format: docs/file-formats.md, 'Scenario files').");
        for (String p : catalog.problems()) {
            err.println("warning: " + p);
        }
    }

    /** Describes a plan before it runs. */
    static void describe(Plan plan, PrintWriter out) {
        out.println("Workload: " + plan.headline());
        for (String line : plan.operationLines()) {
            out.println("    " + line);
        }
        out.println("  offered: " + Workloads.number((double) Math.round(plan.offeredWriteUnits())) + " WCU/s of writes"
                + " (a partition serves 1,000 WCU/s)");
        out.flush();
    }

    /** Starts a real-time run against the Lab's own endpoint, through the SDK as any application would. */
    static WorkloadRun startRealTime(Plan plan, Lab lab) {
        return RealTime.start(plan, SdkTarget.local(lab.endpoint().orElseThrow()), lab.clock()::epochMillis);
    }

    /**
     * Prints a line every {@link #PRINT_EVERY} until the run ends or {@code stopped} returns true, then the summary.
     */
    static WorkloadProgress follow(WorkloadRun run, PrintWriter out, java.util.function.BooleanSupplier stopped)
            throws InterruptedException {
        while (!run.await(PRINT_EVERY)) {
            if (stopped.getAsBoolean()) {
                run.stop();
                run.await(Duration.ofSeconds(10));
                break;
            }
            out.println("  " + line(run.progress()));
            out.flush();
        }
        WorkloadProgress p = run.progress();
        summary(p, out);
        return p;
    }

    /**
     * Runs a plan in simulated time in {@code lab}, whose clock is {@code clock}: an hour of traffic in seconds.
     */
    static WorkloadProgress fastForward(Plan plan, Lab lab, SimulatedClock clock, PrintWriter out) {
        long started = System.nanoTime();
        WorkloadProgress p = new FastForward(plan, lab, clock, 2_000).run();
        out.printf(
                "Fast-forwarded %s of traffic in %.1f s of real time.%n",
                Workloads.duration(p.elapsed()), (System.nanoTime() - started) / 1e9);
        summary(p, out);
        return p;
    }

    /** {@code 35 s · 31,500 requests · 29,000 ok · 2,500 throttled · 0 errors · 900 req/s · TableWrite… 2,500}. */
    static String line(WorkloadProgress p) {
        String reasons = p.throttlesByReason().isEmpty() ? "" : " · " + reasons(p.throttlesByReason());
        return Workloads.duration(p.elapsed().isZero() ? Duration.ofSeconds(0) : p.elapsed()) + " · " + p.countsLine()
                + " · " + Workloads.number((double) Math.round(p.achievedRate())) + " req/s" + reasons;
    }

    static void summary(WorkloadProgress p, PrintWriter out) {
        out.println((p.state() == WorkloadProgress.State.FAILED ? "Workload FAILED: " : "Workload ")
                + (p.message().isBlank() ? p.state().name().toLowerCase(java.util.Locale.ROOT) : p.message()));
        out.println("  " + line(p));
        if (p.throttled() > 0) {
            out.printf(
                    "  throttled: %.1f %% of requests%s%n",
                    100.0 * p.throttled() / Math.max(1, p.requests()),
                    p.keyRangeThrottles() > 0 ? " — KeyRange reasons: a hot partition" : "");
        } else {
            out.println("  no throttling");
        }
        if (!p.errorsByKind().isEmpty()) {
            out.println("  errors: " + reasons(p.errorsByKind()));
        }
        out.flush();
    }

    private static String reasons(Map<String, Long> counts) {
        return counts.entrySet().stream()
                .map(e -> e.getKey() + " " + String.format("%,d", e.getValue()))
                .collect(Collectors.joining(", "));
    }

    static String wrap(String text, String indent) {
        if (text == null || text.isBlank()) {
            return indent + "(no description)";
        }
        StringBuilder sb = new StringBuilder(indent);
        int col = indent.length();
        for (String word : text.strip().split("\\s+", -1)) {
            if (col + word.length() + 1 > 110 && col > indent.length()) {
                sb.append('\n').append(indent);
                col = indent.length();
            } else if (col > indent.length()) {
                sb.append(' ');
                col++;
            }
            sb.append(word);
            col += word.length();
        }
        return sb.toString();
    }
}
