package dev.partitionscope.ui.metrics;

import dev.partitionscope.core.metrics.DataState;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** CSS classes per data state, so "not enabled", "access denied" and "truncated" each look like themselves. */
final class DataStateStyles {
    static final List<String> ALL =
            Arrays.stream(DataState.values()).map(DataStateStyles::of).toList();

    private DataStateStyles() {}

    static String of(DataState s) {
        return "state-" + s.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
