package dev.partitionscope.lab.meter;

import java.util.Map;

/**
 * Everything metered for one table or GSI in one minute: the raw material of the Lab's {@code AWS/DynamoDB}
 * CloudWatch metrics. Coarser periods are sums of minutes (and {@link ValueStats#plus} for the statistic sets).
 *
 * @param consumedRead           ConsumedReadCapacityUnits (one sample per request that consumed reads here)
 * @param consumedWrite          ConsumedWriteCapacityUnits
 * @param readThrottleEvents     ReadThrottleEvents: throttled requests whose reasons named this resource for reads
 * @param writeThrottleEvents    WriteThrottleEvents
 * @param throttleEventsByReason per ThrottlingReason wire string (e.g. TableWriteKeyRangeThroughputExceeded); the
 *                               8 cause-specific metrics are these, keyed by cause and read/write
 * @param operations             by operation name; only on the table (TableName + Operation metrics), empty on GSIs
 */
public record MinuteStats(
        long minuteStartMillis,
        ValueStats consumedRead,
        ValueStats consumedWrite,
        long readThrottleEvents,
        long writeThrottleEvents,
        Map<String, Long> throttleEventsByReason,
        Map<String, OperationStats> operations) {

    public MinuteStats {
        throttleEventsByReason = Map.copyOf(throttleEventsByReason);
        operations = Map.copyOf(operations);
    }

    public long throttleEvents(String reasonWire) {
        return throttleEventsByReason.getOrDefault(reasonWire, 0L);
    }
}
