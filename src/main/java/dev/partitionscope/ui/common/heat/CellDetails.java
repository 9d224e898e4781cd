package dev.partitionscope.ui.common.heat;

import dev.partitionscope.core.heat.HeatGrid;
import dev.partitionscope.core.heat.HeatRow;
import dev.partitionscope.core.heat.HeatScale;
import dev.partitionscope.core.heat.ScaleMode;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What one heatmap cell holds, as labelled fields: the hover box shows their values, the pinned-cell panel shows
 * each with a copy button, and "Copy all" joins them as {@code name: value} lines.
 */
public record CellDetails(List<Field> fields) {
    /** One labelled value; {@code copy} is what the copy button puts on the clipboard (the full key, a number). */
    public record Field(String name, String value, String copy) {}

    static final String FROM = "From";
    static final String TO = "To";
    static final String CEILING = "Ceiling";
    static final String OF_CEILING = " of the partition ceiling";
    /** A row of folded shards: measured against its shards' ceilings together. */
    static final String OF_SHARD_CEILINGS = " of the partition ceilings of its shards";

    public static CellDetails of(HeatGrid grid, int row, int column, HeatScale scale, ZoneId zone) {
        HeatRow r = grid.row(row);
        List<Field> out = new ArrayList<>(8);
        if (r.other()) {
            out.add(new Field("Key", "Other keys (not listed individually)", "other keys"));
        } else if (r.merged()) {
            String keys = String.format(Locale.ROOT, "%,d keys merged", r.memberCount());
            out.add(new Field("Keys", keys, keys));
            out.add(new Field(FROM, r.first().label(), r.first().label()));
            out.add(new Field(TO, r.last().label(), r.last().label()));
        } else {
            out.add(new Field("Key", r.first().label(), r.first().partitionKey()));
        }
        out.add(new Field("Resource", r.resourceLabel(), r.resourceLabel()));
        boolean withDate = HeatTimeAxis.crossesDays(grid.columnStart(0), grid.columnStart(grid.columnCount()), zone);
        String span = HeatTimeAxis.span(grid.columnStart(column), grid.columnStart(column + 1), zone, withDate);
        out.add(new Field("Time", span, span));
        if (grid.missing(column)) {
            out.add(new Field("Value", "No data: this column did not load", ""));
        } else {
            double v = grid.perMinute(row, column);
            String value =
                    HeatHoverPainter.PreciseNumber.format(v) + " " + grid.unit().label();
            out.add(new Field(
                    "Value", value, HeatHoverPainter.PreciseNumber.format(v).replace(",", "")));
            if (scale != null && scale.mode() == ScaleMode.ABSOLUTE) {
                // A row of N folded shards is measured against its N keys' ceilings together.
                int n = grid.ceilingKeys(row);
                double share = scale.percentOfCeiling(v / n);
                String pct = String.format(Locale.ROOT, "%.1f %%", share)
                        + (n == 1 ? OF_CEILING : OF_SHARD_CEILINGS + " (" + n + ")");
                out.add(new Field(CEILING, pct, String.format(Locale.ROOT, "%.1f", share)));
            }
            if (grid.partlyMissing(column)) {
                out.add(new Field("Note", "Partly loaded: the value covers the loaded minutes", ""));
            }
        }
        if (grid.provenance() == dev.partitionscope.core.heat.Provenance.DYNAMODB_STREAM) {
            // A stream holds only the writes that succeeded: a throttled request never reaches it.
            out.add(new Field("Throttles", "not in a stream (see Metrics)", ""));
            return new CellDetails(List.copyOf(out));
        }
        long throttles = grid.throttles(row, column);
        out.add(new Field(
                "Throttles",
                throttles == 0 ? "no throttles" : String.format(Locale.ROOT, "%,d throttled requests", throttles),
                Long.toString(throttles)));
        return new CellDetails(List.copyOf(out));
    }

    /** "Key: OPS_LOG" lines, for Copy all. */
    public String text() {
        StringBuilder sb = new StringBuilder();
        for (Field f : fields) {
            sb.append(f.name()).append(": ").append(f.value()).append('\n');
        }
        return sb.toString();
    }
}
