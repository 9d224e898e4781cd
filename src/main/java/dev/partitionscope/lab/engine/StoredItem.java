package dev.partitionscope.lab.engine;

import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.item.ItemSize;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * An item as the store keeps it: its names and values in one array, in the order they came. A stored item lives as
 * long as the table; kept as a hash map it is a map, a table and one entry object per attribute (five objects and about
 * 200 bytes for three attributes), each of which the collector walks and copies on its way to the old generation.
 * Here it is two objects and about 64 bytes. Unmodifiable: a write replaces a stored item, it never changes one.
 *
 * <p>Lookups walk the names, so only items with up to {@link #MAX_PACKED} attributes are packed; wider ones stay as
 * they came.
 *
 * <p>A packed item remembers its size when the store was told it ({@link #sizeOf}): a PutItem that replaces it needs
 * that size for its capacity, and measuring the item again (names' UTF-8 lengths, numbers' digits) was a third of the
 * sizing a PutItem did.
 */
final class StoredItem extends AbstractMap<String, AttrValue> {
    /** The widest item packed: beyond it a lookup's walk would cost more than a hash probe. */
    static final int MAX_PACKED = 16;

    /** Name, value, name, value, … */
    private final Object[] slots;
    /** {@link ItemSize#of(Map)} of this item, or -1 when it was not known as it was packed. */
    private final int size;

    private StoredItem(Object[] slots, long size) {
        this.slots = slots;
        this.size = size >= 0 && size <= Integer.MAX_VALUE ? (int) size : -1;
    }

    /** The item to keep: packed when it is narrow enough and not packed already. */
    static Map<String, AttrValue> of(Map<String, AttrValue> item) {
        return of(item, null, null, -1);
    }

    /** {@link ItemSize#of(Map)} of {@code item}: remembered when it is a packed item that was told its size. */
    static long sizeOf(Map<String, AttrValue> item) {
        return item instanceof StoredItem packed && packed.size >= 0 ? packed.size : ItemSize.of(item);
    }

    /**
     * As {@link #of(Map)}, keeping {@code shared} in place of the value object {@code own} (the same value, held once
     * for the items that have it; both null, or {@code shared} null, when there is nothing to share), and remembering
     * {@code size} (the item's {@link ItemSize#of(Map)}, or negative when the caller did not measure it).
     */
    @SuppressWarnings("ReferenceEquality") // identity: that very value object is replaced
    static Map<String, AttrValue> of(Map<String, AttrValue> item, AttrValue own, AttrValue shared, long size) {
        int n = item.size();
        if (item instanceof StoredItem || n > MAX_PACKED) {
            return item;
        }
        Object[] slots = new Object[n * 2];
        int i = 0;
        for (Map.Entry<String, AttrValue> e : item.entrySet()) {
            AttrValue v = e.getValue();
            slots[i++] = e.getKey();
            slots[i++] = shared != null && v == own ? shared : v;
        }
        return new StoredItem(slots, size);
    }

    /** The first value equal to {@code v}, or null. */
    AttrValue valueEqualTo(AttrValue v) {
        for (int i = 1; i < slots.length; i += 2) {
            if (v.equals(slots[i])) {
                return (AttrValue) slots[i];
            }
        }
        return null;
    }

    @Override
    public int size() {
        return slots.length >> 1;
    }

    @Override
    public boolean isEmpty() {
        return slots.length == 0;
    }

    private int indexOf(Object name) {
        if (name != null) {
            for (int i = 0; i < slots.length; i += 2) {
                if (name.equals(slots[i])) {
                    return i;
                }
            }
        }
        return -1;
    }

    @Override
    public AttrValue get(Object name) {
        int i = indexOf(name);
        return i < 0 ? null : (AttrValue) slots[i + 1];
    }

    @Override
    public boolean containsKey(Object name) {
        return indexOf(name) >= 0;
    }

    @Override
    public void forEach(BiConsumer<? super String, ? super AttrValue> action) {
        for (int i = 0; i < slots.length; i += 2) {
            action.accept((String) slots[i], (AttrValue) slots[i + 1]);
        }
    }

    @Override
    public Set<Map.Entry<String, AttrValue>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public int size() {
                return StoredItem.this.size();
            }

            @Override
            public Iterator<Map.Entry<String, AttrValue>> iterator() {
                return new Iterator<>() {
                    private int next;

                    @Override
                    public boolean hasNext() {
                        return next < slots.length;
                    }

                    @Override
                    public Map.Entry<String, AttrValue> next() {
                        if (next >= slots.length) {
                            throw new NoSuchElementException();
                        }
                        Map.Entry<String, AttrValue> e =
                                new SimpleImmutableEntry<>((String) slots[next], (AttrValue) slots[next + 1]);
                        next += 2;
                        return e;
                    }
                };
            }
        };
    }
}
