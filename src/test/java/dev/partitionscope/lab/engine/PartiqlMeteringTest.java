package dev.partitionscope.lab.engine;

import static dev.partitionscope.lab.engine.Av.item;
import static dev.partitionscope.lab.engine.Av.s;
import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.lab.clock.SystemLabClock;
import dev.partitionscope.lab.meter.ContributorReport;
import dev.partitionscope.lab.meter.InsightMetric;
import dev.partitionscope.lab.meter.KeyKind;
import dev.partitionscope.lab.meter.Meter;
import dev.partitionscope.lab.meter.MinuteStats;
import dev.partitionscope.lab.meter.OperationStats;
import dev.partitionscope.lab.meter.OrderBy;
import dev.partitionscope.lab.meter.RequestRecord;
import dev.partitionscope.lab.meter.ResourceId;
import dev.partitionscope.lab.server.LabServer;
import dev.partitionscope.testing.LabFixture;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BatchStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.ParameterizedStatement;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * PartiQL requests count in the CloudWatch metrics (consumed units, requests per operation under the PartiQL
 * operation's name) but not in Contributor Insights, as on AWS: the real SDK against a Lab whose meter is the real
 * {@link Meter}.
 */
class PartiqlMeteringTest {

    @Test
    void cloudWatchCountsPartiqlUnitsAndInsightsDoNotSeeTheirKeys() throws Exception {
        Meter meter = new Meter(SystemLabClock.INSTANCE);
        EngineMeter engineMeter = new EngineMeter() {
            @Override
            public void record(RequestRecord r) {
                meter.record(r);
            }

            @Override
            public void recordItem(RequestRecord r) {
                meter.recordItem(r);
            }

            @Override
            public void recordCall(String table, String operation, boolean throttled, long latency, int returned) {
                meter.recordCall(table, operation, throttled, latency, returned);
            }
        };
        LabEngine engine =
                new LabEngine(SystemLabClock.INSTANCE, LabFixture.REGION, c -> CapacityGate.UNLIMITED, engineMeter);
        LabServer server = LabServer.start(null, 0, dev.partitionscope.lab.Lab.endpointHandler(engine), 0);
        long from = System.currentTimeMillis() - 60_000;
        try (DynamoDbClient db = LabFixture.newClient(server.endpoint())) {
            db.createTable(b -> b.tableName("metered")
                    .billingMode(BillingMode.PAY_PER_REQUEST)
                    .attributeDefinitions(Av.attr("pk", ScalarAttributeType.S))
                    .keySchema(Av.hash("pk")));
            db.putItem(b -> b.tableName("metered").item(item("pk", s("classic"))));
            db.executeStatement(b -> b.statement("INSERT INTO metered VALUE {'pk': 'pq-key', 'v': 1}"));
            db.executeStatement(b -> b.statement("UPDATE metered SET v = v + 1 WHERE pk = 'pq-key'"));
            db.executeStatement(b -> b.statement("SELECT * FROM metered WHERE pk = 'pq-key'"));
            db.batchExecuteStatement(b -> b.statements(BatchStatementRequest.builder()
                    .statement("INSERT INTO metered VALUE {'pk': 'pq-batch'}")
                    .build()));
            db.executeTransaction(b -> b.transactStatements(ParameterizedStatement.builder()
                    .statement("INSERT INTO metered VALUE {'pk': 'pq-tx'}")
                    .build()));
        } finally {
            server.close();
        }
        long to = System.currentTimeMillis() + 60_000;

        List<MinuteStats> minutes = meter.minutes(ResourceId.table("metered"), from, to);
        double written =
                minutes.stream().mapToDouble(m -> m.consumedWrite().sum()).sum();
        double read = minutes.stream().mapToDouble(m -> m.consumedRead().sum()).sum();
        // PutItem 1 + INSERT 1 + UPDATE 1 + batch INSERT 1 + transactional INSERT 2
        assertThat(written).isEqualTo(6.0);
        assertThat(read).isEqualTo(0.5);
        Map<String, Long> requests = new java.util.TreeMap<>();
        for (MinuteStats m : minutes) {
            for (Map.Entry<String, OperationStats> e : m.operations().entrySet()) {
                requests.merge(e.getKey(), e.getValue().requests(), Long::sum);
            }
        }
        assertThat(requests)
                .containsEntry("PutItem", 1L)
                .containsEntry("ExecuteStatement", 3L)
                .containsEntry("BatchExecuteStatement", 1L)
                .containsEntry("ExecuteTransaction", 1L);

        ContributorReport insights = meter.topContributors(
                ResourceId.table("metered"),
                KeyKind.PARTITION_KEY,
                InsightMetric.CONSUMED_THROUGHPUT_UNITS,
                from - from % 60_000,
                to,
                Duration.ofMinutes(1),
                25,
                OrderBy.SUM);
        assertThat(insights.contributors())
                .extracting(c -> c.keys().get(0))
                .as("only the classic PutItem's key")
                .containsExactly("classic");
    }
}
