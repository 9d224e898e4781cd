package dev.partitionscope.core.heat;

import dev.partitionscope.core.csv.CsvWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The keys of a matrix ranked by traffic, and their CSV export. Peaks are normalised to the unit's ceiling so a key
 * in a 5-minute bucket reads the same as one in a 1-minute bucket.
 */
public final class TopKeys {
    /** The CSV's numbers have at most this many decimals. */
    private static final int DECIMALS = 6;

    private static final Comparator<TopKey> ORDER = Comparator.comparingDouble(TopKey::total)
            .reversed()
            .thenComparing(Comparator.comparingLong(TopKey::throttles).reversed())
            .thenComparing(k -> k.key().label())
            .thenComparing(k -> k.key().resourceLabel());

    private TopKeys() {}

    /**
     * The {@code limit} busiest keys, by total then throttles. The other-keys row is left out (it is not a key) but
     * counts in every share; keys that were only throttled are kept, since they are the ones that hurt.
     */
    public static List<TopKey> of(KeyTimeMatrix m, int limit) {
        if (limit < 0) {
            throw new IllegalArgumentException("limit must not be negative: " + limit);
        }
        double matrixTotal = m.total();
        double minutesPerBucket = m.unit().perMinute() ? m.bucketSeconds() / 60.0 : 1;
        double ceiling = m.unit().ceiling();
        List<TopKey> keys = new ArrayList<>();
        for (int r = 0; r < m.rowCount(); r++) {
            RowKey key = m.row(r);
            double total = m.rowTotal(r);
            long throttles = m.rowThrottles(r);
            if (key.other() || (total == 0 && throttles == 0)) {
                continue;
            }
            double peak = m.rowPeak(r) / minutesPerBucket;
            keys.add(new TopKey(
                    key,
                    total,
                    matrixTotal > 0 ? total / matrixTotal : 0,
                    peak,
                    Double.isNaN(ceiling) ? Double.NaN : peak / ceiling * 100,
                    throttles));
        }
        keys.sort(ORDER);
        return List.copyOf(keys.subList(0, Math.min(limit, keys.size())));
    }

    /**
     * RFC 4180 CSV through {@link CsvWriter} (CRLF line ends, fields quoted when they hold a comma, quote or line
     * break) with '.' decimals (at most six) and no grouping, so spreadsheets in any locale read it. Unknown numbers
     * (no ceiling) are empty fields.
     */
    public static String csv(List<TopKey> keys, MatrixUnit unit) {
        return CsvWriter.build(csv -> {
            csv.row(
                    "table",
                    "index",
                    "partition_key",
                    "sort_key",
                    "total_" + unit.name().toLowerCase(Locale.ROOT),
                    "share_percent",
                    "peak_per_minute",
                    "peak_percent_of_ceiling",
                    "throttles");
            for (TopKey k : keys) {
                RowKey key = k.key();
                csv.field(key.table())
                        .field(key.index())
                        .field(key.partitionKey())
                        .field(key.sortKey())
                        .field(k.total(), DECIMALS)
                        .field(k.share() * 100, DECIMALS)
                        .field(k.peakPerMinute(), DECIMALS)
                        .field(k.peakPercentOfCeiling(), DECIMALS)
                        .field(k.throttles())
                        .endRow();
            }
        });
    }
}
