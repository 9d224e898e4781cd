package dev.partitionscope.report;

import java.util.List;

/**
 * What to change, and how many shards, with the numbers behind it — the part of a report that goes into a design
 * doc. N follows seed 002's rule through {@code ShardCalculator}: peak write units per second on the hottest key
 * (throttled demand included) ÷ 1,000 WCU/s × headroom, rounded up.
 *
 * @param scheme        the scheme to try, in the product's grammar ({@code PENDING:hash:4}, {@code day+random:3}),
 *                      or null when nothing needs to change
 * @param shards        N; 1 means "don't shard"
 * @param hotKey        the key the recommendation is sized for, or null
 * @param resource      where that key lives ({@code app}, {@code app · GSI1}), or null
 * @param peakWriteUnits the peak write units per second N was computed from (NaN when nothing was measured)
 * @param headroom      the headroom factor used
 * @param formula       N's arithmetic in one line, e.g.
 *                      {@code N = ⌈1,260 WCU/s ÷ 1,000 WCU/s × 2.5 headroom⌉ = ⌈3.15⌉ = 4}
 * @param basis         where the scheme comes from: the audit's finding (with its seed) or the top key alone
 * @param advice        the audit finding's own words, or null without one
 * @param reasoning     the calculator's steps as sentences, then any note on the scheme
 */
public record Recommendation(
        String scheme,
        int shards,
        String hotKey,
        String resource,
        double peakWriteUnits,
        double headroom,
        String formula,
        String basis,
        String advice,
        List<String> reasoning) {
    public Recommendation {
        reasoning = List.copyOf(reasoning);
    }

    /** False for "nothing to change". */
    public boolean changes() {
        return scheme != null;
    }

    /** The reasoning as one paragraph. */
    public String text() {
        return String.join(" ", reasoning);
    }
}
