package dev.partitionscope.aws;

import dev.partitionscope.core.fleet.FleetPlan;
import dev.partitionscope.core.fleet.FleetRow;
import dev.partitionscope.core.metrics.DataState;
import dev.partitionscope.core.metrics.DataStatus;
import dev.partitionscope.core.metrics.MetricPeriod;
import dev.partitionscope.core.metrics.MetricPlan;
import dev.partitionscope.core.metrics.MetricQuery;
import dev.partitionscope.core.metrics.Resource;
import dev.partitionscope.core.metrics.SeriesAnswer;
import dev.partitionscope.core.metrics.Verdicts;
import dev.partitionscope.core.table.TableShape;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import software.amazon.awssdk.services.cloudwatch.model.GetMetricDataRequest;
import software.amazon.awssdk.services.cloudwatch.model.GetMetricDataResponse;
import software.amazon.awssdk.services.cloudwatch.model.MetricDataQuery;
import software.amazon.awssdk.services.cloudwatch.model.MetricDataResult;
import software.amazon.awssdk.services.cloudwatch.model.ScanBy;
import software.amazon.awssdk.services.dynamodb.model.ContributorInsightsSummary;
import software.amazon.awssdk.services.dynamodb.model.ListContributorInsightsResponse;

/**
 * Which tables of a region have hot partitions: every table and GSI with its KeyRange and other throttle events,
 * consumed units and peak percentage of capacity over a window, its Contributor Insights status and its stream.
 * ListTables, then DescribeTable on at most {@value #DESCRIBE_THREADS} tables at once, one paged
 * ListContributorInsights for the whole region, and the CloudWatch series of every resource in GetMetricData calls of
 * {@value MetricPlan#MAX_QUERIES_PER_CALL} queries, each paged. Service failures become the result's status and the
 * numbers they leave unknown are null, never zero.
 */
public final class FleetReader {
    static final int DESCRIBE_THREADS = 16;

    /** Hears the read as it goes (on the reading thread and the describe pool). */
    public interface Listener {
        default void tables(int described, int total) {}

        default void metricCalls(int done, int total) {}
    }

    /**
     * What one read found.
     *
     * @param status   DATA when every question was answered; else what was not (PARTIAL, ACCESS_DENIED, FAILED)
     * @param notes    tables that could not be described, series left unanswered — said, not hidden
     */
    public record Result(
            Instant start,
            Instant end,
            int periodSeconds,
            List<FleetRow> rows,
            DataStatus status,
            List<String> notes,
            int tables,
            int metricCalls,
            boolean cancelled) {}

    private final Connection connection;
    private final RetryPolicy retry = RetryPolicy.CLOUDWATCH;

    public FleetReader(Connection connection) {
        this.connection = connection;
    }

    /** Reads the fleet over [start, end) seen at {@code now} (the endpoint's clock). */
    public Result read(Instant start, Instant end, Instant now, BooleanSupplier cancelled, Listener listener) {
        List<String> notes = new ArrayList<>();
        List<String> names = new ArrayList<>();
        try {
            new TableGateway(connection).listTables(names::addAll, cancelled);
        } catch (RuntimeException e) {
            DataStatus why = CloudWatchCalls.status(e, connection.spec(), "dynamodb", "ListTables");
            return new Result(start, end, 60, List.of(), why, List.of(why.message()), 0, 0, false);
        }
        Map<String, TableShape> shapes = describeAll(names, cancelled, listener, notes);
        Map<List<String>, String> insights = insights(cancelled, notes);

        int period = MetricPeriod.choose(start, end, now);
        long s = Math.floorDiv(start.getEpochSecond(), period) * period;
        long e = Math.floorDiv(end.getEpochSecond() + period - 1, period) * period;
        int columns = (int) Math.max(1, (e - s) / period);
        List<Resource> resources = new ArrayList<>();
        Map<Resource, FleetPlan.Facts> facts = new HashMap<>();
        for (String name : names) {
            TableShape shape = shapes.get(name);
            resources.add(Resource.table(name));
            if (shape == null) {
                continue;
            }
            Map<Resource, Verdicts.Limits> limits = Verdicts.limitsOf(shape);
            String stream = shape.stream() != null && shape.stream().enabled()
                    ? shape.stream().viewType()
                    : "DISABLED";
            facts.put(
                    Resource.table(name),
                    new FleetPlan.Facts(
                            limits.get(Resource.table(name)), insights.get(Arrays.asList(name, null)), stream));
            for (String index : shape.globalIndexNames()) {
                Resource r = Resource.index(name, index);
                resources.add(r);
                facts.put(r, new FleetPlan.Facts(limits.get(r), insights.get(Arrays.asList(name, index)), null));
            }
        }
        FleetPlan plan = new FleetPlan(Instant.ofEpochSecond(s), period, columns, resources);
        Map<String, FleetPlan.Series> answers = new HashMap<>();
        int[] calls = {0};
        DataStatus status = readSeries(plan, answers, calls, cancelled, listener);
        boolean cancelledNow = cancelled.getAsBoolean();
        long unanswered = plan.queries().stream()
                .filter(q -> answers.get(q.id()) == null || answers.get(q.id()).answer() != SeriesAnswer.COMPLETE)
                .count();
        if (status.state() == DataState.DATA && unanswered > 0) {
            status = DataStatus.of(
                    DataState.PARTIAL,
                    "CloudWatch did not answer " + unanswered + " of "
                            + plan.queries().size()
                            + " series completely; the numbers resting on them are unknown, not zero");
        }
        if (status.state() == DataState.DATA && !notes.isEmpty()) {
            status = DataStatus.of(DataState.PARTIAL, String.join("; ", notes));
        }
        return new Result(
                plan.start(),
                plan.end(),
                period,
                plan.rows(answers, facts),
                status,
                List.copyOf(notes),
                names.size(),
                calls[0],
                cancelledNow);
    }

    private Map<String, TableShape> describeAll(
            List<String> names, BooleanSupplier cancelled, Listener listener, List<String> notes) {
        Map<String, TableShape> shapes = new ConcurrentHashMap<>();
        Map<String, String> failures = new ConcurrentHashMap<>();
        AtomicInteger done = new AtomicInteger();
        ExecutorService pool =
                Executors.newFixedThreadPool(Math.max(1, Math.min(DESCRIBE_THREADS, names.size())), r -> {
                    Thread t = new Thread(r, "fleet-describe");
                    t.setDaemon(true);
                    return t;
                });
        try {
            TableGateway gateway = new TableGateway(connection);
            List<Future<?>> futures = new ArrayList<>();
            for (String name : names) {
                futures.add(pool.submit(() -> {
                    if (cancelled.getAsBoolean()) {
                        return;
                    }
                    try {
                        shapes.put(name, gateway.describe(name));
                    } catch (RuntimeException e) {
                        failures.put(
                                name,
                                CloudWatchCalls.status(e, connection.spec(), "dynamodb", "DescribeTable")
                                        .message());
                    }
                    listener.tables(done.incrementAndGet(), names.size());
                }));
            }
            for (Future<?> f : futures) {
                try {
                    f.get();
                } catch (java.util.concurrent.ExecutionException e) {
                    failures.put("?", String.valueOf(e.getCause()));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        } finally {
            pool.shutdownNow();
        }
        failures.entrySet().stream()
                .sorted(Map.Entry.comparingByKey())
                .limit(5)
                .forEach(f -> notes.add("DescribeTable " + f.getKey() + ": " + f.getValue()));
        if (failures.size() > 5) {
            notes.add((failures.size() - 5) + " more tables could not be described");
        }
        return shapes;
    }

    /** Contributor Insights status by [table, index] for the whole region; empty (unknown) when not answered. */
    private Map<List<String>, String> insights(BooleanSupplier cancelled, List<String> notes) {
        Map<List<String>, String> out = new HashMap<>();
        String token = null;
        Set<String> seen = new HashSet<>();
        try {
            do {
                String from = token;
                ListContributorInsightsResponse page = connection
                        .dynamo()
                        .listContributorInsights(b -> b.maxResults(100).nextToken(from));
                for (ContributorInsightsSummary s : page.contributorInsightsSummaries()) {
                    out.put(Arrays.asList(s.tableName(), s.indexName()), s.contributorInsightsStatusAsString());
                }
                token = page.nextToken();
            } while (token != null && seen.add(token) && !cancelled.getAsBoolean());
        } catch (RuntimeException e) {
            notes.add("Contributor Insights status unknown: "
                    + CloudWatchCalls.status(e, connection.spec(), "dynamodb", "ListContributorInsights")
                            .message());
            return Map.of();
        }
        return out;
    }

    private DataStatus readSeries(
            FleetPlan plan,
            Map<String, FleetPlan.Series> answers,
            int[] calls,
            BooleanSupplier cancelled,
            Listener listener) {
        List<MetricQuery> all = plan.queries();
        int batches = (all.size() + MetricPlan.MAX_QUERIES_PER_CALL - 1) / MetricPlan.MAX_QUERIES_PER_CALL;
        Map<String, double[]> values = new HashMap<>();
        Map<String, SeriesAnswer> answered = new HashMap<>();
        for (MetricQuery q : all) {
            double[] v = new double[plan.columns()];
            Arrays.fill(v, Double.NaN);
            values.put(q.id(), v);
        }
        DataStatus status = DataStatus.DATA;
        for (int b = 0; b < batches; b++) {
            List<MetricQuery> batch = all.subList(
                    b * MetricPlan.MAX_QUERIES_PER_CALL,
                    Math.min(all.size(), (b + 1) * MetricPlan.MAX_QUERIES_PER_CALL));
            List<MetricDataQuery> queries = batch.stream()
                    .map(q -> MetricsReader.query(q, plan.periodSeconds()))
                    .toList();
            String token = null;
            Set<String> seen = new HashSet<>();
            do {
                if (cancelled.getAsBoolean()) {
                    status = DataStatus.of(DataState.PARTIAL, "cancelled");
                    b = batches;
                    break;
                }
                GetMetricDataRequest request = GetMetricDataRequest.builder()
                        .metricDataQueries(queries)
                        .startTime(plan.start())
                        .endTime(plan.end())
                        .scanBy(ScanBy.TIMESTAMP_ASCENDING)
                        .nextToken(token)
                        .build();
                GetMetricDataResponse response;
                try {
                    response = CloudWatchCalls.withBackoff(
                            () -> connection.cloudWatch().getMetricData(request), cancelled, retry);
                } catch (RuntimeException e) {
                    DataStatus why = CloudWatchCalls.status(e, connection.spec(), "cloudwatch", "GetMetricData");
                    status = calls[0] == 0
                            ? why
                            : DataStatus.of(DataState.PARTIAL, "some GetMetricData calls failed: " + why.message());
                    break;
                }
                calls[0]++;
                for (MetricDataResult r : response.metricDataResults()) {
                    double[] v = values.get(r.id());
                    if (v == null) {
                        continue;
                    }
                    SeriesAnswer a = SeriesAnswer.ofStatusCode(r.statusCodeAsString());
                    // A later page's answer replaces an earlier one: a PartialData series completes on its last page.
                    answered.put(r.id(), a);
                    List<Instant> ts = r.timestamps();
                    List<Double> vs = r.values();
                    for (int i = 0; i < Math.min(ts.size(), vs.size()); i++) {
                        int c = plan.column(ts.get(i));
                        if (c >= 0) {
                            v[c] = (Double.isNaN(v[c]) ? 0 : v[c]) + vs.get(i);
                        }
                    }
                }
                listener.metricCalls(calls[0], batches);
                token = response.nextToken();
            } while (token != null && seen.add(token));
        }
        answered.forEach((id, a) -> answers.put(id, new FleetPlan.Series(values.get(id), a)));
        return status;
    }
}
