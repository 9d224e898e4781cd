package dev.partitionscope.lab.api;

import static dev.partitionscope.lab.api.Shape.attr;
import static dev.partitionscope.lab.api.Shape.attributeMap;
import static dev.partitionscope.lab.api.Shape.bool;
import static dev.partitionscope.lab.api.Shape.field;
import static dev.partitionscope.lab.api.Shape.fieldAttr;
import static dev.partitionscope.lab.api.Shape.listOf;
import static dev.partitionscope.lab.api.Shape.longValue;
import static dev.partitionscope.lab.api.Shape.mapOf;
import static dev.partitionscope.lab.api.Shape.str;
import static dev.partitionscope.lab.api.Shape.struct;

/** Member definitions several operations share, with DynamoDB's constraints and enum orders. */
final class Members {
    private Members() {}

    static final String NAME_PATTERN = "[a-zA-Z0-9_.-]+";

    /** TableName on the item operations: every constraint reported with the others. */
    static final Shape.Builder TABLE_NAME =
            str().notNull().pattern(NAME_PATTERN).minLength(3).maxLength(255).named("TableName");
    /** TableName on the table operations: missing or of the wrong length is reported alone, first. */
    static final Shape.Builder TABLE_NAME_FIRST =
            str().required().tableName().pattern(NAME_PATTERN).named("TableName");

    static final Shape.Builder INDEX_NAME =
            str().pattern(NAME_PATTERN).minLength(3).maxLength(255).named("IndexName");
    static final Shape.Builder RETURN_CONSUMED_CAPACITY =
            str().oneOf("INDEXES", "TOTAL", "NONE").named("ReturnConsumedCapacity");
    static final Shape.Builder RETURN_ITEM_COLLECTION_METRICS =
            str().oneOf("SIZE", "NONE").named("ReturnItemCollectionMetrics");
    static final Shape.Builder RETURN_VALUES = str().oneOf("ALL_NEW", "UPDATED_OLD", "ALL_OLD", "NONE", "UPDATED_NEW")
            .named("ReturnValues");
    static final Shape.Builder RETURN_VALUES_ON_CONDITION_CHECK_FAILURE =
            str().oneOf("ALL_OLD", "NONE").named("ReturnValuesOnConditionCheckFailure");
    static final Shape.Builder CONDITIONAL_OPERATOR = str().oneOf("OR", "AND").named("ConditionalOperator");
    static final Shape.Builder CONDITION_EXPRESSION = str().named("ConditionExpression");
    static final Shape.Builder EXPRESSION_ATTRIBUTE_VALUES = attributeMap().named("ExpressionAttributeValues");
    static final Shape.Builder EXPRESSION_ATTRIBUTE_NAMES =
            mapOf("java.lang.String", str()).named("ExpressionAttributeNames");
    static final Shape.Builder ATTRIBUTES_TO_GET =
            listOf(str()).minLength(1).maxLength(255).named("AttributesToGet");
    static final Shape.Builder PROJECTION_EXPRESSION = str().named("ProjectionExpression");
    static final Shape.Builder CONSISTENT_READ = bool().named("ConsistentRead");

    static final String[] COMPARISON_OPERATORS = {
        "IN",
        "NULL",
        "BETWEEN",
        "LT",
        "NOT_CONTAINS",
        "EQ",
        "GT",
        "NOT_NULL",
        "NE",
        "LE",
        "BEGINS_WITH",
        "GE",
        "CONTAINS"
    };

    static final Shape.Builder ATTRIBUTE_VALUE_LIST = listOf(attr()).named("AttributeValueList");

    static final Shape.Builder EXPECTED = mapOf(
                    "ExpectedAttributeValue",
                    struct(
                            "ExpectedAttributeValue",
                            ATTRIBUTE_VALUE_LIST,
                            str().oneOf(COMPARISON_OPERATORS).named("ComparisonOperator"),
                            bool().named("Exists"),
                            fieldAttr().named("Value")))
            .named("Expected");

    /** QueryFilter and ScanFilter. */
    static Shape.Builder filterConditions(String name) {
        return mapOf(
                        "Condition",
                        struct(
                                "Condition",
                                ATTRIBUTE_VALUE_LIST,
                                str().notNull().oneOf(COMPARISON_OPERATORS).named("ComparisonOperator")))
                .named(name);
    }

    static final Shape.Builder KEY_CONDITIONS = mapOf(
                    "Condition",
                    struct(
                            "Condition",
                            str().notNull().oneOf(COMPARISON_OPERATORS).named("ComparisonOperator"),
                            ATTRIBUTE_VALUE_LIST))
            .named("KeyConditions");

    static final Shape.Builder PROVISIONED_THROUGHPUT = field(
                    "ProvisionedThroughput",
                    longValue().notNull().min(1).named("WriteCapacityUnits"),
                    longValue().notNull().min(1).named("ReadCapacityUnits"))
            .named("ProvisionedThroughput");

    static final Shape.Builder ON_DEMAND_THROUGHPUT = field(
                    "OnDemandThroughput",
                    longValue().named("MaxReadRequestUnits"),
                    longValue().named("MaxWriteRequestUnits"))
            .named("OnDemandThroughput");

    static final Shape.Builder WARM_THROUGHPUT = field(
                    "WarmThroughput",
                    longValue().named("ReadUnitsPerSecond"),
                    longValue().named("WriteUnitsPerSecond"))
            .named("WarmThroughput");

    static final Shape.Builder KEY_SCHEMA = listOf(struct(
                    "KeySchemaElement",
                    str().notNull().named("AttributeName"),
                    str().notNull().oneOf("HASH", "RANGE").named("KeyType")))
            .notNull()
            .minLength(1)
            .maxLength(2)
            .named("KeySchema");

    /** An index's key schema: DynamoDB checks the key types later, with its own sentences. */
    static final Shape.Builder INDEX_KEY_SCHEMA = listOf(struct(
                    "KeySchemaElement",
                    str().notNull().named("AttributeName"),
                    str().notNull().named("KeyType")))
            .notNull()
            .minLength(1)
            .maxLength(2)
            .named("KeySchema");

    static final Shape.Builder PROJECTION = field(
                    "Projection",
                    str().oneOf("ALL", "INCLUDE", "KEYS_ONLY").named("ProjectionType"),
                    listOf(str()).minLength(1).named("NonKeyAttributes"))
            .notNull()
            .named("Projection");

    static final Shape.Builder STREAM_SPECIFICATION = field(
                    "StreamSpecification",
                    bool().notNull().named("StreamEnabled"),
                    str().oneOf("NEW_IMAGE", "OLD_IMAGE", "NEW_AND_OLD_IMAGES", "KEYS_ONLY")
                            .named("StreamViewType"))
            .named("StreamSpecification");

    static final Shape.Builder SSE_SPECIFICATION = field(
                    "SSESpecification",
                    bool().named("Enabled"),
                    str().oneOf("AES256", "KMS").named("SSEType"),
                    str().named("KMSMasterKeyId"))
            .named("SSESpecification");

    static final Shape.Builder TABLE_CLASS =
            str().oneOf("STANDARD", "STANDARD_INFREQUENT_ACCESS").named("TableClass");

    static final Shape.Builder TAGS = listOf(struct(
                    "Tag",
                    str().notNull().minLength(1).maxLength(128).named("Key"),
                    str().notNull().maxLength(256).named("Value")))
            .named("Tags");

    /** Shared by Put and Delete requests' item-bearing members. */
    static final Shape.Builder KEY = attributeMap().notNull().named("Key");
}
