package dev.partitionscope.lab.api;

import static dev.partitionscope.lab.api.ItemSpecs.check;
import static dev.partitionscope.lab.api.Members.ATTRIBUTES_TO_GET;
import static dev.partitionscope.lab.api.Members.CONSISTENT_READ;
import static dev.partitionscope.lab.api.Members.EXPRESSION_ATTRIBUTE_NAMES;
import static dev.partitionscope.lab.api.Members.NAME_PATTERN;
import static dev.partitionscope.lab.api.Members.PROJECTION_EXPRESSION;
import static dev.partitionscope.lab.api.Members.RETURN_CONSUMED_CAPACITY;
import static dev.partitionscope.lab.api.Members.RETURN_ITEM_COLLECTION_METRICS;
import static dev.partitionscope.lab.api.Shape.attr;
import static dev.partitionscope.lab.api.Shape.attributeMap;
import static dev.partitionscope.lab.api.Shape.field;
import static dev.partitionscope.lab.api.Shape.listOf;
import static dev.partitionscope.lab.api.Shape.mapOf;
import static dev.partitionscope.lab.api.Shape.parameterizedListOf;
import static dev.partitionscope.lab.api.Shape.parameterizedMapOf;
import static dev.partitionscope.lab.api.Shape.request;
import static dev.partitionscope.lab.api.Shape.struct;

import com.fasterxml.jackson.databind.JsonNode;
import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.item.ItemSize;
import dev.partitionscope.lab.wire.AttrJson;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/** BatchGetItem (≤ 100 keys) and BatchWriteItem (≤ 25 requests): members and pre-table checks. */
final class BatchSpecs {
    private BatchSpecs() {}

    private static final Shape.Builder TABLE_KEYS =
            Shape.Builder.rules().maxLength(255).minLength(3).pattern(NAME_PATTERN);

    static final OperationSpec BATCH_GET_ITEM = OperationSpec.of(
            "BatchGetItem",
            request(
                    RETURN_CONSUMED_CAPACITY,
                    mapOf(
                                    "KeysAndAttributes",
                                    struct(
                                            "KeysAndAttributes",
                                            listOf(parameterizedMapOf(attr()))
                                                    .notNull()
                                                    .minLength(1)
                                                    .maxLength(100)
                                                    .named("Keys"),
                                            ATTRIBUTES_TO_GET,
                                            CONSISTENT_READ,
                                            PROJECTION_EXPRESSION,
                                            EXPRESSION_ATTRIBUTE_NAMES))
                            .notNull()
                            .minLength(1)
                            .keys(TABLE_KEYS)
                            .named("RequestItems")),
            data -> {
                int requested = 0;
                for (Iterator<JsonNode> tables = data.get("RequestItems").elements(); tables.hasNext(); ) {
                    JsonNode table = tables.next();
                    check(LegacyCheck.expressionParams(
                            table, List.of("ProjectionExpression"), List.of("AttributesToGet")));
                    check(LegacyCheck.duplicateAttribute(table.get("AttributesToGet")));
                    RequestExpressions.parse(table);
                    Set<Map<String, AttrValue>> seen = new HashSet<>();
                    for (JsonNode key : table.get("Keys")) {
                        check(AttrValueCheck.mapProblem(key));
                        if (!seen.add(new TreeMap<>(AttrJson.item(key, "key")))) {
                            check("Provided list of item keys contains duplicates");
                        }
                        if (++requested > 100) {
                            check("Too many items requested for the BatchGetItem call");
                        }
                    }
                }
                return RequestExpressions.NONE;
            });

    static final OperationSpec BATCH_WRITE_ITEM = OperationSpec.of(
            "BatchWriteItem",
            request(
                    RETURN_CONSUMED_CAPACITY,
                    RETURN_ITEM_COLLECTION_METRICS,
                    mapOf(
                                    "java.util.List<com.amazonaws.dynamodb.v20120810.WriteRequest>",
                                    parameterizedListOf(struct(
                                            "WriteRequest",
                                            field(
                                                            "DeleteRequest",
                                                            attributeMap()
                                                                    .notNull()
                                                                    .named("Key"))
                                                    .named("DeleteRequest"),
                                            field(
                                                            "PutRequest",
                                                            attributeMap()
                                                                    .notNull()
                                                                    .named("Item"))
                                                    .named("PutRequest"))))
                            .notNull()
                            .minLength(1)
                            .keys(TABLE_KEYS)
                            .values(Shape.Builder.rules().maxLength(25).minLength(1))
                            .named("RequestItems")),
            data -> {
                for (Iterator<JsonNode> tables = data.get("RequestItems").elements(); tables.hasNext(); ) {
                    JsonNode requests = tables.next();
                    for (JsonNode r : requests) {
                        if (r.isEmpty()) {
                            check("Supplied AttributeValue has more than one datatypes set, must contain exactly one"
                                    + " of the supported datatypes");
                        }
                    }
                    for (JsonNode r : requests) {
                        if (r.has("PutRequest")) {
                            JsonNode item = r.get("PutRequest").get("Item");
                            check(AttrValueCheck.mapProblem(item));
                            if (ItemSize.of(AttrJson.item(item, "item")) > ItemSpecs.MAX_ITEM_BYTES) {
                                check("Item size has exceeded the maximum allowed size");
                            }
                        } else if (r.has("DeleteRequest")) {
                            check(AttrValueCheck.mapProblem(
                                    r.get("DeleteRequest").get("Key")));
                        }
                    }
                }
                return RequestExpressions.NONE;
            });
}
