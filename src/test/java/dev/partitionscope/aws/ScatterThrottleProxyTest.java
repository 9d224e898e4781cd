package dev.partitionscope.aws;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.core.scatter.ScatterPlan;
import dev.partitionscope.core.scatter.ScatterResult;
import dev.partitionscope.testing.LabFixture;
import dev.partitionscope.testing.RecordingProxy;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * Throttles answered over HTTP (RecordingProxy's fault injection in front of the Lab) through the app's own
 * {@link Connection}, whose client retries 3 times by itself: scatter must still see and count every throttle, and a
 * Query that keeps being throttled fails its shard, named, instead of shortening the result silently.
 */
class ScatterThrottleProxyTest {
    @TempDir
    static Path home;

    private static LabFixture lab;
    private static RecordingProxy proxy;
    private static Connection connection;
    private static String table;

    @BeforeAll
    static void start() {
        lab = LabFixture.start();
        table = LabFixture.uniqueName("thr");
        lab.client().createTable(b -> b.tableName(table)
                .billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(AttributeDefinition.builder()
                        .attributeName("pk")
                        .attributeType(ScalarAttributeType.S)
                        .build())
                .keySchema(KeySchemaElement.builder()
                        .attributeName("pk")
                        .keyType(software.amazon.awssdk.services.dynamodb.model.KeyType.HASH)
                        .build()));
        for (int i = 1; i <= 2; i++) {
            String k = "K#" + i;
            lab.client().putItem(b -> b.tableName(table).item(Map.of("pk", AttributeValue.fromS(k))));
        }
        proxy = RecordingProxy.to(lab.endpoint());
        AwsProfiles none = AwsProfiles.from(home.resolve("config"), home.resolve("credentials"), Map.of());
        connection = new ConnectionFactory(none)
                .open(ConnectionSpec.custom("thr", proxy.endpoint(), "us-east-1", "thrtest"));
    }

    @AfterAll
    static void stop() throws Exception {
        if (connection != null) {
            connection.close();
        }
        if (proxy != null) {
            proxy.close();
        }
        if (lab != null) {
            lab.close();
        }
    }

    private ScatterPlan plan() {
        return ScatterPlan.of(table, null, "pk", null, null, List.of("K#1", "K#2"))
                .withConcurrency(1);
    }

    @Test
    void everyThrottleIsCountedDespiteTheSdkRetries() {
        proxy.clear();
        proxy.fault("Query", RecordingProxy.Fault.THROTTLING, 2);
        ScatterResult r = new ScatterGather(connection.dynamo()).run(plan(), () -> false, ScatterGather.Listener.NONE);
        assertThat(r.complete()).as(r.reasons().toString()).isTrue();
        assertThat(r.totals().items()).isEqualTo(2);
        assertThat(r.totals().throttles()).isEqualTo(2);
        assertThat(r.totals().retries()).isEqualTo(2);
        assertThat(r.shards().get(0).throttleReasons()).containsExactly("ThrottlingException (no reason given)");
        assertThat(proxy.operations()).filteredOn("Query"::equals).hasSize(4);
    }

    @Test
    void aShardThrottledPastItsRetriesIsNamed() {
        proxy.clear();
        proxy.fault("Query", RecordingProxy.Fault.THROTTLING, ScatterGather.MAX_ATTEMPTS);
        ScatterResult r = new ScatterGather(connection.dynamo()).run(plan(), () -> false, ScatterGather.Listener.NONE);
        assertThat(r.complete()).isFalse();
        assertThat(r.failedShards()).containsExactly("K#1");
        assertThat(r.reasons()).anyMatch(s -> s.contains("K#1") && s.contains("throttled 5 times"));
        assertThat(r.items()).hasSize(1);
    }
}
