package dev.partitionscope.lab.api;

import com.fasterxml.jackson.databind.JsonNode;
import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.lab.expr.AttributeUpdates;
import dev.partitionscope.lab.expr.Comparison;
import dev.partitionscope.lab.expr.Condition;
import dev.partitionscope.lab.expr.DocumentPath;
import dev.partitionscope.lab.expr.ExpressionContext;
import dev.partitionscope.lab.expr.ExpressionException;
import dev.partitionscope.lab.expr.KeyCondition;
import dev.partitionscope.lab.expr.ProjectionExpression;
import dev.partitionscope.lab.expr.UpdateExpression;
import dev.partitionscope.lab.wire.AttrJson;
import dev.partitionscope.lab.wire.LabException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * Everything of a request that says which items and attributes it means, parsed before the table is looked at —
 * the expressions (ConditionExpression, UpdateExpression, KeyConditionExpression, FilterExpression,
 * ProjectionExpression) and their legacy counterparts (Expected, AttributeUpdates, KeyConditions, QueryFilter,
 * ScanFilter, AttributesToGet), each reduced to one form the engine evaluates. A request has one or the other, never
 * both (see {@link LegacyCheck#expressionParams}).
 *
 * <p>Parse errors are DynamoDB's ValidationExceptions, in DynamoDB's order: the placeholder maps, then the update, the
 * condition, the key condition, the filter and the projection, then unused placeholders.
 */
public final class RequestExpressions {
    private static final Pattern NAME_KEY = Pattern.compile("#[0-9a-zA-Z_]+");
    private static final Pattern VALUE_KEY = Pattern.compile(":[0-9a-zA-Z_]+");
    static final RequestExpressions NONE = new RequestExpressions();

    private UpdateExpression update;
    private AttributeUpdates attributeUpdates;
    private Condition condition;
    private List<Comparison> expected;
    private boolean or;
    private KeyCondition.Raw keyConditionExpression;
    private Map<String, Comparison> keyConditions;
    private Condition filter;
    private List<Comparison> legacyFilter;
    private ProjectionExpression projection;
    private List<String> attributesToGet;
    private Map<String, AttrValue> item;
    private long itemSize = -1;

    private RequestExpressions() {}

    /**
     * The same expressions, carrying the request's Item as the front door converted it (PutItem) and its size as the
     * front door measured it against the 400 KB limit.
     */
    RequestExpressions withItem(Map<String, AttrValue> converted, long size) {
        this.item = converted;
        this.itemSize = size;
        return this;
    }

    /**
     * The size ({@code ItemSize.of}) of the map {@link #item} answers when the front door converted it, so that a
     * PutItem measures its item once; -1 when it did not.
     */
    public long itemSize() {
        return item != null ? itemSize : -1;
    }

    /**
     * A PutItem's Item: as the front door converted it while checking the request, or else converted from its JSON
     * ({@code itemJson}, the request's Item member).
     */
    public Map<String, AttrValue> item(JsonNode itemJson) {
        return item != null ? item : AttrJson.item(itemJson, "item");
    }

    /**
     * A request's expressions and legacy parameters, ready for the engine (BatchGetItem's per-table parts); the
     * request passed DynamoDbApi's checks already.
     */
    public static RequestExpressions of(JsonNode data) {
        RequestExpressions r = parse(data);
        r.readLegacy(data);
        return r;
    }

    /** Parses the expressions of {@code data} (already type-checked), as DynamoDB's validateExpressions does. */
    static RequestExpressions parse(JsonNode data) {
        RequestExpressions r = new RequestExpressions();
        JsonNode names = data.get("ExpressionAttributeNames");
        JsonNode values = data.get("ExpressionAttributeValues");
        if (names == null
                && values == null
                && !data.has("UpdateExpression")
                && !data.has("ConditionExpression")
                && !data.has("KeyConditionExpression")
                && !data.has("FilterExpression")
                && !data.has("ProjectionExpression")) {
            // Nothing to parse, no placeholders that could go unused: what the full parse gives, without the context.
            return r;
        }
        if (names != null) {
            if (names.isEmpty()) {
                throw LabException.validation("ExpressionAttributeNames must not be empty");
            }
            for (Iterator<String> it = names.fieldNames(); it.hasNext(); ) {
                String key = it.next();
                if (!NAME_KEY.matcher(key).matches()) {
                    throw LabException.validation(
                            "ExpressionAttributeNames contains invalid key: Syntax error; key: \"" + key + "\"");
                }
            }
        }
        if (values != null) {
            if (values.isEmpty()) {
                throw LabException.validation("ExpressionAttributeValues must not be empty");
            }
            for (Iterator<String> it = values.fieldNames(); it.hasNext(); ) {
                String key = it.next();
                if (!VALUE_KEY.matcher(key).matches()) {
                    throw LabException.validation(
                            "ExpressionAttributeValues contains invalid key: Syntax error; key:" + " \"" + key + "\"");
                }
            }
            for (Map.Entry<String, JsonNode> e : values.properties()) {
                String msg = AttrValueCheck.problem(e.getValue());
                if (msg != null) {
                    throw LabException.validation(
                            "ExpressionAttributeValues contains invalid value: " + msg + " for key " + e.getKey());
                }
            }
        }
        Map<String, String> nameMap = names == null ? null : new LinkedHashMap<>();
        if (names != null) {
            for (Map.Entry<String, JsonNode> e : names.properties()) {
                nameMap.put(e.getKey(), e.getValue().asText());
            }
        }
        Map<String, AttrValue> valueMap = values == null ? null : AttrJson.item(values, "expressionAttributeValues");
        ExpressionContext ctx = guard(() -> ExpressionContext.of(nameMap, valueMap));
        String updateExpr = text(data, "UpdateExpression");
        if (updateExpr != null) {
            r.update = guard(() -> UpdateExpression.parse(updateExpr, ctx));
        }
        String conditionExpr = text(data, "ConditionExpression");
        if (conditionExpr != null) {
            r.condition = guard(() -> Condition.parseCondition(conditionExpr, ctx));
        }
        String keyExpr = text(data, "KeyConditionExpression");
        if (keyExpr != null) {
            r.keyConditionExpression = guard(() -> KeyCondition.parseRaw(keyExpr, ctx));
        }
        String filterExpr = text(data, "FilterExpression");
        if (filterExpr != null) {
            r.filter = guard(() -> Condition.parseFilter(filterExpr, ctx));
        }
        String projectionExpr = text(data, "ProjectionExpression");
        if (projectionExpr != null) {
            r.projection = guard(() -> ProjectionExpression.parse(projectionExpr, ctx));
        }
        guard(() -> {
            ctx.checkAllUsed();
            return null;
        });
        return r;
    }

    /** The legacy parameters, once {@link LegacyCheck} accepted them, in the engine's form. */
    void readLegacy(JsonNode data) {
        if (this == NONE) {
            return;
        }
        or = "OR".equals(text(data, "ConditionalOperator"));
        JsonNode exp = data.get("Expected");
        if (exp != null) {
            expected = new ArrayList<>();
            for (Map.Entry<String, JsonNode> e : exp.properties()) {
                expected.add(expectation(e.getKey(), e.getValue()));
            }
        }
        JsonNode filterMap = data.has("QueryFilter") ? data.get("QueryFilter") : data.get("ScanFilter");
        if (filterMap != null) {
            legacyFilter = comparisons(filterMap);
        }
        JsonNode keyMap = data.get("KeyConditions");
        if (keyMap != null) {
            keyConditions = new LinkedHashMap<>();
            for (Comparison c : comparisons(keyMap)) {
                keyConditions.put(c.attribute(), c);
            }
        }
        JsonNode updates = data.get("AttributeUpdates");
        if (updates != null) {
            List<AttributeUpdates.Action> actions = new ArrayList<>();
            for (Map.Entry<String, JsonNode> e : updates.properties()) {
                String action = e.getValue().path("Action").asText("PUT");
                JsonNode value = e.getValue().get("Value");
                actions.add(new AttributeUpdates.Action(
                        e.getKey(),
                        AttributeUpdates.Kind.valueOf(action),
                        value == null ? null : AttrJson.value(value)));
            }
            attributeUpdates = new AttributeUpdates(actions);
        }
        JsonNode toGet = data.get("AttributesToGet");
        if (toGet != null) {
            attributesToGet = new ArrayList<>();
            toGet.forEach(n -> attributesToGet.add(n.asText()));
        }
    }

    private static Comparison expectation(String attribute, JsonNode c) {
        if (c.has("ComparisonOperator")) {
            List<AttrValue> values = new ArrayList<>();
            if (c.has("AttributeValueList")) {
                c.get("AttributeValueList").forEach(v -> values.add(AttrJson.value(v)));
            } else if (c.has("Value")) {
                values.add(AttrJson.value(c.get("Value")));
            }
            return new Comparison(
                    attribute,
                    Comparison.Operator.valueOf(c.get("ComparisonOperator").asText()),
                    values);
        }
        JsonNode exists = c.get("Exists");
        if (exists != null && !exists.booleanValue()) {
            return new Comparison(attribute, Comparison.Operator.NULL, List.of());
        }
        return new Comparison(attribute, Comparison.Operator.EQ, List.of(AttrJson.value(c.get("Value"))));
    }

    private static List<Comparison> comparisons(JsonNode map) {
        List<Comparison> out = new ArrayList<>();
        for (Map.Entry<String, JsonNode> e : map.properties()) {
            List<AttrValue> values = new ArrayList<>();
            e.getValue().path("AttributeValueList").forEach(v -> values.add(AttrJson.value(v)));
            out.add(new Comparison(
                    e.getKey(),
                    Comparison.Operator.valueOf(
                            e.getValue().get("ComparisonOperator").asText()),
                    values));
        }
        return out;
    }

    /** KeyConditionExpression reduced to DynamoDB's KeyConditions form; errors are unprefixed ValidationExceptions. */
    Map<String, Comparison> convertKeyConditionExpression() {
        if (keyConditionExpression != null) {
            keyConditions = guard(keyConditionExpression::conditions);
        }
        return keyConditions;
    }

    // What the engine asks

    /** The per-attribute key conditions of a Query (from either form), or null. */
    public Map<String, Comparison> keyConditions() {
        return keyConditions;
    }

    /** Whether a write's condition (ConditionExpression or Expected) holds for the item (empty when none). */
    public boolean conditionHolds(Map<String, AttrValue> itemOrEmpty) {
        if (condition != null) {
            return guard(() -> condition.test(itemOrEmpty));
        }
        return expected == null || Comparison.all(expected, or, itemOrEmpty);
    }

    public boolean hasCondition() {
        return condition != null || expected != null;
    }

    /** Whether a read's filter (FilterExpression, QueryFilter or ScanFilter) keeps the item. */
    public boolean filterKeeps(Map<String, AttrValue> item) {
        if (filter != null) {
            return guard(() -> filter.test(item));
        }
        return legacyFilter == null || Comparison.all(legacyFilter, or, item);
    }

    public boolean hasFilter() {
        return filter != null || legacyFilter != null;
    }

    /** Top-level attributes the filter reads (key attributes are refused in a Query's filter). */
    public Set<String> filterAttributes() {
        if (filter != null) {
            return filter.topLevelNames();
        }
        Set<String> names = new LinkedHashSet<>();
        if (legacyFilter != null) {
            legacyFilter.forEach(c -> names.add(c.attribute()));
        }
        return names;
    }

    /** Top-level names of filter paths that reach inside a value (DynamoDB refuses those on key attributes). */
    public Set<String> filterNestedHeads() {
        return filter == null ? Set.of() : filter.nestedNames();
    }

    /** "Filter Expression" or "QueryFilter", as DynamoDB names the filter in its messages. */
    public String filterName() {
        return filter != null ? "Filter Expression" : "QueryFilter";
    }

    /** Whether the read returns only some attributes (ProjectionExpression or AttributesToGet). */
    public boolean hasProjection() {
        return projection != null || attributesToGet != null;
    }

    /** "ProjectionExpression" or "AttributesToGet", whichever the request used, as DynamoDB names it. */
    public String projectionName() {
        return projection != null ? "ProjectionExpression" : "AttributesToGet";
    }

    /** The returned attributes of an item, or the item when there is no projection. */
    public Map<String, AttrValue> project(Map<String, AttrValue> item) {
        if (projection != null) {
            return guard(() -> projection.apply(item));
        }
        if (attributesToGet != null) {
            Map<String, AttrValue> out = new LinkedHashMap<>();
            for (String name : attributesToGet) {
                AttrValue v = item.get(name);
                if (v != null) {
                    out.put(name, v);
                }
            }
            return out;
        }
        return item;
    }

    /** Top-level attributes the projection names (to check an index covers them). */
    public Set<String> projectedAttributes() {
        if (projection != null) {
            return projection.topLevelNames();
        }
        return attributesToGet == null ? Set.of() : new LinkedHashSet<>(attributesToGet);
    }

    /** Top-level names of projected paths that reach inside a value ({@code a.b}, {@code a[0]}). */
    public Set<String> projectedNestedHeads() {
        Set<String> heads = new LinkedHashSet<>();
        if (projection != null) {
            for (DocumentPath p : projection.paths()) {
                if (p.isNested()) {
                    heads.add(p.head());
                }
            }
        }
        return heads;
    }

    public boolean hasUpdate() {
        return update != null || attributeUpdates != null;
    }

    /** The expression update, when the request has one. */
    public UpdateExpression updateExpression() {
        return update;
    }

    /** The legacy AttributeUpdates, when the request has them. */
    public AttributeUpdates attributeUpdates() {
        return attributeUpdates;
    }

    /** The item after the update (either form); DynamoDB's errors as ValidationExceptions. */
    public Map<String, AttrValue> applyUpdate(Map<String, AttrValue> base, Set<String> keyNames) {
        if (update != null) {
            return guard(() -> update.apply(base, keyNames));
        }
        return attributeUpdates == null ? base : guard(() -> attributeUpdates.apply(base));
    }

    /** The written attributes of an item, as ReturnValues UPDATED_OLD / UPDATED_NEW return them. */
    public Map<String, AttrValue> updatedValues(Map<String, AttrValue> item) {
        if (update != null) {
            return guard(() -> update.updatedValues(item));
        }
        Map<String, AttrValue> out = new LinkedHashMap<>();
        if (attributeUpdates != null) {
            for (String name : attributeUpdates.attributeNames()) {
                AttrValue v = item.get(name);
                if (v != null) {
                    out.put(name, v);
                }
            }
        }
        return out;
    }

    private static String text(JsonNode data, String field) {
        JsonNode v = data.get(field);
        return v == null ? null : v.asText();
    }

    static <T> T guard(Supplier<T> work) {
        try {
            return work.get();
        } catch (ExpressionException e) {
            throw LabException.validation(e.getMessage());
        }
    }
}
