package dev.partitionscope.core.scatter;

import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.item.KeyOrder;
import dev.partitionscope.core.table.KeyType;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A sort-key condition of a Query: one of the seven operators DynamoDB allows in a KeyConditionExpression on the
 * sort key. Rendered with placeholders ({@code #sk}, {@code :sk1}, {@code :sk2}) so attribute names never clash with
 * reserved words.
 */
public record SortCondition(Op op, AttrValue value, AttrValue upper) {
    public enum Op {
        EQ("="),
        LT("<"),
        LE("<="),
        GT(">"),
        GE(">="),
        BETWEEN("between"),
        BEGINS_WITH("begins_with");

        private final String symbol;

        Op(String symbol) {
            this.symbol = symbol;
        }

        public String symbol() {
            return symbol;
        }
    }

    public static final String NAME = "#sk";
    public static final String VALUE = ":sk1";
    public static final String UPPER = ":sk2";

    public SortCondition {
        Objects.requireNonNull(op);
        Objects.requireNonNull(value);
        if (op == Op.BETWEEN) {
            Objects.requireNonNull(upper, "between needs an upper bound");
            if (KeyOrder.INSTANCE.compare(value, upper) > 0) {
                throw new IllegalArgumentException("between: the lower bound is above the upper bound");
            }
        } else if (upper != null) {
            throw new IllegalArgumentException(op.symbol() + " takes one value");
        }
        if (op == Op.BEGINS_WITH && value.type() == AttrValue.Type.N) {
            throw new IllegalArgumentException("begins_with needs a string or binary sort key, not a number");
        }
    }

    public static SortCondition of(Op op, AttrValue value) {
        return new SortCondition(op, value, null);
    }

    public static SortCondition between(AttrValue lower, AttrValue upper) {
        return new SortCondition(Op.BETWEEN, lower, upper);
    }

    /** The KeyConditionExpression fragment, e.g. {@code #sk BETWEEN :sk1 AND :sk2} or {@code begins_with(#sk, :sk1)}. */
    public String expression() {
        return switch (op) {
            case BETWEEN -> NAME + " BETWEEN " + VALUE + " AND " + UPPER;
            case BEGINS_WITH -> "begins_with(" + NAME + ", " + VALUE + ")";
            default -> NAME + " " + op.symbol() + " " + VALUE;
        };
    }

    /** The placeholder values the fragment uses. */
    public Map<String, AttrValue> values() {
        Map<String, AttrValue> m = new LinkedHashMap<>();
        m.put(VALUE, value);
        if (upper != null) {
            m.put(UPPER, upper);
        }
        return m;
    }

    /** Whether a sort-key value satisfies the condition (what DynamoDB would return), for checks and tests. */
    public boolean test(AttrValue v) {
        if (v == null || v.type() != value.type()) {
            return false;
        }
        int c = KeyOrder.INSTANCE.compare(v, value);
        return switch (op) {
            case EQ -> c == 0;
            case LT -> c < 0;
            case LE -> c <= 0;
            case GT -> c > 0;
            case GE -> c >= 0;
            case BETWEEN -> c >= 0 && KeyOrder.INSTANCE.compare(v, upper) <= 0;
            case BEGINS_WITH ->
                v instanceof AttrValue.S s
                        ? s.value().startsWith(((AttrValue.S) value).value())
                        : startsWith(((AttrValue.B) v).value(), ((AttrValue.B) value).value());
        };
    }

    private static boolean startsWith(byte[] a, byte[] prefix) {
        if (prefix.length > a.length) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            if (a[i] != prefix[i]) {
                return false;
            }
        }
        return true;
    }

    private static final Pattern BETWEEN_TEXT = Pattern.compile("(?i)\\s*between\\s+(.+?)\\s+and\\s+(.+?)\\s*");
    private static final Pattern BEGINS_TEXT = Pattern.compile("(?i)\\s*begins_with\\s+(.+?)\\s*");
    private static final Pattern COMPARE_TEXT = Pattern.compile("\\s*(<=|>=|=|<|>|≤|≥)\\s*(.+?)\\s*");

    /**
     * Reads the CLI form: {@code "= V"}, {@code "< V"}, {@code "<= V"} (or ≤), {@code "> V"}, {@code ">= V"} (or ≥),
     * {@code "between A and B"}, {@code "begins_with P"}, typed by the sort key's type (S or N; binary as base64).
     *
     * @throws IllegalArgumentException with a message naming what is wrong
     */
    public static SortCondition parse(String text, KeyType type) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("empty sort-key condition");
        }
        Matcher m = BETWEEN_TEXT.matcher(text);
        if (m.matches()) {
            return between(value(m.group(1), type), value(m.group(2), type));
        }
        m = BEGINS_TEXT.matcher(text);
        if (m.matches()) {
            return of(Op.BEGINS_WITH, value(m.group(1), type));
        }
        m = COMPARE_TEXT.matcher(text);
        if (m.matches()) {
            Op op =
                    switch (m.group(1)) {
                        case "=" -> Op.EQ;
                        case "<" -> Op.LT;
                        case "<=", "≤" -> Op.LE;
                        case ">" -> Op.GT;
                        default -> Op.GE;
                    };
            return of(op, value(m.group(2), type));
        }
        throw new IllegalArgumentException("cannot read sort-key condition \"" + text + "\": use = V, < V, <= V, > V,"
                + " >= V, between A and B, or begins_with P");
    }

    private static AttrValue value(String text, KeyType type) {
        String t = text.length() >= 2 && text.startsWith("\"") && text.endsWith("\"")
                ? text.substring(1, text.length() - 1)
                : text;
        return switch (type) {
            case S -> AttrValue.s(t);
            case N -> {
                try {
                    yield AttrValue.N.parse(t);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("the sort key is a number; \"" + t + "\" is not");
                }
            }
            case B -> {
                try {
                    yield AttrValue.B.ofBase64(t);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("the sort key is binary; give base64, not \"" + t + "\"");
                }
            }
        };
    }

    @Override
    public String toString() {
        return op.name().toLowerCase(Locale.ROOT) + " " + value + (upper == null ? "" : " " + upper);
    }
}
