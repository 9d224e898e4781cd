package dev.partitionscope.lab.expr;

import dev.partitionscope.core.item.AttrValue;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The right-hand side of a SET action. Unlike a condition operand it never yields "no value": DynamoDB fails the
 * update when an operand path is missing or has the wrong type, so evaluation throws instead.
 */
interface UpdateValue {
    String MISSING = "The provided expression refers to an attribute that does not exist in the item";
    String WRONG_TYPE = "An operand in the update expression has an incorrect data type";

    /** The value against the item as it was before the update (all SET operands read the old item). */
    AttrValue evaluate(Map<String, AttrValue> oldItem);

    /** {@code path}: the attribute's current value, which must exist. */
    final class OfPath implements UpdateValue {
        final DocumentPath path;

        OfPath(DocumentPath path) {
            this.path = path;
        }

        @Override
        public AttrValue evaluate(Map<String, AttrValue> oldItem) {
            AttrValue v = path.resolve(oldItem);
            if (v == null) {
                throw new ExpressionException(MISSING);
            }
            return v;
        }
    }

    /** {@code :value}. */
    final class OfValue implements UpdateValue {
        final AttrValue value;

        OfValue(AttrValue value) {
            this.value = value;
        }

        @Override
        public AttrValue evaluate(Map<String, AttrValue> oldItem) {
            return value;
        }
    }

    /** {@code if_not_exists(path, fallback)}. */
    final class IfNotExists implements UpdateValue {
        final DocumentPath path;
        final UpdateValue fallback;

        IfNotExists(DocumentPath path, UpdateValue fallback) {
            this.path = path;
            this.fallback = fallback;
        }

        @Override
        public AttrValue evaluate(Map<String, AttrValue> oldItem) {
            AttrValue v = path.resolve(oldItem);
            return v != null ? v : fallback.evaluate(oldItem);
        }
    }

    /** {@code list_append(a, b)}: the elements of a, then those of b. */
    final class ListAppend implements UpdateValue {
        final UpdateValue first;
        final UpdateValue second;

        ListAppend(UpdateValue first, UpdateValue second) {
            this.first = first;
            this.second = second;
        }

        @Override
        public AttrValue evaluate(Map<String, AttrValue> oldItem) {
            AttrValue a = first.evaluate(oldItem);
            if (a.type() != AttrValue.Type.L) {
                throw new ExpressionException(WRONG_TYPE);
            }
            AttrValue b = second.evaluate(oldItem);
            if (b.type() != AttrValue.Type.L) {
                throw new ExpressionException(WRONG_TYPE);
            }
            List<AttrValue> joined = new ArrayList<>(((AttrValue.L) a).values());
            joined.addAll(((AttrValue.L) b).values());
            return new AttrValue.L(joined);
        }
    }

    /** {@code a + b} and {@code a - b} on numbers, exact, with the result in DynamoDB's canonical form. */
    final class Arithmetic implements UpdateValue {
        final boolean plus;
        final UpdateValue left;
        final UpdateValue right;

        Arithmetic(boolean plus, UpdateValue left, UpdateValue right) {
            this.plus = plus;
            this.left = left;
            this.right = right;
        }

        @Override
        public AttrValue evaluate(Map<String, AttrValue> oldItem) {
            BigDecimal a = number(left.evaluate(oldItem));
            BigDecimal b = number(right.evaluate(oldItem));
            return Arithmetic.toNumber(plus ? a.add(b) : a.subtract(b));
        }

        private static BigDecimal number(AttrValue v) {
            if (v.type() != AttrValue.Type.N) {
                throw new ExpressionException(WRONG_TYPE);
            }
            return ((AttrValue.N) v).value();
        }

        /** A result DynamoDB cannot store (overflow, more than 38 digits) fails with DynamoDB's number message. */
        static AttrValue.N toNumber(BigDecimal d) {
            try {
                return AttrValue.N.of(d);
            } catch (NumberFormatException e) {
                // A computed result DynamoDB cannot hold exactly is reported as an overflow, whatever its magnitude
                // (1e20 + 1e-20 needs 41 digits): the 38-digit message is for numbers a request spells out.
                throw new ExpressionException(
                        e.getMessage().contains("38 significant digits")
                                ? "Number overflow. Attempting to store a number with magnitude larger than supported range"
                                : e.getMessage());
            }
        }
    }
}
