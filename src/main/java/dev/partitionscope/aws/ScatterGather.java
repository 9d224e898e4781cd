package dev.partitionscope.aws;

import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.scatter.KWayMerge;
import dev.partitionscope.core.scatter.RequestSpan;
import dev.partitionscope.core.scatter.ScatterPlan;
import dev.partitionscope.core.scatter.ScatterResult;
import dev.partitionscope.core.scatter.ShardQuery;
import dev.partitionscope.core.scatter.ShardStats;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletionService;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.RequestLimitExceededException;
import software.amazon.awssdk.services.dynamodb.model.ThrottlingException;
import software.amazon.awssdk.services.dynamodb.model.ThrottlingReason;

/**
 * Runs a {@link ScatterPlan} for real: one Query per shard key on a pool of {@code concurrency} threads, each shard
 * paginating with ExclusiveStartKey, one page at a time as the {@link KWayMerge} asks for it — so once the limit is
 * reached, or while a shard still holds items that sort after the others', nothing more is fetched from it.
 *
 * <p>Throttled pages ({@code ProvisionedThroughputExceededException}, {@code ThrottlingException},
 * {@code RequestLimitExceeded}) are retried with exponential backoff and jitter, counted with the service's reasons;
 * past {@link #MAX_ATTEMPTS} the shard fails. A failed shard never shortens the result silently: the result is
 * labelled incomplete and names it. A repeated LastEvaluatedKey fails the shard instead of looping. Cancelling (the
 * {@code cancelled} supplier turning true) interrupts outstanding requests and returns what was merged, incomplete.
 */
public final class ScatterGather {
    public static final int MAX_ATTEMPTS = 5;

    /** Live progress, called from the reader threads one call at a time (hop to the UI thread yourself). */
    @FunctionalInterface
    public interface Listener {
        void shard(ShardStats stats);

        /** A request ended (answered, throttled, failed or cancelled): one bar of the waterfall. */
        default void request(RequestSpan span) {}

        /** Items the merge has just made certain, in order, appended after those given before. */
        default void merged(List<Map<String, AttrValue>> items) {}

        Listener NONE = s -> {};
    }

    /** One Query call; the seam a test uses to slow or fail one shard. */
    @FunctionalInterface
    public interface QueryCall {
        QueryResponse query(String shardKey, QueryRequest request);
    }

    private final QueryCall call;
    private final RetryPolicy retry;

    /**
     * Runs on {@code client} with the SDK's own retries switched off for these Queries (a per-request plugin), so
     * every throttle reaches this class: counted, its reason kept, and backed off with jitter here.
     */
    public ScatterGather(DynamoDbClient client) {
        this(
                (key, request) -> client.query(request.toBuilder()
                        .overrideConfiguration(o -> o.addPlugin(Throttles.NO_SDK_RETRY))
                        .build()),
                RetryPolicy.Backoff.DEFAULT,
                MAX_ATTEMPTS);
    }

    /** Retries throttles and transient errors under {@link RetryPolicy}, with this backoff and attempts. */
    public ScatterGather(QueryCall call, RetryPolicy.Backoff backoff, int maxAttempts) {
        this.call = call;
        this.retry = RetryPolicy.DYNAMODB.with(backoff, maxAttempts);
    }

    /** Per-shard counters; written by the one thread reading the shard at a time, read under its lock. */
    private static final class Shard {
        final int index;
        final String key;
        final ShardQuery query;
        ShardStats.State state = ShardStats.State.WAITING;
        int items;
        int pages;
        double rcu;
        long firstNanos = -1;
        long lastNanos = -1;
        int retries;
        int throttles;
        final Set<String> reasons = new LinkedHashSet<>();
        String error;
        Map<String, AttributeValue> startKey;
        final Set<Map<String, AttributeValue>> seenKeys = new HashSet<>();

        Shard(int index, String key, ShardQuery query) {
            this.index = index;
            this.key = key;
            this.query = query;
        }

        synchronized ShardStats stats() {
            long latency = firstNanos < 0 || lastNanos < 0 ? 0 : TimeUnit.NANOSECONDS.toMillis(lastNanos - firstNanos);
            return new ShardStats(
                    key, state, items, pages, rcu, latency, retries, throttles, List.copyOf(reasons), error);
        }
    }

    private record Page(int shard, List<Map<String, AttrValue>> items, boolean last, String error, boolean cancelled) {}

    public ScatterResult run(ScatterPlan plan, BooleanSupplier cancelled, Listener listener) {
        long start = System.nanoTime();
        List<RequestSpan> spans = java.util.Collections.synchronizedList(new ArrayList<>());
        // One call at a time, so a listener needs no locking of its own.
        Object lock = new Object();
        Listener recording = new Listener() {
            @Override
            public void shard(ShardStats stats) {
                synchronized (lock) {
                    listener.shard(stats);
                }
            }

            @Override
            public void request(RequestSpan span) {
                synchronized (lock) {
                    spans.add(span);
                    listener.request(span);
                }
            }

            @Override
            public void merged(List<Map<String, AttrValue>> items) {
                synchronized (lock) {
                    listener.merged(items);
                }
            }
        };
        int n = plan.shardKeys().size();
        List<Shard> shards = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            String key = plan.shardKeys().get(i);
            shards.add(new Shard(i, key, ShardQuery.of(plan, key)));
        }
        // The item cap bounds memory twice over: the merge stops at it (a read that wants more is labelled capped),
        // and each shard's page is at most cap / N items, so the N shards' buffers hold at most the cap too (at
        // least one item a page: with more shards than the cap, N). A limited read thus never stops "capped" before
        // merging anything because N first pages of the limit outgrew the cap.
        int wanted = plan.limit() == 0 ? Integer.MAX_VALUE : plan.limit();
        KWayMerge merge =
                new KWayMerge(n, plan.sortKey(), plan.ascending(), Math.min(wanted, plan.itemCap()), plan.dedupeBy());
        int perShardPage = Math.max(1, plan.itemCap() / n);
        int shown = 0;
        AtomicInteger threadNo = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(plan.concurrency(), n), r -> {
            Thread t = new Thread(r, "scatter-" + threadNo.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        CompletionService<Page> done = new ExecutorCompletionService<>(pool);
        Map<Integer, Future<Page>> inFlight = new HashMap<>();
        boolean wasCancelled = false;
        try {
            while (true) {
                if (cancelled.getAsBoolean() || Thread.currentThread().isInterrupted()) {
                    wasCancelled = true;
                    break;
                }
                if (merge.done()) {
                    break; // the limit is reached: pages still in flight cannot change the result
                }
                for (Shard s : shards) {
                    if (!inFlight.containsKey(s.index) && merge.needsMore(s.index)) {
                        int pageLimit = Math.min(merge.remaining(), perShardPage);
                        synchronized (s) {
                            s.state = ShardStats.State.RUNNING;
                        }
                        inFlight.put(s.index, done.submit(() -> fetch(s, pageLimit, cancelled, recording, start)));
                    }
                }
                if (inFlight.isEmpty()) {
                    break;
                }
                Future<Page> f;
                try {
                    f = done.poll(20, TimeUnit.MILLISECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    wasCancelled = true;
                    break;
                }
                if (f == null) {
                    continue;
                }
                Page page;
                try {
                    page = f.get();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    wasCancelled = true;
                    break;
                } catch (ExecutionException e) {
                    throw new IllegalStateException("a shard reader failed unexpectedly", e.getCause());
                }
                inFlight.remove(page.shard());
                Shard s = shards.get(page.shard());
                if (page.cancelled()) {
                    wasCancelled = true;
                    break;
                }
                if (page.error() != null) {
                    synchronized (s) {
                        s.state = ShardStats.State.FAILED;
                        s.error = page.error();
                    }
                    merge.abandon(s.index);
                } else {
                    merge.offer(s.index, page.items(), page.last());
                    if (page.last()) {
                        synchronized (s) {
                            s.state = ShardStats.State.DONE;
                        }
                    }
                }
                recording.shard(s.stats());
                List<Map<String, AttrValue>> fresh = merge.mergedFrom(shown);
                if (!fresh.isEmpty()) {
                    shown += fresh.size();
                    recording.merged(fresh);
                }
            }
        } finally {
            pool.shutdownNow();
        }
        boolean capped =
                !wasCancelled && plan.itemCap() < wanted && merge.mergedCount() >= plan.itemCap() && !merge.exhausted();
        for (Shard s : shards) {
            synchronized (s) {
                if (s.state == ShardStats.State.RUNNING || s.state == ShardStats.State.WAITING) {
                    if (wasCancelled) {
                        s.state = ShardStats.State.CANCELLED;
                        s.error = "cancelled";
                    } else if (capped) {
                        s.state = ShardStats.State.CANCELLED;
                        s.error = "stopped at the item cap (" + plan.itemCap() + ")";
                    } else {
                        s.state = ShardStats.State.NOT_NEEDED;
                    }
                }
            }
            recording.shard(s.stats());
        }
        List<Map<String, AttrValue>> fresh = merge.mergedFrom(shown);
        if (!fresh.isEmpty()) {
            recording.merged(fresh);
        }
        List<RequestSpan> requests;
        synchronized (spans) {
            requests = new ArrayList<>(spans);
        }
        requests.sort(java.util.Comparator.comparingLong(RequestSpan::startMs).thenComparingInt(RequestSpan::shard));
        return result(plan, shards, merge, wasCancelled, capped, System.nanoTime() - start, requests);
    }

    private static ScatterResult result(
            ScatterPlan plan,
            List<Shard> shards,
            KWayMerge merge,
            boolean cancelled,
            boolean capped,
            long wallNanos,
            List<RequestSpan> requests) {
        List<ShardStats> stats = shards.stream().map(Shard::stats).toList();
        List<Map<String, AttrValue>> items = merge.merged();
        List<String> failed = stats.stream()
                .filter(s -> s.state() == ShardStats.State.FAILED)
                .map(ShardStats::key)
                .toList();
        List<String> reasons = new ArrayList<>();
        for (ShardStats s : stats) {
            if (s.state() == ShardStats.State.FAILED) {
                reasons.add("shard " + s.key() + " failed: " + s.error());
            }
        }
        if (cancelled) {
            List<String> unfinished = stats.stream()
                    .filter(s -> s.state() == ShardStats.State.CANCELLED)
                    .map(ShardStats::key)
                    .toList();
            reasons.add("cancelled after " + items.size() + " items; not read to the end: " + unfinished);
        }
        if (capped) {
            reasons.add(
                    "stopped at " + items.size() + " items (item cap " + plan.itemCap() + "); more remain" + " unread");
        }
        double rcu = stats.stream().mapToDouble(ShardStats::consumedCapacity).sum();
        long slowest = stats.stream().mapToLong(ShardStats::latencyMs).max().orElse(0);
        var totals = new ScatterResult.Totals(
                items.size(),
                rcu,
                TimeUnit.NANOSECONDS.toMillis(wallNanos),
                slowest,
                stats.stream().mapToInt(ShardStats::pages).sum(),
                stats.stream().mapToInt(ShardStats::throttles).sum(),
                stats.stream().mapToInt(ShardStats::retries).sum());
        return new ScatterResult(
                items,
                stats,
                totals,
                reasons.isEmpty(),
                failed,
                cancelled,
                capped,
                reasons,
                requests,
                merge.duplicates());
    }

    /** Reads one page of one shard, retrying throttles; never throws. */
    private Page fetch(Shard s, int pageLimit, BooleanSupplier cancelled, Listener listener, long runStart) {
        QueryRequest request = request(s.query, pageLimit, s.startKey);
        int page;
        synchronized (s) {
            page = s.pages + 1;
        }
        for (int attempt = 1; ; attempt++) {
            if (cancelled.getAsBoolean() || Thread.currentThread().isInterrupted()) {
                return new Page(s.index, List.of(), false, null, true);
            }
            long t0 = System.nanoTime();
            synchronized (s) {
                if (s.firstNanos < 0) {
                    s.firstNanos = t0;
                }
            }
            try {
                QueryResponse r = call.query(s.key, request);
                List<Map<String, AttrValue>> items = new ArrayList<>(r.items().size());
                for (Map<String, AttributeValue> item : r.items()) {
                    items.add(SdkAttr.toCore(item));
                }
                Map<String, AttributeValue> next =
                        r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty() ? r.lastEvaluatedKey() : null;
                String loop = null;
                synchronized (s) {
                    s.lastNanos = System.nanoTime();
                    s.pages++;
                    s.items += items.size();
                    if (r.consumedCapacity() != null && r.consumedCapacity().capacityUnits() != null) {
                        s.rcu += r.consumedCapacity().capacityUnits();
                    }
                    if (next != null && !s.seenKeys.add(next)) {
                        loop = "the Query returned the same LastEvaluatedKey twice (" + next
                                + "); stopped instead of looping";
                    }
                    s.startKey = next;
                }
                listener.request(span(s, page, attempt, runStart, t0, RequestSpan.Outcome.OK, items.size(), loop));
                listener.shard(s.stats());
                if (loop != null) {
                    return new Page(s.index, List.of(), false, loop, false);
                }
                return new Page(s.index, items, next == null, null, false);
            } catch (ProvisionedThroughputExceededException | ThrottlingException | RequestLimitExceededException e) {
                String code = Throttles.code(e);
                List<ThrottlingReason> given = Throttles.reasons(e);
                synchronized (s) {
                    s.lastNanos = System.nanoTime();
                    s.throttles++;
                    if (given.isEmpty()) {
                        s.reasons.add(code + " (no reason given)");
                    } else {
                        given.forEach(g -> s.reasons.add(g.reason()));
                    }
                }
                listener.request(span(
                        s,
                        page,
                        attempt,
                        runStart,
                        t0,
                        RequestSpan.Outcome.THROTTLED,
                        0,
                        given.isEmpty() ? code : given.get(0).reason()));
                listener.shard(s.stats());
                if (!retry.retries(RetryPolicy.Kind.THROTTLED, attempt)) {
                    return new Page(
                            s.index,
                            List.of(),
                            false,
                            "throttled " + attempt + " times, gave up: "
                                    + String.join(", ", s.stats().throttleReasons()),
                            false);
                }
                synchronized (s) {
                    s.retries++;
                }
                if (!retry.pause(attempt, cancelled)) {
                    return new Page(s.index, List.of(), false, null, true);
                }
            } catch (RuntimeException e) { // a service error, SdkClientException, or anything a QueryCall throws
                RetryPolicy.Kind kind = RetryPolicy.classify(e, cancelled);
                if (kind == RetryPolicy.Kind.CANCELLED) {
                    listener.request(span(s, page, attempt, runStart, t0, RequestSpan.Outcome.CANCELLED, 0, null));
                    return new Page(s.index, List.of(), false, null, true);
                }
                synchronized (s) {
                    s.lastNanos = System.nanoTime();
                }
                String why = describe(e);
                listener.request(span(s, page, attempt, runStart, t0, RequestSpan.Outcome.FAILED, 0, why));
                if (!retry.retries(kind, attempt)) {
                    // Fail this shard only; the others go on.
                    return new Page(
                            s.index,
                            List.of(),
                            false,
                            kind == RetryPolicy.Kind.TRANSIENT ? "gave up after " + attempt + " attempts: " + why : why,
                            false);
                }
                synchronized (s) {
                    s.retries++;
                }
                if (!retry.pause(attempt, cancelled)) {
                    return new Page(s.index, List.of(), false, null, true);
                }
            }
        }
    }

    /** "ErrorCode: message" for a service error, "Class: message" for anything else. */
    private static String describe(RuntimeException e) {
        if (e instanceof AwsServiceException a) {
            String code = a.awsErrorDetails() == null ? "" : a.awsErrorDetails().errorCode() + ": ";
            return code
                    + (a.awsErrorDetails() == null
                            ? a.getMessage()
                            : a.awsErrorDetails().errorMessage());
        }
        return e.getClass().getSimpleName() + ": " + e.getMessage();
    }

    private static RequestSpan span(
            Shard s,
            int page,
            int attempt,
            long runStart,
            long t0,
            RequestSpan.Outcome outcome,
            int items,
            String detail) {
        long now = System.nanoTime();
        return new RequestSpan(
                s.index,
                s.key,
                page,
                attempt,
                TimeUnit.NANOSECONDS.toMillis(t0 - runStart),
                Math.max(TimeUnit.NANOSECONDS.toMillis(now - runStart), TimeUnit.NANOSECONDS.toMillis(t0 - runStart)),
                outcome,
                items,
                detail);
    }

    /**
     * The SDK request for one page of one shard: exactly {@code query} (its placeholders, filter, projection,
     * consistency, direction, TOTAL consumed capacity), plus this page's {@code Limit} and ExclusiveStartKey.
     */
    static QueryRequest request(ShardQuery query, int pageLimit, Map<String, AttributeValue> startKey) {
        QueryRequest.Builder b = QueryRequest.builder()
                .tableName(query.table())
                .indexName(query.index())
                .keyConditionExpression(query.keyCondition())
                .filterExpression(query.filter())
                .projectionExpression(query.projection())
                .expressionAttributeNames(query.names())
                .expressionAttributeValues(SdkAttr.toSdk(query.values()))
                .scanIndexForward(query.scanIndexForward())
                .returnConsumedCapacity(ShardQuery.RETURN_CONSUMED_CAPACITY)
                .exclusiveStartKey(startKey);
        if (query.consistentRead()) {
            b.consistentRead(true);
        }
        if (pageLimit > 0 && pageLimit < Integer.MAX_VALUE) {
            b.limit(pageLimit);
        }
        return b.build();
    }
}
