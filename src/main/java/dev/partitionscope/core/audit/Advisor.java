package dev.partitionscope.core.audit;

import dev.partitionscope.core.design.ShardCalculator;
import dev.partitionscope.core.design.Workload;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Seed 000's audit, automated: for every partition-key pattern a row of the risk matrix (cardinality, burst exposure,
 * growth, observed peak as a share of the partition ceiling, risk and why) and, where something should change, a
 * finding in plain language with the scheme to try — the same remedies the seeds reached by hand:
 * <ul>
 *   <li>one key taking an append-only stream (OPS_LOG): bucket it by time (seed 000 pattern 1), with random suffixes
 *       when today's bucket alone would still be over the ceiling;</li>
 *   <li>a few values with most of the load on one (an order-status index): hash-suffix only the hot values
 *       (seed 001);</li>
 *   <li>one value of many taking most of the load (a brand under attack, a big tenant): shard that value; a month
 *       bucket (seed 000 pattern 2) spreads its history but not this month's writes;</li>
 *   <li>a key that is already a time bucket and still hot (orders of the day): a calculated suffix, so point reads
 *       can recompute the key (seed 002);</li>
 *   <li>one key, little traffic (BRAND_INDEX): accept the trade-off (seed 000 pattern 3) — sharding would only turn
 *       every "list all" into N queries;</li>
 *   <li>hot reads on a key with few writes: cache or move the query, do not shard (seed 002); large items read hot:
 *       their size is the cost.</li>
 * </ul>
 * Peaks are compared with one key's ceiling, 1,000 WCU/s and 3,000 RCU/s (dynamodb-facts §1); N comes from
 * {@link ShardCalculator} with its default headroom.
 */
public final class Advisor {
    /** Peak at or above this share of the ceiling: high risk. */
    static final double HIGH = 0.8;
    /** Peak at or above this share with few keys: a burst of ~3× reaches the ceiling. */
    static final double MEDIUM = 0.3;
    /** One key below this share of the ceiling at peak: fine as one key. */
    static final double ACCEPT = 0.1;
    /** Items above this size cost more than one RCU per strongly consistent read. */
    static final long READ_UNIT_BYTES = 4_096;

    private Advisor() {}

    public enum Risk {
        HIGH,
        MEDIUM,
        LOW
    }

    /** What a finding asks for. */
    public enum Action {
        /** Change the key: {@link Finding#suggestedScheme()} says how. */
        SHARD,
        /** Leave it as it is, knowingly. */
        ACCEPT,
        /** Serve the reads elsewhere (a cache, another query), not by sharding. */
        CACHE,
        /** Make the items smaller or read fewer attributes. */
        SIZE
    }

    /**
     * One row of the risk matrix.
     *
     * @param cardinality "1 — hot by definition", "4 values", "≈ 30 (± 2 %)", "unbounded (≈ 1.2 M)"
     * @param burst       how far the observed peak is from the ceiling: "×0.7 (already over)", "×3.3 to the ceiling"
     * @param growth      writes a day on the pattern, or "not measured"
     * @param peak        "140 % of 1,000 WCU/s (OPS_LOG)", or "not measured"
     */
    public record RiskRow(
            String pattern,
            String resource,
            String cardinality,
            String burst,
            String growth,
            String peak,
            Risk risk,
            String reason) {}

    /**
     * A recommendation.
     *
     * @param suggestedScheme a scheme in the product's grammar to try in the sharding designer, or null
     * @param seed            which seed pattern it follows ("seed 000 pattern 1"), or null
     */
    public record Finding(
            Risk severity,
            Action action,
            String pattern,
            String resource,
            String message,
            String suggestedScheme,
            String seed) {}

    /** The matrix (highest risk first) and the findings (most severe first). */
    public record Advice(List<RiskRow> matrix, List<Finding> findings) {
        public Advice {
            matrix = List.copyOf(matrix);
            findings = List.copyOf(findings);
        }
    }

    public static Advice of(List<PatternProfile> profiles) {
        List<RiskRow> rows = new ArrayList<>();
        List<Finding> findings = new ArrayList<>();
        for (PatternProfile p : profiles) {
            Risk risk = risk(p);
            rows.add(new RiskRow(
                    p.template(), p.resource(), cardinality(p), burst(p), growth(p), peak(p), risk, reason(p, risk)));
            findings.addAll(findings(p, risk));
        }
        rows.sort(Comparator.comparing(RiskRow::risk));
        findings.sort(Comparator.comparing(Finding::severity));
        return new Advice(rows, findings);
    }

    // Classification

    static boolean singleton(PatternProfile p) {
        return p.cardinality() <= 1;
    }

    static boolean enumerated(PatternProfile p) {
        return !singleton(p) && p.values().size() >= 2 && p.values().size() <= 16 && p.cardinality() <= 16;
    }

    /** The busiest key's peak as a share of one key's ceiling (the larger of writes and reads), or NaN. */
    static double peakShare(PatternProfile p) {
        PatternProfile.Load l = p.load();
        if (l == null) {
            return Double.NaN;
        }
        return Math.max(l.peakWriteUnits() / Workload.WRITE_CEILING, l.peakReadUnits() / Workload.READ_CEILING);
    }

    private static boolean readsDrive(PatternProfile p) {
        PatternProfile.Load l = p.load();
        return l != null && l.peakReadUnits() / Workload.READ_CEILING > l.peakWriteUnits() / Workload.WRITE_CEILING;
    }

    static Risk risk(PatternProfile p) {
        double peak = peakShare(p);
        boolean few = singleton(p) || enumerated(p) || p.timeBucket() != null;
        if (!Double.isNaN(peak)) {
            if (peak >= HIGH || p.load().throttles() > 0) {
                return Risk.HIGH;
            }
            if (peak >= MEDIUM && few) {
                return Risk.MEDIUM;
            }
            return Risk.LOW;
        }
        // No load measured: judge by shape alone. One key or a handful may be hot; nothing says how hot.
        return few && p.shardSuffixes() == 0 ? Risk.MEDIUM : Risk.LOW;
    }

    // Matrix cells

    static String cardinality(PatternProfile p) {
        if (singleton(p)) {
            return "1 — hot by definition";
        }
        if (enumerated(p)) {
            return p.values().size() + " values";
        }
        String n = approx(p.cardinality());
        String err =
                p.cardinalityError() > 0 ? String.format(Locale.ROOT, " (± %.1f %%)", p.cardinalityError() * 100) : "";
        if (p.timeBucket() != null) {
            return n + err + ", one per " + p.timeBucket();
        }
        if (p.shardSuffixes() > 0) {
            return n + err + ", " + p.shardSuffixes() + " shards";
        }
        return (p.cardinality() >= 100_000 ? "unbounded (" + n + ")" : n) + err;
    }

    static String burst(PatternProfile p) {
        double peak = peakShare(p);
        if (Double.isNaN(peak) || peak <= 0) {
            return "not measured";
        }
        if (peak >= 1) {
            return String.format(Locale.ROOT, "over the ceiling (%s)", pct(peak));
        }
        return String.format(Locale.ROOT, "×%.1f to the ceiling", 1 / peak);
    }

    static String growth(PatternProfile p) {
        if (p.load() == null || p.load().writesPerDay() <= 0) {
            return p.load() == null ? "not measured" : "no writes";
        }
        return approx(Math.round(p.load().writesPerDay())) + " writes/day";
    }

    static String peak(PatternProfile p) {
        PatternProfile.Load l = p.load();
        if (l == null) {
            return "not measured";
        }
        String key = l.hottestKey() == null ? "" : " (" + l.hottestKey() + ")";
        if (readsDrive(p)) {
            return pct(l.peakReadUnits() / Workload.READ_CEILING) + " of 3,000 RCU/s" + key;
        }
        return pct(l.peakWriteUnits() / Workload.WRITE_CEILING) + " of 1,000 WCU/s" + key
                + (l.throttles() > 0 ? String.format(Locale.ROOT, ", %,d throttled", l.throttles()) : "");
    }

    static String reason(PatternProfile p, Risk risk) {
        double peak = peakShare(p);
        if (Double.isNaN(peak)) {
            if (risk == Risk.MEDIUM) {
                return (singleton(p) ? "one key" : "few keys") + " and no load measured: enable Contributor"
                        + " Insights to see how hot";
            }
            return p.shardSuffixes() > 0
                    ? "already sharded " + p.shardSuffixes() + " ways"
                    : "many keys share the" + " load";
        }
        return switch (risk) {
            case HIGH ->
                (p.load().throttles() > 0 ? "throttled; " : "") + "peaked at " + pct(peak) + " of one key's ceiling"
                        + (singleton(p) ? " on its only key" : "");
            case MEDIUM ->
                "peaked at " + pct(peak) + " of the ceiling with " + (singleton(p) ? "one key" : "few keys")
                        + ": a burst of ×" + String.format(Locale.ROOT, "%.1f", 1 / peak)
                        + " reaches it";
            case LOW ->
                singleton(p)
                        ? "one key, but at " + pct(peak) + " of its ceiling at peak"
                        : "load spread: the busiest key peaked at " + pct(peak) + " of the ceiling";
        };
    }

    // Findings

    static List<Finding> findings(PatternProfile p, Risk risk) {
        List<Finding> out = new ArrayList<>();
        PatternProfile.Load l = p.load();
        double peak = peakShare(p);
        if (l != null && readsDrive(p) && peak >= MEDIUM && l.peakWriteUnits() / Workload.WRITE_CEILING < MEDIUM) {
            out.add(new Finding(
                    risk,
                    Action.CACHE,
                    p.template(),
                    p.resource(),
                    p.template() + ": hot reads on "
                            + (l.hottestKey() == null ? "one key" : l.hottestKey()) + " (" + pct(peak)
                            + " of 3,000 RCU/s)"
                            + " with few writes — consider a cache (DAX) or moving the query, not sharding (seed 002).",
                    null,
                    "seed 002"));
            if (p.itemBytesP99() > READ_UNIT_BYTES) {
                out.add(sizeFinding(p, risk));
            }
            return out;
        }
        if (l != null && p.itemBytesP99() > READ_UNIT_BYTES && l.peakReadUnits() / Workload.READ_CEILING >= MEDIUM) {
            out.add(sizeFinding(p, risk));
        }
        if (risk == Risk.LOW) {
            if (singleton(p) && l != null && peak < ACCEPT) {
                out.add(new Finding(
                        Risk.LOW,
                        Action.ACCEPT,
                        p.template(),
                        p.resource(),
                        p.template() + " is one key"
                                + " but takes " + growth(p) + " (" + pct(peak) + " of its ceiling at peak): accept the"
                                + " trade-off — sharding would turn every read of it into several queries (seed 000 pattern"
                                + " 3).",
                        null,
                        "seed 000 pattern 3"));
            }
            return out;
        }
        if (p.shardSuffixes() > 0) {
            out.add(new Finding(
                    risk,
                    Action.SHARD,
                    p.template(),
                    p.resource(),
                    p.template() + " is already sharded "
                            + p.shardSuffixes() + " ways and still "
                            + (risk == Risk.HIGH ? "peaks at " + pct(peak) : "near") + " the ceiling: more suffixes.",
                    more(p),
                    null));
            return out;
        }
        if (singleton(p)) {
            out.add(singletonFinding(p, risk));
        } else if (enumerated(p)) {
            out.add(enumeratedFinding(p, risk));
        } else if (p.timeBucket() != null) {
            int n = shards(p);
            out.add(new Finding(
                    risk,
                    Action.SHARD,
                    p.template(),
                    p.resource(),
                    p.template() + " is already one key"
                            + " per " + p.timeBucket() + " and the current " + p.timeBucket()
                            + "'s key still takes every"
                            + " write" + peakText(p)
                            + ": add a calculated suffix, so a point read can recompute the key"
                            + " (seed 002) — hash:" + n + ".",
                    "hash:" + n,
                    "seed 002"));
        } else {
            out.add(hotValueFinding(p, risk));
        }
        return out;
    }

    private static Finding singletonFinding(PatternProfile p, Risk risk) {
        PatternProfile.Load l = p.load();
        String share = l == null ? "" : " and takes " + pct(l.writeShare()) + " of writes";
        if (p.sortKeyHasTime()) {
            String message =
                    p.template() + " has cardinality 1" + share + ": time-bucket it by day (seed 000" + " pattern 1)";
            if (l != null && l.peakWriteUnits() * ShardCalculator.DEFAULT_HEADROOM > Workload.WRITE_CEILING) {
                int n = shards(p);
                return new Finding(
                        risk,
                        Action.SHARD,
                        p.template(),
                        p.resource(),
                        message + " — but today's key"
                                + " would still take every write" + peakText(p) + ", so add " + n + " random suffixes:"
                                + " day+random:" + n + ".",
                        "day+random:" + n,
                        "seed 000 pattern 1");
            }
            return new Finding(
                    risk, Action.SHARD, p.template(), p.resource(), message + ".", "day", "seed 000 pattern 1");
        }
        int n = l == null ? 4 : shards(p);
        return new Finding(
                risk,
                Action.SHARD,
                p.template(),
                p.resource(),
                p.template() + " has cardinality 1" + share
                        + " and nothing in its items to bucket by time: spread it over " + n
                        + " random suffixes and sum or"
                        + " merge them on read (seed 002) — random:" + n + ".",
                "random:" + n,
                "seed 002");
    }

    private static Finding enumeratedFinding(PatternProfile p, Risk risk) {
        List<Map.Entry<String, Double>> values = p.valuesByShare();
        StringBuilder shares = new StringBuilder();
        for (int i = 0; i < Math.min(4, values.size()); i++) {
            shares.append(i == 0 ? "" : ", ")
                    .append(values.get(i).getKey())
                    .append(' ')
                    .append(pct(values.get(i).getValue()));
        }
        String spec = null;
        PatternProfile.Load l = p.load();
        if (l != null && l.peakWriteUnits() > 0) {
            double top = values.get(0).getValue();
            double wcuPerWrite = Workload.writes(1, p.itemBytesP99()).wcuPerWrite();
            Map<String, Double> rates = new LinkedHashMap<>();
            for (Map.Entry<String, Double> v : values) {
                rates.put(v.getKey(), l.peakWriteUnits() * (v.getValue() / top) / wcuPerWrite);
            }
            spec = ShardCalculator.hotValues(rates, p.itemBytesP99(), ShardCalculator.DEFAULT_HEADROOM)
                    .spec();
        }
        if (spec == null) {
            spec = values.get(0).getKey() + ":hash:4";
        }
        return new Finding(
                risk,
                Action.SHARD,
                p.template(),
                p.resource(),
                p.template() + " has " + values.size()
                        + " values (" + shares + (values.size() > 4 ? ", …" : "") + "): hash-suffix the hot values — "
                        + spec + " (seed 001).",
                spec,
                "seed 001");
    }

    private static Finding hotValueFinding(PatternProfile p, Risk risk) {
        PatternProfile.Load l = p.load();
        String hot = l == null ? null : l.hottestKey();
        int n = shards(p);
        String spec = hot == null ? "hash:" + n : hot + ":hash:" + n;
        String bucket = p.sortKeyHasTime()
                ? "; a month bucket (seed 000 pattern 2) spreads its history, not this" + " month's writes"
                : "";
        return new Finding(
                risk,
                Action.SHARD,
                p.template(),
                p.resource(),
                p.template() + ": " + (hot == null ? "its busiest key" : hot) + peakText(p) + " — shard the hot value: "
                        + spec + bucket + ".",
                spec,
                p.sortKeyHasTime() ? "seed 000 pattern 2" : "seed 002");
    }

    private static Finding sizeFinding(PatternProfile p, Risk risk) {
        long kb = (p.itemBytesP99() + 1023) / 1024;
        long rcu = (p.itemBytesP99() + READ_UNIT_BYTES - 1) / READ_UNIT_BYTES;
        return new Finding(
                risk,
                Action.SIZE,
                p.template(),
                p.resource(),
                p.template() + ": items of " + kb + " KB"
                        + " (p99) cost " + rcu + " RCU per strongly consistent read (" + (rcu / 2.0) + " eventually"
                        + " consistent) and are read hot — project only the attributes needed, or split the large ones"
                        + " into their own item.",
                null,
                null);
    }

    private static String more(PatternProfile p) {
        int n = Math.max(shards(p), p.shardSuffixes() * 2);
        return (p.timeBucket() != null ? p.timeBucket() + "+" : "") + "hash:" + n;
    }

    /** N from the busiest key's peak (4 when nothing was measured). */
    static int shards(PatternProfile p) {
        PatternProfile.Load l = p.load();
        if (l == null) {
            return 4;
        }
        double units = Math.max(l.peakWriteUnits(), l.peakReadUnits() * Workload.WRITE_CEILING / Workload.READ_CEILING);
        int n = ShardCalculator.recommend(new Workload(units, 1_024, 0, false)).shards();
        return Math.max(2, n);
    }

    private static String peakText(PatternProfile p) {
        PatternProfile.Load l = p.load();
        if (l == null) {
            return "";
        }
        return String.format(
                Locale.ROOT,
                " (%,.0f WCU/s at peak, %s of the ceiling)",
                l.peakWriteUnits(),
                pct(l.peakWriteUnits() / Workload.WRITE_CEILING));
    }

    static String pct(double share) {
        double v = share * 100;
        if (v > 0 && v < 0.1) {
            return "< 0.1 %";
        }
        return String.format(Locale.ROOT, v >= 10 || v == Math.rint(v) ? "%.0f %%" : "%.1f %%", v);
    }

    static String approx(long n) {
        if (n >= 1_000_000) {
            return String.format(Locale.ROOT, "≈ %.1f M", n / 1e6);
        }
        if (n >= 10_000) {
            return String.format(Locale.ROOT, "≈ %,d k", Math.round(n / 1e3));
        }
        return String.format(Locale.ROOT, "%,d", n);
    }
}
