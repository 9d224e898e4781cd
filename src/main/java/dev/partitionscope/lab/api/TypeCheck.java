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
import java.util.Iterator;
import java.util.List;
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
        List<Shape.Member> members = shape.members();
        for (int i = 0; i < members.size(); i++) {
            Shape.Member m = members.get(i);
            JsonNode v = data.get(m.name());
            if (v == null || v.isNull()) {
                continue;
            }
            JsonNode checked = value(m.shape(), v, m.attributeValues());
            if (checked != null) {
                out.set(m.name(), checked);
            }
        }
        return out;
    }

    /**
     * The value read as {@code shape}. {@code attributeValues}: the value holds attribute values only, and when
     * reading changes nothing in it (no conversion, no dropped member, members already in DynamoDB's order) the
     * request's own node is the result, not a copy of it. Every check runs, in the same order, either way.
     */
    private static JsonNode value(Shape shape, JsonNode v, boolean attributeValues) {
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
            Shape.Member element = l.element();
            boolean elementValues = attributeValues || element.attributeValues();
            int n = v.size();
            ArrayNode out = attributeValues ? null : F.arrayNode();
            for (int i = 0; i < n; i++) {
                JsonNode e = v.get(i);
                JsonNode checked = value(element.shape(), e, elementValues);
                JsonNode read = checked == null ? F.nullNode() : checked;
                if (out == null && !same(read, e)) {
                    out = F.arrayNode();
                    for (int j = 0; j < i; j++) {
                        out.add(v.get(j));
                    }
                }
                if (out != null) {
                    out.add(read);
                }
            }
            return out == null ? v : out;
        }
        if (shape instanceof Shape.MapShape m) {
            if (v.isTextual() || v.isBoolean() || v.isNumber()) {
                throw fail(m.parameterized() ? PARAMETERIZED_CAST : "Unexpected field type");
            }
            if (v.isArray()) {
                String valueClass = m.valueClass().contains(".") ? m.valueClass() : MODEL + m.valueClass();
                throw fail("Unrecognized collection type java.util.Map<java.lang.String, " + valueClass + ">");
            }
            Shape.Member value = m.value();
            boolean valueValues = attributeValues || value.attributeValues();
            boolean share = attributeValues && v.isObject();
            ObjectNode out = share ? null : F.objectNode();
            for (Map.Entry<String, JsonNode> e : v.properties()) {
                JsonNode checked = value(value.shape(), e.getValue(), valueValues);
                JsonNode read = checked == null ? F.nullNode() : checked;
                if (out == null && !same(read, e.getValue())) {
                    out = F.objectNode();
                    for (Map.Entry<String, JsonNode> before : v.properties()) {
                        if (before.getKey().equals(e.getKey())) {
                            break;
                        }
                        out.set(before.getKey(), before.getValue());
                    }
                }
                if (out != null) {
                    out.set(e.getKey(), read);
                }
            }
            return out == null ? v : out;
        }
        if (shape instanceof Shape.StructShape s) {
            structure(s.className(), s.field(), v);
            return members(s, v);
        }
        Shape.AttrShape a = (Shape.AttrShape) shape;
        structure("AttributeValue", a.field(), v);
        return attributeValue(v);
    }

    /**
     * An AttributeValue's members, read as {@link #members} reads a structure; the node itself when that changes
     * nothing.
     */
    private static JsonNode attributeValue(JsonNode data) {
        List<Shape.Member> members = ATTRIBUTE_VALUE.members();
        ObjectNode out = null;
        int present = 0;
        for (int i = 0; i < members.size(); i++) {
            Shape.Member m = members.get(i);
            JsonNode v = data.get(m.name());
            if (v == null || v.isNull()) {
                continue;
            }
            JsonNode checked = value(m.shape(), v, true);
            if (out == null && !same(checked, v)) {
                out = copied(members, i, data);
            }
            if (out != null) {
                if (checked != null) {
                    out.set(m.name(), checked);
                }
            } else {
                present++;
            }
        }
        if (out != null) {
            return out;
        }
        if (data.isObject() && present == data.size() && inDeclarationOrder(members, data)) {
            return data;
        }
        return copied(members, members.size(), data);
    }

    /** The first {@code count} members of the structure present in {@code data}, as read (unchanged), in order. */
    private static ObjectNode copied(List<Shape.Member> members, int count, JsonNode data) {
        ObjectNode out = F.objectNode();
        for (int i = 0; i < count; i++) {
            String name = members.get(i).name();
            JsonNode v = data.get(name);
            if (v != null && !v.isNull()) {
                out.set(name, v);
            }
        }
        return out;
    }

    /** Whether reading gave the request's own node (not an equal one: only the same node can be passed on). */
    @SuppressWarnings("ReferenceEquality")
    private static boolean same(JsonNode read, JsonNode given) {
        return read == given;
    }

    /** Whether the object's members (all of them members of the structure) come in the structure's order. */
    private static boolean inDeclarationOrder(List<Shape.Member> members, JsonNode data) {
        if (data.size() < 2) {
            return true;
        }
        int next = 0;
        for (Iterator<String> names = data.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            while (next < members.size() && !members.get(next).name().equals(name)) {
                next++;
            }
            if (next == members.size()) {
                return false;
            }
            next++;
        }
        return true;
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
