package dev.partitionscope.core.csv;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Objects;

/**
 * The one CSV writer of every export (heatmap, top keys, audit matrix, items, chart series): RFC 4180 fields, one
 * row at a time, into any {@link Appendable} — a {@link StringBuilder} for the clipboard or a file writer, streamed.
 *
 * <p>Quoting (RFC 4180 §2.5–2.7): a field is enclosed in double quotes when it holds a comma, a double quote, CR or
 * LF, and inner quotes are doubled. Also when it starts or ends with a space or a tab (RFC 4180 keeps such spaces as
 * data, but readers that trim would drop them, and DynamoDB keys may have them) and when it starts with {@code #}
 * (readers told that {@code #} starts a comment line, as the heatmap's units are, would skip the row). Null is an
 * empty field, but an empty first field is written {@code ""}: a row of one empty field would otherwise be a blank
 * line, which readers skip. Lines end in CRLF unless the caller chooses otherwise (the metrics export keeps
 * {@code \n}).
 *
 * <p>Formula-like text ({@code =}, {@code +}, {@code -}, {@code @} first) is written as it is, not defused with a
 * leading apostrophe: the exports are data (keys read back, rates with a leading minus) and a changed key would be a
 * wrong key. A spreadsheet that evaluates a cell of the user's own table is the spreadsheet's prompt to answer.
 *
 * <p>Kept hand-written rather than Apache Commons CSV 1.14.1 (issue 19, item 4; {@code HeatCsvBenchmark} in
 * src/jmh): the writer is these few lines, Commons CSV would bring commons-io and commons-codec (about 0.9 MB) for
 * them and writes the 2,000 × 1,440 heatmap no faster (the same 30 MB, the time in number formatting either way);
 * its quoting rules are the ones above, but for also quoting fields that start with {@code !} or a control
 * character. What the library would have given — one quoting rule instead of four copies that had drifted apart (the
 * chart export did not quote CR) — is this class.
 */
public final class CsvWriter {
    public static final String CRLF = "\r\n";

    private final Appendable out;
    private final String lineEnd;
    private boolean rowStarted;

    /** RFC 4180 lines (CRLF). */
    public CsvWriter(Appendable out) {
        this(out, CRLF);
    }

    public CsvWriter(Appendable out, String lineEnd) {
        this.out = Objects.requireNonNull(out, "out");
        this.lineEnd = Objects.requireNonNull(lineEnd, "lineEnd");
    }

    /** A text field, quoted when it needs to be; null is an empty field. */
    public CsvWriter field(String text) throws IOException {
        boolean first = !rowStarted;
        separator();
        if (text == null || text.isEmpty()) {
            if (first) {
                out.append("\"\""); // else a row of one empty field is a blank line, which readers skip
            }
        } else if (needsQuotes(text)) {
            appendQuoted(text);
        } else {
            out.append(text);
        }
        return this;
    }

    /** A whole number. */
    public CsvWriter field(long value) throws IOException {
        separator();
        out.append(Long.toString(value));
        return this;
    }

    /** A decimal as {@link #decimal} writes it: empty when not finite. */
    public CsvWriter field(double value, int maxDecimals) throws IOException {
        separator();
        out.append(decimal(value, maxDecimals));
        return this;
    }

    /** Every field of a row, then the line end. */
    public CsvWriter row(Iterable<String> fields) throws IOException {
        for (String f : fields) {
            field(f);
        }
        return endRow();
    }

    /** Every field of a row, then the line end. */
    public CsvWriter row(String... fields) throws IOException {
        for (String f : fields) {
            field(f);
        }
        return endRow();
    }

    public CsvWriter endRow() throws IOException {
        out.append(lineEnd);
        rowStarted = false;
        return this;
    }

    /**
     * A comment line, {@code # text} (not RFC 4180, but what spreadsheets' and pandas' {@code comment='#'} skip):
     * the heatmap's units. Only between rows.
     */
    public CsvWriter comment(String text) throws IOException {
        if (rowStarted) {
            throw new IllegalStateException("a comment goes between rows");
        }
        out.append("# ").append(text).append(lineEnd);
        return this;
    }

    private void separator() throws IOException {
        if (rowStarted) {
            out.append(',');
        }
        rowStarted = true;
    }

    private void appendQuoted(String text) throws IOException {
        out.append('"');
        int from = 0;
        for (int q = text.indexOf('"'); q >= 0; q = text.indexOf('"', from)) {
            out.append(text, from, q + 1).append('"');
            from = q + 1;
        }
        out.append(text, from, text.length()).append('"');
    }

    /** Whether {@code text} must be quoted to read back as itself (see the class comment). */
    public static boolean needsQuotes(String text) {
        int n = text.length();
        if (n == 0) {
            return false;
        }
        char first = text.charAt(0);
        char last = text.charAt(n - 1);
        if (first == ' ' || first == '\t' || first == '#' || last == ' ' || last == '\t') {
            return true;
        }
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            if (c == ',' || c == '"' || c == '\n' || c == '\r') {
                return true;
            }
        }
        return false;
    }

    /** {@code text} as one field: as it is, or quoted with inner quotes doubled; null is empty. */
    public static String quote(String text) {
        if (text == null) {
            return "";
        }
        if (!needsQuotes(text)) {
            return text;
        }
        StringBuilder sb = new StringBuilder(text.length() + 4);
        try {
            new CsvWriter(sb).appendQuoted(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringBuilder does not throw
        }
        return sb.toString();
    }

    /**
     * A number as spreadsheets in any locale read it: '.' decimals, no grouping, never an exponent, at most
     * {@code maxDecimals} decimals (half up), trailing zeros dropped — {@code 180000}, {@code 0.333}, {@code 12.5};
     * empty when not finite (an unknown is not a zero).
     */
    public static String decimal(double value, int maxDecimals) {
        if (!Double.isFinite(value)) {
            return "";
        }
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            return Long.toString((long) value); // the common case, without a BigDecimal
        }
        BigDecimal rounded = BigDecimal.valueOf(value)
                .setScale(maxDecimals, RoundingMode.HALF_UP)
                .stripTrailingZeros();
        return rounded.signum() == 0 ? "0" : rounded.toPlainString();
    }

    /** A CSV built in memory: runs {@code rows} on a writer over a {@link StringBuilder} and returns the text. */
    public static String build(String lineEnd, Rows rows) {
        StringBuilder sb = new StringBuilder();
        try {
            rows.write(new CsvWriter(sb, lineEnd));
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringBuilder does not throw
        }
        return sb.toString();
    }

    /** A CSV built in memory, RFC 4180 lines. */
    public static String build(Rows rows) {
        return build(CRLF, rows);
    }

    /** What {@link #build} runs. */
    @FunctionalInterface
    public interface Rows {
        void write(CsvWriter csv) throws IOException;
    }
}
