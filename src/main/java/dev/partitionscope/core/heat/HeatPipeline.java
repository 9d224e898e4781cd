package dev.partitionscope.core.heat;

import dev.partitionscope.core.metrics.MetricsSnapshot;
import dev.partitionscope.core.metrics.Resource;
import dev.partitionscope.core.metrics.TableMetric;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * From what a source read (one key × time matrix per table or index, and the CloudWatch metrics of the same window)
 * to what the heatmap draws: the chosen resources merged, the chosen metric, write shards folded under their logical
 * key, the semantic zoom applied, rows bucketed, and the throttle strip split into KeyRange and other causes per
 * drawn column. Pure and immutable-in, immutable-out, so it runs on a worker thread.
 */
public final class HeatPipeline {
    /** Cause metrics counted as "hot key" throttles; every other cause metric is "other causes". */
    private static final Set<TableMetric> KEY_RANGE = Set.of(TableMetric.READ_KEY_RANGE, TableMetric.WRITE_KEY_RANGE);

    private static final List<TableMetric> OTHER_CAUSES = List.of(
            TableMetric.READ_PROVISIONED,
            TableMetric.WRITE_PROVISIONED,
            TableMetric.READ_ACCOUNT_LIMIT,
            TableMetric.WRITE_ACCOUNT_LIMIT,
            TableMetric.READ_MAX_ON_DEMAND,
            TableMetric.WRITE_MAX_ON_DEMAND);

    /**
     * What to draw.
     *
     * @param resources  the tables/indexes to show, in order; each keeps its own rows
     * @param separator  the key separator for shard detection; null detects it
     * @param expanded   logical keys whose shards stay on rows of their own
     * @param zoom       the semantic zoom, null for everything
     * @param targetRows about how many rows to bucket down to
     */
    public record Spec(
            List<Resource> resources,
            HeatMetric metric,
            boolean foldShards,
            Set<String> expanded,
            Character separator,
            HeatZoom zoom,
            int targetRows) {
        public Spec {
            resources = List.copyOf(resources);
            Objects.requireNonNull(metric, "metric");
            expanded = Set.copyOf(expanded);
            if (targetRows < 1) {
                throw new IllegalArgumentException("targetRows must be positive: " + targetRows);
            }
        }
    }

    /**
     * What to draw, and what it came from.
     *
     * @param full          the merged, metric-applied, folded matrix over the whole range (zooms slice it)
     * @param grid          the bucketed view of {@code full} under the zoom
     * @param zoom          the zoom in {@code full}'s columns (never null)
     * @param folding       the shards found (empty when folding is off)
     * @param separator     the separator used
     * @param keyRange      KeyRange throttle events per grid column, null when the source has no cause metrics
     * @param otherCauses   throttle events of every other cause per grid column, null likewise
     */
    public record Result(
            KeyTimeMatrix full,
            HeatGrid grid,
            HeatZoom zoom,
            ShardFolding folding,
            char separator,
            double[] keyRange,
            double[] otherCauses) {}

    private HeatPipeline() {}

    /** Runs the whole pipeline; the matrices of {@code spec.resources()} missing from {@code matrices} are skipped. */
    public static Result build(Map<Resource, KeyTimeMatrix> matrices, MetricsSnapshot snapshot, Spec spec) {
        List<KeyTimeMatrix> chosen = new ArrayList<>();
        for (Resource r : spec.resources()) {
            KeyTimeMatrix m = matrices.get(r);
            if (m != null) {
                chosen.add(m);
            }
        }
        if (chosen.isEmpty()) {
            return null;
        }
        KeyTimeMatrix m = chosen.size() == 1 ? chosen.get(0) : MatrixViews.merge(chosen);
        m = switch (spec.metric()) {
            case THROTTLES -> MatrixViews.throttlesAsValues(m);
            default -> m;
        };
        List<String> keys = partitionKeys(m);
        char separator = spec.separator() != null ? spec.separator() : KeyHierarchy.detectSeparator(keys);
        ShardFolding folding = KeyHierarchy.detectShards(spec.foldShards() ? keys : List.of(), separator);
        if (spec.foldShards() && !folding.logicalKeys().isEmpty()) {
            m = MatrixViews.foldShards(m, folding, spec.expanded());
        }
        HeatZoom zoom =
                spec.zoom() == null || spec.zoom().toColumn() > m.columns() ? HeatZoom.all(m.columns()) : spec.zoom();
        KeyTimeMatrix view = zoom.allKeys() && zoom.fromColumn() == 0 && zoom.toColumn() == m.columns()
                ? m
                : MatrixViews.slice(m, zoom.allKeys() ? allKeys(m) : zoom.keys(), zoom.fromColumn(), zoom.toColumn());
        HeatGrid grid = withFoldedCeilings(
                RowBucketing.bucket(view, spec.targetRows(), RowBucketing.ALL_COLUMNS, separator),
                spec.foldShards() ? folding : null,
                spec.expanded());
        double[][] causes = causes(snapshot, spec.resources(), zoom, grid);
        return new Result(
                m,
                grid,
                zoom,
                folding,
                separator,
                causes == null ? null : causes[0],
                causes == null ? null : causes[1]);
    }

    /**
     * A row that folds N shards sums N keys, each with its own partition ceiling: it is measured against N ceilings,
     * so ten healthy shards at 12 % each read 12 %, not 120 % of one key's ceiling. Merged rows of cold keys and the
     * other-keys row keep one.
     */
    static HeatGrid withFoldedCeilings(HeatGrid grid, ShardFolding folding, Set<String> expanded) {
        if (folding == null || folding.logicalKeys().isEmpty()) {
            return grid;
        }
        int[] perRow = new int[grid.rowCount()];
        boolean any = false;
        for (int r = 0; r < perRow.length; r++) {
            perRow[r] = 1;
            HeatRow row = grid.row(r);
            if (row.other() || row.merged()) {
                continue;
            }
            String key = grid.members(r).get(0).partitionKey();
            if (folding.logicalKeys().contains(key) && !expanded.contains(key)) {
                perRow[r] = Math.max(1, folding.shardCount(key));
                any |= perRow[r] > 1;
            }
        }
        return any ? grid.withCeilingKeys(perRow) : grid;
    }

    /**
     * The zoom that shows grid rows {@code firstRow..lastRow} and columns {@code firstColumn..lastColumn}
     * (inclusive) of a grid drawn under {@code current}: their member keys and bucket range in the full matrix.
     */
    public static HeatZoom zoomTo(
            HeatGrid grid, HeatZoom current, int firstRow, int lastRow, int firstColumn, int lastColumn) {
        int r0 = Math.max(0, Math.min(firstRow, lastRow));
        int r1 = Math.min(grid.rowCount() - 1, Math.max(firstRow, lastRow));
        int c0 = Math.max(0, Math.min(firstColumn, lastColumn));
        int c1 = Math.min(grid.columnCount() - 1, Math.max(firstColumn, lastColumn));
        if (r1 < r0 || c1 < c0) {
            throw new IllegalArgumentException("the selection is outside the grid");
        }
        Set<RowKey> keys = new LinkedHashSet<>();
        for (int r = r0; r <= r1; r++) {
            keys.addAll(grid.members(r));
        }
        int per = grid.bucketsPerColumn();
        int from = current.fromColumn() + c0 * per;
        int to = Math.min(current.toColumn(), current.fromColumn() + (c1 + 1) * per);
        boolean everyRow = r0 == 0 && r1 == grid.rowCount() - 1 && current.allKeys();
        return new HeatZoom(everyRow ? null : new ArrayList<>(keys), from, to);
    }

    /**
     * Throttle events per grid column split into {KeyRange, other causes}, summed over the resources; null when the
     * snapshot has none of the per-cause metrics (LocalStack, custom endpoints) or does not match the grid's buckets.
     */
    static double[][] causes(MetricsSnapshot snapshot, List<Resource> resources, HeatZoom zoom, HeatGrid grid) {
        if (snapshot == null || snapshot.columns() < zoom.toColumn()) {
            return null;
        }
        double[] keyRange = new double[snapshot.columns()];
        double[] other = new double[snapshot.columns()];
        boolean any = false;
        for (Resource r : resources) {
            for (TableMetric t : KEY_RANGE) {
                any |= addInto(keyRange, snapshot, r, t);
            }
            for (TableMetric t : OTHER_CAUSES) {
                any |= addInto(other, snapshot, r, t);
            }
        }
        if (!any) {
            return null;
        }
        int columns = grid.columnCount();
        int per = grid.bucketsPerColumn();
        double[] kr = new double[columns];
        double[] ot = new double[columns];
        for (int c = 0; c < columns; c++) {
            int from = zoom.fromColumn() + c * per;
            int to = Math.min(zoom.toColumn(), from + per);
            for (int b = from; b < to; b++) {
                kr[c] += keyRange[b];
                ot[c] += other[b];
            }
        }
        return new double[][] {kr, ot};
    }

    private static boolean addInto(double[] sum, MetricsSnapshot s, Resource r, TableMetric t) {
        if (!s.hasData(r, t)) {
            return false;
        }
        double[] raw = s.raw(r, t);
        for (int i = 0; i < sum.length && i < raw.length; i++) {
            if (!Double.isNaN(raw[i])) {
                sum[i] += raw[i];
            }
        }
        return true;
    }

    private static List<String> partitionKeys(KeyTimeMatrix m) {
        List<String> keys = new ArrayList<>(m.rowCount());
        for (int r = 0; r < m.rowCount(); r++) {
            RowKey k = m.row(r);
            if (!k.other()) {
                keys.add(k.partitionKey());
            }
        }
        return keys;
    }

    private static List<RowKey> allKeys(KeyTimeMatrix m) {
        List<RowKey> keys = new ArrayList<>(m.rowCount());
        for (int r = 0; r < m.rowCount(); r++) {
            keys.add(m.row(r));
        }
        return keys;
    }
}
