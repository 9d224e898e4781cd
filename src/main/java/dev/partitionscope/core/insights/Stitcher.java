package dev.partitionscope.core.insights;

import dev.partitionscope.core.heat.KeyTimeMatrix;
import dev.partitionscope.core.heat.MatrixUnit;
import dev.partitionscope.core.heat.Provenance;
import dev.partitionscope.core.heat.Quality;
import dev.partitionscope.core.heat.RowKey;
import java.time.Instant;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds a key × time matrix from Contributor Insights reports of consecutive sub-windows. One report ranks at most
 * 25 keys over its whole window, so a day-long report hides a key that was hot for one hour among keys busy all day;
 * one report per hour, stitched, shows every hour's hot keys in their own columns.
 */
public final class Stitcher {

    private Stitcher() {}

    public static KeyTimeMatrix stitch(StitchRequest request) {
        if (request.accessed().isEmpty() && request.throttled().isEmpty()) {
            return KeyTimeMatrix.empty(
                    request.start(),
                    request.bucketSeconds(),
                    request.columns(),
                    MatrixUnit.CONSUMED_UNITS_PER_MINUTE,
                    Provenance.CONTRIBUTOR_INSIGHTS_STITCHED);
        }
        KeyTimeMatrix.Builder builder = KeyTimeMatrix.builder(
                        request.start(),
                        request.bucketSeconds(),
                        request.columns(),
                        MatrixUnit.CONSUMED_UNITS_PER_MINUTE,
                        Provenance.CONTRIBUTOR_INSIGHTS_STITCHED)
                .flag(Quality.APPROXIMATE);
        boolean[] missing = new boolean[request.columns()];

        double[] shown = new double[request.columns()];
        for (Placed point : collect(request, request.accessed(), builder, missing)) {
            builder.add(point.row, point.column, point.value);
            shown[point.column] += point.value;
        }
        for (Placed point : collect(request, request.throttled(), builder, missing)) {
            builder.addThrottles(point.row, point.column, Math.round(point.value));
        }

        double[] tableTotals = request.tableUnitsPerBucket();
        if (tableTotals != null) {
            RowKey other = RowKey.other(request.table(), request.index());
            builder.ensureRow(other).flag(Quality.OTHER_ESTIMATED);
            for (int c = 0; c < request.columns(); c++) {
                if (!missing[c] && Double.isFinite(tableTotals[c])) {
                    // Contributor values are approximations: they can add up to a little more than the table total.
                    builder.add(other, c, Math.max(0, tableTotals[c] - shown[c]));
                }
            }
        }
        return builder.build();
    }

    /** A datapoint's identity: the same rule, key and timestamp seen in two overlapping reports is one datapoint. */
    private record Identity(String rule, List<String> keys, long epochSecond) {}

    private record Placed(RowKey row, int column, double value) {
        Placed larger(Placed other) {
            return other.value > value ? other : this;
        }
    }

    /**
     * The reports' datapoints inside the matrix, each once; several may fall into one cell (a report period finer
     * than the bucket) and are summed by the builder. Also marks failed windows missing and flags truncated ones.
     */
    private static Collection<Placed> collect(
            StitchRequest request, List<RuleReport> reports, KeyTimeMatrix.Builder builder, boolean[] missing) {
        long start = request.start().getEpochSecond();
        int bucket = request.bucketSeconds();
        // Overlapping reports (one's inclusive end is the next one's start) should agree on a shared datapoint; if
        // they do not, the larger value wins so the result does not depend on the order reports arrive in.
        Map<Identity, Placed> points = new LinkedHashMap<>();
        for (RuleReport report : reports) {
            if (report.failed()) {
                int from = column(report.start(), start, bucket, false);
                int to = column(report.end(), start, bucket, true);
                builder.markMissing(from, to, report.failure());
                for (int c = Math.max(0, from); c < Math.min(missing.length, to); c++) {
                    missing[c] = true;
                }
                continue;
            }
            if (report.truncated()) {
                builder.flag(Quality.TRUNCATED);
            }
            for (Contributor contributor : report.contributors()) {
                RowKey row = rowOf(request, contributor);
                if (row == null) {
                    continue;
                }
                long[] times = contributor.epochSeconds();
                double[] values = contributor.values();
                for (int i = 0; i < times.length; i++) {
                    long column = Math.floorDiv(times[i] - start, (long) bucket);
                    if (column < 0 || column >= request.columns() || !Double.isFinite(values[i]) || values[i] <= 0) {
                        continue;
                    }
                    Identity id = new Identity(report.rule().name(), contributor.keys(), times[i]);
                    points.merge(id, new Placed(row, (int) column, values[i]), Placed::larger);
                }
            }
        }
        return points.values();
    }

    private static RowKey rowOf(StitchRequest request, Contributor contributor) {
        List<String> keys = contributor.keys();
        if (keys.isEmpty()) {
            return null;
        }
        String sortKey = request.sortKeyLevel() && keys.size() > 1 ? keys.get(1) : null;
        return RowKey.of(request.table(), request.index(), keys.get(0), sortKey);
    }

    /** The column holding an instant, or with {@code ceiling} the first column after it, e.g. a window's end. */
    private static int column(Instant at, long start, int bucket, boolean ceiling) {
        long offset = at.getEpochSecond() - start;
        long column = ceiling ? -Math.floorDiv(-offset, (long) bucket) : Math.floorDiv(offset, (long) bucket);
        return (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, column));
    }
}
