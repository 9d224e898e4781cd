package dev.partitionscope.aws;

import dev.partitionscope.testing.LabFixture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** {@link ScatterGatherContract} against the in-process Lab served on 127.0.0.1. */
class ScatterGatherLabTest extends ScatterGatherContract {
    private static LabFixture lab;
    private static Tables tables;

    @BeforeAll
    static void start() {
        lab = LabFixture.start();
        tables = create(lab.client(), "scatter");
    }

    @AfterAll
    static void stop() {
        if (lab != null) {
            lab.close();
        }
    }

    @Override
    DynamoDbClient client() {
        return lab.client();
    }

    @Override
    Tables tables() {
        return tables;
    }
}
