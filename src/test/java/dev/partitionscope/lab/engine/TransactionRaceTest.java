package dev.partitionscope.lab.engine;

import static dev.partitionscope.lab.engine.Av.item;
import static dev.partitionscope.lab.engine.Av.n;
import static dev.partitionscope.lab.engine.Av.s;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.partitionscope.lab.Lab;
import dev.partitionscope.lab.clock.SimulatedClock;
import dev.partitionscope.testing.LabFixture;
import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * Transactions racing plain writes and each other: a plain write to an item a transaction holds between prepare and
 * commit cancels the transaction with TransactionConflict (the plain write wins, as on DynamoDB); under many threads
 * money moved by transactions is never created or lost and no plain increment is lost; and a transactional hot key
 * throttles at half the item count of plain writes, because each item costs twice.
 */
class TransactionRaceTest {
    private LabFixture lab;
    private DynamoDbClient db;

    @BeforeEach
    void start() {
        lab = LabFixture.start();
        db = lab.client();
        db.createTable(b -> b.tableName("bank")
                .billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(Av.attr("pk", ScalarAttributeType.S))
                .keySchema(Av.hash("pk")));
    }

    @AfterEach
    void stop() {
        lab.close();
    }

    private static TransactWriteItem set(String pk, String value) {
        return TransactWriteItem.builder()
                .update(u -> u.tableName("bank")
                        .key(item("pk", s(pk)))
                        .updateExpression("SET v = :v")
                        .expressionAttributeValues(Map.of(":v", s(value))))
                .build();
    }

    private Map<String, AttributeValue> get(String pk) {
        return db.getItem(b -> b.tableName("bank").key(item("pk", s(pk))).consistentRead(true))
                .item();
    }

    @Test
    void aPlainWriteInsideTheCommitWindowWinsAndCancelsTheTransaction() throws Exception {
        lab.engine().setTransactionWindowMillis(600);
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            Future<TransactionCanceledException> tx = pool.submit(() -> catchThrowableOfType(
                    TransactionCanceledException.class,
                    () -> db.transactWriteItems(b -> b.transactItems(set("a", "tx"), set("b", "tx")))));
            Thread.sleep(200);
            db.putItem(b -> b.tableName("bank").item(item("pk", s("b"), "v", s("plain"))));

            TransactionCanceledException e = tx.get(10, TimeUnit.SECONDS);
            assertThat(e).isNotNull();
            assertThat(e.cancellationReasons())
                    .extracting(CancellationReason::code)
                    .containsExactly("None", "TransactionConflict");
            assertThat(get("a")).isEmpty();
            assertThat(get("b")).containsEntry("v", s("plain"));
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void readsAndOtherTransactionsMeetingAHeldItemAreCancelledWithTransactionConflict() throws Exception {
        lab.engine().setTransactionWindowMillis(800);
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            Future<?> tx = pool.submit(() -> db.transactWriteItems(b -> b.transactItems(set("held", "first"))));
            Thread.sleep(200);

            TransactionCanceledException read = catchThrowableOfType(
                    TransactionCanceledException.class,
                    () -> db.transactGetItems(b -> b.transactItems(
                            TransactGetItem.builder()
                                    .get(g -> g.tableName("bank").key(item("pk", s("other"))))
                                    .build(),
                            TransactGetItem.builder()
                                    .get(g -> g.tableName("bank").key(item("pk", s("held"))))
                                    .build())));
            TransactionCanceledException write = catchThrowableOfType(
                    TransactionCanceledException.class,
                    () -> db.transactWriteItems(b -> b.transactItems(set("held", "second"))));

            tx.get(10, TimeUnit.SECONDS);
            assertThat(read.cancellationReasons())
                    .extracting(CancellationReason::code)
                    .containsExactly("None", "TransactionConflict");
            assertThat(write.cancellationReasons())
                    .extracting(CancellationReason::code)
                    .containsExactly("TransactionConflict");
            assertThat(get("held")).containsEntry("v", s("first"));
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void underRacingThreadsMoneyIsConservedAndNoPlainIncrementIsLost() throws Exception {
        lab.engine().setTransactionWindowMillis(1);
        int accounts = 6;
        for (int i = 0; i < accounts; i++) {
            int id = i;
            db.putItem(b -> b.tableName("bank").item(item("pk", s("acct-" + id), "balance", n(100), "hits", n(0))));
        }
        AtomicInteger increments = new AtomicInteger();
        AtomicInteger transfers = new AtomicInteger();
        AtomicInteger cancellations = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(8);
        List<Future<?>> work = new ArrayList<>();
        for (int t = 0; t < 8; t++) {
            boolean plain = t % 2 == 0;
            work.add(pool.submit(() -> {
                ThreadLocalRandom r = ThreadLocalRandom.current();
                for (int i = 0; i < 150; i++) {
                    String from = "acct-" + r.nextInt(accounts);
                    String to =
                            "acct-" + ((Integer.parseInt(from.substring(5)) + 1 + r.nextInt(accounts - 1)) % accounts);
                    if (plain) {
                        db.updateItem(b -> b.tableName("bank")
                                .key(item("pk", s(from)))
                                .updateExpression("ADD hits :one")
                                .expressionAttributeValues(Map.of(":one", n(1))));
                        increments.incrementAndGet();
                        continue;
                    }
                    int amount = 1 + r.nextInt(30);
                    try {
                        db.transactWriteItems(b -> b.transactItems(
                                TransactWriteItem.builder()
                                        .update(u -> u.tableName("bank")
                                                .key(item("pk", s(from)))
                                                .updateExpression("SET balance = balance - :x")
                                                .conditionExpression("balance >= :x")
                                                .expressionAttributeValues(Map.of(":x", n(amount))))
                                        .build(),
                                TransactWriteItem.builder()
                                        .update(u -> u.tableName("bank")
                                                .key(item("pk", s(to)))
                                                .updateExpression("SET balance = balance + :x")
                                                .expressionAttributeValues(Map.of(":x", n(amount))))
                                        .build()));
                        transfers.incrementAndGet();
                    } catch (TransactionCanceledException e) {
                        cancellations.incrementAndGet();
                    }
                }
                return null;
            }));
        }
        for (Future<?> f : work) {
            f.get(120, TimeUnit.SECONDS);
        }
        pool.shutdown();

        long balance = 0;
        long hits = 0;
        for (int i = 0; i < accounts; i++) {
            Map<String, AttributeValue> a = get("acct-" + i);
            assertThat(Long.parseLong(a.get("balance").n())).isNotNegative();
            balance += Long.parseLong(a.get("balance").n());
            hits += Long.parseLong(a.get("hits").n());
        }
        assertThat(balance).as("money is neither created nor lost").isEqualTo(100L * accounts);
        assertThat(hits).as("no plain increment is lost").isEqualTo(increments.get());
        assertThat(transfers.get()).as("some transfers went through").isPositive();
        assertThat(transfers.get() + cancellations.get()).isEqualTo(4 * 150);
    }

    /** A client of a Lab with the partition model, that never retries (a test counts throttles, not retries). */
    private static DynamoDbClient modelClient(Lab model) {
        return DynamoDbClient.builder()
                .endpointOverride(URI.create(model.endpoint().orElseThrow()))
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("lab", "lab")))
                .overrideConfiguration(o -> o.retryStrategy(b -> b.maxAttempts(1)))
                .build();
    }

    @Test
    void onAnOnDemandTableTheHotKeysTransactionIsCancelledWithThrottlingError() throws Exception {
        SimulatedClock clock = new SimulatedClock(Instant.parse("2026-06-22T01:00:00Z"));
        try (Lab model = Lab.start(Lab.Options.defaults().withClock(clock));
                DynamoDbClient client = modelClient(model)) {
            client.createTable(b -> b.tableName("idempotency")
                    .attributeDefinitions(Av.attr("pk", ScalarAttributeType.S))
                    .keySchema(Av.hash("pk"))
                    .billingMode(BillingMode.PAY_PER_REQUEST));
            TransactWriteItem increment = TransactWriteItem.builder()
                    .update(u -> u.tableName("idempotency")
                            .key(item("pk", s("COUNTER")))
                            .updateExpression("ADD n :one")
                            .expressionAttributeValues(Map.of(":one", n(1))))
                    .build();
            int accepted = 0;
            TransactionCanceledException throttled = null;
            for (int i = 0; i < 700 && throttled == null; i++) {
                try {
                    client.transactWriteItems(b -> b.transactItems(increment));
                    accepted++;
                } catch (TransactionCanceledException e) {
                    throttled = e;
                }
            }
            assertThat(accepted)
                    .as("2-WCU increments of one key within one second")
                    .isEqualTo(500);
            assertThat(throttled).isNotNull();
            assertThat(throttled.cancellationReasons())
                    .extracting(CancellationReason::code)
                    .containsExactly("ThrottlingError");
            assertThat(throttled.cancellationReasons().get(0).message()).contains("hot key");

            TransactionCanceledException both = catchThrowableOfType(
                    TransactionCanceledException.class,
                    () -> client.transactWriteItems(b -> b.transactItems(
                            increment,
                            TransactWriteItem.builder()
                                    .put(p -> p.tableName("idempotency").item(item("pk", s("request-1"))))
                                    .build())));
            assertThat(both.cancellationReasons())
                    .extracting(CancellationReason::code)
                    .containsExactly("ThrottlingError", "None");
            assertThat(client.getItem(b -> b.tableName("idempotency")
                                    .key(item("pk", s("COUNTER")))
                                    .consistentRead(true))
                            .item())
                    .containsEntry("n", n(500));
            assertThat(client.getItem(b -> b.tableName("idempotency")
                                    .key(item("pk", s("request-1")))
                                    .consistentRead(true))
                            .hasItem())
                    .as("the throttled transaction's other item is not written either")
                    .isFalse();
        }
    }

    @Test
    void aTransactionalHotKeyThrottlesAtHalfThePlainWriteCount() throws Exception {
        SimulatedClock clock = new SimulatedClock(Instant.parse("2026-06-22T01:00:00Z"));
        try (Lab model = Lab.start(Lab.Options.defaults().withClock(clock));
                DynamoDbClient client = modelClient(model)) {
            client.createTable(b -> b.tableName("inventory")
                    .attributeDefinitions(Av.attr("pk", ScalarAttributeType.S), Av.attr("sk", ScalarAttributeType.S))
                    .keySchema(Av.keys("pk", "sk"))
                    .billingMode(BillingMode.PROVISIONED)
                    .provisionedThroughput(p -> p.readCapacityUnits(5000L).writeCapacityUnits(5000L)));
            int accepted = 0;
            TransactionCanceledException throttled = null;
            for (int i = 0; i < 700 && throttled == null; i++) {
                int id = i;
                try {
                    client.transactWriteItems(b -> b.transactItems(TransactWriteItem.builder()
                            .put(p -> p.tableName("inventory").item(item("pk", s("SKU#1"), "sk", s("res-" + id))))
                            .build()));
                    accepted++;
                } catch (TransactionCanceledException e) {
                    throttled = e;
                }
            }
            assertThat(accepted)
                    .as("2-WCU transactional writes of one key within one second")
                    .isEqualTo(500);
            assertThat(throttled).isNotNull();
            assertThat(throttled.cancellationReasons())
                    .extracting(CancellationReason::code)
                    .containsExactly("ProvisionedThroughputExceeded");
            assertThat(client.getItem(b -> b.tableName("inventory")
                                    .key(item("pk", s("SKU#1"), "sk", s("res-500")))
                                    .consistentRead(true))
                            .hasItem())
                    .as("a throttled transaction writes nothing")
                    .isFalse();
        }
    }
}
