package dev.partitionscope.aws;

import dev.partitionscope.core.heat.KeyTimeMatrix;
import dev.partitionscope.core.heat.StreamHeat;
import dev.partitionscope.core.heat.StreamKeyTotal;
import dev.partitionscope.core.metrics.DataState;
import dev.partitionscope.core.metrics.DataStatus;
import dev.partitionscope.core.metrics.Resource;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.model.DescribeStreamResponse;
import software.amazon.awssdk.services.dynamodb.model.ExpiredIteratorException;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsResponse;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.Shard;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TrimmedDataAccessException;

/**
 * Reads a table's DynamoDB stream into per-key write heat: every record of the window, key by key, down to one
 * second.
 *
 * <p>How: DescribeTable names the stream ({@code LatestStreamArn}; a stream that was switched off but is still
 * retained is read too), DescribeStream lists its shards page by page, and the shards are read from TRIM_HORIZON on
 * a small pool of {@value #THREADS} threads, one task per shard, so a shard never has two GetRecords in flight; a
 * child shard is started only once its parent is drained (its records all come after the parent's). A closed shard is
 * read until it has no next iterator; an open one until a page comes back empty (it is caught up: DynamoDB Streams
 * has no MillisBehindLatest) or holds a record at or past the window's end — and then neither that shard's children
 * nor theirs are read, since they only hold later records.
 *
 * <p>Failures: LimitExceededException (and other throttles, 5xx, dropped connections) are retried with exponential
 * backoff and jitter; an ExpiredIteratorException gets a fresh iterator after the last sequence number read; a
 * TrimmedDataAccessException starts again at TRIM_HORIZON (records already counted are recognised by sequence number
 * and not counted twice). Anything else ends the read with a status — access denied names the permission — and never
 * throws. A cancel is checked between calls and returns what was read, flagged {@code cancelled}.
 *
 * <p>Write units: see {@link StreamHeat} (the larger image per started KB; 1 unit for a record without an image).
 * A GSI's key is taken from the record's NewImage, else its OldImage; records whose image lacks the GSI's key (the
 * item is not in that sparse index) are skipped. KEYS_ONLY streams have no images, so they give writes only and
 * cannot be read for a GSI.
 */
public final class StreamHeatReader {
    /** How long a stream keeps its records. */
    public static final java.time.Duration RETENTION = java.time.Duration.ofHours(24);

    /**
     * At most this many GetRecords calls per second on one shard, on AWS: it leaves room for a production Lambda on
     * the same shards (AWS allows two readers per shard; more and both get throttled). Local endpoints (the Lab,
     * LocalStack, DynamoDB Local) have no production reader to make room for and are read unpaced.
     */
    public static final double AWS_CALLS_PER_SECOND_PER_SHARD = 2;

    /** Shards read at once. */
    public static final int THREADS = 8;

    /** Throttles and transient failures: 100 ms doubling to 5 s, plus jitter, 10 tries (~30 s) per call. */
    static final RetryPolicy RETRY = new RetryPolicy(RetryPolicy.Backoff.exponential(100, 5_000), 10, true);

    /** Consecutive TrimmedDataAccessExceptions on one shard before it is given up as gone. */
    private static final int MAX_TRIMMED = 3;

    /**
     * What to read: the table, optionally a GSI (whose partition key is taken from the records' images; refused for
     * KEYS_ONLY streams), the window [start, end) and the bucket width in seconds (1 or 60, or any divisor of the
     * window).
     */
    public record Request(String table, String index, Instant start, Instant end, int resolutionSeconds) {}

    /** Hears the read as it goes; called on reader threads. */
    public interface Listener {
        /** The stream was described: this many shards will be read (closed ones included). */
        default void shards(int total) {}

        /** Progress: shards drained so far, records read so far, GetRecords calls made so far. */
        default void progress(int shardsDone, int shardsTotal, long records, long calls) {}
    }

    /**
     * What one read found.
     *
     * @param status        DATA, NO_DATA (stream on, no record in the window), NOT_ENABLED ("Streams are off on this
     *                      table"), ACCESS_DENIED (names the permission), PARTIAL when cancelled, or an error state
     *                      with what to do next
     * @param streamArn     the stream read, null when none
     * @param viewType      KEYS_ONLY, NEW_IMAGE, OLD_IMAGE or NEW_AND_OLD_IMAGES; null when no stream
     * @param writeUnits    write units per key per bucket ({@code MatrixUnit.WRITE_UNITS_PER_SECOND}, provenance
     *                      DYNAMODB_STREAM); null under KEYS_ONLY (no image to size)
     * @param writes        writes per key per bucket ({@code MatrixUnit.WRITES_PER_SECOND})
     * @param keys          per-key totals, by writes descending then key
     * @param records       stream records inside the window (the ones outside were read and skipped)
     * @param shards        shards the stream lists (closed ones included)
     * @param openShards    shards still open (≈ the table's partitions)
     * @param calls         GetRecords calls made (each one a read request unit on AWS)
     * @param retainedFrom  the oldest moment the stream still holds (now − 24 h); the window before it is not in
     *                      the stream
     * @param cancelled     true when cancelled part-way (the matrices hold what was read)
     */
    public record Result(
            Resource resource,
            DataStatus status,
            String streamArn,
            String viewType,
            KeyTimeMatrix writeUnits,
            KeyTimeMatrix writes,
            List<StreamKeyTotal> keys,
            long records,
            int shards,
            int openShards,
            long calls,
            Instant retainedFrom,
            boolean cancelled) {
        public boolean keysOnly() {
            return "KEYS_ONLY".equals(viewType);
        }

        /** The matrix to draw: write units, or writes under KEYS_ONLY; null when nothing was read. */
        public KeyTimeMatrix heat() {
            return writeUnits != null ? writeUnits : writes;
        }
    }

    /**
     * A table's stream at a glance: its ARN, view type and shard counts (open ones ≈ partitions); the counts are -1
     * when the stream's shards could not be listed (DescribeStream refused).
     */
    public record StreamShape(String streamArn, String viewType, int shards, int openShards) {}

    private final Connection connection;
    private final int threads;
    private final long minCallIntervalNanos;
    private final RetryPolicy retry;

    public StreamHeatReader(Connection connection) {
        this(
                connection,
                THREADS,
                connection.spec().kind() == ConnectionKind.AWS ? AWS_CALLS_PER_SECOND_PER_SHARD : 0,
                RETRY);
    }

    /**
     * @param callsPerSecondPerShard the pace of GetRecords on one shard; 0 for unpaced
     */
    StreamHeatReader(Connection connection, int threads, double callsPerSecondPerShard, RetryPolicy retry) {
        this.connection = connection;
        this.threads = Math.max(1, threads);
        this.minCallIntervalNanos = callsPerSecondPerShard <= 0 ? 0 : (long) (1e9 / callsPerSecondPerShard);
        this.retry = retry;
    }

    /** The same reader at another pace per shard (0: unpaced), e.g. to compare with the default in a benchmark. */
    public StreamHeatReader withCallsPerSecondPerShard(double callsPerSecondPerShard) {
        return new StreamHeatReader(connection, threads, callsPerSecondPerShard, retry);
    }

    /** Reads the window; never throws for AWS errors (they become the result's status). */
    public Result read(Request request, BooleanSupplier cancelled, Listener listener) {
        Resource resource = new Resource(request.table(), request.index());
        Stream stream;
        try {
            stream = locate(request.table(), request.index(), cancelled);
        } catch (Stop s) {
            return empty(resource, s.status, null, null, cancelled.getAsBoolean());
        }
        if (stream.keysOnly() && request.index() != null) {
            return empty(
                    resource,
                    DataStatus.of(
                            DataState.FAILED,
                            "a KEYS_ONLY stream has no images to find index keys in; read the table instead, or set"
                                    + " the stream's view type to NEW_IMAGE or NEW_AND_OLD_IMAGES (it applies to new"
                                    + " records only)"),
                    stream.arn,
                    stream.viewType,
                    false);
        }
        Instant retainedFrom = connection.clock().now().minus(RETENTION);
        StreamHeat heat = new StreamHeat(
                request.table(),
                request.index(),
                request.start(),
                request.end(),
                request.resolutionSeconds(),
                stream.keysOnly());
        Instant created = stream.created;
        if (created != null && created.isAfter(retainedFrom)) {
            heat.availableFrom(created, "before the stream was enabled");
        } else {
            heat.availableFrom(retainedFrom, "older than the stream's 24 h retention");
        }
        listener.shards(stream.shards.size());
        Run run = new Run(request, stream, heat, cancelled, listener);
        run.go();

        boolean wasCancelled = run.cancelled();
        DataStatus failure = run.failure.get();
        long records = heat.records();
        DataStatus status;
        if (failure != null) {
            status = failure;
        } else if (wasCancelled) {
            status = DataStatus.of(
                    DataState.PARTIAL,
                    "cancelled after " + run.done.get() + " of " + stream.shards.size()
                            + " shards; the heat holds what was read");
        } else if (records == 0) {
            status = DataStatus.of(
                    DataState.NO_DATA,
                    request.start().isBefore(retainedFrom)
                            ? "no writes in the window; the stream holds only the last 24 h (from " + retainedFrom + ")"
                            : "no writes in the window");
        } else {
            status = DataStatus.DATA;
        }
        return new Result(
                resource,
                status,
                stream.arn,
                stream.viewType,
                heat.writeUnits(),
                heat.writes(),
                heat.keys(),
                records,
                stream.shards.size(),
                stream.openShards(),
                run.calls.get(),
                retainedFrom,
                wasCancelled);
    }

    /** The table's stream and its shards, empty when the table has no stream enabled (or cannot be described). */
    public Optional<StreamShape> shape(String table) {
        TableDescription t;
        try {
            t = connection.dynamo().describeTable(b -> b.tableName(table)).table();
        } catch (SdkException e) {
            return Optional.empty();
        }
        if (t.latestStreamArn() == null) {
            return Optional.empty();
        }
        String viewType =
                t.streamSpecification() == null ? null : t.streamSpecification().streamViewTypeAsString();
        try {
            Stream s = describeStream(t.latestStreamArn(), () -> false);
            return Optional.of(new StreamShape(s.arn, s.viewType, s.shards.size(), s.openShards()));
        } catch (Stop | SdkException e) {
            return Optional.of(new StreamShape(t.latestStreamArn(), viewType, -1, -1));
        }
    }

    // ---- locating the stream

    /** The stream of a table, described: its shards, view type and the key attribute to read. */
    private record Stream(String arn, String viewType, Instant created, List<Shard> shards, String keyAttribute) {
        boolean keysOnly() {
            return "KEYS_ONLY".equals(viewType);
        }

        int openShards() {
            int open = 0;
            for (Shard s : shards) {
                open += s.sequenceNumberRange() == null
                                || s.sequenceNumberRange().endingSequenceNumber() == null
                        ? 1
                        : 0;
            }
            return open;
        }
    }

    /** Ends a read with a status. */
    private static final class Stop extends Exception {
        private static final long serialVersionUID = 1L;
        final transient DataStatus status;

        Stop(DataStatus status) {
            super(status.message(), null, false, false);
            this.status = status;
        }
    }

    private Stream locate(String table, String index, BooleanSupplier cancelled) throws Stop {
        TableDescription t = call(
                "DescribeTable",
                () -> connection.dynamo().describeTable(b -> b.tableName(table)).table(),
                cancelled);
        String keyAttribute;
        if (index == null) {
            keyAttribute = hashKey(t.keySchema());
        } else {
            keyAttribute = null;
            for (GlobalSecondaryIndexDescription g : t.globalSecondaryIndexes()) {
                if (g.indexName().equals(index)) {
                    keyAttribute = hashKey(g.keySchema());
                }
            }
            if (keyAttribute == null) {
                throw new Stop(DataStatus.of(
                        DataState.FAILED,
                        "table '" + table + "' has no global secondary index '" + index + "'; check the name"));
            }
        }
        if (t.latestStreamArn() == null) {
            throw new Stop(DataStatus.of(DataState.NOT_ENABLED, "Streams are off on this table"));
        }
        Stream s = describeStream(t.latestStreamArn(), cancelled);
        return new Stream(s.arn, s.viewType, s.created, s.shards, keyAttribute);
    }

    private static String hashKey(List<KeySchemaElement> schema) {
        for (KeySchemaElement k : schema) {
            if (k.keyType() == KeyType.HASH) {
                return k.attributeName();
            }
        }
        return schema.isEmpty() ? null : schema.get(0).attributeName();
    }

    private Stream describeStream(String arn, BooleanSupplier cancelled) throws Stop {
        List<Shard> shards = new ArrayList<>();
        String viewType = null;
        Instant created = null;
        String from = null;
        Set<String> seen = new HashSet<>();
        do {
            String start = from;
            DescribeStreamResponse r = call(
                    "DescribeStream",
                    () -> connection.streams().describeStream(b -> b.streamArn(arn)
                            .exclusiveStartShardId(start)),
                    cancelled);
            viewType = r.streamDescription().streamViewTypeAsString();
            created = r.streamDescription().creationRequestDateTime();
            for (Shard s : r.streamDescription().shards()) {
                if (seen.add(s.shardId())) {
                    shards.add(s);
                }
            }
            from = r.streamDescription().lastEvaluatedShardId();
        } while (from != null && !cancelled.getAsBoolean());
        return new Stream(arn, viewType, created, shards, null);
    }

    // ---- calls

    /** One call with retries for throttles and transient failures; anything else becomes a {@link Stop}. */
    private <T> T call(String operation, Supplier<T> call, BooleanSupplier cancelled) throws Stop {
        for (int attempt = 1; ; attempt++) {
            try {
                return call.get();
            } catch (ExpiredIteratorException | TrimmedDataAccessException e) {
                throw e; // the shard reader handles these
            } catch (RuntimeException e) {
                RetryPolicy.Kind kind = RetryPolicy.classify(e, cancelled);
                if (kind == RetryPolicy.Kind.CANCELLED) {
                    throw new Stop(DataStatus.of(DataState.PARTIAL, "cancelled"));
                }
                if (retry.retries(kind, attempt)) {
                    if (!retry.pause(attempt, cancelled)) {
                        throw new Stop(DataStatus.of(DataState.PARTIAL, "cancelled"));
                    }
                    continue;
                }
                throw new Stop(status(e, operation, kind, attempt));
            }
        }
    }

    private DataStatus status(RuntimeException e, String operation, RetryPolicy.Kind kind, int attempts) {
        if (e instanceof AwsServiceException a) {
            String code = a.awsErrorDetails() == null || a.awsErrorDetails().errorCode() == null
                    ? ""
                    : a.awsErrorDetails().errorCode();
            String message = a.awsErrorDetails() == null
                    ? a.getMessage()
                    : a.awsErrorDetails().errorMessage();
            if (code.startsWith("AccessDenied")
                    || code.equals("UnauthorizedOperation")
                    || (a.statusCode() == 403
                            && !code.contains("Signature")
                            && !code.contains("Token")
                            && !code.contains("Expired"))) {
                return DataStatus.accessDenied(ErrorTranslator.missingPermission(message, null, operation));
            }
            if (code.equals("UnknownOperationException") || code.equals("UnknownOperation") || a.statusCode() == 501) {
                return CloudWatchCalls.notSupported(connection.spec(), "DynamoDB Streams (" + operation + ")");
            }
            if (e instanceof ResourceNotFoundException || code.startsWith("ResourceNotFound")) {
                return DataStatus.of(
                        DataState.FAILED,
                        operation + ": not found (" + ErrorTranslator.firstLine(message)
                                + "); the table or its stream may have been deleted — refresh and load again");
            }
            if (kind == RetryPolicy.Kind.THROTTLED) {
                return DataStatus.of(
                        DataState.FAILED,
                        "DynamoDB Streams kept throttling " + operation + " (" + code + ") after " + attempts
                                + " tries with backoff; another reader (a Lambda?) may be using the shards' two-reader"
                                + " allowance — try again in a minute");
            }
        }
        UserMessage m = ErrorTranslator.translate(e, connection.spec(), operation);
        return DataStatus.of(
                DataState.FAILED,
                m.headline()
                        + (m.detail() == null || m.detail().isBlank() ? "" : ": " + m.detail())
                        + (m.hint() == null || m.hint().isBlank() ? "" : " — " + m.hint()));
    }

    // ---- reading the shards

    /** One read of a stream: the pool, the lineage and the counters. */
    private final class Run {
        final Stream stream;
        final StreamHeat heat;
        final BooleanSupplier userCancelled;
        final Listener listener;
        final long endMillis;
        final String index;
        final Map<String, List<Shard>> children = new HashMap<>();
        final AtomicInteger done = new AtomicInteger();
        final AtomicLong records = new AtomicLong();
        final AtomicLong calls = new AtomicLong();
        final AtomicReference<DataStatus> failure = new AtomicReference<>();
        final Object lock = new Object();
        int outstanding; // shards submitted and not finished, under lock
        volatile boolean interrupted;
        ExecutorService pool;

        Run(Request request, Stream stream, StreamHeat heat, BooleanSupplier cancelled, Listener listener) {
            this.endMillis = request.end().toEpochMilli();
            this.index = request.index();
            this.stream = stream;
            this.heat = heat;
            this.userCancelled = cancelled;
            this.listener = listener;
        }

        boolean cancelled() {
            return interrupted || userCancelled.getAsBoolean();
        }

        boolean stopping() {
            return failure.get() != null || cancelled();
        }

        void go() {
            Set<String> ids = new HashSet<>();
            stream.shards.forEach(s -> ids.add(s.shardId()));
            List<Shard> roots = new ArrayList<>();
            for (Shard s : stream.shards) {
                String parent = s.parentShardId();
                if (parent == null || !ids.contains(parent)) {
                    roots.add(s); // no parent, or one already trimmed from the stream
                } else {
                    children.computeIfAbsent(parent, k -> new ArrayList<>()).add(s);
                }
            }
            if (stream.shards.isEmpty()) {
                return;
            }
            AtomicInteger n = new AtomicInteger();
            pool = Executors.newFixedThreadPool(Math.min(threads, stream.shards.size()), r -> {
                Thread t = new Thread(r, "stream-heat-" + n.incrementAndGet());
                t.setDaemon(true);
                return t;
            });
            try {
                for (Shard root : roots) {
                    submit(root);
                }
                synchronized (lock) {
                    while (outstanding > 0) {
                        lock.wait();
                    }
                }
            } catch (InterruptedException e) {
                interrupted = true;
                Thread.currentThread().interrupt();
            } finally {
                pool.shutdownNow();
            }
        }

        void submit(Shard shard) {
            if (stopping()) {
                return;
            }
            synchronized (lock) {
                outstanding++;
            }
            try {
                pool.execute(() -> run(shard));
            } catch (RejectedExecutionException e) {
                finished();
            }
        }

        private void finished() {
            synchronized (lock) {
                outstanding--;
                lock.notifyAll();
            }
        }

        private void run(Shard shard) {
            try {
                boolean pastEnd = drain(shard);
                int d;
                if (pastEnd) {
                    d = done.addAndGet(1 + skipDescendants(shard.shardId()));
                } else {
                    d = done.incrementAndGet();
                    for (Shard child : children.getOrDefault(shard.shardId(), List.of())) {
                        submit(child);
                    }
                }
                listener.progress(d, stream.shards.size(), records.get(), calls.get());
            } catch (Stop s) {
                if (!cancelled()) {
                    failure.compareAndSet(null, s.status);
                }
            } catch (RuntimeException e) {
                failure.compareAndSet(
                        null, DataStatus.of(DataState.FAILED, "reading shard " + shard.shardId() + " failed: " + e));
            } finally {
                finished();
            }
        }

        private int skipDescendants(String shardId) {
            int n = 0;
            for (Shard child : children.getOrDefault(shardId, List.of())) {
                n += 1 + skipDescendants(child.shardId());
            }
            return n;
        }

        /** Reads one shard to its end (or the window's); true when it reached past the window's end. */
        private boolean drain(Shard shard) throws Stop {
            boolean open = shard.sequenceNumberRange() == null
                    || shard.sequenceNumberRange().endingSequenceNumber() == null;
            StreamHeat.Shard counts = heat.shard();
            String lastSequence = null;
            boolean pastEnd = false;
            int trimmed = 0;
            long lastCall = 0;
            try {
                String iterator = iterator(shard.shardId(), ShardIteratorType.TRIM_HORIZON, null);
                while (iterator != null && !stopping()) {
                    lastCall = pace(lastCall);
                    if (stopping()) {
                        break;
                    }
                    String it = iterator;
                    StreamPage page;
                    try {
                        calls.incrementAndGet();
                        StreamPage.Sink sink = new StreamPage.Sink(stream.keyAttribute, index == null);
                        GetRecordsResponse answer = call(
                                "GetRecords",
                                () -> connection.streams().getRecords(b -> StreamPage.ask(b.shardIterator(it), sink)),
                                this::stopping);
                        page = StreamPage.of(answer, sink);
                        trimmed = 0;
                    } catch (ExpiredIteratorException e) {
                        iterator = lastSequence == null
                                ? iterator(shard.shardId(), ShardIteratorType.TRIM_HORIZON, null)
                                : iterator(shard.shardId(), ShardIteratorType.AFTER_SEQUENCE_NUMBER, lastSequence);
                        continue;
                    } catch (TrimmedDataAccessException e) {
                        if (++trimmed > MAX_TRIMMED) {
                            return false; // the shard's data is gone: nothing left to count
                        }
                        iterator = iterator(shard.shardId(), ShardIteratorType.TRIM_HORIZON, null);
                        continue;
                    }
                    long before = counts.records();
                    for (StreamPage.Entry e : page.entries) {
                        String seq = e.sequence();
                        if (seq != null) {
                            if (lastSequence != null && compareSequence(seq, lastSequence) <= 0) {
                                continue; // read again after a trimmed or expired iterator
                            }
                            lastSequence = seq;
                        }
                        if (e.millis() == Long.MIN_VALUE) {
                            continue;
                        }
                        if (e.millis() >= endMillis) {
                            pastEnd = true;
                        }
                        if (e.key() != null) { // else not in this (sparse) index
                            double units =
                                    stream.keysOnly() ? Double.NaN : StreamHeat.writeUnits(e.oldSize(), e.newSize());
                            counts.add(e.key(), e.millis(), units);
                        }
                    }
                    records.addAndGet(counts.records() - before);
                    listener.progress(done.get(), stream.shards.size(), records.get(), calls.get());
                    iterator = page.nextShardIterator;
                    if (pastEnd || (open && page.records == 0)) {
                        break;
                    }
                }
                return pastEnd;
            } finally {
                heat.merge(counts);
            }
        }

        private String iterator(String shardId, ShardIteratorType type, String after) throws Stop {
            return call(
                            "GetShardIterator",
                            () -> connection.streams().getShardIterator(b -> b.streamArn(stream.arn)
                                    .shardId(shardId)
                                    .shardIteratorType(type)
                                    .sequenceNumber(after)),
                            this::stopping)
                    .shardIterator();
        }

        /** Waits until the shard may be called again; returns the time of this call. */
        private long pace(long lastCall) {
            if (minCallIntervalNanos > 0 && lastCall != 0) {
                long wait = lastCall + minCallIntervalNanos - System.nanoTime();
                if (wait > 0) {
                    Throttles.sleep((wait + 999_999) / 1_000_000, this::stopping);
                }
            }
            return System.nanoTime();
        }
    }

    /** Sequence numbers are decimal strings of any length: longer is larger, else compare digit by digit. */
    static int compareSequence(String a, String b) {
        String x = stripZeros(a);
        String y = stripZeros(b);
        return x.length() != y.length() ? Integer.compare(x.length(), y.length()) : x.compareTo(y);
    }

    private static String stripZeros(String s) {
        int i = 0;
        while (i < s.length() - 1 && s.charAt(i) == '0') {
            i++;
        }
        return s.substring(i);
    }

    private Result empty(Resource resource, DataStatus status, String arn, String viewType, boolean cancelled) {
        return new Result(
                resource,
                status,
                arn,
                viewType,
                null,
                null,
                List.of(),
                0,
                0,
                0,
                0,
                connection.clock().now().minus(RETENTION),
                cancelled);
    }
}
