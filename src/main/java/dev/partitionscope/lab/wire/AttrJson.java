package dev.partitionscope.lab.wire;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.item.DynamoJson;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * DynamoDB's JSON form of attribute values ({@code {"S":"x"}}, {@code {"N":"1"}}, …) to and from {@link AttrValue},
 * with DynamoDB's validation messages for malformed values.
 */
public final class AttrJson {
    /** DynamoDB supports lists and maps nested up to 32 levels deep. */
    public static final int MAX_NESTING = 32;

    private AttrJson() {}

    public static Map<String, AttrValue> item(JsonNode node, String what) {
        return item(node, what, 0);
    }

    /** {@code depth}: how many lists and maps enclose the values of this map. */
    private static Map<String, AttrValue> item(JsonNode node, String what, int depth) {
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isObject()) {
            throw LabException.validation("1 validation error detected: Value at '" + what
                    + "' failed to satisfy constraint: Member must be a map");
        }
        // Sized to the item (a default map's 16 slots for 3 attributes): one per request item, and per nested map.
        Map<String, AttrValue> item = new LinkedHashMap<>(capacityFor(node.size()));
        for (Map.Entry<String, JsonNode> f : node.properties()) {
            item.put(f.getKey(), value(f.getValue(), depth));
        }
        return item;
    }

    public static AttrValue value(JsonNode node) {
        return value(node, 0);
    }

    /** A hash map's initial capacity that holds {@code entries} without growing (load factor 0.75). */
    static int capacityFor(int entries) {
        return (int) ((entries * 4L + 2) / 3); // ceil(entries / 0.75)
    }

    private static AttrValue value(JsonNode node, int depth) {
        if (node == null || !node.isObject() || node.size() == 0) {
            throw LabException.validation(
                    "Supplied AttributeValue is empty, must contain exactly one of the supported" + " datatypes");
        }
        if (node.size() > 1) {
            throw LabException.validation("Supplied AttributeValue has more than one datatypes set, must contain"
                    + " exactly one of the supported datatypes");
        }
        Map.Entry<String, JsonNode> e = node.properties().iterator().next();
        JsonNode v = e.getValue();
        try {
            return switch (e.getKey()) {
                case "S" -> new AttrValue.S(text(v));
                case "N" -> AttrValue.N.parse(text(v));
                case "B" -> binary(v);
                case "BOOL" -> {
                    if (!v.isBoolean()) {
                        throw invalidType("BOOL");
                    }
                    yield v.booleanValue() ? AttrValue.Bool.TRUE : AttrValue.Bool.FALSE;
                }
                case "NULL" -> {
                    if (!v.isBoolean() || !v.booleanValue()) {
                        throw LabException.validation("One or more parameter values were invalid: Null attribute value"
                                + " types must have the value of true");
                    }
                    yield AttrValue.Null.INSTANCE;
                }
                case "SS" -> new AttrValue.SS(stringSet(v, "SS"));
                case "NS" -> {
                    List<AttrValue.N> ns = new ArrayList<>();
                    for (String s : stringSet(v, "NS")) {
                        ns.add(AttrValue.N.parse(s));
                    }
                    if (new HashSet<>(ns).size() != ns.size()) {
                        throw LabException.validation("Input collection contains duplicates");
                    }
                    yield new AttrValue.NS(ns);
                }
                case "BS" -> {
                    List<AttrValue.B> bs = new ArrayList<>();
                    for (JsonNode b : array(v, "BS")) {
                        bs.add(binary(b));
                    }
                    if (bs.isEmpty()) {
                        throw LabException.validation(
                                "One or more parameter values were invalid: Binary sets should" + " not be empty");
                    }
                    if (new HashSet<>(bs).size() != bs.size()) {
                        throw LabException.validation("One or more parameter values were invalid: Input collection"
                                + " contains duplicates.");
                    }
                    yield new AttrValue.BS(bs);
                }
                case "L" -> {
                    checkNesting(depth);
                    List<AttrValue> list = new ArrayList<>();
                    for (JsonNode x : array(v, "L")) {
                        list.add(value(x, depth + 1));
                    }
                    yield new AttrValue.L(list);
                }
                case "M" -> {
                    if (!v.isObject()) {
                        throw invalidType("M");
                    }
                    checkNesting(depth);
                    yield new AttrValue.M(item(v, "M", depth + 1));
                }
                default ->
                    throw LabException.validation("Supplied AttributeValue has an unknown datatype: " + e.getKey());
            };
        } catch (NumberFormatException bad) {
            throw LabException.validation(bad.getMessage());
        }
    }

    /** A list or map enclosed by {@code depth} others: the 33rd level of nesting is refused, as by DynamoDB. */
    private static void checkNesting(int depth) {
        if (depth >= MAX_NESTING) {
            throw LabException.validation("Nesting Levels have exceeded supported limits");
        }
    }

    private static List<String> stringSet(JsonNode v, String type) {
        List<String> out = new ArrayList<>();
        for (JsonNode x : array(v, type)) {
            out.add(text(x));
        }
        if (out.isEmpty()) {
            throw LabException.validation("One or more parameter values were invalid: An "
                    + (type.equals("SS") ? "string" : "number") + " set  may not be empty");
        }
        if (type.equals("SS") && new HashSet<>(out).size() != out.size()) {
            throw LabException.validation(
                    "One or more parameter values were invalid: Input collection " + out + " contains duplicates.");
        }
        return out;
    }

    private static Iterable<JsonNode> array(JsonNode v, String type) {
        if (!v.isArray()) {
            throw invalidType(type);
        }
        return v;
    }

    private static String text(JsonNode v) {
        if (!v.isTextual()) {
            throw LabException.validation("Start of structure or map found where not expected");
        }
        return v.textValue();
    }

    private static AttrValue.B binary(JsonNode v) {
        if (!v.isTextual()) {
            throw invalidType("B");
        }
        try {
            return new AttrValue.B(Base64.getDecoder().decode(v.textValue()));
        } catch (IllegalArgumentException e) {
            throw LabException.validation("Invalid base64 in binary attribute value");
        }
    }

    private static LabException invalidType(String type) {
        return LabException.validation(
                "Supplied AttributeValue of type " + type + " has a value of the wrong JSON" + " type");
    }

    // Writing

    /** An item in DynamoDB's JSON form: the one writer {@link DynamoJson} (the console's CLI rendering uses it too). */
    public static ObjectNode toJson(Map<String, AttrValue> item) {
        return DynamoJson.values(item);
    }

    /** One value in DynamoDB's JSON form ({@link DynamoJson#value(AttrValue)}). */
    public static ObjectNode toJson(AttrValue v) {
        return DynamoJson.value(v);
    }

    /** Contributor Insights and the meter show keys as plain strings (numbers in canonical text, binary base64). */
    public static String keyString(AttrValue v) {
        return switch (v.type()) {
            case S -> ((AttrValue.S) v).value();
            case N -> ((AttrValue.N) v).text();
            case B -> ((AttrValue.B) v).base64();
            default -> v.toString();
        };
    }

    static Set<String> names(JsonNode o) {
        Set<String> names = new java.util.LinkedHashSet<>();
        o.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
