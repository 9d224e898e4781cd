package dev.partitionscope.cli;

import dev.partitionscope.aws.ConnectionSpec;
import dev.partitionscope.lab.workload.Plan;
import dev.partitionscope.lab.workload.RealTime;
import dev.partitionscope.lab.workload.SdkTarget;
import dev.partitionscope.lab.workload.WorkloadProgress;
import dev.partitionscope.lab.workload.WorkloadRun;
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
@Command(
        name = "workload",
        mixinStandardHelpOptions = true,
        description = {
            "Run a workload scenario in real time against a local endpoint (Lab, Lab proxy, LocalStack,",
            "DynamoDB Local). Creates the scenario's tables when missing. Stops at its duration or with Ctrl+C."
        },
        footer = {
            "",
            "Examples:",
            "  partitionscope workload --endpoint http://127.0.0.1:8000 --scenario order-status",
            "  partitionscope workload --endpoint http://localhost:4566 --scenario threats --variant after-sharded",
            "  partitionscope lab --list-scenarios        (scenarios, variants and their defaults)"
        })
public final class WorkloadCommand implements Callable<Integer> {
    @Option(names = "--endpoint", required = true, paramLabel = "URL", description = "The endpoint to send to.")
    String endpoint;

    @Option(names = "--region", defaultValue = "us-east-1", description = "Region. Default: ${DEFAULT-VALUE}.")
    String region;

    @Option(
            names = "--access-key",
            defaultValue = "partitionscope",
            paramLabel = "KEY",
            description = "Access key id (DynamoDB Local keeps one database per key). Default: ${DEFAULT-VALUE}.")
    String accessKey;

    @CommandLine.Mixin
    ScenarioOptions run = new ScenarioOptions();

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
        if (run.scenario == null) {
            err.println("error: --scenario NAME is required.");
            err.println("  what to do: 'partitionscope lab --list-scenarios' lists scenarios, variants and their"
                    + " defaults.");
            return CliSupport.USAGE;
        }
        Plan plan = run.plan(err);
        if (plan == null) {
            return CliSupport.USAGE;
        }
        out.println("Sending to " + endpoint + " (" + region + ", key " + accessKey + ")");
        LabScenarios.describe(plan, out);
        CountDownLatch latch = new CountDownLatch(1);
        stop = latch;
        WorkloadRun run = RealTime.start(
                plan, new SdkTarget(endpoint.trim(), region, accessKey, List.of()), System::currentTimeMillis);
        Thread hook = new Thread(
                () -> {
                    run.stop();
                    try {
                        run.await(java.time.Duration.ofSeconds(10));
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                },
                "workload-shutdown");
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
