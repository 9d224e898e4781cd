package dev.partitionscope.lab.partition;

/**
 * The 16 ThrottlingReasons DynamoDB returns (since August 2025): Table|Index × Read|Write × cause. The wire string is
 * e.g. {@code TableWriteKeyRangeThroughputExceeded}; KeyRange means a hot partition.
 */
public record ThrottleReason(boolean index, boolean write, Cause cause, String resourceArn) {

    public enum Cause {
        KEY_RANGE("KeyRangeThroughputExceeded"),
        PROVISIONED("ProvisionedThroughputExceeded"),
        ACCOUNT_LIMIT("AccountLimitExceeded"),
        MAX_ON_DEMAND("MaxOnDemandThroughputExceeded");

        private final String suffix;

        Cause(String suffix) {
            this.suffix = suffix;
        }

        public String suffix() {
            return suffix;
        }
    }

    /** The reason string as DynamoDB sends it. */
    public String wire() {
        return (index ? "Index" : "Table") + (write ? "Write" : "Read") + cause.suffix();
    }
}
