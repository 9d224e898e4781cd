package dev.partitionscope.cli;

import dev.partitionscope.aws.ConnectionSpec;
import dev.partitionscope.lab.workload.Plan;
import dev.partitionscope.lab.workload.RealTime;
import dev.partitionscope.lab.workload.RunSettings;
import dev.partitionscope.lab.workload.ScenarioCatalog;
import dev.partitionscope.lab.workload.ScenarioException;
import dev.partitionscope.lab.workload.SdkTarget;
import dev.partitionscope.lab.workload.WorkloadProgress;
import dev.partitionscope.lab.workload.WorkloadRun;
import dev.partitionscope.lab.workload.Workloads;
import java.io.PrintWriter;
import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code partitionscope workload}: a scenario in real time through the AWS SDK against any local endpoint — the Lab,
 * the Lab proxy, LocalStack, DynamoDB Local. Workloads write, so an AWS endpoint is refused: live tables are never
 * written from the command line.
 */
@Command(name = "workload", mixinStandardHelpOptions = true,
        description = {"Run a workload scenario in real time against a local endpoint (Lab, Lab proxy, LocalStack,",
                "DynamoDB Local). Creates the scenario's tables when missing. Stops at its duration or with Ctrl+C."},
        footer = {"", "Examples:",
                "  partitionscope workload --endpoint http://127.0.0.1:8000 --scenario order-status",
                "  partitionscope workload --endpoint http://localhost:4566 --scenario threats --variant after-sharded",
                "  partitionscope lab --list-scenarios        (scenarios, variants and their defaults)"})
public final class WorkloadCommand implements Callable<Integer> {
    @Option(names = "--endpoint", required = true, paramLabel = "URL", description = "The endpoint to send to.")
    String endpoint;

    @Option(names = "--region", defaultValue = "us-east-1", description = "Region. Default: ${DEFAULT-VALUE}.")
    String region;

    @Option(names = "--access-key", defaultValue = "partitionscope", paramLabel = "KEY",
            description = "Access key id (DynamoDB Local keeps one database per key). Default: ${DEFAULT-VALUE}.")
    String accessKey;

    @Option(names = "--scenario", required = true, paramLabel = "NAME", description = "See 'lab --list-scenarios'.")
    String scenario;

    @Option(names = "--variant", paramLabel = "V", defaultValue = "before", description = "Default: ${DEFAULT-VALUE}.")
    String variant;

    @Option(names = "--rate", paramLabel = "OPS", description = "Operations per second (default: the scenario's).")
    Double rate;

    @Option(names = "--duration", paramLabel = "D", description = "300, 90s, 5m, 1h (default: the scenario's).")
    String duration;

    @Option(names = "--skew", paramLabel = "PCT", description = "Share of requests on the hottest key, percent.")
    Double skew;

    @Option(names = "--item-size", paramLabel = "BYTES", description = "Bytes per written item.")
    Integer itemSize;

    @Option(names = "--seed", paramLabel = "N", description = "Random seed (same seed, same keys). Default 42.")
    Long seed;

    @Option(names = "--threads", paramLabel = "T", description = "Concurrent requests. Default 8.")
    Integer threads;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** Lets tests stop a run. */
    static volatile CountDownLatch stop;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        String problem = endpointProblem(endpoint);
        if (problem != null) {
            err.println("error: --endpoint: " + problem);
            return CliSupport.USAGE;
        }
        Plan plan;
        try {
            RunSettings settings = RunSettings.defaults().withRate(rate).withSkewPercent(skew).withItemSize(itemSize)
                    .withDuration(duration == null ? null : Workloads.parseDuration(duration));
            if (seed != null) {
                settings = settings.withSeed(seed);
            }
            if (threads != null) {
                settings = settings.withThreads(threads);
            }
            plan = Plan.of(ScenarioCatalog.load().get(scenario), variant, settings);
        } catch (ScenarioException | IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            err.println("  what to do: 'partitionscope lab --list-scenarios' lists scenarios, variants and their"
                    + " defaults.");
            return CliSupport.USAGE;
        }
        out.println("Sending to " + endpoint + " (" + region + ", key " + accessKey + ")");
        LabScenarios.describe(plan, out);
        CountDownLatch latch = new CountDownLatch(1);
        stop = latch;
        WorkloadRun run = RealTime.start(plan, new SdkTarget(endpoint.trim(), region, accessKey, List.of()),
                System::currentTimeMillis);
        Thread hook = new Thread(() -> {
            run.stop();
            try {
                run.await(java.time.Duration.ofSeconds(10));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "workload-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            WorkloadProgress p = LabScenarios.follow(run, out, () -> latch.getCount() == 0);
            return p.state() == WorkloadProgress.State.FAILED ? CliSupport.FAILED : CliSupport.OK;
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // shutting down: the hook stops the run
            }
        }
    }

    /** A malformed URL, or an AWS endpoint (workloads write; live tables are off limits here); null when fine. */
    static String endpointProblem(String url) {
        String problem = ConnectionSpec.endpointProblem(url);
        if (problem != null) {
            return problem;
        }
        String host = URI.create(url.trim()).getHost();
        String h = host == null ? "" : host.toLowerCase(Locale.ROOT);
        if (h.endsWith("amazonaws.com") || h.endsWith("amazonaws.com.cn") || h.endsWith(".aws")) {
            return host + " is AWS. A workload writes thousands of items, so it runs only against local endpoints (the"
                    + " Lab, the Lab proxy, LocalStack, DynamoDB Local). Start one with 'partitionscope lab'.";
        }
        return null;
    }
}
