package dev.partitionscope.lab.engine;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.partitionscope.core.table.KeyType;
import java.util.Map;

/** Renders a {@link LabTable} as DynamoDB's TableDescription. */
final class Descriptions {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private Descriptions() {
    }

    static ObjectNode table(LabTable t, String status) {
        ObjectNode d = F.objectNode();
        ArrayNode defs = d.putArray("AttributeDefinitions");
        for (Map.Entry<String, KeyType> e : t.attributeTypes.entrySet()) {
            defs.addObject().put("AttributeName", e.getKey()).put("AttributeType", e.getValue().name());
        }
        d.put("TableName", t.name);
        d.set("KeySchema", keySchema(t.key));
        d.put("TableStatus", status);
        d.put("CreationDateTime", t.createdMillis / 1000.0);
        d.set("ProvisionedThroughput", throughput(t.onDemand ? 0 : t.readUnits, t.onDemand ? 0 : t.writeUnits));
        d.put("TableSizeBytes", t.sizeBytes());
        d.put("ItemCount", t.itemCount());
        d.put("TableArn", t.arn);
        d.put("TableId", t.id);
        if (t.onDemand || t.lastBillingSwitchMillis > 0) {
            ObjectNode billing = d.putObject("BillingModeSummary")
                    .put("BillingMode", t.onDemand ? "PAY_PER_REQUEST" : "PROVISIONED");
            if (t.lastBillingSwitchMillis > 0) {
                billing.put("LastUpdateToPayPerRequestDateTime", t.lastBillingSwitchMillis / 1000.0);
            }
        }
        if (t.onDemand) {
            d.putObject("OnDemandThroughput").put("MaxReadRequestUnits", (long) t.maxReadUnits)
                    .put("MaxWriteRequestUnits", (long) t.maxWriteUnits);
        }
        if (!t.localIndexes.isEmpty()) {
            ArrayNode lsis = d.putArray("LocalSecondaryIndexes");
            for (IndexDef i : t.localIndexes.values()) {
                ObjectNode o = index(t, i);
                lsis.add(o);
            }
        }
        if (!t.globalIndexes.isEmpty()) {
            ArrayNode gsis = d.putArray("GlobalSecondaryIndexes");
            for (IndexDef i : t.globalIndexes.values()) {
                ObjectNode o = index(t, i);
                o.put("IndexStatus", "ACTIVE");
                o.set("ProvisionedThroughput", throughput(t.onDemand ? 0 : i.readUnits, t.onDemand ? 0 : i.writeUnits));
                if (t.onDemand) {
                    o.putObject("OnDemandThroughput").put("MaxReadRequestUnits", (long) i.maxReadUnits)
                            .put("MaxWriteRequestUnits", (long) i.maxWriteUnits);
                }
                o.set("WarmThroughput", warm(t, i.name(), "ACTIVE"));
                gsis.add(o);
            }
        }
        if (t.streamSpecification != null) {
            d.set("StreamSpecification", t.streamSpecification);
        }
        d.putObject("TableClassSummary").put("TableClass", t.tableClass);
        d.put("DeletionProtectionEnabled", t.deletionProtection);
        d.set("WarmThroughput", warm(t, null, status.equals("ACTIVE") ? "ACTIVE" : "UPDATING"));
        return d;
    }

    /**
     * Warm throughput: what the table or index can serve instantly. In the Lab that is its partitions times the
     * per-partition ceilings, so the figure moves when partitions split.
     */
    private static ObjectNode warm(LabTable t, String index, String status) {
        int partitions = t.gate.partitionCount(index);
        return F.objectNode().put("ReadUnitsPerSecond", 3000L * partitions)
                .put("WriteUnitsPerSecond", 1000L * partitions).put("Status", status);
    }

    private static ObjectNode index(LabTable t, IndexDef i) {
        ObjectNode o = F.objectNode();
        o.put("IndexName", i.name());
        o.set("KeySchema", keySchema(i.key()));
        ObjectNode projection = o.putObject("Projection").put("ProjectionType", i.projectionType());
        if (!i.nonKeyAttributes().isEmpty()) {
            ArrayNode a = projection.putArray("NonKeyAttributes");
            i.nonKeyAttributes().stream().sorted().forEach(a::add);
        }
        OrderedStore store = t.indexStores.get(i.name());
        o.put("IndexSizeBytes", store == null ? 0 : store.sizeBytes());
        o.put("ItemCount", store == null ? 0 : store.itemCount());
        o.put("IndexArn", i.arn());
        return o;
    }

    static ArrayNode keySchema(KeyDef k) {
        ArrayNode a = F.arrayNode();
        a.addObject().put("AttributeName", k.partitionKey()).put("KeyType", "HASH");
        if (k.hasSortKey()) {
            a.addObject().put("AttributeName", k.sortKey()).put("KeyType", "RANGE");
        }
        return a;
    }

    private static ObjectNode throughput(double read, double write) {
        return F.objectNode().put("NumberOfDecreasesToday", 0).put("ReadCapacityUnits", (long) read)
                .put("WriteCapacityUnits", (long) write);
    }
}
