package dev.partitionscope.core.item;

import dev.partitionscope.core.csv.CsvWriter;
import java.util.List;
import java.util.Map;

/**
 * Items as CSV (RFC 4180 through {@link CsvWriter}: CRLF line ends; a field is quoted when it holds a comma, quote
 * or line break, inner quotes doubled): one header row of attribute names, one row per item with each value as
 * {@link PlainValues#text} — the same text the items table shows. A missing attribute is an empty field.
 */
public final class ItemsCsv {
    private ItemsCsv() {}

    public static String csv(List<String> columns, List<Map<String, AttrValue>> items) {
        return CsvWriter.build(csv -> {
            csv.row(columns);
            for (Map<String, AttrValue> item : items) {
                for (String c : columns) {
                    AttrValue v = item.get(c);
                    csv.field(v == null ? "" : PlainValues.text(v));
                }
                csv.endRow();
            }
        });
    }
}
