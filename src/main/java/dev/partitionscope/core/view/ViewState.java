package dev.partitionscope.core.view;

import dev.partitionscope.core.heat.HeatZoom;
import dev.partitionscope.core.heat.RowKey;
import dev.partitionscope.core.time.TimeRange;
import java.time.Instant;
import java.util.List;

/**
 * Where the user was looking when a recording or snapshot was saved — the screen, the table and index, the absolute
 * time window, and the heatmap's zoom, options and pinned key — so the file reopens at that view, like a link to it.
 * Plain values only (names and numbers, no live objects), so it is written into the file as JSON and read back by
 * a later version; every part but the screen may be missing.
 *
 * @param screen  the screen's name ({@code HEATMAP}); an unknown one opens the default screen
 * @param index   the GSI shown, or null for the base table
 * @param range   the absolute window: a recording reopens with its original range, not "the last hour" of today
 * @param heatmap the heatmap's state, or null when the heatmap was never opened
 * @param metrics the metrics screen's state, or null
 */
public record ViewState(String screen, String table, String index, Range range, Heatmap heatmap, Metrics metrics) {

    /**
     * A time window [from, to) and how times were shown.
     *
     * @param preset the preset the window came from ({@code LAST_3H}), for the record; reopening uses the instants
     */
    public record Range(long fromMillis, long toMillis, boolean utc, String preset) {
        public static Range of(TimeRange.Window window, TimeRange range) {
            return new Range(
                    window.start().toEpochMilli(),
                    window.end().toEpochMilli(),
                    range.utc(),
                    range.preset().name());
        }

        /** The same window as a custom range; null when it is not a valid window. */
        public TimeRange toTimeRange() {
            return toMillis > fromMillis
                    ? TimeRange.custom(Instant.ofEpochMilli(fromMillis), Instant.ofEpochMilli(toMillis), utc)
                    : null;
        }
    }

    /** A heatmap row's key, as {@link RowKey} holds it. */
    public record Key(String table, String index, String partitionKey, String sortKey, boolean other) {
        public static Key of(RowKey k) {
            return new Key(k.table(), k.index(), k.partitionKey(), k.sortKey(), k.other());
        }

        public RowKey toRowKey() {
            return new RowKey(table, index, partitionKey, sortKey, other);
        }
    }

    /** A semantic zoom ({@link HeatZoom}): keys (null: all) and the bucket range of the whole window's matrix. */
    public record Zoom(List<Key> keys, int fromColumn, int toColumn) {
        public static Zoom of(HeatZoom z) {
            return new Zoom(
                    z.keys() == null ? null : z.keys().stream().map(Key::of).toList(), z.fromColumn(), z.toColumn());
        }

        public HeatZoom toHeatZoom() {
            return new HeatZoom(
                    keys == null ? null : keys.stream().map(Key::toRowKey).toList(), fromColumn, toColumn);
        }
    }

    /**
     * The pinned cell, by key and time rather than by row and column, so it is found again however the rows are
     * bucketed when the file is reopened.
     *
     * @param atMillis the start of the pinned column
     */
    public record Pin(Key key, long atMillis) {}

    /**
     * What the Heatmap screen showed: metric, scale, how shards and resources were folded, zoom and pin.
     *
     * @param metric     {@code THROUGHPUT} or {@code THROTTLES}
     * @param scaleMode  {@code ABSOLUTE} or {@code RELATIVE_LOG}
     * @param expanded   logical keys whose shards were shown on rows of their own
     * @param zoom       null when the whole window was shown
     * @param pin        null when nothing was pinned
     */
    public record Heatmap(
            String metric,
            String scaleMode,
            boolean foldShards,
            boolean allResources,
            List<String> expanded,
            Zoom zoom,
            Pin pin) {
        public Heatmap {
            expanded = expanded == null ? List.of() : List.copyOf(expanded);
        }
    }

    /**
     * What the Metrics screen showed.
     *
     * @param sortKeyLevel the partition + sort key view of the top keys was shown
     */
    public record Metrics(boolean sortKeyLevel) {}
}
