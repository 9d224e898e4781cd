package dev.partitionscope.lab.meter;

/**
 * One operation's figures on one table for one minute, for the metrics with dimensions TableName + Operation.
 *
 * @param requests                    API requests counted (successful or throttled)
 * @param throttledRequests           requests with at least one throttled event (ThrottledRequests), each once
 * @param successfulRequestLatencyMillis SuccessfulRequestLatency, milliseconds, successful requests only
 * @param returnedItemCount           ReturnedItemCount, successful requests only
 */
public record OperationStats(
        long requests,
        long throttledRequests,
        ValueStats successfulRequestLatencyMillis,
        ValueStats returnedItemCount) {}
