package dev.partitionscope.lab.cloudwatch;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reads CloudWatch dimension lists ({@code [{Name, Value}]}, at most 30) into a name → value map. */
final class Dimensions {
    static final int MAX = 30;

    private Dimensions() {}

    /** The dimensions of {@code parent.Dimensions}; problems are added to {@code errors} as AWS words them. */
    static Map<String, String> read(JsonNode parent, String at, List<String> errors) {
        List<JsonNode> list = Params.list(parent, "Dimensions");
        Map<String, String> out = new LinkedHashMap<>();
        String base = at.isEmpty() ? "Dimensions" : at + ".Dimensions";
        if (list == null) {
            return out;
        }
        if (list.size() > MAX) {
            errors.add("The collection " + base + " must not have a size greater than " + MAX + ".");
            return out;
        }
        for (int i = 0; i < list.size(); i++) {
            JsonNode d = list.get(i);
            String where = base + ".member." + (i + 1);
            if (!d.isObject()) {
                throw CloudWatchError.serialization("Expected a structure for " + where);
            }
            String name = Params.string(d, "Name");
            String value = Params.string(d, "Value");
            if (name == null) {
                errors.add("The parameter " + where + ".Name is required.");
            } else if (value == null) {
                errors.add("The parameter " + where + ".Value is required.");
            } else if (out.put(name, value) != null) {
                errors.add("The value " + name + " for parameter " + where + ".Name is already used.");
            }
        }
        return out;
    }
}
