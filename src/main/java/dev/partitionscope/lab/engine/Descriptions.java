package dev.partitionscope.lab.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.partitionscope.core.table.KeyType;
import java.util.Map;

/**
 * Renders a {@link LabTable} as DynamoDB's TableDescription. Settings appear only when the table has them
 * (TableClassSummary after a TableClass was given, DeletionProtectionEnabled after it was set, BillingModeSummary for
 * on-demand tables or after a switch), as in DynamoDB's answers; DescribeTable adds the warm throughput the Lab
 * derives from its partition model.
 */
final class Descriptions {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private Descriptions() {}

    /** The table's description; {@code describe}: as DescribeTable answers (with its warm throughput). */
    static ObjectNode table(LabTable t, boolean describe) {
        ObjectNode d = F.objectNode();
        ArrayNode defs = d.putArray("AttributeDefinitions");
        for (Map.Entry<String, KeyType> e : t.attributeTypes.entrySet()) {
            defs.addObject()
                    .put("AttributeName", e.getKey())
                    .put("AttributeType", e.getValue().name());
        }
        d.put("TableName", t.name);
        d.set("KeySchema", keySchema(t.key));
        d.put("TableStatus", t.status().name());
        d.put("CreationDateTime", t.createdMillis / 1000.0);
        ObjectNode pt = throughput(t.onDemand ? 0 : t.readUnits, t.onDemand ? 0 : t.writeUnits, t.decreasesToday.get());
        if (t.lastIncreaseMillis > 0) {
            pt.put("LastIncreaseDateTime", t.lastIncreaseMillis / 1000.0);
        }
        if (t.lastDecreaseMillis > 0) {
            pt.put("LastDecreaseDateTime", t.lastDecreaseMillis / 1000.0);
        }
        d.set("ProvisionedThroughput", pt);
        d.put("TableSizeBytes", t.sizeBytes());
        d.put("ItemCount", t.itemCount());
        d.put("TableArn", t.arn);
        d.put("TableId", t.id);
        if (t.onDemand || t.lastBillingSwitchMillis > 0) {
            ObjectNode billing = d.putObject("BillingModeSummary")
                    .put("BillingMode", t.onDemand ? "PAY_PER_REQUEST" : "PROVISIONED");
            long since = t.lastBillingSwitchMillis > 0 ? t.lastBillingSwitchMillis : t.createdMillis;
            if (t.onDemand) {
                billing.put("LastUpdateToPayPerRequestDateTime", since / 1000.0);
            }
        }
        if (t.onDemand && (t.maxReadUnits > 0 || t.maxWriteUnits > 0)) {
            d.putObject("OnDemandThroughput")
                    .put("MaxReadRequestUnits", (long) t.maxReadUnits)
                    .put("MaxWriteRequestUnits", (long) t.maxWriteUnits);
        }
        if (!t.localIndexes.isEmpty()) {
            ArrayNode lsis = d.putArray("LocalSecondaryIndexes");
            for (IndexDef i : t.localIndexes.values()) {
                lsis.add(index(t, i));
            }
        }
        if (!t.globalIndexes.isEmpty()) {
            ArrayNode gsis = d.putArray("GlobalSecondaryIndexes");
            for (IndexDef i : t.globalIndexes.values()) {
                ObjectNode o = index(t, i);
                o.put("IndexStatus", i.status);
                if (i.status.equals("CREATING") && t.status() != LabTable.Status.CREATING) {
                    o.put("Backfilling", true); // an index added to a live table fills from its items
                }
                o.set(
                        "ProvisionedThroughput",
                        throughput(t.onDemand ? 0 : i.readUnits, t.onDemand ? 0 : i.writeUnits, 0));
                if (t.onDemand && (i.maxReadUnits > 0 || i.maxWriteUnits > 0)) {
                    o.putObject("OnDemandThroughput")
                            .put("MaxReadRequestUnits", (long) i.maxReadUnits)
                            .put("MaxWriteRequestUnits", (long) i.maxWriteUnits);
                }
                gsis.add(o);
            }
        }
        JsonNode stream = t.streamSpecification;
        if (stream != null) {
            d.set("StreamSpecification", stream);
        }
        dev.partitionscope.lab.streams.LabStream latest = t.stream;
        if (latest != null) { // the latest stream stays named after it is disabled, as DynamoDB describes it
            d.put("LatestStreamLabel", latest.label());
            d.put("LatestStreamArn", latest.arn());
        }
        JsonNode sse = t.sseSpecification;
        if (sse != null && sse.path("Enabled").asBoolean(false)) {
            ObjectNode s =
                    d.putObject("SSEDescription").put("Status", "ENABLED").put("SSEType", "KMS");
            s.put(
                    "KMSMasterKeyArn",
                    sse.has("KMSMasterKeyId")
                            ? sse.get("KMSMasterKeyId").asText()
                            : "arn:aws:kms:" + t.arn.split(":", -1)[3] + ":" + LabEngine.ACCOUNT
                                    + ":key/aws-managed-dynamodb");
        }
        if (t.tableClassSet) {
            d.putObject("TableClassSummary").put("TableClass", t.tableClass);
        }
        if (t.deletionProtectionSet) {
            d.put("DeletionProtectionEnabled", t.deletionProtection);
        }
        if (describe) {
            d.set("WarmThroughput", warm(t, t.status() == LabTable.Status.ACTIVE ? "ACTIVE" : "UPDATING"));
        }
        return d;
    }

    /** DeleteTable's answer: the table DELETING, without its global secondary indexes (as DynamoDB answers). */
    static ObjectNode deleting(LabTable t) {
        ObjectNode d = table(t, false);
        d.put("TableStatus", "DELETING");
        d.remove("GlobalSecondaryIndexes");
        return d;
    }

    /**
     * Warm throughput: what the table can serve instantly. In the Lab that is its partitions times the
     * per-partition ceilings, so the figure moves when partitions split.
     */
    private static ObjectNode warm(LabTable t, String status) {
        int partitions = t.gate.partitionCount(null);
        return F.objectNode()
                .put("ReadUnitsPerSecond", 3000L * partitions)
                .put("WriteUnitsPerSecond", 1000L * partitions)
                .put("Status", status);
    }

    private static ObjectNode index(LabTable t, IndexDef i) {
        ObjectNode o = F.objectNode();
        o.put("IndexName", i.name());
        o.set("KeySchema", keySchema(i.key()));
        ObjectNode projection = o.putObject("Projection").put("ProjectionType", i.projectionType());
        if (!i.nonKeyAttributes().isEmpty()) {
            ArrayNode a = projection.putArray("NonKeyAttributes");
            i.nonKeyAttributes().forEach(a::add);
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

    private static ObjectNode throughput(double read, double write, int decreases) {
        return F.objectNode()
                .put("NumberOfDecreasesToday", decreases)
                .put("ReadCapacityUnits", (long) read)
                .put("WriteCapacityUnits", (long) write);
    }
}
