package dev.partitionscope.lab.expr;

import dev.partitionscope.core.item.AttrValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A copy-on-write working copy of an item while an update expression runs. AttrValue maps and lists are immutable,
 * so only the containers along written paths are copied into mutable {@link LinkedHashMap}s / {@link ArrayList}s;
 * everything else stays shared with the input, which is never modified. {@link #result()} freezes it back.
 */
final class MutableDocument {
    static final String INVALID_PATH = "The document path provided in the update expression is invalid for update";

    /** Values are AttrValues, or mutable containers: Map&lt;String, Object&gt; and List&lt;Object&gt;. */
    private final Map<String, Object> root;

    MutableDocument(Map<String, AttrValue> item) {
        this.root = new LinkedHashMap<>(item);
    }

    void set(DocumentPath path, AttrValue value) {
        Object parent = parentOf(path);
        int last = path.size() - 1;
        if (parent instanceof Map) {
            mapOf(parent).put(path.name(last), value);
        } else {
            List<Object> list = listOf(parent);
            int index = path.index(last);
            if (index < list.size()) {
                list.set(index, value);
            } else {
                list.add(value); // DynamoDB appends an element set beyond the end of a list
            }
        }
    }

    void remove(DocumentPath path) {
        Object parent = parentOf(path);
        int last = path.size() - 1;
        if (parent instanceof Map) {
            mapOf(parent).remove(path.name(last));
        } else {
            List<Object> list = listOf(parent);
            if (path.index(last) < list.size()) {
                list.remove(path.index(last));
            }
        }
    }

    /** The current value at the path, or {@code null}; fails like DynamoDB when the parent does not exist. */
    AttrValue get(DocumentPath path) {
        Object parent = parentOf(path);
        Object child = childOf(parent, path, path.size() - 1);
        return child == null ? null : freeze(child);
    }

    /** The container that holds the path's last step, made mutable; DynamoDB's error when there is none. */
    private Object parentOf(DocumentPath path) {
        Object container = root;
        int last = path.size() - 1;
        for (int step = 0; step < last; step++) {
            Object child = childOf(container, path, step);
            Object mutable = mutable(child);
            if (mutable == null) {
                throw new ExpressionException(INVALID_PATH);
            }
            if (mutable != child) {
                replace(container, path, step, mutable);
            }
            container = mutable;
        }
        if (path.isIndex(last) ? !(container instanceof List) : !(container instanceof Map)) {
            throw new ExpressionException(INVALID_PATH);
        }
        return container;
    }

    private static Object childOf(Object container, DocumentPath path, int step) {
        if (container instanceof Map) {
            return path.isIndex(step) ? null : mapOf(container).get(path.name(step));
        }
        List<Object> list = listOf(container);
        return path.isIndex(step) && path.index(step) < list.size() ? list.get(path.index(step)) : null;
    }

    private static void replace(Object container, DocumentPath path, int step, Object child) {
        if (container instanceof Map) {
            mapOf(container).put(path.name(step), child);
        } else {
            listOf(container).set(path.index(step), child);
        }
    }

    /** A mutable version of a container value; null for scalars and missing values. */
    private static Object mutable(Object value) {
        if (value instanceof Map || value instanceof List) {
            return value;
        }
        if (value instanceof AttrValue.M m) {
            return new LinkedHashMap<String, Object>(m.values());
        }
        if (value instanceof AttrValue.L l) {
            return new ArrayList<Object>(l.values());
        }
        return null;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> mapOf(Object container) {
        return (Map<String, Object>) container;
    }

    @SuppressWarnings("unchecked")
    private static List<Object> listOf(Object container) {
        return (List<Object>) container;
    }

    private static AttrValue freeze(Object value) {
        if (value instanceof AttrValue v) {
            return v;
        }
        if (value instanceof Map) {
            Map<String, AttrValue> map = new LinkedHashMap<>();
            mapOf(value).forEach((k, v) -> map.put(k, freeze(v)));
            return new AttrValue.M(map);
        }
        List<AttrValue> list = new ArrayList<>();
        for (Object element : listOf(value)) {
            list.add(freeze(element));
        }
        return new AttrValue.L(list);
    }

    Map<String, AttrValue> result() {
        Map<String, AttrValue> item = new LinkedHashMap<>();
        root.forEach((k, v) -> item.put(k, freeze(v)));
        return item;
    }

    /** Set union keeping the existing order first; both sets have the same type. */
    static AttrValue union(AttrValue existing, AttrValue added) {
        return combine(existing, added, true);
    }

    /** Set difference; {@code null} when nothing is left (DynamoDB then removes the attribute). */
    static AttrValue difference(AttrValue existing, AttrValue removed) {
        AttrValue rest = combine(existing, removed, false);
        return Values.setElements(rest).isEmpty() ? null : rest;
    }

    @SuppressWarnings("unchecked")
    private static AttrValue combine(AttrValue a, AttrValue b, boolean union) {
        Set<Object> elements = new LinkedHashSet<>(Values.setElements(a));
        if (union) {
            elements.addAll(Values.setElements(b));
        } else {
            elements.removeAll(Values.setElements(b));
        }
        List<Object> list = new ArrayList<>(elements);
        return switch (a.type()) {
            case SS -> new AttrValue.SS((List<String>) (List<?>) list);
            case NS -> new AttrValue.NS((List<AttrValue.N>) (List<?>) list);
            default -> new AttrValue.BS((List<AttrValue.B>) (List<?>) list);
        };
    }
}
