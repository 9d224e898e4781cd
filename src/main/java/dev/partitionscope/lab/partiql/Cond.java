package dev.partitionscope.lab.partiql;

import java.util.List;

/** A WHERE condition. */
public sealed interface Cond {
    /** {@code =, <>, <, <=, >, >=} ({@code !=} is read as {@code <>}). */
    record Compare(String op, Expr left, Expr right) implements Cond {}

    record Between(Expr value, Expr low, Expr high) implements Cond {}

    record In(Expr value, List<Expr> candidates) implements Cond {
        public In {
            candidates = List.copyOf(candidates);
        }
    }

    /** begins_with, contains, attribute_exists, attribute_not_exists, attribute_type: name in lower case. */
    record Function(String name, List<Expr> args) implements Cond {
        public Function {
            args = List.copyOf(args);
        }
    }

    /** {@code path IS [NOT] MISSING|NULL|STRING|…}: {@code type} upper case. */
    record Is(Path path, String type, boolean negated) implements Cond {}

    record And(Cond left, Cond right) implements Cond {}

    record Or(Cond left, Cond right) implements Cond {}

    record Not(Cond inner) implements Cond {}
}
