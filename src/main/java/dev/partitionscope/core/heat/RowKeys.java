package dev.partitionscope.core.heat;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The row keys of a {@link KeyTimeMatrix}, packed: a day of 100,000 keys has about seven cells per key, so a
 * {@link RowKey} object, two strings and a hash-map entry per row would outweigh the cells themselves.
 *
 * <ul>
 *   <li>Tables and indexes are shared: rows come resource by resource, so each run of rows of one table or index
 *       keeps its names once.</li>
 *   <li>Partition and sort keys live in one byte pool, each as a length header and its characters, one byte each
 *       when all are below U+0100 (as Java's compact strings do) and two bytes each otherwise. Unlike UTF-8 this
 *       gives back every {@code String} exactly, lone surrogates included.</li>
 *   <li>{@link #indexOf} probes an open-addressing table of row numbers by {@link RowKey#hashCode()}, comparing
 *       against the pool without decoding it.</li>
 * </ul>
 * {@link #get} decodes a new, equal {@code RowKey} on each call: callers that look at a key many times (sorting)
 * should fetch it once.
 */
final class RowKeys {
    private static final int NULL = 0; // header of an absent key value

    private final int size;
    private final int[] resourceStart; // rows of resource i are [resourceStart[i], resourceStart[i + 1])
    private final String[] tables;
    private final String[] indexes;
    private final byte[] pool;
    private final int[] keyStart; // per row, where its partition key's header is in the pool
    private final int[] slots; // row + 1, or 0 for a free slot; twice as many as rows, so at most half full

    RowKeys(List<RowKey> keys) {
        size = keys.size();
        int resources = 0;
        for (int i = 0; i < size; i++) {
            resources += i == 0 || !sameResource(keys.get(i - 1), keys.get(i)) ? 1 : 0;
        }
        resourceStart = new int[resources + 1];
        tables = new String[resources];
        indexes = new String[resources];
        keyStart = new int[size];
        Pool out = new Pool(size * 16);
        int resource = -1;
        for (int i = 0; i < size; i++) {
            RowKey key = keys.get(i);
            if (i == 0 || !sameResource(keys.get(i - 1), key)) {
                resource++;
                resourceStart[resource] = i;
                tables[resource] = key.table();
                indexes[resource] = key.index();
            }
            keyStart[i] = out.size;
            out.put(key.partitionKey());
            out.put(key.sortKey());
        }
        resourceStart[resources] = size;
        pool = Arrays.copyOf(out.bytes, out.size);

        // Exactly twice the rows rather than a power of two: 100,001 rows then take 0.8 MB, not 1 MB, and stay below
        // the size G1 gives a region of its own (a humongous object) in a 4 GB heap.
        slots = new int[Math.max(2, size * 2)];
        for (int i = 0; i < size; i++) {
            int slot = slot(keys.get(i).hashCode());
            while (slots[slot] != 0) {
                slot = next(slot);
            }
            slots[slot] = i + 1;
        }
    }

    private static boolean sameResource(RowKey a, RowKey b) {
        return a.table().equals(b.table()) && Objects.equals(a.index(), b.index());
    }

    int size() {
        return size;
    }

    /** A new key equal to the one the row was built from. */
    RowKey get(int row) {
        Objects.checkIndex(row, size);
        int resource = resourceOf(row);
        int at = keyStart[row];
        int pkHeader = readHeader(at);
        at += headerLength(pkHeader);
        String pk = decode(at, pkHeader);
        at += byteLength(pkHeader);
        int skHeader = readHeader(at);
        String sk = decode(at + headerLength(skHeader), skHeader);
        return new RowKey(tables[resource], indexes[resource], pk, sk, pkHeader == NULL);
    }

    /** The row equal to {@code key}, or -1. */
    int indexOf(RowKey key) {
        for (int slot = slot(key.hashCode()); slots[slot] != 0; slot = next(slot)) {
            int row = slots[slot] - 1;
            if (matches(row, key)) {
                return row;
            }
        }
        return -1;
    }

    private int slot(int hash) {
        // Fibonacci hashing, then the 32-bit result scaled to the table: every bit of the hash counts.
        return (int) ((Integer.toUnsignedLong(hash * 0x9E3779B9) * slots.length) >>> 32);
    }

    private int next(int slot) {
        return slot + 1 == slots.length ? 0 : slot + 1;
    }

    private boolean matches(int row, RowKey key) {
        int resource = resourceOf(row);
        if (!tables[resource].equals(key.table()) || !Objects.equals(indexes[resource], key.index())) {
            return false;
        }
        int at = keyStart[row];
        int pkHeader = readHeader(at);
        if (!matches(at, pkHeader, key.partitionKey())) {
            return false;
        }
        at += headerLength(pkHeader) + byteLength(pkHeader);
        return matches(at, readHeader(at), key.sortKey());
    }

    private boolean matches(int at, int header, String s) {
        if (header == NULL || s == null) {
            return header == NULL && s == null;
        }
        int length = header >>> 2;
        if (length != s.length()) {
            return false;
        }
        int p = at + headerLength(header);
        boolean wide = (header & 2) != 0;
        for (int i = 0; i < length; i++) {
            char c = wide
                    ? (char) ((pool[p + 2 * i] & 0xff) << 8 | (pool[p + 2 * i + 1] & 0xff))
                    : (char) (pool[p + i] & 0xff);
            if (c != s.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private int resourceOf(int row) {
        if (tables.length == 1) {
            return 0;
        }
        int i = Arrays.binarySearch(resourceStart, 0, tables.length, row);
        return i >= 0 ? i : -i - 2;
    }

    // Header: 0 for null, else (length << 2 | wide << 1 | 1) as a little-endian base-128 varint.

    private int readHeader(int at) {
        int value = 0;
        for (int shift = 0; ; shift += 7) {
            byte b = pool[at++];
            value |= (b & 0x7f) << shift;
            if (b >= 0) {
                return value;
            }
        }
    }

    private static int headerLength(int header) {
        int bytes = 1;
        while ((header >>>= 7) != 0) {
            bytes++;
        }
        return bytes;
    }

    private static int byteLength(int header) {
        return header == NULL ? 0 : (header >>> 2) << ((header >>> 1) & 1);
    }

    private String decode(int at, int header) {
        if (header == NULL) {
            return null;
        }
        int length = header >>> 2;
        if ((header & 2) == 0) {
            return new String(pool, at, length, StandardCharsets.ISO_8859_1);
        }
        char[] chars = new char[length];
        for (int i = 0; i < length; i++) {
            chars[i] = (char) ((pool[at + 2 * i] & 0xff) << 8 | (pool[at + 2 * i + 1] & 0xff));
        }
        return new String(chars);
    }

    /** A growing byte array that key values are appended to. */
    private static final class Pool {
        byte[] bytes;
        int size;

        Pool(int capacity) {
            bytes = new byte[Math.max(16, capacity)];
        }

        void put(String s) {
            if (s == null) {
                room(1);
                bytes[size++] = NULL;
                return;
            }
            boolean wide = false;
            for (int i = 0; i < s.length() && !wide; i++) {
                wide = s.charAt(i) > 0xff;
            }
            if (s.length() > (Integer.MAX_VALUE >>> 3)) {
                throw new IllegalArgumentException("Key value too long: " + s.length() + " characters");
            }
            int header = s.length() << 2 | (wide ? 2 : 0) | 1;
            room(5 + (long) s.length() * (wide ? 2 : 1));
            for (int h = header; ; h >>>= 7) {
                if ((h >>> 7) == 0) {
                    bytes[size++] = (byte) h;
                    break;
                }
                bytes[size++] = (byte) ((h & 0x7f) | 0x80);
            }
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                if (wide) {
                    bytes[size++] = (byte) (c >>> 8);
                }
                bytes[size++] = (byte) c;
            }
        }

        private void room(long more) {
            if (size + more > bytes.length) {
                long capacity = Math.max(size + more, (long) bytes.length * 2);
                if (capacity > Integer.MAX_VALUE - 8) {
                    throw new IllegalStateException("Too many key characters for one matrix");
                }
                bytes = Arrays.copyOf(bytes, (int) capacity);
            }
        }
    }
}
