package dev.partitionscope.lab.expr;

import dev.partitionscope.core.item.AttrValue;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The ExpressionAttributeNames and ExpressionAttributeValues of one request. All expressions of the request
 * (for a Query: key condition, filter and projection) are parsed against the same context, because DynamoDB rejects
 * a placeholder that none of them uses; call {@link #checkAllUsed()} after parsing the last one.
 *
 * <p>Not thread-safe: one instance per request.
 */
public final class ExpressionContext {
    private final Map<String, String> names;
    private final Map<String, AttrValue> values;
    private final Set<String> usedNames = new HashSet<>();
    private final Set<String> usedValues = new HashSet<>();

    private ExpressionContext(Map<String, String> names, Map<String, AttrValue> values) {
        this.names = names;
        this.values = values;
    }

    /**
     * A context for a request. Pass {@code null} for a map the request did not contain: an empty map is what
     * DynamoDB rejects ("ExpressionAttributeNames must not be empty"), as it rejects malformed placeholders.
     * Iteration order of the maps is kept for the "unused" messages, so pass them in request order.
     */
    public static ExpressionContext of(Map<String, String> names, Map<String, AttrValue> values) {
        if (names != null) {
            checkKeys(names.keySet(), '#', "ExpressionAttributeNames");
        }
        if (values != null) {
            checkKeys(values.keySet(), ':', "ExpressionAttributeValues");
        }
        return new ExpressionContext(names == null ? Map.of() : names, values == null ? Map.of() : values);
    }

    /** A context for a request without placeholders. */
    public static ExpressionContext empty() {
        return new ExpressionContext(Map.of(), Map.of());
    }

    private static void checkKeys(Set<String> keys, char prefix, String parameter) {
        if (keys.isEmpty()) {
            throw new ExpressionException(parameter + " must not be empty");
        }
        for (String key : keys) {
            if (!isPlaceholder(key, prefix)) {
                throw new ExpressionException(parameter + " contains invalid key: Syntax error; key: \"" + key + "\"");
            }
        }
    }

    private static boolean isPlaceholder(String key, char prefix) {
        if (key == null || key.length() < 2 || key.charAt(0) != prefix) {
            return false;
        }
        for (int i = 1; i < key.length(); i++) {
            if (!Lexer.isIdentifierPart(key.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /** The attribute name behind {@code #placeholder}, marking it used; {@code null} when undefined. */
    String name(String placeholder) {
        String name = names.get(placeholder);
        if (name != null) {
            usedNames.add(placeholder);
        }
        return name;
    }

    /** The value behind {@code :placeholder}, marking it used; {@code null} when undefined. */
    AttrValue value(String placeholder) {
        AttrValue value = values.get(placeholder);
        if (value != null) {
            usedValues.add(placeholder);
        }
        return value;
    }

    /** Placeholders no parsed expression referred to, in request order. */
    public List<String> unusedNames() {
        return unused(names.keySet(), usedNames);
    }

    public List<String> unusedValues() {
        return unused(values.keySet(), usedValues);
    }

    private static List<String> unused(Set<String> all, Set<String> used) {
        if (used.size() == all.size()) {
            return Collections.emptyList();
        }
        List<String> unused = new ArrayList<>();
        for (String key : all) {
            if (!used.contains(key)) {
                unused.add(key);
            }
        }
        return Collections.unmodifiableList(unused);
    }

    /**
     * Throws DynamoDB's error when a name or value placeholder was never used (names are reported first, as
     * DynamoDB does). Call once, after every expression of the request has been parsed.
     */
    public void checkAllUsed() {
        List<String> names = unusedNames();
        if (!names.isEmpty()) {
            throw new ExpressionException("Value provided in ExpressionAttributeNames unused in expressions: keys: {"
                    + String.join(", ", names) + "}");
        }
        List<String> values = unusedValues();
        if (!values.isEmpty()) {
            throw new ExpressionException("Value provided in ExpressionAttributeValues unused in expressions: keys: {"
                    + String.join(", ", values) + "}");
        }
    }
}
