package dev.partitionscope.aws;

import dev.partitionscope.aws.snapshot.ExchangeLog;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.services.cloudwatch.CloudWatchClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * An open connection: a DynamoDB, a DynamoDB Streams and a CloudWatch client sharing one HTTP client and one write guard.
 * Clients are thread-safe and live until {@link #close()} (disconnect or exit).
 */
public final class Connection implements AutoCloseable {
    private final ConnectionSpec spec;
    private final String region;
    private final DynamoDbClient dynamo;
    private final CloudWatchClient cloudWatch;
    private final DynamoDbStreamsClient streams;
    private final SdkHttpClient httpClient;
    private final WriteGuard guard;
    private final EndpointClock clock;
    private final AtomicBoolean closed = new AtomicBoolean();
    private String upstream;
    private ExchangeLog exchanges;
    private String replayOf;

    Connection(
            ConnectionSpec spec,
            String region,
            DynamoDbClient dynamo,
            CloudWatchClient cloudWatch,
            DynamoDbStreamsClient streams,
            SdkHttpClient httpClient,
            WriteGuard guard,
            EndpointClock clock) {
        this.spec = spec;
        this.region = region;
        this.dynamo = dynamo;
        this.cloudWatch = cloudWatch;
        this.streams = streams;
        this.httpClient = httpClient;
        this.guard = guard;
        this.clock = clock;
    }

    /** Marks this connection as going through a Lab proxy in front of {@code upstreamEndpoint} (null: direct). */
    Connection via(String upstreamEndpoint) {
        this.upstream = upstreamEndpoint;
        return this;
    }

    /** Keeps the read calls and their answers, for a snapshot (null: not recorded, as on the Lab). */
    Connection recordingInto(ExchangeLog log) {
        this.exchanges = log;
        return this;
    }

    /** Marks this connection as an opened snapshot: nothing leaves the process; {@code label} says which. */
    Connection replaying(String label) {
        this.replayOf = label;
        return this;
    }

    /**
     * What this connection read and was answered (for "Save snapshot…"); empty on the Lab, whose whole state a
     * recording saves instead.
     */
    public Optional<ExchangeLog> exchanges() {
        return Optional.ofNullable(exchanges);
    }

    /** True for an opened snapshot: every answer comes from a file, nothing is sent. */
    public boolean isSnapshot() {
        return replayOf != null;
    }

    /** The engine behind the Lab proxy, or null when the connection goes to its endpoint directly. */
    public String upstream() {
        return upstream;
    }

    public ConnectionSpec spec() {
        return spec;
    }

    /** The region actually used (for AWS possibly taken from the profile). */
    public String region() {
        return region;
    }

    public DynamoDbClient dynamo() {
        return dynamo;
    }

    public CloudWatchClient cloudWatch() {
        return cloudWatch;
    }

    /** DynamoDB Streams (read-only by nature: ListStreams, DescribeStream, GetShardIterator, GetRecords). */
    public DynamoDbStreamsClient streams() {
        return streams;
    }

    public WriteGuard guard() {
        return guard;
    }

    /** The endpoint's clock: real time, or a Lab's simulated time once it has answered. */
    public EndpointClock clock() {
        return clock;
    }

    public boolean isClosed() {
        return closed.get();
    }

    /** Status-bar text: region or endpoint, plus the DynamoDB Local database key where it matters. */
    public String whereLabel() {
        if (replayOf != null) {
            return replayOf;
        }
        return switch (spec.kind()) {
            case AWS -> "AWS · " + region + (spec.profile() == null ? "" : " · profile " + spec.profile());
            case LAB -> "Lab (built in) · " + spec.endpoint();
            default ->
                (upstream == null ? spec.endpoint() : "Lab proxy " + spec.endpoint() + " → " + upstream) + " · "
                        + region + " · key " + spec.accessKeyId();
        };
    }

    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            guard.lockAll();
            dynamo.close();
            cloudWatch.close();
            streams.close();
            httpClient.close();
        }
    }
}
