package dev.partitionscope.core.heat;

/**
 * One partition key's writes read from a DynamoDB stream over a window.
 *
 * @param writes                  stream records of the key (INSERT + MODIFY + REMOVE)
 * @param writeUnits              write units from the records' images (the larger of old and new image, per
 *                                started KB), NaN when the stream is KEYS_ONLY and the size is unknown
 * @param peakWriteUnitsPerSecond the key's busiest second in write units, NaN under KEYS_ONLY
 */
public record StreamKeyTotal(String partitionKey, long writes, double writeUnits, double peakWriteUnitsPerSecond) {}
