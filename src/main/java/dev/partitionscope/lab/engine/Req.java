package dev.partitionscope.lab.engine;

import com.fasterxml.jackson.databind.JsonNode;
import dev.partitionscope.lab.wire.LabException;
import java.util.LinkedHashMap;
import java.util.Map;

/** Reads request fields with DynamoDB's validation wording ("1 validation error detected: …"). */
final class Req {
    private Req() {}

    static String string(JsonNode req, String field, String memberPath) {
        JsonNode v = req.get(field);
        if (v == null || v.isNull()) {
            throw LabException.validation("1 validation error detected: Value null at '" + memberPath
                    + "' failed to satisfy constraint: Member must not be null");
        }
        if (!v.isTextual()) {
            throw LabException.validation("Unexpected value type in payload: '" + memberPath + "' must be a string");
        }
        return v.textValue();
    }

    static String optString(JsonNode req, String field) {
        JsonNode v = req.get(field);
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isTextual()) {
            throw LabException.validation("Unexpected value type in payload: '" + field + "' must be a string");
        }
        return v.textValue();
    }

    static String tableName(JsonNode req) {
        String name = string(req, "TableName", "tableName");
        checkTableName(name, "tableName");
        return name;
    }

    static void checkTableName(String name, String member) {
        if (name.length() < 3 || name.length() > 255) {
            throw LabException.validation("1 validation error detected: Value '" + name + "' at '" + member
                    + "' failed to satisfy constraint: Member must have length "
                    + (name.length() < 3 ? "greater than or equal to 3" : "less than or equal to 255"));
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (!((Character.isLetterOrDigit(c) && c < 128) || c == '_' || c == '-' || c == '.')) {
                throw LabException.validation("1 validation error detected: Value '" + name + "' at '" + member
                        + "' failed to satisfy constraint: Member must satisfy regular expression pattern:"
                        + " [a-zA-Z0-9_.-]+");
            }
        }
    }

    static boolean bool(JsonNode req, String field, boolean dflt) {
        JsonNode v = req.get(field);
        if (v == null || v.isNull()) {
            return dflt;
        }
        if (!v.isBoolean()) {
            throw LabException.validation("Unexpected value type in payload: '" + field + "' must be a boolean");
        }
        return v.booleanValue();
    }

    static Integer optInt(JsonNode req, String field, int min, int max, String member) {
        JsonNode v = req.get(field);
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.canConvertToInt()) {
            throw LabException.validation("Unexpected value type in payload: '" + member + "' must be an integer");
        }
        int i = v.intValue();
        if (i < min) {
            throw LabException.validation("1 validation error detected: Value '" + i + "' at '" + member
                    + "' failed to satisfy constraint: Member must have value greater than or equal to " + min);
        }
        if (i > max) {
            throw LabException.validation("1 validation error detected: Value '" + i + "' at '" + member
                    + "' failed to satisfy constraint: Member must have value less than or equal to " + max);
        }
        return i;
    }

    static Map<String, String> stringMap(JsonNode req, String field) {
        JsonNode v = req.get(field);
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isObject()) {
            throw LabException.validation("Unexpected value type in payload: '" + field + "' must be a map");
        }
        Map<String, String> out = new LinkedHashMap<>();
        v.properties().forEach(e -> {
            if (!e.getValue().isTextual()) {
                throw LabException.validation(
                        "Unexpected value type in payload: '" + field + "' values must be" + " strings");
            }
            out.put(e.getKey(), e.getValue().textValue());
        });
        return out;
    }

    /** One of the allowed enum values, or null when absent. */
    static String optEnum(JsonNode req, String field, String member, String... allowed) {
        String v = optString(req, field);
        if (v == null) {
            return null;
        }
        for (String a : allowed) {
            if (a.equals(v)) {
                return v;
            }
        }
        throw LabException.validation("1 validation error detected: Value '" + v + "' at '" + member
                + "' failed to satisfy constraint: Member must satisfy enum value set: [" + String.join(", ", allowed)
                + "]");
    }
}
