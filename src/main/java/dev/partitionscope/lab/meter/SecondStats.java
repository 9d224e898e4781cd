package dev.partitionscope.lab.meter;

/**
 * One second of one table or GSI for the live view (the Lab screen's moving chart); kept only for the last
 * {@link MeterParams#liveSeconds()} seconds.
 *
 * @param requests API requests counted on this resource's table that second (0 on GSIs)
 */
public record SecondStats(
        long secondStartMillis,
        double consumedRead,
        double consumedWrite,
        long readThrottleEvents,
        long writeThrottleEvents,
        long throttledRequests,
        long requests) {}
