package dev.partitionscope.lab.partition;

import java.util.List;
import java.util.OptionalLong;

/**
 * A consistent picture of one table's partition model at one instant, for the Lab screen (partitions, key ranges,
 * load and tokens) and for tests. Immutable; taken under the model's lock.
 *
 * @param epochMillis when it was taken (Lab clock)
 * @param table       the base table
 * @param indexes     the GSIs, in name order
 */
public record ModelSnapshot(
        String tableName, long epochMillis, ModelParams params, ResourceView table, List<ResourceView> indexes) {

    public ModelSnapshot {
        indexes = List.copyOf(indexes);
    }

    /** The table or a GSI by name (the table's own name, or an index name); null when unknown. */
    public ResourceView resource(String indexOrNull) {
        if (indexOrNull == null) {
            return table;
        }
        for (ResourceView v : indexes) {
            if (v.name().equals(indexOrNull)) {
                return v;
            }
        }
        return null;
    }

    /**
     * One table or GSI.
     *
     * @param readLimit              provisioned RCU/s; for on-demand the configured maximum, or -1 when none
     * @param writeLimit             provisioned WCU/s; for on-demand the configured maximum, or -1 when none
     * @param readAvailable          read units the table level would admit now (incl. burst); for on-demand the
     *                               tightest of maximum, account quota and peak allowance
     * @param writeAvailable         the same for writes
     * @param readConsumedLastSecond read units consumed in the last complete second
     * @param onDemandAllowance      on-demand: write-equivalent units/s taken at once (max(initial, 2 × previous
     *                               peak)); reads count {@code initialWrite / initialRead} each; NaN if provisioned
     * @param onDemandPreviousPeak   on-demand: the established previous peak, write-equivalent units/s; NaN if not
     * @param splitCount             partitions split for heat so far
     */
    public record ResourceView(
            String name,
            String arn,
            boolean index,
            boolean onDemand,
            double readLimit,
            double writeLimit,
            double readAvailable,
            double writeAvailable,
            double readConsumedLastSecond,
            double writeConsumedLastSecond,
            double onDemandAllowance,
            double onDemandPreviousPeak,
            int splitCount,
            List<PartitionView> partitions) {

        public ResourceView {
            partitions = List.copyOf(partitions);
        }

        public String billingMode() {
            return onDemand ? "PAY_PER_REQUEST" : "PROVISIONED";
        }

        /** The partition holding a key hash. */
        public PartitionView partitionOf(long keyHash) {
            for (PartitionView p : partitions) {
                if (p.contains(keyHash)) {
                    return p;
                }
            }
            throw new IllegalStateException("no partition holds " + Long.toUnsignedString(keyHash));
        }
    }

    /**
     * One partition: hash range {@code [lo, hi)} as unsigned longs ({@code hi == 0} on the last partition stands
     * for 2^64), ceilings, load in the last complete second, tokens available now (the partition ceiling combined
     * with its share, or with the table's pool under adaptive capacity), and heat.
     *
     * @param hotSeconds    consecutive seconds near the ceiling so far (split for heat fires at the threshold)
     * @param isolated      the partition holds exactly one hash: a key isolated by split for heat
     * @param hottestKey    the key hash carrying most load in the current hot streak, if any was tracked
     */
    public record PartitionView(
            int number,
            long lo,
            long hi,
            double readCeiling,
            double writeCeiling,
            double readConsumedLastSecond,
            double writeConsumedLastSecond,
            double readAvailable,
            double writeAvailable,
            int hotSeconds,
            boolean isolated,
            OptionalLong hottestKey) {

        public boolean contains(long hash) {
            return Long.compareUnsigned(hash, lo) >= 0 && (hi == 0 || Long.compareUnsigned(hash, hi) < 0);
        }

        /** The isolated key's hash when {@link #isolated()}. */
        public OptionalLong isolatedKey() {
            return isolated ? OptionalLong.of(lo) : OptionalLong.empty();
        }

        /** Share of the hash space this partition owns, in (0, 1]. */
        public double keySpaceShare() {
            long w = hi - lo;
            return w == 0 ? 1.0 : unsignedToDouble(w) / 0x1p64; // 2^64
        }

        private static double unsignedToDouble(long v) {
            double d = (double) (v >>> 1) * 2.0;
            return d + (v & 1);
        }
    }
}
