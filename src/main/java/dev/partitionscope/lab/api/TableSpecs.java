package dev.partitionscope.lab.api;

import static dev.partitionscope.lab.api.ItemSpecs.check;
import static dev.partitionscope.lab.api.Members.INDEX_KEY_SCHEMA;
import static dev.partitionscope.lab.api.Members.KEY_SCHEMA;
import static dev.partitionscope.lab.api.Members.NAME_PATTERN;
import static dev.partitionscope.lab.api.Members.ON_DEMAND_THROUGHPUT;
import static dev.partitionscope.lab.api.Members.PROJECTION;
import static dev.partitionscope.lab.api.Members.PROVISIONED_THROUGHPUT;
import static dev.partitionscope.lab.api.Members.SSE_SPECIFICATION;
import static dev.partitionscope.lab.api.Members.STREAM_SPECIFICATION;
import static dev.partitionscope.lab.api.Members.TABLE_CLASS;
import static dev.partitionscope.lab.api.Members.TABLE_NAME_FIRST;
import static dev.partitionscope.lab.api.Members.TAGS;
import static dev.partitionscope.lab.api.Members.WARM_THROUGHPUT;
import static dev.partitionscope.lab.api.Shape.bool;
import static dev.partitionscope.lab.api.Shape.field;
import static dev.partitionscope.lab.api.Shape.integer;
import static dev.partitionscope.lab.api.Shape.listOf;
import static dev.partitionscope.lab.api.Shape.request;
import static dev.partitionscope.lab.api.Shape.str;
import static dev.partitionscope.lab.api.Shape.struct;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** CreateTable, UpdateTable, DeleteTable, DescribeTable, ListTables: members and pre-table checks. */
final class TableSpecs {
    private static final String INVALID = "One or more parameter values were invalid: ";
    private static final long MAX_UNITS = 1_000_000_000_000L;
    private static final String NOT_GLOBAL =
            "The Lab serves single-region tables: %s (global tables) is not" + " supported.";
    private static final String VECTORS =
            "The Lab does not serve vector indexes: VectorIndexes and" + " VectorIndexUpdates are not supported.";

    private TableSpecs() {}

    private static final Shape.Builder INDEX_NAME_NOT_NULL =
            str().notNull().pattern(NAME_PATTERN).minLength(3).maxLength(255).named("IndexName");

    static final OperationSpec CREATE_TABLE = OperationSpec.of(
                    "CreateTable",
                    request(
                            listOf(struct(
                                            "AttributeDefinition",
                                            str().notNull().named("AttributeName"),
                                            str().notNull().oneOf("B", "N", "S").named("AttributeType")))
                                    .notNull()
                                    .named("AttributeDefinitions"),
                            TABLE_NAME_FIRST,
                            str().oneOf("PROVISIONED", "PAY_PER_REQUEST").named("BillingMode"),
                            PROVISIONED_THROUGHPUT,
                            KEY_SCHEMA,
                            listOf(struct("LocalSecondaryIndex", INDEX_NAME_NOT_NULL, INDEX_KEY_SCHEMA, PROJECTION))
                                    .named("LocalSecondaryIndexes"),
                            listOf(struct(
                                            "GlobalSecondaryIndex",
                                            INDEX_NAME_NOT_NULL,
                                            INDEX_KEY_SCHEMA,
                                            PROJECTION,
                                            PROVISIONED_THROUGHPUT,
                                            ON_DEMAND_THROUGHPUT,
                                            WARM_THROUGHPUT))
                                    .named("GlobalSecondaryIndexes"),
                            STREAM_SPECIFICATION,
                            SSE_SPECIFICATION,
                            TAGS,
                            TABLE_CLASS,
                            bool().named("DeletionProtectionEnabled"),
                            WARM_THROUGHPUT,
                            str().named("ResourcePolicy"),
                            ON_DEMAND_THROUGHPUT,
                            str().named("GlobalTableSourceArn"),
                            str().oneOf("ENABLED", "DISABLED", "ENABLED_WITH_OVERRIDES")
                                    .named("GlobalTableSettingsReplicationMode"),
                            listOf(struct("VectorIndex", str().named("IndexName")))
                                    .named("VectorIndexes")),
                    TableSpecs::checkCreate)
            .refusing(Map.of(
                    "VectorIndexes",
                    VECTORS,
                    "WarmThroughput",
                    "The Lab derives warm throughput from its partition model; WarmThroughput" + " cannot be set.",
                    "GlobalSecondaryIndexes.WarmThroughput",
                    "The Lab derives warm throughput from its partition" + " model; WarmThroughput cannot be set.",
                    "ResourcePolicy",
                    "The Lab does not evaluate resource-based policies: ResourcePolicy is not" + " supported.",
                    "GlobalTableSourceArn",
                    String.format(NOT_GLOBAL, "GlobalTableSourceArn"),
                    "GlobalTableSettingsReplicationMode",
                    String.format(NOT_GLOBAL, "GlobalTableSettingsReplicationMode")));

    /** DynamoDB encrypts with KMS or its own key; AES256 is in the model but not served. */
    private static void checkSse(JsonNode sse) {
        if (sse != null && "AES256".equals(sse.path("SSEType").asText(null))) {
            check(INVALID + "SSEType AES256 is not supported: DynamoDB encrypts with KMS (SSEType KMS) or with an"
                    + " AWS owned key (no SSEType).");
        }
    }

    private static RequestExpressions checkCreate(com.fasterxml.jackson.databind.node.ObjectNode data) {
        checkSse(data.get("SSESpecification"));
        String billing = ItemSpecs.text(data, "BillingMode");
        JsonNode pt = data.get("ProvisionedThroughput");
        if ("PAY_PER_REQUEST".equals(billing)) {
            if (pt != null) {
                check(INVALID + "Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode is"
                        + " PAY_PER_REQUEST");
            }
        } else {
            if (pt == null && billing == null) {
                check(INVALID + "Missing required parameter in input: \"ProvisionedThroughput\"");
            }
            if (pt == null
                    || pt.path("ReadCapacityUnits").asLong() == 0
                    || pt.path("WriteCapacityUnits").asLong() == 0) {
                check(INVALID + "ReadCapacityUnits and WriteCapacityUnits must both be specified when BillingMode is"
                        + " PROVISIONED");
            }
            checkBounds(pt);
        }
        List<String> definitions = names(data.get("AttributeDefinitions"));
        JsonNode keySchema = data.get("KeySchema");
        List<String> keys = names(keySchema);
        if (keys.size() > definitions.size()) {
            check("Invalid KeySchema: Some index key attribute have no definition");
        }
        checkIndexKeys(keySchema, definitions);
        JsonNode lsis = data.get("LocalSecondaryIndexes");
        JsonNode gsis = data.get("GlobalSecondaryIndexes");
        if (lsis == null && gsis == null && keys.size() != definitions.size()) {
            check(INVALID + "Number of attributes in KeySchema does not exactly match number of attributes defined in"
                    + " AttributeDefinitions");
        }
        Set<String> indexNames = new HashSet<>();
        if (lsis != null) {
            String tableHash = keys.get(0);
            if (lsis.isEmpty()) {
                check(INVALID + "List of LocalSecondaryIndexes is empty");
            }
            if (keys.size() != 2) {
                check(INVALID + "Table KeySchema does not have a range key, which is required when specifying a"
                        + " LocalSecondaryIndex");
            }
            for (JsonNode index : lsis) {
                String name = index.path("IndexName").asText();
                JsonNode schema = index.get("KeySchema");
                checkIndexKeys(schema, definitions);
                if (schema.size() != 2) {
                    check(INVALID + "Index KeySchema does not have a range key for index: " + name);
                }
                String indexHash = schema.get(0).path("AttributeName").asText();
                if (!indexHash.equals(tableHash)) {
                    check(INVALID + "Index KeySchema does not have the same leading hash key as table KeySchema for"
                            + " index: " + name + ". index hash key: " + indexHash + ", table hash key: "
                            + tableHash);
                }
                checkProjection(index.get("Projection"));
                if (!indexNames.add(name)) {
                    check(INVALID + "Duplicate index name: " + name);
                }
            }
            if (lsis.size() > 5) {
                check(INVALID + "Number of LocalSecondaryIndexes exceeds per-table limit of 5");
            }
        }
        if (gsis != null) {
            if (gsis.isEmpty()) {
                check(INVALID + "List of GlobalSecondaryIndexes is empty");
            }
            for (JsonNode index : gsis) {
                String name = index.path("IndexName").asText();
                checkIndexKeys(index.get("KeySchema"), definitions);
                checkProjection(index.get("Projection"));
                if ("PAY_PER_REQUEST".equals(billing) && index.has("ProvisionedThroughput")) {
                    check(INVALID + "ProvisionedThroughput should not be specified for index: " + name
                            + " when BillingMode is PAY_PER_REQUEST");
                }
                if (!indexNames.add(name)) {
                    check(INVALID + "Duplicate index name: " + name);
                }
            }
            if (gsis.size() > 20) {
                check(INVALID + "GlobalSecondaryIndex count exceeds the per-table limit of 20");
            }
        }
        return RequestExpressions.NONE;
    }

    /** A key schema's attributes defined, then its shape (the table's and every index's, in DynamoDB's order). */
    private static void checkIndexKeys(JsonNode schema, List<String> definitions) {
        List<String> keys = names(schema);
        if (!definitions.containsAll(keys)) {
            check(INVALID + "Some index key attributes are not defined in AttributeDefinitions. Keys: ["
                    + String.join(", ", keys) + "], AttributeDefinitions: [" + String.join(", ", definitions) + "]");
        }
        checkKeyShape(schema);
    }

    /** Two different names, HASH first, RANGE second. */
    private static void checkKeyShape(JsonNode schema) {
        List<String> keys = names(schema);
        if (keys.size() == 2 && keys.get(0).equals(keys.get(1))) {
            check("Both the Hash Key and the Range Key element in the KeySchema have the same name");
        }
        if (!"HASH".equals(schema.get(0).path("KeyType").asText())) {
            check("Invalid KeySchema: The first KeySchemaElement is not a HASH key type");
        }
        if (keys.size() == 2 && !"RANGE".equals(schema.get(1).path("KeyType").asText())) {
            check("Invalid KeySchema: The second KeySchemaElement is not a RANGE key type");
        }
    }

    private static void checkProjection(JsonNode projection) {
        JsonNode type = projection.get("ProjectionType");
        if (type == null) {
            check(INVALID + "Unknown ProjectionType: null");
        }
        if (projection.has("NonKeyAttributes") && !"INCLUDE".equals(type.asText())) {
            check(INVALID + "ProjectionType is " + type.asText() + ", but NonKeyAttributes is specified");
        }
    }

    private static void checkBounds(JsonNode pt) {
        if (pt == null) {
            return;
        }
        long read = pt.path("ReadCapacityUnits").asLong();
        long write = pt.path("WriteCapacityUnits").asLong();
        if (read > MAX_UNITS) {
            check("Given value " + read + " for ReadCapacityUnits is out of bounds");
        }
        if (write > MAX_UNITS) {
            check("Given value " + write + " for WriteCapacityUnits is out of bounds");
        }
    }

    private static List<String> names(JsonNode list) {
        List<String> out = new ArrayList<>();
        if (list != null) {
            list.forEach(e -> out.add(e.path("AttributeName").asText()));
        }
        return out;
    }

    static final OperationSpec UPDATE_TABLE = OperationSpec.of(
                    "UpdateTable",
                    request(
                            TABLE_NAME_FIRST,
                            PROVISIONED_THROUGHPUT,
                            str().oneOf("PROVISIONED", "PAY_PER_REQUEST").named("BillingMode"),
                            listOf(struct(
                                            "GlobalSecondaryIndexUpdate",
                                            field(
                                                            "UpdateGlobalSecondaryIndexAction",
                                                            INDEX_NAME_NOT_NULL,
                                                            // Required unless the index is on-demand and the update
                                                            // names its maximum instead.
                                                            PROVISIONED_THROUGHPUT.notNullUnless(
                                                                    "OnDemandThroughput", "WarmThroughput"),
                                                            ON_DEMAND_THROUGHPUT,
                                                            WARM_THROUGHPUT)
                                                    .named("Update"),
                                            field(
                                                            "CreateGlobalSecondaryIndexAction",
                                                            PROJECTION,
                                                            INDEX_NAME_NOT_NULL,
                                                            PROVISIONED_THROUGHPUT,
                                                            INDEX_KEY_SCHEMA,
                                                            ON_DEMAND_THROUGHPUT,
                                                            WARM_THROUGHPUT)
                                                    .named("Create"),
                                            field("DeleteGlobalSecondaryIndexAction", INDEX_NAME_NOT_NULL)
                                                    .named("Delete")))
                                    .named("GlobalSecondaryIndexUpdates"),
                            listOf(struct(
                                            "AttributeDefinition",
                                            str().notNull().named("AttributeName"),
                                            str().notNull().oneOf("B", "N", "S").named("AttributeType")))
                                    .named("AttributeDefinitions"),
                            STREAM_SPECIFICATION,
                            SSE_SPECIFICATION,
                            listOf(struct(
                                            "ReplicationGroupUpdate",
                                            field(
                                                            "CreateReplicationGroupMemberAction",
                                                            str().notNull().named("RegionName"))
                                                    .named("Create"),
                                            field(
                                                            "UpdateReplicationGroupMemberAction",
                                                            str().notNull().named("RegionName"))
                                                    .named("Update"),
                                            field(
                                                            "DeleteReplicationGroupMemberAction",
                                                            str().notNull().named("RegionName"))
                                                    .named("Delete")))
                                    .minLength(1)
                                    .named("ReplicaUpdates"),
                            TABLE_CLASS,
                            bool().named("DeletionProtectionEnabled"),
                            str().oneOf("EVENTUAL", "STRONG").named("MultiRegionConsistency"),
                            listOf(struct(
                                            "GlobalTableWitnessGroupUpdate",
                                            field(
                                                            "CreateGlobalTableWitnessGroupMemberAction",
                                                            str().notNull().named("RegionName"))
                                                    .named("Create"),
                                            field(
                                                            "DeleteGlobalTableWitnessGroupMemberAction",
                                                            str().notNull().named("RegionName"))
                                                    .named("Delete")))
                                    .minLength(1)
                                    .maxLength(1)
                                    .named("GlobalTableWitnessUpdates"),
                            ON_DEMAND_THROUGHPUT,
                            WARM_THROUGHPUT,
                            str().oneOf("ENABLED", "DISABLED", "ENABLED_WITH_OVERRIDES")
                                    .named("GlobalTableSettingsReplicationMode"),
                            listOf(struct(
                                            "VectorIndexUpdate",
                                            field("CreateVectorIndexAction", str().named("IndexName"))
                                                    .named("Create")))
                                    .named("VectorIndexUpdates"),
                            bool().named("DisassociationProtectionEnabled")),
                    TableSpecs::checkUpdate)
            .refusing(Map.of(
                    "VectorIndexUpdates", VECTORS,
                    "DisassociationProtectionEnabled", String.format(NOT_GLOBAL, "DisassociationProtectionEnabled"),
                    "WarmThroughput",
                            "The Lab derives warm throughput from its partition model; WarmThroughput"
                                    + " cannot be set.",
                    "GlobalSecondaryIndexUpdates.Update.WarmThroughput",
                            "The Lab derives warm throughput from its"
                                    + " partition model; WarmThroughput cannot be set.",
                    "GlobalSecondaryIndexUpdates.Create.WarmThroughput",
                            "The Lab derives warm throughput from its"
                                    + " partition model; WarmThroughput cannot be set.",
                    "ReplicaUpdates", String.format(NOT_GLOBAL, "ReplicaUpdates"),
                    "MultiRegionConsistency", String.format(NOT_GLOBAL, "MultiRegionConsistency"),
                    "GlobalTableWitnessUpdates", String.format(NOT_GLOBAL, "GlobalTableWitnessUpdates"),
                    "GlobalTableSettingsReplicationMode",
                            String.format(NOT_GLOBAL, "GlobalTableSettingsReplicationMode")));

    private static RequestExpressions checkUpdate(com.fasterxml.jackson.databind.node.ObjectNode data) {
        checkSse(data.get("SSESpecification"));
        JsonNode updates = data.get("GlobalSecondaryIndexUpdates");
        boolean anything = data.has("ProvisionedThroughput")
                || data.has("BillingMode")
                || data.has("StreamSpecification")
                || (updates != null && !updates.isEmpty())
                || data.has("SSESpecification")
                || data.has("TableClass")
                || data.has("DeletionProtectionEnabled")
                || data.has("OnDemandThroughput")
                || data.has("ReplicaUpdates");
        if (!anything) {
            check("At least one of ProvisionedThroughput, BillingMode, UpdateStreamEnabled,"
                    + " GlobalSecondaryIndexUpdates or SSESpecification or ReplicaUpdates is required");
        }
        if ("PROVISIONED".equals(ItemSpecs.text(data, "BillingMode")) && !data.has("ProvisionedThroughput")) {
            check(INVALID + "ProvisionedThroughput must be specified when BillingMode is PROVISIONED");
        }
        checkBounds(data.get("ProvisionedThroughput"));
        if (updates != null) {
            Set<String> names = new HashSet<>();
            for (JsonNode u : updates) {
                if (!u.has("Update") && !u.has("Create") && !u.has("Delete")) {
                    check(INVALID + "One of GlobalSecondaryIndexUpdate.Update, GlobalSecondaryIndexUpdate.Create,"
                            + " GlobalSecondaryIndexUpdate.Delete must not be null");
                }
                JsonNode action =
                        u.has("Update") ? u.get("Update") : u.has("Create") ? u.get("Create") : u.get("Delete");
                if (u.has("Create")) {
                    checkKeyShape(action.get("KeySchema"));
                    checkProjection(action.get("Projection"));
                }
                String name = action.path("IndexName").asText();
                JsonNode indexThroughput = u.path("Update").get("ProvisionedThroughput");
                if (indexThroughput != null) {
                    for (String units : new String[] {"ReadCapacityUnits", "WriteCapacityUnits"}) {
                        long value = indexThroughput.path(units).asLong();
                        if (value > MAX_UNITS) {
                            check("Given value " + value + " for " + units + " is out of bounds for index " + name);
                        }
                    }
                }
                if (!names.add(name)) {
                    check(INVALID + "Only one global secondary index update per index is allowed simultaneously."
                            + " Index: " + name);
                }
            }
        }
        return RequestExpressions.NONE;
    }

    static final OperationSpec DELETE_TABLE =
            OperationSpec.of("DeleteTable", request(TABLE_NAME_FIRST), data -> RequestExpressions.NONE);

    static final OperationSpec DESCRIBE_TABLE =
            OperationSpec.of("DescribeTable", request(TABLE_NAME_FIRST), data -> RequestExpressions.NONE);

    static final OperationSpec LIST_TABLES = OperationSpec.of(
            "ListTables",
            request(
                    integer().min(1).max(100).named("Limit"),
                    str().pattern(NAME_PATTERN).minLength(3).maxLength(255).named("ExclusiveStartTableName")),
            data -> RequestExpressions.NONE);
}
