package dev.partitionscope.lab.meter;

import java.util.List;

/**
 * The answer to a Contributor Insights question over a time range, with GetInsightRuleReport's semantics: the top
 * contributors (keys) ranked by {@link OrderBy}, each with its aggregate over the range and datapoints only in the
 * periods where it appeared, plus per-period figures for the whole rule. Values come from per-minute Space-Saving
 * sketches, so each contributor carries error bounds: its true aggregate lies in
 * {@code [aggregateValue - overestimate, aggregateValue + underestimate]}.
 *
 * @param keyCount                  how many key parts a contributor has (1: partition key; 2: + sort key)
 * @param aggregateValue            the sum over all contributors (monitored or not) in the range
 * @param approximateUniqueCount    distinct keys seen in the sketches (a lower bound of the true count)
 * @param contributors              at most the requested number, best first
 * @param metricDatapoints          one per period that had data
 */
public record ContributorReport(
        ResourceId resource,
        KeyKind kind,
        InsightMetric metric,
        long fromMillis,
        long toMillis,
        long periodSeconds,
        OrderBy orderBy,
        int keyCount,
        double aggregateValue,
        long approximateUniqueCount,
        List<Contributor> contributors,
        List<PeriodStats> metricDatapoints) {

    public ContributorReport {
        contributors = List.copyOf(contributors);
        metricDatapoints = List.copyOf(metricDatapoints);
    }

    /**
     * One key.
     *
     * @param keys           [partition key] or [partition key, sort key], as Contributor Insights shows them
     * @param aggregateValue ApproximateAggregateValue: the sum over the range
     * @param maximum        the largest single-period value (what OrderBy MAXIMUM ranks by)
     * @param overestimate   at most this much of aggregateValue may not be the key's (Space-Saving error)
     * @param underestimate  the key may have had up to this much more in minutes where it was not monitored
     * @param datapoints     per period, only where the key appeared
     */
    public record Contributor(
            List<String> keys,
            double aggregateValue,
            double maximum,
            double overestimate,
            double underestimate,
            List<Datapoint> datapoints) {
        public Contributor {
            keys = List.copyOf(keys);
            datapoints = List.copyOf(datapoints);
        }
    }

    /** A contributor's value in one period; {@code overestimate} bounds its error. */
    public record Datapoint(long timestampMillis, double approximateValue, double overestimate) {}

    /**
     * The rule's figures for one period (MetricDatapoints). For DynamoDB, AWS documents only
     * {@code maxContributorValue} and {@code maximum} as meaningful; the others are given for completeness.
     *
     * @param uniqueContributors  distinct keys seen in the period's sketches
     * @param maxContributorValue the largest single key's value in the period
     * @param sampleCount         requests (events) in the period
     * @param sum                 all keys' values in the period
     * @param minimum             smallest single event value
     * @param maximum             largest single event value
     */
    public record PeriodStats(
            long timestampMillis,
            long uniqueContributors,
            double maxContributorValue,
            long sampleCount,
            double sum,
            double minimum,
            double maximum) {
        public double average() {
            return sampleCount == 0 ? 0 : sum / sampleCount;
        }
    }
}
