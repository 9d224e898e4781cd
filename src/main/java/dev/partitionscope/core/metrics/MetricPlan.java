package dev.partitionscope.core.metrics;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Everything the metrics screen asks CloudWatch for one table: every per-resource metric for the table and each GSI,
 * and throttled requests and latency per operation, over one window at one period. GetMetricData takes at most 500
 * queries per call, so the plan is cut into batches; each batch is then paged with NextToken.
 */
public record MetricPlan(String table, List<String> indexes, Instant start, Instant end, int periodSeconds,
                         List<MetricQuery> queries) {
    /** GetMetricData's limit on queries per call. */
    public static final int MAX_QUERIES_PER_CALL = 500;

    /** Operations that publish ThrottledRequests and SuccessfulRequestLatency. Absent ones simply have no data. */
    public static final List<String> OPERATIONS = List.of("GetItem", "PutItem", "UpdateItem", "DeleteItem", "Query",
            "Scan", "BatchGetItem", "BatchWriteItem", "TransactGetItems", "TransactWriteItems", "ExecuteStatement",
            "BatchExecuteStatement", "ExecuteTransaction");

    public MetricPlan {
        Objects.requireNonNull(table, "table");
        indexes = List.copyOf(indexes);
        queries = List.copyOf(queries);
        if (periodSeconds <= 0 || periodSeconds % 60 != 0) {
            throw new IllegalArgumentException("The period must be a positive multiple of 60 s, not " + periodSeconds);
        }
        if (!end.isAfter(start)) {
            throw new IllegalArgumentException("The window's end must be after its start");
        }
    }

    /** The plan for a table and its GSIs; the window is aligned outwards to whole periods. */
    public static MetricPlan forTable(String table, List<String> indexes, Instant start, Instant end,
                                      int periodSeconds) {
        long s = Math.floorDiv(start.getEpochSecond(), periodSeconds) * periodSeconds;
        long e = Math.floorDiv(end.getEpochSecond() + periodSeconds - 1, periodSeconds) * periodSeconds;
        if (e <= s) {
            e = s + periodSeconds;
        }
        List<MetricQuery> queries = new ArrayList<>();
        List<Resource> resources = new ArrayList<>();
        resources.add(Resource.table(table));
        for (String index : indexes) {
            resources.add(Resource.index(table, index));
        }
        for (Resource r : resources) {
            for (TableMetric m : TableMetric.values()) {
                if (m.perResource()) {
                    queries.add(new MetricQuery("q" + queries.size(), r, m, null));
                }
            }
        }
        for (String op : OPERATIONS) {
            queries.add(new MetricQuery("q" + queries.size(), Resource.table(table), TableMetric.THROTTLED_REQUESTS, op));
            queries.add(new MetricQuery("q" + queries.size(), Resource.table(table), TableMetric.LATENCY, op));
        }
        return new MetricPlan(table, indexes, Instant.ofEpochSecond(s), Instant.ofEpochSecond(e), periodSeconds,
                queries);
    }

    /** Number of periods in the window. */
    public int columns() {
        return (int) ((end.getEpochSecond() - start.getEpochSecond()) / periodSeconds);
    }

    /** The queries cut into GetMetricData calls of at most {@code max}. */
    public List<List<MetricQuery>> batches(int max) {
        List<List<MetricQuery>> out = new ArrayList<>();
        for (int i = 0; i < queries.size(); i += max) {
            out.add(queries.subList(i, Math.min(queries.size(), i + max)));
        }
        return out;
    }

    /** The column of a datapoint timestamp, or -1 when it falls outside the window. */
    public int column(Instant timestamp) {
        long offset = timestamp.getEpochSecond() - start.getEpochSecond();
        if (offset < 0) {
            return -1;
        }
        long col = offset / periodSeconds;
        return col < columns() ? (int) col : -1;
    }
}
