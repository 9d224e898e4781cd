package dev.partitionscope.lab.partiql;

import dev.partitionscope.core.item.AttrValue;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A value expression of a statement: literals, {@code ?} parameters, paths, arithmetic and function calls. */
public sealed interface Expr {
    /** A scalar literal ('text', 12, TRUE, NULL). */
    record Literal(AttrValue value) implements Expr {}

    /** The {@code index}-th {@code ?} of the statement (0-based, in order of appearance). */
    record Param(int index) implements Expr {}

    record PathRef(Path path) implements Expr {}

    /** {@code a + 1}, {@code a - 1} (UPDATE's SET only). */
    record Arith(char op, Expr left, Expr right) implements Expr {}

    /** {@code list_append(a, [..])}, {@code set_add(a, <<..>>)}, {@code size(a)}: name in lower case. */
    record Call(String name, List<Expr> args) implements Expr {
        public Call {
            args = List.copyOf(args);
        }
    }

    /** {@code [a, b]}. */
    record ListLit(List<Expr> elements) implements Expr {
        public ListLit {
            elements = List.copyOf(elements);
        }
    }

    /** {@code {'k': v}}: keys in order written. */
    record MapLit(Map<String, Expr> entries) implements Expr {
        public MapLit {
            entries = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(entries));
        }
    }

    /** {@code <<a, b>>}: a set of strings, numbers or binaries. */
    record BagLit(List<Expr> elements) implements Expr {
        public BagLit {
            elements = List.copyOf(elements);
        }
    }
}
