package dev.partitionscope.cli;

import dev.partitionscope.lab.DemoTables;
import dev.partitionscope.lab.Lab;
import dev.partitionscope.lab.partition.ModelParams;
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
@Command(name = "lab", mixinStandardHelpOptions = true,
        description = {"Run the Lab: a local DynamoDB endpoint that throttles like the real one.",
                "Point any SDK or the AWS CLI at it with --endpoint-url. Stops with Ctrl+C."},
        footer = {"", "Examples:",
                "  partitionscope lab --port 8000",
                "  partitionscope lab --port 8000 --burst-seconds 0 --adaptive off",
                "  partitionscope lab --port 8000 --upstream http://localhost:4566   (metering proxy for LocalStack)",
                "  aws dynamodb list-tables --endpoint-url http://127.0.0.1:8000"})
public final class LabCommand implements Callable<Integer> {
    @Option(names = "--port", defaultValue = "8000", description = "Port (0 picks a free one). Default: ${DEFAULT-VALUE}.")
    int port;

    @Option(names = "--host", description = "Address to bind (default 127.0.0.1). The Lab has no authentication.")
    String host;

    @Option(names = "--upstream", paramLabel = "URL",
            description = "Forward every call to this engine (LocalStack, DynamoDB Local, dynalite) after metering"
                    + " and throttling it.")
    String upstream;

    @Option(names = "--burst-seconds", paramLabel = "S", description = "Seconds of unused capacity kept for bursts"
            + " (default 300; 0 = no burst).")
    Double burstSeconds;

    @Option(names = "--adaptive", paramLabel = "on|off", description = "Adaptive capacity (default on).")
    String adaptive;

    @Option(names = "--split-for-heat", paramLabel = "on|off", description = "Split hot partitions (default on).")
    String splitForHeat;

    @Option(names = "--latency-ms", paramLabel = "L", defaultValue = "0",
            description = "Added to every answer, like network distance.")
    long latencyMillis;

    @Option(names = "--set", paramLabel = "NAME=VALUE", description = "Any model parameter (see --list-params).")
    Map<String, String> settings = new java.util.LinkedHashMap<>();

    @Option(names = "--list-params", description = "List every model parameter with its default and source, then"
            + " exit.")
    boolean listParams;

    @Option(names = "--demo-tables", description = "Create the seeds' demo tables at start (as the app does).")
    boolean demoTables;

    @Option(names = "--no-throttling", description = "Serve as a plain local DynamoDB, without the partition model.")
    boolean noThrottling;

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
                out.printf("%-30s %-8s default %-8s (%s)%n    %s%n", p.name(), p.value(), p.defaultValue(),
                        p.source().label(), p.meaning());
            }
            return CliSupport.OK;
        }
        if (upstream != null) {
            String problem = dev.partitionscope.aws.ConnectionSpec.endpointProblem(upstream);
            if (problem != null) {
                err.println("error: --upstream: " + problem);
                return CliSupport.USAGE;
            }
        }
        Lab.Options options = Lab.Options.defaults().withPort(port).withHost(host).withParams(params)
                .withLatencyMillis(latencyMillis).withUpstream(upstream).withThrottling(!noThrottling);
        Lab lab;
        try {
            lab = Lab.start(options);
        } catch (java.net.BindException e) {
            err.println("error: port " + port + " is already in use.");
            err.println("  what to do: choose another with --port, or --port 0 for any free port.");
            return CliSupport.FAILED;
        }
        try (lab) {
            if (host != null && !host.equals("127.0.0.1") && !host.equals("localhost")) {
                err.println("warning: the Lab is listening on " + host + " and has no authentication: anyone who can"
                        + " reach this address can read and change its tables.");
            }
            if (demoTables && upstream == null) {
                DemoTables.create(lab.engine());
            }
            CountDownLatch latch = new CountDownLatch(1);
            stop = latch;
            String endpoint = lab.endpoint().orElseThrow();
            out.println("PartitionScope Lab listening on " + endpoint + (upstream == null ? ""
                    : " (proxy in front of " + upstream + ")"));
            out.println("  model: " + summary(params) + (noThrottling ? " — throttling OFF" : ""));
            out.println("  try:   aws dynamodb list-tables --endpoint-url " + endpoint + " --region us-east-1");
            out.println("  stop:  Ctrl+C");
            out.flush();
            Runtime.getRuntime().addShutdownHook(new Thread(latch::countDown, "lab-shutdown"));
            latch.await();
        }
        return CliSupport.OK;
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
