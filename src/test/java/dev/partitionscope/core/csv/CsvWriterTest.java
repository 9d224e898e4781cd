package dev.partitionscope.core.csv;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class CsvWriterTest {

    @Test
    void quotesOnlyWhatRfc4180NeedsPlusEdgeSpaces() {
        assertThat(CsvWriter.quote("plain")).isEqualTo("plain");
        assertThat(CsvWriter.quote("")).isEmpty();
        assertThat(CsvWriter.quote(null)).isEmpty();
        assertThat(CsvWriter.quote("a,b")).isEqualTo("\"a,b\"");
        assertThat(CsvWriter.quote("say \"hi\"")).isEqualTo("\"say \"\"hi\"\"\"");
        assertThat(CsvWriter.quote("\"")).isEqualTo("\"\"\"\"");
        assertThat(CsvWriter.quote("line\nbreak")).isEqualTo("\"line\nbreak\"");
        assertThat(CsvWriter.quote("carriage\rreturn")).isEqualTo("\"carriage\rreturn\"");
        assertThat(CsvWriter.quote(" leading")).isEqualTo("\" leading\"");
        assertThat(CsvWriter.quote("trailing ")).isEqualTo("\"trailing \"");
        assertThat(CsvWriter.quote("\ttab")).isEqualTo("\"\ttab\"");
        assertThat(CsvWriter.quote("inner space")).isEqualTo("inner space");
        // Not quoted and not defused: a key that looks like a formula is still the key.
        assertThat(CsvWriter.quote("=SUM(A1)")).isEqualTo("=SUM(A1)");
        assertThat(CsvWriter.quote("-5")).isEqualTo("-5");
        assertThat(CsvWriter.quote("#tag")).isEqualTo("\"#tag\""); // not a comment line
        assertThat(CsvWriter.quote("tag#")).isEqualTo("tag#");
    }

    @Test
    void writesRowsCommentsAndNumbers() {
        String csv = CsvWriter.build(w -> {
            w.comment("unit: RCU");
            w.row("a", "b,c", null);
            w.field("x")
                    .field(42)
                    .field(0.3333333, 3)
                    .field(Double.NaN, 3)
                    .field(180000.0, 3)
                    .endRow();
            w.row(List.of());
        });
        assertThat(csv).isEqualTo("# unit: RCU\r\na,\"b,c\",\r\nx,42,0.333,,180000\r\n\r\n");
    }

    @Test
    void anEmptyFirstFieldIsQuotedSoTheRowIsNotABlankLine() {
        assertThat(CsvWriter.build(w -> w.row("").row((String) null).row("", "").row("a", "")))
                .isEqualTo("\"\"\r\n\"\"\r\n\"\",\r\na,\r\n");
    }

    @Test
    void theLineEndIsTheCallersChoice() {
        assertThat(CsvWriter.build("\n", w -> w.row("a", "b").row("c"))).isEqualTo("a,b\nc\n");
    }

    @Test
    void aCommentInsideARowIsAMistake() {
        assertThatThrownBy(() -> CsvWriter.build(w -> w.field("a").comment("no")))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void decimalsRoundHalfUpWithoutExponentOrGrouping() {
        assertThat(CsvWriter.decimal(1e20, 3)).isEqualTo("100000000000000000000");
        assertThat(CsvWriter.decimal(0.0005, 3)).isEqualTo("0.001");
        assertThat(CsvWriter.decimal(0.0004, 3)).isEqualTo("0");
        assertThat(CsvWriter.decimal(-0.0, 3)).isEqualTo("0");
        assertThat(CsvWriter.decimal(-2.5, 3)).isEqualTo("-2.5");
        assertThat(CsvWriter.decimal(33.3333333, 6)).isEqualTo("33.333333");
        assertThat(CsvWriter.decimal(Double.POSITIVE_INFINITY, 6)).isEmpty();
    }
}
