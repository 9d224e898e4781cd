package dev.partitionscope.aws;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.partitionscope.testing.Dynalite;
import dev.partitionscope.testing.RecordingProxy;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ContributorInsightsAction;

/** The write guard sits inside the SDK client: a blocked call never reaches the wire. Proven with a recording proxy. */
@ExtendWith(Dynalite.Required.class)
class WriteGuardIntegrationTest {
    private static String table;
    private static String otherTable;

    @TempDir
    static Path home;

    private RecordingProxy proxy;
    private Connection connection;

    @BeforeAll
    static void createTables() {
        table = Dynalite.createTableWithGsi("guard");
        otherTable = Dynalite.createTableWithGsi("guard-other");
    }

    @BeforeEach
    void connectThroughProxy() {
        proxy = RecordingProxy.to(Dynalite.endpoint());
        AwsProfiles noProfiles =
                AwsProfiles.from(home.resolve("missing-config"), home.resolve("missing-credentials"), Map.of());
        connection = new ConnectionFactory(noProfiles)
                .open(ConnectionSpec.custom("guarded", proxy.endpoint(), "us-east-1", "guardtest"));
    }

    @AfterEach
    void close() {
        connection.close();
        proxy.close();
    }

    @Test
    void readsGoThroughWhileWritesAreStoppedBeforeTheyLeaveTheProcess() {
        assertThat(connection.dynamo().listTables().tableNames()).contains(table);
        assertThat(connection
                        .dynamo()
                        .describeTable(b -> b.tableName(table))
                        .table()
                        .tableName())
                .isEqualTo(table);

        Throwable put = catchThrowable(
                () -> connection.dynamo().putItem(b -> b.tableName(table).item(item("p1"))));
        Throwable insights = catchThrowable(() -> connection.dynamo().updateContributorInsights(b -> b.tableName(table)
                .contributorInsightsAction(ContributorInsightsAction.ENABLE)));

        assertBlocked(put, "PutItem", table);
        assertBlocked(insights, "UpdateContributorInsights", table);
        assertThat(proxy.operations()).containsExactly("ListTables", "DescribeTable");
        assertThat(Dynalite.client()
                        .getItem(b -> b.tableName(table).key(key("p1")))
                        .hasItem())
                .isFalse();
    }

    @Test
    void afterUnlockingTheTableAPutItemReachesTheServer() {
        connection.guard().unlock(table, table);

        connection.dynamo().putItem(b -> b.tableName(table).item(item("p2")));

        assertThat(proxy.operations()).containsExactly("PutItem");
        Map<String, AttributeValue> stored = Dynalite.client()
                .getItem(b -> b.tableName(table).key(key("p2")).consistentRead(true))
                .item();
        assertThat(stored).containsEntry("title", AttributeValue.fromS("hello p2"));
    }

    @Test
    void unlockingOneTableStillBlocksWritesToAnother() {
        connection.guard().unlock(table, table);

        Throwable put = catchThrowable(
                () -> connection.dynamo().putItem(b -> b.tableName(otherTable).item(item("p3"))));

        assertBlocked(put, "PutItem", otherTable);
        assertThat(proxy.operations()).isEmpty();
    }

    @Test
    void partiQlIsBlockedEvenOnAnUnlockedTable() {
        connection.guard().unlock(table, table);

        Throwable statement = catchThrowable(() -> connection
                .dynamo()
                .executeStatement(b -> b.statement("INSERT INTO \"" + table + "\" VALUE {'pk': 'x', 'sk': 'y'}")));

        assertThat(statement).isExactlyInstanceOf(WriteBlockedException.class);
        assertThat(findWriteBlocked(statement).operation()).isEqualTo("ExecuteStatement");
        assertThat(proxy.operations()).isEmpty();
    }

    @Test
    void closingTheConnectionLocksEverythingAgain() {
        connection.guard().unlock(table, table);
        connection.close();

        assertThat(connection.isClosed()).isTrue();
        assertThat(connection.guard().isReadOnly()).isTrue();
    }

    private void assertBlocked(Throwable thrown, String operation, String tableName) {
        // The SDK (2.57) rethrows an interceptor's RuntimeException from beforeExecution as is, unwrapped.
        assertThat(thrown)
                .as("%s should have been blocked", operation)
                .isExactlyInstanceOf(WriteBlockedException.class);
        WriteBlockedException blocked = findWriteBlocked(thrown);
        assertThat(blocked.operation()).isEqualTo(operation);
        assertThat(blocked.tables()).containsExactly(tableName);
        assertThat(blocked)
                .hasMessage("DynamoDB " + operation + " on " + tableName
                        + " was blocked: connection 'guarded' is read-only.");
        UserMessage message = ErrorTranslator.translate(thrown, connection.spec(), operation);
        assertThat(message.headline()).isEqualTo("Writes are locked on this connection");
        assertThat(message.hint()).startsWith("Nothing was sent.").contains(tableName);
    }

    private static WriteBlockedException findWriteBlocked(Throwable thrown) {
        for (Throwable t = thrown; t != null; t = t.getCause()) {
            if (t instanceof WriteBlockedException wb) {
                return wb;
            }
        }
        throw new AssertionError("No WriteBlockedException in the cause chain of " + thrown, thrown);
    }

    private static Map<String, AttributeValue> key(String pk) {
        return Map.of("pk", AttributeValue.fromS(pk), "sk", AttributeValue.fromS("0"));
    }

    private static Map<String, AttributeValue> item(String pk) {
        return Map.of(
                "pk",
                AttributeValue.fromS(pk),
                "sk",
                AttributeValue.fromS("0"),
                "title",
                AttributeValue.fromS("hello " + pk));
    }
}
