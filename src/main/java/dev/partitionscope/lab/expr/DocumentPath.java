package dev.partitionscope.lab.expr;

import dev.partitionscope.core.item.AttrValue;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * A document path with its placeholders already resolved: {@code a.b[3].#n} becomes the steps
 * {@code a}, {@code b}, {@code [3]}, {@code <value of #n>}. Expressions use it to read, project and update nested
 * attributes; the engine uses it to find the top-level attribute an expression touches.
 */
public final class DocumentPath {
    /** names[i] is the map key of step i, or null when step i is a list index (then indexes[i]). */
    private final String[] names;

    private final int[] indexes;

    DocumentPath(String[] names, int[] indexes) {
        this.names = names;
        this.indexes = indexes;
    }

    /** A path of plain map keys, e.g. {@code of("a", "b")} for {@code a.b}; handy for the engine and tests. */
    public static DocumentPath of(String first, String... more) {
        String[] names = new String[more.length + 1];
        names[0] = first;
        System.arraycopy(more, 0, names, 1, more.length);
        return new DocumentPath(names, new int[names.length]);
    }

    public int size() {
        return names.length;
    }

    /** The top-level attribute name (a path always starts with a name). */
    public String head() {
        return names[0];
    }

    public boolean isIndex(int step) {
        return names[step] == null;
    }

    public String name(int step) {
        return names[step];
    }

    public int index(int step) {
        return indexes[step];
    }

    public boolean isNested() {
        return names.length > 1;
    }

    /** The value at this path, or {@code null} when any step is missing or of the wrong kind. */
    public AttrValue resolve(Map<String, AttrValue> item) {
        AttrValue current = item.get(names[0]);
        for (int i = 1; i < names.length && current != null; i++) {
            current = step(current, i);
        }
        return current;
    }

    private AttrValue step(AttrValue container, int i) {
        if (names[i] == null) {
            if (container.type() != AttrValue.Type.L) {
                return null;
            }
            List<AttrValue> list = ((AttrValue.L) container).values();
            return indexes[i] < list.size() ? list.get(indexes[i]) : null;
        }
        if (container.type() != AttrValue.Type.M) {
            return null;
        }
        return ((AttrValue.M) container).values().get(names[i]);
    }

    /**
     * How two paths of one expression relate, for DynamoDB's overlap and conflict checks: OVERLAP when one is a
     * prefix of the other (or equal), CONFLICT when at the first shared position one has a key and the other an
     * index, NONE otherwise.
     */
    enum Relation {
        NONE,
        OVERLAP,
        CONFLICT
    }

    Relation relationTo(DocumentPath other) {
        int n = Math.min(names.length, other.names.length);
        for (int i = 0; i < n; i++) {
            boolean index = names[i] == null;
            if (index != (other.names[i] == null)) {
                return Relation.CONFLICT;
            }
            if (index ? indexes[i] != other.indexes[i] : !names[i].equals(other.names[i])) {
                return Relation.NONE;
            }
        }
        return Relation.OVERLAP;
    }

    /** Orders paths step by step, indexes numerically; used to apply list updates in index order. */
    int compareSteps(DocumentPath other) {
        int n = Math.min(names.length, other.names.length);
        for (int i = 0; i < n; i++) {
            boolean index = names[i] == null;
            boolean otherIndex = other.names[i] == null;
            int c;
            if (index && otherIndex) {
                c = Integer.compare(indexes[i], other.indexes[i]);
            } else if (!index && !otherIndex) {
                c = names[i].compareTo(other.names[i]);
            } else {
                c = index ? -1 : 1;
            }
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(names.length, other.names.length);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DocumentPath p && Arrays.equals(names, p.names) && Arrays.equals(indexes, p.indexes);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(names) + Arrays.hashCode(indexes);
    }

    /** DynamoDB's rendering in error messages: {@code [a, b, [3]]}. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < names.length; i++) {
            if (i > 0) {
                sb.append(", ");
            }
            if (names[i] == null) {
                sb.append('[').append(indexes[i]).append(']');
            } else {
                sb.append(names[i]);
            }
        }
        return sb.append(']').toString();
    }
}
