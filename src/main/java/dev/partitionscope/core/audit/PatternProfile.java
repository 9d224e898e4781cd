package dev.partitionscope.core.audit;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What the advisor knows about one partition-key pattern: its shape from the sample (how many values, whether it
 * already carries a time bucket or a shard suffix, how big its items are) and its load where a load source exists
 * (Contributor Insights, the Lab's meter). The advisor's rules read only this, so they can be tested on the seeds'
 * situations directly.
 *
 * @param template          the pattern as shown: {@code OPS_LOG}, {@code THREAT#<text>}, {@code ORDER#<uuid>}
 * @param resource          the table or index it was sampled from (e.g. {@code app}, {@code app · GSI1})
 * @param cardinality       estimated distinct partition-key values of the pattern (1 = one key: hot by definition)
 * @param cardinalityError  relative standard error of that estimate (0 when counted exactly)
 * @param values            for a pattern with few values (a status, a singleton), each value's share of the
 *                          pattern's load (or of its sampled items when no load is known), largest first; empty for
 *                          patterns with many values
 * @param timeBucket        {@code hour}, {@code day} or {@code month} when the key already ends in a time bucket
 * @param shardSuffixes     N when the key already carries a shard suffix 1..N, else 0
 * @param sortKeyHasTime    the sort key holds a timestamp or date: a time bucket can be derived from each item
 * @param itemBytesP99      item size, 99th percentile of the sample
 * @param load              the pattern's load, or null when nothing measured it
 */
public record PatternProfile(
        String template,
        String resource,
        long cardinality,
        double cardinalityError,
        Map<String, Double> values,
        String timeBucket,
        int shardSuffixes,
        boolean sortKeyHasTime,
        long itemBytesP99,
        Load load) {

    /**
     * Load measured for the pattern over the audited window.
     *
     * @param writeShare        its share of the resource's consumed write units (0..1)
     * @param readShare         its share of the consumed read units (0..1)
     * @param peakWriteUnits    the busiest key's peak write units per second
     * @param peakReadUnits     the busiest key's peak read units per second
     * @param hottestKey        that key
     * @param throttles         throttled requests on the pattern's keys
     * @param writesPerDay      write requests a day on the whole pattern (for "accept the trade-off")
     * @param source            where the figures come from ("Contributor Insights", "Lab meter")
     */
    public record Load(
            double writeShare,
            double readShare,
            double peakWriteUnits,
            double peakReadUnits,
            String hottestKey,
            long throttles,
            double writesPerDay,
            String source) {}

    public PatternProfile {
        Objects.requireNonNull(template, "template");
        values = values == null ? Map.of() : Map.copyOf(values);
    }

    /** Values by share, largest first (Map.copyOf forgets the order). */
    public List<Map.Entry<String, Double>> valuesByShare() {
        return values.entrySet().stream()
                .sorted(Map.Entry.<String, Double>comparingByValue()
                        .reversed()
                        .thenComparing(Map.Entry.comparingByKey()))
                .toList();
    }
}
