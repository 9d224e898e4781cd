package dev.partitionscope.testing;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.apache5.Apache5HttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughput;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

/**
 * One real, in-memory dynalite server (npm {@code dynalite}, MIT) per test JVM: installed on first use into
 * {@code -Dpartitionscope.dynalite.dir} (default target/dynalite), started lazily on a free loopback port, stopped by a
 * shutdown hook. Annotate a test class with {@code @ExtendWith(Dynalite.Required.class)} and call {@link #endpoint()}
 * (or {@link #client()}) from {@code @BeforeAll}: without Node.js the class is skipped (its tests counted as skipped)
 * with a loud warning on stderr, or fails when {@code PARTITIONSCOPE_REQUIRE_NODE=1} (CI). Called without the
 * extension, {@link #endpoint()} aborts the caller through {@link Assumptions} instead.
 *
 * <p>Every test shares the server, so tables get unique names ({@link #uniqueName}) and tests never assume an empty
 * database.
 */
public final class Dynalite {
    public static final String VERSION = "4.0.0";
    public static final String REGION = "us-east-1";
    /** Test-only dummy credentials; dynalite checks that a signature is present, not what it signs with. */
    public static final String ACCESS_KEY = "dynalitetest";

    private static final String SECRET = "dynalite-test-secret";
    /** Index names used by {@link #createTableWithGsi} and {@link #createTableWithLsi}. */
    public static final String GSI = "byGsiPk";

    public static final String LSI = "byCreated";

    private static final Duration START_TIMEOUT = Duration.ofSeconds(15);
    private static final Duration INSTALL_TIMEOUT = Duration.ofMinutes(3);

    private static Server server;
    private static DynamoDbClient client;
    private static String unavailable;
    private static RuntimeException startFailure;
    private static boolean warned;

    /** Skips the annotated test class when Node.js is missing (unless {@code PARTITIONSCOPE_REQUIRE_NODE=1}). */
    public static final class Required implements ExecutionCondition {
        @Override
        public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
            String missing = missingTools();
            if (missing == null || nodeRequired()) {
                return ConditionEvaluationResult.enabled("Node.js found (or required, so endpoint() fails loudly)");
            }
            warnOnce(missing);
            return ConditionEvaluationResult.disabled("dynalite tests SKIPPED: Node.js not found (" + missing + ")");
        }
    }

    private Dynalite() {}

    // The first start failure is kept as the cause of the fast failure every later test gets: one broken install is
    // reported once with its real cause instead of retried per test class.
    @SuppressWarnings("StaticAssignmentOfThrowable")
    private static void rememberStartFailure(RuntimeException e) {
        startFailure = e;
    }

    /** {@code http://127.0.0.1:PORT} of the running server, starting it first if needed. */
    public static synchronized String endpoint() {
        if (unavailable != null) {
            skipOrFail(unavailable);
        }
        if (server == null) {
            String missing = missingTools();
            if (missing != null) {
                unavailable = missing;
                skipOrFail(unavailable);
            }
            if (startFailure != null) {
                throw new IllegalStateException(
                        "dynalite failed to start earlier in this JVM: " + startFailure.getMessage(), startFailure);
            }
            try {
                Path dir = installDir();
                install(dir);
                server = start(onPath("node").orElseThrow(), dir);
            } catch (RuntimeException e) {
                rememberStartFailure(e);
                throw e;
            }
            Runtime.getRuntime().addShutdownHook(new Thread(Dynalite::stop, "dynalite-stop"));
        }
        if (!server.process().isAlive()) {
            throw new IllegalStateException("dynalite exited (code " + exitCode(server.process()) + ") during the"
                    + " tests; its output:\n" + server.output().text());
        }
        return server.endpoint();
    }

    public static int port() {
        return URI.create(endpoint()).getPort();
    }

    /**
     * A raw DynamoDB client for test setup and checks: straight to dynalite, no write guard, static dummy
     * credentials. Shared; do not close it.
     */
    public static synchronized DynamoDbClient client() {
        String endpoint = endpoint();
        if (client == null) {
            client = newClient(endpoint);
        }
        return client;
    }

    /** A new raw client for another endpoint (e.g. a {@link RecordingProxy} in front of dynalite); close it. */
    public static DynamoDbClient newClient(String endpoint) {
        return DynamoDbClient.builder()
                .endpointOverride(URI.create(endpoint))
                .region(Region.of(REGION))
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(ACCESS_KEY, SECRET)))
                .httpClient(Apache5HttpClient.builder()
                        .connectionTimeout(Duration.ofSeconds(5))
                        .socketTimeout(Duration.ofSeconds(30))
                        .build())
                .build();
    }

    /** A table name no other test uses: {@code prefix-<random>}. */
    public static String uniqueName(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    /**
     * Creates a PROVISIONED (10 RCU / 5 WCU) table {@code pk (S)}, {@code sk (S)} with GSI {@value #GSI} on
     * {@code gsiPk (S)}, {@code gsiSk (N)}, projection INCLUDE {@code title, owner}, 4 RCU / 2 WCU; waits for ACTIVE.
     */
    public static String createTableWithGsi(String prefix) {
        String name = uniqueName(prefix);
        createTable(b -> b.tableName(name)
                .attributeDefinitions(
                        attr("pk", ScalarAttributeType.S),
                        attr("sk", ScalarAttributeType.S),
                        attr("gsiPk", ScalarAttributeType.S),
                        attr("gsiSk", ScalarAttributeType.N))
                .keySchema(key("pk", KeyType.HASH), key("sk", KeyType.RANGE))
                .provisionedThroughput(throughput(10, 5))
                .globalSecondaryIndexes(GlobalSecondaryIndex.builder()
                        .indexName(GSI)
                        .keySchema(key("gsiPk", KeyType.HASH), key("gsiSk", KeyType.RANGE))
                        .projection(Projection.builder()
                                .projectionType(ProjectionType.INCLUDE)
                                .nonKeyAttributes("title", "owner")
                                .build())
                        .provisionedThroughput(throughput(4, 2))
                        .build()));
        return name;
    }

    /**
     * Creates a PAY_PER_REQUEST table {@code id (N)}, {@code ts (N)} with LSI {@value #LSI} on {@code id},
     * {@code created (S)}, projection KEYS_ONLY; waits for ACTIVE.
     */
    public static String createTableWithLsi(String prefix) {
        String name = uniqueName(prefix);
        createTable(b -> b.tableName(name)
                .attributeDefinitions(
                        attr("id", ScalarAttributeType.N),
                        attr("ts", ScalarAttributeType.N),
                        attr("created", ScalarAttributeType.S))
                .keySchema(key("id", KeyType.HASH), key("ts", KeyType.RANGE))
                .billingMode(BillingMode.PAY_PER_REQUEST)
                .localSecondaryIndexes(LocalSecondaryIndex.builder()
                        .indexName(LSI)
                        .keySchema(key("id", KeyType.HASH), key("created", KeyType.RANGE))
                        .projection(Projection.builder()
                                .projectionType(ProjectionType.KEYS_ONLY)
                                .build())
                        .build()));
        return name;
    }

    /** Creates a table with the raw client and waits until it is ACTIVE. */
    public static void createTable(Consumer<CreateTableRequest.Builder> request) {
        CreateTableRequest built =
                CreateTableRequest.builder().applyMutation(request).build();
        client().createTable(built);
        waitActive(built.tableName());
    }

    /** Polls DescribeTable until the table is ACTIVE (dynalite keeps new tables CREATING for a moment). */
    public static void waitActive(String table) {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (true) {
            TableStatus status =
                    client().describeTable(b -> b.tableName(table)).table().tableStatus();
            if (status == TableStatus.ACTIVE) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("Table " + table + " still " + status + " after 20 s");
            }
            sleep(25);
        }
    }

    public static AttributeDefinition attr(String name, ScalarAttributeType type) {
        return AttributeDefinition.builder()
                .attributeName(name)
                .attributeType(type)
                .build();
    }

    public static KeySchemaElement key(String name, KeyType type) {
        return KeySchemaElement.builder().attributeName(name).keyType(type).build();
    }

    public static ProvisionedThroughput throughput(long read, long write) {
        return ProvisionedThroughput.builder()
                .readCapacityUnits(read)
                .writeCapacityUnits(write)
                .build();
    }

    // ---------------------------------------------------------------------------------------------------------------

    /** Null when dynalite can run here, else what is missing. */
    private static String missingTools() {
        if (onPath("node").isEmpty()) {
            return "'node' is not on PATH";
        }
        if (!Files.isRegularFile(cli(installDir())) && onPath("npm").isEmpty()) {
            return "'npm' is not on PATH and dynalite is not installed in " + installDir();
        }
        return null;
    }

    private static boolean nodeRequired() {
        return "1".equals(System.getenv("PARTITIONSCOPE_REQUIRE_NODE"));
    }

    private static void skipOrFail(String why) {
        if (nodeRequired()) {
            Assertions.fail("Node.js is required for the dynalite tests (PARTITIONSCOPE_REQUIRE_NODE=1) but " + why
                    + ": install it (e.g. 'apt-get install -y nodejs npm') and run again.");
        }
        warnOnce(why);
        Assumptions.abort("dynalite tests SKIPPED: Node.js not found (" + why + ")");
    }

    private static synchronized void warnOnce(String why) {
        if (warned) {
            return;
        }
        warned = true;
        System.err.println(String.join(
                System.lineSeparator(),
                "",
                "##################################################################################",
                "##  dynalite tests SKIPPED: Node.js not found (" + why + ").",
                "##  The tests against a real DynamoDB-compatible engine did NOT run.",
                "##  Install Node.js and npm (e.g. 'apt-get install -y nodejs npm'), or set",
                "##  PARTITIONSCOPE_REQUIRE_NODE=1 to make this a failure instead of a skip.",
                "##################################################################################",
                ""));
    }

    private static Path installDir() {
        String dir = System.getProperty("partitionscope.dynalite.dir");
        return (dir == null || dir.isBlank() ? Path.of("target", "dynalite") : Path.of(dir)).toAbsolutePath();
    }

    private static Path cli(Path dir) {
        return dir.resolve("node_modules").resolve("dynalite").resolve("cli.js");
    }

    private static void install(Path dir) {
        if (Files.isRegularFile(cli(dir))) {
            return;
        }
        Path npm = onPath("npm").orElseThrow(() -> new IllegalStateException("npm disappeared from PATH"));
        List<String> command = List.of(
                npm.toString(),
                "install",
                "--prefix",
                dir.toString(),
                "--no-audit",
                "--no-fund",
                "--no-save",
                "dynalite@" + VERSION);
        try {
            Files.createDirectories(dir);
            Process p = new ProcessBuilder(command)
                    .directory(dir.toFile())
                    .redirectErrorStream(true)
                    .start();
            OutputCollector out = new OutputCollector(p.getInputStream());
            if (!p.waitFor(INSTALL_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                destroyTree(p);
                throw new IllegalStateException(
                        "npm install dynalite timed out after " + INSTALL_TIMEOUT + ". Output:\n" + out.text());
            }
            if (p.exitValue() != 0 || !Files.isRegularFile(cli(dir))) {
                throw new IllegalStateException("'" + String.join(" ", command) + "' failed (exit " + p.exitValue()
                        + "). Output:\n" + out.text());
            }
        } catch (IOException e) {
            throw new IllegalStateException("Could not run '" + String.join(" ", command) + "': " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while installing dynalite", e);
        }
    }

    private static Server start(Path node, Path dir) {
        String lastFailure = "";
        for (int attempt = 1; attempt <= 3; attempt++) {
            int port = freePort();
            List<String> command = List.of(
                    node.toString(),
                    cli(dir).toString(),
                    "--host",
                    "127.0.0.1",
                    "--port",
                    String.valueOf(port),
                    "--createTableMs",
                    "20",
                    "--deleteTableMs",
                    "20",
                    "--updateTableMs",
                    "20");
            Process p;
            try {
                p = new ProcessBuilder(command).redirectErrorStream(true).start();
            } catch (IOException e) {
                throw new IllegalStateException(
                        "Could not start dynalite (" + String.join(" ", command) + "): " + e.getMessage(), e);
            }
            OutputCollector out = new OutputCollector(p.getInputStream());
            long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
            while (System.nanoTime() < deadline && p.isAlive()) {
                if (accepts(port)) {
                    return new Server(p, port, out);
                }
                sleep(50);
            }
            destroyTree(p);
            lastFailure = (p.isAlive()
                            ? "did not accept connections on port " + port + " within " + START_TIMEOUT
                            : "exited with code " + exitCode(p))
                    + "\ncommand: " + String.join(" ", command)
                    + "\noutput:\n" + out.text();
            if (!out.text().contains("EADDRINUSE")) {
                break; // only a lost race for the port is worth another try
            }
        }
        throw new IllegalStateException("dynalite did not start: " + lastFailure);
    }

    private static synchronized void stop() {
        if (client != null) {
            client.close();
        }
        if (server != null) {
            destroyTree(server.process());
        }
    }

    private static void destroyTree(Process p) {
        p.descendants().forEach(ProcessHandle::destroy);
        p.destroy();
        try {
            if (!p.waitFor(3, TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static String exitCode(Process p) {
        try {
            return String.valueOf(p.waitFor());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "?";
        }
    }

    @SuppressWarnings("AddressSelection") // an IPv4 literal (no name lookup), where dynalite listens
    private static boolean accepts(int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 200);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** A loopback port that was free a moment ago (nothing listens on it when this returns). */
    public static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException("No free port: " + e.getMessage(), e);
        }
    }

    /** The executable {@code program} on PATH ({@code .exe}/{@code .cmd} too on Windows), if there is one. */
    public static Optional<Path> onPath(String program) {
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        boolean windows =
                System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("win");
        List<String> names = new ArrayList<>(List.of(program));
        if (windows) {
            names.addAll(List.of(program + ".exe", program + ".cmd"));
        }
        for (String entry : path.split(File.pathSeparator, -1)) {
            if (entry.isBlank()) {
                continue;
            }
            for (String name : names) {
                Path candidate = Path.of(entry, name);
                if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                    return Optional.of(candidate);
                }
            }
        }
        return Optional.empty();
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted", e);
        }
    }

    private record Server(Process process, int port, OutputCollector output) {
        String endpoint() {
            return "http://127.0.0.1:" + port;
        }
    }

    /** Drains a process's output on a daemon thread (so it never blocks) and keeps the first 16 KiB. */
    private static final class OutputCollector {
        private static final int KEEP = 16 * 1024;
        private final ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        private final Thread reader;

        OutputCollector(InputStream in) {
            reader = new Thread(
                    () -> {
                        byte[] chunk = new byte[4096];
                        try (in) {
                            int n;
                            while ((n = in.read(chunk)) >= 0) {
                                synchronized (buffer) {
                                    if (buffer.size() < KEEP) {
                                        buffer.write(chunk, 0, Math.min(n, KEEP - buffer.size()));
                                    }
                                }
                            }
                        } catch (IOException ignored) {
                            // the process ended
                        }
                    },
                    "dynalite-output");
            reader.setDaemon(true);
            reader.start();
        }

        /** The output so far; after the process ended, waits briefly for the last of it. */
        String text() {
            try {
                reader.join(500);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            synchronized (buffer) {
                return buffer.toString(StandardCharsets.UTF_8);
            }
        }
    }
}
