package dev.partitionscope.aws;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.partitionscope.core.table.BillingMode;
import dev.partitionscope.core.table.TableShape;
import dev.partitionscope.core.table.Throughput;
import dev.partitionscope.core.table.WarmThroughput;
import dev.partitionscope.testing.Dynalite;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.BillingModeSummary;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.model.TableClass;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/** Mapping details dynalite cannot show (streams, on-demand maximums, warm throughput, table class). */
class TableShapesTest {

    private static TableDescription.Builder base() {
        return TableDescription.builder()
                .tableName("orders")
                .tableArn("arn:aws:dynamodb:eu-west-1:123456789012:table/orders")
                .tableStatus("ACTIVE")
                .attributeDefinitions(
                        Dynalite.attr("pk", ScalarAttributeType.S),
                        Dynalite.attr("status", ScalarAttributeType.S),
                        Dynalite.attr("n", ScalarAttributeType.N))
                .keySchema(Dynalite.key("pk", KeyType.HASH))
                .creationDateTime(Instant.parse("2024-05-01T10:00:00Z"));
    }

    @Test
    void anOnDemandTableWithStreamWarmThroughputAndMaximums() {
        TableDescription d = base().billingModeSummary(BillingModeSummary.builder()
                        .billingMode("PAY_PER_REQUEST")
                        .build())
                .provisionedThroughput(p -> p.readCapacityUnits(0L).writeCapacityUnits(0L))
                .onDemandThroughput(o -> o.maxReadRequestUnits(4000L))
                .warmThroughput(w ->
                        w.readUnitsPerSecond(12000L).writeUnitsPerSecond(4000L).status("ACTIVE"))
                .streamSpecification(s -> s.streamEnabled(true).streamViewType(StreamViewType.NEW_AND_OLD_IMAGES))
                .tableClassSummary(t -> t.tableClass(TableClass.STANDARD_INFREQUENT_ACCESS))
                .deletionProtectionEnabled(true)
                .itemCount(1234L)
                .tableSizeBytes(56789L)
                .globalSecondaryIndexes(GlobalSecondaryIndexDescription.builder()
                        .indexName("byStatus")
                        .keySchema(Dynalite.key("status", KeyType.HASH), Dynalite.key("n", KeyType.RANGE))
                        .projection(p -> p.projectionType(ProjectionType.KEYS_ONLY))
                        .indexStatus("ACTIVE")
                        .provisionedThroughput(p -> p.readCapacityUnits(0L).writeCapacityUnits(0L))
                        .onDemandThroughput(o -> o.maxWriteRequestUnits(500L))
                        .warmThroughput(w -> w.readUnitsPerSecond(12000L)
                                .writeUnitsPerSecond(4000L)
                                .status("UPDATING"))
                        .itemCount(10L)
                        .indexSizeBytes(2048L)
                        .build())
                .build();

        TableShape shape = TableShapes.from(d);

        assertThat(shape.billingMode()).isEqualTo(BillingMode.PAY_PER_REQUEST);
        assertThat(shape.provisioned()).isNull();
        assertThat(shape.onDemandMaximum()).isEqualTo(new Throughput(4000, Throughput.UNSET));
        assertThat(shape.warmThroughput()).isEqualTo(new WarmThroughput(12000, 4000, "ACTIVE"));
        assertThat(shape.stream()).isEqualTo(new TableShape.StreamSetting(true, "NEW_AND_OLD_IMAGES"));
        assertThat(shape.stream().describe()).isEqualTo("Enabled (NEW_AND_OLD_IMAGES)");
        assertThat(shape.tableClass()).isEqualTo("STANDARD_INFREQUENT_ACCESS");
        assertThat(shape.deletionProtection()).isTrue();
        assertThat(shape.itemCount()).isEqualTo(1234);
        assertThat(shape.sizeBytes()).isEqualTo(56789);
        assertThat(shape.createdAt()).isEqualTo(Instant.parse("2024-05-01T10:00:00Z"));
        assertThat(shape.keySchema().describe()).isEqualTo("pk (S)");

        var gsi = shape.globalIndex("byStatus").orElseThrow();
        assertThat(gsi.provisioned()).isNull();
        assertThat(gsi.onDemandMaximum()).isEqualTo(new Throughput(Throughput.UNSET, 500));
        assertThat(gsi.warmThroughput()).isEqualTo(new WarmThroughput(12000, 4000, "UPDATING"));
        assertThat(gsi.projection().describe()).isEqualTo("KEYS_ONLY");
        assertThat(gsi.keySchema().describe()).isEqualTo("status (S) · n (N)");
        assertThat(gsi.itemCount()).isEqualTo(10);
        assertThat(gsi.sizeBytes()).isEqualTo(2048);
    }

    @Test
    void aTableWithoutBillingSummaryIsProvisionedAndHasDefaults() {
        TableShape shape = TableShapes.from(
                base().provisionedThroughput(p -> p.readCapacityUnits(25L).writeCapacityUnits(10L))
                        .build());

        assertThat(shape.billingMode()).isEqualTo(BillingMode.PROVISIONED);
        assertThat(shape.provisioned()).isEqualTo(new Throughput(25, 10));
        assertThat(shape.stream()).isEqualTo(TableShape.StreamSetting.DISABLED);
        assertThat(shape.tableClass()).isEqualTo("STANDARD");
        assertThat(shape.onDemandMaximum()).isNull();
        assertThat(shape.warmThroughput()).isNull();
        assertThat(shape.itemCount()).isZero();
        assertThat(shape.deletionProtection()).isFalse();
        assertThat(shape.globalIndexes()).isEmpty();
        assertThat(shape.localIndexes()).isEmpty();
    }

    @Test
    void aStreamSpecificationThatIsDisabledMapsToDisabled() {
        TableShape shape = TableShapes.from(
                base().streamSpecification(s -> s.streamEnabled(false)).build());

        assertThat(shape.stream()).isEqualTo(TableShape.StreamSetting.DISABLED);
    }

    @Test
    void aKeySchemaWithoutPartitionKeyIsReported() {
        TableDescription d = base().keySchema(Dynalite.key("pk", KeyType.RANGE)).build();

        assertThatThrownBy(() -> TableShapes.from(d))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("without a partition (HASH) key");
    }
}
