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
public record MetricPlan(
        String table,
        List<String> indexes,
        Instant start,
        Instant end,
        int periodSeconds,
        List<MetricQuery> queries,
        List<MetricQuery.Key> totalsOfSplits,
        List<String> notes) {
    /** GetMetricData's limit on queries per call. */
    public static final int MAX_QUERIES_PER_CALL = 500;

    /** Operations that publish ThrottledRequests and SuccessfulRequestLatency. Absent ones simply have no data. */
    public static final List<String> OPERATIONS = List.of(
            "GetItem",
            "PutItem",
            "UpdateItem",
            "DeleteItem",
            "Query",
            "Scan",
            "BatchGetItem",
            "BatchWriteItem",
            "TransactGetItems",
            "TransactWriteItems",
            "ExecuteStatement",
            "BatchExecuteStatement",
            "ExecuteTransaction");

    /** Operations whose series CloudWatch may publish split by a PartiQL dimension (Verb or OperationType). */
    public static final List<String> PARTIQL_OPERATIONS =
            List.of("ExecuteStatement", "BatchExecuteStatement", "ExecuteTransaction");

    /**
     * @param totalsOfSplits series CloudWatch publishes only split (a global table's consumed write units by
     *                       Source): the snapshot sums their splits into them
     * @param notes          what this table publishes differently from the documented set, for the user
     */
    public MetricPlan {
        Objects.requireNonNull(table, "table");
        indexes = List.copyOf(indexes);
        queries = List.copyOf(queries);
        totalsOfSplits = List.copyOf(totalsOfSplits);
        notes = List.copyOf(notes);
        if (periodSeconds <= 0 || periodSeconds % 60 != 0) {
            throw new IllegalArgumentException("The period must be a positive multiple of 60 s, not " + periodSeconds);
        }
        if (!end.isAfter(start)) {
            throw new IllegalArgumentException("The window's end must be after its start");
        }
    }

    /** The plan for a table and its GSIs; the window is aligned outwards to whole periods. */
    public static MetricPlan forTable(
            String table, List<String> indexes, Instant start, Instant end, int periodSeconds) {
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
                if (m.perResource() && (r.isTable() || m.perIndex())) {
                    queries.add(new MetricQuery("q" + queries.size(), r, m, null));
                }
            }
        }
        for (String op : OPERATIONS) {
            queries.add(
                    new MetricQuery("q" + queries.size(), Resource.table(table), TableMetric.THROTTLED_REQUESTS, op));
            queries.add(new MetricQuery("q" + queries.size(), Resource.table(table), TableMetric.LATENCY, op));
        }
        List<String> notes = new ArrayList<>();
        if (!indexes.isEmpty()) {
            notes.add(TableMetric.WRITE_ACCOUNT_LIMIT.metricName() + " is published per table only, not per GSI:"
                    + " an index's account-limit write throttles count in its WriteThrottleEvents.");
        }
        return new MetricPlan(
                table,
                indexes,
                Instant.ofEpochSecond(s),
                Instant.ofEpochSecond(e),
                periodSeconds,
                queries,
                List.of(),
                notes);
    }

    /**
     * This plan fitted to what CloudWatch lists for the table: a PartiQL operation published by Verb or
     * OperationType is read per split (the splits add up to the operation; latency is an average, so it cannot be
     * summed back and is shown per split); consumed write units published by Source are read per source too, and
     * summed into the total when CloudWatch lists no unsplit total. Without a listing the plan stays as documented
     * and says what it could not check.
     */
    public MetricPlan withPublished(PublishedMetrics published) {
        List<String> outNotes = new ArrayList<>(notes);
        if (!published.known()) {
            outNotes.add("Could not list this table's metrics (" + published.failure() + "): PartiQL verbs and"
                    + " global-table write sources are not broken out.");
            return new MetricPlan(table, indexes, start, end, periodSeconds, queries, totalsOfSplits, outNotes);
        }
        List<MetricQuery> out = new ArrayList<>();
        List<MetricQuery.Key> totals = new ArrayList<>(totalsOfSplits);
        for (MetricQuery q : queries) {
            boolean partiql =
                    q.metric().kind() == TableMetric.Kind.PER_OPERATION && PARTIQL_OPERATIONS.contains(q.operation());
            boolean sourced = q.metric() == TableMetric.CONSUMED_WRITE && q.operation() == null;
            List<MetricQuery.Split> splits = partiql || (sourced && q.split() == null)
                    ? published.splits(q.resource(), q.metric(), q.operation())
                    : List.of();
            if (splits.isEmpty()) {
                out.add(q);
                continue;
            }
            if (sourced) {
                if (published.listsUnsplit(q.resource(), q.metric(), null)) {
                    out.add(q);
                } else {
                    totals.add(q.key());
                }
            }
            for (MetricQuery.Split split : splits) {
                out.add(new MetricQuery(q.id(), q.resource(), q.metric(), q.operation(), split));
            }
            if (q.metric() != TableMetric.LATENCY) {
                outNotes.add(note(q, splits, sourced && !published.listsUnsplit(q.resource(), q.metric(), null)));
            }
        }
        List<MetricQuery> renumbered = new ArrayList<>(out.size());
        for (MetricQuery q : out) {
            renumbered.add(
                    new MetricQuery("q" + renumbered.size(), q.resource(), q.metric(), q.operation(), q.split()));
        }
        return new MetricPlan(table, indexes, start, end, periodSeconds, renumbered, totals, outNotes);
    }

    private static String note(MetricQuery q, List<MetricQuery.Split> splits, boolean summed) {
        String values =
                String.join(", ", splits.stream().map(MetricQuery.Split::value).toList());
        if (q.operation() != null) {
            return q.operation() + " is published by " + splits.get(0).name() + " (" + values + "): its throttled"
                    + " requests and latency are shown per " + splits.get(0).name() + ".";
        }
        return q.metric().metricName() + " of " + q.resource().label() + " is published by "
                + splits.get(0).name() + " (" + values + ")"
                + (summed ? "; the total is their sum." : "; shown beside the total.");
    }

    /** The planned per-operation series of a metric, in plan order (an operation's splits follow each other). */
    public List<MetricQuery.Key> perOperation(TableMetric metric) {
        return queries.stream()
                .filter(q -> q.metric() == metric && q.operation() != null)
                .map(MetricQuery::key)
                .toList();
    }

    /** Whether the plan asks for this series, or sums it from the series it asks for. */
    public boolean plans(MetricQuery.Key key) {
        return totalsOfSplits.contains(key)
                || queries.stream().anyMatch(q -> q.key().equals(key));
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
