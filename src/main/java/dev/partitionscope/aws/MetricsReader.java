package dev.partitionscope.aws;

import dev.partitionscope.core.metrics.DataState;
import dev.partitionscope.core.metrics.DataStatus;
import dev.partitionscope.core.metrics.MetricPlan;
import dev.partitionscope.core.metrics.MetricQuery;
import dev.partitionscope.core.metrics.MetricsSnapshot;
import dev.partitionscope.core.metrics.PublishedMetrics;
import dev.partitionscope.core.metrics.SeriesAnswer;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.function.IntConsumer;
import software.amazon.awssdk.services.cloudwatch.model.Dimension;
import software.amazon.awssdk.services.cloudwatch.model.DimensionFilter;
import software.amazon.awssdk.services.cloudwatch.model.GetMetricDataRequest;
import software.amazon.awssdk.services.cloudwatch.model.GetMetricDataResponse;
import software.amazon.awssdk.services.cloudwatch.model.ListMetricsRequest;
import software.amazon.awssdk.services.cloudwatch.model.ListMetricsResponse;
import software.amazon.awssdk.services.cloudwatch.model.Metric;
import software.amazon.awssdk.services.cloudwatch.model.MetricDataQuery;
import software.amazon.awssdk.services.cloudwatch.model.MetricDataResult;
import software.amazon.awssdk.services.cloudwatch.model.ScanBy;

/**
 * Reads a {@link MetricPlan} with GetMetricData: at most 500 queries per call, every page followed through
 * NextToken, throttled calls backed off. The same code runs against AWS, the Lab and the Lab proxy. A failure
 * becomes a data state (access denied, not supported, failed) rather than an exception, and a failure after some
 * pages keeps what arrived and says the answer is partial.
 */
public final class MetricsReader {
    static final String NAMESPACE = "AWS/DynamoDB";

    private final Connection connection;
    private final RetryPolicy retry;

    public MetricsReader(Connection connection) {
        this(connection, RetryPolicy.Backoff.CLOUDWATCH);
    }

    MetricsReader(Connection connection, RetryPolicy.Backoff backoff) {
        this.connection = connection;
        this.retry = RetryPolicy.CLOUDWATCH.with(backoff, RetryPolicy.CLOUDWATCH.maxAttempts());
    }

    /**
     * Reads the plan's metrics (and which of them the table publishes at all) into a snapshot.
     *
     * @param pages called with the number of pages read so far, for progress
     */
    public MetricsSnapshot read(MetricPlan documented, BooleanSupplier cancelled, IntConsumer pages) {
        MetricPlan plan = documented.withPublished(published(documented.table(), cancelled));
        MetricsSnapshot.Builder builder = new MetricsSnapshot.Builder(plan);
        int read = 0;
        for (List<MetricQuery> batch : plan.batches(MetricPlan.MAX_QUERIES_PER_CALL)) {
            List<MetricDataQuery> queries =
                    batch.stream().map(q -> query(q, plan.periodSeconds())).toList();
            String token = null;
            Set<String> seen = new HashSet<>();
            do {
                if (cancelled.getAsBoolean()) {
                    return read == 0
                            ? MetricsSnapshot.failed(plan, DataStatus.of(DataState.PARTIAL, "cancelled"))
                            : builder.build(DataStatus.of(DataState.PARTIAL, "cancelled after " + read + " pages"));
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
                    if (read == 0) {
                        return MetricsSnapshot.failed(plan, why);
                    }
                    return builder.build(DataStatus.of(DataState.PARTIAL, "some pages failed: " + why.message()));
                }
                for (MetricDataResult r : response.metricDataResults()) {
                    builder.answered(r.id(), SeriesAnswer.ofStatusCode(r.statusCodeAsString()));
                    List<java.time.Instant> ts = r.timestamps();
                    List<Double> vs = r.values();
                    for (int i = 0; i < Math.min(ts.size(), vs.size()); i++) {
                        builder.point(r.id(), ts.get(i), vs.get(i));
                    }
                }
                pages.accept(++read);
                token = response.nextToken();
                if (token != null && !seen.add(token)) {
                    return builder.build(DataStatus.of(
                            DataState.PARTIAL, "CloudWatch repeated a NextToken;" + " stopped paging to avoid a loop"));
                }
            } while (token != null);
        }
        MetricsSnapshot snapshot =
                builder.build(overall(builder.incomplete(), plan.queries().size()));
        if (isDirectLocalEngine() && plan.queries().stream().noneMatch(q -> snapshot.hasData(q.key()))) {
            // LocalStack answers GetMetricData but never publishes AWS/DynamoDB metrics: say so instead of "no data".
            return MetricsSnapshot.failed(
                    plan,
                    DataStatus.of(
                            DataState.NOT_SUPPORTED,
                            "LocalStack publishes no"
                                    + " AWS/DynamoDB metrics; connect through the Lab proxy (\"Meter and throttle through the Lab\")"
                                    + " to get them"));
        }
        return snapshot;
    }

    /**
     * The whole answer's state when every call worked: DATA when CloudWatch answered every series completely; else
     * what it did not answer, by how — access denied when it refused them all, failed when none was answered, partial
     * otherwise. A refused series is never read as "no throttling".
     */
    static DataStatus overall(Map<MetricQuery.Key, SeriesAnswer> incomplete, int planned) {
        if (incomplete.isEmpty()) {
            return DataStatus.DATA;
        }
        Map<SeriesAnswer, Integer> byAnswer = new EnumMap<>(SeriesAnswer.class);
        incomplete.values().forEach(a -> byAnswer.merge(a, 1, Integer::sum));
        List<String> parts = new ArrayList<>();
        byAnswer.forEach((a, n) -> parts.add(n + " " + a.words()));
        String detail = "CloudWatch did not answer " + incomplete.size() + " of " + planned + " series completely ("
                + String.join(", ", parts) + "); their values are unknown, not zero";
        boolean allRefused = incomplete.size() == planned && byAnswer.keySet().equals(Set.of(SeriesAnswer.FORBIDDEN));
        if (allRefused) {
            return new DataStatus(
                    DataState.ACCESS_DENIED,
                    detail + ". The credentials may call GetMetricData but"
                            + " not read these metrics: allow cloudwatch:GetMetricData on the AWS/DynamoDB namespace.",
                    "cloudwatch:GetMetricData");
        }
        if (incomplete.size() == planned) {
            return DataStatus.of(DataState.FAILED, detail);
        }
        String named = byAnswer.containsKey(SeriesAnswer.FORBIDDEN)
                ? " Forbidden series need" + " cloudwatch:GetMetricData on them."
                : "";
        return DataStatus.of(DataState.PARTIAL, detail + "." + named);
    }

    /**
     * Which series CloudWatch lists for the table (ListMetrics filtered by TableName, every page), read once per
     * load. A failure is not fatal: the plan keeps the documented series and says what it could not check.
     */
    PublishedMetrics published(String table, BooleanSupplier cancelled) {
        List<PublishedMetrics.Listed> listed = new ArrayList<>();
        String token = null;
        Set<String> seen = new HashSet<>();
        try {
            do {
                ListMetricsRequest request = ListMetricsRequest.builder()
                        .namespace(NAMESPACE)
                        .dimensions(DimensionFilter.builder()
                                .name("TableName")
                                .value(table)
                                .build())
                        .nextToken(token)
                        .build();
                ListMetricsResponse response = CloudWatchCalls.withBackoff(
                        () -> connection.cloudWatch().listMetrics(request), cancelled, retry);
                for (Metric m : response.metrics()) {
                    Map<String, String> dims = new java.util.HashMap<>();
                    m.dimensions().forEach(d -> dims.put(d.name(), d.value()));
                    if (m.metricName() != null) {
                        listed.add(new PublishedMetrics.Listed(m.metricName(), dims));
                    }
                }
                token = response.nextToken();
            } while (token != null && seen.add(token) && !cancelled.getAsBoolean());
        } catch (RuntimeException e) {
            DataStatus why = CloudWatchCalls.status(e, connection.spec(), "cloudwatch", "ListMetrics");
            return PublishedMetrics.unknown(why.message());
        }
        return PublishedMetrics.listed(listed);
    }

    private boolean isDirectLocalEngine() {
        return connection.spec().kind() == ConnectionKind.LOCALSTACK && connection.upstream() == null;
    }

    static MetricDataQuery query(MetricQuery q, int period) {
        List<Dimension> dims = new ArrayList<>();
        dims.add(Dimension.builder()
                .name("TableName")
                .value(q.resource().table())
                .build());
        if (q.resource().index() != null) {
            dims.add(Dimension.builder()
                    .name("GlobalSecondaryIndexName")
                    .value(q.resource().index())
                    .build());
        }
        if (q.operation() != null) {
            dims.add(Dimension.builder().name("Operation").value(q.operation()).build());
        }
        if (q.split() != null) {
            dims.add(Dimension.builder()
                    .name(q.split().name())
                    .value(q.split().value())
                    .build());
        }
        return MetricDataQuery.builder()
                .id(q.id())
                .returnData(true)
                .metricStat(ms -> ms.metric(m -> m.namespace(NAMESPACE)
                                .metricName(q.metric().metricName())
                                .dimensions(dims))
                        .period(period)
                        .stat(q.metric().statistic()))
                .build();
    }
}
