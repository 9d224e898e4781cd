package dev.partitionscope.lab.server;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.ConcurrentModificationException;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;

/**
 * The members of a request's JSON object, in the order they came: keys and values side by side in one array while
 * there are at most {@link #SMALL} of them, a {@link LinkedHashMap} beyond. Most of a request's objects are attribute
 * values ({@code {"S": "x"}}) and small items; a linked hash map per object, with its table and one entry per member,
 * was a fifth of the bytes a PutItem allocated.
 */
final class SmallMap<V> extends AbstractMap<String, V> {
    /** The most members kept in the array: a lookup walks them. */
    static final int SMALL = 8;

    /** Key, value, key, value, …; null once the members moved to {@link #big}. */
    private Object[] slots = new Object[4];

    private int size;
    private LinkedHashMap<String, V> big;
    /** Changes to the members' set, for iterators to notice. */
    private int changes;

    @Override
    public int size() {
        return big != null ? big.size() : size;
    }

    private int indexOf(Object key) {
        for (int i = 0; i < size * 2; i += 2) {
            if (slots[i] == key) {
                return i; // field names are canonical strings: usually the same object
            }
        }
        if (key != null) {
            for (int i = 0; i < size * 2; i += 2) {
                if (key.equals(slots[i])) {
                    return i;
                }
            }
        }
        return -1;
    }

    @Override
    @SuppressWarnings("unchecked")
    public V get(Object key) {
        if (big != null) {
            return big.get(key);
        }
        int i = indexOf(key);
        return i < 0 ? null : (V) slots[i + 1];
    }

    @Override
    public boolean containsKey(Object key) {
        return big != null ? big.containsKey(key) : indexOf(key) >= 0;
    }

    @Override
    @SuppressWarnings("unchecked")
    public V put(String key, V value) {
        if (big != null) {
            return big.put(key, value);
        }
        int i = indexOf(key);
        if (i >= 0) {
            V old = (V) slots[i + 1];
            slots[i + 1] = value;
            return old;
        }
        changes++;
        if (size == SMALL) {
            big = new LinkedHashMap<>();
            for (int k = 0; k < size * 2; k += 2) {
                big.put((String) slots[k], (V) slots[k + 1]);
            }
            slots = null;
            size = 0;
            return big.put(key, value);
        }
        if (size * 2 == slots.length) {
            slots = Arrays.copyOf(slots, slots.length * 2);
        }
        slots[size * 2] = key;
        slots[size * 2 + 1] = value;
        size++;
        return null;
    }

    @Override
    @SuppressWarnings("unchecked")
    public V remove(Object key) {
        if (big != null) {
            return big.remove(key);
        }
        int i = indexOf(key);
        if (i < 0) {
            return null;
        }
        V old = (V) slots[i + 1];
        removeAt(i);
        return old;
    }

    private void removeAt(int i) {
        System.arraycopy(slots, i + 2, slots, i, size * 2 - i - 2);
        size--;
        slots[size * 2] = null;
        slots[size * 2 + 1] = null;
        changes++;
    }

    @Override
    public void clear() {
        if (big != null) {
            big.clear();
            return;
        }
        Arrays.fill(slots, null);
        size = 0;
        changes++;
    }

    @Override
    public Set<Map.Entry<String, V>> entrySet() {
        if (big != null) {
            return big.entrySet();
        }
        return new AbstractSet<>() {
            @Override
            public int size() {
                return SmallMap.this.size();
            }

            @Override
            public Iterator<Map.Entry<String, V>> iterator() {
                if (big != null) {
                    return big.entrySet().iterator();
                }
                return new Iterator<>() {
                    private int next;
                    private int last = -1;
                    private int expected = changes;

                    @Override
                    public boolean hasNext() {
                        return next < size * 2;
                    }

                    @Override
                    public Map.Entry<String, V> next() {
                        if (expected != changes || big != null) {
                            throw new ConcurrentModificationException();
                        }
                        if (next >= size * 2) {
                            throw new NoSuchElementException();
                        }
                        last = next;
                        next += 2;
                        return new Member(last);
                    }

                    @Override
                    public void remove() {
                        if (last < 0) {
                            throw new IllegalStateException();
                        }
                        if (expected != changes) {
                            throw new ConcurrentModificationException();
                        }
                        removeAt(last);
                        next = last;
                        last = -1;
                        expected = changes;
                    }
                };
            }
        };
    }

    /** One member, seen through the array: setValue writes there. */
    private final class Member implements Map.Entry<String, V> {
        private final int at;

        Member(int at) {
            this.at = at;
        }

        @Override
        public String getKey() {
            return (String) slots[at];
        }

        @Override
        @SuppressWarnings("unchecked")
        public V getValue() {
            return (V) slots[at + 1];
        }

        @Override
        public V setValue(V value) {
            V old = getValue();
            slots[at + 1] = value;
            return old;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Map.Entry<?, ?> e
                    && Objects.equals(getKey(), e.getKey())
                    && Objects.equals(getValue(), e.getValue());
        }

        @Override
        public int hashCode() {
            return Objects.hashCode(getKey()) ^ Objects.hashCode(getValue());
        }

        @Override
        public String toString() {
            return getKey() + "=" + getValue();
        }
    }
}
