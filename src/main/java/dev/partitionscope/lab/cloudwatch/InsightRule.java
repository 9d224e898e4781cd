package dev.partitionscope.lab.cloudwatch;

/**
 * One Contributor Insights rule as AWS names it: {@code DynamoDBContributorInsights-<KIND>-<resource>-<epoch-millis>}.
 * PKC/SKC rank keys by consumed throughput units (3 × write + read); PKT/SKT by throttled requests. SK rules exist only
 * when the table or index has a sort key; THROTTLED_KEYS mode creates only PKT/SKT.
 *
 * @param index        the GSI, or null for the table itself
 * @param createdMillis when insights were enabled: the rule has no data before this instant
 */
public record InsightRule(String name, String table, String index, Kind kind, long createdMillis) {

    public enum Kind {
        PKC(false, false),
        PKT(false, true),
        SKC(true, false),
        SKT(true, true);

        private final boolean sortKey;
        private final boolean throttled;

        Kind(boolean sortKey, boolean throttled) {
            this.sortKey = sortKey;
            this.throttled = throttled;
        }

        /** Partition + sort key contributors (SKC/SKT) rather than partition key only. */
        public boolean sortKey() {
            return sortKey;
        }

        /** Counts throttled requests (PKT/SKT) rather than consumed throughput units. */
        public boolean throttled() {
            return throttled;
        }
    }
}
