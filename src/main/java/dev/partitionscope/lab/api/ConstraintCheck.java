package dev.partitionscope.lab.api;

import com.fasterxml.jackson.databind.JsonNode;
import dev.partitionscope.lab.wire.LabException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The service model's constraints (not null, length, value range, pattern, enum), checked the way DynamoDB's
 * validation layer does: every violation is collected, up to ten, into one
 * {@code com.amazon.coral.validate#ValidationException}: "2 validation errors detected: Value 'x' at 'tableName'
 * failed to satisfy constraint: Member must …; …". Paths name members in lower camel case with list positions counted
 * from 1 ({@code attributeDefinitions.1.member.attributeType}).
 *
 * <p>Two checks come before all others, each alone: a missing required table name and a table name of the wrong
 * length, which DynamoDB's table-level operations report with their own sentences.
 */
final class ConstraintCheck {
    private static final int MAX_ERRORS = 10;
    /** The model's patterns, compiled once: compiling them per request was a tenth of a PutItem's CPU. */
    private static final java.util.concurrent.ConcurrentHashMap<String, Pattern> PATTERNS =
            new java.util.concurrent.ConcurrentHashMap<>();

    private final List<String> errors = new ArrayList<>();

    private ConstraintCheck() {}

    static void request(Shape.StructShape shape, JsonNode data) {
        List<Shape.Member> members = shape.members();
        for (int i = 0; i < members.size(); i++) {
            Shape.Member m = members.get(i);
            if (!m.has(Shape.Constraint.Kind.REQUIRED) && !m.has(Shape.Constraint.Kind.TABLE_NAME)) {
                continue;
            }
            JsonNode v = data.get(m.name());
            if (m.has(Shape.Constraint.Kind.REQUIRED) && v == null) {
                throw LabException.validation(
                        "The parameter '" + m.name() + "' is required but was not present in the" + " request");
            }
            if (m.has(Shape.Constraint.Kind.TABLE_NAME)
                    && v != null
                    && v.isTextual()
                    && (v.textValue().length() < 3 || v.textValue().length() > 255)) {
                throw LabException.validation(
                        m.name() + " must be at least 3 characters long and at most 255" + " characters long");
            }
        }
        ConstraintCheck check = new ConstraintCheck();
        check.members(shape, data, null);
        if (!check.errors.isEmpty()) {
            int n = check.errors.size();
            throw LabException.validation(
                    n + " validation error" + (n > 1 ? "s" : "") + " detected: " + String.join("; ", check.errors));
        }
    }

    /**
     * Where a member is, as the messages spell it ({@code attributeDefinitions.1.member}): built into a string only
     * when an error names it, not for every member of every request.
     */
    private record Path(Path parent, String segment, int position) {
        @Override
        public String toString() {
            String here = segment != null ? segment : Integer.toString(position);
            return parent == null ? here : parent + "." + here;
        }
    }

    private void members(Shape.StructShape shape, JsonNode data, Path parent) {
        List<Shape.Member> members = shape.members();
        for (int i = 0; i < members.size(); i++) {
            Shape.Member m = members.get(i);
            // A member with nothing to check at or below it adds no error, whatever its value.
            if (m.checked()) {
                member(m.pathName(), data.get(m.name()), m, parent, data);
            }
        }
    }

    /** {@code name}: the member's name as paths spell it. */
    private void member(String name, JsonNode value, Shape.Member m, Path parent, JsonNode siblings) {
        JsonNode v = value == null || value.isNull() ? null : value;
        List<Shape.Constraint> constraints = m.constraints();
        for (int ci = 0; ci < constraints.size(); ci++) {
            Shape.Constraint c = constraints.get(ci);
            if (errors.size() >= MAX_ERRORS) {
                return;
            }
            if (c.kind() == Shape.Constraint.Kind.NOT_NULL_UNLESS) {
                if (v == null && (siblings == null || !anyPresent(siblings, (List<?>) c.arg()))) {
                    add(null, parent, name, "Member must not be null");
                }
                continue;
            }
            if (c.kind() != Shape.Constraint.Kind.NOT_NULL && v == null) {
                continue;
            }
            switch (c.kind()) {
                case REQUIRED, TABLE_NAME -> {
                    // checked first, alone (see request)
                }
                case KEYS -> {
                    @SuppressWarnings("unchecked")
                    List<Shape.Constraint> rules = (List<Shape.Constraint>) c.arg();
                    for (Iterator<String> it = v.fieldNames(); it.hasNext(); ) {
                        String key = it.next();
                        if (!allHold(rules, new com.fasterxml.jackson.databind.node.TextNode(key))) {
                            add(v, parent, name, "Map keys must satisfy constraint: [" + joined(rules) + "]");
                        }
                    }
                }
                case VALUES -> {
                    @SuppressWarnings("unchecked")
                    List<Shape.Constraint> rules = (List<Shape.Constraint>) c.arg();
                    for (Map.Entry<String, JsonNode> entry : v.properties()) {
                        if (!allHold(rules, entry.getValue())) {
                            add(v, parent, name, "Map value must satisfy constraint: [" + joined(rules) + "]");
                        }
                    }
                }
                default -> {
                    if (!holds(c, v)) {
                        add(v, parent, name, message(c));
                    }
                }
            }
        }
        if (v == null || errors.size() >= MAX_ERRORS) {
            return;
        }
        Shape shape = m.shape();
        if (shape instanceof Shape.ListShape l && v.isArray()) {
            Path here = new Path(parent, name, 0);
            Shape.Member element = l.element();
            for (int i = 0; i < v.size(); i++) {
                element(v.get(i), element, here, null, i + 1);
            }
        } else if (shape instanceof Shape.MapShape map && v.isObject()) {
            Path here = new Path(parent, name, 0);
            Shape.Member element = map.value();
            for (Map.Entry<String, JsonNode> e : v.properties()) {
                element(e.getValue(), element, here, e.getKey(), 0);
            }
        } else if (shape instanceof Shape.StructShape s && v.isObject()) {
            members(s, v, new Path(parent, name, 0));
        }
    }

    /**
     * A list element ({@code key} null, at {@code position}) or map value: never null (a JSON null there is no value
     * at all), then its own checks.
     */
    private void element(JsonNode value, Shape.Member m, Path container, String key, int position) {
        if (value == null || value.isNull()) {
            if (errors.size() < MAX_ERRORS) {
                add(null, new Path(container, key, position), "member", "Member must not be null");
            }
            return;
        }
        if (m.checked()) {
            member("member", value, m, new Path(container, key, position), null);
        }
    }

    private static boolean anyPresent(JsonNode siblings, List<?> names) {
        for (int i = 0; i < names.size(); i++) {
            if (siblings.has((String) names.get(i))) {
                return true;
            }
        }
        return false;
    }

    private static boolean allHold(List<Shape.Constraint> rules, JsonNode v) {
        for (Shape.Constraint c : rules) {
            if (!holds(c, v)) {
                return false;
            }
        }
        return true;
    }

    private static String joined(List<Shape.Constraint> rules) {
        List<String> parts = new ArrayList<>();
        for (Shape.Constraint c : rules) {
            parts.add(message(c));
        }
        return String.join(", ", parts);
    }

    private static boolean holds(Shape.Constraint c, JsonNode v) {
        return switch (c.kind()) {
            case NOT_NULL -> v != null;
            case PATTERN ->
                Members.NAME_PATTERN.equals(c.arg())
                        ? isName(text(v))
                        : PATTERNS.computeIfAbsent((String) c.arg(), Pattern::compile)
                                .matcher(text(v))
                                .matches();
            case MIN_LENGTH -> length(v) >= (Long) c.arg();
            case MAX_LENGTH -> length(v) <= (Long) c.arg();
            case MIN -> !v.isNumber() || v.decimalValue().compareTo(BigDecimal.valueOf((Long) c.arg())) >= 0;
            case MAX -> !v.isNumber() || v.decimalValue().compareTo(BigDecimal.valueOf((Long) c.arg())) <= 0;
            case ENUM -> ((List<?>) c.arg()).contains(text(v));
            default -> true;
        };
    }

    /**
     * {@link Members#NAME_PATTERN} ({@code [a-zA-Z0-9_.-]+}, every table and index name of every request) without a
     * Matcher: a Matcher's arrays were a twentieth of the bytes a PutItem allocates.
     */
    static boolean isName(String text) {
        if (text.isEmpty()) {
            return false;
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean allowed = (c >= 'a' && c <= 'z')
                    || (c >= 'A' && c <= 'Z')
                    || (c >= '0' && c <= '9')
                    || c == '_'
                    || c == '.'
                    || c == '-';
            if (!allowed) {
                return false;
            }
        }
        return true;
    }

    private static String message(Shape.Constraint c) {
        return switch (c.kind()) {
            case NOT_NULL -> "Member must not be null";
            case PATTERN -> "Member must satisfy regular expression pattern: " + c.arg();
            case MIN_LENGTH -> "Member must have length greater than or equal to " + c.arg();
            case MAX_LENGTH -> "Member must have length less than or equal to " + c.arg();
            case MIN -> "Member must have value greater than or equal to " + c.arg();
            case MAX -> "Member must have value less than or equal to " + c.arg();
            case ENUM ->
                "Member must satisfy enum value set: ["
                        + String.join(
                                ", ",
                                ((List<?>) c.arg())
                                        .stream().map(Object::toString).toList()) + "]";
            default -> throw new IllegalArgumentException(c.kind().name());
        };
    }

    private static String text(JsonNode v) {
        return v.isTextual() ? v.textValue() : v.toString();
    }

    private static long length(JsonNode v) {
        if (v.isTextual()) {
            return v.textValue().length();
        }
        return v.size();
    }

    private void add(JsonNode v, Path parent, String name, String constraint) {
        String value = v == null ? "null" : "'" + display(v) + "'";
        String path = parent == null ? name : parent + "." + name;
        errors.add("Value " + value + " at '" + path + "' failed to satisfy constraint: " + constraint);
    }

    /** How DynamoDB prints a value in these messages: text as is, lists as [a, b], structures as JSON. */
    static String display(JsonNode v) {
        if (v == null || v.isNull()) {
            return "null";
        }
        if (v.isTextual()) {
            return v.textValue();
        }
        if (v.isArray()) {
            List<String> parts = new ArrayList<>();
            v.forEach(e -> parts.add(display(e)));
            return "[" + String.join(", ", parts) + "]";
        }
        if (v.isNumber()) {
            return number(v);
        }
        return v.toString();
    }

    private static String number(JsonNode v) {
        if (v.isIntegralNumber()) {
            return v.bigIntegerValue().toString();
        }
        BigDecimal d = v.decimalValue().stripTrailingZeros();
        return d.scale() <= 0 ? d.toBigInteger().toString() : d.toPlainString();
    }
}
