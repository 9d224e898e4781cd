package dev.partitionscope.lab.server;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.io.IOException;

/**
 * A request body's JSON as a tree, built straight from Jackson's streaming parser: the same tree {@code
 * ObjectMapper.readTree} builds (last of duplicate members wins, integers as int, long or BigInteger nodes, other
 * numbers as doubles, content after the first value ignored), without the data-binding layer's context, deserializer
 * lookup and stack per request. Objects keep their members in a {@link SmallMap}.
 */
final class RequestTrees {
    private final JsonFactory factory;
    private final JsonNodeFactory nodes;

    RequestTrees(JsonFactory factory, JsonNodeFactory nodes) {
        this.factory = factory;
        this.nodes = nodes;
    }

    /** The tree of the JSON in {@code bytes[offset, offset + length)}; MissingNode when it holds no value. */
    JsonNode read(byte[] bytes, int offset, int length) throws IOException {
        try (JsonParser p = factory.createParser(bytes, offset, length)) {
            JsonToken t = p.nextToken();
            return t == null ? MissingNode.getInstance() : value(p, t);
        }
    }

    private JsonNode value(JsonParser p, JsonToken t) throws IOException {
        if (t == null) {
            throw new com.fasterxml.jackson.core.JsonParseException(p, "Unexpected end of input");
        }
        return switch (t) {
            case START_OBJECT -> object(p);
            case START_ARRAY -> array(p);
            case VALUE_STRING -> TextNode.valueOf(p.getText());
            case VALUE_NUMBER_INT ->
                switch (p.getNumberType()) {
                    case INT -> nodes.numberNode(p.getIntValue());
                    case LONG -> nodes.numberNode(p.getLongValue());
                    default -> nodes.numberNode(p.getBigIntegerValue());
                };
            case VALUE_NUMBER_FLOAT -> nodes.numberNode(p.getDoubleValue());
            case VALUE_TRUE -> BooleanNode.TRUE;
            case VALUE_FALSE -> BooleanNode.FALSE;
            case VALUE_NULL -> NullNode.getInstance();
            default -> throw new com.fasterxml.jackson.core.JsonParseException(p, "Unexpected token " + t);
        };
    }

    private ArrayNode array(JsonParser p) throws IOException {
        ArrayNode array = nodes.arrayNode();
        for (JsonToken e = p.nextToken(); e != JsonToken.END_ARRAY; e = p.nextToken()) {
            array.add(value(p, e));
        }
        return array;
    }

    private ObjectNode object(JsonParser p) throws IOException {
        ObjectNode object = nodes.objectNode();
        for (String name = p.nextFieldName(); name != null; name = p.nextFieldName()) {
            object.replace(name, value(p, p.nextToken()));
        }
        if (p.currentToken() != JsonToken.END_OBJECT) {
            throw new com.fasterxml.jackson.core.JsonParseException(p, "Unexpected token " + p.currentToken());
        }
        return object;
    }
}
