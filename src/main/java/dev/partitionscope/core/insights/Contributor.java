package dev.partitionscope.core.insights;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * One key of a Contributor Insights report with its datapoints. A contributor has datapoints only in the periods
 * where it was among the ranked keys, so a missing period means "not ranked", not "no traffic". The arrays are
 * copied in, not on every read: treat what the accessors return as read-only.
 *
 * @param keys         keys[0] is the partition key value, keys[1] the sort key value (SK rules only)
 * @param aggregate    the report's ApproximateAggregateValue over its whole window
 * @param epochSeconds each datapoint's period start
 * @param values       each datapoint's ApproximateValue, same length as {@code epochSeconds}
 */
public record Contributor(List<String> keys, double aggregate, long[] epochSeconds, double[] values) {

    public Contributor {
        keys = List.copyOf(keys);
        epochSeconds = epochSeconds.clone();
        values = values.clone();
        if (epochSeconds.length != values.length) {
            throw new IllegalArgumentException(
                    "Timestamps and values differ in length: " + epochSeconds.length + " vs " + values.length);
        }
    }

    // Records compare arrays by identity; a contributor is a value, so compare their contents.
    @Override
    public boolean equals(Object o) {
        return o instanceof Contributor c
                && keys.equals(c.keys)
                && Double.compare(aggregate, c.aggregate) == 0
                && Arrays.equals(epochSeconds, c.epochSeconds)
                && Arrays.equals(values, c.values);
    }

    @Override
    public int hashCode() {
        return Objects.hash(keys, aggregate, Arrays.hashCode(epochSeconds), Arrays.hashCode(values));
    }

    @Override
    public String toString() {
        return "Contributor" + keys + "[aggregate=" + aggregate + ", " + values.length + " datapoints]";
    }
}
