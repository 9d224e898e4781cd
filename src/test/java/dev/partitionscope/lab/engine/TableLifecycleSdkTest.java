package dev.partitionscope.lab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.partitionscope.testing.LabFixture;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.retries.api.BackoffStrategy;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexUpdate;
import software.amazon.awssdk.services.dynamodb.model.IndexStatus;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ResourceInUseException;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;
import software.amazon.awssdk.services.dynamodb.waiters.DynamoDbWaiter;

/**
 * Tables pass through CREATING, UPDATING and DELETING as on DynamoDB, for the lifecycle time the Lab is given, and
 * the SDK's own waiters see them through it; what DynamoDB refuses in each state is refused.
 */
class TableLifecycleSdkTest {
    private static LabFixture lab;
    private static DynamoDbClient db;
    private static DynamoDbWaiter waiter;

    @BeforeAll
    static void start() {
        lab = LabFixture.start();
        lab.engine().setLifecycleMillis(300);
        db = lab.client();
        waiter = DynamoDbWaiter.builder()
                .client(db)
                .overrideConfiguration(o -> o.maxAttempts(100)
                        .backoffStrategyV2(BackoffStrategy.fixedDelayWithoutJitter(Duration.ofMillis(50))))
                .build();
    }

    @AfterAll
    static void stop() {
        waiter.close();
        lab.close();
    }

    private static TableDescription create(String name) {
        return db.createTable(b -> b.tableName(name)
                        .billingMode(BillingMode.PAY_PER_REQUEST)
                        .attributeDefinitions(Av.attr("pk", ScalarAttributeType.S), Av.attr("g", ScalarAttributeType.S))
                        .keySchema(Av.hash("pk"))
                        .globalSecondaryIndexes(GlobalSecondaryIndex.builder()
                                .indexName("byG")
                                .keySchema(Av.hash("g"))
                                .projection(p -> p.projectionType(ProjectionType.ALL))
                                .build()))
                .tableDescription();
    }

    @Test
    void aNewTableIsCreatingUntilItsTimeIsUpAndTheWaiterSeesItActive() {
        TableDescription d = create("lifecycle-create");
        assertThat(d.tableStatus()).isEqualTo(TableStatus.CREATING);
        assertThat(d.globalSecondaryIndexes().get(0).indexStatus()).isEqualTo(IndexStatus.CREATING);
        // While CREATING, the table holds no items yet and cannot be deleted or changed.
        assertThatThrownBy(() ->
                        db.putItem(b -> b.tableName("lifecycle-create").item(Map.of("pk", AttributeValue.fromS("a")))))
                .isInstanceOf(ResourceNotFoundException.class)
                .hasMessageStartingWith("Requested resource not found");
        assertThatThrownBy(() -> db.deleteTable(b -> b.tableName("lifecycle-create")))
                .isInstanceOf(ResourceInUseException.class)
                .hasMessageContaining("Table is being created");
        assertThatThrownBy(() ->
                        db.updateTable(b -> b.tableName("lifecycle-create").deletionProtectionEnabled(true)))
                .isInstanceOf(ResourceInUseException.class);

        TableDescription active = waiter.waitUntilTableExists(b -> b.tableName("lifecycle-create"))
                .matched()
                .response()
                .orElseThrow()
                .table();
        assertThat(active.tableStatus()).isEqualTo(TableStatus.ACTIVE);
        assertThat(active.globalSecondaryIndexes().get(0).indexStatus()).isEqualTo(IndexStatus.ACTIVE);
        db.putItem(b -> b.tableName("lifecycle-create").item(Map.of("pk", AttributeValue.fromS("a"))));
    }

    @Test
    void anUpdateShowsItsNewSettingsWhenDoneAndANewIndexBackfillsFirst() {
        create("lifecycle-update");
        waiter.waitUntilTableExists(b -> b.tableName("lifecycle-update"));
        db.putItem(b -> b.tableName("lifecycle-update")
                .item(Map.of("pk", AttributeValue.fromS("a"), "h", AttributeValue.fromS("x"))));

        TableDescription d = db.updateTable(b -> b.tableName("lifecycle-update")
                        .attributeDefinitions(Av.attr("h", ScalarAttributeType.S))
                        .globalSecondaryIndexUpdates(GlobalSecondaryIndexUpdate.builder()
                                .create(c -> c.indexName("byH")
                                        .keySchema(Av.hash("h"))
                                        .projection(p -> p.projectionType(ProjectionType.ALL)))
                                .build()))
                .tableDescription();
        assertThat(d.tableStatus()).isEqualTo(TableStatus.UPDATING);
        TableDescription now =
                db.describeTable(b -> b.tableName("lifecycle-update")).table();
        assertThat(now.globalSecondaryIndexes())
                .filteredOn(i -> i.indexName().equals("byH"))
                .singleElement()
                .satisfies(i -> {
                    assertThat(i.indexStatus()).isEqualTo(IndexStatus.CREATING);
                    assertThat(i.backfilling()).isTrue();
                });
        assertThatThrownBy(() -> db.query(b -> b.tableName("lifecycle-update")
                        .indexName("byH")
                        .keyConditionExpression("h = :h")
                        .expressionAttributeValues(Map.of(":h", AttributeValue.fromS("x")))))
                .hasMessageContaining("Cannot read from backfilling global secondary index: byH");
        // Another change waits for this one.
        assertThatThrownBy(() ->
                        db.updateTable(b -> b.tableName("lifecycle-update").deletionProtectionEnabled(true)))
                .isInstanceOf(ResourceInUseException.class)
                .hasMessageContaining("Table is being updated");

        waiter.waitUntilTableExists(b -> b.tableName("lifecycle-update"));
        assertThat(db.query(b -> b.tableName("lifecycle-update")
                                .indexName("byH")
                                .keyConditionExpression("h = :h")
                                .expressionAttributeValues(Map.of(":h", AttributeValue.fromS("x"))))
                        .count())
                .isEqualTo(1);
    }

    @Test
    void aDeletedTableIsDeletingThenGoneAndTheWaiterSeesItGo() {
        create("lifecycle-delete");
        waiter.waitUntilTableExists(b -> b.tableName("lifecycle-delete"));
        TableDescription d =
                db.deleteTable(b -> b.tableName("lifecycle-delete")).tableDescription();
        assertThat(d.tableStatus()).isEqualTo(TableStatus.DELETING);
        assertThat(d.hasGlobalSecondaryIndexes())
                .as("DynamoDB leaves the indexes out of the answer")
                .isFalse();
        assertThat(db.describeTable(b -> b.tableName("lifecycle-delete"))
                        .table()
                        .tableStatus())
                .isEqualTo(TableStatus.DELETING);
        assertThatThrownBy(() ->
                        db.getItem(b -> b.tableName("lifecycle-delete").key(Map.of("pk", AttributeValue.fromS("a")))))
                .isInstanceOf(ResourceNotFoundException.class);

        waiter.waitUntilTableNotExists(b -> b.tableName("lifecycle-delete"));
        assertThat(db.listTables().tableNames()).doesNotContain("lifecycle-delete");
    }
}
