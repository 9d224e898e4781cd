package dev.partitionscope.lab.partiql;

import java.util.List;

/**
 * A document path of a statement: a top-level attribute name followed by map keys ({@code a.b}) and list indexes
 * ({@code a[0]}). Steps are {@link String} (a name) or {@link Integer} (an index); the first is always a name.
 */
public record Path(List<Object> steps) {
    public Path {
        steps = List.copyOf(steps);
    }

    public String head() {
        return (String) steps.get(0);
    }

    public boolean isTopLevel() {
        return steps.size() == 1;
    }

    /** The last name in the path: the attribute name a projected nested value is returned under. */
    public String lastName() {
        for (int i = steps.size() - 1; i >= 0; i--) {
            if (steps.get(i) instanceof String s) {
                return s;
            }
        }
        return head();
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder(head());
        for (int i = 1; i < steps.size(); i++) {
            Object s = steps.get(i);
            if (s instanceof Integer n) {
                b.append('[').append(n).append(']');
            } else {
                b.append('.').append(s);
            }
        }
        return b.toString();
    }
}
