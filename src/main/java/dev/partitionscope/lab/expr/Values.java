package dev.partitionscope.lab.expr;

import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.item.KeyOrder;
import java.util.Arrays;
import java.util.List;

/**
 * DynamoDB's comparison rules for expression operands, in one place so conditions, key conditions and updates
 * agree: values of different types are simply unequal and unordered (a comparison is then false, not an error),
 * only strings, numbers and binaries are ordered, and ordering is {@link KeyOrder}'s.
 */
final class Values {
    private Values() {}

    static boolean equal(AttrValue a, AttrValue b) {
        // AttrValue's equals already is DynamoDB's: numbers by value, sets as sets, lists and maps deeply.
        return a != null && b != null && a.type() == b.type() && a.equals(b);
    }

    /** Whether a and b can be ordered against each other (both S, both N or both B). */
    static boolean ordered(AttrValue a, AttrValue b) {
        if (a == null || b == null || a.type() != b.type()) {
            return false;
        }
        AttrValue.Type t = a.type();
        return t == AttrValue.Type.S || t == AttrValue.Type.N || t == AttrValue.Type.B;
    }

    /** Compares two values for which {@link #ordered} holds. */
    static int compare(AttrValue a, AttrValue b) {
        return KeyOrder.INSTANCE.compare(a, b);
    }

    static boolean beginsWith(AttrValue value, AttrValue prefix) {
        if (value == null || prefix == null || value.type() != prefix.type()) {
            return false;
        }
        if (value.type() == AttrValue.Type.S) {
            // A UTF-16 prefix of a well-formed string is exactly a code point (and so UTF-8 byte) prefix.
            return ((AttrValue.S) value).value().startsWith(((AttrValue.S) prefix).value());
        }
        if (value.type() == AttrValue.Type.B) {
            byte[] v = ((AttrValue.B) value).value();
            byte[] p = ((AttrValue.B) prefix).value();
            return p.length <= v.length && Arrays.equals(v, 0, p.length, p, 0, p.length);
        }
        return false;
    }

    /**
     * {@code contains(path, operand)}: substring of a string (or byte sequence of a binary), member of a set of the
     * operand's type, or an element of a list equal to the operand.
     */
    static boolean contains(AttrValue haystack, AttrValue needle) {
        if (haystack == null || needle == null) {
            return false;
        }
        return switch (haystack.type()) {
            case S ->
                needle.type() == AttrValue.Type.S
                        && ((AttrValue.S) haystack).value().contains(((AttrValue.S) needle).value());
            case B ->
                needle.type() == AttrValue.Type.B
                        && indexOf(((AttrValue.B) haystack).value(), ((AttrValue.B) needle).value()) >= 0;
            case SS ->
                needle.type() == AttrValue.Type.S
                        && ((AttrValue.SS) haystack).values().contains(((AttrValue.S) needle).value());
            case NS ->
                needle.type() == AttrValue.Type.N
                        && ((AttrValue.NS) haystack).values().contains(needle);
            case BS ->
                needle.type() == AttrValue.Type.B
                        && ((AttrValue.BS) haystack).values().contains(needle);
            case L -> {
                for (AttrValue element : ((AttrValue.L) haystack).values()) {
                    if (equal(element, needle)) {
                        yield true;
                    }
                }
                yield false;
            }
            default -> false;
        };
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    /**
     * {@code size(path)}: characters of a string, bytes of a binary, elements of a set or list, entries of a map;
     * {@code null} (no value, so every comparison is false) for other types or a missing attribute.
     */
    static AttrValue size(AttrValue v) {
        if (v == null) {
            return null;
        }
        long size;
        switch (v.type()) {
            // DynamoDB counts the string's characters here (UTF-16 units), not its UTF-8 bytes: size of "abÿ" is 3.
            case S -> size = ((AttrValue.S) v).value().length();
            case B -> size = ((AttrValue.B) v).value().length;
            case SS -> size = ((AttrValue.SS) v).values().size();
            case NS -> size = ((AttrValue.NS) v).values().size();
            case BS -> size = ((AttrValue.BS) v).values().size();
            case L -> size = ((AttrValue.L) v).values().size();
            case M -> size = ((AttrValue.M) v).values().size();
            default -> {
                return null;
            }
        }
        return AttrValue.N.of(size);
    }

    /** The operand of a BETWEEN message: {@code {S:abc}}, {@code {N:1}}. */
    static String describe(AttrValue v) {
        String text =
                switch (v.type()) {
                    case S -> ((AttrValue.S) v).value();
                    case N -> ((AttrValue.N) v).text();
                    case B -> ((AttrValue.B) v).base64();
                    default -> v.toString();
                };
        return "{" + v.type().name() + ":" + text + "}";
    }

    static boolean isSet(AttrValue v) {
        AttrValue.Type t = v.type();
        return t == AttrValue.Type.SS || t == AttrValue.Type.NS || t == AttrValue.Type.BS;
    }

    static List<?> setElements(AttrValue v) {
        return switch (v.type()) {
            case SS -> ((AttrValue.SS) v).values();
            case NS -> ((AttrValue.NS) v).values();
            case BS -> ((AttrValue.BS) v).values();
            default -> throw new IllegalArgumentException("not a set: " + v.type());
        };
    }
}
