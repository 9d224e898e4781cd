package dev.partitionscope.core.fleet;

import java.util.Arrays;

/**
 * One table or GSI of the fleet: how often it throttled on a key range and otherwise, what it consumed, how close its
 * busiest period came to its capacity, and whether Contributor Insights and a stream are on. A null number is one
 * CloudWatch did not answer — unknown, never zero.
 *
 * @param index                 null for the base table
 * @param keyRangeThrottles     read + write KeyRange throttle events in the window
 * @param otherThrottles        throttle events of the other causes (provisioned capacity, account limit, on-demand
 *                              maximum), read + write
 * @param consumedReadUnits     read units consumed in the window
 * @param consumedWriteUnits    write units consumed in the window
 * @param peakPercentOfCapacity the busiest period's consumption per second as a percentage of the provisioned
 *                              capacity (or on-demand maximum), the larger of read and write
 * @param contributorInsights   ENABLED, DISABLED, ENABLING, … as DynamoDB reports it; null when unknown
 * @param stream                the stream's view type (KEYS_ONLY, NEW_IMAGE, …), "DISABLED", or null for a GSI
 * @param throttleSparkline     throttle events (all causes) per period; NaN where unknown
 */
public record FleetRow(
        String table,
        String index,
        Long keyRangeThrottles,
        Long otherThrottles,
        Double consumedReadUnits,
        Double consumedWriteUnits,
        Double peakPercentOfCapacity,
        String contributorInsights,
        String stream,
        double[] throttleSparkline) {

    public FleetRow {
        throttleSparkline = throttleSparkline.clone();
    }

    /** "Orders" or "Orders · byStatus". */
    public String label() {
        return index == null ? table : table + " · " + index;
    }

    @Override
    public double[] throttleSparkline() {
        return throttleSparkline.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FleetRow r
                && table.equals(r.table)
                && java.util.Objects.equals(index, r.index)
                && java.util.Objects.equals(keyRangeThrottles, r.keyRangeThrottles)
                && java.util.Objects.equals(otherThrottles, r.otherThrottles)
                && java.util.Objects.equals(consumedReadUnits, r.consumedReadUnits)
                && java.util.Objects.equals(consumedWriteUnits, r.consumedWriteUnits)
                && java.util.Objects.equals(peakPercentOfCapacity, r.peakPercentOfCapacity)
                && java.util.Objects.equals(contributorInsights, r.contributorInsights)
                && java.util.Objects.equals(stream, r.stream)
                && Arrays.equals(throttleSparkline, r.throttleSparkline);
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hash(table, index, keyRangeThrottles) * 31 + Arrays.hashCode(throttleSparkline);
    }

    @Override
    public String toString() {
        return "FleetRow[" + label() + ", keyRange=" + keyRangeThrottles + ", other=" + otherThrottles + "]";
    }

    /** KeyRange throttles descending (unknown after every known count), then table, then index (base table first). */
    public static final java.util.Comparator<FleetRow> ORDER = java.util.Comparator.comparingLong(
                    (FleetRow r) -> r.keyRangeThrottles == null ? 1 : -r.keyRangeThrottles - 1)
            .thenComparing(FleetRow::table)
            .thenComparing(FleetRow::index, java.util.Comparator.nullsFirst(java.util.Comparator.naturalOrder()));
}
