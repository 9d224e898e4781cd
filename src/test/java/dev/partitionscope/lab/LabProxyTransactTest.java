package dev.partitionscope.lab;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.lab.clock.SimulatedClock;
import dev.partitionscope.lab.meter.InsightMetric;
import dev.partitionscope.lab.meter.KeyKind;
import dev.partitionscope.lab.meter.MinuteStats;
import dev.partitionscope.lab.meter.OrderBy;
import dev.partitionscope.lab.meter.ResourceId;
import dev.partitionscope.testing.Dynalite;
import dev.partitionscope.testing.RecordingProxy;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * Transactions through the Lab proxy in front of dynalite: each action is admitted by its own table's partition model
 * at twice the price of a plain write or read; a transaction with a throttled action is answered
 * TransactionCanceledException (reasons in action order) by the proxy and never reaches the upstream; an admitted one
 * is forwarded and metered per key. Dynalite has no transactions (it answers UnknownOperation), so the recording
 * proxy in front of it answers the admitted ones with an empty success — what reaches it is what the test counts.
 */
@ExtendWith(Dynalite.Required.class)
class LabProxyTransactTest {
    /** A 1.5 KB payload: the hot counter's put is 2 WCU, 4 WCU in a transaction. */
    private static final String PAYLOAD = "x".repeat(1_500);

    private ProxyUnderTest proxy;
    private SimulatedClock clock;
    private RecordingProxy upstream;
    private Lab lab;
    private DynamoDbClient client;
    private String orders;
    private String counters;

    @BeforeEach
    void start() throws Exception {
        proxy = ProxyUnderTest.start(Instant.parse("2026-09-06T10:00:00Z"));
        clock = proxy.clock;
        upstream = proxy.upstream;
        lab = proxy.lab;
        client = proxy.client;
        orders = Dynalite.uniqueName("orders");
        counters = Dynalite.uniqueName("counters");
    }

    @AfterEach
    void stop() {
        proxy.close();
    }

    @Test
    void aTransactionWithAThrottledActionIsCanceledByTheProxyAndNeverReachesTheUpstream() {
        proxy.create(orders, BillingMode.PAY_PER_REQUEST);
        proxy.create(counters, BillingMode.PAY_PER_REQUEST);
        upstream.answer("TransactWriteItems", "{}");
        int accepted = 0;
        TransactionCanceledException canceled = null;
        for (int i = 0; i < 2_000 && canceled == null; i++) {
            String order = "ORDER#" + i;
            try {
                client.transactWriteItems(b -> b.transactItems(
                        TransactWriteItem.builder()
                                .put(p -> p.tableName(orders).item(Map.of("pk", AttributeValue.fromS(order))))
                                .build(),
                        TransactWriteItem.builder()
                                .put(p -> p.tableName(counters)
                                        .item(Map.of(
                                                "pk",
                                                AttributeValue.fromS("STOCK#sku-1"),
                                                "payload",
                                                AttributeValue.fromS(PAYLOAD))))
                                .build()));
                accepted++;
            } catch (TransactionCanceledException e) {
                canceled = e;
            }
        }
        assertThat(canceled).as("the hot counter throttles").isNotNull();
        // 1,000 WCU/s on the counter's partition at 4 WCU per transaction: about 250 a second, plus any burst.
        assertThat(accepted).isBetween(200, 1_000);
        assertThat(canceled.cancellationReasons())
                .extracting(CancellationReason::code)
                .containsExactly("None", ProxyThrottleCodes.ON_DEMAND);
        assertThat(canceled.cancellationReasons().get(1).message())
                .startsWith("Throughput exceeds the current capacity of your table or index.");
        assertThat(canceled.awsErrorDetails().errorMessage())
                .isEqualTo("Transaction cancelled, please refer cancellation reasons for specific reasons"
                        + " [None, ThrottlingError]");
        assertThat(proxy.upstreamCalls("TransactWriteItems"))
                .as("only admitted transactions went upstream")
                .isEqualTo(accepted);

        // Metered at the transactional price: 4 WCU a transaction on the counter, 2 on the order.
        MinuteStats counter = proxy.minute(counters);
        assertThat(counter.consumedWrite().sum()).isEqualTo(4.0 * accepted);
        assertThat(counter.operations().get("TransactWriteItems").requests()).isEqualTo(accepted + 1L);
        assertThat(counter.operations().get("TransactWriteItems").throttledRequests())
                .isEqualTo(1L);
        assertThat(counter.writeThrottleEvents()).isEqualTo(1L);
        assertThat(proxy.minute(orders).consumedWrite().sum())
                .as("the cancelled transaction's order put had been admitted on its partition")
                .isEqualTo(2.0 * (accepted + 1));
        var report = lab.meter()
                .topContributors(
                        ResourceId.table(counters),
                        KeyKind.PARTITION_KEY,
                        InsightMetric.CONSUMED_THROUGHPUT_UNITS,
                        clock.epochMillis() - 60_000,
                        clock.epochMillis() + 60_000,
                        Duration.ofMinutes(1),
                        25,
                        OrderBy.SUM);
        double expected = 3 * 4.0 * accepted;
        assertThat(report.contributors()).singleElement().satisfies(c -> {
            assertThat(c.keys()).containsExactly("STOCK#sku-1");
            assertThat(c.aggregateValue()).isEqualTo(expected);
        });
    }

    @Test
    void aThrottledTransactGetOnAProvisionedTableSaysProvisionedThroughputExceeded() {
        proxy.create(counters, BillingMode.PROVISIONED);
        upstream.answer("TransactGetItems", "{\"Responses\":[{\"Item\":{\"pk\":{\"S\":\"STOCK#sku-1\"}}}]}");
        int accepted = 0;
        TransactionCanceledException canceled = null;
        for (int i = 0; i < 2_000 && canceled == null; i++) {
            try {
                var got = client.transactGetItems(b -> b.transactItems(TransactGetItem.builder()
                        .get(g -> g.tableName(counters).key(Map.of("pk", AttributeValue.fromS("STOCK#sku-1"))))
                        .build()));
                assertThat(got.responses().get(0).item()).containsKey("pk");
                accepted++;
            } catch (TransactionCanceledException e) {
                canceled = e;
            }
        }
        assertThat(canceled).isNotNull();
        assertThat(canceled.cancellationReasons())
                .extracting(CancellationReason::code)
                .containsExactly(ProxyThrottleCodes.PROVISIONED);
        assertThat(canceled.cancellationReasons().get(0).message())
                .startsWith("The level of configured provisioned throughput for the table was exceeded.");
        assertThat(proxy.upstreamCalls("TransactGetItems")).isEqualTo(accepted);
        MinuteStats counter = proxy.minute(counters);
        assertThat(counter.consumedRead().sum())
                .as("2 RCU a transactional read of an item under 4 KB")
                .isEqualTo(2.0 * accepted);
        assertThat(counter.readThrottleEvents()).isEqualTo(1L);
    }

    @Test
    void anAdmittedTransactionReachesTheUpstreamAsSent() {
        proxy.create(counters, BillingMode.PAY_PER_REQUEST);
        // No canned answer: dynalite itself answers, and it has no transactions.
        AwsServiceException e = org.junit.jupiter.api.Assertions.assertThrows(
                AwsServiceException.class,
                () -> client.transactWriteItems(b -> b.transactItems(TransactWriteItem.builder()
                        .put(p -> p.tableName(counters).item(Map.of("pk", AttributeValue.fromS("a"))))
                        .build())));
        assertThat(e.awsErrorDetails().errorCode()).isEqualTo("UnknownOperationException");
        assertThat(proxy.upstreamCalls("TransactWriteItems")).isEqualTo(1);
    }

    /** The codes the proxy's cancellation reasons use, as DynamoDB spells them. */
    private static final class ProxyThrottleCodes {
        static final String ON_DEMAND = "ThrottlingError";
        static final String PROVISIONED = "ProvisionedThroughputExceeded";
    }
}
