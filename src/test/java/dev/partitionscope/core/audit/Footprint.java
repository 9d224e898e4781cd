package dev.partitionscope.core.audit;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * An estimate of the bytes an object graph holds, for tests that check memory stays bounded without a timing or
 * heap-size measurement (those depend on the JVM and whatever else runs). It walks the project's own classes by
 * reflection, arrays, strings, and JDK maps and collections through their public API (with a per-entry cost like
 * HashMap's); anything else fails the walk, so a new field of an unknown type cannot hide bytes. Sizes assume
 * compressed references: 16-byte headers, 4-byte references, Latin-1 strings.
 */
final class Footprint {
    private final IdentityHashMap<Object, Boolean> seen = new IdentityHashMap<>();
    private final Deque<Object> pending = new ArrayDeque<>();
    private long bytes;

    private Footprint() {}

    static long of(Object root) {
        Footprint f = new Footprint();
        f.push(root);
        while (!f.pending.isEmpty()) {
            f.visit(f.pending.pop());
        }
        return f.bytes;
    }

    private void push(Object o) {
        if (o != null && !(o instanceof Enum<?>) && !(o instanceof Class<?>) && seen.put(o, Boolean.TRUE) == null) {
            pending.push(o);
        }
    }

    private void visit(Object o) {
        Class<?> c = o.getClass();
        if (o instanceof String s) {
            bytes += 24 + 16 + s.length();
        } else if (c.isArray()) {
            int n = java.lang.reflect.Array.getLength(o);
            Class<?> e = c.getComponentType();
            int element = e == long.class || e == double.class
                    ? 8
                    : e == byte.class || e == boolean.class ? 1 : e == char.class || e == short.class ? 2 : 4;
            bytes += 16 + (long) n * element;
            if (!e.isPrimitive()) {
                for (int i = 0; i < n; i++) {
                    push(java.lang.reflect.Array.get(o, i));
                }
            }
        } else if (o instanceof Map<?, ?> m) {
            bytes += 64 + 16L * Integer.highestOneBit(Math.max(1, m.size()) * 2) / 4 + 40L * m.size();
            for (Map.Entry<?, ?> e : m.entrySet()) {
                push(e.getKey());
                push(e.getValue());
            }
        } else if (o instanceof Collection<?> col) {
            bytes += 40 + 4L * col.size();
            col.forEach(this::push);
        } else if (o instanceof Number || o instanceof Boolean || o instanceof Character) {
            bytes += 16;
        } else if (c.getName().startsWith("dev.partitionscope.")) {
            bytes += 12;
            for (Class<?> k = c; k != null && k != Object.class; k = k.getSuperclass()) {
                for (Field f : k.getDeclaredFields()) {
                    if (Modifier.isStatic(f.getModifiers())) {
                        continue;
                    }
                    Class<?> t = f.getType();
                    bytes += t == long.class || t == double.class
                            ? 8
                            : t.isPrimitive() && t != int.class && t != float.class ? 2 : 4;
                    if (!t.isPrimitive()) {
                        f.setAccessible(true);
                        try {
                            push(f.get(o));
                        } catch (IllegalAccessException ex) {
                            throw new IllegalStateException(ex);
                        }
                    }
                }
            }
        } else {
            throw new IllegalStateException(
                    "Footprint does not know " + c.getName() + ": teach it, so its bytes are counted");
        }
    }
}
