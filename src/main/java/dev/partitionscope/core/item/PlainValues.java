package dev.partitionscope.core.item;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;

/** Items as plain values (for JSON and tables): strings, numbers, booleans, null, lists and maps; binary as base64. */
public final class PlainValues {
    private PlainValues() {}

    public static Map<String, Object> plain(Map<String, AttrValue> item) {
        Map<String, Object> m = new LinkedHashMap<>();
        item.forEach((k, v) -> m.put(k, plain(v)));
        return m;
    }

    public static Object plain(AttrValue v) {
        if (v instanceof AttrValue.S s) {
            return s.value();
        }
        if (v instanceof AttrValue.N n) {
            return n.value();
        }
        if (v instanceof AttrValue.B b) {
            return b.base64();
        }
        if (v instanceof AttrValue.Bool b) {
            return b.value();
        }
        if (v instanceof AttrValue.Null || v == null) {
            return null;
        }
        if (v instanceof AttrValue.SS s) {
            return s.values();
        }
        if (v instanceof AttrValue.NS s) {
            return s.values().stream().map(AttrValue.N::value).toList();
        }
        if (v instanceof AttrValue.BS s) {
            return s.values().stream().map(AttrValue.B::base64).toList();
        }
        if (v instanceof AttrValue.L l) {
            return l.values().stream().map(PlainValues::plain).toList();
        }
        Map<String, Object> m = new LinkedHashMap<>();
        ((AttrValue.M) v).values().forEach((k, x) -> m.put(k, plain(x)));
        return m;
    }

    /** One value as table text: numbers without exponent, "-" for absent. */
    public static String text(AttrValue v) {
        if (v == null) {
            return "-";
        }
        Object p = plain(v);
        return String.valueOf(p instanceof BigDecimal d ? d.toPlainString() : p);
    }
}
