package dev.partitionscope.lab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.partitionscope.testing.LabFixture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexUpdate;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/** UpdateTable refuses, as DynamoDB does, to create or delete more than one GSI per call — before changing anything. */
class UpdateTableLimitsTest {
    private static LabFixture lab;

    @BeforeAll
    static void start() {
        lab = LabFixture.start();
    }

    @AfterAll
    static void stop() {
        lab.close();
    }

    @Test
    void twoIndexCreatesInOneCallAreRefusedAndNothingChanges() {
        String table = LabFixture.uniqueName("two-gsis");
        var client = lab.client();
        client.createTable(b -> b.tableName(table)
                .billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(Av.attr("pk", ScalarAttributeType.S))
                .keySchema(Av.hash("pk")));
        DynamoDbException e = catchThrowableOfType(
                DynamoDbException.class,
                () -> client.updateTable(b -> b.tableName(table)
                        .billingMode(BillingMode.PROVISIONED)
                        .provisionedThroughput(p -> p.readCapacityUnits(5L).writeCapacityUnits(5L))
                        .attributeDefinitions(Av.attr("a", ScalarAttributeType.S), Av.attr("b", ScalarAttributeType.S))
                        .globalSecondaryIndexUpdates(create("byA", "a"), create("byB", "b"))));

        assertThat(e.awsErrorDetails().errorCode()).isEqualTo("LimitExceededException");
        assertThat(e.awsErrorDetails().errorMessage()).contains("Only 1 online index can be created or deleted");
        var described = client.describeTable(b -> b.tableName(table)).table();
        assertThat(described.hasGlobalSecondaryIndexes()).isFalse();
        assertThat(described.billingModeSummary().billingMode())
                .as("the billing switch in the refused call was not" + " applied")
                .isEqualTo(BillingMode.PAY_PER_REQUEST);
    }

    private static GlobalSecondaryIndexUpdate create(String name, String attribute) {
        return GlobalSecondaryIndexUpdate.builder()
                .create(c -> c.indexName(name)
                        .keySchema(Av.hash(attribute))
                        .projection(p -> p.projectionType(ProjectionType.KEYS_ONLY))
                        .provisionedThroughput(p -> p.readCapacityUnits(5L).writeCapacityUnits(5L)))
                .build();
    }
}
