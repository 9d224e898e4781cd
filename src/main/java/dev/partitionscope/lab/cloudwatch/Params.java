package dev.partitionscope.lab.cloudwatch;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads members of a CloudWatch request tree (parsed from CBOR or JSON alike). A member of the wrong type is a
 * SerializationException, as with AWS's protocol layer; absent and null members read as null.
 */
final class Params {
    private Params() {}

    static JsonNode member(JsonNode parent, String name) {
        JsonNode n = parent == null ? null : parent.get(name);
        return n == null || n.isNull() || n.isMissingNode() ? null : n;
    }

    static String string(JsonNode parent, String name) {
        JsonNode n = member(parent, name);
        if (n == null) {
            return null;
        }
        if (!n.isTextual()) {
            throw CloudWatchError.serialization("Expected a string for " + name);
        }
        return n.asText();
    }

    static String requiredString(JsonNode parent, String name, String parameter) {
        String s = string(parent, name);
        if (s == null) {
            throw CloudWatchError.missingParameter(parameter);
        }
        return s;
    }

    static Long integer(JsonNode parent, String name) {
        JsonNode n = member(parent, name);
        if (n == null) {
            return null;
        }
        if (!n.isNumber() || (n.isFloatingPointNumber() && n.doubleValue() != Math.rint(n.doubleValue()))) {
            throw CloudWatchError.serialization("Expected an integer for " + name);
        }
        if (!n.canConvertToLong()) {
            throw CloudWatchError.serialization("Integer out of range for " + name);
        }
        return n.longValue();
    }

    static Boolean bool(JsonNode parent, String name) {
        JsonNode n = member(parent, name);
        if (n == null) {
            return null;
        }
        if (!n.isBoolean()) {
            throw CloudWatchError.serialization("Expected a boolean for " + name);
        }
        return n.booleanValue();
    }

    static List<JsonNode> list(JsonNode parent, String name) {
        JsonNode n = member(parent, name);
        if (n == null) {
            return null;
        }
        if (!n.isArray()) {
            throw CloudWatchError.serialization("Expected a list for " + name);
        }
        List<JsonNode> out = new ArrayList<>();
        n.forEach(out::add);
        return out;
    }

    static List<String> strings(JsonNode parent, String name) {
        List<JsonNode> nodes = list(parent, name);
        if (nodes == null) {
            return null;
        }
        List<String> out = new ArrayList<>();
        for (JsonNode n : nodes) {
            if (!n.isTextual()) {
                throw CloudWatchError.serialization("Expected strings in " + name);
            }
            out.add(n.asText());
        }
        return out;
    }

    static JsonNode structure(JsonNode parent, String name) {
        JsonNode n = member(parent, name);
        if (n != null && !n.isObject()) {
            throw CloudWatchError.serialization("Expected a structure for " + name);
        }
        return n;
    }

    /**
     * A timestamp in epoch milliseconds: epoch seconds as a number (CBOR's tag 1 is read as its number; JSON 1.0
     * sends a number), or an ISO-8601 / numeric string, which some clients send.
     */
    static Long timestamp(JsonNode parent, String name) {
        JsonNode n = member(parent, name);
        if (n == null) {
            return null;
        }
        if (n.isNumber()) {
            return seconds(n.decimalValue(), name);
        }
        if (n.isTextual()) {
            String s = n.asText().trim();
            try {
                return seconds(new BigDecimal(s), name);
            } catch (NumberFormatException ignored) {
                // an ISO-8601 date
            }
            try {
                return OffsetDateTime.parse(s).toInstant().toEpochMilli();
            } catch (DateTimeParseException ignored) {
                // try without an offset
            }
            try {
                return Instant.parse(s.endsWith("Z") ? s : s + "Z").toEpochMilli();
            } catch (DateTimeParseException e) {
                throw CloudWatchError.serialization("Unable to parse timestamp for " + name + ": " + s);
            }
        }
        throw CloudWatchError.serialization("Expected a timestamp for " + name);
    }

    static long requiredTimestamp(JsonNode parent, String name) {
        Long t = timestamp(parent, name);
        if (t == null) {
            throw CloudWatchError.missingParameter(name);
        }
        return t;
    }

    private static long seconds(BigDecimal seconds, String name) {
        BigDecimal millis = seconds.movePointRight(3);
        if (millis.abs().compareTo(BigDecimal.valueOf(253_402_300_800_000L)) > 0) {
            throw CloudWatchError.serialization("Timestamp out of range for " + name);
        }
        return millis.setScale(0, java.math.RoundingMode.HALF_UP).longValueExact();
    }
}
