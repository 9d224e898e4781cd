package dev.partitionscope.lab.api;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.item.ItemSize;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The PutItem most writers send — {@code {"TableName": "…", "Item": {"name": {"S": "…"}, "n": {"N": "…"}}}}, its values
 * strings, numbers, booleans and nulls — read in one pass of Jackson's streaming parser straight into the item the
 * engine stores, without the JSON tree the front door otherwise builds, type-checks, constraint-checks and converts
 * (four walks of the request, and a third of what the Lab spent on a PutItem outside its table: src/jmh/wrk/README.md).
 *
 * <p>It accepts only what {@link DynamoDbApi#read} would accept, and gives the same request: a body it is unsure of
 * in any way — another member, a member twice, a null, a value of another type or with two types, a table name
 * outside DynamoDB's pattern and lengths, a number DynamoDB would refuse, an item over 400 KB, JSON that does not
 * parse — is not read here ({@link #read} answers null) and takes the front door, which answers it with DynamoDB's
 * error. {@code PlainPutsTest} checks the two against each other.
 */
final class PlainPuts {
    private static final JsonFactory JSON = JsonFactory.builder()
            .disable(StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION)
            .build();

    private PlainPuts() {}

    /** The request, as {@link DynamoDbApi#read} of its tree would give it; null when the body is not a plain put. */
    static DynamoDbApi.ApiRequest read(byte[] bytes, int offset, int length) {
        try (JsonParser p = JSON.createParser(bytes, offset, length)) {
            return read(p);
        } catch (IOException | RuntimeException e) {
            // Unsure (malformed JSON, a value DynamoDB refuses): the front door reads it again and says what is wrong.
            return null;
        }
    }

    private static DynamoDbApi.ApiRequest read(JsonParser p) throws IOException {
        if (p.nextToken() != JsonToken.START_OBJECT) {
            return null;
        }
        String table = null;
        Map<String, AttrValue> item = null;
        for (String member = p.nextFieldName(); member != null; member = p.nextFieldName()) {
            if (member.equals("TableName") && table == null) {
                if (p.nextToken() != JsonToken.VALUE_STRING) {
                    return null;
                }
                table = p.getText();
                if (!isTableName(table)) {
                    return null;
                }
            } else if (member.equals("Item") && item == null) {
                if (p.nextToken() != JsonToken.START_OBJECT) {
                    return null;
                }
                item = item(p);
                if (item == null) {
                    return null;
                }
            } else {
                return null;
            }
        }
        if (p.currentToken() != JsonToken.END_OBJECT || table == null || item == null) {
            return null;
        }
        long size = ItemSize.of(item);
        if (size > ItemSpecs.MAX_ITEM_BYTES) {
            return null;
        }
        ObjectNode data = JsonNodeFactory.instance.objectNode();
        data.put("TableName", table);
        RequestExpressions expressions = RequestExpressions.parse(data);
        expressions.readLegacy(data);
        return new DynamoDbApi.ApiRequest("PutItem", data, expressions.withItem(item, size));
    }

    /** The item's attributes, the parser inside its object; null at the first thing that is not plain. */
    private static Map<String, AttrValue> item(JsonParser p) throws IOException {
        Map<String, AttrValue> item = new LinkedHashMap<>();
        for (String name = p.nextFieldName(); name != null; name = p.nextFieldName()) {
            if (name.isEmpty() || item.containsKey(name)) {
                return null;
            }
            AttrValue v = value(p);
            if (v == null) {
                return null;
            }
            item.put(name, v);
        }
        return p.currentToken() == JsonToken.END_OBJECT && !item.isEmpty() ? item : null;
    }

    /** One AttributeValue object of one plain type, the parser at its start; null for anything else. */
    private static AttrValue value(JsonParser p) throws IOException {
        if (p.nextToken() != JsonToken.START_OBJECT) {
            return null;
        }
        String type = p.nextFieldName();
        if (type == null) {
            return null;
        }
        JsonToken t = p.nextToken();
        AttrValue v =
                switch (type) {
                    case "S" -> t == JsonToken.VALUE_STRING ? new AttrValue.S(p.getText()) : null;
                    case "N" -> t == JsonToken.VALUE_STRING ? number(p.getText()) : null;
                    case "BOOL" ->
                        t == JsonToken.VALUE_TRUE
                                ? AttrValue.Bool.TRUE
                                : t == JsonToken.VALUE_FALSE ? AttrValue.Bool.FALSE : null;
                    case "NULL" -> t == JsonToken.VALUE_TRUE ? AttrValue.Null.INSTANCE : null;
                    default -> null;
                };
        return v != null && p.nextToken() == JsonToken.END_OBJECT ? v : null;
    }

    /** The number, when DynamoDB takes it as it is; null when the front door should say what is wrong with it. */
    private static AttrValue number(String text) {
        return AttrValueCheck.number(text) == null ? AttrValue.N.parse(text) : null;
    }

    /** DynamoDB's TableName constraints as the front door checks them: 3 to 255 of {@code [a-zA-Z0-9_.-]}. */
    private static boolean isTableName(String name) {
        return name.length() >= 3 && name.length() <= 255 && ConstraintCheck.isName(name);
    }
}
