package dev.partitionscope.lab.bench;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.partitionscope.lab.clock.SystemLabClock;
import dev.partitionscope.lab.engine.CapacityGate;
import dev.partitionscope.lab.engine.LabEngine;
import dev.partitionscope.lab.server.LabServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.http.apache5.Apache5HttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ResourceInUseException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

/**
 * PutItem throughput over loopback with 16 client threads and the AWS SDK's sync client, against the Lab (engine
 * unthrottled, as a plain local DynamoDB) and against dynalite, in one run with the same item shape: both are warmed
 * up first, then measured in alternating rounds. Prints requests/s for each and the ratio (target: Lab ≥ 5×
 * dynalite). A third target, the Lab's HTTP server with a handler that answers {@code {}} at once, shows the ceiling
 * of this client on this machine: no engine behind the same client can go faster. Not a JMH benchmark: the client,
 * not the harness, is what runs the load.
 *
 * <pre>
 * mvn -B -q -Pbench compile dependency:build-classpath -Dmdep.outputFile=target/bench.classpath
 * java -cp target/classes:$(cat target/bench.classpath) dev.partitionscope.lab.bench.PutItemThroughput
 * </pre>
 * Options: {@code --threads N} (16), {@code --warmup S} (10), {@code --seconds S} (10 per round),
 * {@code --rounds R} (3), {@code --dynalite URL} (use a running dynalite instead of starting the one in
 * {@code target/dynalite}; install that with {@code npm install --prefix target/dynalite dynalite@4.0.0}).
 */
public final class PutItemThroughput {
    private static final String TABLE = "bench";

    private PutItemThroughput() {}

    public static void main(String[] args) throws Exception {
        int threads = intArg(args, "--threads", 16);
        int warmup = intArg(args, "--warmup", 10);
        int seconds = intArg(args, "--seconds", 10);
        int rounds = intArg(args, "--rounds", 3);
        String dynaliteUrl = stringArg(args, "--dynalite", null);

        LabEngine engine =
                new LabEngine(SystemLabClock.INSTANCE, "us-east-1", c -> CapacityGate.UNLIMITED, record -> {});
        Process dynaliteProcess = null;
        try (LabServer lab = LabServer.start(null, 0, dev.partitionscope.lab.Lab.endpointHandler(engine), 0);
                LabServer ceiling =
                        LabServer.start(null, 0, (operation, request) -> JsonNodeFactory.instance.objectNode(), 0)) {
            if (dynaliteUrl == null) {
                int port = freePort();
                dynaliteProcess = startDynalite(port);
                dynaliteUrl = "http://127.0.0.1:" + port;
            }
            try (DynamoDbClient labClient = client(lab.endpoint(), threads);
                    DynamoDbClient dynClient = client(dynaliteUrl, threads);
                    DynamoDbClient ceilingClient = client(ceiling.endpoint(), threads)) {
                createTable(labClient);
                createTable(dynClient);
                System.out.printf(
                        "PutItem, %d client threads, AWS SDK %s sync client (Apache 5), loopback;"
                                + " %d s warm-up each, %d rounds of %d s%n",
                        threads, software.amazon.awssdk.core.util.VersionInfo.SDK_VERSION, warmup, rounds, seconds);
                System.out.printf("item: pk (S, ~12 B) + payload (S, 200 B) + n (N)  → ~230 B, 1 WCU%n");
                run("warm-up Lab", labClient, threads, warmup);
                run("warm-up dynalite", dynClient, threads, warmup);
                run("warm-up ceiling", ceilingClient, threads, warmup);
                List<Double> labRates = new ArrayList<>();
                List<Double> dynRates = new ArrayList<>();
                List<Double> ceilingRates = new ArrayList<>();
                for (int r = 1; r <= rounds; r++) {
                    labRates.add(run("round " + r + " Lab", labClient, threads, seconds));
                    dynRates.add(run("round " + r + " dynalite", dynClient, threads, seconds));
                    ceilingRates.add(run("round " + r + " ceiling", ceilingClient, threads, seconds));
                }
                double labMean = mean(labRates);
                double dynMean = mean(dynRates);
                System.out.printf(
                        "%nLab      %,10.0f requests/s%ndynalite %,10.0f requests/s%nratio    %10.1f×"
                                + " (target ≥ 5×)%nceiling  %,10.0f requests/s (this client against a server that answers {}"
                                + " at once)%n",
                        labMean, dynMean, labMean / dynMean, mean(ceilingRates));
            }
        } finally {
            if (dynaliteProcess != null) {
                dynaliteProcess.destroy();
                if (!dynaliteProcess.waitFor(3, TimeUnit.SECONDS)) {
                    dynaliteProcess.destroyForcibly();
                }
            }
        }
    }

    /** {@code threads} threads putting distinct items for {@code seconds}; returns successful requests per second. */
    private static double run(String label, DynamoDbClient client, int threads, int seconds)
            throws InterruptedException {
        AtomicBoolean stop = new AtomicBoolean();
        AtomicLong ok = new AtomicLong();
        AtomicLong failed = new AtomicLong();
        CountDownLatch done = new CountDownLatch(threads);
        String payload = "p".repeat(200);
        String run = Long.toString(System.nanoTime(), 36);
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int id = t;
            Thread w = new Thread(
                    () -> {
                        long i = 0;
                        try {
                            while (!stop.get()) {
                                String n = Long.toString(i++);
                                String pk = run + "-" + id + "-" + n;
                                try {
                                    client.putItem(b -> b.tableName(TABLE)
                                            .item(Map.of(
                                                    "pk", AttributeValue.fromS(pk),
                                                    "payload", AttributeValue.fromS(payload),
                                                    "n", AttributeValue.fromN(n))));
                                    ok.incrementAndGet();
                                } catch (RuntimeException e) {
                                    failed.incrementAndGet();
                                }
                            }
                        } finally {
                            done.countDown();
                        }
                    },
                    "put-" + t);
            w.setDaemon(true);
            workers.add(w);
        }
        long start = System.nanoTime();
        workers.forEach(Thread::start);
        Thread.sleep(seconds * 1000L);
        long measured = ok.get();
        long elapsed = System.nanoTime() - start;
        stop.set(true);
        done.await(30, TimeUnit.SECONDS);
        double rate = measured * 1e9 / elapsed;
        System.out.printf("%-20s %,10.0f requests/s  (%,d ok, %,d failed)%n", label, rate, measured, failed.get());
        return rate;
    }

    private static double mean(List<Double> rates) {
        return rates.stream().mapToDouble(Double::doubleValue).average().orElse(0);
    }

    private static DynamoDbClient client(String endpoint, int threads) {
        return DynamoDbClient.builder()
                .endpointOverride(URI.create(endpoint))
                .region(Region.US_EAST_1)
                // Dummy credentials: neither engine checks signatures.
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("bench", "bench")))
                .httpClient(Apache5HttpClient.builder()
                        .maxConnections(threads * 2)
                        .connectionTimeout(Duration.ofSeconds(5))
                        .socketTimeout(Duration.ofSeconds(30))
                        .build())
                .overrideConfiguration(
                        o -> o.retryStrategy(AwsRetryStrategy.doNotRetry()).apiCallTimeout(Duration.ofSeconds(30)))
                .build();
    }

    private static void createTable(DynamoDbClient client) throws InterruptedException {
        try {
            client.createTable(b -> b.tableName(TABLE)
                    .billingMode(BillingMode.PAY_PER_REQUEST)
                    .attributeDefinitions(AttributeDefinition.builder()
                            .attributeName("pk")
                            .attributeType(ScalarAttributeType.S)
                            .build())
                    .keySchema(KeySchemaElement.builder()
                            .attributeName("pk")
                            .keyType(KeyType.HASH)
                            .build()));
        } catch (ResourceInUseException exists) {
            // a --dynalite server from an earlier run: keep writing into its table
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (client.describeTable(b -> b.tableName(TABLE)).table().tableStatus() != TableStatus.ACTIVE) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("Table " + TABLE + " did not become ACTIVE");
            }
            Thread.sleep(25);
        }
    }

    @SuppressWarnings("AddressSelection") // an IPv4 literal (no name lookup), where dynalite was told to listen
    private static Process startDynalite(int port) throws IOException, InterruptedException {
        Path cli = Path.of(System.getProperty("dynalite.cli", "target/dynalite/node_modules/dynalite/cli.js"));
        if (!Files.isRegularFile(cli)) {
            throw new IllegalStateException("dynalite not found at " + cli.toAbsolutePath() + ": run 'npm install"
                    + " --prefix target/dynalite dynalite@4.0.0' (or the tests once), or pass --dynalite URL");
        }
        Process p = new ProcessBuilder("node", cli.toString(), "--host", "127.0.0.1", "--port", String.valueOf(port))
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
        while (System.nanoTime() < deadline && p.isAlive()) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 200);
                return p;
            } catch (IOException notYet) {
                Thread.sleep(50);
            }
        }
        p.destroyForcibly();
        throw new IllegalStateException("dynalite did not start on port " + port);
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    private static int intArg(String[] args, String name, int dflt) {
        String v = stringArg(args, name, null);
        return v == null ? dflt : Integer.parseInt(v);
    }

    private static String stringArg(String[] args, String name, String dflt) {
        for (int i = 0; i + 1 < args.length; i++) {
            if (args[i].equals(name)) {
                return args[i + 1];
            }
        }
        return dflt;
    }
}
