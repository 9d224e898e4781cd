package dev.partitionscope.lab.expr;

import dev.partitionscope.core.item.AttrValue;
import java.util.Map;

/**
 * A function call in a condition. {@code size(path)} is an operand (it yields a number); the others are conditions
 * (they yield true or false). Parsing cannot tell which role a call plays until it sees what follows, so one node
 * plays both and the parser reports a call used in the wrong role.
 */
final class ConditionFunction implements CondNode, Operand {
    enum Fn {
        ATTRIBUTE_EXISTS("attribute_exists", 1),
        ATTRIBUTE_NOT_EXISTS("attribute_not_exists", 1),
        ATTRIBUTE_TYPE("attribute_type", 2),
        BEGINS_WITH("begins_with", 2),
        CONTAINS("contains", 2),
        SIZE("size", 1);

        final String label;
        final int arity;

        Fn(String label, int arity) {
            this.label = label;
            this.arity = arity;
        }

        /** Function names are case-sensitive in DynamoDB: {@code SIZE(a)} is an unknown function. */
        static Fn byName(String name) {
            for (Fn fn : values()) {
                if (fn.label.equals(name)) {
                    return fn;
                }
            }
            return null;
        }
    }

    /** null when the name is not a DynamoDB function (reported by the parser). */
    final Fn fn;

    final String name;
    final Operand[] args;

    ConditionFunction(String name, Operand[] args) {
        this.fn = Fn.byName(name);
        this.name = name;
        this.args = args;
    }

    @Override
    public boolean test(Map<String, AttrValue> item) {
        return switch (fn) {
            case ATTRIBUTE_EXISTS -> args[0].eval(item) != null;
            case ATTRIBUTE_NOT_EXISTS -> args[0].eval(item) == null;
            case ATTRIBUTE_TYPE -> {
                AttrValue v = args[0].eval(item);
                AttrValue t = args[1].eval(item);
                yield v != null && t instanceof AttrValue.S s && v.type().name().equals(s.value());
            }
            case BEGINS_WITH -> Values.beginsWith(args[0].eval(item), args[1].eval(item));
            case CONTAINS -> Values.contains(args[0].eval(item), args[1].eval(item));
            default -> throw new IllegalStateException(name + " is not a condition");
        };
    }

    @Override
    public AttrValue eval(Map<String, AttrValue> item) {
        if (fn != Fn.SIZE) {
            throw new IllegalStateException(name + " is not an operand");
        }
        return Values.size(args[0].eval(item));
    }

    @Override
    public AttrValue.Type knownType() {
        return fn == Fn.SIZE ? AttrValue.Type.N : null;
    }
}
