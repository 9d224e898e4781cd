package dev.partitionscope.testing;

import dev.partitionscope.lab.clock.SystemLabClock;
import dev.partitionscope.lab.engine.CapacityGate;
import dev.partitionscope.lab.engine.LabEngine;
import dev.partitionscope.lab.meter.RequestRecord;
import dev.partitionscope.lab.server.LabServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.http.apache5.Apache5HttpClient;
import software.amazon.awssdk.http.nio.netty.NettyNioAsyncHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.retries.StandardRetryStrategy;
import software.amazon.awssdk.retries.api.BackoffStrategy;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * One Lab on a loopback port for a test class: the engine unthrottled ({@link CapacityGate#UNLIMITED}, real clock),
 * its HTTP endpoint, and SDK clients pointed at it. Every request the engine meters is kept in {@link #records()},
 * so a test can see what a request consumed even when the API does not say (a failed conditional write).
 *
 * <pre>
 * static LabFixture lab;
 * &#64;BeforeAll static void start() { lab = LabFixture.start(); }
 * &#64;AfterAll static void stop() { lab.close(); }
 * </pre>
 */
public final class LabFixture implements AutoCloseable {
    public static final String REGION = "us-east-1";

    private final LabEngine engine;
    private final LabServer server;
    private final List<RequestRecord> records = new CopyOnWriteArrayList<>();
    private DynamoDbClient client;
    private DynamoDbAsyncClient asyncClient;

    private LabFixture() {
        this.engine = new LabEngine(SystemLabClock.INSTANCE, REGION, c -> CapacityGate.UNLIMITED, records::add);
        try {
            this.server = LabServer.start(null, 0, dev.partitionscope.lab.Lab.endpointHandler(engine), 0);
            engine.setEndpointAddress(server.endpoint().replace("http://", ""));
        } catch (IOException e) {
            throw new UncheckedIOException("Could not start the Lab: " + e.getMessage(), e);
        }
    }

    public static LabFixture start() {
        return new LabFixture();
    }

    public LabEngine engine() {
        return engine;
    }

    public LabServer server() {
        return server;
    }

    public String endpoint() {
        return server.endpoint();
    }

    /** Metered requests so far, oldest first. */
    public List<RequestRecord> records() {
        return List.copyOf(records);
    }

    public void clearRecords() {
        records.clear();
    }

    /** The newest metered request. */
    public RequestRecord lastRecord() {
        List<RequestRecord> all = records();
        if (all.isEmpty()) {
            throw new IllegalStateException("No request has been metered yet");
        }
        return all.get(all.size() - 1);
    }

    /** A shared sync client for the Lab (closed with the fixture). */
    public synchronized DynamoDbClient client() {
        if (client == null) {
            client = newClient(endpoint());
        }
        return client;
    }

    /** A shared async client (Netty) for the Lab (closed with the fixture). */
    public synchronized DynamoDbAsyncClient asyncClient() {
        if (asyncClient == null) {
            asyncClient = newAsyncClient(endpoint());
        }
        return asyncClient;
    }

    /**
     * A sync client for any local endpoint, without retries: a test must see the first answer, not a retried one.
     * The caller closes it.
     */
    public static DynamoDbClient newClient(String endpoint) {
        return DynamoDbClient.builder()
                .endpointOverride(URI.create(endpoint))
                .region(Region.of(REGION))
                .credentialsProvider(credentials())
                .httpClient(Apache5HttpClient.builder()
                        .connectionTimeout(Duration.ofSeconds(5))
                        .socketTimeout(Duration.ofSeconds(30))
                        .maxConnections(64)
                        .build())
                .overrideConfiguration(
                        o -> o.retryStrategy(AwsRetryStrategy.doNotRetry()).apiCallTimeout(Duration.ofSeconds(60)))
                .build();
    }

    /**
     * An async (Netty) client for any local endpoint, without retries of any answer. The caller closes it.
     *
     * <p>One kind of failure is retried, after 20 ms: a request that the connection's close cut off before the server read
     * it. After an error answer (a 400 such as ValidationException) the SDK's Netty client cancels the finished call,
     * and that cancel closes the channel even when it is already back in the pool; the next call can pick that channel
     * and fail with "The connection was closed during the request" (about 1 in 1,500 error answers here; the server
     * logs the closed connection as "no request line", so it never saw the request). Applications meet this with the
     * SDK's default retries; a test wants the server's first answer, never a retry of an answer. At once is too soon:
     * the pool may hand out the same closing channel again (three attempts in a row failed so in 20,000 calls).
     */
    public static DynamoDbAsyncClient newAsyncClient(String endpoint) {
        return DynamoDbAsyncClient.builder()
                .endpointOverride(URI.create(endpoint))
                .region(Region.of(REGION))
                .credentialsProvider(credentials())
                .httpClient(NettyNioAsyncHttpClient.builder()
                        .connectionTimeout(Duration.ofSeconds(5))
                        .readTimeout(Duration.ofSeconds(30))
                        .build())
                .overrideConfiguration(o -> o.retryStrategy(StandardRetryStrategy.builder()
                                .maxAttempts(3)
                                .retryOnException(LabFixture::cutOffBeforeAnswer)
                                .backoffStrategy(BackoffStrategy.fixedDelayWithoutJitter(Duration.ofMillis(20)))
                                .circuitBreakerEnabled(false)
                                .build())
                        .apiCallTimeout(Duration.ofSeconds(60)))
                .build();
    }

    /** A client-side failure caused by the connection (never an answer of the server, which is a service error). */
    public static boolean cutOffBeforeAnswer(Throwable t) {
        return t instanceof SdkClientException && t.getCause() instanceof IOException;
    }

    private static StaticCredentialsProvider credentials() {
        // The Lab accepts any signature; these are dummies, never real credentials.
        return StaticCredentialsProvider.create(AwsBasicCredentials.create("labtest", "lab-test-secret"));
    }

    /** A table name no other test uses: {@code prefix-<random>}. */
    public static String uniqueName(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    @Override
    public synchronized void close() {
        if (client != null) {
            client.close();
        }
        if (asyncClient != null) {
            asyncClient.close();
        }
        server.close();
    }
}
