package dev.partitionscope.core.item;

import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * DynamoDB's item size: the sum of attribute name lengths and value sizes, in bytes. Strings and names count their
 * UTF-8 bytes; binary its raw bytes; null and boolean 1; a list or map 3 bytes plus 1 per element plus the elements
 * (a map's elements include their names). Numbers take about one byte per two significant digits plus one; the
 * exact rule used here — 1 + ceil(digits/2), +1 when the digit count and the exponent are both even, +1 when
 * negative — is the one dynalite derived empirically from DynamoDB, so both engines agree on capacity.
 */
public final class ItemSize {
    private ItemSize() {}

    public static long of(Map<String, AttrValue> item) {
        // forEach, not entrySet(): a packed item (the Lab's stored items) makes an entry object per attribute for an
        // entry set, and a PutItem sizes the item it replaces.
        long[] size = {0};
        item.forEach((name, v) -> size[0] += utf8Length(name) + of(v));
        return size[0];
    }

    public static long of(AttrValue v) {
        return switch (v.type()) {
            case S -> utf8Length(((AttrValue.S) v).value());
            case N -> number((AttrValue.N) v);
            case B -> ((AttrValue.B) v).value().length;
            case BOOL, NULL -> 1;
            case SS ->
                ((AttrValue.SS) v)
                        .values().stream().mapToLong(ItemSize::utf8Length).sum();
            case NS ->
                ((AttrValue.NS) v).values().stream().mapToLong(ItemSize::number).sum();
            case BS ->
                ((AttrValue.BS) v)
                        .values().stream().mapToLong(b -> b.value().length).sum();
            case L ->
                3
                        + ((AttrValue.L) v)
                                .values().stream().mapToLong(x -> 1 + of(x)).sum();
            case M -> 3 + ((AttrValue.M) v).values().size() + of(((AttrValue.M) v).values());
        };
    }

    /** The size of one number (public so that readers holding SDK values need not convert whole items). */
    public static long number(AttrValue.N n) {
        return number(n.text());
    }

    /**
     * The size of a number given as DynamoDB number text — an optional sign, digits with an optional fraction, an
     * optional exponent ({@code -0012.50E+3} as well as the canonical {@code -12500}) — read straight from the
     * characters: a Scan sizes every item it reads, and going through BigDecimal (and BigInteger's toString for the
     * digit count) cost more than all the rest of the size. Significant digits exclude leading and trailing zeros;
     * the exponent is the power of ten of the first significant digit.
     *
     * @throws NumberFormatException when the text is not a number
     */
    public static long number(CharSequence text) {
        int n = text.length();
        int i = 0;
        boolean negative = false;
        if (n > 0 && (text.charAt(0) == '-' || text.charAt(0) == '+')) {
            negative = text.charAt(0) == '-';
            i = 1;
        }
        boolean point = false;
        boolean started = false;
        boolean anyDigit = false;
        int intSignificant = 0; // integer-part digits from the first non-zero one on
        int fractionLeadingZeros = 0; // fraction zeros before the first non-zero digit (integer part all zeros)
        int significant = 0;
        int trailingZeros = 0;
        int exponent10 = 0;
        for (; i < n; i++) {
            char c = text.charAt(i);
            if (c == '.' && !point) {
                point = true;
            } else if ((c == 'e' || c == 'E') && anyDigit) {
                exponent10 = Integer.parseInt(text, i + 1, n, 10);
                break;
            } else if (c >= '0' && c <= '9') {
                anyDigit = true;
                if (!started && c == '0') {
                    if (point) {
                        fractionLeadingZeros++;
                    }
                    continue;
                }
                started = true;
                if (!point) {
                    intSignificant++;
                }
                significant++;
                trailingZeros = c == '0' ? trailingZeros + 1 : 0;
            } else {
                throw new NumberFormatException("The parameter cannot be converted to a numeric value: " + text);
            }
        }
        if (!anyDigit) {
            throw new NumberFormatException("The parameter cannot be converted to a numeric value: " + text);
        }
        if (!started) {
            return 1; // zero
        }
        int digits = significant - trailingZeros;
        int exponent = (intSignificant > 0 ? intSignificant - 1 : -fractionLeadingZeros - 1) + exponent10;
        long size = 1 + (digits + 1L) / 2;
        if (digits % 2 == 0 && Math.floorMod(exponent, 2) == 0) {
            size += 1;
        }
        if (negative) {
            size += 1;
        }
        return size;
    }

    public static long utf8Length(String s) {
        int len = s.length();
        long bytes = 0;
        for (int i = 0; i < len; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                bytes += 1;
            } else if (c < 0x800) {
                bytes += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < len && Character.isLowSurrogate(s.charAt(i + 1))) {
                bytes += 4;
                i++;
            } else {
                bytes += 3;
            }
        }
        return bytes;
    }

    /** The UTF-8 length of {@code len} UTF-16 chars from {@code off} (a JSON parser's buffer: no String made). */
    public static long utf8Length(char[] chars, int off, int len) {
        int end = off + len;
        long bytes = 0;
        for (int i = off; i < end; i++) {
            char c = chars[i];
            if (c < 0x80) {
                bytes += 1;
            } else if (c < 0x800) {
                bytes += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < end && Character.isLowSurrogate(chars[i + 1])) {
                bytes += 4;
                i++;
            } else {
                bytes += 3;
            }
        }
        return bytes;
    }

    /** Not used on hot paths; handy in tests. */
    static long utf8LengthSlow(String s) {
        return s.getBytes(StandardCharsets.UTF_8).length;
    }
}
