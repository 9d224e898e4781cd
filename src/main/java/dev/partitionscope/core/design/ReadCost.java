package dev.partitionscope.core.design;

import dev.partitionscope.core.item.Capacity;
import dev.partitionscope.core.scheme.KeyScheme;
import java.util.Locale;

/**
 * The read side of a scheme, the price seeds 000 and 002 warn about: how many queries one logical read ("all PENDING
 * orders", "the last 7 days of OPS_LOG") takes, what it costs in RCU, how long it waits for the slowest query,
 * whether one item can still be read with a GetItem, whether a GSI can unify the read, and how to migrate.
 *
 * <p><b>Latency model.</b> The N queries run in parallel and the read waits for the slowest. Each query's latency is
 * taken as log-normal with the given median (p50) and p99: μ = ln p50, σ = (ln p99 − ln p50) / 2.3263. The slowest
 * of N independent draws has CDF F(x)ᴺ, so its mean is E[max] = ∫₀¹ F⁻¹(v^{1/N}) dv (integrated numerically) and
 * its p99 is F⁻¹(0.99^{1/N}). With N = 1 this is the log-normal mean exp(μ + σ²/2).
 *
 * <p><b>RCU model.</b> A Query is charged for the summed size of what it returns, rounded up to 4 KB once (at least
 * one unit); the read's items are assumed to be spread evenly over its queries.
 *
 * @param queries            queries per logical read
 * @param rcu                RCU per logical read with the scheme
 * @param rcuUnsharded       RCU of the same read from one key
 * @param expectedLatencyMs  mean latency of the slowest of the queries
 * @param p99LatencyMs       p99 latency of the slowest of the queries
 * @param pointReads         whether one item can be read with a GetItem on a recomputed key
 * @param pointReadText      why or why not
 * @param gsiCanUnify        whether a GSI on the unsharded value can serve the read as one query
 * @param gsiText            why or why not
 * @param migrationText      how to move from the old key to the scheme without a table migration
 */
public record ReadCost(
        int queries,
        double rcu,
        double rcuUnsharded,
        double expectedLatencyMs,
        double p99LatencyMs,
        boolean pointReads,
        String pointReadText,
        boolean gsiCanUnify,
        String gsiText,
        String migrationText) {
    private static final double Z99 = 2.3263478740408408;
    private static final int STEPS = 20_000;

    /**
     * One logical read.
     *
     * @param bucketsInWindow     time buckets the read spans (7 for a week of a {@code day} scheme); ignored without
     *                            a time bucket
     * @param items               items the read returns in all
     * @param itemBytes           size of one item
     * @param stronglyConsistent  strongly consistent reads
     * @param p50Ms               median latency of one query
     * @param p99Ms               p99 latency of one query (≥ p50)
     * @param timestampKnown      whether a reader of one item knows its timestamp (to recompute a time bucket)
     * @param baseWriteUnits      write units/s of the base value (NaN when unknown): what a GSI keyed on it would
     *                            take on one index key
     */
    public record Read(
            int bucketsInWindow,
            int items,
            long itemBytes,
            boolean stronglyConsistent,
            double p50Ms,
            double p99Ms,
            boolean timestampKnown,
            double baseWriteUnits) {
        public Read {
            if (bucketsInWindow < 1 || items < 0 || itemBytes < 0 || !(p50Ms > 0) || !(p99Ms >= p50Ms)) {
                throw new IllegalArgumentException("A read needs ≥ 1 bucket, items and size ≥ 0, and 0 < p50 ≤ p99");
            }
        }
    }

    /** The read cost of {@code scheme} for the base value {@code base}. */
    public static ReadCost of(KeyScheme scheme, String base, Read read) {
        boolean applies = scheme.appliesTo(base);
        KeyScheme.Bucket unit = scheme.bucket();
        int queries = !applies ? 1 : Math.multiplyExact(scheme.shards(), unit == null ? 1 : read.bucketsInWindow());
        double bytes = (double) read.items() * read.itemBytes();
        double rcu = queries * Capacity.readUnits((long) Math.ceil(bytes / queries), read.stronglyConsistent());
        double rcuOne = Capacity.readUnits((long) Math.ceil(bytes), read.stronglyConsistent());
        double mu = Math.log(read.p50Ms());
        double sigma = (Math.log(read.p99Ms()) - mu) / Z99;

        boolean random = scheme.parts().stream()
                .anyMatch(p -> p instanceof KeyScheme.Numbered n && n.method() == KeyScheme.Method.RANDOM);
        boolean point;
        String pointText;
        if (!applies) {
            point = true;
            pointText = base + " is not sharded: GetItem on " + base + " as before.";
        } else if (random) {
            point = false;
            pointText = "No: a random suffix is not recorded anywhere, so one item can only be found by querying all "
                    + queries + " keys. Use hash:N (or sum:N) if single items are read.";
        } else if (unit != null && !read.timestampKnown()) {
            point = false;
            pointText = "Only with the item's timestamp: the " + word(unit) + " bucket comes from it; without it every "
                    + word(unit) + " in the window is a candidate.";
        } else {
            point = true;
            pointText = "Yes: recompute the suffix from the id"
                    + (unit != null ? " and the " + word(unit) + " from the timestamp" : "")
                    + " and GetItem the one key.";
        }

        boolean gsi;
        String gsiText;
        if (queries == 1) {
            gsi = true;
            gsiText = "Not needed: the read is already one query.";
        } else if (Double.isNaN(read.baseWriteUnits())) {
            gsi = true;
            gsiText = "Yes, if " + base + "'s writes stay under 1,000 WCU/s: a GSI with partition key " + base
                    + " (e.g. GSI1PK = \"" + base + "\", GSI1SK = timestamp) answers the read in one query, but it puts"
                    + " every write of " + base + " on one index key again; above the ceiling the GSI throttles the"
                    + " table's writes.";
        } else if (read.baseWriteUnits() <= Workload.WRITE_CEILING) {
            gsi = true;
            gsiText = "Yes: a GSI with partition key " + base + " (GSI1PK = \"" + base + "\", sort key the timestamp)"
                    + " answers the read in one query; it takes " + Text.num(read.baseWriteUnits()) + " WCU/s on one"
                    + " index key, under the 1,000 WCU/s ceiling — shard the writes, unify the reads.";
        } else {
            gsi = false;
            gsiText = "No: a GSI keyed on " + base + " would take all " + Text.num(read.baseWriteUnits()) + " WCU/s"
                    + " on one index key and throttle the table's writes (GSI back-pressure). Key the GSI on something"
                    + " wider (seed 000: BRAND#brandId per brand) or keep the " + queries + "-query fan-out.";
        }
        String example = applies ? base + KeyScheme.DEFAULT_SEPARATOR + "…" : base;
        String migration = !applies
                ? base + " keeps its key: nothing to migrate."
                : "New writes go to the new keys ("
                        + example + ", " + scheme + "); existing items stay under " + base
                        + ". Until they expire or are"
                        + " rewritten, every read checks both patterns — the " + queries + " new keys and " + base
                        + " ("
                        + (queries + 1) + " queries) — and merges. No table migration, no downtime.";
        return new ReadCost(
                queries,
                rcu,
                rcuOne,
                expectedMax(mu, sigma, queries),
                quantile(mu, sigma, Math.pow(0.99, 1.0 / queries)),
                point,
                pointText,
                gsi,
                gsiText,
                migration);
    }

    /** E[max of n log-normal(μ, σ)] = ∫₀¹ F⁻¹(v^{1/n}) dv, midpoint rule. */
    static double expectedMax(double mu, double sigma, int n) {
        if (sigma == 0) {
            return Math.exp(mu);
        }
        double sum = 0;
        for (int i = 0; i < STEPS; i++) {
            double v = (i + 0.5) / STEPS;
            sum += quantile(mu, sigma, Math.pow(v, 1.0 / n));
        }
        return sum / STEPS;
    }

    static double quantile(double mu, double sigma, double p) {
        return Math.exp(mu + sigma * inverseNormal(p));
    }

    /** Φ⁻¹(p), Acklam's rational approximation (relative error < 1.2e-9), for 0 < p < 1. */
    static double inverseNormal(double p) {
        if (p <= 0) {
            return Double.NEGATIVE_INFINITY;
        }
        if (p >= 1) {
            return Double.POSITIVE_INFINITY;
        }
        double[] a = {
            -3.969683028665376e+01,
            2.209460984245205e+02,
            -2.759285104469687e+02,
            1.383577518672690e+02,
            -3.066479806614716e+01,
            2.506628277459239e+00
        };
        double[] b = {
            -5.447609879822406e+01,
            1.615858368580409e+02,
            -1.556989798598866e+02,
            6.680131188771972e+01,
            -1.328068155288572e+01
        };
        double[] c = {
            -7.784894002430293e-03,
            -3.223964580411365e-01,
            -2.400758277161838e+00,
            -2.549732539343734e+00,
            4.374664141464968e+00,
            2.938163982698783e+00
        };
        double[] d = {7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00, 3.754408661907416e+00};
        double low = 0.02425;
        if (p < low) {
            double q = Math.sqrt(-2 * Math.log(p));
            return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5])
                    / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
        }
        if (p > 1 - low) {
            double q = Math.sqrt(-2 * Math.log(1 - p));
            return -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5])
                    / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
        }
        double q = p - 0.5;
        double r = q * q;
        return (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5])
                * q
                / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
    }

    private static String word(KeyScheme.Bucket unit) {
        return unit.name().toLowerCase(Locale.ROOT);
    }
}
