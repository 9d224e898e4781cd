package dev.partitionscope.lab.engine;

import com.fasterxml.jackson.databind.JsonNode;
import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.table.KeyAttribute;
import dev.partitionscope.core.table.KeySchema;
import dev.partitionscope.lab.expr.Condition;
import dev.partitionscope.lab.expr.ExpressionContext;
import dev.partitionscope.lab.expr.ExpressionException;
import dev.partitionscope.lab.expr.KeyCondition;
import dev.partitionscope.lab.expr.ProjectionExpression;
import dev.partitionscope.lab.expr.SortKeyCondition;
import dev.partitionscope.lab.expr.UpdateExpression;
import dev.partitionscope.lab.wire.AttrJson;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * The engine's view of the expression language ({@code lab.expr}) for one request: one context shared by all of the
 * request's expressions, so "unused ExpressionAttributeValues" is checked across them, and every expression error
 * answered as DynamoDB's ValidationException.
 */
final class Expressions {
    private final ExpressionContext context;

    /** An update expression ready to apply to an item. */
    interface Update {
        Updated apply(Map<String, AttrValue> base, Set<String> keyNames);

        /** The paths the update writes, nested as in the item: ReturnValues UPDATED_OLD / UPDATED_NEW. */
        Map<String, AttrValue> updatedValues(Map<String, AttrValue> item);
    }

    /** The item after an update, and the top-level attributes the update touched. */
    record Updated(Map<String, AttrValue> item, Set<String> changed) {
    }

    /** A Query's key condition: the partition key value and a test for the sort key. */
    record KeyCond(AttrValue partition, Predicate<AttrValue> sortMatches) {
    }

    private Expressions(ExpressionContext context) {
        this.context = context;
    }

    static Expressions of(JsonNode req) {
        Map<String, String> names = Req.stringMap(req, "ExpressionAttributeNames");
        JsonNode valuesNode = req.get("ExpressionAttributeValues");
        Map<String, AttrValue> values = valuesNode == null || valuesNode.isNull() ? null
                : AttrJson.item(valuesNode, "expressionAttributeValues");
        if (values != null) {
            for (String v : values.keySet()) {
                if (!v.startsWith(":")) {
                    throw LabException.validation("ExpressionAttributeValues contains invalid key: Syntax error;"
                            + " key: \"" + v + "\"");
                }
            }
        }
        if (names != null) {
            for (String n : names.keySet()) {
                if (!n.startsWith("#")) {
                    throw LabException.validation("ExpressionAttributeNames contains invalid key: Syntax error;"
                            + " key: \"" + n + "\"");
                }
            }
        }
        // Absent maps are null; an empty map present in the request is DynamoDB's "must not be empty" error.
        return new Expressions(guard(() -> ExpressionContext.of(names, values)));
    }

    Predicate<Map<String, AttrValue>> condition(String param, String expr) {
        if (expr == null) {
            return null;
        }
        Condition c = guard(() -> param.equals("FilterExpression") ? Condition.parseFilter(expr, context)
                : Condition.parseCondition(expr, context));
        return item -> guard(() -> c.test(item));
    }

    Function<Map<String, AttrValue>, Map<String, AttrValue>> projection(String expr) {
        if (expr == null) {
            return null;
        }
        ProjectionExpression p = guard(() -> ProjectionExpression.parse(expr, context));
        return item -> guard(() -> p.apply(item));
    }

    /** Parses the update and refuses changes to key attributes before any item is read, as DynamoDB does. */
    Update update(String expr, Set<String> keyNames) {
        if (expr == null) {
            return null;
        }
        UpdateExpression u = guard(() -> UpdateExpression.parse(expr, context));
        guard(() -> {
            u.checkKeyAttributes(keyNames);
            return null;
        });
        return new Update() {
            @Override
            public Updated apply(Map<String, AttrValue> base, Set<String> keys) {
                return guard(() -> {
                    Map<String, AttrValue> next = u.apply(base, keys);
                    return new Updated(new LinkedHashMap<>(next), u.updatedAttributeNames());
                });
            }

            @Override
            public Map<String, AttrValue> updatedValues(Map<String, AttrValue> item) {
                return guard(() -> u.updatedValues(item));
            }
        };
    }

    KeyCond keyCondition(String expr, KeyDef keys) {
        KeySchema schema = new KeySchema(new KeyAttribute(keys.partitionKey(), keys.partitionType()),
                keys.hasSortKey() ? new KeyAttribute(keys.sortKey(), keys.sortType()) : null);
        KeyCondition kc = guard(() -> KeyCondition.parse(expr, context, schema));
        SortKeyCondition sort = kc.sortKey().orElse(null);
        return new KeyCond(kc.partitionValue(), sort == null ? v -> true : sort::matches);
    }

    void checkAllUsed() {
        guard(() -> {
            context.checkAllUsed();
            return null;
        });
    }

    private static <T> T guard(Supplier<T> work) {
        try {
            return work.get();
        } catch (ExpressionException e) {
            throw LabException.validation(e.getMessage());
        }
    }
}
