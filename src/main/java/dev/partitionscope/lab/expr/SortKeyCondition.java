package dev.partitionscope.lab.expr;

import dev.partitionscope.core.item.AttrValue;
import java.util.List;

/**
 * The sort-key part of a Query's key condition, in a form the engine can turn into a range over a sorted partition:
 * bounds with inclusive flags (for {@code =}, {@code <}, {@code <=}, {@code >}, {@code >=}, {@code BETWEEN}) or a
 * prefix (for {@code begins_with}). Values are ordered by DynamoDB's key order (UTF-8 bytes, numbers by value,
 * unsigned bytes), so a range scan can stop at the first value {@link #isAboveRange above} the range.
 */
public final class SortKeyCondition {
    public enum Operator {
        EQ,
        LT,
        LE,
        GT,
        GE,
        BETWEEN,
        BEGINS_WITH
    }

    private final String attributeName;
    private final Operator operator;
    private final List<AttrValue> values;

    SortKeyCondition(String attributeName, Operator operator, List<AttrValue> values) {
        this.attributeName = attributeName;
        this.operator = operator;
        this.values = List.copyOf(values);
    }

    public String attributeName() {
        return attributeName;
    }

    public Operator operator() {
        return operator;
    }

    /** The operand values: one, or two for BETWEEN (lower, upper). */
    public List<AttrValue> values() {
        return values;
    }

    /** Smallest sort key that can match, or {@code null} when unbounded below ({@code <}, {@code <=}). */
    public AttrValue lower() {
        return switch (operator) {
            case LT, LE -> null;
            default -> values.get(0);
        };
    }

    /** False only for {@code >}: the lower bound itself does not match. */
    public boolean lowerInclusive() {
        return operator != Operator.GT;
    }

    /** Largest sort key that can match, or {@code null} when unbounded above ({@code >}, {@code >=}, prefix). */
    public AttrValue upper() {
        return switch (operator) {
            case EQ, LT, LE -> values.get(0);
            case BETWEEN -> values.get(1);
            default -> null;
        };
    }

    /** False only for {@code <}: the upper bound itself does not match. */
    public boolean upperInclusive() {
        return operator != Operator.LT;
    }

    /** The prefix of {@code begins_with}, or {@code null} for the other operators. */
    public AttrValue prefix() {
        return operator == Operator.BEGINS_WITH ? values.get(0) : null;
    }

    /** Whether a sort key value satisfies the condition. */
    public boolean matches(AttrValue sortKey) {
        if (!Values.ordered(sortKey, values.get(0))) {
            return false;
        }
        if (operator == Operator.BEGINS_WITH) {
            return Values.beginsWith(sortKey, values.get(0));
        }
        return !isBelowRange(sortKey) && !isAboveRange(sortKey);
    }

    /**
     * Whether the value sorts after every matching value, so an ascending scan can stop. For a prefix, the
     * matching values are contiguous in key order and start at the prefix itself.
     */
    public boolean isAboveRange(AttrValue sortKey) {
        if (operator == Operator.BEGINS_WITH) {
            AttrValue prefix = values.get(0);
            return Values.compare(sortKey, prefix) > 0 && !Values.beginsWith(sortKey, prefix);
        }
        AttrValue upper = upper();
        if (upper == null) {
            return false;
        }
        int c = Values.compare(sortKey, upper);
        return c > 0 || (c == 0 && !upperInclusive());
    }

    /** Whether the value sorts before every matching value, so a descending scan can stop. */
    public boolean isBelowRange(AttrValue sortKey) {
        AttrValue lower = lower();
        if (lower == null) {
            return false;
        }
        int c = Values.compare(sortKey, lower);
        return c < 0 || (c == 0 && !lowerInclusive());
    }

    @Override
    public String toString() {
        return attributeName + " " + operator + " " + values;
    }
}
