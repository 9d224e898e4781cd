package dev.partitionscope.lab.api;

import static dev.partitionscope.lab.api.Members.ATTRIBUTES_TO_GET;
import static dev.partitionscope.lab.api.Members.CONDITIONAL_OPERATOR;
import static dev.partitionscope.lab.api.Members.CONDITION_EXPRESSION;
import static dev.partitionscope.lab.api.Members.CONSISTENT_READ;
import static dev.partitionscope.lab.api.Members.EXPECTED;
import static dev.partitionscope.lab.api.Members.EXPRESSION_ATTRIBUTE_NAMES;
import static dev.partitionscope.lab.api.Members.EXPRESSION_ATTRIBUTE_VALUES;
import static dev.partitionscope.lab.api.Members.INDEX_NAME;
import static dev.partitionscope.lab.api.Members.KEY;
import static dev.partitionscope.lab.api.Members.KEY_CONDITIONS;
import static dev.partitionscope.lab.api.Members.PROJECTION_EXPRESSION;
import static dev.partitionscope.lab.api.Members.RETURN_CONSUMED_CAPACITY;
import static dev.partitionscope.lab.api.Members.RETURN_ITEM_COLLECTION_METRICS;
import static dev.partitionscope.lab.api.Members.RETURN_VALUES;
import static dev.partitionscope.lab.api.Members.RETURN_VALUES_ON_CONDITION_CHECK_FAILURE;
import static dev.partitionscope.lab.api.Members.TABLE_NAME;
import static dev.partitionscope.lab.api.Members.filterConditions;
import static dev.partitionscope.lab.api.Shape.attributeMap;
import static dev.partitionscope.lab.api.Shape.bool;
import static dev.partitionscope.lab.api.Shape.fieldAttr;
import static dev.partitionscope.lab.api.Shape.integer;
import static dev.partitionscope.lab.api.Shape.mapOf;
import static dev.partitionscope.lab.api.Shape.request;
import static dev.partitionscope.lab.api.Shape.str;
import static dev.partitionscope.lab.api.Shape.struct;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.item.ItemSize;
import dev.partitionscope.lab.wire.AttrJson;
import dev.partitionscope.lab.wire.LabException;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/** The single-item operations and Query and Scan: members in DynamoDB's order, and their pre-table checks. */
final class ItemSpecs {
    /** DynamoDB's item size limit, names and values counted (400 KB). */
    static final long MAX_ITEM_BYTES = 400 * 1024;

    private static final Pattern START_KEY_PLAIN =
            Pattern.compile("contains duplicates|number set|numeric value|significant digits|number with magnitude");

    private ItemSpecs() {}

    // Each operation's expression and legacy parameters, made once rather than per request.
    private static final List<String> CONDITION = List.of("ConditionExpression");
    private static final List<String> EXPECTED_ONLY = List.of("Expected");
    private static final List<String> UPDATE_EXPRESSIONS = List.of("UpdateExpression", "ConditionExpression");
    private static final List<String> UPDATE_LEGACY = List.of("AttributeUpdates", "Expected");
    private static final List<String> PROJECTION = List.of("ProjectionExpression");
    private static final List<String> ATTRIBUTES_TO_GET_ONLY = List.of("AttributesToGet");

    static final OperationSpec PUT_ITEM = OperationSpec.of(
            "PutItem",
            request(
                    RETURN_CONSUMED_CAPACITY,
                    TABLE_NAME,
                    attributeMap().notNull().named("Item"),
                    CONDITIONAL_OPERATOR,
                    EXPECTED,
                    RETURN_VALUES,
                    RETURN_ITEM_COLLECTION_METRICS,
                    CONDITION_EXPRESSION,
                    EXPRESSION_ATTRIBUTE_VALUES,
                    EXPRESSION_ATTRIBUTE_NAMES,
                    RETURN_VALUES_ON_CONDITION_CHECK_FAILURE),
            data -> {
                check(LegacyCheck.expressionParams(data, CONDITION, EXPECTED_ONLY));
                check(AttrValueCheck.mapProblem(data.get("Item")));
                checkOldOnlyReturnValues(data);
                // Converted once: the engine writes this map (ItemOps.put), it does not convert the item again.
                Map<String, AttrValue> item = AttrJson.item(data.get("Item"), "item");
                long size = ItemSize.of(item);
                if (size > MAX_ITEM_BYTES) {
                    check("Item size has exceeded the maximum allowed size");
                }
                check(LegacyCheck.expected(data.get("Expected")));
                return RequestExpressions.parse(data).withItem(item, size);
            });

    static final OperationSpec DELETE_ITEM = OperationSpec.of(
            "DeleteItem",
            request(
                    RETURN_CONSUMED_CAPACITY,
                    TABLE_NAME,
                    RETURN_VALUES,
                    RETURN_ITEM_COLLECTION_METRICS,
                    KEY,
                    CONDITIONAL_OPERATOR,
                    EXPECTED,
                    CONDITION_EXPRESSION,
                    EXPRESSION_ATTRIBUTE_VALUES,
                    EXPRESSION_ATTRIBUTE_NAMES,
                    RETURN_VALUES_ON_CONDITION_CHECK_FAILURE),
            data -> {
                check(LegacyCheck.expressionParams(data, CONDITION, EXPECTED_ONLY));
                check(AttrValueCheck.mapProblem(data.get("Key")));
                checkOldOnlyReturnValues(data);
                check(LegacyCheck.expected(data.get("Expected")));
                return RequestExpressions.parse(data);
            });

    static final OperationSpec UPDATE_ITEM = OperationSpec.of(
            "UpdateItem",
            request(
                    RETURN_CONSUMED_CAPACITY,
                    TABLE_NAME,
                    RETURN_ITEM_COLLECTION_METRICS,
                    RETURN_VALUES,
                    KEY,
                    CONDITIONAL_OPERATOR,
                    EXPECTED,
                    mapOf(
                                    "AttributeValueUpdate",
                                    struct(
                                            "AttributeValueUpdate",
                                            str().oneOf("ADD", "PUT", "DELETE").named("Action"),
                                            fieldAttr().named("Value")))
                            .named("AttributeUpdates"),
                    CONDITION_EXPRESSION,
                    str().named("UpdateExpression"),
                    EXPRESSION_ATTRIBUTE_VALUES,
                    EXPRESSION_ATTRIBUTE_NAMES,
                    RETURN_VALUES_ON_CONDITION_CHECK_FAILURE),
            data -> {
                check(LegacyCheck.expressionParams(data, UPDATE_EXPRESSIONS, UPDATE_LEGACY));
                check(AttrValueCheck.mapProblem(data.get("Key")));
                JsonNode updates = data.get("AttributeUpdates");
                if (updates != null) {
                    for (Map.Entry<String, JsonNode> update : updates.properties()) {
                        JsonNode u = update.getValue();
                        JsonNode value = u.get("Value");
                        String action = u.path("Action").asText("PUT");
                        if (value != null) {
                            check(AttrValueCheck.problem(value));
                        }
                        if (value == null && !action.equals("DELETE")) {
                            check("One or more parameter values were invalid: Only DELETE action is allowed when no"
                                    + " attribute value is specified");
                        }
                        String type = value == null ? null : value.fieldNames().next();
                        if (value != null && action.equals("DELETE") && !isSet(type)) {
                            check("One or more parameter values were invalid: DELETE action with value is not"
                                    + " supported for the type " + type);
                        }
                        if (value != null
                                && action.equals("ADD")
                                && !isSet(type)
                                && !type.equals("N")
                                && !type.equals("L")) {
                            check("One or more parameter values were invalid: ADD action is not supported for the type "
                                    + type);
                        }
                    }
                }
                check(LegacyCheck.expected(data.get("Expected")));
                return RequestExpressions.parse(data);
            });

    static final OperationSpec GET_ITEM = OperationSpec.of(
            "GetItem",
            request(
                    RETURN_CONSUMED_CAPACITY,
                    ATTRIBUTES_TO_GET,
                    TABLE_NAME,
                    KEY,
                    CONSISTENT_READ,
                    PROJECTION_EXPRESSION,
                    EXPRESSION_ATTRIBUTE_NAMES),
            data -> {
                check(LegacyCheck.expressionParams(data, PROJECTION, ATTRIBUTES_TO_GET_ONLY));
                check(AttrValueCheck.mapProblem(data.get("Key")));
                check(LegacyCheck.duplicateAttribute(data.get("AttributesToGet")));
                return RequestExpressions.parse(data);
            });

    static final OperationSpec QUERY = OperationSpec.of(
            "Query",
            request(
                    str().oneOf("SPECIFIC_ATTRIBUTES", "COUNT", "ALL_ATTRIBUTES", "ALL_PROJECTED_ATTRIBUTES")
                            .named("Select"),
                    INDEX_NAME,
                    RETURN_CONSUMED_CAPACITY,
                    filterConditions("QueryFilter"),
                    TABLE_NAME,
                    CONDITIONAL_OPERATOR,
                    ATTRIBUTES_TO_GET,
                    integer().min(1).named("Limit"),
                    KEY_CONDITIONS,
                    attributeMap().named("ExclusiveStartKey"),
                    CONSISTENT_READ,
                    bool().named("ScanIndexForward"),
                    str().named("KeyConditionExpression"),
                    str().named("FilterExpression"),
                    PROJECTION_EXPRESSION,
                    EXPRESSION_ATTRIBUTE_VALUES,
                    EXPRESSION_ATTRIBUTE_NAMES),
            data -> {
                check(LegacyCheck.expressionParams(
                        data,
                        List.of("ProjectionExpression", "FilterExpression", "KeyConditionExpression"),
                        List.of("AttributesToGet", "QueryFilter", "ConditionalOperator", "KeyConditions")));
                check(LegacyCheck.conditions(data.get("QueryFilter"), false));
                check(LegacyCheck.duplicateAttribute(data.get("AttributesToGet")));
                checkStartKey(data.get("ExclusiveStartKey"));
                if (!data.has("KeyConditions") && !data.has("KeyConditionExpression")) {
                    check("Either the KeyConditions or KeyConditionExpression parameter must be specified in the"
                            + " request.");
                }
                RequestExpressions expressions = RequestExpressions.parse(data);
                expressions.convertKeyConditionExpression();
                if (data.has("KeyConditionExpression")) {
                    check(LegacyCheck.conditions(keyConditionsJson(expressions), true));
                } else {
                    check(LegacyCheck.conditions(data.get("KeyConditions"), true));
                }
                int n = data.has("KeyConditionExpression")
                        ? expressions.keyConditions().size()
                        : data.get("KeyConditions").size();
                if (n != 1 && n != 2) {
                    check("Conditions can be of length 1 or 2 only");
                }
                return expressions;
            });

    static final OperationSpec SCAN = OperationSpec.of(
            "Scan",
            request(
                    str().oneOf("SPECIFIC_ATTRIBUTES", "COUNT", "ALL_ATTRIBUTES", "ALL_PROJECTED_ATTRIBUTES")
                            .named("Select"),
                    INDEX_NAME,
                    integer().min(1).max(1_000_000).named("TotalSegments"),
                    RETURN_CONSUMED_CAPACITY,
                    TABLE_NAME,
                    CONDITIONAL_OPERATOR,
                    filterConditions("ScanFilter"),
                    integer().min(0).max(999_999).named("Segment"),
                    integer().min(1).named("Limit"),
                    ATTRIBUTES_TO_GET,
                    attributeMap().named("ExclusiveStartKey"),
                    str().named("FilterExpression"),
                    PROJECTION_EXPRESSION,
                    EXPRESSION_ATTRIBUTE_VALUES,
                    EXPRESSION_ATTRIBUTE_NAMES,
                    CONSISTENT_READ),
            data -> {
                check(LegacyCheck.expressionParams(
                        data,
                        List.of("ProjectionExpression", "FilterExpression"),
                        List.of("AttributesToGet", "ScanFilter", "ConditionalOperator")));
                check(LegacyCheck.duplicateAttribute(data.get("AttributesToGet")));
                check(LegacyCheck.conditions(data.get("ScanFilter"), false));
                checkStartKey(data.get("ExclusiveStartKey"));
                JsonNode segment = data.get("Segment");
                JsonNode total = data.get("TotalSegments");
                if (segment != null && segment.asLong() != 0 && total == null) {
                    check("The TotalSegments parameter is required but was not present in the request when Segment"
                            + " parameter is present");
                }
                if (total != null && total.asLong() != 0) {
                    if (segment == null) {
                        check("The Segment parameter is required but was not present in the request when parameter"
                                + " TotalSegments is present");
                    }
                    if (segment.asLong() >= total.asLong()) {
                        check("The Segment parameter is zero-based and must be less than parameter TotalSegments:"
                                + " Segment: " + segment.asLong() + " is not less than TotalSegments: "
                                + total.asLong());
                    }
                }
                return RequestExpressions.parse(data);
            });

    /** PutItem and DeleteItem return only the old item, if anything. */
    private static void checkOldOnlyReturnValues(JsonNode data) {
        String rv = text(data, "ReturnValues");
        if (rv != null && !rv.equals("ALL_OLD") && !rv.equals("NONE")) {
            check("ReturnValues can only be ALL_OLD or NONE");
        }
    }

    /** An ExclusiveStartKey's values; most problems are prefixed "The provided starting key is invalid: ". */
    private static void checkStartKey(JsonNode startKey) {
        String msg = AttrValueCheck.mapProblem(startKey);
        if (msg != null) {
            check(START_KEY_PLAIN.matcher(msg).find() ? msg : "The provided starting key is invalid: " + msg);
        }
    }

    /** The converted key conditions as the legacy JSON form, for the shared per-operator checks. */
    private static JsonNode keyConditionsJson(RequestExpressions expressions) {
        ObjectNode out = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
        expressions.keyConditions().forEach((attribute, c) -> {
            ObjectNode o = out.putObject(attribute)
                    .put("ComparisonOperator", c.operator().name());
            var list = o.putArray("AttributeValueList");
            c.values().forEach(v -> list.add(AttrJson.toJson(v)));
        });
        return out;
    }

    private static boolean isSet(String type) {
        return "SS".equals(type) || "NS".equals(type) || "BS".equals(type);
    }

    static String text(JsonNode data, String field) {
        JsonNode v = data.get(field);
        return v == null ? null : v.asText();
    }

    /** Throws DynamoDB's ValidationException with the message, when there is one. */
    static void check(String message) {
        if (message != null) {
            throw LabException.validation(message);
        }
    }
}
