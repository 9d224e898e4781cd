package dev.partitionscope.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

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
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchStatementResponse;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.ParameterizedStatement;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * PartiQL through the Lab proxy in front of dynalite: each statement is placed on the item it names and admitted by
 * the partition model as the item operation it stands for, before the upstream sees it. A throttled statement never
 * reaches the upstream; admitted ones are metered under the PartiQL operation's name (CloudWatch counts them, Contributor
 * Insights does not). Dynalite has no PartiQL (it answers UnknownOperation), so the recording proxy in front of it
 * answers the admitted ones with a canned success — what reaches it is what the test counts.
 */
@ExtendWith(Dynalite.Required.class)
class LabProxyPartiqlTest {
    /** A 1.5 KB payload: the hot counter's INSERT is 2 WCU, 4 WCU in a transaction. */
    private static final String PAYLOAD = "x".repeat(1_500);

    private static final String ON_DEMAND_THROTTLE = "ThrottlingError";
    private static final String PROVISIONED_THROTTLE = "ProvisionedThroughputExceeded";

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

    private String insertHot(String table) {
        return "INSERT INTO \"" + table + "\" VALUE {'pk': ?, 'payload': ?}";
    }

    private static List<AttributeValue> hot() {
        return List.of(AttributeValue.fromS("STOCK#sku-1"), AttributeValue.fromS(PAYLOAD));
    }

    @Test
    void aHotKeyInsertedByExecuteStatementThrottlesAndTheThrottledStatementNeverReachesTheUpstream() {
        proxy.create(counters, BillingMode.PAY_PER_REQUEST);
        upstream.answer("ExecuteStatement", "{\"Items\":[]}");
        int accepted = 0;
        AwsServiceException throttled = null;
        for (int i = 0; i < 4_000 && throttled == null; i++) {
            try {
                client.executeStatement(b -> b.statement(insertHot(counters)).parameters(hot()));
                accepted++;
            } catch (AwsServiceException e) {
                throttled = e;
            }
        }
        assertThat(throttled).as("the hot key throttles").isNotNull();
        assertThat(throttled.awsErrorDetails().errorCode())
                .isIn("ThrottlingException", "ProvisionedThroughputExceededException");
        // 1,000 WCU/s on the key's partition at 2 WCU a statement: about 500 a second, plus any burst.
        assertThat(accepted).isBetween(400, 2_000);
        assertThat(proxy.upstreamCalls("ExecuteStatement"))
                .as("only admitted statements went upstream")
                .isEqualTo(accepted);

        // CloudWatch counts the statements at the PutItem they stand for ...
        MinuteStats counter = proxy.minute(counters);
        assertThat(counter.consumedWrite().sum()).isEqualTo(2.0 * accepted);
        assertThat(counter.operations().get("ExecuteStatement").requests()).isEqualTo(accepted + 1L);
        assertThat(counter.operations().get("ExecuteStatement").throttledRequests())
                .isEqualTo(1L);
        assertThat(counter.writeThrottleEvents()).isEqualTo(1L);
        // ... and Contributor Insights does not show PartiQL's key, as on AWS.
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
        assertThat(report.contributors()).isEmpty();

        // The same key by UPDATE, on the same partition, is refused before the upstream too.
        long before = proxy.upstreamCalls("ExecuteStatement");
        AwsServiceException update = assertThrows(
                AwsServiceException.class,
                () -> client.executeStatement(
                        b -> b.statement("UPDATE \"" + counters + "\" SET n = n + 1 WHERE pk = 'STOCK#sku-1'")));
        assertThat(update.awsErrorDetails().errorCode())
                .isEqualTo(throttled.awsErrorDetails().errorCode());
        assertThat(proxy.upstreamCalls("ExecuteStatement")).isEqualTo(before);

        // A SELECT that is a Scan is not placed on a key: forwarded (its cost is unknown until it has run), metered
        // from the upstream's ConsumedCapacity, which the caller did not ask for and does not get.
        upstream.answer(
                "ExecuteStatement",
                "{\"Items\":[],\"ConsumedCapacity\":{\"TableName\":\"" + counters
                        + "\",\"CapacityUnits\":7.5,\"ReadCapacityUnits\":7.5}}");
        var scan = client.executeStatement(b -> b.statement("SELECT * FROM \"" + counters + "\" WHERE n > 1"));
        assertThat(scan.consumedCapacity()).isNull();
        assertThat(proxy.upstreamCalls("ExecuteStatement")).isEqualTo(before + 1);
        assertThat(proxy.minute(counters).consumedRead().sum()).isEqualTo(7.5);
    }

    @Test
    void aStatementTheProxyCannotReadGoesUpstreamWhichExplains() {
        proxy.create(counters, BillingMode.PAY_PER_REQUEST);
        // No canned answer: dynalite itself answers, and it has no PartiQL.
        AwsServiceException e = assertThrows(
                AwsServiceException.class, () -> client.executeStatement(b -> b.statement("SELEKT nothing")));
        assertThat(e.awsErrorDetails().errorCode()).isEqualTo("UnknownOperationException");
        assertThat(proxy.upstreamCalls("ExecuteStatement")).isEqualTo(1);
    }

    @Test
    void anExecuteTransactionWithAThrottledStatementIsCanceledByTheProxyAndNeverReachesTheUpstream() {
        proxy.create(orders, BillingMode.PAY_PER_REQUEST);
        proxy.create(counters, BillingMode.PAY_PER_REQUEST);
        upstream.answer("ExecuteTransaction", "{\"Responses\":[]}");
        int accepted = 0;
        TransactionCanceledException canceled = null;
        for (int i = 0; i < 2_000 && canceled == null; i++) {
            String order = "ORDER#" + i;
            try {
                client.executeTransaction(b -> b.transactStatements(
                        ParameterizedStatement.builder()
                                .statement("INSERT INTO \"" + orders + "\" VALUE {'pk': ?}")
                                .parameters(AttributeValue.fromS(order))
                                .build(),
                        ParameterizedStatement.builder()
                                .statement(insertHot(counters))
                                .parameters(hot())
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
                .containsExactly("None", ON_DEMAND_THROTTLE);
        assertThat(proxy.upstreamCalls("ExecuteTransaction"))
                .as("only admitted transactions went upstream")
                .isEqualTo(accepted);
        MinuteStats counter = proxy.minute(counters);
        assertThat(counter.consumedWrite().sum()).as("transactional price").isEqualTo(4.0 * accepted);
        assertThat(counter.operations().get("ExecuteTransaction").requests()).isEqualTo(accepted + 1L);
        assertThat(counter.operations().get("ExecuteTransaction").throttledRequests())
                .isEqualTo(1L);
    }

    @Test
    void aThrottledTransactionalSelectOnAProvisionedTableSaysProvisionedThroughputExceeded() {
        proxy.create(counters, BillingMode.PROVISIONED);
        upstream.answer("ExecuteTransaction", "{\"Responses\":[{\"Item\":{\"pk\":{\"S\":\"STOCK#sku-1\"}}}]}");
        int accepted = 0;
        TransactionCanceledException canceled = null;
        for (int i = 0; i < 2_000 && canceled == null; i++) {
            try {
                client.executeTransaction(b -> b.transactStatements(ParameterizedStatement.builder()
                        .statement("SELECT * FROM \"" + counters + "\" WHERE pk = 'STOCK#sku-1'")
                        .build()));
                accepted++;
            } catch (TransactionCanceledException e) {
                canceled = e;
            }
        }
        assertThat(canceled).isNotNull();
        assertThat(canceled.cancellationReasons())
                .extracting(CancellationReason::code)
                .containsExactly(PROVISIONED_THROTTLE);
        assertThat(proxy.upstreamCalls("ExecuteTransaction")).isEqualTo(accepted);
        assertThat(proxy.minute(counters).consumedRead().sum())
                .as("2 RCU a transactional read of an item under 4 KB")
                .isEqualTo(2.0 * accepted);
    }

    @Test
    void aBatchAnswersItsThrottledStatementInPlaceAndForwardsOnlyTheOthers() {
        proxy.create(counters, BillingMode.PAY_PER_REQUEST);
        // Whatever is forwarded gets empty successes; a throttled statement's place is the proxy's answer.
        upstream.answer("BatchExecuteStatement", "{\"Responses\":[{},{}]}");
        List<BatchStatementResponse> throttled = null;
        int batches = 0;
        for (int i = 0; i < 2_000 && throttled == null; i++) {
            String cold = "COLD#" + i;
            List<BatchStatementResponse> responses = client.batchExecuteStatement(b -> b.statements(
                            BatchStatementRequest.builder()
                                    .statement(insertHot(counters))
                                    .parameters(hot())
                                    .build(),
                            BatchStatementRequest.builder()
                                    .statement("INSERT INTO \"" + counters + "\" VALUE {'pk': ?}")
                                    .parameters(AttributeValue.fromS(cold))
                                    .build()))
                    .responses();
            batches++;
            assertThat(responses).hasSize(2);
            if (responses.get(0).error() != null) {
                throttled = responses;
            }
        }
        assertThat(throttled).as("the hot statement throttles").isNotNull();
        assertThat(throttled.get(0).error().codeAsString()).isEqualTo(ON_DEMAND_THROTTLE);
        assertThat(throttled.get(0).error().message()).isNotBlank();
        assertThat(throttled.get(1).error()).as("the cold statement ran").isNull();
        assertThat(proxy.upstreamCalls("BatchExecuteStatement")).isEqualTo(batches);

        // A batch of the hot statement alone has nothing to forward.
        var alone = client.batchExecuteStatement(b -> b.statements(BatchStatementRequest.builder()
                        .statement(insertHot(counters))
                        .parameters(hot())
                        .build()))
                .responses();
        assertThat(alone).singleElement().satisfies(r -> assertThat(r.error().codeAsString())
                .isEqualTo(ON_DEMAND_THROTTLE));
        assertThat(proxy.upstreamCalls("BatchExecuteStatement")).isEqualTo(batches);
        // Metered per statement: the hot one at 2 WCU in every batch but the last two, the cold one at 1 WCU.
        int hotAdmitted = batches - 1;
        assertThat(proxy.minute(counters).consumedWrite().sum()).isEqualTo(2.0 * hotAdmitted + batches);
    }
}
