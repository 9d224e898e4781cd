package dev.partitionscope.aws;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.TagResourceRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.Update;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

class WriteGuardTest {
    /** What the SDK puts in SdkExecutionAttribute.SERVICE_NAME for the DynamoDB client. */
    private static final String DYNAMO = "DynamoDb";

    private final WriteGuard guard =
            WriteGuard.forSpec(ConnectionSpec.custom("local", "http://localhost:8000", "us-east-1", "test"));

    @ParameterizedTest
    @CsvSource({
        "DynamoDb, ListTables",
        "DynamoDb, DescribeTable",
        "DynamoDb, GetItem",
        "DynamoDb, Query",
        "DynamoDb, Scan",
        "DynamoDb, BatchGetItem",
        "DynamoDb, TransactGetItems",
        "DynamoDb, DescribeContributorInsights",
        "DynamoDb, ListContributorInsights",
        "CloudWatch, GetMetricData",
        "CloudWatch, ListMetrics",
        "CloudWatch, DescribeAlarms"
    })
    void readsPassAReadOnlyGuard(String service, String operation) {
        assertThat(guard.isReadOnly()).isTrue();
        assertThat(WriteGuard.isRead(service, operation)).isTrue();
        assertThatCode(() -> guard.check(service, operation, Set.of("orders"))).doesNotThrowAnyException();
        assertThatCode(() -> guard.check(service, operation, Set.of())).doesNotThrowAnyException();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "PutItem",
                "UpdateItem",
                "DeleteItem",
                "BatchWriteItem",
                "TransactWriteItems",
                "UpdateContributorInsights",
                "CreateTable",
                "DeleteTable",
                "UpdateTable",
                "ExecuteStatement",
                "BatchExecuteStatement",
                "ExecuteTransaction",
                "TagResource",
                "SomeFutureOperation"
            })
    void writesAndUnknownOperationsAreBlockedOnAReadOnlyGuard(String operation) {
        assertThat(WriteGuard.isRead(DYNAMO, operation)).isFalse();
        assertThatThrownBy(() -> guard.check(DYNAMO, operation, Set.of("orders")))
                .isInstanceOf(WriteBlockedException.class)
                .hasMessage("DynamoDB " + operation + " on orders was blocked: connection 'local' is read-only.")
                .satisfies(e -> {
                    WriteBlockedException wb = (WriteBlockedException) e;
                    assertThat(wb.operation()).isEqualTo(operation);
                    assertThat(wb.tables()).containsExactly("orders");
                });
    }

    @Test
    void queryAndScanAreReadsOnlyForDynamoDb() {
        assertThat(WriteGuard.isRead("CloudWatch", "Query")).isFalse();
        assertThat(WriteGuard.isRead("dynamodb", "Scan")).isTrue();
        assertThat(WriteGuard.isRead(DYNAMO, null)).isFalse();
        assertThat(WriteGuard.isRead("CloudWatch", "PutMetricData")).isFalse();
    }

    @Test
    void aWriteThatNamesNoTableIsBlockedEvenAfterAnUnlock() {
        guard.unlock("orders", "orders");
        assertThatThrownBy(() -> guard.check("CloudWatch", "PutMetricAlarm", Set.of()))
                .isInstanceOf(WriteBlockedException.class)
                .hasMessage("CloudWatch PutMetricAlarm was blocked: connection 'local' is read-only.");
    }

    @Test
    void unlockWithTheExactNameAllowsWritesToThatTable() {
        guard.unlock("orders", "orders");

        assertThatCode(() -> guard.check(DYNAMO, "PutItem", Set.of("orders"))).doesNotThrowAnyException();
        assertThat(guard.isUnlocked("orders")).isTrue();
        assertThat(guard.isReadOnly()).isFalse();
        assertThat(guard.unlockedTables()).containsExactly("orders");
    }

    @Test
    void unlockTrimsSurroundingWhitespaceOfTheTypedName() {
        guard.unlock("orders", "  orders \n");
        assertThat(guard.isUnlocked("orders")).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"Orders", "ORDERS", "order", "orders2", "", "   "})
    void unlockRefusesATypedNameThatIsNotExactlyTheTableName(String typed) {
        assertThatThrownBy(() -> guard.unlock("orders", typed))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Type the table name exactly ('orders') to unlock writes.");
        assertThat(guard.isReadOnly()).isTrue();
        assertThat(guard.isUnlocked("orders")).isFalse();
    }

    @Test
    void unlockRefusesANullConfirmation() {
        assertThatThrownBy(() -> guard.unlock("orders", null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("exactly ('orders')");
        assertThat(guard.isReadOnly()).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " "})
    void unlockRefusesABlankTableName(String table) {
        assertThatThrownBy(() -> guard.unlock(table, table))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Choose the table to unlock first.");
        assertThatThrownBy(() -> guard.unlock(null, "x"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Choose the table to unlock first.");
        assertThat(guard.unlockedTables()).isEmpty();
    }

    @Test
    void unlockingOneTableDoesNotAllowWritesToAnother() {
        guard.unlock("A", "A");

        assertThatThrownBy(() -> guard.check(DYNAMO, "PutItem", Set.of("B")))
                .isInstanceOf(WriteBlockedException.class)
                .hasMessageContaining("on B was blocked");
        assertThat(guard.isUnlocked("B")).isFalse();
    }

    @Test
    void aBatchWriteTouchingTwoTablesNeedsBothUnlocked() {
        Set<String> tables = WriteGuardInterceptor.tablesOf(BatchWriteItemRequest.builder()
                .requestItems(java.util.Map.of(
                        "A", List.of(put("1")),
                        "B", List.of(put("2"))))
                .build());
        assertThat(tables).containsExactlyInAnyOrder("A", "B");

        guard.unlock("A", "A");
        assertThatThrownBy(() -> guard.check(DYNAMO, "BatchWriteItem", tables))
                .isInstanceOf(WriteBlockedException.class)
                .hasMessage("DynamoDB BatchWriteItem on A, B was blocked: connection 'local' is read-only.");

        guard.unlock("B", "B");
        assertThatCode(() -> guard.check(DYNAMO, "BatchWriteItem", tables)).doesNotThrowAnyException();
    }

    @Test
    void tablesOfFindsTablesInPutsTransactionsAndArns() {
        assertThat(WriteGuardInterceptor.tablesOf(
                        PutItemRequest.builder().tableName("orders").build()))
                .containsExactly("orders");
        assertThat(WriteGuardInterceptor.tablesOf(TransactWriteItemsRequest.builder()
                        .transactItems(
                                TransactWriteItem.builder()
                                        .update(Update.builder().tableName("A").build())
                                        .build(),
                                TransactWriteItem.builder()
                                        .put(software.amazon.awssdk.services.dynamodb.model.Put.builder()
                                                .tableName("B")
                                                .build())
                                        .build())
                        .build()))
                .containsExactlyInAnyOrder("A", "B");
        assertThat(WriteGuardInterceptor.tablesOf(TagResourceRequest.builder()
                        .resourceArn("arn:aws:dynamodb:us-east-1:123456789012:table/orders/index/byDate")
                        .build()))
                .containsExactly("orders");
    }

    @Test
    void lockAllLocksEveryUnlockedTableAgain() {
        guard.unlock("A", "A");
        guard.unlock("B", "B");
        assertThat(guard.unlockedTables()).containsExactlyInAnyOrder("A", "B");

        guard.lockAll();

        assertThat(guard.unlockedTables()).isEmpty();
        assertThat(guard.isReadOnly()).isTrue();
        assertThatThrownBy(() -> guard.check(DYNAMO, "PutItem", Set.of("A"))).isInstanceOf(WriteBlockedException.class);
    }

    @Test
    void theLabIsAlwaysWritable() {
        WriteGuard lab = WriteGuard.forSpec(ConnectionSpec.lab());

        assertThat(lab.isAlwaysWritable()).isTrue();
        assertThat(lab.isReadOnly()).isFalse();
        assertThat(lab.isUnlocked("anything")).isTrue();
        assertThatCode(() -> lab.check(DYNAMO, "DeleteTable", Set.of("anything")))
                .doesNotThrowAnyException();
        assertThatCode(() -> lab.check("CloudWatch", "PutMetricAlarm", Set.of()))
                .doesNotThrowAnyException();
        lab.lockAll();
        assertThatCode(() -> lab.check(DYNAMO, "PutItem", Set.of("t"))).doesNotThrowAnyException();
    }

    @Test
    void awsLocalStackAndCustomConnectionsStartReadOnly() {
        for (ConnectionSpec spec : List.of(
                ConnectionSpec.aws("prod", "prod", "eu-west-1"),
                ConnectionSpec.localStack(),
                ConnectionSpec.custom("c", "http://localhost:8000", "us-east-1", "k"))) {
            WriteGuard g = WriteGuard.forSpec(spec);
            assertThat(g.isReadOnly()).as(spec.kind().name()).isTrue();
            assertThat(g.isAlwaysWritable()).as(spec.kind().name()).isFalse();
        }
    }

    @Test
    void listenersFireOnUnlockAndLockAllButNotOnARefusedUnlock() {
        AtomicInteger fired = new AtomicInteger();
        Runnable listener = fired::incrementAndGet;
        guard.addListener(listener);

        guard.unlock("A", "A");
        assertThat(fired).hasValue(1);
        assertThatThrownBy(() -> guard.unlock("A", "a")).isInstanceOf(IllegalArgumentException.class);
        assertThat(fired).hasValue(1);
        guard.lockAll();
        assertThat(fired).hasValue(2);

        guard.removeListener(listener);
        guard.unlock("B", "B");
        assertThat(fired).hasValue(2);
    }

    private static WriteRequest put(String id) {
        return WriteRequest.builder()
                .putRequest(PutRequest.builder()
                        .item(java.util.Map.of("pk", AttributeValue.fromS(id)))
                        .build())
                .build();
    }
}
