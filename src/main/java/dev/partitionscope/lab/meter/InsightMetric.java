package dev.partitionscope.lab.meter;

/**
 * What a Contributor Insights rule measures: most accessed ({@code ConsumedThroughputUnits} = 3 × write units +
 * read units, the C rules) or most throttled (a count of throttled requests, the T rules).
 */
public enum InsightMetric {
    CONSUMED_THROUGHPUT_UNITS,
    THROTTLE_COUNT
}
