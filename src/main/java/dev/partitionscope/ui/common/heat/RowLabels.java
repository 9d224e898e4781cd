package dev.partitionscope.ui.common.heat;

import dev.partitionscope.core.heat.HeatGrid;
import dev.partitionscope.core.heat.HeatRow;
import dev.partitionscope.core.heat.KeyHierarchy;
import dev.partitionscope.core.heat.LabelRun;
import dev.partitionscope.core.heat.RowKey;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The bars of the heatmap's label columns, computed once per grid: each row's key split into up to four labels
 * ({@link KeyHierarchy}), merged rows reduced to the labels their first and last key share plus a "first … last"
 * label, adjacent equal labels merged into one bar ({@link KeyHierarchy#labelRuns}). When the grid spans several
 * tables or indexes, the first column names the resource so rows of two key spaces never share a bar.
 */
public final class RowLabels {
    static final int MAX_COLUMNS = KeyHierarchy.MAX_COLUMNS;

    private RowLabels() {}

    /**
     * The label runs of each label column of {@code grid}.
     *
     * @param chosen the separator to split keys on; null detects it from the keys
     */
    public static List<List<LabelRun>> of(HeatGrid grid, Character chosen) {
        if (grid == null || grid.rowCount() == 0) {
            return List.of();
        }
        List<String> keys = new ArrayList<>();
        Set<String> resources = new LinkedHashSet<>();
        for (RowKey key : grid.keys()) {
            resources.add(key.resourceLabel());
            if (!key.other()) {
                keys.add(key.partitionKey());
            }
        }
        char separator = chosen != null ? chosen : KeyHierarchy.detectSeparator(keys);
        boolean withResource = resources.size() > 1;
        int keyColumns = withResource ? MAX_COLUMNS - 1 : MAX_COLUMNS;
        List<List<String>> rowLabels = new ArrayList<>(grid.rowCount());
        for (HeatRow row : grid.rows()) {
            List<String> labels = new ArrayList<>(MAX_COLUMNS);
            if (withResource) {
                labels.add(row.resourceLabel());
            }
            labels.addAll(labels(row, separator, keyColumns));
            rowLabels.add(labels);
        }
        return KeyHierarchy.labelRuns(rowLabels);
    }

    private static List<String> labels(HeatRow row, char separator, int columns) {
        if (row.other()) {
            return List.of(row.first().label());
        }
        List<String> first = KeyHierarchy.labels(text(row.first()), separator, columns);
        if (!row.merged()) {
            return first;
        }
        List<String> last = KeyHierarchy.labels(text(row.last()), separator, columns);
        List<String> out = new ArrayList<>(columns);
        int i = 0;
        while (i < first.size() && i < last.size() && first.get(i).equals(last.get(i))) {
            out.add(first.get(i++));
        }
        if (i < Math.max(first.size(), last.size())) {
            String a = i < first.size() ? first.get(i) : "";
            String b = i < last.size() ? last.get(i) : "";
            out.add(a + " … " + b);
        }
        return out;
    }

    /** The partition key, with the sort key after a slash for partition + sort key rows. */
    private static String text(RowKey key) {
        return key.sortKey() == null ? key.partitionKey() : key.partitionKey() + " / " + key.sortKey();
    }
}
