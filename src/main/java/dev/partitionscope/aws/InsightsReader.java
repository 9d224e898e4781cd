package dev.partitionscope.aws;

import dev.partitionscope.core.heat.KeyTimeMatrix;
import dev.partitionscope.core.insights.Contributor;
import dev.partitionscope.core.insights.ContributorKeys;
import dev.partitionscope.core.insights.InsightRule;
import dev.partitionscope.core.insights.RuleKind;
import dev.partitionscope.core.insights.RuleReport;
import dev.partitionscope.core.insights.StitchRequest;
import dev.partitionscope.core.insights.Stitcher;
import dev.partitionscope.core.metrics.DataState;
import dev.partitionscope.core.metrics.DataStatus;
import dev.partitionscope.core.metrics.Resource;
import dev.partitionscope.core.table.ContributorInsightsState;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import software.amazon.awssdk.services.cloudwatch.model.GetInsightRuleReportResponse;
import software.amazon.awssdk.services.cloudwatch.model.InsightRuleContributor;
import software.amazon.awssdk.services.cloudwatch.model.InsightRuleContributorDatapoint;

/**
 * Builds key × time matrices from Contributor Insights. Each GetInsightRuleReport ranks at most 25 keys over its
 * whole window, so a day read in one report shows only the day's top 25 and hides keys that were hot for one hour.
 * This reader asks for consecutive sub-windows (an hour each for a day) and stitches them, so every key that was in
 * some hour's top 25 appears, and the rest of the table's consumption becomes an "other keys" row.
 *
 * <p>Rule names come from DescribeContributorInsights, never built by hand. Calls run on a few threads, spaced to
 * CloudWatch's ~20 reports/s on AWS, backed off when throttled; a failed sub-window marks only its own columns
 * missing.
 */
public final class InsightsReader {
    /** DynamoDB's rules allow at most 25 contributors per report (26 is an error). */
    public static final int MAX_CONTRIBUTORS = 25;
    /** CloudWatch's GetInsightRuleReport rate on AWS, per second. */
    public static final double AWS_REPORTS_PER_SECOND = 20;
    /** Aim for at most this many sub-windows per range. */
    static final int MAX_SUB_WINDOWS = 48;
    /** The shortest sub-window a caller asking for more windows gets. */
    public static final int MIN_SUB_WINDOW_SECONDS = 300;

    private static final int THREADS = 4;

    private final Connection connection;
    private final RetryPolicy retry;
    private final double reportsPerSecond;

    public InsightsReader(Connection connection) {
        this(
                connection,
                RetryPolicy.Backoff.CLOUDWATCH,
                connection.spec().kind() == ConnectionKind.AWS ? AWS_REPORTS_PER_SECOND : Double.POSITIVE_INFINITY);
    }

    InsightsReader(Connection connection, RetryPolicy.Backoff backoff, double reportsPerSecond) {
        this.connection = connection;
        this.retry = RetryPolicy.CLOUDWATCH.with(backoff, RetryPolicy.CLOUDWATCH.maxAttempts());
        this.reportsPerSecond = reportsPerSecond;
    }

    /** Partition-key rules: what the top keys and the heatmap need. */
    public static final Set<RuleKind> PARTITION_KEY_RULES = EnumSet.of(RuleKind.PKC, RuleKind.PKT);
    /** Partition + sort key rules: which items inside a key are hot; as many calls again, so read on demand. */
    public static final Set<RuleKind> SORT_KEY_RULES = EnumSet.of(RuleKind.SKC, RuleKind.SKT);

    /**
     * What to load: the Contributor Insights states (with their rule lists), the window and which rule kinds. Every
     * report is a billed call on AWS, so the default is the partition-key rules only.
     */
    public record Request(
            List<ContributorInsightsState> states,
            Instant start,
            int periodSeconds,
            int columns,
            Map<Resource, double[]> tableUnitsPerBucket,
            Set<RuleKind> kinds,
            int maxSubWindows) {
        public Request {
            if (maxSubWindows < 1) {
                throw new IllegalArgumentException("at least one sub-window, not " + maxSubWindows);
            }
            states = List.copyOf(states);
            tableUnitsPerBucket = Map.copyOf(tableUnitsPerBucket);
            kinds = kinds.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(kinds));
        }

        /** The default number of sub-windows (hourly, at most 48). */
        public Request(
                List<ContributorInsightsState> states,
                Instant start,
                int periodSeconds,
                int columns,
                Map<Resource, double[]> tableUnitsPerBucket,
                Set<RuleKind> kinds) {
            this(states, start, periodSeconds, columns, tableUnitsPerBucket, kinds, MAX_SUB_WINDOWS);
        }

        /** Partition-key rules only. */
        public Request(
                List<ContributorInsightsState> states,
                Instant start,
                int periodSeconds,
                int columns,
                Map<Resource, double[]> tableUnitsPerBucket) {
            this(states, start, periodSeconds, columns, tableUnitsPerBucket, PARTITION_KEY_RULES, MAX_SUB_WINDOWS);
        }

        public Request withKinds(Set<RuleKind> newKinds) {
            return new Request(states, start, periodSeconds, columns, tableUnitsPerBucket, newKinds, maxSubWindows);
        }

        /**
         * Up to {@code windows} sub-windows (never shorter than {@link #MIN_SUB_WINDOW_SECONDS}): more windows find
         * more keys (each report ranks 25) and cost as many more reports.
         */
        public Request withMaxSubWindows(int windows) {
            return new Request(states, start, periodSeconds, columns, tableUnitsPerBucket, kinds, windows);
        }

        Instant end() {
            return start.plusSeconds((long) periodSeconds * columns);
        }
    }

    /** Per resource: the partition-key matrix, the partition + sort key matrix (when SK rules exist), the state. */
    public record Result(
            Map<Resource, KeyTimeMatrix> partitionKeys,
            Map<Resource, KeyTimeMatrix> sortKeys,
            Map<Resource, DataStatus> status,
            int reports,
            int failedReports,
            boolean cancelled) {}

    /** A sub-window [start, end). */
    public record Window(Instant start, Instant end) {}

    /** Consecutive sub-windows covering [start, end): whole hours (more when the range is long), period-aligned. */
    public static List<Window> subWindows(Instant start, Instant end, int periodSeconds) {
        return subWindows(start, end, periodSeconds, MAX_SUB_WINDOWS);
    }

    /**
     * Consecutive sub-windows covering [start, end), at most {@code maxWindows} of them: whole hours when that is
     * enough, otherwise whole multiples of {@link #MIN_SUB_WINDOW_SECONDS} (five minutes); period-aligned.
     */
    public static List<Window> subWindows(Instant start, Instant end, int periodSeconds, int maxWindows) {
        long total = Duration.between(start, end).toSeconds();
        long unit = total <= 3_600L * maxWindows && maxWindows > MAX_SUB_WINDOWS ? MIN_SUB_WINDOW_SECONDS : 3_600L;
        long units = Math.max(1, (total + unit * maxWindows - 1) / (unit * maxWindows));
        long length = units * unit;
        if (length % periodSeconds != 0) {
            length = (length / periodSeconds + 1) * periodSeconds;
        }
        List<Window> out = new ArrayList<>();
        for (Instant s = start; s.isBefore(end); s = s.plusSeconds(length)) {
            Instant e = s.plusSeconds(length);
            out.add(new Window(s, e.isAfter(end) ? end : e));
        }
        return out;
    }

    /** The state a resource's heat data has before any report is read (disabled, not supported, …); null if ready. */
    public static DataStatus readiness(ContributorInsightsState s) {
        return readiness(s, null);
    }

    /** As {@link #readiness(ContributorInsightsState)}, naming the endpoint (and the proxy hint) when unsupported. */
    public static DataStatus readiness(ContributorInsightsState s, ConnectionSpec spec) {
        String what = s.resourceLabel();
        return switch (s.status()) {
            case ENABLED ->
                s.rules().isEmpty() ? DataStatus.of(DataState.NO_DATA, "DynamoDB lists no rules for " + what) : null;
            case ENABLING ->
                DataStatus.of(DataState.NOT_ENABLED, "Contributor Insights is still being enabled on " + what);
            case DISABLED, DISABLING ->
                DataStatus.of(
                        DataState.NOT_ENABLED,
                        "Contributor Insights is off for " + what + "; enabling it is a billed write");
            case FAILED ->
                DataStatus.of(
                        DataState.FAILED,
                        "Contributor Insights failed on " + what + (s.detail() == null ? "" : ": " + s.detail()));
            case NOT_SUPPORTED -> CloudWatchCalls.notSupported(spec, "Contributor Insights");
            case ACCESS_DENIED -> DataStatus.accessDenied("dynamodb:DescribeContributorInsights");
            case UNAVAILABLE -> DataStatus.of(DataState.FAILED, s.detail() == null ? "status unavailable" : s.detail());
        };
    }

    /** The rules of a state, classified by kind; unknown names are skipped. */
    public static List<InsightRule> rules(ContributorInsightsState s) {
        List<InsightRule> out = new ArrayList<>();
        for (String name : s.rules()) {
            RuleKind.ofRuleName(name)
                    .ifPresent(kind -> out.add(new InsightRule(s.tableName(), s.indexName(), kind, name)));
        }
        return out;
    }

    /**
     * Reads every sub-window report of every enabled resource and stitches them.
     *
     * @param progress called with (done, total) reports after each one
     */
    public Result load(
            Request request, BooleanSupplier cancelled, java.util.function.BiConsumer<Integer, Integer> progress) {
        List<Window> windows =
                subWindows(request.start(), request.end(), request.periodSeconds(), request.maxSubWindows());
        Map<Resource, DataStatus> status = new LinkedHashMap<>();
        List<InsightRule> all = new ArrayList<>();
        for (ContributorInsightsState s : request.states()) {
            Resource r = new Resource(s.tableName(), s.indexName());
            DataStatus ready = readiness(s, connection.spec());
            if (ready != null) {
                status.put(r, ready);
            } else {
                rules(s).stream()
                        .filter(rule -> request.kinds().contains(rule.kind()))
                        .forEach(all::add);
            }
        }
        int total = all.size() * windows.size();
        AtomicInteger done = new AtomicInteger();
        RateLimiter limiter = new RateLimiter(reportsPerSecond);
        ExecutorService pool = Executors.newFixedThreadPool(THREADS, r -> {
            Thread t = new Thread(r, "insight-reports");
            t.setDaemon(true);
            return t;
        });
        Map<InsightRule, List<Future<RuleReport>>> futures = new LinkedHashMap<>();
        try {
            for (InsightRule rule : all) {
                List<Future<RuleReport>> list = new ArrayList<>();
                for (Window w : windows) {
                    list.add(pool.submit(() -> {
                        RuleReport r = report(rule, w, request.periodSeconds(), cancelled, limiter);
                        // One at a time, so listeners see the count rise (reports finish on several threads).
                        synchronized (done) {
                            progress.accept(done.incrementAndGet(), total);
                        }
                        return r;
                    }));
                }
                futures.put(rule, list);
            }
            Map<InsightRule, List<RuleReport>> reports = new LinkedHashMap<>();
            for (Map.Entry<InsightRule, List<Future<RuleReport>>> e : futures.entrySet()) {
                List<RuleReport> list = new ArrayList<>();
                for (Future<RuleReport> f : e.getValue()) {
                    list.add(get(f));
                }
                reports.put(e.getKey(), list);
            }
            return stitch(request, reports, status, cancelled.getAsBoolean());
        } finally {
            pool.shutdownNow();
        }
    }

    private static RuleReport get(Future<RuleReport> f) {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException();
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        }
    }

    private RuleReport report(InsightRule rule, Window w, int period, BooleanSupplier cancelled, RateLimiter limiter) {
        try {
            limiter.acquire(cancelled);
            GetInsightRuleReportResponse r = CloudWatchCalls.withBackoff(
                    () -> connection.cloudWatch().getInsightRuleReport(b -> b.ruleName(rule.name())
                            .startTime(w.start())
                            .endTime(w.end())
                            .period(period)
                            .maxContributorCount(MAX_CONTRIBUTORS)
                            .orderBy("Sum")),
                    cancelled,
                    retry);
            List<Contributor> contributors = new ArrayList<>();
            for (InsightRuleContributor c : r.contributors()) {
                List<InsightRuleContributorDatapoint> dps = c.datapoints();
                long[] times = new long[dps.size()];
                double[] values = new double[dps.size()];
                for (int i = 0; i < dps.size(); i++) {
                    times[i] = dps.get(i).timestamp().getEpochSecond();
                    values[i] = dps.get(i).approximateValue() == null
                            ? 0
                            : dps.get(i).approximateValue();
                }
                // Keys follow KeyLabels' order, which need not be partition key first.
                List<String> keys = ContributorKeys.ordered(r.keyLabels(), c.keys(), null, null);
                contributors.add(new Contributor(
                        keys,
                        c.approximateAggregateValue() == null ? 0 : c.approximateAggregateValue(),
                        times,
                        values));
            }
            long unique = r.approximateUniqueCount() == null ? contributors.size() : r.approximateUniqueCount();
            return new RuleReport(rule, w.start(), w.end(), period, contributors, unique, null);
        } catch (RuntimeException e) {
            DataStatus why = CloudWatchCalls.isNotFound(e)
                    ? DataStatus.of(
                            DataState.RULE_MISSING,
                            "CloudWatch has no"
                                    + " rule " + rule.name()
                                    + " (Contributor Insights was disabled or its mode changed since the"
                                    + " status was read); refresh the status (↻) and load again")
                    : CloudWatchCalls.status(e, connection.spec(), "cloudwatch", "GetInsightRuleReport");
            return new RuleReport(rule, w.start(), w.end(), period, List.of(), 0, why.message());
        }
    }

    private static Result stitch(
            Request request,
            Map<InsightRule, List<RuleReport>> reports,
            Map<Resource, DataStatus> status,
            boolean cancelled) {
        Map<Resource, List<RuleReport>> pkc = new LinkedHashMap<>();
        Map<Resource, List<RuleReport>> pkt = new LinkedHashMap<>();
        Map<Resource, List<RuleReport>> skc = new LinkedHashMap<>();
        Map<Resource, List<RuleReport>> skt = new LinkedHashMap<>();
        int count = 0;
        int failed = 0;
        Map<Resource, List<RuleReport>> byResource = new LinkedHashMap<>();
        for (Map.Entry<InsightRule, List<RuleReport>> e : reports.entrySet()) {
            InsightRule rule = e.getKey();
            Resource r = new Resource(rule.table(), rule.index());
            Map<Resource, List<RuleReport>> target =
                    switch (rule.kind()) {
                        case PKC -> pkc;
                        case PKT -> pkt;
                        case SKC -> skc;
                        case SKT -> skt;
                    };
            target.computeIfAbsent(r, k -> new ArrayList<>()).addAll(e.getValue());
            byResource.computeIfAbsent(r, k -> new ArrayList<>()).addAll(e.getValue());
            count += e.getValue().size();
            failed += (int) e.getValue().stream().filter(RuleReport::failed).count();
        }
        Map<Resource, KeyTimeMatrix> pk = new LinkedHashMap<>();
        Map<Resource, KeyTimeMatrix> sk = new LinkedHashMap<>();
        for (Resource r : byResource.keySet()) {
            double[] totals = request.tableUnitsPerBucket().get(r);
            pk.put(
                    r,
                    Stitcher.stitch(new StitchRequest(
                            request.start(),
                            request.periodSeconds(),
                            request.columns(),
                            r.table(),
                            r.index(),
                            false,
                            pkc.getOrDefault(r, List.of()),
                            pkt.getOrDefault(r, List.of()),
                            totals)));
            if (skc.containsKey(r) || skt.containsKey(r)) {
                sk.put(
                        r,
                        Stitcher.stitch(new StitchRequest(
                                request.start(),
                                request.periodSeconds(),
                                request.columns(),
                                r.table(),
                                r.index(),
                                true,
                                skc.getOrDefault(r, List.of()),
                                skt.getOrDefault(r, List.of()),
                                totals)));
            }
            // The top keys are partition-key level: a partition + sort key report cut at 25 does not truncate them.
            List<RuleReport> pkReports = new ArrayList<>(pkc.getOrDefault(r, List.of()));
            pkReports.addAll(pkt.getOrDefault(r, List.of()));
            status.put(r, resultStatus(pkReports.isEmpty() ? byResource.get(r) : pkReports));
        }
        return new Result(pk, sk, status, count, failed, cancelled);
    }

    private static DataStatus resultStatus(List<RuleReport> reports) {
        List<RuleReport> failures = reports.stream().filter(RuleReport::failed).toList();
        if (!failures.isEmpty() && failures.size() == reports.size()) {
            String first = failures.get(0).failure();
            if (first.startsWith(DataState.ACCESS_DENIED.label())) {
                return DataStatus.accessDenied("cloudwatch:GetInsightRuleReport");
            }
            for (DataState named : new DataState[] {DataState.NOT_SUPPORTED, DataState.RULE_MISSING}) {
                if (first.startsWith(named.label())) {
                    return DataStatus.of(
                            named, first.substring(first.indexOf('—') + 1).trim());
                }
            }
            return DataStatus.of(DataState.FAILED, first);
        }
        if (!failures.isEmpty()) {
            return DataStatus.of(
                    DataState.PARTIAL,
                    failures.size() + " of " + reports.size() + " sub-window reports" + " failed ("
                            + failures.get(0).failure() + "); their columns are marked missing");
        }
        if (reports.stream().anyMatch(RuleReport::truncated)) {
            return DataStatus.of(
                    DataState.TRUNCATED,
                    "some sub-windows had more than " + MAX_CONTRIBUTORS + " keys; the rest are in \"other keys\"");
        }
        boolean any = reports.stream().anyMatch(r -> !r.contributors().isEmpty());
        return any ? DataStatus.DATA : DataStatus.of(DataState.NO_DATA, "no key appeared in any report");
    }
}
