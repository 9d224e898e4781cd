package dev.partitionscope.lab;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.lab.clock.SimulatedClock;
import dev.partitionscope.lab.meter.MinuteStats;
import dev.partitionscope.lab.meter.ResourceId;
import dev.partitionscope.testing.Dynalite;
import dev.partitionscope.testing.RecordingProxy;
import java.io.IOException;
import java.net.URI;
import java.time.Instant;
import java.util.List;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * The Lab in proxy mode in front of dynalite, through a {@link RecordingProxy} that counts (and can answer) what
 * reaches the upstream, on a simulated clock that stands still, with a client that never retries: for the tests of
 * what the proxy admits before forwarding (transactions, PartiQL).
 */
final class ProxyUnderTest implements AutoCloseable {
    final SimulatedClock clock;
    final RecordingProxy upstream;
    final Lab lab;
    final DynamoDbClient client;

    private ProxyUnderTest(Instant at) throws IOException {
        clock = new SimulatedClock(at);
        upstream = RecordingProxy.to(Dynalite.endpoint());
        lab = Lab.start(Lab.Options.defaults().withClock(clock).withUpstream(upstream.endpoint()));
        client = DynamoDbClient.builder()
                .endpointOverride(URI.create(lab.endpoint().orElseThrow()))
                .region(Region.US_EAST_1)
                .credentialsProvider(
                        StaticCredentialsProvider.create(AwsBasicCredentials.create(Dynalite.ACCESS_KEY, "x")))
                .overrideConfiguration(o -> o.retryStrategy(b -> b.maxAttempts(1)))
                .build();
    }

    static ProxyUnderTest start(Instant at) throws IOException {
        return new ProxyUnderTest(at);
    }

    /** A table keyed by {@code pk} (S) on the upstream, through the proxy; provisioned ones at 5/5. */
    void create(String table, BillingMode mode) {
        client.createTable(b -> {
            b.tableName(table)
                    .attributeDefinitions(Dynalite.attr("pk", ScalarAttributeType.S))
                    .keySchema(Dynalite.key("pk", KeyType.HASH))
                    .billingMode(mode);
            if (mode == BillingMode.PROVISIONED) {
                b.provisionedThroughput(p -> p.readCapacityUnits(5L).writeCapacityUnits(5L));
            }
        });
        Dynalite.waitActive(table);
    }

    /** How many requests of {@code operation} reached the upstream. */
    long upstreamCalls(String operation) {
        return upstream.operations().stream().filter(operation::equals).count();
    }

    /** The table's one metered minute around the clock's instant. */
    MinuteStats minute(String table) {
        List<MinuteStats> minutes = lab.meter()
                .minutes(ResourceId.table(table), clock.epochMillis() - 60_000, clock.epochMillis() + 60_000);
        assertThat(minutes).hasSize(1);
        return minutes.get(0);
    }

    @Override
    public void close() {
        client.close();
        lab.close();
        upstream.close();
    }
}
