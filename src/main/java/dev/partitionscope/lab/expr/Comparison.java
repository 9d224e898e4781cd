package dev.partitionscope.lab.expr;

import dev.partitionscope.core.item.AttrValue;
import java.util.List;
import java.util.Map;

/**
 * One condition of DynamoDB's legacy parameters ({@code Expected}, {@code QueryFilter}, {@code ScanFilter},
 * {@code KeyConditions}): an attribute, a ComparisonOperator and its AttributeValueList. A key condition expression is
 * reduced to the same form ({@code sk > :v} is {@code GT [v]} on sk), as DynamoDB does internally.
 *
 * <p>Evaluation follows the legacy rules: values of another type never match, {@code NE} and {@code NOT_CONTAINS}
 * hold for a missing attribute, {@code NULL}/{@code NOT_NULL} test presence.
 */
public record Comparison(String attribute, Operator operator, List<AttrValue> values) {

    /** The thirteen ComparisonOperators. */
    public enum Operator {
        EQ,
        NE,
        LE,
        LT,
        GE,
        GT,
        NOT_NULL,
        NULL,
        CONTAINS,
        NOT_CONTAINS,
        BEGINS_WITH,
        IN,
        BETWEEN
    }

    public Comparison {
        values = List.copyOf(values);
    }

    /** Whether the item (empty when there is none) satisfies this condition. */
    public boolean test(Map<String, AttrValue> item) {
        return holds(item.get(attribute));
    }

    /** Whether an attribute value ({@code null} when absent) satisfies this condition. */
    public boolean holds(AttrValue v) {
        AttrValue first = values.isEmpty() ? null : values.get(0);
        return switch (operator) {
            case EQ -> Values.equal(v, first);
            case NE -> !Values.equal(v, first);
            case LE -> Values.ordered(v, first) && Values.compare(v, first) <= 0;
            case LT -> Values.ordered(v, first) && Values.compare(v, first) < 0;
            case GE -> Values.ordered(v, first) && Values.compare(v, first) >= 0;
            case GT -> Values.ordered(v, first) && Values.compare(v, first) > 0;
            case NOT_NULL -> v != null;
            case NULL -> v == null;
            case CONTAINS -> Values.contains(v, first);
            case NOT_CONTAINS -> !Values.contains(v, first);
            case BEGINS_WITH -> Values.beginsWith(v, first);
            case IN -> v != null && values.stream().anyMatch(x -> Values.equal(v, x));
            case BETWEEN ->
                Values.ordered(v, first)
                        && Values.ordered(v, values.get(1))
                        && Values.compare(v, first) >= 0
                        && Values.compare(v, values.get(1)) <= 0;
        };
    }

    /** Whether a Query can use this operator on a key attribute. */
    public boolean indexable() {
        return switch (operator) {
            case EQ, LE, LT, GE, GT, BEGINS_WITH, BETWEEN -> true;
            default -> false;
        };
    }

    /** The sort-key range this (indexable) condition describes. */
    public SortKeyCondition toSortKeyCondition() {
        SortKeyCondition.Operator op =
                switch (operator) {
                    case EQ -> SortKeyCondition.Operator.EQ;
                    case LE -> SortKeyCondition.Operator.LE;
                    case LT -> SortKeyCondition.Operator.LT;
                    case GE -> SortKeyCondition.Operator.GE;
                    case GT -> SortKeyCondition.Operator.GT;
                    case BEGINS_WITH -> SortKeyCondition.Operator.BEGINS_WITH;
                    case BETWEEN -> SortKeyCondition.Operator.BETWEEN;
                    default -> throw new IllegalStateException(operator + " is not indexable");
                };
        return new SortKeyCondition(attribute, op, values);
    }

    /**
     * Several conditions joined by a ConditionalOperator ({@code AND} unless {@code or}); an empty list always holds.
     */
    public static boolean all(List<Comparison> conditions, boolean or, Map<String, AttrValue> item) {
        if (conditions.isEmpty()) {
            return true;
        }
        for (Comparison c : conditions) {
            boolean ok = c.test(item);
            if (or && ok) {
                return true;
            }
            if (!or && !ok) {
                return false;
            }
        }
        return !or;
    }
}
