package dev.partitionscope.lab.expr;

import dev.partitionscope.core.item.AttrValue;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A parsed ConditionExpression (PutItem, UpdateItem, DeleteItem, transactions) or FilterExpression (Query, Scan).
 * Parsing validates everything DynamoDB validates before touching data, so a bad expression fails the request even
 * when no item is read; {@link #test} then evaluates it against an item (a missing item is an empty map).
 *
 * <p>Immutable and thread-safe once parsed.
 */
public final class Condition {
    private final CondNode root;
    private final Set<String> topLevelNames;
    private final Set<String> nestedNames;

    private Condition(CondNode root, Set<String> topLevelNames, Set<String> nestedNames) {
        this.root = root;
        this.topLevelNames = Collections.unmodifiableSet(topLevelNames);
        this.nestedNames = Collections.unmodifiableSet(nestedNames);
    }

    /** Parses a ConditionExpression; errors read "Invalid ConditionExpression: …". */
    public static Condition parseCondition(String expression, ExpressionContext ctx) {
        return parse(expression, ctx, "ConditionExpression");
    }

    /** Parses a FilterExpression; errors read "Invalid FilterExpression: …". */
    public static Condition parseFilter(String expression, ExpressionContext ctx) {
        return parse(expression, ctx, "FilterExpression");
    }

    private static Condition parse(String expression, ExpressionContext ctx, String parameter) {
        Objects.requireNonNull(expression, "expression");
        ConditionParser parser = ConditionParser.parse(expression, ctx, parameter);
        return new Condition(parser.root, parser.pathHeads, parser.nestedHeads);
    }

    /** Whether the item satisfies the condition; pass an empty map for an item that does not exist. */
    public boolean test(Map<String, AttrValue> item) {
        return root.test(item);
    }

    /**
     * Top-level attribute names the condition reads, in order of appearance. The engine needs them to refuse a
     * Query filter on key attributes ("Filter Expression can only contain non-primary key attributes").
     */
    public Set<String> topLevelNames() {
        return topLevelNames;
    }

    /** Top-level names of paths that reach inside a value ({@code a.b}, {@code a[0]}). */
    public Set<String> nestedNames() {
        return nestedNames;
    }
}
