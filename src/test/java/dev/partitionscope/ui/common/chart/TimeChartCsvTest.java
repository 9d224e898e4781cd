package dev.partitionscope.ui.common.chart;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.ui.common.chart.TimeChart.Kind;
import dev.partitionscope.ui.common.chart.TimeChart.Series;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxToolkit;

class TimeChartCsvTest {
    private static final Instant START = Instant.parse("2024-03-14T14:05:00Z");

    @BeforeAll
    static void toolkit() throws Exception {
        FxToolkit.registerPrimaryStage(); // a chart holds labels and canvases, which need the (headless) toolkit
    }

    @Test
    void writesIsoTimesInTheZoneAndNoDatapointAsAnEmptyCell() {
        TimeChart chart = new TimeChart("Write capacity", "WCU/s (Sum ÷ period)");
        chart.setData(
                START,
                60,
                List.of(
                        new Series("Consumed", "chart-write", Kind.LINE, new double[] {1234.5, Double.NaN, 12}),
                        new Series("Provisioned", "chart-limit", Kind.DASHED_LINE, new double[] {1000, 1000, 1000})),
                ZoneId.of("Europe/Berlin"));

        assertThat(chart.csv()).isEqualTo("""
                time,Consumed,Provisioned
                2024-03-14T15:05:00+01:00,1234.5,1000
                2024-03-14T15:06:00+01:00,,1000
                2024-03-14T15:07:00+01:00,12,1000
                """);
    }

    @Test
    void utcTimesEndInZ() {
        ChartData data = new ChartData(
                START,
                3600,
                List.of(new Series("Throttles", "chart-keyrange", Kind.STACKED_BAR, new double[] {0, 3})),
                ZoneOffset.UTC);
        assertThat(data.csv()).isEqualTo("""
                time,Throttles
                2024-03-14T14:05:00Z,0
                2024-03-14T15:05:00Z,3
                """);
    }

    @Test
    void aShorterSeriesLeavesItsLastCellsEmptyAndNamesWithCommasAreQuoted() {
        ChartData data = new ChartData(
                START,
                60,
                List.of(
                        new Series("GetItem, p99", "chart-c1", Kind.LINE, new double[] {1, 2, 3}),
                        new Series("Say \"hi\"", "chart-c2", Kind.LINE, new double[] {0.25})),
                ZoneOffset.UTC);
        assertThat(data.csv())
                .isEqualTo("time,\"GetItem, p99\",\"Say \"\"hi\"\"\"\n"
                        + "2024-03-14T14:05:00Z,1,0.25\n"
                        + "2024-03-14T14:06:00Z,2,\n"
                        + "2024-03-14T14:07:00Z,3,\n");
    }

    @Test
    void keepsItsOwnCopySoLaterWritesToTheArrayDoNotShow() {
        double[] values = {5, 6};
        TimeChart chart = new TimeChart("Reads", "RCU/s");
        chart.setData(START, 60, List.of(new Series("Consumed", "chart-read", Kind.LINE, values)), ZoneOffset.UTC);
        values[0] = 99;
        assertThat(chart.csv()).contains("2024-03-14T14:05:00Z,5\n");
    }

    @Test
    void noSeriesIsJustTheTimeColumn() {
        assertThat(new TimeChart("Empty", "count").csv()).isEqualTo("time\n");
    }

    @Test
    void stackedBarsAndLinesBothCountTowardsTheTopOfTheScale() {
        ChartData data = new ChartData(
                START,
                60,
                List.of(
                        new Series("Key range", "chart-keyrange", Kind.STACKED_BAR, new double[] {3, Double.NaN, 4}),
                        new Series(
                                "Provisioned", "chart-provisioned", Kind.STACKED_BAR, new double[] {5, 2, Double.NaN}),
                        new Series("Limit", "chart-limit", Kind.DASHED_LINE, new double[] {7, 7, 7})),
                ZoneOffset.UTC);
        assertThat(data.max()).isEqualTo(8);
        assertThat(data.barTotal(1)).isEqualTo(2);
    }
}
