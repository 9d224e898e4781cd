package dev.partitionscope.ui.common.heat;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.core.heat.HeatGrid;
import dev.partitionscope.core.heat.KeyTimeMatrix;
import dev.partitionscope.core.heat.MatrixUnit;
import dev.partitionscope.core.heat.Provenance;
import dev.partitionscope.core.heat.RowBucketing;
import dev.partitionscope.core.heat.RowKey;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * The traffic and throttle strips' scales carry units (issue 22's sweep saw "667k" and "12k" with none): the traffic
 * strip draws each column as a rate in the legend's unit, the throttle strip counts per column span.
 */
class StripScaleTest {
    private static final Instant START = Instant.parse("2026-06-01T00:00:00Z");

    private static HeatGrid grid(int bucketSeconds, int columns, int maxColumns, MatrixUnit unit) {
        KeyTimeMatrix.Builder b = KeyTimeMatrix.builder(START, bucketSeconds, columns, unit, Provenance.LAB_METER);
        for (int c = 0; c < columns; c++) {
            b.add(RowKey.of("orders", null, "A"), c, 60);
            b.add(RowKey.of("orders", null, "B"), c, 30);
        }
        return RowBucketing.bucket(b.build(), 10, maxColumns);
    }

    @Test
    void minuteColumnsOfConsumedUnitsReadAsUnitsPerMinuteAndThrottlesPerMinute() {
        HeatGrid g = grid(60, 4, 4, MatrixUnit.CONSUMED_UNITS_PER_MINUTE);
        HeatFrame f = HeatFrame.of(g);

        assertThat(f.columnTotals()).containsExactly(90, 90, 90, 90);
        assertThat(HeatmapPainter.stripUnit(g.unit())).isEqualTo("units/min");
        assertThat(HeatmapPainter.perColumn(g)).isEqualTo("/min");
    }

    @Test
    void mergedColumnsStayRatesAndTheThrottleSpanFollowsTheColumn() {
        HeatGrid g = grid(60, 10, 2, MatrixUnit.CONSUMED_UNITS_PER_MINUTE); // five minutes per column
        HeatFrame f = HeatFrame.of(g);

        assertThat(g.columnSeconds()).isEqualTo(300);
        assertThat(f.columnTotals())
                .as("450 units in five minutes: 90 a minute")
                .containsExactly(90, 90);
        assertThat(HeatmapPainter.perColumn(g)).isEqualTo("/5 min");
    }

    @Test
    void secondColumnsOfWriteUnitsReadAsWcuPerSecond() {
        HeatGrid g = grid(1, 60, 60, MatrixUnit.WRITE_UNITS_PER_SECOND);
        HeatFrame f = HeatFrame.of(g);

        assertThat(f.columnTotals()[0]).isEqualTo(90);
        assertThat(HeatmapPainter.stripUnit(g.unit())).isEqualTo("WCU/s");
        assertThat(HeatmapPainter.perColumn(g)).isEqualTo("/s");
    }
}
