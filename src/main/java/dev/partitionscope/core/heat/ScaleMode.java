package dev.partitionscope.core.heat;

/** How a cell value becomes a colour level; see {@link HeatScale}. */
public enum ScaleMode {
    /** Linear percent of the per-key ceiling: the same colour means the same danger in every view and zoom. */
    ABSOLUTE,
    /** log(1 + v) / log(1 + max of the view): shows structure in a cold table, but cold can look hot. */
    RELATIVE_LOG
}
