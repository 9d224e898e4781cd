package dev.partitionscope.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.partitionscope.lab.clock.SimulatedClock;
import dev.partitionscope.lab.partition.ModelParams;
import dev.partitionscope.testing.Dynalite;
import java.net.URI;
import java.time.Instant;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.RequestLimitExceededException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ThrottlingException;
import software.amazon.awssdk.services.dynamodb.model.ThrottlingReason;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * The real Java SDK against a running Lab endpoint gets throttled the way DynamoDB throttles: one hot key stops at
 * the 1,000 WCU/s partition ceiling with the KeyRange reason and the table ARN, while the same load over many keys
 * passes. The Lab runs on a simulated clock that stands still, so "within one second" is exact.
 */
class LabThrottleSdkTest {
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
                .overrideConfiguration(o -> o.retryStrategy(b -> b.maxAttempts(1))) // count throttles, not retries
                .build();
        client.createTable(b -> b.tableName("orders-status")
                .attributeDefinitions(
                        Dynalite.attr("status", ScalarAttributeType.S), Dynalite.attr("orderId", ScalarAttributeType.S))
                .keySchema(Dynalite.key("status", KeyType.HASH), Dynalite.key("orderId", KeyType.RANGE))
                .billingMode(BillingMode.PROVISIONED)
                .provisionedThroughput(p -> p.readCapacityUnits(5000L).writeCapacityUnits(5000L)));
    }

    @AfterEach
    void stop() {
        client.close();
        lab.close();
    }

    private void put(String status, int i) {
        client.putItem(b -> b.tableName("orders-status")
                .item(Map.of("status", AttributeValue.fromS(status), "orderId", AttributeValue.fromS("order-" + i))));
    }

    @Test
    void oneHotKeyIsThrottledAtTheWriteCeilingWithTheKeyRangeReason() {
        int accepted = 0;
        ProvisionedThroughputExceededException throttle = null;
        for (int i = 0; i < 1_200 && throttle == null; i++) {
            try {
                put("PENDING", i);
                accepted++;
            } catch (ProvisionedThroughputExceededException e) {
                throttle = e;
            }
        }
        assertThat(accepted).as("1-WCU writes of one key within one second").isEqualTo(1_000);
        assertThat(throttle).isNotNull();
        assertThat(throttle.statusCode()).isEqualTo(400);
        assertThat(throttle.throttlingReasons()).singleElement().satisfies(r -> {
            assertThat(r.reason()).isEqualTo("TableWriteKeyRangeThroughputExceeded");
            assertThat(r.resource()).isEqualTo("arn:aws:dynamodb:us-east-1:000000000000:table/orders-status");
        });
        // A throttled write changes nothing.
        assertThat(client.getItem(b -> b.tableName("orders-status")
                                .key(Map.of(
                                        "status",
                                        AttributeValue.fromS("PENDING"),
                                        "orderId",
                                        AttributeValue.fromS("order-1000"))))
                        .hasItem())
                .isFalse();

        // The next second the key takes writes again.
        clock.advanceSeconds(1);
        put("PENDING", 5_000);
    }

    @Test
    void theSameLoadSpreadOverManyKeysIsNotThrottled() {
        for (int i = 0; i < 1_200; i++) {
            put("PENDING-" + (i % 64), i);
        }
        assertThat(client.describeTable(b -> b.tableName("orders-status"))
                        .table()
                        .itemCount())
                .isEqualTo(1_200);
    }

    @Test
    void aBatchWithThrottledItemsReturnsThemAsUnprocessed() {
        for (int i = 0; i < 990; i++) {
            put("SHIPPED", i);
        }
        BatchWriteItemResponse r = client.batchWriteItem(b -> b.requestItems(Map.of(
                "orders-status",
                java.util.stream.IntStream.range(0, 25)
                        .mapToObj(i -> WriteRequest.builder()
                                .putRequest(PutRequest.builder()
                                        .item(Map.of(
                                                "status",
                                                AttributeValue.fromS("SHIPPED"),
                                                "orderId",
                                                AttributeValue.fromS("batch-" + i)))
                                        .build())
                                .build())
                        .toList())));
        assertThat(r.unprocessedItems().get("orders-status")).hasSize(15);

        Throwable allThrottled = catchThrowable(() -> client.batchWriteItem(b -> b.requestItems(Map.of(
                "orders-status",
                java.util.List.of(WriteRequest.builder()
                        .putRequest(PutRequest.builder()
                                .item(Map.of(
                                        "status",
                                        AttributeValue.fromS("SHIPPED"),
                                        "orderId",
                                        AttributeValue.fromS("last")))
                                .build())
                        .build())))));
        assertThat(allThrottled).isInstanceOf(ProvisionedThroughputExceededException.class);
    }

    /**
     * The three throttling exceptions DynamoDB raises each carry their reasons, and ThrottlingException spells the
     * member {@code throttlingReasons}: the SDK reads members by exact name, so a misspelt list arrives empty.
     */
    @Test
    void anOnDemandMaximumThrottlesWithThrottlingExceptionAndItsReasons() {
        client.createTable(b -> b.tableName("capped")
                .billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(Dynalite.attr("id", ScalarAttributeType.S))
                .keySchema(Dynalite.key("id", KeyType.HASH))
                .onDemandThroughput(o -> o.maxWriteRequestUnits(50L)));

        ThrottlingException e = firstThrottle(
                ThrottlingException.class,
                i -> client.putItem(b -> b.tableName("capped").item(Map.of("id", AttributeValue.fromS("k" + i)))));

        assertThat(e.throttlingReasons())
                .extracting(ThrottlingReason::reason)
                .containsExactly("TableWriteMaxOnDemandThroughputExceeded");
        assertThat(e.throttlingReasons().get(0).resource())
                .isEqualTo("arn:aws:dynamodb:us-east-1:000000000000:table/capped");
    }

    @Test
    void theAccountQuotaPerTableThrottlesWithRequestLimitExceededAndItsReasons() throws Exception {
        try (Lab quota = Lab.start(Lab.Options.defaults()
                        .withClock(clock)
                        .withParams(ModelParams.DEFAULTS.with("table-write-quota", "40")));
                DynamoDbClient c = DynamoDbClient.builder()
                        .endpointOverride(URI.create(quota.endpoint().orElseThrow()))
                        .region(Region.US_EAST_1)
                        .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("lab", "lab")))
                        .overrideConfiguration(o -> o.retryStrategy(b -> b.maxAttempts(1)))
                        .build()) {
            c.createTable(b -> b.tableName("busy")
                    .billingMode(BillingMode.PAY_PER_REQUEST)
                    .attributeDefinitions(Dynalite.attr("id", ScalarAttributeType.S))
                    .keySchema(Dynalite.key("id", KeyType.HASH)));

            RequestLimitExceededException e = firstThrottle(
                    RequestLimitExceededException.class,
                    i -> c.putItem(b -> b.tableName("busy").item(Map.of("id", AttributeValue.fromS("k" + i)))));

            assertThat(e.statusCode()).isEqualTo(400);
            assertThat(e.throttlingReasons())
                    .extracting(ThrottlingReason::reason)
                    .containsExactly("TableWriteAccountLimitExceeded");
            assertThat(e.throttlingReasons().get(0).resource()).endsWith(":table/busy");
        }
    }

    /** Writes distinct keys until the first throttle, which must be of the given class. */
    private static <T extends RuntimeException> T firstThrottle(Class<T> type, Consumer<Integer> write) {
        for (int i = 0; i < 5_000; i++) {
            try {
                write.accept(i);
            } catch (RuntimeException e) {
                assertThat(e).as("the first throttle after %d writes", i).isInstanceOf(type);
                return type.cast(e);
            }
        }
        throw new AssertionError("5,000 writes within one second were never throttled");
    }
}
