package dev.partitionscope.lab.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.partitionscope.lab.wire.LabException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Base64;
import java.util.Locale;
import java.util.Map;

/**
 * The first thing DynamoDB does with a request body: read it into the operation's input types. A value of the wrong
 * JSON type is a {@code com.amazon.coral.service#SerializationException} with the deserializer's own words
 * ("NUMBER_VALUE cannot be converted to String", "Unexpected field type", …). Members the operation does not have are
 * dropped, as are JSON nulls (an absent member); strings such as {@code "true"} convert to booleans and numbers to
 * whole numbers where the member is integral, as DynamoDB's reader does.
 *
 * <p>Members are checked in the operation's declaration order, so of two wrong members the first declared one is
 * reported — DynamoDB's order, not the request's.
 */
final class TypeCheck {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final String MODEL = "com.amazonaws.dynamodb.v20120810.";
    private static final String STRUCTURE_HERE = "Start of structure or map found where not expected";
    private static final String PARAMETERIZED_CAST = "class sun.reflect.generics.reflectiveObjects."
            + "ParameterizedTypeImpl cannot be cast to class java.lang.Class (sun.reflect.generics.reflectiveObjects."
            + "ParameterizedTypeImpl and java.lang.Class are in module java.base of loader 'bootstrap')";

    /** The AttributeValue structure: its members in DynamoDB's order. */
    static final Shape.StructShape ATTRIBUTE_VALUE = new Shape.StructShape(
            "AttributeValue",
            false,
            java.util.List.of(
                    new Shape.Member("S", new Shape.ScalarShape(Shape.Scalar.STRING), java.util.List.of()),
                    new Shape.Member("B", new Shape.ScalarShape(Shape.Scalar.BLOB), java.util.List.of()),
                    new Shape.Member("N", new Shape.ScalarShape(Shape.Scalar.STRING), java.util.List.of()),
                    new Shape.Member("BOOL", new Shape.ScalarShape(Shape.Scalar.BOOLEAN), java.util.List.of()),
                    new Shape.Member("NULL", new Shape.ScalarShape(Shape.Scalar.BOOLEAN), java.util.List.of()),
                    new Shape.Member(
                            "BS", new Shape.ListShape(scalar("member", Shape.Scalar.BLOB), false), java.util.List.of()),
                    new Shape.Member(
                            "NS",
                            new Shape.ListShape(scalar("member", Shape.Scalar.STRING), false),
                            java.util.List.of()),
                    new Shape.Member(
                            "SS",
                            new Shape.ListShape(scalar("member", Shape.Scalar.STRING), false),
                            java.util.List.of()),
                    new Shape.Member(
                            "L",
                            new Shape.ListShape(
                                    new Shape.Member("member", new Shape.AttrShape(false), java.util.List.of()), false),
                            java.util.List.of()),
                    new Shape.Member(
                            "M",
                            new Shape.MapShape(
                                    new Shape.Member("member", new Shape.AttrShape(false), java.util.List.of()),
                                    "AttributeValue",
                                    false),
                            java.util.List.of())));

    private TypeCheck() {}

    private static Shape.Member scalar(String name, Shape.Scalar kind) {
        return new Shape.Member(name, new Shape.ScalarShape(kind), java.util.List.of());
    }

    /** The request read into the operation's members: unknown members and nulls gone, values converted. */
    static ObjectNode request(Shape.StructShape shape, JsonNode body) {
        return members(shape, body != null && body.isObject() ? body : F.objectNode());
    }

    private static ObjectNode members(Shape.StructShape shape, JsonNode data) {
        ObjectNode out = F.objectNode();
        for (Shape.Member m : shape.members()) {
            JsonNode v = data.get(m.name());
            if (v == null || v.isNull()) {
                continue;
            }
            JsonNode checked = value(m.shape(), v);
            if (checked != null) {
                out.set(m.name(), checked);
            }
        }
        return out;
    }

    private static JsonNode value(Shape shape, JsonNode v) {
        if (v == null || v.isNull()) {
            return null;
        }
        if (shape instanceof Shape.ScalarShape s) {
            return scalar(s.kind(), v);
        }
        if (shape instanceof Shape.ListShape l) {
            if (v.isTextual() || v.isBoolean() || v.isNumber()) {
                throw fail(l.parameterized() ? PARAMETERIZED_CAST : "Unexpected field type");
            }
            if (!v.isArray()) {
                throw fail(STRUCTURE_HERE);
            }
            ArrayNode out = F.arrayNode();
            for (JsonNode e : v) {
                JsonNode checked = value(l.element().shape(), e);
                out.add(checked == null ? F.nullNode() : checked);
            }
            return out;
        }
        if (shape instanceof Shape.MapShape m) {
            if (v.isTextual() || v.isBoolean() || v.isNumber()) {
                throw fail(m.parameterized() ? PARAMETERIZED_CAST : "Unexpected field type");
            }
            if (v.isArray()) {
                String valueClass = m.valueClass().contains(".") ? m.valueClass() : MODEL + m.valueClass();
                throw fail("Unrecognized collection type java.util.Map<java.lang.String, " + valueClass + ">");
            }
            ObjectNode out = F.objectNode();
            for (Map.Entry<String, JsonNode> e : v.properties()) {
                JsonNode checked = value(m.value().shape(), e.getValue());
                out.set(e.getKey(), checked == null ? F.nullNode() : checked);
            }
            return out;
        }
        if (shape instanceof Shape.StructShape s) {
            structure(s.className(), s.field(), v);
            return members(s, v);
        }
        Shape.AttrShape a = (Shape.AttrShape) shape;
        structure("AttributeValue", a.field(), v);
        return members(ATTRIBUTE_VALUE, v);
    }

    private static void structure(String className, boolean field, JsonNode v) {
        if (v.isTextual() || v.isBoolean() || v.isNumber()) {
            throw fail(field ? "Unexpected field type" : "Unexpected value type in payload");
        }
        if (v.isArray()) {
            throw fail("Unrecognized collection type class " + MODEL + className);
        }
    }

    private static JsonNode scalar(Shape.Scalar kind, JsonNode v) {
        String typeName =
                switch (kind) {
                    case STRING -> "String";
                    case BOOLEAN -> "Boolean";
                    case INTEGER -> "Integer";
                    case LONG -> "Long";
                    case DOUBLE -> "Double";
                    case BLOB -> "Blob";
                };
        if (v.isArray()) {
            throw fail("Unrecognized collection type class "
                    + (kind == Shape.Scalar.BLOB ? "java.nio.ByteBuffer" : "java.lang." + typeName));
        }
        if (v.isObject()) {
            throw fail(STRUCTURE_HERE);
        }
        switch (kind) {
            case BOOLEAN -> {
                if (v.isNumber()) {
                    throw fail(numberKind(v) + " cannot be converted to Boolean");
                }
                if (v.isTextual()) {
                    String s = v.textValue().toUpperCase(Locale.ROOT);
                    if (s.equals("TRUE") || s.equals("1") || s.equals("YES")) {
                        return BooleanNode.TRUE;
                    }
                    if (s.equals("FALSE") || s.equals("0") || s.equals("NO")) {
                        return BooleanNode.FALSE;
                    }
                    throw fail("Unexpected token received from parser");
                }
                return v;
            }
            case INTEGER, LONG, DOUBLE -> {
                if (v.isBoolean()) {
                    throw fail(
                            (v.booleanValue() ? "TRUE_VALUE" : "FALSE_VALUE") + " cannot be converted to " + typeName);
                }
                if (v.isTextual()) {
                    throw fail("STRING_VALUE cannot be converted to " + typeName);
                }
                if (kind != Shape.Scalar.DOUBLE && !v.isIntegralNumber()) {
                    BigDecimal floor = v.decimalValue().setScale(0, RoundingMode.FLOOR);
                    return F.numberNode(floor.toBigInteger());
                }
                return v;
            }
            case STRING -> {
                if (v.isBoolean()) {
                    throw fail((v.booleanValue() ? "TRUE_VALUE" : "FALSE_VALUE") + " cannot be converted to String");
                }
                if (v.isNumber()) {
                    throw fail(numberKind(v) + " cannot be converted to String");
                }
                return v;
            }
            default -> {
                // BLOB
                if (v.isBoolean() || v.isNumber()) {
                    throw fail("only base-64-encoded strings are convertible to bytes");
                }
                String s = v.textValue();
                if (s.length() % 4 != 0) {
                    throw fail("Base64 encoded length is expected a multiple of 4 bytes but found: " + s.length());
                }
                if (!canonicalBase64(s)) {
                    throw fail("Invalid last non-pad Base64 character dectected");
                }
                return v;
            }
        }
    }

    /** Whether the text decodes as standard Base64 and encodes back to itself (no stray bits, no other alphabet). */
    static boolean canonicalBase64(String s) {
        try {
            return Base64.getEncoder()
                    .encodeToString(Base64.getDecoder().decode(s))
                    .equals(s);
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private static String numberKind(JsonNode v) {
        if (v.isIntegralNumber()) {
            return "NUMBER_VALUE";
        }
        BigDecimal d = v.decimalValue();
        return d.stripTrailingZeros().scale() <= 0 ? "NUMBER_VALUE" : "DECIMAL_VALUE";
    }

    private static LabException fail(String message) {
        return LabException.serialization(message);
    }
}
