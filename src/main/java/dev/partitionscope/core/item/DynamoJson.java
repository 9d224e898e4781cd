package dev.partitionscope.core.item;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * DynamoDB's typed JSON ({@code {"S": "x"}}, {@code {"N": "42"}}, {@code {"B": "<base64>"}}, {@code {"SS": [...]}},
 * {@code {"L": [...]}}, {@code {"M": {...}}}, …) to and from {@link AttrValue}: what the AWS CLI takes in
 * {@code --expression-attribute-values} and prints in its {@code Items}. Numbers stay text, binary is base64.
 */
public final class DynamoJson {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private DynamoJson() {}

    /** One value as {@code {"TYPE": ...}}. */
    public static ObjectNode value(AttrValue v) {
        ObjectNode o = F.objectNode();
        if (v instanceof AttrValue.S s) {
            o.put("S", s.value());
        } else if (v instanceof AttrValue.N n) {
            o.put("N", n.text());
        } else if (v instanceof AttrValue.B b) {
            o.put("B", b.base64());
        } else if (v instanceof AttrValue.Bool b) {
            o.put("BOOL", b.value());
        } else if (v instanceof AttrValue.Null) {
            o.put("NULL", true);
        } else if (v instanceof AttrValue.SS s) {
            ArrayNode a = o.putArray("SS");
            s.values().forEach(a::add);
        } else if (v instanceof AttrValue.NS s) {
            ArrayNode a = o.putArray("NS");
            s.values().forEach(n -> a.add(n.text()));
        } else if (v instanceof AttrValue.BS s) {
            ArrayNode a = o.putArray("BS");
            s.values().forEach(b -> a.add(b.base64()));
        } else if (v instanceof AttrValue.L l) {
            ArrayNode a = o.putArray("L");
            l.values().forEach(e -> a.add(value(e)));
        } else {
            o.set("M", values(((AttrValue.M) v).values()));
        }
        return o;
    }

    /** Named values ({@code {":v": {"S": "x"}, …}} or an item), in the map's order. */
    public static ObjectNode values(Map<String, ? extends AttrValue> values) {
        ObjectNode o = F.objectNode();
        values.forEach((k, v) -> o.set(k, value(v)));
        return o;
    }

    /**
     * Writes one value as {@link #value(AttrValue)} would build it, straight to a generator: no tree between the item
     * and the bytes (the Lab's stream answers are a megabyte of images each).
     */
    public static void write(JsonGenerator g, AttrValue v) throws IOException {
        g.writeStartObject();
        if (v instanceof AttrValue.S s) {
            g.writeStringField("S", s.value());
        } else if (v instanceof AttrValue.N n) {
            g.writeStringField("N", n.text());
        } else if (v instanceof AttrValue.B b) {
            g.writeStringField("B", b.base64());
        } else if (v instanceof AttrValue.Bool b) {
            g.writeBooleanField("BOOL", b.value());
        } else if (v instanceof AttrValue.Null) {
            g.writeBooleanField("NULL", true);
        } else if (v instanceof AttrValue.SS s) {
            g.writeArrayFieldStart("SS");
            for (String x : s.values()) {
                g.writeString(x);
            }
            g.writeEndArray();
        } else if (v instanceof AttrValue.NS s) {
            g.writeArrayFieldStart("NS");
            for (AttrValue.N x : s.values()) {
                g.writeString(x.text());
            }
            g.writeEndArray();
        } else if (v instanceof AttrValue.BS s) {
            g.writeArrayFieldStart("BS");
            for (AttrValue.B x : s.values()) {
                g.writeString(x.base64());
            }
            g.writeEndArray();
        } else if (v instanceof AttrValue.L l) {
            g.writeArrayFieldStart("L");
            for (AttrValue x : l.values()) {
                write(g, x);
            }
            g.writeEndArray();
        } else {
            g.writeFieldName("M");
            write(g, ((AttrValue.M) v).values());
        }
        g.writeEndObject();
    }

    /** Writes named values or an item as {@link #values(Map)} would build them. */
    public static void write(JsonGenerator g, Map<String, ? extends AttrValue> values) throws IOException {
        g.writeStartObject();
        for (Map.Entry<String, ? extends AttrValue> e : values.entrySet()) {
            g.writeFieldName(e.getKey());
            write(g, e.getValue());
        }
        g.writeEndObject();
    }

    /**
     * Reads one typed value.
     *
     * @throws IllegalArgumentException when {@code node} is not exactly one known type with a well-formed value
     */
    public static AttrValue value(JsonNode node) {
        if (node == null || !node.isObject() || node.size() != 1) {
            throw new IllegalArgumentException("not a DynamoDB JSON value (one type key): " + node);
        }
        Map.Entry<String, JsonNode> e = node.properties().iterator().next();
        JsonNode v = e.getValue();
        return switch (e.getKey()) {
            case "S" -> AttrValue.s(text(v, e.getKey()));
            case "N" -> AttrValue.N.parse(text(v, e.getKey()));
            case "B" -> AttrValue.B.ofBase64(text(v, e.getKey()));
            case "BOOL" -> {
                if (!v.isBoolean()) {
                    throw new IllegalArgumentException("BOOL takes true or false, not " + v);
                }
                yield v.booleanValue() ? AttrValue.Bool.TRUE : AttrValue.Bool.FALSE;
            }
            case "NULL" -> AttrValue.Null.INSTANCE;
            case "SS" -> new AttrValue.SS(texts(v, e.getKey()));
            case "NS" ->
                new AttrValue.NS(
                        texts(v, e.getKey()).stream().map(AttrValue.N::parse).toList());
            case "BS" ->
                new AttrValue.BS(
                        texts(v, e.getKey()).stream().map(AttrValue.B::ofBase64).toList());
            case "L" -> {
                if (!v.isArray()) {
                    throw new IllegalArgumentException("L takes an array, not " + v);
                }
                List<AttrValue> list = new ArrayList<>();
                v.forEach(x -> list.add(value(x)));
                yield new AttrValue.L(list);
            }
            case "M" -> new AttrValue.M(values(v));
            default -> throw new IllegalArgumentException("unknown DynamoDB type " + e.getKey() + " in " + node);
        };
    }

    /** Reads named values or an item: an object of typed values, in the document's order. */
    public static Map<String, AttrValue> values(JsonNode node) {
        if (node == null || !node.isObject()) {
            throw new IllegalArgumentException("not an object of DynamoDB JSON values: " + node);
        }
        Map<String, AttrValue> out = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> f : node.properties()) {
            out.put(f.getKey(), value(f.getValue()));
        }
        return out;
    }

    private static String text(JsonNode v, String type) {
        if (!v.isTextual()) {
            throw new IllegalArgumentException(type + " takes a string, not " + v);
        }
        return v.textValue();
    }

    private static List<String> texts(JsonNode v, String type) {
        if (!v.isArray()) {
            throw new IllegalArgumentException(type + " takes an array of strings, not " + v);
        }
        List<String> out = new ArrayList<>();
        v.forEach(x -> out.add(text(x, type)));
        return out;
    }
}
