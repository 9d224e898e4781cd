package dev.partitionscope.aws;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.item.PlainValues;
import dev.partitionscope.testing.LabFixture;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/** The console's point read against the in-process Lab: the item under a string + number key, and its cost. */
class PointReaderTest {
    private static LabFixture lab;
    private static String table;

    @BeforeAll
    static void start() {
        lab = LabFixture.start();
        table = LabFixture.uniqueName("point");
        DynamoDbClient c = lab.client();
        c.createTable(b -> b.tableName(table)
                .billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(
                        AttributeDefinition.builder()
                                .attributeName("pk")
                                .attributeType(ScalarAttributeType.S)
                                .build(),
                        AttributeDefinition.builder()
                                .attributeName("sk")
                                .attributeType(ScalarAttributeType.N)
                                .build())
                .keySchema(
                        KeySchemaElement.builder()
                                .attributeName("pk")
                                .keyType(KeyType.HASH)
                                .build(),
                        KeySchemaElement.builder()
                                .attributeName("sk")
                                .keyType(KeyType.RANGE)
                                .build()));
        c.putItem(b -> b.tableName(table)
                .item(Map.of(
                        "pk", AttributeValue.fromS("PENDING#3"),
                        "sk", AttributeValue.fromN("42"),
                        "total", AttributeValue.fromN("19.5"))));
    }

    @AfterAll
    static void stop() {
        if (lab != null) {
            lab.close();
        }
    }

    private static Map<String, AttrValue> key(String pk, String sk) {
        return Map.of("pk", new AttrValue.S(pk), "sk", AttrValue.N.parse(sk));
    }

    @Test
    void readsTheItemUnderTheKeyWithItsCost() {
        PointReader.Result eventual = new PointReader(lab.client()).read(table, key("PENDING#3", "42"), false);
        assertThat(eventual.item()).containsOnlyKeys("pk", "sk", "total");
        assertThat(PlainValues.text(eventual.item().get("total"))).isEqualTo("19.5");
        assertThat(eventual.consumedCapacity()).isEqualTo(0.5);
        assertThat(eventual.latencyMs()).isGreaterThanOrEqualTo(0);

        PointReader.Result strong = new PointReader(lab.client()).read(table, key("PENDING#3", "42.0"), true);
        assertThat(strong.item()).isEqualTo(eventual.item());
        assertThat(strong.consumedCapacity()).isEqualTo(1.0);
    }

    @Test
    void noItemUnderTheKeyIsNull() {
        PointReader.Result r = new PointReader(lab.client()).read(table, key("PENDING#4", "42"), false);
        assertThat(r.item()).isNull();
        assertThat(r.consumedCapacity()).isEqualTo(0.5);
    }
}
