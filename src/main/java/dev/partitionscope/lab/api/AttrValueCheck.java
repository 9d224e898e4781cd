package dev.partitionscope.lab.api;

import com.fasterxml.jackson.databind.JsonNode;
import dev.partitionscope.core.item.AttrValue;
import java.math.BigDecimal;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * DynamoDB's checks of one AttributeValue after it was read: exactly one type, numbers that parse and fit (38
 * significant digits, magnitude 1E-130 .. 1E+126), NULL only as {@code true}, sets non-empty and without duplicates,
 * lists and maps checked element by element. Returns DynamoDB's sentence for the first problem, or null.
 */
final class AttrValueCheck {
    /** A leading "+" is accepted, as DynamoDB accepts it (dynalite does not). */
    private static final Pattern NUMBER = Pattern.compile("[+-]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][+-]?\\d+)?");

    private AttrValueCheck() {}

    /** The first problem of the value, or null when DynamoDB would accept it. */
    static String problem(JsonNode value) {
        if (value == null || !value.isObject() || value.isEmpty()) {
            return "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes";
        }
        for (Map.Entry<String, JsonNode> e : value.properties()) {
            String type = e.getKey();
            JsonNode v = e.getValue();
            String msg =
                    switch (type) {
                        case "N" -> number(v);
                        case "NULL" ->
                            v.isBoolean() && !v.booleanValue()
                                    ? "One or more parameter values were invalid: Null"
                                            + " attribute value types must have the value of true"
                                    : null;
                        case "SS" -> set(v, "string");
                        case "NS" -> numberSet(v);
                        case "BS" ->
                            v.isEmpty()
                                    ? "One or more parameter values were invalid: Binary sets should not be empty"
                                    : hasDuplicate(v)
                                            ? "One or more parameter values were invalid: Input collection "
                                                    + ConstraintCheck.display(v) + "of type BS contains duplicates."
                                            : null;
                        case "M" -> {
                            String inner = null;
                            for (Iterator<JsonNode> values = v.elements(); values.hasNext() && inner == null; ) {
                                inner = problem(values.next());
                            }
                            yield inner;
                        }
                        case "L" -> {
                            String inner = null;
                            for (Iterator<JsonNode> values = v.elements(); values.hasNext() && inner == null; ) {
                                inner = problem(values.next());
                            }
                            yield inner;
                        }
                        default -> null;
                    };
            if (msg != null) {
                return msg;
            }
        }
        if (value.size() > 1) {
            return "Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported"
                    + " datatypes";
        }
        return null;
    }

    /** The first problem among the values of an attribute map (an item, a key), or null. */
    static String mapProblem(JsonNode map) {
        if (map == null) {
            return null;
        }
        for (Iterator<JsonNode> it = map.elements(); it.hasNext(); ) {
            String msg = problem(it.next());
            if (msg != null) {
                return msg;
            }
        }
        return null;
    }

    private static String set(JsonNode v, String kind) {
        if (v.isEmpty()) {
            return "One or more parameter values were invalid: An " + kind + " set  may not be empty";
        }
        if (hasDuplicate(v)) {
            return "One or more parameter values were invalid: Input collection " + ConstraintCheck.display(v)
                    + " contains duplicates.";
        }
        return null;
    }

    private static String numberSet(JsonNode v) {
        if (v.isEmpty()) {
            return "One or more parameter values were invalid: An number set  may not be empty";
        }
        Set<BigDecimal> seen = new HashSet<>();
        boolean duplicate = false;
        for (JsonNode n : v) {
            String msg = number(n);
            if (msg != null) {
                return msg;
            }
            BigDecimal d = AttrValue.N.decimal(n.textValue()); // valid: number(n) said so
            duplicate |= !seen.add(d.signum() == 0 ? BigDecimal.ZERO : d.stripTrailingZeros());
        }
        return duplicate ? "Input collection contains duplicates" : null;
    }

    private static boolean hasDuplicate(JsonNode v) {
        Set<String> seen = new HashSet<>();
        for (JsonNode e : v) {
            if (!seen.add(e.isTextual() ? e.textValue() : e.toString())) {
                return true;
            }
        }
        return false;
    }

    /**
     * Where the digits of a plain whole number ({@code [+-]?\\d+}) begin, or -1 for any other text: most numbers
     * are plain, and need neither the pattern nor a BigDecimal.
     */
    private static int plainIntegerStart(String text) {
        char first = text.charAt(0);
        int start = first == '-' || first == '+' ? 1 : 0;
        if (start == text.length()) {
            return -1;
        }
        for (int i = start; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
        }
        return start;
    }

    /** {@link #number}'s rules for a plain whole number whose digits begin at {@code start}. */
    private static String integerProblem(String text, int start) {
        int first = start;
        while (first < text.length() && text.charAt(first) == '0') {
            first++;
        }
        if (first == text.length()) {
            return null; // zero
        }
        int last = text.length() - 1;
        while (text.charAt(last) == '0') {
            last--;
        }
        // The exponent of the leading digit, and the significant digits once trailing zeros are stripped.
        int exponent = text.length() - first - 1;
        int precision = last - first + 1;
        if (exponent > 125) {
            return AttrValue.N.OVERFLOW;
        }
        if (precision > 38) {
            return "Attempting to store more than 38 significant digits in a Number";
        }
        return null;
    }

    /** DynamoDB's number rules, in its order: present, parseable, not too large, not too small, ≤ 38 digits. */
    static String number(JsonNode v) {
        return number(v == null || v.isNull() ? "" : v.isTextual() ? v.textValue() : v.asText());
    }

    /** {@link #number(JsonNode)} of a number's text. */
    static String number(String text) {
        if (text.isEmpty()) {
            return "The parameter cannot be converted to a numeric value";
        }
        int digits = plainIntegerStart(text);
        if (digits >= 0) {
            return integerProblem(text, digits);
        }
        if (!NUMBER.matcher(text).matches()) {
            return "The parameter cannot be converted to a numeric value: " + text;
        }
        BigDecimal d;
        try {
            d = AttrValue.N.decimal(text); // an exponent beyond BigDecimal's range is DynamoDB's overflow/underflow
        } catch (NumberFormatException e) {
            return e.getMessage();
        }
        if (d.signum() == 0) {
            return null;
        }
        BigDecimal s = d.stripTrailingZeros();
        long exponent = AttrValue.N.magnitude(s);
        if (exponent > 125) {
            return AttrValue.N.OVERFLOW;
        }
        if (exponent < -130) {
            return AttrValue.N.UNDERFLOW;
        }
        if (s.precision() > 38) {
            return "Attempting to store more than 38 significant digits in a Number";
        }
        return null;
    }
}
