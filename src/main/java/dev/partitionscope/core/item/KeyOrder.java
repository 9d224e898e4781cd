package dev.partitionscope.core.item;

import java.util.Arrays;
import java.util.Comparator;

/**
 * DynamoDB's ordering of key values: strings by UTF-8 bytes, numbers by value, binary as unsigned bytes. Only
 * scalar values of one type are ever compared (a key attribute has one declared type).
 */
public final class KeyOrder implements Comparator<AttrValue> {
    public static final KeyOrder INSTANCE = new KeyOrder();

    private KeyOrder() {}

    @Override
    public int compare(AttrValue a, AttrValue b) {
        if (a instanceof AttrValue.N x && b instanceof AttrValue.N y) {
            return x.value().compareTo(y.value());
        }
        if (a instanceof AttrValue.S x && b instanceof AttrValue.S y) {
            return compareUtf8(x.value(), y.value());
        }
        if (a instanceof AttrValue.B x && b instanceof AttrValue.B y) {
            return Arrays.compareUnsigned(x.value(), y.value());
        }
        throw new IllegalArgumentException("Cannot order " + a.type() + " against " + b.type());
    }

    /**
     * Compares two strings as their UTF-8 encodings would compare bytewise, without encoding them. UTF-16 order
     * equals UTF-8 order except that surrogates (U+D800..DFFF, i.e. code points above U+FFFF) sort after U+E000..FFFF
     * in UTF-8.
     */
    public static int compareUtf8(String a, String b) {
        int n = Math.min(a.length(), b.length());
        for (int i = 0; i < n; i++) {
            char x = a.charAt(i);
            char y = b.charAt(i);
            if (x != y) {
                return Integer.compare(fix(x), fix(y));
            }
        }
        return Integer.compare(a.length(), b.length());
    }

    private static int fix(char c) {
        // Move surrogates above the rest of the BMP so the comparison follows code point (= UTF-8) order.
        if (c >= 0xD800 && c <= 0xDFFF) {
            return c + 0x2000;
        }
        if (c >= 0xE000) {
            return c - 0x800;
        }
        return c;
    }
}
