package dev.partitionscope.lab.cloudwatch;

import dev.partitionscope.lab.meter.MinuteStats;
import dev.partitionscope.lab.meter.OperationStats;
import dev.partitionscope.lab.meter.ValueStats;
import java.util.Map;

/**
 * The {@code AWS/DynamoDB} metrics the Lab publishes, with their dimensions, unit and how each minute's statistic set
 * comes out of the meter. Statistic meanings follow AWS: the consumed metrics have one sample per request that
 * consumed capacity (Sum = units, SampleCount = requests, Average = per-request units); counting metrics (throttle
 * events, ThrottledRequests) have one sample of 1 per event, so Sum = SampleCount = events. A minute without samples
 * has no datapoint: absent means no data (and, for throttles, zero).
 */
enum DynamoDbMetric {
    CONSUMED_READ("ConsumedReadCapacityUnits", Scope.RESOURCE),
    CONSUMED_WRITE("ConsumedWriteCapacityUnits", Scope.RESOURCE),
    PROVISIONED_READ("ProvisionedReadCapacityUnits", Scope.PROVISIONED),
    PROVISIONED_WRITE("ProvisionedWriteCapacityUnits", Scope.PROVISIONED),
    READ_THROTTLE_EVENTS("ReadThrottleEvents", Scope.RESOURCE),
    WRITE_THROTTLE_EVENTS("WriteThrottleEvents", Scope.RESOURCE),
    READ_KEY_RANGE("ReadKeyRangeThroughputThrottleEvents", Scope.RESOURCE),
    WRITE_KEY_RANGE("WriteKeyRangeThroughputThrottleEvents", Scope.RESOURCE),
    READ_PROVISIONED("ReadProvisionedThroughputThrottleEvents", Scope.RESOURCE),
    WRITE_PROVISIONED("WriteProvisionedThroughputThrottleEvents", Scope.RESOURCE),
    READ_ACCOUNT_LIMIT("ReadAccountLimitThrottleEvents", Scope.RESOURCE),
    WRITE_ACCOUNT_LIMIT("WriteAccountLimitThrottleEvents", Scope.RESOURCE),
    READ_MAX_ON_DEMAND("ReadMaxOnDemandThroughputThrottleEvents", Scope.RESOURCE),
    WRITE_MAX_ON_DEMAND("WriteMaxOnDemandThroughputThrottleEvents", Scope.RESOURCE),
    THROTTLED_REQUESTS("ThrottledRequests", Scope.OPERATION),
    SUCCESSFUL_REQUEST_LATENCY("SuccessfulRequestLatency", Scope.OPERATION),
    RETURNED_ITEM_COUNT("ReturnedItemCount", Scope.OPERATION);

    /** Which dimensions a metric has. */
    enum Scope {
        /** TableName, or TableName + GlobalSecondaryIndexName; from the meter's minutes. */
        RESOURCE,
        /** TableName [+ GlobalSecondaryIndexName] of provisioned tables; from the capacity settings. */
        PROVISIONED,
        /** TableName + Operation; from the table's per-operation figures. */
        OPERATION
    }

    static final String TABLE_NAME = "TableName";
    static final String INDEX_NAME = "GlobalSecondaryIndexName";
    static final String OPERATION = "Operation";

    private final String metricName;
    private final Scope scope;

    DynamoDbMetric(String metricName, Scope scope) {
        this.metricName = metricName;
        this.scope = scope;
    }

    String metricName() {
        return metricName;
    }

    /** WriteAccountLimitThrottleEvents is published with TableName only, as on AWS (metrics-dimensions page). */
    boolean perIndex() {
        return scope != Scope.OPERATION && this != WRITE_ACCOUNT_LIMIT;
    }

    Scope scope() {
        return scope;
    }

    String unit() {
        return this == SUCCESSFUL_REQUEST_LATENCY ? "Milliseconds" : "Count";
    }

    static DynamoDbMetric byName(String name) {
        for (DynamoDbMetric m : values()) {
            if (m.metricName.equals(name)) {
                return m;
            }
        }
        return null;
    }

    /** This minute's statistic set for a RESOURCE metric, {@link ValueStats#EMPTY} when it has none. */
    ValueStats sample(MinuteStats m) {
        return switch (this) {
            case CONSUMED_READ -> m.consumedRead();
            case CONSUMED_WRITE -> m.consumedWrite();
            case READ_THROTTLE_EVENTS -> events(m.readThrottleEvents());
            case WRITE_THROTTLE_EVENTS -> events(m.writeThrottleEvents());
            case READ_KEY_RANGE,
                    WRITE_KEY_RANGE,
                    READ_PROVISIONED,
                    WRITE_PROVISIONED,
                    READ_ACCOUNT_LIMIT,
                    WRITE_ACCOUNT_LIMIT,
                    READ_MAX_ON_DEMAND,
                    WRITE_MAX_ON_DEMAND -> events(causeEvents(m));
            default -> throw new IllegalStateException(this + " is not a per-resource metric");
        };
    }

    /** This minute's statistic set for an OPERATION metric of one operation. */
    ValueStats sample(MinuteStats m, String operation) {
        OperationStats op = m.operations().get(operation);
        if (op == null) {
            return ValueStats.EMPTY;
        }
        return switch (this) {
            case THROTTLED_REQUESTS -> events(op.throttledRequests());
            case SUCCESSFUL_REQUEST_LATENCY -> op.successfulRequestLatencyMillis();
            case RETURNED_ITEM_COUNT -> op.returnedItemCount();
            default -> throw new IllegalStateException(this + " is not a per-operation metric");
        };
    }

    /**
     * Events of this metric's cause and direction, e.g. WriteKeyRangeThroughputThrottleEvents = TableWrite… on the
     * table's figures, IndexWrite… on a GSI's (the meter files each reason under the resource it names).
     */
    private long causeEvents(MinuteStats m) {
        String name = metricName; // e.g. WriteKeyRangeThroughputThrottleEvents
        boolean write = name.startsWith("Write");
        String cause = name.substring(write ? 5 : 4, name.length() - "ThrottleEvents".length());
        String suffix = (write ? "Write" : "Read") + cause + "Exceeded";
        long n = 0;
        for (Map.Entry<String, Long> e : m.throttleEventsByReason().entrySet()) {
            String reason = e.getKey();
            if (reason.equals("Table" + suffix) || reason.equals("Index" + suffix)) {
                n += e.getValue();
            }
        }
        return n;
    }

    private static ValueStats events(long n) {
        return n == 0 ? ValueStats.EMPTY : new ValueStats(n, n, 1, 1);
    }
}
