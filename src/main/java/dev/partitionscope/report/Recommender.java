package dev.partitionscope.report;

import dev.partitionscope.aws.KeyAudit;
import dev.partitionscope.core.audit.Advisor;
import dev.partitionscope.core.audit.AuditProfiles;
import dev.partitionscope.core.audit.PatternProfile;
import dev.partitionscope.core.design.ShardCalculator;
import dev.partitionscope.core.design.Workload;
import dev.partitionscope.core.heat.KeyTimeMatrix;
import dev.partitionscope.core.heat.TopKey;
import dev.partitionscope.core.item.Capacity;
import dev.partitionscope.core.metrics.Resource;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Picks the scheme and N a report recommends. The audit's most severe SHARD finding wins (its scheme follows the
 * seeds: hot values only, a day bucket with random suffixes, a calculated suffix), and N is recomputed with
 * {@link ShardCalculator} from the same peak the advisor used, so the report can show the arithmetic the finding leaves
 * out. Without such a finding the hottest top key is sized by the calculator alone: with the audit skipped it gets a
 * calculated suffix of its own when N > 1; when the audit ran and found nothing to shard, its judgement stands.
 */
final class Recommender {
    private static final Pattern SHARD_COUNT = Pattern.compile("(?:hash|random|sum|product):(\\d+)");

    private Recommender() {}

    static Recommendation of(
            KeyAudit.Result audit, TopKey hot, Map<Resource, KeyTimeMatrix> matrices, double headroom) {
        if (audit != null) {
            for (Advisor.Finding f : audit.advice().findings()) {
                if (f.action() == Advisor.Action.SHARD && f.suggestedScheme() != null) {
                    return fromFinding(audit, f, headroom);
                }
            }
        }
        if (hot != null) {
            return fromTopKey(hot, matrices, headroom, audit);
        }
        return new Recommendation(
                null,
                1,
                null,
                null,
                Double.NaN,
                headroom,
                "N = 1 (don't shard)",
                "no key carried measurable load",
                null,
                List.of("No key carried measurable load in this window"
                        + " (Contributor Insights not enabled, or no traffic), so there is nothing to size."));
    }

    private static Recommendation fromFinding(KeyAudit.Result audit, Advisor.Finding f, double headroom) {
        PatternProfile p = audit.profiles().stream()
                .filter(x -> x.template().equals(f.pattern()) && java.util.Objects.equals(x.resource(), f.resource()))
                .findFirst()
                .orElse(null);
        String basis = "the key audit's finding on `" + f.pattern() + "` (" + f.resource() + ")"
                + (f.seed() == null ? "" : ", following " + f.seed());
        int schemeN = schemeShards(f.suggestedScheme());
        PatternProfile.Load l = p == null ? null : p.load();
        if (l == null || l.peakWriteUnits() + l.peakReadUnits() <= 0) {
            List<String> why = new ArrayList<>(List.of("No load was measured for this pattern"
                    + " (Contributor Insights not enabled, or no traffic in the window), so N is the advisor's"
                    + " default: enable Contributor Insights and report again to size it."));
            String formula = schemeN == 0
                    ? "N = 1: " + f.suggestedScheme() + " adds no shard suffix"
                    : "N = " + schemeN + " (the advisor's default, nothing measured)";
            return new Recommendation(
                    f.suggestedScheme(),
                    Math.max(1, schemeN),
                    null,
                    f.resource(),
                    Double.NaN,
                    headroom,
                    formula,
                    basis,
                    f.message(),
                    why);
        }
        long itemBytes = Math.max(1, p.itemBytesP99());
        double wcuPerWrite = Capacity.writeUnits(itemBytes);
        Workload w = new Workload(
                l.peakWriteUnits() / wcuPerWrite,
                itemBytes,
                l.peakReadUnits() / Capacity.readUnits(itemBytes, false),
                false);
        ShardCalculator.Recommendation r = ShardCalculator.recommend(w, headroom);
        List<String> why = new ArrayList<>();
        why.add(String.format(
                Locale.ROOT,
                "%s's busiest minute: %s WCU/s of demand, what it consumed — %s —"
                        + " plus the writes that were throttled; items of %,d B at p99.",
                l.hottestKey() == null ? f.pattern() : l.hottestKey(),
                num(l.peakWriteUnits()),
                l.source(),
                itemBytes));
        why.addAll(r.reasoning());
        int n = r.shards();
        if (schemeN > 0 && schemeN != n) {
            why.add("The advisor's scheme uses " + schemeN + ": it never suggests fewer than two suffixes, and"
                    + " doubles the count a key that is already sharded has.");
            n = schemeN;
        }
        return new Recommendation(
                f.suggestedScheme(),
                n,
                l.hottestKey(),
                f.resource(),
                l.peakWriteUnits(),
                headroom,
                formula(w, r, headroom, n),
                basis,
                f.message(),
                why);
    }

    /**
     * N from the hottest top key alone, by the calculator. Without an audit its scheme is a calculated suffix on that
     * key; with an audit that found nothing to shard, the audit's judgement stands and N is shown for reference.
     */
    private static Recommendation fromTopKey(
            TopKey hot, Map<Resource, KeyTimeMatrix> matrices, double headroom, KeyAudit.Result audit) {
        Resource resource = new Resource(hot.key().table(), hot.key().index());
        KeyTimeMatrix m = matrices.get(resource);
        AuditProfiles.KeyLoad load = m == null
                ? null
                : AuditProfiles.fromInsights(m).keys().stream()
                        .filter(k -> k.key().equals(hot.key().partitionKey()))
                        .findFirst()
                        .orElse(null);
        double consumed = load == null ? hot.peakPerMinute() / 60 / 3 : load.peakWriteUnits();
        double throttled = load == null ? 0 : load.peakThrottlesPerSecond();
        double peak = consumed + throttled;
        Workload w = Workload.writes(peak, Capacity.WRITE_UNIT_BYTES);
        ShardCalculator.Recommendation r = ShardCalculator.recommend(w, headroom);
        List<String> why = new ArrayList<>();
        why.add(String.format(
                Locale.ROOT,
                "%s's busiest minute: %s WCU/s consumed (Contributor Insights counts 3"
                        + " units a write unit, read here as writes) + %s throttled requests/s counted as one WCU each"
                        + " = %s WCU/s of demand.",
                hot.key().label(),
                num(consumed),
                num(throttled),
                num(peak)));
        why.addAll(r.reasoning());
        if (audit != null) {
            if (r.shard()) {
                why.add("The key audit judged its pattern's risk low and suggests no new key: the calculator's N is"
                        + " the room to leave should the load on " + hot.key().label() + " double.");
            }
            return new Recommendation(
                    null,
                    r.shards(),
                    hot.key().label(),
                    hot.key().resourceLabel(),
                    peak,
                    headroom,
                    formula(w, r, headroom, r.shards()),
                    "the key audit found no pattern to shard",
                    null,
                    why);
        }
        String scheme = r.shard() ? hot.key().partitionKey() + ":hash:" + r.shards() : null;
        String basis = r.shard()
                ? "the hottest top key (the key audit was skipped: its scheme may differ — run it" + " for the pattern)"
                : "the hottest top key is within its ceiling with room to double";
        return new Recommendation(
                scheme,
                r.shards(),
                hot.key().label(),
                hot.key().resourceLabel(),
                peak,
                headroom,
                formula(w, r, headroom, r.shards()),
                basis,
                null,
                why);
    }

    /** {@code N = ⌈1,260 WCU/s ÷ 1,000 WCU/s × 2.5⌉ = ⌈3.15⌉ = 4}, or the read side when reads drive N. */
    static String formula(Workload w, ShardCalculator.Recommendation r, double headroom, int n) {
        boolean reads = w.readUnits() / Workload.READ_CEILING > w.writeUnits() / Workload.WRITE_CEILING;
        String peak =
                reads ? num(w.readUnits()) + " RCU/s ÷ 3,000 RCU/s" : num(w.writeUnits()) + " WCU/s ÷ 1,000" + " WCU/s";
        return "N = ⌈" + peak + " × " + num(headroom) + " headroom⌉ = ⌈" + num2(r.keysAtCeiling() * headroom) + "⌉ = "
                + r.shards() + (n == r.shards() ? "" : " → " + n + " in the advisor's scheme");
    }

    /** N in a scheme spec ({@code PENDING:hash:4} → 4, {@code day} → 0). */
    static int schemeShards(String scheme) {
        if (scheme == null) {
            return 0;
        }
        Matcher m = SHARD_COUNT.matcher(scheme);
        int n = 0;
        while (m.find()) {
            n = Math.max(n, Integer.parseInt(m.group(1)));
        }
        return n;
    }

    static String num(double v) {
        return v >= 100 || v == Math.rint(v)
                ? String.format(Locale.ROOT, "%,.0f", v)
                : String.format(Locale.ROOT, "%,.1f", v);
    }

    private static String num2(double v) {
        return v == Math.rint(v) ? String.format(Locale.ROOT, "%,.0f", v) : String.format(Locale.ROOT, "%,.2f", v);
    }
}
