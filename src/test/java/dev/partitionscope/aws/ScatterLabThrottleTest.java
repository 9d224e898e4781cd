package dev.partitionscope.aws;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.core.scatter.ScatterPlan;
import dev.partitionscope.core.scatter.ScatterResult;
import dev.partitionscope.core.scatter.ShardStats;
import dev.partitionscope.core.scheme.KeyScheme;
import dev.partitionscope.core.table.KeyType;
import dev.partitionscope.lab.Lab;
import dev.partitionscope.lab.clock.SimulatedClock;
import dev.partitionscope.testing.Dynalite;
import java.net.URI;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * Real throttles, not injected ones: the Lab's partition model on a clock that stands still, a table provisioned
 * with 10 RCU. Scatter's first pages use up the capacity, later shard Queries are throttled with the Lab's
 * ThrottlingReasons, back off, and — as no time passes — fail past their retries: the result is incomplete and names
 * exactly the throttled shards, with the service's reason, and holds exactly the readable shards' items.
 */
class ScatterLabThrottleTest {
    private final SimulatedClock clock = new SimulatedClock(Instant.parse("2026-06-22T01:00:00Z"));
    private Lab lab;
    private DynamoDbClient client;

    @BeforeEach
    void start() throws Exception {
        lab = Lab.start(Lab.Options.defaults().withClock(clock));
        client = DynamoDbClient.builder()
                .endpointOverride(URI.create(lab.endpoint().orElseThrow()))
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("lab", "lab")))
                .build();
        client.createTable(b -> b.tableName("orders")
                .attributeDefinitions(
                        Dynalite.attr("pk", ScalarAttributeType.S), Dynalite.attr("sk", ScalarAttributeType.N))
                .keySchema(
                        Dynalite.key("pk", software.amazon.awssdk.services.dynamodb.model.KeyType.HASH),
                        Dynalite.key("sk", software.amazon.awssdk.services.dynamodb.model.KeyType.RANGE))
                .billingMode(BillingMode.PROVISIONED)
                .provisionedThroughput(p -> p.readCapacityUnits(10L).writeCapacityUnits(1000L)));
        KeyScheme hash = KeyScheme.parse("hash:8");
        String pad = "x".repeat(3000);
        for (int i = 0; i < 80; i++) {
            String pk = hash.apply("PENDING", "o" + i, 0L, null, "#");
            int sk = i;
            client.putItem(b -> b.tableName("orders")
                    .item(Map.of(
                            "pk",
                            AttributeValue.fromS(pk),
                            "sk",
                            AttributeValue.fromN(Integer.toString(sk)),
                            "pad",
                            AttributeValue.fromS(pad))));
        }
    }

    @AfterEach
    void stop() {
        client.close();
        lab.close();
    }

    @Test
    void shardsThrottledPastTheirRetriesAreNamedWithTheLabsReason() {
        ScatterPlan plan = ScatterPlan.of(
                        "orders",
                        null,
                        "pk",
                        "sk",
                        KeyType.N,
                        KeyScheme.parse("hash:8").keysAt("PENDING", 0, "#"))
                .withConcurrency(2);
        ScatterResult r = new ScatterGather(client).run(plan, () -> false, ScatterGather.Listener.NONE);
        assertThat(r.complete()).isFalse();
        assertThat(r.failedShards()).isNotEmpty();
        assertThat(r.shards()).anyMatch(s -> s.state() == ShardStats.State.DONE);
        int fromDone = r.shards().stream()
                .filter(s -> s.state() == ShardStats.State.DONE)
                .mapToInt(ShardStats::items)
                .sum();
        assertThat(r.items()).hasSize(fromDone); // what the readable shards hold, no more, no less
        assertThat(r.items()).allMatch(i -> !r.failedShards()
                .contains(((dev.partitionscope.core.item.AttrValue.S) i.get("pk")).value()));
        assertThat(r.totals().throttles()).isPositive();
        for (ShardStats s : r.shards()) {
            if (s.state() == ShardStats.State.FAILED) {
                assertThat(r.failedShards()).contains(s.key());
                assertThat(s.throttles()).isEqualTo(ScatterGather.MAX_ATTEMPTS);
                assertThat(s.retries()).isEqualTo(ScatterGather.MAX_ATTEMPTS - 1);
                assertThat(s.throttleReasons()).isNotEmpty().allMatch(x -> x.contains("Read"));
                assertThat(s.error()).contains("throttled " + ScatterGather.MAX_ATTEMPTS + " times");
            }
        }
    }
}
