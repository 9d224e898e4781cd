package dev.partitionscope.core.heat;

/**
 * One line of the top-keys table: how much a key consumed, how close its worst bucket came to the per-key ceiling
 * and how often it was throttled. A key can be hot without being big in total, which is why both are here.
 *
 * @param total                the row's total in the matrix's unit
 * @param share                the row's fraction (0..1) of the matrix total, the other-keys row included
 * @param peakPerMinute        the row's peak cell, per minute for per-minute units, as is for per-second units
 * @param peakPercentOfCeiling the peak as a percentage of the unit's per-key ceiling, NaN when the unit has none
 */
public record TopKey(
        RowKey key, double total, double share, double peakPerMinute, double peakPercentOfCeiling, long throttles) {}
