package dev.partitionscope.core.item;

import java.util.List;
import java.util.Map;

/**
 * Items as CSV (RFC 4180: CRLF line ends; a field is quoted when it holds a comma, quote or line break, inner quotes
 * doubled): one header row of attribute names, one row per item with each value as {@link PlainValues#text} — the
 * same text the items table shows. A missing attribute is an empty field.
 */
public final class ItemsCsv {
    private ItemsCsv() {}

    public static String csv(List<String> columns, List<Map<String, AttrValue>> items) {
        StringBuilder sb = new StringBuilder();
        row(sb, columns);
        for (Map<String, AttrValue> item : items) {
            row(
                    sb,
                    columns.stream()
                            .map(c -> item.get(c) == null ? "" : PlainValues.text(item.get(c)))
                            .toList());
        }
        return sb.toString();
    }

    private static void row(StringBuilder sb, List<String> fields) {
        for (int i = 0; i < fields.size(); i++) {
            sb.append(i == 0 ? "" : ",").append(field(fields.get(i)));
        }
        sb.append("\r\n");
    }

    /** The text as one CSV field: as is, or quoted with inner quotes doubled when it needs to be. */
    public static String field(String text) {
        if (text == null) {
            return "";
        }
        if (text.indexOf(',') < 0 && text.indexOf('"') < 0 && text.indexOf('\n') < 0 && text.indexOf('\r') < 0) {
            return text;
        }
        return '"' + text.replace("\"", "\"\"") + '"';
    }
}
