package dev.partitionscope.core.heat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Objects;

/**
 * The heatmap as a spreadsheet: one CSV line per {@link HeatGrid} row, as drawn (merged rows stay merged, columns
 * are the grid's). RFC 4180: CRLF line ends, a field is quoted when it holds a comma, quote or line break (keys may),
 * quotes doubled. Numbers use '.' and no grouping or exponent, so spreadsheets in any locale read them.
 *
 * <pre>
 * # unit: throughput units/min, rates per minute, bucket 60 s
 * # row_total: the row's sum over the whole window, not a rate; an empty cell did not load
 * resource,first_key,last_key,keys,2026-06-22T10:00:00Z,2026-06-22T10:01:00Z,row_total
 * orders,PENDING,PENDING,1,180000,90000.5,270000.5
 * </pre>
 *
 * Cells are the grid's {@link HeatGrid#perMinute rates}, rounded to at most three decimals; a column that failed
 * to load entirely is an empty field, not a 0, so a gap is not mistaken for a cold minute.
 */
public final class HeatCsv {
    private static final String EOL = "\r\n";

    private HeatCsv() {}

    /** The whole CSV as one string. */
    public static String toCsv(HeatGrid grid) {
        StringBuilder out = new StringBuilder();
        try {
            write(grid, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringBuilder does not throw
        }
        return out.toString();
    }

    /** Streams the CSV line by line into {@code out} (a file writer, say) without building it in memory first. */
    public static void write(HeatGrid grid, Appendable out) throws IOException {
        Objects.requireNonNull(grid, "grid");
        Objects.requireNonNull(out, "out");
        MatrixUnit unit = grid.unit();
        out.append("# unit: ")
                .append(unit.label())
                .append(unit.perMinute() ? ", rates per minute" : ", mean rates per column")
                .append(", bucket ")
                .append(Integer.toString(grid.columnSeconds()))
                .append(" s")
                .append(EOL);
        out.append("# row_total: the row's sum over the whole window")
                .append(unit.perMinute() ? "" : " of its per-bucket rates")
                .append(", not a rate; an empty cell did not load")
                .append(EOL);
        out.append("resource,first_key,last_key,keys");
        for (int c = 0; c < grid.columnCount(); c++) {
            out.append(',').append(grid.columnStart(c).toString());
        }
        out.append(",row_total").append(EOL);
        for (int r = 0; r < grid.rowCount(); r++) {
            HeatRow row = grid.row(r);
            out.append(field(row.resourceLabel()))
                    .append(',')
                    .append(field(row.first().label()))
                    .append(',')
                    .append(field(row.last().label()))
                    .append(',')
                    .append(Integer.toString(row.memberCount()));
            for (int c = 0; c < grid.columnCount(); c++) {
                out.append(',');
                if (!grid.missing(c)) {
                    out.append(number(grid.perMinute(r, c)));
                }
            }
            out.append(',').append(number(grid.rowTotal(r))).append(EOL);
        }
    }

    /** The text as one CSV field: as is, or quoted with inner quotes doubled when it needs to be. */
    static String field(String text) {
        return TopKeys.field(text);
    }

    /** At most three decimals, half up, trailing zeros dropped, never an exponent: 180000, 0.333, 12.5. */
    static String number(double value) {
        if (!Double.isFinite(value)) {
            return "";
        }
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            return Long.toString((long) value); // the common case, without a BigDecimal
        }
        BigDecimal rounded =
                BigDecimal.valueOf(value).setScale(3, RoundingMode.HALF_UP).stripTrailingZeros();
        return rounded.signum() == 0 ? "0" : rounded.toPlainString();
    }
}
