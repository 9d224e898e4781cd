package dev.partitionscope.ui.common.chart;

import dev.partitionscope.core.csv.CsvWriter;
import dev.partitionscope.ui.common.chart.TimeChart.Kind;
import dev.partitionscope.ui.common.chart.TimeChart.Series;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Objects;

/**
 * What one chart shows, as an immutable snapshot: the series are copied once when handed over, so a caller may keep
 * filling its arrays and the drawing never sees half an update. Also knows the y extent and the CSV form.
 */
public final class ChartData {
    static final ChartData EMPTY = new ChartData(Instant.EPOCH, 60, List.of(), ZoneOffset.UTC);

    private final Instant start;
    private final int periodSeconds;
    private final List<Series> series;
    private final ZoneId zone;
    private final int buckets;
    private final double max;

    public ChartData(Instant start, int periodSeconds, List<Series> series, ZoneId zone) {
        if (periodSeconds <= 0) {
            throw new IllegalArgumentException("period must be positive: " + periodSeconds);
        }
        this.start = Objects.requireNonNull(start, "start");
        this.periodSeconds = periodSeconds;
        this.zone = Objects.requireNonNull(zone, "zone");
        this.series = series.stream()
                .map(s -> new Series(
                        s.name(), s.colorClass(), s.kind(), s.values().clone()))
                .toList();
        this.buckets =
                this.series.stream().mapToInt(s -> s.values().length).max().orElse(0);
        this.max = computeMax();
    }

    public Instant start() {
        return start;
    }

    public int periodSeconds() {
        return periodSeconds;
    }

    public List<Series> series() {
        return series;
    }

    public ZoneId zone() {
        return zone;
    }

    /** The number of buckets: the longest series. */
    public int buckets() {
        return buckets;
    }

    public Instant bucketStart(int i) {
        return start.plusSeconds((long) i * periodSeconds);
    }

    public Instant end() {
        return bucketStart(buckets);
    }

    /** The highest line value or stacked bar total: what the y axis must hold. */
    public double max() {
        return max;
    }

    /** The height of bucket i's stack of bars (NaN and negative values add nothing). */
    public double barTotal(int i) {
        double sum = 0;
        for (Series s : series) {
            if (s.kind() == Kind.STACKED_BAR
                    && i < s.values().length
                    && s.values()[i] > 0
                    && Double.isFinite(s.values()[i])) {
                sum += s.values()[i];
            }
        }
        return sum;
    }

    private double computeMax() {
        double m = 0;
        for (Series s : series) {
            if (s.kind() != Kind.STACKED_BAR) {
                for (double v : s.values()) {
                    if (Double.isFinite(v) && v > m) {
                        m = v;
                    }
                }
            }
        }
        for (int i = 0; i < buckets; i++) {
            m = Math.max(m, barTotal(i));
        }
        return m;
    }

    /** "time" in ISO-8601 with the zone's offset, then one column per series; no datapoint is an empty cell. */
    public String csv() {
        // Lines end in \n: the metrics export strings several charts together, each under a "# title" line.
        return CsvWriter.build("\n", csv -> {
            csv.field("time");
            for (Series s : series) {
                csv.field(s.name());
            }
            csv.endRow();
            for (int i = 0; i < buckets; i++) {
                csv.field(DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(
                        bucketStart(i).atZone(zone)));
                for (Series s : series) {
                    csv.field(
                            i < s.values().length && Double.isFinite(s.values()[i])
                                    ? BigDecimal.valueOf(s.values()[i])
                                            .stripTrailingZeros()
                                            .toPlainString()
                                    : null);
                }
                csv.endRow();
            }
        });
    }
}
