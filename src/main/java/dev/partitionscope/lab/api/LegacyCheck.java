package dev.partitionscope.lab.api;

import com.fasterxml.jackson.databind.JsonNode;
import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.item.KeyOrder;
import dev.partitionscope.lab.wire.AttrJson;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * DynamoDB's checks of the legacy (pre-expression) parameters, which it still serves: {@code Expected} (with
 * {@code Exists}/{@code Value} or {@code ComparisonOperator}/{@code AttributeValueList}), and the
 * {@code KeyConditions}/{@code QueryFilter}/{@code ScanFilter} condition maps; and the rule that a request uses either
 * expressions or the legacy parameters, never both. Each method returns DynamoDB's sentence, or null.
 */
final class LegacyCheck {
    private static final String INVALID = "One or more parameter values were invalid: ";
    private static final Set<String> ONE_VALUE =
            Set.of("EQ", "NE", "LE", "LT", "GE", "GT", "CONTAINS", "NOT_CONTAINS", "BEGINS_WITH");

    private LegacyCheck() {}

    /** {@code Expected}: the combinations DynamoDB accepts, per attribute, in request order. */
    static String expected(JsonNode expected) {
        if (expected == null) {
            return null;
        }
        for (Map.Entry<String, JsonNode> e : expected.properties()) {
            String key = e.getKey();
            JsonNode c = e.getValue();
            if (c.has("AttributeValueList") && c.has("Value")) {
                return INVALID + "Value and AttributeValueList cannot be used together for Attribute: " + key;
            }
            for (JsonNode v : c.path("AttributeValueList")) {
                String msg = AttrValueCheck.problem(v);
                if (msg != null) {
                    return msg;
                }
            }
            if (c.has("ComparisonOperator")) {
                String op = c.get("ComparisonOperator").textValue();
                if (c.has("Exists")) {
                    return INVALID + "Exists and ComparisonOperator cannot be used together for Attribute: " + key;
                }
                if (!op.equals("NULL") && !op.equals("NOT_NULL") && !c.has("AttributeValueList") && !c.has("Value")) {
                    return INVALID + "Value or AttributeValueList must be used with ComparisonOperator: " + op
                            + " for Attribute: " + key;
                }
                int values = c.has("AttributeValueList")
                        ? c.get("AttributeValueList").size()
                        : c.has("Value") ? 1 : 0;
                if (!validCount(op, values)) {
                    return INVALID + "Invalid number of argument(s) for the " + op + " ComparisonOperator";
                }
                JsonNode list = c.get("AttributeValueList");
                if (list != null && !list.isEmpty()) {
                    String type = typeOf(list.get(0));
                    for (JsonNode v : list) {
                        if (!typeOf(v).equals(type)) {
                            return INVALID + "AttributeValues inside AttributeValueList must be of same type";
                        }
                    }
                    if (op.equals("BETWEEN") && lowerAboveUpper(list)) {
                        return "The BETWEEN condition was provided a range where the lower bound is greater than the"
                                + " upper bound";
                    }
                }
            } else if (c.has("AttributeValueList")) {
                return INVALID + "AttributeValueList can only be used with a ComparisonOperator for Attribute: " + key;
            } else {
                JsonNode existsNode = c.get("Exists");
                boolean exists = existsNode == null || existsNode.booleanValue();
                if (exists && !c.has("Value")) {
                    return INVALID + "Value must be provided when Exists is "
                            + (existsNode == null ? "null" : existsNode.booleanValue()) + " for Attribute: " + key;
                }
                if (!exists && c.has("Value")) {
                    return INVALID + "Value cannot be used when Exists is false for Attribute: " + key;
                }
                if (c.has("Value")) {
                    String msg = AttrValueCheck.problem(c.get("Value"));
                    if (msg != null) {
                        return msg;
                    }
                }
            }
        }
        return null;
    }

    private static boolean validCount(String op, int values) {
        if (ONE_VALUE.contains(op)) {
            return values == 1;
        }
        return switch (op) {
            case "NULL", "NOT_NULL" -> values == 0;
            case "IN" -> values > 0;
            case "BETWEEN" -> values == 2;
            default -> false;
        };
    }

    /**
     * {@code KeyConditions} ({@code keys} true: only S, N and B values, as the docs say), {@code QueryFilter} and
     * {@code ScanFilter}: value counts and types per operator.
     */
    static String conditions(JsonNode conditions, boolean keys) {
        if (conditions == null) {
            return null;
        }
        for (Iterator<JsonNode> it = conditions.elements(); it.hasNext(); ) {
            JsonNode c = it.next();
            String op = c.path("ComparisonOperator").asText();
            List<JsonNode> list = new ArrayList<>();
            c.path("AttributeValueList").forEach(list::add);
            for (JsonNode v : list) {
                String msg = AttrValueCheck.problem(v);
                if (msg != null) {
                    return msg;
                }
            }
            boolean countOk =
                    switch (op) {
                        case "NULL", "NOT_NULL" -> list.isEmpty();
                        case "IN" -> !list.isEmpty();
                        case "BETWEEN" -> list.size() == 2;
                        default -> list.size() == 1;
                    };
            if (!countOk) {
                return INVALID + "Invalid number of argument(s) for the " + op + " ComparisonOperator";
            }
            if (!list.isEmpty()) {
                String type = typeOf(list.get(0));
                for (JsonNode v : list) {
                    if (!typeOf(v).equals(type)) {
                        return INVALID + "AttributeValues inside AttributeValueList must be of same type";
                    }
                }
            }
            List<String> allowed =
                    switch (op) {
                        // In a filter "EQ is supported for all data types, including lists and maps" (and NE alike).
                        case "EQ", "NE" -> keys ? List.of("S", "N", "B", "SS", "NS", "BS") : null;
                        case "BEGINS_WITH" -> List.of("S", "B");
                        case "NULL", "NOT_NULL" -> null;
                        default -> List.of("S", "N", "B");
                    };
            if (allowed != null) {
                for (JsonNode v : list) {
                    if (!allowed.contains(typeOf(v))) {
                        return INVALID + "ComparisonOperator " + op + " is not valid for " + typeOf(v)
                                + " AttributeValue type";
                    }
                }
            }
            if (op.equals("BETWEEN") && lowerAboveUpper(c.get("AttributeValueList"))) {
                return "The BETWEEN condition was provided a range where the lower bound is greater than the upper"
                        + " bound";
            }
        }
        return null;
    }

    /**
     * A request may use expressions or the legacy parameters, not both. {@code KeyConditions} alongside a filter or
     * projection expression is allowed (without a KeyConditionExpression), as on DynamoDB.
     */
    static String expressionParams(JsonNode data, List<String> expressions, List<String> legacy) {
        // Loops over the few names, no streams or copies: this runs for every item request. The messages are built
        // only when there is one.
        boolean used = anyPresent(data, expressions, null);
        if (used) {
            String allowed = data.has("KeyConditions") && !data.has("KeyConditionExpression") ? "KeyConditions" : null;
            if (anyPresent(data, legacy, allowed)) {
                List<String> mixed = new ArrayList<>();
                for (String name : legacy) {
                    if (!name.equals(allowed) && data.has(name)) {
                        mixed.add(name);
                    }
                }
                return "Can not use both expression and non-expression parameters in the same request:"
                        + " Non-expression parameters: {" + String.join(", ", mixed) + "} Expression parameters: {"
                        + String.join(", ", present(data, expressions)) + "}";
            }
        }
        if (data.has("ExpressionAttributeNames") && !used) {
            return "ExpressionAttributeNames can only be specified when using expressions";
        }
        if (data.has("ExpressionAttributeValues") && !anyPresent(data, expressions, "ProjectionExpression")) {
            List<String> valueExpressions = new ArrayList<>();
            for (String e : expressions) {
                if (!e.equals("ProjectionExpression")) {
                    valueExpressions.add(e);
                }
            }
            if (!valueExpressions.isEmpty()) {
                return "ExpressionAttributeValues can only be specified when using expressions: "
                        + String.join(" and ", valueExpressions) + " " + (valueExpressions.size() > 1 ? "are" : "is")
                        + " null";
            }
        }
        return null;
    }

    /** Whether any of the names but {@code except} is a member of the request. */
    private static boolean anyPresent(JsonNode data, List<String> names, String except) {
        for (int i = 0; i < names.size(); i++) {
            String name = names.get(i);
            if (!name.equals(except) && data.has(name)) {
                return true;
            }
        }
        return false;
    }

    private static List<String> present(JsonNode data, List<String> names) {
        List<String> out = new ArrayList<>();
        for (String name : names) {
            if (data.has(name)) {
                out.add(name);
            }
        }
        return out;
    }

    /** A duplicate name in AttributesToGet, as DynamoDB reports it; or null. */
    static String duplicateAttribute(JsonNode attributesToGet) {
        if (attributesToGet == null) {
            return null;
        }
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (JsonNode n : attributesToGet) {
            String name = n.asText();
            if (!seen.add(name)) {
                return INVALID + "Duplicate value in attribute name: " + name;
            }
        }
        return null;
    }

    private static String typeOf(JsonNode attributeValue) {
        Iterator<String> names = attributeValue.fieldNames();
        return names.hasNext() ? names.next() : "";
    }

    private static boolean lowerAboveUpper(JsonNode list) {
        try {
            AttrValue lower = AttrJson.value(list.get(0));
            AttrValue upper = AttrJson.value(list.get(1));
            if (lower.type() != upper.type()) {
                return false;
            }
            return KeyOrder.INSTANCE.compare(lower, upper) > 0;
        } catch (RuntimeException notComparable) {
            return false;
        }
    }
}
