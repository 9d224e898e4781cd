package dev.partitionscope.core.table;

/** Warm throughput reported by DescribeTable: what the table or index can take instantly, per second. */
public record WarmThroughput(long readUnitsPerSecond, long writeUnitsPerSecond, String status) {}
