package dev.partitionscope.aws;

import dev.partitionscope.aws.snapshot.ExchangeLog;
import dev.partitionscope.aws.snapshot.SnapshotReplay;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.ProfileCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.apache5.Apache5HttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.cloudwatch.CloudWatchClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * Builds the SDK clients for a connection. Timeouts are set explicitly (the SDK has none by default) so an endpoint
 * that does not answer produces a message instead of a hung task.
 */
public final class ConnectionFactory {
    /** The secret sent to local endpoints. They ignore it; it is never stored. */
    static final String LOCAL_DUMMY_SECRET = "partitionscope-local";

    private final AwsProfiles profiles;
    private final Timeouts timeouts;

    public record Timeouts(Duration connect, Duration attempt, Duration call) {
        public static final Timeouts DEFAULT =
                new Timeouts(Duration.ofSeconds(3), Duration.ofSeconds(10), Duration.ofSeconds(30));
    }

    public ConnectionFactory(AwsProfiles profiles, Timeouts timeouts) {
        this.profiles = profiles;
        this.timeouts = timeouts;
    }

    public ConnectionFactory(AwsProfiles profiles) {
        this(profiles, Timeouts.DEFAULT);
    }

    /**
     * Opens clients for the spec. Nothing is sent yet; {@link ConnectService} probes the endpoint afterwards.
     *
     * @throws ConnectException when the spec cannot be used (no region, unknown profile, bad URL)
     */
    public Connection open(ConnectionSpec spec) {
        if (!spec.problems().isEmpty()) {
            throw new ConnectException(UserMessage.of(
                    "This connection is not complete",
                    String.join(" ", spec.problems()),
                    "Fix the fields marked in the connection dialog."));
        }
        if (spec.kind() != ConnectionKind.AWS && spec.endpoint() == null) {
            throw new ConnectException(UserMessage.of(
                    "No endpoint for " + spec.kind().label(),
                    "This connection has no endpoint URL.",
                    "Enter one in the connection dialog."));
        }
        String region = resolveRegion(spec);
        // Every connection but the Lab keeps what it reads, for "Save snapshot…" (a recording saves a Lab whole).
        ExchangeLog log = spec.kind() == ConnectionKind.LAB ? null : ExchangeLog.recording();
        AwsCredentialsProvider credentials = credentials(spec);
        SdkHttpClient http = Apache5HttpClient.builder()
                .connectionTimeout(timeouts.connect())
                .socketTimeout(timeouts.attempt())
                .maxConnections(64)
                .build();
        return build(spec, region, credentials, http, log == null ? List.of() : List.of(log))
                .recordingInto(log);
    }

    /**
     * A connection answered by an opened snapshot: its clients send nothing over the network (the snapshot is their
     * HTTP client), read-only like every connection but the Lab. {@code spec} keeps the kind the snapshot was taken
     * on, so the screens ask exactly what they asked then.
     *
     * @param label    the status bar's text for it ("Snapshot · file · AWS eu-west-1")
     * @param upstream the engine behind the Lab proxy the snapshot was taken through, or null
     */
    public Connection openSnapshot(
            ConnectionSpec spec,
            String region,
            String upstream,
            SnapshotReplay replay,
            ExchangeLog exchanges,
            String label) {
        AwsCredentialsProvider none =
                StaticCredentialsProvider.create(AwsBasicCredentials.create("snapshot", LOCAL_DUMMY_SECRET));
        return build(spec, region, none, replay, List.of(replay))
                .via(upstream)
                .recordingInto(exchanges)
                .replaying(label);
    }

    private Connection build(
            ConnectionSpec spec,
            String region,
            AwsCredentialsProvider credentials,
            SdkHttpClient http,
            List<ExecutionInterceptor> more) {
        WriteGuard guard = WriteGuard.forSpec(spec);
        EndpointClock clock = new EndpointClock();
        ClientOverrideConfiguration.Builder override = ClientOverrideConfiguration.builder()
                .apiCallAttemptTimeout(timeouts.attempt())
                .apiCallTimeout(timeouts.call())
                // DynamoDB's SDK default is 9 attempts, which turns "connection refused" into a 4-second wait.
                // Three is the SDK's standard mode; features that measure throttling run their own retries.
                .retryStrategy(b -> b.maxAttempts(3))
                // First, so that it sees an answer last (after the snapshot log has kept its bytes).
                .addExecutionInterceptor(StreamPage.INTERCEPTOR)
                .addExecutionInterceptor(new WriteGuardInterceptor(guard))
                .addExecutionInterceptor(clock);
        more.forEach(override::addExecutionInterceptor);
        var dynamo = DynamoDbClient.builder()
                .region(Region.of(region))
                .credentialsProvider(credentials)
                .httpClient(http)
                .overrideConfiguration(override.build());
        var cloudWatch = CloudWatchClient.builder()
                .region(Region.of(region))
                .credentialsProvider(credentials)
                .httpClient(http)
                .overrideConfiguration(override.build());
        var streams = DynamoDbStreamsClient.builder()
                .region(Region.of(region))
                .credentialsProvider(credentials)
                .httpClient(http)
                .overrideConfiguration(override.build());
        if (spec.kind() != ConnectionKind.AWS && spec.endpoint() != null) {
            URI endpoint = URI.create(spec.endpoint());
            dynamo.endpointOverride(endpoint);
            cloudWatch.endpointOverride(endpoint);
            streams.endpointOverride(endpoint);
        }
        return new Connection(spec, region, dynamo.build(), cloudWatch.build(), streams.build(), http, guard, clock);
    }

    private String resolveRegion(ConnectionSpec spec) {
        if (spec.region() != null) {
            return spec.region();
        }
        if (spec.kind() == ConnectionKind.AWS) {
            return profiles.regionFor(spec.profile())
                    .orElseThrow(() -> new ConnectException(UserMessage.of(
                            "No region for this connection",
                            (spec.profile() == null ? "The default profile" : "Profile '" + spec.profile() + "'")
                                    + " sets no region and none was chosen.",
                            "Pick a region in the connection dialog, or add 'region = ...' to the profile in "
                                    + profiles.configFile() + ".")));
        }
        return ConnectionSpec.LOCAL_REGION;
    }

    private AwsCredentialsProvider credentials(ConnectionSpec spec) {
        if (spec.kind() != ConnectionKind.AWS) {
            return StaticCredentialsProvider.create(AwsBasicCredentials.create(spec.accessKeyId(), LOCAL_DUMMY_SECRET));
        }
        if (spec.profile() == null) {
            return DefaultCredentialsProvider.builder().build();
        }
        if (profiles.find(spec.profile()).isEmpty()) {
            throw new ConnectException(UserMessage.of(
                    "Unknown AWS profile '" + spec.profile() + "'",
                    "It is in neither " + profiles.configFile() + " nor " + profiles.credentialsFile() + "."
                            + profiles.availableSentence(),
                    "Pick one of the listed profiles, or create it with 'aws configure --profile " + spec.profile()
                            + "' (or 'aws configure sso')."));
        }
        return ProfileCredentialsProvider.builder()
                .profileFile(profiles.profileFile())
                .profileName(spec.profile())
                .build();
    }
}
