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
    private ItemSize() {
    }

    public static long of(Map<String, AttrValue> item) {
        long size = 0;
        for (Map.Entry<String, AttrValue> e : item.entrySet()) {
            size += utf8Length(e.getKey()) + of(e.getValue());
        }
        return size;
    }

    public static long of(AttrValue v) {
        return switch (v.type()) {
            case S -> utf8Length(((AttrValue.S) v).value());
            case N -> number((AttrValue.N) v);
            case B -> ((AttrValue.B) v).value().length;
            case BOOL, NULL -> 1;
            case SS -> ((AttrValue.SS) v).values().stream().mapToLong(ItemSize::utf8Length).sum();
            case NS -> ((AttrValue.NS) v).values().stream().mapToLong(ItemSize::number).sum();
            case BS -> ((AttrValue.BS) v).values().stream().mapToLong(b -> b.value().length).sum();
            case L -> 3 + ((AttrValue.L) v).values().stream().mapToLong(x -> 1 + of(x)).sum();
            case M -> 3 + ((AttrValue.M) v).values().size() + of(((AttrValue.M) v).values());
        };
    }

    static long number(AttrValue.N n) {
        java.math.BigDecimal d = n.value();
        if (d.signum() == 0) {
            return 1;
        }
        java.math.BigInteger unscaled = d.unscaledValue().abs();
        int digits = unscaled.toString().length();
        int exponent = d.precision() - d.scale() - 1;
        long size = 1 + (digits + 1) / 2;
        if (digits % 2 == 0 && Math.floorMod(exponent, 2) == 0) {
            size += 1;
        }
        if (d.signum() < 0) {
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

    /** Not used on hot paths; handy in tests. */
    static long utf8LengthSlow(String s) {
        return s.getBytes(StandardCharsets.UTF_8).length;
    }
}
