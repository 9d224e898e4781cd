package dev.partitionscope.lab.server;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The operation an X-Amz-Target names, read without a split: DynamoDB's two API versions, exactly one dot. */
class TargetOperationTest {
    @Test
    void bothApiVersionsNameTheirOperation() {
        assertThat(LabServer.operation("DynamoDB_20120810.PutItem")).isEqualTo("PutItem");
        assertThat(LabServer.operation("DynamoDB_20111205.GetItem")).isEqualTo("GetItem");
        // A real operation the Lab does not serve is still named (refused by name later).
        assertThat(LabServer.operation("DynamoDB_20120810.CreateBackup")).isEqualTo("CreateBackup");
    }

    @Test
    void anythingElseNamesNoOperation() {
        assertThat(LabServer.operation(null)).isNull();
        assertThat(LabServer.operation("DynamoDB_20120810.PutItem.x")).isNull();
        assertThat(LabServer.operation("DynamoDB_20120810PutItem")).isNull();
        assertThat(LabServer.operation("DynamoDB_20120810.")).isNull();
        assertThat(LabServer.operation("DynamoDB_20120810.Foo")).isNull();
        assertThat(LabServer.operation("DynamoDBStreams_20120810.GetRecords")).isNull();
        assertThat(LabServer.operation("dynamodb_20120810.PutItem")).isNull();
        assertThat(LabServer.operation(".PutItem")).isNull();
    }
}
