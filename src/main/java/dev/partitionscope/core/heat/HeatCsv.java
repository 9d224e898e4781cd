package dev.partitionscope.core.heat;

import dev.partitionscope.core.csv.CsvWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Objects;

/**
 * The heatmap as a spreadsheet: one CSV line per {@link HeatGrid} row, as drawn (merged rows stay merged, columns
 * are the grid's). RFC 4180 through {@link CsvWriter}: CRLF line ends, a field is quoted when it holds a comma,
 * quote or line break (keys may) or starts or ends with a space, quotes doubled. Numbers use '.' and no grouping or
 * exponent, so spreadsheets in any locale read them.
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
    /** Cells are rounded to at most this many decimals. */
    private static final int DECIMALS = 3;

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
        CsvWriter csv = new CsvWriter(out);
        MatrixUnit unit = grid.unit();
        csv.comment("unit: " + unit.label() + (unit.perMinute() ? ", rates per minute" : ", mean rates per column")
                + ", bucket " + grid.columnSeconds() + " s");
        csv.comment("row_total: the row's sum over the whole window"
                + (unit.perMinute() ? "" : " of its per-bucket rates")
                + ", not a rate; an empty cell did not load");
        csv.field("resource").field("first_key").field("last_key").field("keys");
        for (int c = 0; c < grid.columnCount(); c++) {
            csv.field(grid.columnStart(c).toString());
        }
        csv.field("row_total").endRow();
        for (int r = 0; r < grid.rowCount(); r++) {
            HeatRow row = grid.row(r);
            csv.field(row.resourceLabel())
                    .field(row.first().label())
                    .field(row.last().label())
                    .field(row.memberCount());
            for (int c = 0; c < grid.columnCount(); c++) {
                if (grid.missing(c)) {
                    csv.field(null);
                } else {
                    csv.field(grid.perMinute(r, c), DECIMALS);
                }
            }
            csv.field(grid.rowTotal(r), DECIMALS).endRow();
        }
    }

    /** A cell's text: at most three decimals, half up, trailing zeros dropped, never an exponent: 180000, 0.333. */
    static String number(double value) {
        return CsvWriter.decimal(value, DECIMALS);
    }
}
