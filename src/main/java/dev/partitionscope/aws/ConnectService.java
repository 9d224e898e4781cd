package dev.partitionscope.aws;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Opens a connection and proves it works before the UI switches to it: LocalStack's health first (to tell "not
 * running" from "not LocalStack"), then one cheap ListTables call that checks reachability, credentials and the
 * dynamodb:ListTables permission at once. On any failure the clients are closed again.
 */
public final class ConnectService {
    private final Supplier<ConnectionFactory> factories;
    private final LocalStackProbe localStackProbe;
    private final LabLauncher labs;

    /** The open connection plus what the user should know about it (LocalStack version, warnings). */
    public record Result(Connection connection, List<String> notes) {}

    /**
     * @param factories asked once per connect, so profile files edited (or refreshed by 'aws sso login') since start
     *                  are read again without a restart
     */
    public ConnectService(Supplier<ConnectionFactory> factories, LocalStackProbe localStackProbe) {
        this(factories, localStackProbe, null);
    }

    /**
     * @param labs starts the Lab embedded in the app and Lab proxies; null where there are none (the CLI)
     */
    public ConnectService(Supplier<ConnectionFactory> factories, LocalStackProbe localStackProbe, LabLauncher labs) {
        this.factories = factories;
        this.localStackProbe = localStackProbe;
        this.labs = labs;
    }

    public ConnectService(ConnectionFactory factory, LocalStackProbe localStackProbe) {
        this(() -> factory, localStackProbe);
    }

    public ConnectService(ConnectionFactory factory) {
        this(() -> factory, new LocalStackProbe(Duration.ofSeconds(3)));
    }

    public Result connect(ConnectionSpec spec) throws InterruptedException {
        String upstream = null;
        if (spec.kind() == ConnectionKind.LAB) {
            spec = spec.withEndpoint(startLab());
        }
        List<String> notes = new ArrayList<>();
        if (spec.kind() == ConnectionKind.LOCALSTACK) {
            notes.addAll(localStackNotes(spec));
        }
        if (spec.labProxyPort() != null && spec.problems().isEmpty()) {
            upstream = spec.endpoint();
            String proxy = startProxy(spec);
            notes.add("Through the Lab proxy " + proxy + ": requests are metered and throttled like DynamoDB before"
                    + " they reach " + upstream + ". Point your own app at " + proxy + " too.");
            spec = spec.withEndpoint(proxy);
        }
        Connection connection = factories.get().open(spec).via(upstream);
        try {
            connection.dynamo().listTables(b -> b.limit(1));
            if (Thread.interrupted()) {
                throw new InterruptedException("connect cancelled");
            }
            return new Result(connection, List.copyOf(notes));
        } catch (RuntimeException | InterruptedException e) {
            connection.close();
            throw e;
        }
    }

    private String startProxy(ConnectionSpec spec) {
        if (labs == null) {
            throw new ConnectException(UserMessage.of(
                    "No Lab proxy here",
                    "The Lab proxy is started by the desktop app.",
                    "Run 'partitionscope lab --port " + spec.labProxyPort() + " --upstream " + spec.endpoint()
                            + "' and connect to http://127.0.0.1:" + spec.labProxyPort() + " instead."));
        }
        try {
            return labs.proxy(spec.endpoint(), spec.labProxyPort());
        } catch (java.io.UncheckedIOException e) {
            throw new ConnectException(UserMessage.of(
                    "Port " + spec.labProxyPort() + " is already in use",
                    "The Lab proxy could not listen on 127.0.0.1:" + spec.labProxyPort() + ".",
                    "Choose another proxy port in the connection, or stop what uses this one."));
        }
    }

    private String startLab() {
        if (labs == null) {
            throw new ConnectException(UserMessage.of(
                    "No built-in Lab here",
                    "The Lab runs inside the desktop app.",
                    "Start one with 'partitionscope lab --port 8000' and connect to http://127.0.0.1:8000 as a"
                            + " custom endpoint."));
        }
        try {
            return labs.embedded();
        } catch (RuntimeException e) {
            throw new ConnectException(UserMessage.of(
                    "The Lab could not start",
                    e.getMessage(),
                    "Another program may be holding resources; restart the app, or use 'partitionscope lab'."));
        }
    }

    private List<String> localStackNotes(ConnectionSpec spec) throws InterruptedException {
        Optional<LocalStackProbe.Health> health = localStackProbe.probe(spec.endpoint());
        if (health.isEmpty()) {
            throw new ConnectException(UserMessage.of(
                    "LocalStack is not answering",
                    "No LocalStack health answer at " + spec.endpoint() + "/_localstack/health.",
                    "Start LocalStack ('localstack start' or docker compose up), or, for DynamoDB Local or dynalite,"
                            + " choose 'Custom endpoint' instead."));
        }
        LocalStackProbe.Health h = health.get();
        List<String> notes = new ArrayList<>();
        notes.add(h.describe());
        if (!h.cloudWatchSpeaksCbor()) {
            notes.add("CloudWatch calls from this SDK need LocalStack ≥ " + LocalStackProbe.MIN_CBOR_VERSION
                    + " (this is " + (h.version() == null ? "an unknown version" : h.version())
                    + "): metrics screens will fail until you upgrade.");
        }
        notes.add("LocalStack publishes no DynamoDB metrics and has no Contributor Insights; put the Lab in front of"
                + " it to see throttles and per-key heat.");
        return notes;
    }
}
