package dev.partitionscope.aws;

import dev.partitionscope.testing.Dynalite;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * {@link ScatterGatherContract} against dynalite (a real DynamoDB engine on Node.js); skipped loudly without Node
 * unless PARTITIONSCOPE_REQUIRE_NODE=1.
 */
@ExtendWith(Dynalite.Required.class)
class ScatterGatherDynaliteTest extends ScatterGatherContract {
    private static Tables tables;

    @BeforeAll
    static void start() {
        tables = create(Dynalite.client(), "scatter");
    }

    @Override
    DynamoDbClient client() {
        return Dynalite.client();
    }

    @Override
    Tables tables() {
        return tables;
    }
}
