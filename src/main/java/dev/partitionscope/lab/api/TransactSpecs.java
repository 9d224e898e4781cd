package dev.partitionscope.lab.api;

import static dev.partitionscope.lab.api.ItemSpecs.check;
import static dev.partitionscope.lab.api.Members.EXPRESSION_ATTRIBUTE_NAMES;
import static dev.partitionscope.lab.api.Members.EXPRESSION_ATTRIBUTE_VALUES;
import static dev.partitionscope.lab.api.Members.PROJECTION_EXPRESSION;
import static dev.partitionscope.lab.api.Members.RETURN_CONSUMED_CAPACITY;
import static dev.partitionscope.lab.api.Members.RETURN_ITEM_COLLECTION_METRICS;
import static dev.partitionscope.lab.api.Members.RETURN_VALUES_ON_CONDITION_CHECK_FAILURE;
import static dev.partitionscope.lab.api.Shape.attributeMap;
import static dev.partitionscope.lab.api.Shape.field;
import static dev.partitionscope.lab.api.Shape.listOf;
import static dev.partitionscope.lab.api.Shape.request;
import static dev.partitionscope.lab.api.Shape.str;
import static dev.partitionscope.lab.api.Shape.struct;

import com.fasterxml.jackson.databind.JsonNode;
import dev.partitionscope.core.item.ItemSize;
import dev.partitionscope.lab.wire.AttrJson;
import java.util.List;

/**
 * TransactWriteItems (≤ 100 actions, 4 MB) and TransactGetItems (≤ 100 gets): members in DynamoDB's order, and the
 * checks DynamoDB makes before it looks at any table — one action per element, each action's attribute values and
 * expressions, item sizes. The checks against the tables (existence, key schemas, one action per item) are the
 * engine's.
 */
final class TransactSpecs {
    private TransactSpecs() {}

    /** The aggregate size of a transaction's items (4 MB). */
    static final long MAX_TRANSACTION_BYTES = 4L * 1024 * 1024;

    /** A transaction action's TableName is a name or a table ARN (1 to 1,024 characters). */
    private static final Shape.Builder TABLE_ARN =
            str().minLength(1).maxLength(1024).named("TableName");

    private static final Shape.Builder KEY = attributeMap().notNull().named("Key");
    private static final Shape.Builder CONDITION_EXPRESSION = str().named("ConditionExpression");

    static final OperationSpec TRANSACT_WRITE_ITEMS = OperationSpec.of(
            "TransactWriteItems",
            request(
                    RETURN_CONSUMED_CAPACITY,
                    RETURN_ITEM_COLLECTION_METRICS,
                    listOf(struct(
                                    "TransactWriteItem",
                                    field(
                                                    "ConditionCheck",
                                                    KEY,
                                                    TABLE_ARN,
                                                    CONDITION_EXPRESSION,
                                                    EXPRESSION_ATTRIBUTE_NAMES,
                                                    EXPRESSION_ATTRIBUTE_VALUES,
                                                    RETURN_VALUES_ON_CONDITION_CHECK_FAILURE)
                                            .named("ConditionCheck"),
                                    field(
                                                    "Delete",
                                                    KEY,
                                                    TABLE_ARN,
                                                    CONDITION_EXPRESSION,
                                                    EXPRESSION_ATTRIBUTE_NAMES,
                                                    EXPRESSION_ATTRIBUTE_VALUES,
                                                    RETURN_VALUES_ON_CONDITION_CHECK_FAILURE)
                                            .named("Delete"),
                                    field(
                                                    "Put",
                                                    attributeMap().notNull().named("Item"),
                                                    TABLE_ARN,
                                                    CONDITION_EXPRESSION,
                                                    EXPRESSION_ATTRIBUTE_NAMES,
                                                    EXPRESSION_ATTRIBUTE_VALUES,
                                                    RETURN_VALUES_ON_CONDITION_CHECK_FAILURE)
                                            .named("Put"),
                                    field(
                                                    "Update",
                                                    KEY,
                                                    str().named("UpdateExpression"),
                                                    TABLE_ARN,
                                                    CONDITION_EXPRESSION,
                                                    EXPRESSION_ATTRIBUTE_NAMES,
                                                    EXPRESSION_ATTRIBUTE_VALUES,
                                                    RETURN_VALUES_ON_CONDITION_CHECK_FAILURE)
                                            .named("Update")))
                            .notNull()
                            .minLength(1)
                            .maxLength(100)
                            .named("TransactItems"),
                    str().minLength(1).maxLength(36).named("ClientRequestToken")),
            data -> {
                long total = 0;
                int i = 0;
                for (JsonNode element : data.get("TransactItems")) {
                    i++;
                    String kind = onlyAction(element);
                    JsonNode action = element.get(kind);
                    requireMember(action, "TableName", i, kind);
                    if (kind.equals("Update")) {
                        requireMember(action, "UpdateExpression", i, kind);
                    }
                    if (kind.equals("ConditionCheck")) {
                        requireMember(action, "ConditionExpression", i, kind);
                    }
                    if (kind.equals("Put")) {
                        check(AttrValueCheck.mapProblem(action.get("Item")));
                        long size = ItemSize.of(AttrJson.item(action.get("Item"), "item"));
                        if (size > ItemSpecs.MAX_ITEM_BYTES) {
                            check("Item size has exceeded the maximum allowed size");
                        }
                        total += size;
                    } else {
                        check(AttrValueCheck.mapProblem(action.get("Key")));
                        total += ItemSize.of(AttrJson.item(action.get("Key"), "key"));
                    }
                    RequestExpressions.parse(action);
                }
                if (total > MAX_TRANSACTION_BYTES) {
                    check("Transaction size has exceeded the maximum allowed size: the items of a transaction may"
                            + " total at most 4 MB");
                }
                return RequestExpressions.NONE;
            });

    static final OperationSpec TRANSACT_GET_ITEMS = OperationSpec.of(
            "TransactGetItems",
            request(
                    RETURN_CONSUMED_CAPACITY,
                    listOf(struct(
                                    "TransactGetItem",
                                    field("Get", KEY, TABLE_ARN, PROJECTION_EXPRESSION, EXPRESSION_ATTRIBUTE_NAMES)
                                            .notNull()
                                            .named("Get")))
                            .notNull()
                            .minLength(1)
                            .maxLength(100)
                            .named("TransactItems")),
            data -> {
                int i = 0;
                for (JsonNode element : data.get("TransactItems")) {
                    i++;
                    JsonNode get = element.get("Get");
                    requireMember(get, "TableName", i, "Get");
                    check(AttrValueCheck.mapProblem(get.get("Key")));
                    RequestExpressions.parse(get);
                }
                return RequestExpressions.NONE;
            });

    /** The one action an element names; none or several is DynamoDB's "can only contain one of". */
    private static String onlyAction(JsonNode element) {
        List<String> present = List.of("ConditionCheck", "Put", "Delete", "Update").stream()
                .filter(k -> element.hasNonNull(k))
                .toList();
        if (present.size() != 1) {
            check("TransactItems can only contain one of Check, Put, Update or Delete");
        }
        return present.get(0);
    }

    private static void requireMember(JsonNode action, String member, int position, String kind) {
        if (!action.hasNonNull(member)) {
            check("1 validation error detected: Value null at 'transactItems." + position + ".member."
                    + Character.toLowerCase(kind.charAt(0)) + kind.substring(1) + "."
                    + Character.toLowerCase(member.charAt(0)) + member.substring(1)
                    + "' failed to satisfy constraint: Member must not be null");
        }
    }
}
