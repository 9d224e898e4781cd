package dev.partitionscope.aws.bench;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.partitionscope.aws.AwsProfiles;
import dev.partitionscope.aws.Connection;
import dev.partitionscope.aws.ConnectionFactory;
import dev.partitionscope.aws.ConnectionSpec;
import dev.partitionscope.aws.ScatterGather;
import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.item.ItemSize;
import dev.partitionscope.core.scatter.ScatterPlan;
import dev.partitionscope.core.scatter.ScatterResult;
import dev.partitionscope.core.scatter.ShardStats;
import dev.partitionscope.core.table.KeyType;
import dev.partitionscope.lab.Lab;
import dev.partitionscope.lab.wire.AttrJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;
import software.amazon.awssdk.core.SdkPlugin;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * The scatter-gather targets of the issue, measured end to end: {@link ScatterGather} through the app's own SDK
 * client ({@code ConnectionFactory} on {@code ConnectionSpec.lab()}, an Apache pool of 64 connections) over HTTP to a
 * Lab on 127.0.0.1 that holds every answer {@value #LATENCY_MS} ms (default), to stand for a network round trip. A
 * {@code main}, not a JMH benchmark: the targets are ratios between runs of the same repetition (parallel wall against
 * its own slowest shard, sequential against parallel) plus request counts, which JMH's one-score-per-method model does
 * not express; each figure is taken from several repetitions after warm-up and reported as the median.
 *
 * <ol>
 *   <li><b>Fan-out.</b> {@value #FANOUT_SHARDS} shards × {@value #ITEMS_PER_SHARD} items of {@value #ITEM_BYTES} B
 *       (DynamoDB's item size: {@code pk}, a 12-digit zero-padded string sort key {@code sk}, {@code status}, a
 *       padding string), i.e. 100 KB a shard, under one 1 MB page: every shard must read in exactly one page (checked
 *       and printed). The full read (limit 0) runs with concurrency {@value #FANOUT_SHARDS} and then with
 *       concurrency 1. Targets: parallel wall ≤ 2 × the slowest shard ({@code Totals.slowestShardMs}, a shard's first
 *       request to its last answer), and sequential wall / parallel wall ≥ 8.</li>
 *   <li><b>Early stop.</b> limit {@value #MERGE_LIMIT} ascending over {@value #MERGE_SHARDS} shards of
 *       {@value #ITEMS_PER_SHARD} items, concurrency {@value #FANOUT_SHARDS}, the default item cap (as the console
 *       runs it). Every Query goes through a counting {@link ScatterGather.QueryCall} with the SDK's retries off (as
 *       {@code new ScatterGather(client)} does), so a counted call is one HTTP request. Targets: Query requests ≤
 *       {@value #MERGE_SHARDS}, no shard asked more than once (its first page), and the merged items equal the brute
 *       force (every generated sort key, sorted, first {@value #MERGE_LIMIT}). One shard's keys sort before all the
 *       others', so it alone supplies the result: a page size below the limit would show as extra requests.</li>
 * </ol>
 *
 * <p>Throttling is off ({@code Lab.Options.withThrottling(false)}) and the tables are on-demand, so the partition
 * model cannot slow the load: the figures are the client's fan-out and the Lab's latency only; the run checks that
 * no Query was throttled. Data is written straight into the Lab's engine (no HTTP), so setup takes a few seconds.
 *
 * <p>Mind the machine. The Lab's latency waits on a scheduler, so all 64 requests wait out their 20 ms side by side
 * (it used to be a sleep on one of 16 worker threads: 4 rounds). But the Lab runs in this JVM: its JSON for 100 KB a shard and the
 * SDK's parsing of it share the cores with the client: when that CPU, not the 20 ms, dominates, the parallel run is
 * CPU-bound, shards are sent late (the 64 reader threads start while earlier answers are parsed) and the merge of all
 * items runs after the last answer, so wall time exceeds the slowest shard for reasons the latency model does not
 * describe. The fan-out table therefore also prints, per parallel run: when the last shard was sent and the last
 * answer came, the merge tail after it, the process CPU and the Lab's share of it. {@code --latency} lets you
 * rerun the same targets where latency dominates (e.g. 100 ms).
 *
 * <pre>
 * mvn -o -Pbench -DskipTests package
 * java -cp target/benchmarks.jar dev.partitionscope.aws.bench.ScatterBenchmark          # 10 warm-up, 9 measured
 * java -cp target/benchmarks.jar dev.partitionscope.aws.bench.ScatterBenchmark --warmup 15 --reps 15 --latency 100
 * </pre>
 *
 * <p>The JIT matters on a small machine: the first few repetitions are several times slower than the later ones,
 * hence the long default warm-up. The exit status is 0 when every target passes, 1 when one fails (2 for bad
 * arguments), so a script can gate on it.
 */
public final class ScatterBenchmark {
    static final long LATENCY_MS = 20;
    static final int FANOUT_SHARDS = 64;
    static final int ITEMS_PER_SHARD = 500;
    static final int ITEM_BYTES = 200;
    static final int MERGE_SHARDS = 200;
    static final int MERGE_LIMIT = 50;
    /** In the early-stop table, the shard whose sort keys sort first: it alone supplies the 50 items. */
    static final int LOW_SHARD = 137;

    static final String FANOUT_TABLE = "scatter-fanout";
    static final String MERGE_TABLE = "scatter-merge";
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    /** The SDK's retries off for one request: exactly what {@code new ScatterGather(client)} adds to its Queries. */
    private static final SdkPlugin NO_SDK_RETRY = config -> {
        var b = (software.amazon.awssdk.services.dynamodb.DynamoDbServiceClientConfiguration.Builder) config;
        b.overrideConfiguration(b.overrideConfiguration().toBuilder()
                .retryStrategy(software.amazon.awssdk.awscore.retry.AwsRetryStrategy.doNotRetry())
                .build());
    };

    private ScatterBenchmark() {}

    public static void main(String[] args) throws Exception {
        int warmup = 10;
        int reps = 9;
        long latency = LATENCY_MS;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--warmup" -> warmup = Integer.parseInt(args[++i]);
                case "--reps" -> reps = Integer.parseInt(args[++i]);
                case "--latency" -> latency = Long.parseLong(args[++i]);
                default -> {
                    System.err.println("usage: ScatterBenchmark [--warmup N] [--reps N] [--latency MS]");
                    System.exit(2);
                }
            }
        }
        boolean pass;
        try (Lab lab =
                Lab.start(Lab.Options.defaults().withLatencyMillis(latency).withThrottling(false))) {
            pass = run(lab, latency, Math.max(0, warmup), Math.max(1, reps));
        }
        System.exit(pass ? 0 : 1);
    }

    private static boolean run(Lab lab, long latency, int warmup, int reps) throws IOException {
        long t0 = System.nanoTime();
        Random random = new Random(42);
        List<String> fanKeys = shardKeys("ORDERS", FANOUT_SHARDS);
        List<String> mergeKeys = shardKeys("PENDING", MERGE_SHARDS);
        createTable(lab, FANOUT_TABLE);
        createTable(lab, MERGE_TABLE);
        long itemBytes = fill(lab, FANOUT_TABLE, fanKeys, random, new ArrayList<>(), -1);
        List<String> mergeSortKeys = new ArrayList<>();
        fill(lab, MERGE_TABLE, mergeKeys, random, mergeSortKeys, LOW_SHARD);
        mergeSortKeys.sort(Comparator.naturalOrder());
        List<String> expectedFirst = List.copyOf(mergeSortKeys.subList(0, MERGE_LIMIT));

        Path home = Files.createTempDirectory("partitionscope-scatter-bench");
        AwsProfiles none = AwsProfiles.from(home.resolve("config"), home.resolve("credentials"), Map.of());
        try (Connection connection = new ConnectionFactory(none)
                .open(ConnectionSpec.lab().withEndpoint(lab.endpoint().orElseThrow()))) {
            System.out.printf(
                    "%nScatterBenchmark: Lab at %s, latency %d ms per request, throttling off, %d cores;"
                            + " setup %.1f s%n  fan-out: %d shards × %d items of %d B (%,d B a shard)%n"
                            + "  early stop: %d shards × %d items, limit %d ascending%n"
                            + "  %d warm-up + %d measured repetitions, medians reported; system load average %.2f%n",
                    lab.endpoint().orElseThrow(),
                    latency,
                    Runtime.getRuntime().availableProcessors(),
                    (System.nanoTime() - t0) / 1e9,
                    FANOUT_SHARDS,
                    ITEMS_PER_SHARD,
                    itemBytes,
                    itemBytes * ITEMS_PER_SHARD,
                    MERGE_SHARDS,
                    ITEMS_PER_SHARD,
                    MERGE_LIMIT,
                    warmup,
                    reps,
                    loadAverage());
            boolean fan = fanOut(connection.dynamo(), fanKeys, warmup, reps);
            boolean stop = earlyStop(connection.dynamo(), mergeKeys, expectedFirst, warmup, reps);
            System.out.printf(
                    "%nOVERALL: %s (system load average now %.2f; the machine's other work slows and"
                            + " spreads these figures)%n",
                    fan && stop ? "PASS" : "FAIL", loadAverage());
            return fan && stop;
        } finally {
            try (var files = Files.walk(home)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    /**
     * Target 1: the full read of 64 shards, parallel and sequential in every repetition. Every Query goes through
     * {@link Timeline}, which only notes when it was sent and answered, so the output can show where a parallel run's
     * wall goes beyond its slowest shard: shards sent late (the reader threads start while earlier answers are being
     * parsed) and the merge after the last answer.
     */
    private static boolean fanOut(DynamoDbClient client, List<String> keys, int warmup, int reps) {
        ScatterPlan plan = ScatterPlan.of(FANOUT_TABLE, null, "pk", "sk", KeyType.S, keys)
                .withLimit(0)
                // all 32,000 items are held for the merge: the default cap (10,000) would stop the read
                .withItemCap(10 * FANOUT_SHARDS * ITEMS_PER_SHARD);
        ScatterPlan parallel = plan.withConcurrency(FANOUT_SHARDS);
        ScatterPlan sequential = plan.withConcurrency(1);
        Timeline timeline = new Timeline(client);
        ScatterGather engine = new ScatterGather(
                timeline, dev.partitionscope.aws.RetryPolicy.Backoff.DEFAULT, ScatterGather.MAX_ATTEMPTS);
        int cores = Runtime.getRuntime().availableProcessors();
        long[] parWall = new long[reps];
        long[] parSlowest = new long[reps];
        long[] seqWall = new long[reps];
        long[] seqSlowest = new long[reps];
        long[] lastSent = new long[reps];
        long[] lastAnswer = new long[reps];
        long[] cpu = new long[reps];
        long[] labCpu = new long[reps];
        boolean shapeOk = true;
        System.out.printf(
                "%n== Fan-out: %d shards, limit 0 (all items), concurrency %d vs 1 ==%n", FANOUT_SHARDS, FANOUT_SHARDS);
        System.out.println("        --------------------- parallel (ms) ---------------------   -- sequential (ms) --");
        System.out.println("  rep    wall slowest lastSent lastAnswer mergeTail  CPU  LabCPU   wall slowest  seq/par");
        for (int r = -warmup; r < reps; r++) {
            long cpu0 = Cpu.process();
            long lab0 = Cpu.labThreads();
            timeline.reset();
            ScatterResult p = engine.run(parallel, () -> false, ScatterGather.Listener.NONE);
            long runCpu = (Cpu.process() - cpu0) / 1_000_000;
            long runLabCpu = (Cpu.labThreads() - lab0) / 1_000_000;
            long sent = timeline.lastSentMs();
            long answered = timeline.lastAnswerMs();
            long tail = timeline.sinceLastAnswerMs();
            ScatterResult s = engine.run(sequential, () -> false, ScatterGather.Listener.NONE);
            String problem = shapeProblem(p);
            if (problem == null) {
                problem = shapeProblem(s);
            }
            System.out.printf(
                    "  %-4s %7d %7d %8d %10d %9d %5d %6d %7d %7d %8.1f%s%n",
                    r < 0 ? "w" + (r + warmup + 1) : Integer.toString(r + 1),
                    p.totals().wallMs(),
                    p.totals().slowestShardMs(),
                    sent,
                    answered,
                    tail,
                    runCpu,
                    runLabCpu,
                    s.totals().wallMs(),
                    s.totals().slowestShardMs(),
                    (double) s.totals().wallMs() / Math.max(1, p.totals().wallMs()),
                    problem == null ? "" : "  !! " + problem);
            if (problem != null) {
                shapeOk = false;
            }
            if (r >= 0) {
                parWall[r] = p.totals().wallMs();
                parSlowest[r] = p.totals().slowestShardMs();
                seqWall[r] = s.totals().wallMs();
                seqSlowest[r] = s.totals().slowestShardMs();
                lastSent[r] = sent;
                lastAnswer[r] = answered;
                cpu[r] = runCpu;
                labCpu[r] = runLabCpu;
            }
        }
        long mParWall = median(parWall);
        long mParSlowest = median(parSlowest);
        long mSeqWall = median(seqWall);
        double[] ratios = new double[reps];
        double[] overSlowest = new double[reps];
        for (int i = 0; i < reps; i++) {
            ratios[i] = (double) seqWall[i] / Math.max(1, parWall[i]);
            overSlowest[i] = (double) parWall[i] / Math.max(1, parSlowest[i]);
        }
        double mRatio = median(ratios);
        double mOverSlowest = median(overSlowest);
        System.out.printf(
                "  median parallel: wall %d ms (min %d, max %d), slowest shard %d ms, last shard sent at %d ms,"
                        + " last answer at %d ms; CPU %d ms (Lab's HTTP threads %d ms) = %.0f%% of %d cores × wall%n",
                mParWall,
                Arrays.stream(parWall).min().orElse(0),
                Arrays.stream(parWall).max().orElse(0),
                mParSlowest,
                median(lastSent),
                median(lastAnswer),
                median(cpu),
                median(labCpu),
                100.0 * median(cpu) / Math.max(1, (long) cores * mParWall),
                cores);
        System.out.printf(
                "  median sequential: wall %d ms (%.1f ms a shard), slowest shard %d ms%n",
                mSeqWall, mSeqWall / (double) FANOUT_SHARDS, median(seqSlowest));
        boolean t1 = mOverSlowest <= 2.0;
        boolean t2 = mRatio >= 8.0;
        System.out.printf(
                "  %s  parallel wall ≤ 2 × slowest shard: median of per-rep wall/slowest = %.2f (medians:"
                        + " %d ms / %d ms)%n",
                t1 ? "PASS" : "FAIL", mOverSlowest, mParWall, mParSlowest);
        System.out.printf(
                "  %s  sequential / parallel ≥ 8: median of per-rep ratios = %.1f (medians: %d ms / %d ms)%n",
                t2 ? "PASS" : "FAIL", mRatio, mSeqWall, mParWall);
        System.out.printf(
                "  %s  every run complete, %d items, one page a shard (%d pages), no throttles%n",
                shapeOk ? "PASS" : "FAIL", FANOUT_SHARDS * ITEMS_PER_SHARD, FANOUT_SHARDS);
        return t1 && t2 && shapeOk;
    }

    /** Null when a full fan-out result is what the targets assume: complete, all items, 1 page a shard, no throttle. */
    private static String shapeProblem(ScatterResult r) {
        if (!r.complete()) {
            return "incomplete: " + r.reasons();
        }
        if (r.items().size() != FANOUT_SHARDS * ITEMS_PER_SHARD) {
            return r.items().size() + " items";
        }
        if (r.totals().pages() != FANOUT_SHARDS || r.shards().stream().anyMatch(s -> s.pages() != 1)) {
            return r.totals().pages() + " pages";
        }
        if (r.totals().throttles() > 0) {
            return r.totals().throttles() + " throttles";
        }
        return null;
    }

    /** Target 2: limit 50 over 200 shards reads each shard's first page at most. */
    private static boolean earlyStop(
            DynamoDbClient client, List<String> keys, List<String> expected, int warmup, int reps) {
        // Default item cap on purpose, as the console runs it. Mind that nothing can be merged before every shard's
        // first page is in, and each holds up to the limit: 200 × 50 stays just under the cap of 10,000 (the cap is
        // checked after each page but the 200th, which completes the merge), while limit 51 here, or the console's
        // default 100 over more than 100 shards, stops the read "capped" with no items at all.
        ScatterPlan plan = ScatterPlan.of(MERGE_TABLE, null, "pk", "sk", KeyType.S, keys)
                .withLimit(MERGE_LIMIT)
                .withConcurrency(FANOUT_SHARDS);
        Map<String, AtomicInteger> perShard = new ConcurrentHashMap<>();
        AtomicInteger requests = new AtomicInteger();
        AtomicInteger maxLimit = new AtomicInteger();
        ScatterGather.QueryCall counting = (key, request) -> {
            requests.incrementAndGet();
            perShard.computeIfAbsent(key, k -> new AtomicInteger()).incrementAndGet();
            maxLimit.accumulateAndGet(request.limit() == null ? Integer.MAX_VALUE : request.limit(), Math::max);
            return client.query(request.toBuilder()
                    .overrideConfiguration(o -> o.addPlugin(NO_SDK_RETRY))
                    .build());
        };
        ScatterGather engine = new ScatterGather(
                counting, dev.partitionscope.aws.RetryPolicy.Backoff.DEFAULT, ScatterGather.MAX_ATTEMPTS);
        System.out.printf(
                "%n== Early stop: limit %d ascending over %d shards of %d items, concurrency %d ==%n",
                MERGE_LIMIT, MERGE_SHARDS, ITEMS_PER_SHARD, FANOUT_SHARDS);
        System.out.println(
                "  rep  requests  max/shard  max Limit  pages  items read  DONE  NOT_NEEDED  wall ms" + "  slowest ms");
        boolean ok = true;
        long[] wall = new long[reps];
        long[] slowest = new long[reps];
        int worstRequests = 0;
        int worstPerShard = 0;
        for (int r = -warmup; r < reps; r++) {
            requests.set(0);
            perShard.clear();
            maxLimit.set(0);
            ScatterResult res = engine.run(plan, () -> false, ScatterGather.Listener.NONE);
            int most = perShard.values().stream()
                    .mapToInt(AtomicInteger::get)
                    .max()
                    .orElse(0);
            long done = res.shards().stream()
                    .filter(s -> s.state() == ShardStats.State.DONE)
                    .count();
            long notNeeded = res.shards().stream()
                    .filter(s -> s.state() == ShardStats.State.NOT_NEEDED)
                    .count();
            int read = res.shards().stream().mapToInt(ShardStats::items).sum();
            List<String> got = res.items().stream()
                    .map(i -> ((AttrValue.S) i.get("sk")).value())
                    .toList();
            List<String> problems = new ArrayList<>();
            if (!res.complete()) {
                problems.add("incomplete: " + res.reasons());
            }
            if (!got.equals(expected)) {
                problems.add("merged items differ from the brute force");
            }
            String low = keys.get(LOW_SHARD);
            if (res.items().stream()
                            .filter(i -> i.get("pk").equals(AttrValue.s(low)))
                            .count()
                    != MERGE_LIMIT) {
                problems.add("the result is not all from " + low);
            }
            if (done + notNeeded != MERGE_SHARDS) {
                problems.add("shards neither DONE nor NOT_NEEDED");
            }
            if (res.shards().stream().anyMatch(s -> s.pages() > 1)) {
                problems.add("a shard read past its first page");
            }
            System.out.printf(
                    "  %-4s %8d %10d %10d %6d %11d %5d %11d %8d %11d%s%n",
                    r < 0 ? "w" + (r + warmup + 1) : Integer.toString(r + 1),
                    requests.get(),
                    most,
                    maxLimit.get(),
                    res.totals().pages(),
                    read,
                    done,
                    notNeeded,
                    res.totals().wallMs(),
                    res.totals().slowestShardMs(),
                    problems.isEmpty() ? "" : "  !! " + String.join("; ", problems));
            ok &= problems.isEmpty();
            worstRequests = Math.max(worstRequests, requests.get());
            worstPerShard = Math.max(worstPerShard, most);
            if (r >= 0) {
                wall[r] = res.totals().wallMs();
                slowest[r] = res.totals().slowestShardMs();
            }
        }
        boolean t1 = worstRequests <= MERGE_SHARDS;
        boolean t2 = worstPerShard <= 1;
        System.out.printf(
                "  median wall %d ms, slowest shard %d ms; items in the table %,d%n",
                median(wall), median(slowest), MERGE_SHARDS * ITEMS_PER_SHARD);
        System.out.printf(
                "  %s  Query requests ≤ %d: at most %d in any repetition%n",
                t1 ? "PASS" : "FAIL", MERGE_SHARDS, worstRequests);
        System.out.printf(
                "  %s  no shard read past its first page: at most %d request(s) to one shard%n",
                t2 ? "PASS" : "FAIL", worstPerShard);
        System.out.printf(
                "  %s  merged %d items equal the brute force (all from %s), every shard DONE or" + " NOT_NEEDED%n",
                ok ? "PASS" : "FAIL", MERGE_LIMIT, keys.get(LOW_SHARD));
        return t1 && t2 && ok;
    }

    /**
     * The Query seam with the SDK's retries off (so a call is one HTTP request, as in {@code new
     * ScatterGather(client)}), noting when each call was sent and answered relative to {@link #reset}.
     */
    private static final class Timeline implements ScatterGather.QueryCall {
        private final DynamoDbClient client;
        private volatile long t0 = System.nanoTime();
        private final java.util.concurrent.atomic.AtomicLong lastSent = new java.util.concurrent.atomic.AtomicLong();
        private final java.util.concurrent.atomic.AtomicLong lastAnswer = new java.util.concurrent.atomic.AtomicLong();

        Timeline(DynamoDbClient client) {
            this.client = client;
        }

        void reset() {
            t0 = System.nanoTime();
            lastSent.set(0);
            lastAnswer.set(0);
        }

        @Override
        public QueryResponse query(String shardKey, QueryRequest request) {
            lastSent.accumulateAndGet(System.nanoTime() - t0, Math::max);
            QueryResponse r = client.query(request.toBuilder()
                    .overrideConfiguration(o -> o.addPlugin(NO_SDK_RETRY))
                    .build());
            lastAnswer.accumulateAndGet(System.nanoTime() - t0, Math::max);
            return r;
        }

        long lastSentMs() {
            return lastSent.get() / 1_000_000;
        }

        long lastAnswerMs() {
            return lastAnswer.get() / 1_000_000;
        }

        /** From the last answer to now (call right after {@code run} returns): the merge and the pool's shutdown. */
        long sinceLastAnswerMs() {
            return (System.nanoTime() - (t0 + lastAnswer.get())) / 1_000_000;
        }
    }

    /** CPU time of the whole process (client and Lab share it) and of the Lab's HTTP threads alone. */
    private static final class Cpu {
        private Cpu() {}

        static long process() {
            return ((com.sun.management.OperatingSystemMXBean)
                            java.lang.management.ManagementFactory.getOperatingSystemMXBean())
                    .getProcessCpuTime();
        }

        static long labThreads() {
            java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
            long sum = 0;
            for (java.lang.management.ThreadInfo t : mx.getThreadInfo(mx.getAllThreadIds())) {
                if (t != null && t.getThreadName().startsWith("lab-http-")) {
                    sum += Math.max(0, mx.getThreadCpuTime(t.getThreadId()));
                }
            }
            return sum;
        }
    }

    private static List<String> shardKeys(String base, int n) {
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            keys.add(String.format("%s#%03d", base, i));
        }
        return keys;
    }

    private static void createTable(Lab lab, String name) {
        ObjectNode create = F.objectNode().put("TableName", name).put("BillingMode", "PAY_PER_REQUEST");
        var attrs = create.putArray("AttributeDefinitions");
        attrs.addObject().put("AttributeName", "pk").put("AttributeType", "S");
        attrs.addObject().put("AttributeName", "sk").put("AttributeType", "S");
        var keys = create.putArray("KeySchema");
        keys.addObject().put("AttributeName", "pk").put("KeyType", "HASH");
        keys.addObject().put("AttributeName", "sk").put("KeyType", "RANGE");
        lab.engine().handle("CreateTable", create);
    }

    /**
     * Writes {@link #ITEMS_PER_SHARD} items of exactly {@link #ITEM_BYTES} B into every shard, each with a distinct
     * random 12-digit sort key (so shards interleave in the merge), except that shard {@code lowShard} (if ≥ 0) gets
     * keys below everyone else's; adds the sort keys to {@code sortKeys}.
     *
     * @return the item size
     */
    private static long fill(
            Lab lab, String table, List<String> keys, Random random, List<String> sortKeys, int lowShard) {
        long size = 0;
        TreeSet<String> used = new TreeSet<>();
        for (int shard = 0; shard < keys.size(); shard++) {
            String pk = keys.get(shard);
            // lowShard's keys in [0, 10^11), everyone else's in [10^11, 10^12): string order = numeric order
            boolean low = shard == lowShard;
            LongSupplier next = low
                    ? () -> (long) (random.nextDouble() * 1e11)
                    : () -> 100_000_000_000L + (long) (random.nextDouble() * 9e11);
            for (int i = 0; i < ITEMS_PER_SHARD; i++) {
                String sk;
                do {
                    sk = String.format("%012d", next.getAsLong());
                } while (!used.add(sk));
                Map<String, AttrValue> item = new LinkedHashMap<>();
                item.put("pk", AttrValue.s(pk));
                item.put("sk", AttrValue.s(sk));
                item.put("status", AttrValue.s("PENDING"));
                long rest = ITEM_BYTES - ItemSize.of(item) - "pad".length();
                item.put("pad", AttrValue.s("x".repeat((int) rest)));
                size = ItemSize.of(item);
                ObjectNode put = F.objectNode().put("TableName", table);
                put.set("Item", AttrJson.toJson(item));
                lab.engine().handle("PutItem", put);
                sortKeys.add(sk);
            }
        }
        return size;
    }

    private static double loadAverage() {
        return java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }

    private static long median(long[] values) {
        long[] v = values.clone();
        Arrays.sort(v);
        return v[v.length / 2];
    }

    private static double median(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        return v[v.length / 2];
    }
}
