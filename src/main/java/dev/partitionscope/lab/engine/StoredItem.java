package dev.partitionscope.lab.engine;

import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.item.ItemSize;
import java.nio.charset.StandardCharsets;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * An item as the store keeps it: its names in one array (shared by the items of a store that have the same names in
 * the same order) and its values either as bytes, when every value is a string, number, binary, boolean or null, or in
 * one array of value objects. Unmodifiable: a write replaces a stored item, it never changes one (the
 * {@link Slot} a key-only table keeps its items in is written over; what it gives out is a stored item).
 *
 * <p>A stored item lives as long as the table, and the collector copies every new one at least twice on its way to the
 * old generation (src/jmh/wrk/README.md). As a hash map an item of three attributes was five objects and about 200 bytes
 * before its values; as names and value objects, two objects and three more per string or number (value, String,
 * bytes). As bytes it is two objects and about 100 bytes in all; a value read from it is made when it is asked for
 * (each {@link #get} gives a new, equal value).
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

    private static final byte S = 1;
    private static final byte N = 2;
    private static final byte B = 3;
    private static final byte TRUE = 4;
    private static final byte FALSE = 5;
    private static final byte NULL = 6;

    /** The attribute names, in the order they came. Shared: never changed. */
    private final String[] names;
    /** {@code byte[]}: every value, encoded ({@link #encode}); or {@code AttrValue[]}, one per name. */
    private final Object values;
    /** {@link ItemSize#of(Map)} of this item, or -1 when it was not known as it was packed. */
    private final int size;

    private StoredItem(String[] names, Object values, long size) {
        this.names = names;
        this.values = values;
        this.size = size >= 0 && size <= Integer.MAX_VALUE ? (int) size : -1;
    }

    /**
     * The name arrays of the items a store holds lately, so that items with the same names in the same order share one
     * array. Not thread-safe: used under the owning table's write lock.
     */
    static final class Shapes {
        private final String[][] recent = new String[8][];
        private int next;

        String[] of(String[] names) {
            for (String[] r : recent) {
                if (r != null && Arrays.equals(r, names)) {
                    return r;
                }
            }
            recent[next] = names;
            next = (next + 1) & (recent.length - 1);
            return names;
        }
    }

    /**
     * The one item of a partition without positions (a table without a sort key), written over in place by the writes
     * that replace it: its bytes go into the array the item before them had when they fit, and its names array stays
     * when the names are the same. Readers get a copy ({@link #item}), never the slot.
     *
     * <p>Why in place: a slot lives as long as its partition, so it is soon in the old generation, and G1 records every
     * reference stored into an old object (a card to refine, then to scan at the next young collection). Pointing the
     * partition's map entry at a new item on every write cost a PutItem 4.8 µs of the collector's time under wrk's load
     * (2.6 µs once items were written in place, the rest mostly new partitions: src/jmh/wrk/README.md); writing bytes
     * into an array that is already there stores no reference at all. The copy a reader gets dies young, which costs
     * the collector next to nothing. Not thread-safe: written under the owning table's write lock, read under its read
     * lock.
     */
    static final class Slot {
        /** Spare bytes given to a new array, so that a value growing by a few bytes (a counter) still fits. */
        private static final int SPARE = 8;

        /** The names while the item is kept as bytes; null otherwise. */
        private String[] names;
        /** The values, encoded, in its first {@link #length} bytes (a later write may have used less than all). */
        private byte[] data;

        private int length;
        /** The item's size, or -1 when it was not told. */
        private int size;
        /** The item when it is not kept as bytes (a set, list or map, a lone surrogate half, more than 16 names). */
        private Map<String, AttrValue> whole;

        Slot(Map<String, AttrValue> item, long size, Shapes shapes) {
            set(item, null, size, shapes);
        }

        /**
         * Keeps {@code item} (of {@code size}, or -1) here in place of the item before it; {@code pk}, its partition key,
         * is shared with the item before when that one kept it as an object.
         */
        void set(Map<String, AttrValue> item, AttrValue pk, long size, Shapes shapes) {
            int n = item.size();
            int bytes = item instanceof StoredItem || n > MAX_PACKED ? -1 : 0;
            boolean sameNames = names != null && names.length == n;
            if (bytes == 0) {
                int i = 0;
                for (Map.Entry<String, AttrValue> e : item.entrySet()) {
                    int length = encodedLength(e.getValue());
                    if (length < 0) {
                        bytes = -1;
                        break;
                    }
                    bytes += length;
                    sameNames = sameNames && names[i++].equals(e.getKey());
                }
            }
            this.size = size >= 0 && size <= Integer.MAX_VALUE ? (int) size : -1;
            if (bytes < 0) {
                whole = StoredItem.of(item, pk, valueEqualTo(pk), size, shapes);
                names = null;
                data = null;
                return;
            }
            if (!sameNames) {
                String[] fresh = new String[n];
                int i = 0;
                for (String name : item.keySet()) {
                    fresh[i++] = name;
                }
                names = shapes == null ? fresh : shapes.of(fresh);
            }
            // A new array when the item's bytes do not fit, or when they would leave most of it unused (a large item
            // replaced by a small one would otherwise keep its array for as long as the partition lives).
            if (data == null || data.length < bytes || data.length > 2 * bytes + 64) {
                data = new byte[bytes + SPARE];
            }
            int at = 0;
            for (AttrValue v : item.values()) {
                at = encode(v, data, at);
            }
            length = bytes;
            if (whole != null) {
                whole = null;
            }
        }

        /** The item kept here, as a stored item of its own that later writes to the slot do not change. */
        Map<String, AttrValue> item() {
            return whole != null ? whole : new StoredItem(names, Arrays.copyOf(data, length), size);
        }

        /** The bytes the slot's array holds, used or not (0 when the item is kept whole). */
        int bytesHeld() {
            return data == null ? 0 : data.length;
        }

        /** {@link ItemSize#of(Map)} of the item kept here. */
        long size() {
            return size >= 0 ? size : sizeOf(item());
        }

        /** The partition key's value object in the item kept here, when it keeps its values as objects; else null. */
        AttrValue valueEqualTo(AttrValue pk) {
            return pk instanceof AttrValue.S && whole instanceof StoredItem packed ? packed.valueEqualTo(pk) : null;
        }
    }

    /** The item to keep: packed when it is narrow enough and not packed already. */
    static Map<String, AttrValue> of(Map<String, AttrValue> item) {
        return of(item, null, null, -1, null);
    }

    /** {@link ItemSize#of(Map)} of {@code item}: remembered when it is a packed item that was told its size. */
    static long sizeOf(Map<String, AttrValue> item) {
        return item instanceof StoredItem packed && packed.size >= 0 ? packed.size : ItemSize.of(item);
    }

    /**
     * As {@link #of(Map)}, remembering {@code size} (the item's {@link ItemSize#of(Map)}, or negative when the caller
     * did not measure it) and taking its names array from {@code shapes} (or keeping its own when null). When the item
     * is kept as value objects, {@code shared} is kept in place of the value object {@code own} (the same value, held
     * once for the items that have it; both null, or {@code shared} null, when there is nothing to share).
     */
    @SuppressWarnings("ReferenceEquality") // identity: that very value object is replaced
    static Map<String, AttrValue> of(
            Map<String, AttrValue> item, AttrValue own, AttrValue shared, long size, Shapes shapes) {
        int n = item.size();
        if (item instanceof StoredItem || n > MAX_PACKED) {
            return item;
        }
        String[] names = new String[n];
        AttrValue[] objects = new AttrValue[n];
        int i = 0;
        int bytes = 0;
        for (Map.Entry<String, AttrValue> e : item.entrySet()) {
            AttrValue v = e.getValue();
            names[i] = e.getKey();
            objects[i++] = shared != null && v == own ? shared : v;
            if (bytes >= 0) {
                int length = encodedLength(v);
                bytes = length < 0 ? -1 : bytes + length;
            }
        }
        if (shapes != null) {
            names = shapes.of(names);
        }
        return new StoredItem(names, bytes >= 0 ? encode(objects, bytes) : objects, size);
    }

    /** The first value equal to {@code v} kept as an object (none when the values are bytes), or null. */
    AttrValue valueEqualTo(AttrValue v) {
        if (values instanceof AttrValue[] objects) {
            for (AttrValue o : objects) {
                if (v.equals(o)) {
                    return o;
                }
            }
        }
        return null;
    }

    @Override
    public int size() {
        return names.length;
    }

    @Override
    public boolean isEmpty() {
        return names.length == 0;
    }

    private int indexOf(Object name) {
        if (name != null) {
            for (int i = 0; i < names.length; i++) {
                if (name.equals(names[i])) {
                    return i;
                }
            }
        }
        return -1;
    }

    @Override
    public AttrValue get(Object name) {
        int i = indexOf(name);
        if (i < 0) {
            return null;
        }
        if (values instanceof AttrValue[] objects) {
            return objects[i];
        }
        byte[] data = (byte[]) values;
        int at = 0;
        for (int k = 0; k < i; k++) {
            at = skip(data, at);
        }
        return decode(data, at);
    }

    @Override
    public boolean containsKey(Object name) {
        return indexOf(name) >= 0;
    }

    @Override
    public void forEach(BiConsumer<? super String, ? super AttrValue> action) {
        if (values instanceof AttrValue[] objects) {
            for (int i = 0; i < names.length; i++) {
                action.accept(names[i], objects[i]);
            }
            return;
        }
        byte[] data = (byte[]) values;
        int at = 0;
        for (String name : names) {
            action.accept(name, decode(data, at));
            at = skip(data, at);
        }
    }

    @Override
    public Set<Map.Entry<String, AttrValue>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public int size() {
                return names.length;
            }

            @Override
            public Iterator<Map.Entry<String, AttrValue>> iterator() {
                return new Iterator<>() {
                    private int next;
                    /** Where the next value's bytes begin (bytes only). */
                    private int at;

                    @Override
                    public boolean hasNext() {
                        return next < names.length;
                    }

                    @Override
                    public Map.Entry<String, AttrValue> next() {
                        if (next >= names.length) {
                            throw new NoSuchElementException();
                        }
                        AttrValue v;
                        if (values instanceof AttrValue[] objects) {
                            v = objects[next];
                        } else {
                            byte[] data = (byte[]) values;
                            v = decode(data, at);
                            at = skip(data, at);
                        }
                        return new SimpleImmutableEntry<>(names[next++], v);
                    }
                };
            }
        };
    }

    // The bytes: per value a type byte, then for S, N and B the length (7 bits a byte, low bits first) and the bytes
    // (a string's UTF-8, a number's text, a binary's own). BOOL and NULL are the type byte alone.

    /** The bytes {@code v} takes, or -1 when it is not kept as bytes (a set, list or map, a string with a lone half). */
    private static int encodedLength(AttrValue v) {
        int length;
        if (v instanceof AttrValue.S s) {
            length = utf8Length(s.value());
        } else if (v instanceof AttrValue.N n) {
            length = n.text().length();
        } else if (v instanceof AttrValue.B b) {
            length = b.value().length;
        } else if (v instanceof AttrValue.Bool || v instanceof AttrValue.Null) {
            return 1;
        } else {
            return -1;
        }
        return length < 0 ? -1 : 1 + varIntLength(length) + length;
    }

    private static byte[] encode(AttrValue[] values, int bytes) {
        byte[] data = new byte[bytes];
        int at = 0;
        for (AttrValue v : values) {
            at = encode(v, data, at);
        }
        return data;
    }

    /** Writes {@code v} (one {@link #encodedLength} keeps as bytes) at {@code at}; where the next value begins. */
    private static int encode(AttrValue v, byte[] data, int at) {
        if (v instanceof AttrValue.S s) {
            String text = s.value();
            data[at++] = S;
            at = writeVarInt(data, at, utf8Length(text));
            at = writeUtf8(data, at, text);
        } else if (v instanceof AttrValue.N n) {
            String text = n.text();
            data[at++] = N;
            at = writeVarInt(data, at, text.length());
            for (int i = 0; i < text.length(); i++) {
                data[at++] = (byte) text.charAt(i);
            }
        } else if (v instanceof AttrValue.B b) {
            byte[] raw = b.value();
            data[at++] = B;
            at = writeVarInt(data, at, raw.length);
            System.arraycopy(raw, 0, data, at, raw.length);
            at += raw.length;
        } else if (v instanceof AttrValue.Bool bool) {
            data[at++] = bool.value() ? TRUE : FALSE;
        } else {
            data[at++] = NULL;
        }
        return at;
    }

    /** Where the value after the one at {@code at} begins. */
    private static int skip(byte[] data, int at) {
        byte type = data[at++];
        if (type == S || type == N || type == B) {
            int length = readLength(data, at);
            at += varIntLength(length) + length;
        }
        return at;
    }

    /** The length written at {@code at} (by {@link #writeVarInt}). */
    private static int readLength(byte[] data, int at) {
        int length = 0;
        int shift = 0;
        byte b;
        do {
            b = data[at++];
            length |= (b & 0x7f) << shift;
            shift += 7;
        } while (b < 0);
        return length;
    }

    private static AttrValue decode(byte[] data, int at) {
        byte type = data[at++];
        if (type == TRUE) {
            return AttrValue.Bool.TRUE;
        } else if (type == FALSE) {
            return AttrValue.Bool.FALSE;
        } else if (type == NULL) {
            return AttrValue.Null.INSTANCE;
        }
        int length = readLength(data, at);
        at += varIntLength(length);
        return switch (type) {
            case S -> new AttrValue.S(new String(data, at, length, StandardCharsets.UTF_8));
            // The text an N gave (canonical): parse takes a whole number as it is, a fraction back to the same text.
            case N -> AttrValue.N.parse(new String(data, at, length, StandardCharsets.ISO_8859_1));
            case B -> new AttrValue.B(Arrays.copyOfRange(data, at, at + length));
            default -> throw new IllegalStateException("not a stored value type: " + type);
        };
    }

    private static int varIntLength(int v) {
        int n = 1;
        while ((v >>>= 7) != 0) {
            n++;
        }
        return n;
    }

    private static int writeVarInt(byte[] data, int at, int v) {
        while ((v & ~0x7f) != 0) {
            data[at++] = (byte) ((v & 0x7f) | 0x80);
            v >>>= 7;
        }
        data[at++] = (byte) v;
        return at;
    }

    /** The UTF-8 length of {@code s}, or -1 when it holds half of a surrogate pair alone (UTF-8 cannot keep it). */
    private static int utf8Length(String s) {
        int length = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                length++;
            } else if (c < 0x800) {
                length += 2;
            } else if (Character.isHighSurrogate(c)) {
                if (i + 1 == s.length() || !Character.isLowSurrogate(s.charAt(i + 1))) {
                    return -1;
                }
                length += 4;
                i++;
            } else if (Character.isLowSurrogate(c)) {
                return -1;
            } else {
                length += 3;
            }
        }
        return length;
    }

    /** Writes {@code s} (no lone surrogate halves: {@link #utf8Length} said so) as UTF-8. */
    private static int writeUtf8(byte[] data, int at, String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                data[at++] = (byte) c;
            } else if (c < 0x800) {
                data[at++] = (byte) (0xc0 | (c >> 6));
                data[at++] = (byte) (0x80 | (c & 0x3f));
            } else if (Character.isHighSurrogate(c)) {
                int cp = Character.toCodePoint(c, s.charAt(++i));
                data[at++] = (byte) (0xf0 | (cp >> 18));
                data[at++] = (byte) (0x80 | ((cp >> 12) & 0x3f));
                data[at++] = (byte) (0x80 | ((cp >> 6) & 0x3f));
                data[at++] = (byte) (0x80 | (cp & 0x3f));
            } else {
                data[at++] = (byte) (0xe0 | (c >> 12));
                data[at++] = (byte) (0x80 | ((c >> 6) & 0x3f));
                data[at++] = (byte) (0x80 | (c & 0x3f));
            }
        }
        return at;
    }
}
