/**
 * Streaming sketches that answer "which keys are heaviest?" and "how many distinct keys?" in memory bounded
 * whatever the stream: {@link dev.partitionscope.core.sketch.SpaceSaving} (heavy hitters with error bounds; the Lab's
 * Contributor Insights meter and the key audit's top keys) and {@link dev.partitionscope.core.sketch.HyperLogLog}
 * (distinct counts with a stated relative error; the key audit's cardinalities). Pure Java, not thread-safe: their
 * owners lock.
 */
package dev.partitionscope.core.sketch;
