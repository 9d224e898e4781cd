package dev.partitionscope.cli;

import dev.partitionscope.lab.DemoTables;
import dev.partitionscope.lab.Lab;
import dev.partitionscope.lab.clock.SimulatedClock;
import dev.partitionscope.lab.partition.ModelParams;
import dev.partitionscope.lab.recording.Recording;
import dev.partitionscope.lab.workload.Plan;
import dev.partitionscope.lab.workload.ScenarioCatalog;
import dev.partitionscope.lab.workload.WorkloadProgress;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code partitionscope lab}: the Lab as a standalone endpoint for any SDK or the AWS CLI ({@code --endpoint-url}),
 * optionally in front of an upstream engine. Runs until interrupted.
 */
@Command(
        name = "lab",
        mixinStandardHelpOptions = true,
        description = {
            "Run the Lab: a local DynamoDB endpoint that throttles like the real one.",
            "Point any SDK or the AWS CLI at it with --endpoint-url. Stops with Ctrl+C."
        },
        footer = {
            "",
            "Examples:",
            "  partitionscope lab --port 8000",
            "  partitionscope lab --port 8000 --burst-seconds 0 --adaptive off",
            "  partitionscope lab --port 8000 --upstream http://localhost:4566   (metering proxy for LocalStack)",
            "  partitionscope lab --scenario order-status                 (PENDING throttles; --variant after fixes it)",
            "  partitionscope lab --scenario ops-log --fast-forward --duration 1h --record ops-log.psrec --exit",
            "  partitionscope lab --replay ops-log.psrec                   (serve a recording for a review)",
            "  aws dynamodb list-tables --endpoint-url http://127.0.0.1:8000",
            "  aws cloudwatch describe-insight-rules --endpoint-url http://127.0.0.1:8000"
        })
public final class LabCommand implements Callable<Integer> {
    @Option(
            names = "--port",
            defaultValue = "8000",
            description = "Port (0 picks a free one). Default: ${DEFAULT-VALUE}.")
    int port;

    @Option(names = "--host", description = "Address to bind (default 127.0.0.1). The Lab has no authentication.")
    String host;

    @Option(
            names = "--upstream",
            paramLabel = "URL",
            description = "Forward every call to this engine (LocalStack, DynamoDB Local, dynalite) after metering"
                    + " and throttling it.")
    String upstream;

    @Option(
            names = "--burst-seconds",
            paramLabel = "S",
            description = "Seconds of unused capacity kept for bursts" + " (default 300; 0 = no burst).")
    Double burstSeconds;

    @Option(names = "--adaptive", paramLabel = "on|off", description = "Adaptive capacity (default on).")
    String adaptive;

    @Option(names = "--split-for-heat", paramLabel = "on|off", description = "Split hot partitions (default on).")
    String splitForHeat;

    @Option(
            names = "--latency-ms",
            paramLabel = "L",
            defaultValue = "0",
            description = "Added to every answer, like network distance.")
    long latencyMillis;

    @Option(names = "--set", paramLabel = "NAME=VALUE", description = "Any model parameter (see --list-params).")
    Map<String, String> settings = new java.util.LinkedHashMap<>();

    @Option(
            names = "--list-params",
            description = "List every model parameter with its default and source, then" + " exit.")
    boolean listParams;

    @Option(names = "--demo-tables", description = "Create the seeds' demo tables at start (as the app does).")
    boolean demoTables;

    @Option(names = "--no-throttling", description = "Serve as a plain local DynamoDB, without the partition model.")
    boolean noThrottling;

    @Option(
            names = "--lifecycle-ms",
            paramLabel = "MS",
            defaultValue = "500",
            description = "How long tables stay CREATING, UPDATING or DELETING and new indexes backfill, as DynamoDB's"
                    + " take a while (0 = at once). Default: ${DEFAULT-VALUE}.")
    long lifecycleMillis;

    @Option(
            names = "--transaction-window-ms",
            paramLabel = "MS",
            defaultValue = "0",
            description = "How long a transaction holds its prepared items before it commits: a plain write to one of"
                    + " them meanwhile wins and cancels the transaction with TransactionConflict, as on DynamoDB"
                    + " (0 = prepare and commit in one step). Default: ${DEFAULT-VALUE}.")
    long transactionWindowMillis;

    @Option(
            names = "--ttl-delay-ms",
            paramLabel = "MS",
            defaultValue = "0",
            description = "How long after its Time to Live an item may still be read before the sweep deletes it (AWS:"
                    + " up to a few days). Default: ${DEFAULT-VALUE}.")
    long ttlDelayMillis;

    @Option(
            names = "--ttl-sweep-ms",
            paramLabel = "MS",
            defaultValue = "1000",
            description = "How often the Time to Live sweep looks for expired items, on the Lab's clock. Default:"
                    + " ${DEFAULT-VALUE}.")
    long ttlSweepMillis;

    @Option(names = "--list-scenarios", description = "List the workload scenarios and their variants, then exit.")
    boolean listScenarios;

    @CommandLine.Mixin
    ScenarioOptions run = new ScenarioOptions();

    @Option(
            names = "--fast-forward",
            description = "Run the scenario in simulated time (an hour in seconds), then"
                    + " serve the result; the Lab's clock stays at the run's end.")
    boolean fastForward;

    @Option(names = "--exit", description = "Exit when the scenario ends instead of serving on.")
    boolean exitWhenDone;

    @Option(
            names = "--record",
            paramLabel = "FILE",
            description = "Save the Lab (tables, metered data, model) to" + " FILE when it stops.")
    java.nio.file.Path record;

    @Option(names = "--replay", paramLabel = "FILE", description = "Serve a saved recording instead of a new Lab.")
    java.nio.file.Path replay;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** Lets tests stop a running Lab. */
    static volatile CountDownLatch stop;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        ModelParams params;
        try {
            params = params();
        } catch (IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            err.println("  what to do: see 'partitionscope lab --list-params' for names and allowed values.");
            return CliSupport.USAGE;
        }
        if (listParams) {
            out.println("Set any of these with --set NAME=VALUE (shortcuts: --burst-seconds, --adaptive,"
                    + " --split-for-heat).");
            for (ModelParams.Parameter p : params.describe()) {
                out.printf(
                        "%-30s %-8s default %-8s (%s)%n    %s%n",
                        p.name(), p.value(), p.defaultValue(), p.source().label(), p.meaning());
            }
            return CliSupport.OK;
        }
        if (listScenarios) {
            LabScenarios.list(ScenarioCatalog.load(), out, err);
            return CliSupport.OK;
        }
        String usage = usageProblem();
        if (usage != null) {
            err.println("error: " + usage);
            err.println("  what to do: see 'partitionscope lab --help'.");
            return CliSupport.USAGE;
        }
        if (lifecycleMillis < 0 || ttlDelayMillis < 0 || transactionWindowMillis < 0 || ttlSweepMillis < 1) {
            err.println("error: --lifecycle-ms, --ttl-delay-ms and --transaction-window-ms take 0 or more,"
                    + " --ttl-sweep-ms 1 or more"
                    + " (milliseconds).");
            return CliSupport.USAGE;
        }
        if (upstream != null) {
            String problem = dev.partitionscope.aws.ConnectionSpec.endpointProblem(upstream);
            if (problem != null) {
                err.println("error: --upstream: " + problem);
                return CliSupport.USAGE;
            }
        }
        Plan plan = null;
        if (run.scenario != null) {
            plan = run.plan(err);
            if (plan == null) {
                return CliSupport.USAGE;
            }
        }
        Lab.Options options = Lab.Options.defaults()
                .withPort(port)
                .withHost(host)
                .withParams(params)
                .withLatencyMillis(latencyMillis)
                .withUpstream(upstream)
                .withThrottling(!noThrottling);
        SimulatedClock simulated = null;
        if (fastForward) {
            // The run ends now: its metrics fall in the last hour(s) a CloudWatch query would ask for.
            simulated = new SimulatedClock(
                    System.currentTimeMillis() - plan.duration().toMillis());
            options = options.withClock(simulated);
        }
        Lab lab;
        try {
            if (replay != null) {
                lab = Recording.load(replay);
                lab.listen(host == null ? "127.0.0.1" : host, port, latencyMillis);
            } else {
                lab = Lab.start(options);
            }
        } catch (Recording.RecordingException e) {
            err.println("error: " + e.getMessage());
            return CliSupport.FAILED;
        } catch (java.net.BindException e) {
            err.println("error: port " + port + " is already in use.");
            err.println("  what to do: choose another with --port, or --port 0 for any free port.");
            return CliSupport.FAILED;
        }
        lab.engine().setLifecycleMillis(lifecycleMillis);
        lab.engine().setTransactionWindowMillis(transactionWindowMillis);
        lab.engine().setTimeToLive(ttlDelayMillis, ttlSweepMillis);
        CountDownLatch latch = new CountDownLatch(1);
        CountDownLatch finished = new CountDownLatch(1);
        stop = latch;
        Thread hook = new Thread(
                () -> {
                    latch.countDown();
                    try {
                        finished.await(60, java.util.concurrent.TimeUnit.SECONDS); // let --record finish writing
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                },
                "lab-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        int exit = CliSupport.OK;
        try (lab) {
            if (host != null && !host.equals("127.0.0.1") && !host.equals("localhost")) {
                err.println("warning: the Lab is listening on " + host + " and has no authentication: anyone who can"
                        + " reach this address can read and change its tables.");
            }
            if (demoTables && upstream == null) {
                DemoTables.create(lab.engine());
            }
            String endpoint = lab.endpoint().orElseThrow();
            out.println("PartitionScope Lab listening on " + endpoint
                    + (upstream == null ? "" : " (proxy in front of " + upstream + ")"));
            if (replay != null) {
                out.println("  replaying " + replay + ": "
                        + String.join(", ", lab.engine().tablesByName().keySet())
                        + "; the clock stands at "
                        + java.time.Instant.ofEpochMilli(lab.clock().epochMillis()) + " (the moment it was saved)");
            }
            out.println("  model: " + summary(lab.params()) + (noThrottling ? " — throttling OFF" : ""));
            out.println("  try:   aws dynamodb list-tables --endpoint-url " + endpoint + " --region us-east-1");
            out.println("         aws cloudwatch describe-insight-rules --endpoint-url " + endpoint
                    + " --region us-east-1");
            out.println("  stop:  Ctrl+C");
            out.flush();
            if (plan != null) {
                LabScenarios.describe(plan, out);
                WorkloadProgress p = simulated != null
                        ? LabScenarios.fastForward(plan, lab, simulated, out)
                        : LabScenarios.follow(LabScenarios.startRealTime(plan, lab), out, () -> latch.getCount() == 0);
                if (p.state() == WorkloadProgress.State.FAILED) {
                    exit = CliSupport.FAILED;
                }
                if (!exitWhenDone && latch.getCount() > 0) {
                    out.println("The Lab keeps serving the scenario's tables, metrics and insight reports. Ctrl+C to"
                            + " stop.");
                    out.flush();
                }
            }
            if (!exitWhenDone || plan == null) {
                latch.await();
            }
            if (record != null) {
                try {
                    Recording.Summary saved = Recording.save(lab, record);
                    out.println("Saved the Lab to " + record + " (" + String.join(", ", saved.tables())
                            + (saved.itemsTruncated()
                                    ? "; items truncated to " + Recording.MAX_ITEMS + " per table"
                                    : "")
                            + "). Replay it with: partitionscope lab --replay " + record);
                } catch (java.io.IOException e) {
                    err.println("error: could not save the recording to " + record + ": " + e.getMessage());
                    exit = CliSupport.FAILED;
                }
                out.flush();
            }
        } finally {
            finished.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // the JVM is already shutting down: the hook is running and sees 'finished'
            }
        }
        return exit;
    }

    /** Flags that do not go together, as a sentence; null when the combination is fine. */
    private String usageProblem() {
        if (replay != null && (upstream != null || run.scenario != null || demoTables)) {
            return "--replay serves a saved Lab as it was; it does not combine with --upstream, --scenario or"
                    + " --demo-tables.";
        }
        if (run.scenario == null && (fastForward || exitWhenDone || run.tuned())) {
            return "--variant, --rate, --duration, --skew, --item-size, --seed, --threads, --fast-forward and --exit"
                    + " go with --scenario NAME.";
        }
        if (fastForward && upstream != null) {
            return "--fast-forward runs in the Lab's own engine in simulated time; an --upstream engine cannot follow"
                    + " it. Leave out one of them.";
        }
        return null;
    }

    private ModelParams params() {
        ModelParams p = ModelParams.defaults();
        if (burstSeconds != null) {
            p = p.withBurstSeconds(burstSeconds);
        }
        if (adaptive != null) {
            p = p.with("adaptive", onOff("--adaptive", adaptive));
        }
        if (splitForHeat != null) {
            p = p.with("split-for-heat", onOff("--split-for-heat", splitForHeat));
        }
        for (Map.Entry<String, String> e : settings.entrySet()) {
            p = p.with(e.getKey(), e.getValue());
        }
        return p;
    }

    private static String onOff(String flag, String v) {
        if (!v.equalsIgnoreCase("on") && !v.equalsIgnoreCase("off")) {
            throw new IllegalArgumentException(flag + " takes on or off, not '" + v + "'");
        }
        return v.toLowerCase(java.util.Locale.ROOT);
    }

    static String summary(ModelParams p) {
        List<String> parts = new ArrayList<>();
        Map<String, String> m = p.toMap();
        parts.add("partition " + m.get("partition-read-ceiling") + " RCU/s, " + m.get("partition-write-ceiling")
                + " WCU/s");
        parts.add("burst " + m.get("burst-seconds") + " s");
        parts.add("adaptive " + m.get("adaptive"));
        parts.add("split for heat " + m.get("split-for-heat"));
        return String.join(" · ", parts);
    }
}
