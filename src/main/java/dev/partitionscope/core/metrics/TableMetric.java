package dev.partitionscope.core.metrics;

/**
 * The {@code AWS/DynamoDB} metrics the metrics screen reads, with the statistic that makes sense for each. Consumed
 * units are summed per period and shown per second (Sum ÷ Period); provisioned units are already per second
 * (Average); throttle counts are Sums where an absent datapoint means zero.
 */
public enum TableMetric {
    CONSUMED_READ("ConsumedReadCapacityUnits", "Sum", Kind.CONSUMED, Direction.READ, null),
    CONSUMED_WRITE("ConsumedWriteCapacityUnits", "Sum", Kind.CONSUMED, Direction.WRITE, null),
    PROVISIONED_READ("ProvisionedReadCapacityUnits", "Average", Kind.PROVISIONED, Direction.READ, null),
    PROVISIONED_WRITE("ProvisionedWriteCapacityUnits", "Average", Kind.PROVISIONED, Direction.WRITE, null),
    READ_THROTTLES("ReadThrottleEvents", "Sum", Kind.THROTTLES, Direction.READ, null),
    WRITE_THROTTLES("WriteThrottleEvents", "Sum", Kind.THROTTLES, Direction.WRITE, null),
    READ_KEY_RANGE("ReadKeyRangeThroughputThrottleEvents", "Sum", Kind.THROTTLE_CAUSE, Direction.READ, Cause.KEY_RANGE),
    WRITE_KEY_RANGE(
            "WriteKeyRangeThroughputThrottleEvents", "Sum", Kind.THROTTLE_CAUSE, Direction.WRITE, Cause.KEY_RANGE),
    READ_PROVISIONED(
            "ReadProvisionedThroughputThrottleEvents", "Sum", Kind.THROTTLE_CAUSE, Direction.READ, Cause.PROVISIONED),
    WRITE_PROVISIONED(
            "WriteProvisionedThroughputThrottleEvents", "Sum", Kind.THROTTLE_CAUSE, Direction.WRITE, Cause.PROVISIONED),
    READ_ACCOUNT_LIMIT(
            "ReadAccountLimitThrottleEvents", "Sum", Kind.THROTTLE_CAUSE, Direction.READ, Cause.ACCOUNT_LIMIT),
    WRITE_ACCOUNT_LIMIT(
            "WriteAccountLimitThrottleEvents", "Sum", Kind.THROTTLE_CAUSE, Direction.WRITE, Cause.ACCOUNT_LIMIT),
    READ_MAX_ON_DEMAND(
            "ReadMaxOnDemandThroughputThrottleEvents", "Sum", Kind.THROTTLE_CAUSE, Direction.READ, Cause.MAX_ON_DEMAND),
    WRITE_MAX_ON_DEMAND(
            "WriteMaxOnDemandThroughputThrottleEvents",
            "Sum",
            Kind.THROTTLE_CAUSE,
            Direction.WRITE,
            Cause.MAX_ON_DEMAND),
    /** Per operation (TableName + Operation dimensions), table only. */
    THROTTLED_REQUESTS("ThrottledRequests", "Sum", Kind.PER_OPERATION, null, null),
    /** Per operation, milliseconds. */
    LATENCY("SuccessfulRequestLatency", "Average", Kind.PER_OPERATION, null, null);

    public enum Kind {
        CONSUMED,
        PROVISIONED,
        THROTTLES,
        THROTTLE_CAUSE,
        PER_OPERATION
    }

    public enum Direction {
        READ("read", "RCU"),
        WRITE("write", "WCU");

        private final String word;
        private final String unit;

        Direction(String word, String unit) {
            this.word = word;
            this.unit = unit;
        }

        public String word() {
            return word;
        }

        /** "RCU" or "WCU". */
        public String unit() {
            return unit;
        }
    }

    /** The four throttle causes DynamoDB reports since August 2025. */
    public enum Cause {
        KEY_RANGE("hot partition (KeyRange)"),
        PROVISIONED("provisioned capacity"),
        ACCOUNT_LIMIT("account limit"),
        MAX_ON_DEMAND("on-demand maximum");

        private final String label;

        Cause(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    private final String metricName;
    private final String statistic;
    private final Kind kind;
    private final Direction direction;
    private final Cause cause;

    TableMetric(String metricName, String statistic, Kind kind, Direction direction, Cause cause) {
        this.metricName = metricName;
        this.statistic = statistic;
        this.kind = kind;
        this.direction = direction;
        this.cause = cause;
    }

    public String metricName() {
        return metricName;
    }

    public String statistic() {
        return statistic;
    }

    public Kind kind() {
        return kind;
    }

    /** Read or write; null for per-operation metrics. */
    public Direction direction() {
        return direction;
    }

    /** The throttle cause of a cause-specific metric, else null. */
    public Cause cause() {
        return cause;
    }

    /** Metrics published per table and per GSI. */
    public boolean perResource() {
        return kind != Kind.PER_OPERATION;
    }

    /**
     * Metrics published per GSI as well as per table. WriteAccountLimitThrottleEvents is listed with TableName only
     * (metrics-dimensions page), so it is never asked of an index.
     */
    public boolean perIndex() {
        return perResource() && this != WRITE_ACCOUNT_LIMIT;
    }

    /** Counting metrics: an absent datapoint means zero, not "unknown". */
    public boolean absentMeansZero() {
        return kind == Kind.THROTTLES || kind == Kind.THROTTLE_CAUSE || this == THROTTLED_REQUESTS;
    }

    public static TableMetric consumed(Direction d) {
        return d == Direction.READ ? CONSUMED_READ : CONSUMED_WRITE;
    }

    public static TableMetric provisioned(Direction d) {
        return d == Direction.READ ? PROVISIONED_READ : PROVISIONED_WRITE;
    }

    public static TableMetric throttles(Direction d) {
        return d == Direction.READ ? READ_THROTTLES : WRITE_THROTTLES;
    }

    public static TableMetric cause(Direction d, Cause c) {
        for (TableMetric m : values()) {
            if (m.direction == d && m.cause == c) {
                return m;
            }
        }
        throw new IllegalArgumentException(d + " " + c);
    }
}
