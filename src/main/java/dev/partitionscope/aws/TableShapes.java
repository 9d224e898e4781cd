package dev.partitionscope.aws;

import dev.partitionscope.core.table.BillingMode;
import dev.partitionscope.core.table.IndexShape;
import dev.partitionscope.core.table.KeyAttribute;
import dev.partitionscope.core.table.KeySchema;
import dev.partitionscope.core.table.Projection;
import dev.partitionscope.core.table.TableShape;
import dev.partitionscope.core.table.Throughput;
import dev.partitionscope.core.table.WarmThroughput;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexWarmThroughputDescription;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.OnDemandThroughput;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputDescription;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableWarmThroughputDescription;

/** Maps the SDK's TableDescription onto the SDK-free {@link TableShape} the rest of the app uses. */
final class TableShapes {
    private TableShapes() {}

    static TableShape from(TableDescription d) {
        Map<String, dev.partitionscope.core.table.KeyType> types = new LinkedHashMap<>();
        if (d.hasAttributeDefinitions()) {
            for (AttributeDefinition a : d.attributeDefinitions()) {
                types.put(a.attributeName(), dev.partitionscope.core.table.KeyType.fromWire(a.attributeTypeAsString()));
            }
        }
        BillingMode billing = d.billingModeSummary() == null
                ? BillingMode.PROVISIONED
                : BillingMode.fromWire(d.billingModeSummary().billingModeAsString());
        List<IndexShape> gsis = d.hasGlobalSecondaryIndexes()
                ? d.globalSecondaryIndexes().stream()
                        .map(g -> gsi(g, types, billing))
                        .toList()
                : List.of();
        List<IndexShape> lsis = d.hasLocalSecondaryIndexes()
                ? d.localSecondaryIndexes().stream().map(l -> lsi(l, types)).toList()
                : List.of();
        TableShape.StreamSetting stream = d.streamSpecification() != null
                        && Boolean.TRUE.equals(d.streamSpecification().streamEnabled())
                ? new TableShape.StreamSetting(true, d.streamSpecification().streamViewTypeAsString())
                : TableShape.StreamSetting.DISABLED;
        String tableClass = d.tableClassSummary() == null
                ? "STANDARD"
                : d.tableClassSummary().tableClassAsString();
        return new TableShape(
                d.tableName(),
                d.tableArn(),
                d.tableStatusAsString(),
                keySchema(d.keySchema(), types),
                types,
                gsis,
                lsis,
                billing,
                billing == BillingMode.PROVISIONED ? provisioned(d.provisionedThroughput()) : null,
                onDemand(d.onDemandThroughput()),
                warm(d.warmThroughput()),
                orZero(d.itemCount()),
                orZero(d.tableSizeBytes()),
                tableClass,
                stream,
                Boolean.TRUE.equals(d.deletionProtectionEnabled()),
                d.creationDateTime());
    }

    private static IndexShape gsi(
            GlobalSecondaryIndexDescription g,
            Map<String, dev.partitionscope.core.table.KeyType> types,
            BillingMode billing) {
        GlobalSecondaryIndexWarmThroughputDescription w = g.warmThroughput();
        return new IndexShape(
                g.indexName(),
                IndexShape.Kind.GLOBAL,
                keySchema(g.keySchema(), types),
                projection(g.projection()),
                g.indexStatusAsString(),
                billing == BillingMode.PROVISIONED ? provisioned(g.provisionedThroughput()) : null,
                onDemand(g.onDemandThroughput()),
                w == null
                        ? null
                        : new WarmThroughput(
                                orZero(w.readUnitsPerSecond()), orZero(w.writeUnitsPerSecond()), w.statusAsString()),
                orZero(g.itemCount()),
                orZero(g.indexSizeBytes()));
    }

    private static IndexShape lsi(
            LocalSecondaryIndexDescription l, Map<String, dev.partitionscope.core.table.KeyType> types) {
        return new IndexShape(
                l.indexName(),
                IndexShape.Kind.LOCAL,
                keySchema(l.keySchema(), types),
                projection(l.projection()),
                null,
                null,
                null,
                null,
                orZero(l.itemCount()),
                orZero(l.indexSizeBytes()));
    }

    private static KeySchema keySchema(
            List<KeySchemaElement> elements, Map<String, dev.partitionscope.core.table.KeyType> types) {
        KeyAttribute partition = null;
        KeyAttribute sort = null;
        for (KeySchemaElement e : elements) {
            var type = types.getOrDefault(e.attributeName(), dev.partitionscope.core.table.KeyType.S);
            if (e.keyType() == KeyType.HASH) {
                partition = new KeyAttribute(e.attributeName(), type);
            } else {
                sort = new KeyAttribute(e.attributeName(), type);
            }
        }
        if (partition == null) {
            throw new IllegalStateException("The endpoint described a key schema without a partition (HASH) key");
        }
        return new KeySchema(partition, sort);
    }

    private static Projection projection(software.amazon.awssdk.services.dynamodb.model.Projection p) {
        if (p == null) {
            return new Projection("ALL", List.of());
        }
        return new Projection(p.projectionTypeAsString(), p.hasNonKeyAttributes() ? p.nonKeyAttributes() : List.of());
    }

    private static Throughput provisioned(ProvisionedThroughputDescription p) {
        if (p == null) {
            return null;
        }
        return new Throughput(orUnset(p.readCapacityUnits()), orUnset(p.writeCapacityUnits()));
    }

    private static Throughput onDemand(OnDemandThroughput t) {
        if (t == null) {
            return null;
        }
        return new Throughput(orUnset(t.maxReadRequestUnits()), orUnset(t.maxWriteRequestUnits()));
    }

    private static WarmThroughput warm(TableWarmThroughputDescription w) {
        if (w == null) {
            return null;
        }
        return new WarmThroughput(orZero(w.readUnitsPerSecond()), orZero(w.writeUnitsPerSecond()), w.statusAsString());
    }

    private static long orZero(Long v) {
        return v == null ? 0 : v;
    }

    private static long orUnset(Long v) {
        return v == null ? Throughput.UNSET : v;
    }
}
