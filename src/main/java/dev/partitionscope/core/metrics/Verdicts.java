package dev.partitionscope.core.metrics;

import dev.partitionscope.core.metrics.TableMetric.Cause;
import dev.partitionscope.core.metrics.TableMetric.Direction;
import dev.partitionscope.core.table.BillingMode;
import dev.partitionscope.core.table.IndexShape;
import dev.partitionscope.core.table.TableShape;
import dev.partitionscope.core.table.Throughput;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Derives a {@link Verdict} from a metrics snapshot. The cause-specific throttle metrics decide (the most frequent
 * cause wins and the others are mentioned); the utilization at the throttled periods turns the numbers into the
 * sentence an engineer needs: "1,240 KeyRange write throttles while the table used 18 % of its capacity" means
 * raising capacity would not help.
 */
public final class Verdicts {
    /** DynamoDB's default per-table on-demand maximum, units per second (dynamodb-facts §1). */
    public static final double ON_DEMAND_DEFAULT_MAX = 40_000;
    /** Below this share of the limit, throttles without a cause metric are put down to a hot partition. */
    static final double INFER_HOT_BELOW_PERCENT = 50;

    private Verdicts() {}

    /** Per-second limits of one resource: provisioned units, or the on-demand maximum. */
    public record Limits(boolean onDemand, double read, double write, boolean defaultMaximum) {
        public double of(Direction d) {
            return d == Direction.READ ? read : write;
        }
    }

    /** The limits of the table and each GSI from DescribeTable. */
    public static Map<Resource, Limits> limitsOf(TableShape shape) {
        Map<Resource, Limits> out = new java.util.HashMap<>();
        boolean onDemand = shape.billingMode() == BillingMode.PAY_PER_REQUEST;
        out.put(Resource.table(shape.name()), limits(onDemand, shape.provisioned(), shape.onDemandMaximum()));
        for (IndexShape gsi : shape.globalIndexes()) {
            out.put(
                    Resource.index(shape.name(), gsi.name()),
                    limits(onDemand, gsi.provisioned(), gsi.onDemandMaximum()));
        }
        return out;
    }

    private static Limits limits(boolean onDemand, Throughput provisioned, Throughput max) {
        if (onDemand) {
            boolean readSet = max != null && max.hasRead();
            boolean writeSet = max != null && max.hasWrite();
            return new Limits(
                    true,
                    readSet ? max.readUnitsPerSecond() : ON_DEMAND_DEFAULT_MAX,
                    writeSet ? max.writeUnitsPerSecond() : ON_DEMAND_DEFAULT_MAX,
                    !readSet || !writeSet);
        }
        return new Limits(
                false,
                provisioned != null && provisioned.hasRead() ? provisioned.readUnitsPerSecond() : Double.NaN,
                provisioned != null && provisioned.hasWrite() ? provisioned.writeUnitsPerSecond() : Double.NaN,
                false);
    }

    public static Verdict of(MetricsSnapshot s, Map<Resource, Limits> limits) {
        DataState state = s.status().state();
        if (state == DataState.ACCESS_DENIED || state == DataState.NOT_SUPPORTED || state == DataState.FAILED) {
            return new Verdict(
                    Verdict.Kind.UNAVAILABLE,
                    "No verdict: metrics are unavailable",
                    s.status().message(),
                    null,
                    null,
                    Map.of(),
                    Double.NaN,
                    false);
        }
        Map<Cause, Long> byCause = new EnumMap<>(Cause.class);
        long generic = 0;
        Resource worst = null;
        Direction worstDir = null;
        double worstCount = 0;
        boolean anyTraffic = false;
        // Series CloudWatch did not answer completely: unknown, so never counted as zero (a refused series is not
        // "no throttling"); a verdict rests only on what was answered.
        List<String> unknown = new ArrayList<>();
        for (Resource r : s.resources()) {
            for (Direction d : Direction.values()) {
                anyTraffic |= s.hasData(r, TableMetric.consumed(d));
                double events = known(s, r, TableMetric.throttles(d), unknown);
                double causeSum = 0;
                for (Cause c : Cause.values()) {
                    long n = Math.round(known(s, r, TableMetric.cause(d, c), unknown));
                    byCause.merge(c, n, Long::sum);
                    causeSum += n;
                }
                double count = Math.max(events, causeSum);
                generic += Math.round(events);
                if (count > worstCount) {
                    worstCount = count;
                    worst = r;
                    worstDir = d;
                }
            }
        }
        long causeTotal = byCause.values().stream().mapToLong(Long::longValue).sum();
        String unknownNote = unknown.isEmpty()
                ? ""
                : " CloudWatch did not answer " + unknown.size() + " throttle"
                        + " series completely (" + String.join(", ", unknown.subList(0, Math.min(3, unknown.size())))
                        + (unknown.size() > 3 ? ", …" : "") + "): the counts may be low.";
        if (worst == null && !unknown.isEmpty()) {
            return new Verdict(
                    Verdict.Kind.UNAVAILABLE,
                    "No verdict: CloudWatch did not answer every throttle" + " series",
                    "No throttles in the series CloudWatch answered, but " + unknown.size() + " of them"
                            + " went unanswered (" + String.join(", ", unknown.subList(0, Math.min(3, unknown.size())))
                            + (unknown.size() > 3 ? ", …" : "") + "). Without them \"no throttling\" cannot be said. "
                            + s.status().message(),
                    null,
                    null,
                    byCause,
                    Double.NaN,
                    false);
        }
        if (worst == null) {
            boolean trafficKnown = s.resources().stream()
                    .allMatch(
                            r -> s.complete(r, TableMetric.CONSUMED_READ) && s.complete(r, TableMetric.CONSUMED_WRITE));
            if (!anyTraffic && !trafficKnown) {
                return new Verdict(
                        Verdict.Kind.UNAVAILABLE,
                        "No verdict: CloudWatch did not answer the consumed" + " capacity",
                        "No throttles, but whether the table had traffic is unknown. "
                                + s.status().message(),
                        null,
                        null,
                        byCause,
                        Double.NaN,
                        false);
            }
            if (!anyTraffic) {
                return new Verdict(
                        Verdict.Kind.NO_DATA,
                        "No traffic in this range",
                        "CloudWatch has no consumed-capacity datapoints for this table in the selected range. Pick a"
                                + " longer range, or check that the application is using this table and region.",
                        null,
                        null,
                        byCause,
                        Double.NaN,
                        false);
            }
            return noThrottling(s, limits, byCause);
        }
        Limits lim = limits.get(worst);
        double utilization = utilizationWhileThrottled(s, worst, worstDir, lim);
        Cause cause;
        boolean inferred = causeTotal == 0;
        if (inferred) {
            cause = !Double.isNaN(utilization) && utilization < INFER_HOT_BELOW_PERCENT
                    ? Cause.KEY_RANGE
                    : lim != null && lim.onDemand() ? Cause.MAX_ON_DEMAND : Cause.PROVISIONED;
        } else {
            cause = byCause.entrySet().stream()
                    .max(Map.Entry.comparingByValue())
                    .orElseThrow()
                    .getKey();
        }
        long count = inferred ? generic : byCause.get(cause);
        Verdict v = throttled(cause, count, worst, worstDir, lim, utilization, byCause, inferred);
        return unknownNote.isEmpty()
                ? v
                : new Verdict(
                        v.kind(),
                        v.headline(),
                        v.detail() + unknownNote,
                        v.resource(),
                        v.direction(),
                        v.events(),
                        v.utilization(),
                        v.inferred());
    }

    /** The series' total when CloudWatch answered it completely; else 0, with the series named in {@code unknown}. */
    private static double known(MetricsSnapshot s, Resource r, TableMetric m, List<String> unknown) {
        MetricQuery.Key key = new MetricQuery.Key(r, m, null);
        if (!s.plan().plans(key)) {
            return 0; // not planned (an endpoint without cause metrics): nothing was asked, nothing is missing
        }
        if (s.complete(key)) {
            return s.total(key);
        }
        unknown.add(m.metricName() + (r.isTable() ? "" : " of " + r.index()) + " "
                + s.answer(key).words());
        return 0;
    }

    private static Verdict throttled(
            Cause cause,
            long count,
            Resource r,
            Direction d,
            Limits lim,
            double util,
            Map<Cause, Long> byCause,
            boolean inferred) {
        String what = r.isTable() ? "the table" : "index " + r.index();
        String used = Double.isNaN(util)
                ? ""
                : " while " + what + " used " + percent(util) + " of its " + capacityWord(lim, d);
        String events = count(count) + (inferred ? " " : " " + shortCause(cause) + " ") + d.word() + " throttle"
                + (count == 1 ? "" : "s");
        String also = others(byCause, cause);
        String gsiNote = !r.isTable() && d == Direction.WRITE
                ? " Writes to an index that cannot keep up also throttle writes to the base table."
                : "";
        String inferNote = inferred
                ? " (This endpoint reports no per-cause throttle metrics; the cause is inferred" + " from utilization.)"
                : "";
        return switch (cause) {
            case KEY_RANGE ->
                new Verdict(
                        Verdict.Kind.HOT_PARTITION,
                        "Hot partition: " + events + used,
                        "One partition key value can take at most "
                                + (d == Direction.WRITE ? "1,000 WCU/s" : "3,000 RCU/s") + ", however much capacity "
                                + what + " has, so adding capacity will"
                                + " not stop these throttles. Find the key in the heatmap and spread it with a suffix"
                                + " in the sharding designer." + gsiNote + also + inferNote,
                        r,
                        d,
                        byCause,
                        util,
                        inferred);
            case PROVISIONED ->
                new Verdict(
                        Verdict.Kind.TABLE_AT_PROVISIONED_LIMIT,
                        (r.isTable() ? "Table" : "Index " + r.index()) + " at its provisioned limit: " + events + used,
                        "Consumption reached the provisioned " + d.unit() + "/s. Raise the provisioned capacity, let"
                                + " auto scaling do it, or switch to on-demand." + gsiNote + also + inferNote,
                        r,
                        d,
                        byCause,
                        util,
                        inferred);
            case MAX_ON_DEMAND ->
                new Verdict(
                        Verdict.Kind.ON_DEMAND_MAXIMUM,
                        "On-demand maximum reached: " + events + used,
                        "On-demand tables stop at their maximum throughput"
                                + (lim != null && lim.defaultMaximum()
                                        ? " (the default is 40,000 units/s per table)"
                                        : "")
                                + ". Raise Max"
                                + (d == Direction.WRITE ? "Write" : "Read") + "RequestUnits on " + what + "." + gsiNote
                                + also + inferNote,
                        r,
                        d,
                        byCause,
                        util,
                        inferred);
            case ACCOUNT_LIMIT ->
                new Verdict(
                        Verdict.Kind.ACCOUNT_LIMIT,
                        "Account limit reached: " + events,
                        "The account's per-table or regional throughput quota was exceeded. Request a quota increase"
                                + " in Service Quotas." + also + inferNote,
                        r,
                        d,
                        byCause,
                        util,
                        inferred);
        };
    }

    private static Verdict noThrottling(MetricsSnapshot s, Map<Resource, Limits> limits, Map<Cause, Long> byCause) {
        Resource best = null;
        Direction bestDir = null;
        double bestUtil = -1;
        for (Resource r : s.resources()) {
            Limits lim = limits.get(r);
            for (Direction d : Direction.values()) {
                double[] used = s.display(r, TableMetric.consumed(d));
                double[] limit = limitSeries(s, r, d, lim);
                for (int i = 0; i < used.length; i++) {
                    if (!Double.isNaN(used[i]) && limit[i] > 0) {
                        double u = used[i] / limit[i] * 100;
                        if (u > bestUtil) {
                            bestUtil = u;
                            best = r;
                            bestDir = d;
                        }
                    }
                }
            }
        }
        String detail = best == null
                ? "No throttle events of any cause in this range."
                : "No throttle events of any cause in this range. Busiest: "
                        + (best.isTable()
                                ? "the table's " + bestDir.word() + "s"
                                : "index " + best.index() + " " + bestDir.word() + "s")
                        + " at "
                        + percent(bestUtil) + " of " + capacityWord(limits.get(best), bestDir) + " in their peak "
                        + MetricPeriod.label(s.periodSeconds()) + ".";
        return new Verdict(
                Verdict.Kind.NO_THROTTLING,
                "No throttling",
                detail,
                best,
                bestDir,
                byCause,
                best == null ? Double.NaN : bestUtil,
                false);
    }

    /** Mean of consumed ÷ limit over the periods with throttle events of {@code d} on {@code r}; NaN if unknown. */
    static double utilizationWhileThrottled(MetricsSnapshot s, Resource r, Direction d, Limits lim) {
        double[] used = s.display(r, TableMetric.consumed(d));
        double[] limit = limitSeries(s, r, d, lim);
        double[] events = s.raw(r, TableMetric.throttles(d));
        double[] keyRange = s.raw(r, TableMetric.cause(d, Cause.KEY_RANGE));
        double sum = 0;
        int n = 0;
        for (int i = 0; i < used.length; i++) {
            boolean throttled = events[i] > 0 || keyRange[i] > 0;
            if (throttled && limit[i] > 0) {
                sum += (Double.isNaN(used[i]) ? 0 : used[i]) / limit[i] * 100;
                n++;
            }
        }
        return n == 0 ? Double.NaN : sum / n;
    }

    /** The per-second limit per period: CloudWatch's provisioned metric where it has one, else DescribeTable's. */
    private static double[] limitSeries(MetricsSnapshot s, Resource r, Direction d, Limits lim) {
        double[] fromMetric = s.display(r, TableMetric.provisioned(d));
        double fallback = lim == null ? Double.NaN : lim.of(d);
        if (lim != null && lim.onDemand()) {
            java.util.Arrays.fill(fromMetric, fallback);
            return fromMetric;
        }
        for (int i = 0; i < fromMetric.length; i++) {
            if (Double.isNaN(fromMetric[i])) {
                fromMetric[i] = fallback;
            }
        }
        return fromMetric;
    }

    private static String capacityWord(Limits lim, Direction d) {
        if (lim == null) {
            return d.word() + " capacity";
        }
        if (lim.onDemand()) {
            return "on-demand maximum (" + count(Math.round(lim.of(d))) + " " + d.unit() + "/s"
                    + (lim.defaultMaximum() ? ", the default" : "") + ")";
        }
        return Double.isNaN(lim.of(d))
                ? d.word() + " capacity"
                : "provisioned " + count(Math.round(lim.of(d))) + " " + d.unit() + "/s";
    }

    private static String shortCause(Cause c) {
        return switch (c) {
            case KEY_RANGE -> "KeyRange";
            case PROVISIONED -> "provisioned-capacity";
            case ACCOUNT_LIMIT -> "account-limit";
            case MAX_ON_DEMAND -> "on-demand-maximum";
        };
    }

    private static String others(Map<Cause, Long> byCause, Cause main) {
        List<String> parts = new ArrayList<>();
        for (Cause c : Cause.values()) {
            long n = byCause.getOrDefault(c, 0L);
            if (c != main && n > 0) {
                parts.add(count(n) + " " + c.label());
            }
        }
        return parts.isEmpty() ? "" : " Also: " + String.join(", ", parts) + ".";
    }

    static String percent(double p) {
        if (p < 1 && p > 0) {
            return "< 1 %";
        }
        return String.format(Locale.ROOT, "%.0f %%", p);
    }

    private static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }
}
