package dev.partitionscope.lab.expr;

import dev.partitionscope.core.item.AttrValue;
import java.util.Map;

/**
 * A node of a parsed condition (ConditionExpression, FilterExpression, KeyConditionExpression). The tree keeps the
 * shape of the expression so {@link KeyCondition} can inspect it, and evaluates it directly.
 */
interface CondNode {
    boolean test(Map<String, AttrValue> item);

    final class And implements CondNode {
        final CondNode left;
        final CondNode right;

        And(CondNode left, CondNode right) {
            this.left = left;
            this.right = right;
        }

        @Override
        public boolean test(Map<String, AttrValue> item) {
            return left.test(item) && right.test(item);
        }
    }

    final class Or implements CondNode {
        final CondNode left;
        final CondNode right;

        Or(CondNode left, CondNode right) {
            this.left = left;
            this.right = right;
        }

        @Override
        public boolean test(Map<String, AttrValue> item) {
            return left.test(item) || right.test(item);
        }
    }

    final class Not implements CondNode {
        final CondNode inner;

        Not(CondNode inner) {
            this.inner = inner;
        }

        @Override
        public boolean test(Map<String, AttrValue> item) {
            return !inner.test(item);
        }
    }

    /** {@code left <op> right}; op is one of the {@link Lexer} comparator token types. */
    final class Compare implements CondNode {
        final int op;
        final Operand left;
        final Operand right;

        Compare(int op, Operand left, Operand right) {
            this.op = op;
            this.left = left;
            this.right = right;
        }

        @Override
        public boolean test(Map<String, AttrValue> item) {
            return holds(op, left.eval(item), right.eval(item));
        }

        static boolean holds(int op, AttrValue a, AttrValue b) {
            switch (op) {
                case Lexer.EQ -> {
                    return Values.equal(a, b);
                }
                case Lexer.NE -> {
                    // Like DynamoDB (and dynalite): a missing attribute or another type is "not equal".
                    return !Values.equal(a, b);
                }
                default -> {
                    if (!Values.ordered(a, b)) {
                        return false;
                    }
                    int c = Values.compare(a, b);
                    return switch (op) {
                        case Lexer.LT -> c < 0;
                        case Lexer.LE -> c <= 0;
                        case Lexer.GT -> c > 0;
                        case Lexer.GE -> c >= 0;
                        default -> throw new IllegalStateException("comparator " + op);
                    };
                }
            }
        }

        static String symbol(int op) {
            return switch (op) {
                case Lexer.EQ -> "=";
                case Lexer.NE -> "<>";
                case Lexer.LT -> "<";
                case Lexer.LE -> "<=";
                case Lexer.GT -> ">";
                case Lexer.GE -> ">=";
                default -> throw new IllegalStateException("comparator " + op);
            };
        }
    }

    /** {@code value BETWEEN lower AND upper}, both bounds inclusive. */
    final class Between implements CondNode {
        final Operand value;
        final Operand lower;
        final Operand upper;

        Between(Operand value, Operand lower, Operand upper) {
            this.value = value;
            this.lower = lower;
            this.upper = upper;
        }

        @Override
        public boolean test(Map<String, AttrValue> item) {
            AttrValue v = value.eval(item);
            AttrValue lo = lower.eval(item);
            AttrValue hi = upper.eval(item);
            return Values.ordered(v, lo)
                    && Values.ordered(v, hi)
                    && Values.compare(v, lo) >= 0
                    && Values.compare(v, hi) <= 0;
        }
    }

    /** {@code value IN (a, b, …)}. */
    final class In implements CondNode {
        final Operand value;
        final Operand[] candidates;

        In(Operand value, Operand[] candidates) {
            this.value = value;
            this.candidates = candidates;
        }

        @Override
        public boolean test(Map<String, AttrValue> item) {
            AttrValue v = value.eval(item);
            if (v == null) {
                return false;
            }
            for (Operand candidate : candidates) {
                if (Values.equal(v, candidate.eval(item))) {
                    return true;
                }
            }
            return false;
        }
    }
}
