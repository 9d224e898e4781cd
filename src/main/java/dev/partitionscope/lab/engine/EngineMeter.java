package dev.partitionscope.lab.engine;

import dev.partitionscope.lab.meter.RequestRecord;

/**
 * Where the engine reports what it decided. Single requests go to {@link #record}; a batch reports each item with
 * {@link #recordItem} and then one {@link #recordCall} per table, because AWS counts a batch call as throttled only
 * when every item was.
 */
@FunctionalInterface
public interface EngineMeter {
    void record(RequestRecord record);

    default void recordItem(RequestRecord record) {
        record(record);
    }

    default void recordCall(String table, String operation, boolean throttled, long latencyNanos, int returnedItems) {}

    EngineMeter NONE = record -> {};
}
