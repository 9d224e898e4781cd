package dev.partitionscope.core.heat;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.StringWriter;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class HeatCsvTest {
    private static final Instant START = Instant.parse("2026-06-22T10:00:00Z");

    private static KeyTimeMatrix.Builder builder(int bucketSeconds, int columns, MatrixUnit unit) {
        return KeyTimeMatrix.builder(START, bucketSeconds, columns, unit, Provenance.LAB_METER);
    }

    private static RowKey key(String pk) {
        return RowKey.of("orders", null, pk);
    }

    @Test
    void oneLinePerGridRowWithRatesPerMinuteAndTheRowTotal() {
        KeyTimeMatrix m = builder(60, 2, MatrixUnit.CONSUMED_UNITS_PER_MINUTE)
                .add(key("PENDING"), 0, 180_000)
                .add(key("PENDING"), 1, 90_000.5)
                .add(key("SHIPPED"), 1, 1)
                .build();

        String csv = HeatCsv.toCsv(RowBucketing.bucket(m, 10, RowBucketing.ALL_COLUMNS));

        assertThat(csv)
                .isEqualTo(""
                        + "# unit: throughput units/min, rates per minute, bucket 60 s\r\n"
                        + "# row_total: the row's sum over the whole window, not a rate; an empty cell did not load\r\n"
                        + "resource,first_key,last_key,keys,2026-06-22T10:00:00Z,2026-06-22T10:01:00Z,row_total\r\n"
                        + "orders,PENDING,PENDING,1,180000,90000.5,270000.5\r\n"
                        + "orders,SHIPPED,SHIPPED,1,0,1,1\r\n");
    }

    @Test
    void mergedColumnsAreRatesPerMinuteWithThreeDecimalsAtMost() {
        KeyTimeMatrix m = builder(60, 3, MatrixUnit.CONSUMED_UNITS_PER_MINUTE)
                .add(key("A"), 0, 1)
                .build();

        String csv = HeatCsv.toCsv(RowBucketing.bucket(m, 10, 1)); // one column of three minutes

        assertThat(csv)
                .contains("bucket 180 s")
                .contains("resource,first_key,last_key,keys,2026-06-22T10:00:00Z,row_total\r\n")
                .endsWith("orders,A,A,1,0.333,1\r\n");
    }

    @Test
    void numbersHaveNoExponentAndAtMostThreeDecimals() {
        assertThat(HeatCsv.number(180_000)).isEqualTo("180000");
        assertThat(HeatCsv.number(1e20)).isEqualTo("100000000000000000000");
        assertThat(HeatCsv.number(0.0001)).isEqualTo("0");
        assertThat(HeatCsv.number(0.0005)).isEqualTo("0.001");
        assertThat(HeatCsv.number(12.5)).isEqualTo("12.5");
        assertThat(HeatCsv.number(2.0 / 3)).isEqualTo("0.667");
        assertThat(HeatCsv.number(1234567.125)).isEqualTo("1234567.125");
        assertThat(HeatCsv.number((float) 0.1)).isEqualTo("0.1"); // cells are floats: no 0.10000000149
        assertThat(HeatCsv.number(-0.0)).isEqualTo("0");
    }

    @Test
    void keysWithCommasQuotesAndLineBreaksAreQuoted() {
        KeyTimeMatrix m = builder(60, 1, MatrixUnit.CONSUMED_UNITS_PER_MINUTE)
                .add(RowKey.of("orders", "by,status", "say \"hi\", twice"), 0, 2)
                .add(RowKey.of("orders", "by,status", "line\nbreak"), 0, 1)
                .build();

        String csv = HeatCsv.toCsv(RowBucketing.bucket(m, 10, RowBucketing.ALL_COLUMNS));

        assertThat(csv)
                .contains("\"orders · by,status\",\"line\nbreak\",\"line\nbreak\",1,1,1\r\n")
                .contains("\"orders · by,status\",\"say \"\"hi\"\", twice\",\"say \"\"hi\"\", twice\",1,2,2\r\n");
    }

    @Test
    void aMergedRowNamesItsFirstAndLastKeyAndCountsItsMembers() {
        KeyTimeMatrix.Builder b = builder(60, 1, MatrixUnit.CONSUMED_UNITS_PER_MINUTE);
        for (int i = 0; i < 20; i++) {
            b.add(key(String.format("K%02d", i)), 0, 1);
        }
        b.ensureRow(RowKey.other("orders", null));

        String csv = HeatCsv.toCsv(RowBucketing.bucket(b.build(), 3, RowBucketing.ALL_COLUMNS));

        assertThat(csv.lines().filter(l -> l.startsWith("orders,K")).toList())
                .allMatch(l -> l.matches("orders,K\\d\\d,K\\d\\d,\\d+,\\d+,\\d+"))
                .anyMatch(l -> !l.split(",", -1)[3].equals("1"));
        assertThat(csv).contains("orders,(other keys),(other keys),1,0,0\r\n");
    }

    @Test
    void aColumnThatFailedToLoadIsAnEmptyFieldNotAZero() {
        KeyTimeMatrix m = builder(60, 3, MatrixUnit.CONSUMED_UNITS_PER_MINUTE)
                .add(key("A"), 0, 5)
                .markMissing(1, 2, "timed out")
                .build();

        String csv = HeatCsv.toCsv(RowBucketing.bucket(m, 10, RowBucketing.ALL_COLUMNS));

        assertThat(csv).endsWith("orders,A,A,1,5,,0,5\r\n");
    }

    @Test
    void rateUnitsSayTheirCellsAreMeansNotPerMinute() {
        KeyTimeMatrix m = builder(60, 2, MatrixUnit.READ_UNITS_PER_SECOND)
                .add(key("A"), 0, 100)
                .add(key("A"), 1, 50)
                .build();

        String csv = HeatCsv.toCsv(RowBucketing.bucket(m, 10, 1));

        assertThat(csv)
                .startsWith("# unit: RCU/s, mean rates per column, bucket 120 s\r\n")
                .endsWith("orders,A,A,1,75,150\r\n");
    }

    @Test
    void writeStreamsTheSameTextIntoAnyAppendable() throws IOException {
        KeyTimeMatrix m = builder(300, 4, MatrixUnit.CONSUMED_UNITS_PER_MINUTE)
                .add(key("A"), 2, 750)
                .build();
        HeatGrid grid = RowBucketing.bucket(m, 10, RowBucketing.ALL_COLUMNS);
        StringWriter out = new StringWriter();

        HeatCsv.write(grid, out);

        assertThat(out.toString())
                .isEqualTo(HeatCsv.toCsv(grid))
                .contains(",2026-06-22T10:15:00Z,row_total\r\n")
                .endsWith("orders,A,A,1,0,0,150,0,750\r\n"); // 750 per 5 minutes is 150 a minute
    }
}
