package dev.partitionscope.aws;

import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.item.Capacity;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.ThrottlingReason;

/**
 * Samples a live table, or one of its indexes, for the key audit: a parallel Scan ({@code Segment} /
 * {@code TotalSegments}, {@value #DEFAULT_SEGMENTS} segments by default) that hands every item to an {@link ItemSink}
 * as its key strings and its size, and keeps none of them — the caller's memory stays bounded whatever the table's
 * size (at most one page per segment is held at a time, DynamoDB's pages being at most 1 MB).
 *
 * <p><b>It must not hurt the table it inspects.</b> Reads go through a {@link Budget}: a token bucket on consumed RCU
 * per second, by default {@value #DEFAULT_BUDGET_PERCENT} % of the table's (or the index's) provisioned read
 * capacity, or {@value #ON_DEMAND_BUDGET_RCU} RCU/s on on-demand. Every page asks for ReturnConsumedCapacity TOTAL;
 * a segment reserves its page's estimated cost before sending (waiting while the bucket is in debt) and settles what
 * the page really consumed after it (see {@link RcuBucket}). The page {@code Limit} is sized from the average item
 * size seen so far (at first from DescribeTable's size and count) so that one page costs about
 * 1/{@value #PAGES_PER_SECOND} of a second's budget: one page cannot overshoot the budget by much, and the
 * consumption per second stays flat instead of coming in lumps. Without a budget pages are DynamoDB's 1 MB.
 *
 * <p>Throttles ({@code ProvisionedThroughputExceeded}, {@code Throttling}, {@code RequestLimitExceeded}) are retried
 * with the SDK's own retries switched off for these requests, so each is counted with the service's reasons and
 * backed off here with jitter ({@link RetryPolicy}); so are transient errors (5xx, a timed-out
 * attempt, a dropped connection), which an audit running for hours will meet. Past {@code maxAttempts} the segment
 * fails and the others go on. A segment that gets the same LastEvaluatedKey again fails instead of looping (the last
 * {@value #RECENT_KEYS} keys are remembered, so the guard's memory is bounded too).
 *
 * <p>A run stops at an item cap, a time cap, a cancel, or when every segment is read, and says which
 * ({@link Stop}). It always returns a {@link Checkpoint}: per segment the key to start after (or done), consistent
 * with exactly the items delivered — a page dropped by a cancel or by the item cap leaves its segment's key where it
 * was, and a page cut by the item cap leaves it at the last delivered item — so a later run started from it delivers
 * the rest of the table exactly once. Scan is a read: the {@link WriteGuard} lets it through on read-only
 * connections.
 */
public final class AuditSampler {
    private static final System.Logger LOG = System.getLogger(AuditSampler.class.getName());

    public static final int DEFAULT_SEGMENTS = 8;
    public static final int DEFAULT_BUDGET_PERCENT = 5;
    public static final double ON_DEMAND_BUDGET_RCU = 100;
    /** Attempts per page before a segment fails: 7 backoffs from 50 ms doubling to 3.2 s, ~6-13 s with jitter. */
    public static final int MAX_ATTEMPTS = 8;
    /** Reader threads at most, whatever the number of segments (segments beyond it wait their turn). */
    public static final int MAX_THREADS = 32;
    /** A budgeted page aims at this fraction of one second's budget. */
    static final int PAGES_PER_SECOND = 40;
    /** The bucket saves up at most this much unused budget (it starts empty): no bursts after a pause. */
    static final double BURST_SECONDS = 0.1;

    static final int RECENT_KEYS = 16;
    /** DynamoDB's largest page (1 MB) in 4 KB read blocks. */
    private static final int MAX_PAGE_BLOCKS = 256;
    /** How often the live progress is refreshed when no page arrives (a budget wait, a backoff). */
    private static final long HEARTBEAT_NANOS = TimeUnit.MILLISECONDS.toNanos(250);
    /** What the API reference says of DescribeTable's ItemCount, shown next to every ETA. */
    public static final String ITEM_COUNT_NOTE = "DescribeTable's ItemCount is an estimate: DynamoDB updates it about"
            + " every six hours, so recent writes are not in it";

    /** One sampled item, handed over and forgotten: its key values as text and its DynamoDB size. */
    @FunctionalInterface
    public interface ItemSink {
        /**
         * Called one call at a time (from the reader threads, not always the same one). An exception ends the run
         * and is rethrown by {@link #sample}.
         *
         * @param partitionKey the table's (or index's) partition key value: a string as is, a number in canonical
         *                     text, binary as base64
         * @param sortKey      the sort key value likewise, or null when the table (or index) has no sort key
         * @param sizeBytes    DynamoDB's item size (attribute names + values), of the item as the Scan returned it
         *                     (for an index: the projected item)
         */
        void sampled(String partitionKey, String sortKey, long sizeBytes);
    }

    /**
     * Live progress, one call at a time (hop to the UI thread yourself): after each page and every 250 ms. An
     * exception ends the run and is rethrown by {@link #sample}, as one from the sink.
     */
    @FunctionalInterface
    public interface Listener {
        void progress(Progress progress);

        Listener NONE = p -> {};
    }

    /** One Scan call; the seam a test uses to throttle or fail pages. */
    @FunctionalInterface
    public interface ScanCall {
        ScanResponse scan(ScanRequest request);
    }

    /** Why a run ended. */
    public enum Stop {
        /** Every segment was read to its end. */
        COMPLETE,
        /** The item cap was reached; more remain (resume from the checkpoint). */
        ITEM_CAP,
        /** The time cap passed; more remain (resume from the checkpoint). */
        TIME_CAP,
        /** Cancelled; the checkpoint holds what was delivered. */
        CANCELLED,
        /** A segment failed (see {@link Result#problems()}); the others were read as far as they went. */
        FAILED
    }

    /**
     * The read budget in consumed RCU per second; {@code basis} says where the figure comes from, for the screen.
     * {@link #tableDefault()} is resolved against the table when the run starts.
     */
    public record Budget(double rcuPerSecond, String basis) {
        public Budget {
            Objects.requireNonNull(basis, "basis");
            if (!Double.isNaN(rcuPerSecond) && !(rcuPerSecond > 0)) {
                throw new IllegalArgumentException(
                        "a read budget is a positive number of RCU per second, not " + rcuPerSecond);
            }
        }

        public static Budget unlimited() {
            return new Budget(Double.POSITIVE_INFINITY, "no budget");
        }

        public static Budget of(double rcu) {
            return new Budget(rcu, "set to " + format(rcu) + " RCU/s");
        }

        /** A budget as the options give it: none given is the table's default, 0 no budget, else that many RCU/s. */
        public static Budget fromOption(Double rcuPerSecond) {
            return rcuPerSecond == null ? tableDefault() : rcuPerSecond == 0 ? unlimited() : of(rcuPerSecond);
        }

        /** {@value #DEFAULT_BUDGET_PERCENT} % of provisioned read capacity, or 100 RCU/s on on-demand. */
        public static Budget tableDefault() {
            return new Budget(
                    Double.NaN,
                    DEFAULT_BUDGET_PERCENT + " % of provisioned read capacity, or " + format(ON_DEMAND_BUDGET_RCU)
                            + " RCU/s on on-demand");
        }

        /** The default for a table or index with this provisioned read capacity (0 or less: on-demand). */
        public static Budget defaultFor(long provisionedReadCapacity) {
            if (provisionedReadCapacity <= 0) {
                return new Budget(ON_DEMAND_BUDGET_RCU, format(ON_DEMAND_BUDGET_RCU) + " RCU/s (on-demand)");
            }
            return new Budget(
                    provisionedReadCapacity * DEFAULT_BUDGET_PERCENT / 100.0,
                    DEFAULT_BUDGET_PERCENT + " % of " + provisionedReadCapacity + " provisioned RCU");
        }

        public boolean isUnlimited() {
            return Double.isInfinite(rcuPerSecond);
        }

        public boolean isTableDefault() {
            return Double.isNaN(rcuPerSecond);
        }

        private static String format(double v) {
            return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
        }
    }

    /**
     * How to sample.
     *
     * @param segments       TotalSegments (ignored when resuming: the checkpoint's count is kept)
     * @param itemCap        stop after this many items in this run (0: no cap)
     * @param timeCap        stop issuing pages after this long (null: no cap); pages in flight are still delivered
     * @param consistentRead strongly consistent reads (twice the RCU; not on a GSI)
     * @param resumeFrom     start where an earlier run of the same table (or index) stopped; null for the start
     */
    public record Options(
            int segments,
            Budget budget,
            long itemCap,
            Duration timeCap,
            boolean consistentRead,
            Checkpoint resumeFrom) {
        public Options {
            if (segments < 1 || segments > 1_000_000) {
                throw new IllegalArgumentException("TotalSegments is between 1 and 1,000,000, not " + segments);
            }
            Objects.requireNonNull(budget, "budget");
            if (itemCap < 0) {
                throw new IllegalArgumentException("the item cap is 0 (none) or positive, not " + itemCap);
            }
            if (timeCap != null && (timeCap.isNegative() || timeCap.isZero())) {
                throw new IllegalArgumentException("the time cap is positive or null (none), not " + timeCap);
            }
        }

        /** {@value #DEFAULT_SEGMENTS} segments, the table's default budget, no caps, eventually consistent. */
        public static Options defaults() {
            return new Options(DEFAULT_SEGMENTS, Budget.tableDefault(), 0, null, false, null);
        }

        public Options withSegments(int n) {
            return new Options(n, budget, itemCap, timeCap, consistentRead, resumeFrom);
        }

        public Options withBudget(Budget b) {
            return new Options(segments, b, itemCap, timeCap, consistentRead, resumeFrom);
        }

        public Options withItemCap(long cap) {
            return new Options(segments, budget, cap, timeCap, consistentRead, resumeFrom);
        }

        public Options withTimeCap(Duration cap) {
            return new Options(segments, budget, itemCap, cap, consistentRead, resumeFrom);
        }

        public Options withConsistentRead(boolean on) {
            return new Options(segments, budget, itemCap, timeCap, on, resumeFrom);
        }

        public Options resumingFrom(Checkpoint checkpoint) {
            return new Options(
                    checkpoint == null ? segments : checkpoint.totalSegments(),
                    budget,
                    itemCap,
                    timeCap,
                    consistentRead,
                    checkpoint);
        }
    }

    /**
     * Where a sample stands: per segment the key to start after ({@code null} with {@code done} false: not started)
     * or done; with the totals of every run so far. Keys are core values, so the checkpoint can be kept anywhere.
     */
    public record Checkpoint(
            String table,
            String index,
            int totalSegments,
            List<Segment> segments,
            long itemsSampled,
            double consumedRcu) {
        public record Segment(int segment, Map<String, AttrValue> startKey, boolean done) {
            public Segment {
                startKey = startKey == null ? null : Map.copyOf(startKey);
            }
        }

        public Checkpoint {
            segments = List.copyOf(segments);
            if (segments.size() != totalSegments) {
                throw new IllegalArgumentException(
                        "a checkpoint of " + totalSegments + " segments holds " + segments.size());
            }
            for (int i = 0; i < segments.size(); i++) {
                if (segments.get(i).segment() != i) {
                    throw new IllegalArgumentException("checkpoint segment " + i + " is numbered "
                            + segments.get(i).segment());
                }
            }
        }

        /** True when every segment has been read to its end: resuming reads nothing. */
        public boolean finished() {
            return segments.stream().allMatch(Segment::done);
        }

        public int segmentsDone() {
            return (int) segments.stream().filter(Segment::done).count();
        }
    }

    /**
     * Live progress of a run.
     *
     * @param items              items delivered by this run
     * @param itemsAllRuns       with those of the runs this one resumed
     * @param estimatedItemCount DescribeTable's ItemCount at the start (-1 when it gave none); an estimate
     * @param eta                time left, or null when it cannot be told (see {@code etaNote})
     * @param etaNote            what the ETA rests on, always naming ItemCount as an estimate
     */
    public record Progress(
            long items,
            long itemsAllRuns,
            long pages,
            double consumedRcu,
            double rcuPerSecond,
            long throttles,
            int segmentsDone,
            int totalSegments,
            long elapsedMs,
            long estimatedItemCount,
            Duration eta,
            String etaNote) {
        /** Share of the (estimated) items sampled so far over all runs, 0..1, or -1 when unknown. */
        public double fraction() {
            if (segmentsDone == totalSegments) {
                return 1;
            }
            return estimatedItemCount <= 0 ? -1 : Math.min(1, itemsAllRuns / (double) estimatedItemCount);
        }
    }

    /**
     * What a run did.
     *
     * @param items            items delivered to the sink by this run
     * @param consumedRcu      RCU the Scan pages of this run consumed (dropped pages included: they were paid for)
     * @param throttles        throttled requests (each retried after a backoff, up to the attempts allowed)
     * @param throttleReasons  the service's ThrottlingReasons seen (or the error code when it gave none)
     * @param checkpoint       where a later run continues; {@link Checkpoint#finished()} when complete
     * @param failedSegments   segments that gave up (their keys in the checkpoint are where they stopped)
     * @param problems         each failure or doubt in plain words
     */
    public record Result(
            Stop stop,
            long items,
            long pages,
            double consumedRcu,
            long throttles,
            long retries,
            List<String> throttleReasons,
            long elapsedMs,
            Budget budget,
            Checkpoint checkpoint,
            List<Integer> failedSegments,
            List<String> problems) {
        public boolean complete() {
            return stop == Stop.COMPLETE;
        }

        /** One line for the status bar or the command line. */
        public String summary() {
            String head =
                    switch (stop) {
                        case COMPLETE -> "sampled the whole " + what();
                        case ITEM_CAP -> "stopped at the item cap; more remain: resume from the checkpoint";
                        case TIME_CAP -> "stopped at the time cap; more remain: resume from the checkpoint";
                        case CANCELLED -> "cancelled; resume from the checkpoint to read the rest";
                        case FAILED -> "segments " + failedSegments + " failed: " + String.join("; ", problems);
                    };
            return String.format(
                    "%s — %,d items, %,d pages, %.1f RCU in %.1f s (budget: %s), %d throttles",
                    head, items, pages, consumedRcu, elapsedMs / 1000.0, budget.basis(), throttles);
        }

        private String what() {
            return checkpoint.index() == null ? "table" : "index " + checkpoint.index();
        }
    }

    private final DynamoDbClient client;
    private final ScanCall call;
    private final RetryPolicy retryPolicy;

    /**
     * Samples through {@code client} (DescribeTable as the client is configured; each Scan with the SDK's retries
     * switched off by a per-request plugin, so every throttle reaches the sampler to be counted and backed off).
     */
    public AuditSampler(DynamoDbClient client) {
        this(
                client,
                request -> client.scan(request.toBuilder()
                        .overrideConfiguration(o -> o.addPlugin(Throttles.NO_SDK_RETRY))
                        .build()),
                RetryPolicy.Backoff.DEFAULT,
                MAX_ATTEMPTS);
    }

    /** Retries throttles and transient errors under {@link RetryPolicy}, with this backoff and attempts. */
    public AuditSampler(DynamoDbClient client, ScanCall call, RetryPolicy.Backoff backoff, int maxAttempts) {
        this.client = Objects.requireNonNull(client, "client");
        this.call = Objects.requireNonNull(call, "call");
        this.retryPolicy = RetryPolicy.DYNAMODB.with(Objects.requireNonNull(backoff, "backoff"), maxAttempts);
    }

    /**
     * Samples {@code table} (or its index {@code index}, GSI or LSI), blocking until the run stops. Throws what
     * DescribeTable throws (no such table), {@link IllegalArgumentException} for an unknown index or a checkpoint of
     * another table, and whatever the sink threw.
     */
    public Result sample(
            String table, String index, Options options, ItemSink sink, Listener listener, BooleanSupplier cancelled) {
        TableDescription description =
                client.describeTable(b -> b.tableName(table)).table();
        Target target = Target.of(description, index);
        Checkpoint from = options.resumeFrom();
        if (from == null) {
            List<Checkpoint.Segment> fresh = new ArrayList<>();
            for (int i = 0; i < options.segments(); i++) {
                fresh.add(new Checkpoint.Segment(i, null, false));
            }
            from = new Checkpoint(table, index, options.segments(), fresh, 0, 0);
        } else if (!from.table().equals(table) || !Objects.equals(from.index(), index)) {
            throw new IllegalArgumentException("the checkpoint is of " + describe(from.table(), from.index())
                    + ", not of " + describe(table, index));
        }
        if (options.consistentRead() && target.global()) {
            throw new IllegalArgumentException("Consistent reads are not supported on global secondary indexes");
        }
        Budget budget =
                options.budget().isTableDefault() ? Budget.defaultFor(target.provisionedRead()) : options.budget();
        return new Run(target, options, budget, from, sink, listener, cancelled).execute();
    }

    private static String describe(String table, String index) {
        return index == null ? "table " + table : "index " + index + " of table " + table;
    }

    /** What a run needs of the table or index, from DescribeTable. */
    private record Target(
            String table,
            String index,
            boolean global,
            String partitionKey,
            String sortKey,
            List<String> startKeyAttributes,
            long itemCount,
            long sizeBytes,
            long provisionedRead) {
        static Target of(TableDescription d, String index) {
            List<KeySchemaElement> tableKeys = d.keySchema();
            long tableRead = onDemand(d)
                            || d.provisionedThroughput() == null
                            || d.provisionedThroughput().readCapacityUnits() == null
                    ? 0
                    : d.provisionedThroughput().readCapacityUnits();
            long count = d.itemCount() == null ? -1 : d.itemCount();
            long size = d.tableSizeBytes() == null ? -1 : d.tableSizeBytes();
            if (index == null) {
                return new Target(
                        d.tableName(),
                        null,
                        false,
                        key(tableKeys, KeyType.HASH),
                        key(tableKeys, KeyType.RANGE),
                        names(tableKeys, List.of()),
                        count,
                        size,
                        tableRead);
            }
            for (GlobalSecondaryIndexDescription g : d.globalSecondaryIndexes()) {
                if (g.indexName().equals(index)) {
                    long read = onDemand(d)
                                    || g.provisionedThroughput() == null
                                    || g.provisionedThroughput().readCapacityUnits() == null
                            ? 0
                            : g.provisionedThroughput().readCapacityUnits();
                    return new Target(
                            d.tableName(),
                            index,
                            true,
                            key(g.keySchema(), KeyType.HASH),
                            key(g.keySchema(), KeyType.RANGE),
                            names(tableKeys, g.keySchema()),
                            g.itemCount() == null ? -1 : g.itemCount(),
                            g.indexSizeBytes() == null ? -1 : g.indexSizeBytes(),
                            read);
                }
            }
            for (LocalSecondaryIndexDescription l : d.localSecondaryIndexes()) {
                if (l.indexName().equals(index)) {
                    // an LSI reads the table's capacity
                    return new Target(
                            d.tableName(),
                            index,
                            false,
                            key(l.keySchema(), KeyType.HASH),
                            key(l.keySchema(), KeyType.RANGE),
                            names(tableKeys, l.keySchema()),
                            l.itemCount() == null ? -1 : l.itemCount(),
                            l.indexSizeBytes() == null ? -1 : l.indexSizeBytes(),
                            tableRead);
                }
            }
            throw new IllegalArgumentException("Table " + d.tableName() + " has no index " + index);
        }

        private static boolean onDemand(TableDescription d) {
            return d.billingModeSummary() != null
                    && d.billingModeSummary().billingMode() == BillingMode.PAY_PER_REQUEST;
        }

        private static String key(List<KeySchemaElement> schema, KeyType type) {
            return schema.stream()
                    .filter(k -> k.keyType() == type)
                    .map(KeySchemaElement::attributeName)
                    .findFirst()
                    .orElse(null);
        }

        /** A page's last key: the table's key attributes and, on an index, the index's (as LastEvaluatedKey). */
        private static List<String> names(List<KeySchemaElement> table, List<KeySchemaElement> index) {
            Set<String> all = new LinkedHashSet<>();
            table.forEach(k -> all.add(k.attributeName()));
            index.forEach(k -> all.add(k.attributeName()));
            return List.copyOf(all);
        }
    }

    /** One segment's reading state; changed only under the run's lock. */
    private static final class Seg {
        final int index;
        Map<String, AttributeValue> startKey;
        boolean done;
        String error;
        final ArrayDeque<Map<String, AttributeValue>> recentKeys = new ArrayDeque<>();

        Seg(int index, Map<String, AttributeValue> startKey, boolean done) {
            this.index = index;
            this.startKey = startKey;
            this.done = done;
        }
    }

    /** One call of {@link #sample}: the segments, the bucket and the counters. */
    private final class Run {
        private final Target target;
        private final Options options;
        private final Budget budget;
        private final Checkpoint from;
        private final ItemSink sink;
        private final Listener listener;
        private final BooleanSupplier cancelled;
        private final RcuBucket bucket;
        private final List<Seg> segs = new ArrayList<>();
        private final AtomicReference<Stop> stopping = new AtomicReference<>();
        private final Object lock = new Object();
        private final long startNanos;
        private final long deadlineNanos;
        private final double unitRcu;
        // under lock
        private long items;
        private long pages;
        private double rcu;
        private long throttles;
        private long retries;
        private long sizedBytes;
        private long sizedItems;
        private final Set<String> reasons = new LinkedHashSet<>();
        private final List<String> problems = new ArrayList<>();
        private boolean unmetered;
        private RuntimeException callerFailure;

        Run(
                Target target,
                Options options,
                Budget budget,
                Checkpoint from,
                ItemSink sink,
                Listener listener,
                BooleanSupplier cancelled) {
            this.target = target;
            this.options = options;
            this.budget = budget;
            this.from = from;
            this.sink = sink;
            this.listener = listener;
            this.cancelled = cancelled;
            this.unitRcu = options.consistentRead() ? 1.0 : 0.5;
            for (Checkpoint.Segment s : from.segments()) {
                segs.add(new Seg(s.segment(), s.startKey() == null ? null : SdkAttr.toSdk(s.startKey()), s.done()));
            }
            this.startNanos = System.nanoTime();
            this.deadlineNanos = options.timeCap() == null
                    ? RcuBucket.NO_DEADLINE
                    : startNanos + options.timeCap().toNanos();
            this.bucket = budget.isUnlimited()
                    ? null
                    : new RcuBucket(budget.rcuPerSecond(), budget.rcuPerSecond() * BURST_SECONDS, System::nanoTime);
            if (target.itemCount() > 0 && target.sizeBytes() > 0) {
                // a first guess for the page size until the run has seen items of its own
                sizedItems = 1;
                sizedBytes = Math.max(1, target.sizeBytes() / target.itemCount());
            }
        }

        Result execute() {
            ConcurrentLinkedQueue<Seg> queue = new ConcurrentLinkedQueue<>();
            segs.stream().filter(s -> !s.done).forEach(queue::add);
            int threads = Math.max(1, Math.min(Math.min(MAX_THREADS, queue.size()), from.totalSegments()));
            AtomicInteger threadNo = new AtomicInteger();
            ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
                Thread t = new Thread(r, "audit-scan-" + threadNo.incrementAndGet());
                t.setDaemon(true);
                return t;
            });
            for (int i = 0; i < threads; i++) {
                pool.execute(() -> {
                    Seg s;
                    while (stopping.get() == null && (s = queue.poll()) != null) {
                        try {
                            read(s);
                        } catch (RuntimeException e) { // a bug here, not the service: name it, keep the others
                            LOG.log(System.Logger.Level.ERROR, "audit segment failed unexpectedly", e);
                            fail(s, "unexpected " + e + " (the log has the stack trace)");
                        }
                    }
                });
            }
            pool.shutdown();
            long lastBeat = System.nanoTime();
            try {
                while (!pool.awaitTermination(10, TimeUnit.MILLISECONDS)) {
                    if (cancelled.getAsBoolean()) {
                        cancel(pool);
                        break;
                    }
                    long now = System.nanoTime();
                    if (deadlinePassed(now)) {
                        stop(Stop.TIME_CAP);
                    }
                    if (now - lastBeat >= HEARTBEAT_NANOS) {
                        lastBeat = now;
                        synchronized (lock) {
                            report(now);
                        }
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                cancel(pool);
            }
            synchronized (lock) {
                if (callerFailure != null) {
                    throw callerFailure;
                }
                Result result = result();
                listener.progress(progress(System.nanoTime()));
                return result;
            }
        }

        /** Stops the readers now: requests in flight are interrupted and their pages dropped. */
        private void cancel(ExecutorService pool) {
            stop(Stop.CANCELLED);
            pool.shutdownNow();
            try {
                pool.awaitTermination(2, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        private void stop(Stop why) {
            stopping.compareAndSet(null, why);
        }

        private boolean halted() {
            return stopping.get() != null || deadlinePassed(System.nanoTime());
        }

        private boolean deadlinePassed(long now) {
            return deadlineNanos != RcuBucket.NO_DEADLINE && now - deadlineNanos >= 0;
        }

        /** Reads one segment page by page until it ends, fails, or the run stops. */
        private void read(Seg s) {
            while (true) {
                if (stopping.get() != null) {
                    return;
                }
                if (deadlinePassed(System.nanoTime())) {
                    stop(Stop.TIME_CAP);
                    return;
                }
                Integer limit;
                Map<String, AttributeValue> startKey;
                synchronized (lock) {
                    if (s.done || s.error != null) {
                        return;
                    }
                    limit = pageLimit();
                    startKey = s.startKey;
                }
                double reserved = bucket == null ? 0 : estimate(limit);
                ScanRequest request = request(s.index, limit, startKey);
                ScanResponse response = null;
                for (int attempt = 1; response == null; attempt++) {
                    if (bucket != null && !bucket.acquire(reserved, this::halted, deadlineNanos)) {
                        if (!Thread.currentThread().isInterrupted()) {
                            stop(Stop.TIME_CAP); // no-op when already stopping; else the budget's wait ran past it
                        }
                        return;
                    }
                    try {
                        response = call.scan(request);
                    } catch (RuntimeException e) { // AwsServiceException, SdkClientException, a ScanCall's own
                        settle(reserved, 0);
                        if (!retry(s, e, attempt) || !retryPolicy.pause(attempt, this::halted)) {
                            return;
                        }
                    }
                }
                deliver(s, response, reserved);
            }
        }

        private void settle(double reserved, double consumed) {
            if (bucket != null) {
                bucket.settle(reserved, consumed);
            }
        }

        /**
         * Whether a failed attempt is tried again (after a backoff): a throttle, a 5xx, a timed-out attempt or a
         * dropped connection is — counted, up to the attempts allowed — as the SDK's own retries would; a cancel is
         * not; any other error fails the segment.
         */
        private boolean retry(Seg s, RuntimeException e, int attempt) {
            RetryPolicy.Kind kind = RetryPolicy.classify(e, () -> stopping.get() == Stop.CANCELLED);
            return switch (kind) {
                case CANCELLED -> false;
                case THROTTLED -> throttled(s, (AwsServiceException) e, attempt);
                case TRANSIENT -> transientError(s, describe(e), attempt);
                case FATAL -> {
                    fail(s, describe(e));
                    yield false;
                }
            };
        }

        private static String describe(RuntimeException e) {
            if (e instanceof AwsServiceException a) {
                return Throttles.code(a) + ": "
                        + (a.awsErrorDetails() == null
                                ? a.getMessage()
                                : a.awsErrorDetails().errorMessage());
            }
            return e.getClass().getSimpleName() + ": " + e.getMessage();
        }

        /** Counts a throttle; false (segment failed) past the attempts allowed. */
        private boolean throttled(Seg s, AwsServiceException e, int attempt) {
            List<ThrottlingReason> given = Throttles.reasons(e);
            synchronized (lock) {
                throttles++;
                if (given.isEmpty()) {
                    reasons.add(Throttles.code(e) + " (no reason given)");
                } else {
                    given.forEach(g -> reasons.add(g.reason()));
                }
                if (!retryPolicy.retries(RetryPolicy.Kind.THROTTLED, attempt)) {
                    failLocked(s, "throttled " + attempt + " times in a row, gave up: " + String.join(", ", reasons));
                    return false;
                }
                retries++;
                return true;
            }
        }

        /** Counts a retry after a transient error (5xx, timeout, I/O); false (segment failed) past the attempts. */
        private boolean transientError(Seg s, String why, int attempt) {
            synchronized (lock) {
                if (!retryPolicy.retries(RetryPolicy.Kind.TRANSIENT, attempt)) {
                    failLocked(s, "gave up after " + attempt + " attempts: " + why);
                    return false;
                }
                retries++;
                return true;
            }
        }

        private void fail(Seg s, String why) {
            synchronized (lock) {
                failLocked(s, why);
            }
        }

        private void failLocked(Seg s, String why) {
            s.error = why;
            problems.add("segment " + s.index + " failed: " + why);
        }

        /**
         * Hands a page's items to the sink (up to the item cap) and moves the segment's key on — both under the
         * lock, so the checkpoint always matches exactly what was delivered.
         */
        private void deliver(Seg s, ScanResponse r, double reserved) {
            List<Map<String, AttributeValue>> page = r.items();
            double consumed;
            boolean measured =
                    r.consumedCapacity() != null && r.consumedCapacity().capacityUnits() != null;
            long[] sizes = new long[page.size()];
            long bytes = 0;
            for (int i = 0; i < sizes.length; i++) {
                sizes[i] = SdkAttr.itemSize(page.get(i));
                bytes += sizes[i];
            }
            // Without ConsumedCapacity (some emulators), pace on what the page must have cost: a Scan is billed on
            // the summed size of the items it read, rounded up to 4 KB once.
            consumed = measured
                    ? r.consumedCapacity().capacityUnits()
                    : Capacity.readUnits(bytes, options.consistentRead());
            settle(reserved, consumed);
            synchronized (lock) {
                pages++;
                rcu += consumed;
                if (!measured && !unmetered) {
                    unmetered = true;
                    problems.add("the endpoint returned no ConsumedCapacity: the budget was paced on item sizes");
                }
                sizedBytes += bytes;
                sizedItems += sizes.length;
                Stop why = stopping.get();
                if (why == Stop.CANCELLED || why == Stop.ITEM_CAP || callerFailure != null) {
                    return; // dropped: the segment's key stays before this page
                }
                Map<String, AttributeValue> next =
                        r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty() ? r.lastEvaluatedKey() : null;
                if (next != null && s.recentKeys.contains(next)) {
                    failLocked(
                            s,
                            "the Scan returned the same LastEvaluatedKey twice (" + next
                                    + "); stopped instead of looping");
                    return;
                }
                long room = options.itemCap() == 0 ? Long.MAX_VALUE : options.itemCap() - items;
                int n = (int) Math.min(room, page.size());
                try {
                    for (int i = 0; i < n; i++) {
                        Map<String, AttributeValue> item = page.get(i);
                        sink.sampled(
                                SdkAttr.keyString(item.get(target.partitionKey())),
                                target.sortKey() == null ? null : SdkAttr.keyString(item.get(target.sortKey())),
                                sizes[i]);
                    }
                } catch (RuntimeException e) {
                    callerFailure = e;
                    stop(Stop.CANCELLED);
                    return;
                }
                items += n;
                if (n < page.size()) {
                    if (n > 0) {
                        s.startKey = keyOf(page.get(n - 1));
                    }
                    stop(Stop.ITEM_CAP);
                } else {
                    s.startKey = next;
                    if (next == null) {
                        s.done = true;
                    } else {
                        if (s.recentKeys.size() == RECENT_KEYS) {
                            s.recentKeys.removeFirst();
                        }
                        s.recentKeys.addLast(next);
                    }
                    if (options.itemCap() > 0 && items >= options.itemCap()) {
                        stop(Stop.ITEM_CAP);
                    }
                }
                report(System.nanoTime());
            }
        }

        /** Tells the listener (under lock); an exception from it ends the run like one from the sink. */
        private void report(long now) {
            try {
                listener.progress(progress(now));
            } catch (RuntimeException e) {
                if (callerFailure == null) {
                    callerFailure = e;
                }
                stop(Stop.CANCELLED);
            }
        }

        /** The key to start after {@code item}: what LastEvaluatedKey would be had the page ended there. */
        private Map<String, AttributeValue> keyOf(Map<String, AttributeValue> item) {
            Map<String, AttributeValue> key = new LinkedHashMap<>();
            for (String a : target.startKeyAttributes()) {
                key.put(a, item.get(a));
            }
            return key;
        }

        /**
         * Items to ask for (under lock): with a budget, enough for about 1/{@value #PAGES_PER_SECOND} of a second's
         * budget in whole 4 KB read blocks at the average item size seen; none before any size is known but one
         * item. Never more than the item cap's remainder shared among the unfinished segments. Null: no Limit.
         */
        private Integer pageLimit() {
            long limit = Long.MAX_VALUE;
            if (bucket != null) {
                double target = budget.rcuPerSecond() / PAGES_PER_SECOND;
                long blocks = Math.max(1, Math.min(MAX_PAGE_BLOCKS, (long) Math.floor(target / unitRcu)));
                limit = sizedItems == 0
                        ? 1
                        : Math.max(1, blocks * Capacity.READ_UNIT_BYTES / Math.max(1, sizedBytes / sizedItems));
            }
            if (options.itemCap() > 0) {
                long open = Math.max(
                        1, segs.stream().filter(x -> !x.done && x.error == null).count());
                long left = Math.max(1, options.itemCap() - items);
                limit = Math.min(limit, Math.max(1, (left + open - 1) / open));
            }
            return limit >= Integer.MAX_VALUE ? null : (int) limit;
        }

        /** The RCU a page of {@code limit} items should cost at the average size seen (at least one read block). */
        private double estimate(Integer limit) {
            double avg;
            synchronized (lock) {
                avg = sizedItems == 0 ? Capacity.READ_UNIT_BYTES : sizedBytes / (double) sizedItems;
            }
            long bytes = limit == null ? 1024 * 1024 : (long) Math.ceil(limit * avg);
            return Capacity.readUnits(bytes, options.consistentRead());
        }

        private ScanRequest request(int segment, Integer limit, Map<String, AttributeValue> startKey) {
            ScanRequest.Builder b = ScanRequest.builder()
                    .tableName(target.table())
                    .indexName(target.index())
                    .segment(segment)
                    .totalSegments(from.totalSegments())
                    .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                    .exclusiveStartKey(startKey)
                    .limit(limit);
            if (options.consistentRead()) {
                b.consistentRead(true);
            }
            return b.build();
        }

        /** Progress now (under lock). */
        private Progress progress(long now) {
            long elapsedNanos = now - startNanos;
            double seconds = elapsedNanos / 1e9;
            int done = (int) segs.stream().filter(s -> s.done).count();
            long all = from.itemsSampled() + items;
            long estimate = target.itemCount();
            Duration eta = null;
            String note;
            if (done == segs.size()) {
                eta = Duration.ZERO;
                note = "every segment read";
            } else {
                long left = Long.MAX_VALUE;
                if (estimate > 0 && all <= estimate) {
                    left = estimate - all;
                    note = String.format("%,d of about %,d items (%s)", all, estimate, ITEM_COUNT_NOTE);
                } else if (estimate > 0) {
                    note = String.format(
                            "%,d items sampled, more than the %,d DescribeTable gave (%s)",
                            all, estimate, ITEM_COUNT_NOTE);
                } else {
                    note = "DescribeTable gave no ItemCount (" + ITEM_COUNT_NOTE + ")";
                }
                if (options.itemCap() > 0) {
                    left = Math.min(left, Math.max(0, options.itemCap() - items));
                }
                if (left != Long.MAX_VALUE && items > 0 && seconds > 0) {
                    long ms = (long) (left / (items / seconds) * 1000);
                    if (deadlineNanos != RcuBucket.NO_DEADLINE) {
                        ms = Math.min(ms, Math.max(0, (deadlineNanos - now) / 1_000_000));
                    }
                    eta = Duration.ofMillis(ms);
                } else if (deadlineNanos != RcuBucket.NO_DEADLINE) {
                    eta = Duration.ofMillis(Math.max(0, (deadlineNanos - now) / 1_000_000));
                    note += "; at most until the time cap";
                }
            }
            return new Progress(
                    items,
                    all,
                    pages,
                    rcu,
                    seconds > 0 ? rcu / seconds : 0,
                    throttles,
                    done,
                    segs.size(),
                    elapsedNanos / 1_000_000,
                    estimate,
                    eta,
                    note);
        }

        /** The result (under lock, after the readers ended). */
        private Result result() {
            List<Checkpoint.Segment> marks = new ArrayList<>();
            List<Integer> failed = new ArrayList<>();
            boolean allDone = true;
            for (Seg s : segs) {
                marks.add(new Checkpoint.Segment(
                        s.index, s.startKey == null ? null : SdkAttr.toCore(s.startKey), s.done));
                allDone &= s.done;
                if (s.error != null) {
                    failed.add(s.index);
                }
            }
            Checkpoint checkpoint = new Checkpoint(
                    target.table(),
                    target.index(),
                    segs.size(),
                    marks,
                    from.itemsSampled() + items,
                    from.consumedRcu() + rcu);
            Stop why = stopping.get();
            Stop stop;
            if (allDone) {
                stop = Stop.COMPLETE;
            } else if (why == Stop.CANCELLED || why == Stop.ITEM_CAP || why == Stop.TIME_CAP) {
                stop = why;
            } else if (!failed.isEmpty()) {
                stop = Stop.FAILED;
            } else {
                // readers ended without a stop being set: only an interrupt of this thread does that
                stop = Stop.CANCELLED;
            }
            return new Result(
                    stop,
                    items,
                    pages,
                    rcu,
                    throttles,
                    retries,
                    List.copyOf(reasons),
                    (System.nanoTime() - startNanos) / 1_000_000,
                    budget,
                    checkpoint,
                    List.copyOf(failed),
                    List.copyOf(problems));
        }
    }
}
