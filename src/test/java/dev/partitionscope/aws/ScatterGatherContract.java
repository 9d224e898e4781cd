package dev.partitionscope.aws;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.item.KeyOrder;
import dev.partitionscope.core.scatter.RequestSpan;
import dev.partitionscope.core.scatter.ResultDiff;
import dev.partitionscope.core.scatter.ScatterPlan;
import dev.partitionscope.core.scatter.ScatterResult;
import dev.partitionscope.core.scatter.ShardStats;
import dev.partitionscope.core.scatter.SortCondition;
import dev.partitionscope.core.scheme.KeyScheme;
import dev.partitionscope.core.table.KeyType;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;
import software.amazon.awssdk.services.dynamodb.model.ThrottlingReason;

/**
 * Scatter-gather against a real engine (the Lab, dynalite): for hash:8, random:4 (one suffix left empty) and
 * day+hash:4 layouts the merged result must equal the brute-force answer — Scan everything, keep the shard keys,
 * apply the condition and filter, sort, cut at the limit. Subclasses give the client.
 */
abstract class ScatterGatherContract {
    static final String BASE = "PENDING";
    static final long DAY1 = Instant.parse("2026-06-21T00:00:00Z").toEpochMilli();
    static final long HOUR = 3_600_000L;
    static final String GSI = "byOpen";

    /** Tables made once per engine: numeric sort key (hash, random) and string sort key (day+hash). */
    record Tables(String numeric, String text) {}

    abstract DynamoDbClient client();

    abstract Tables tables();

    static Tables create(DynamoDbClient c, String prefix) {
        String numeric = prefix + "-num-" + System.nanoTime();
        String text = prefix + "-txt-" + System.nanoTime();
        createTable(c, numeric, ScalarAttributeType.N, true);
        createTable(c, text, ScalarAttributeType.S, false);
        Random r = new Random(7);
        KeyScheme hash = KeyScheme.parse("hash:8");
        KeyScheme day = KeyScheme.parse("day+hash:4");
        KeyScheme sum = KeyScheme.parse("sum:4");
        for (int i = 0; i < 120; i++) {
            String id = "order-" + i;
            put(
                    c,
                    numeric,
                    hash.apply(BASE, id, 0L, r, "#"),
                    AttributeValue.fromN(Integer.toString(i * 13 % 1009)),
                    i,
                    r,
                    Map.of(
                            "gpk",
                            AttributeValue.fromS(sum.apply("OPEN", id, 0L, r, "#")),
                            "gsk",
                            AttributeValue.fromN(Integer.toString(5000 - i * 3))));
            // random:4 written into suffixes 1..3 only: suffix 4 stays empty
            put(
                    c,
                    numeric,
                    "R_" + BASE + "#" + (1 + r.nextInt(3)),
                    AttributeValue.fromN(Integer.toString(2000 + i)),
                    i,
                    r);
            long t = DAY1 + (long) r.nextInt(48) * HOUR + r.nextInt(3_600_000);
            String ts = Instant.ofEpochMilli(t).toString() + "-" + id;
            put(c, text, day.apply(BASE, id, t, r, "#"), AttributeValue.fromS(ts), i, r);
        }
        for (int i = 0; i < 30; i++) { // noise: other bases and a day outside the window
            put(
                    c,
                    numeric,
                    hash.apply("SHIPPED", "x" + i, 0L, r, "#"),
                    AttributeValue.fromN(Integer.toString(i)),
                    i,
                    r);
            long t = DAY1 + 5 * 24 * HOUR + i;
            put(
                    c,
                    text,
                    day.apply(BASE, "late" + i, t, r, "#"),
                    AttributeValue.fromS(Instant.ofEpochMilli(t) + "-l" + i),
                    i,
                    r);
        }
        return new Tables(numeric, text);
    }

    private static software.amazon.awssdk.services.dynamodb.model.AttributeDefinition def(
            String name, ScalarAttributeType type) {
        return software.amazon.awssdk.services.dynamodb.model.AttributeDefinition.builder()
                .attributeName(name)
                .attributeType(type)
                .build();
    }

    private static List<software.amazon.awssdk.services.dynamodb.model.KeySchemaElement> keys(String pk, String sk) {
        return List.of(
                software.amazon.awssdk.services.dynamodb.model.KeySchemaElement.builder()
                        .attributeName(pk)
                        .keyType(software.amazon.awssdk.services.dynamodb.model.KeyType.HASH)
                        .build(),
                software.amazon.awssdk.services.dynamodb.model.KeySchemaElement.builder()
                        .attributeName(sk)
                        .keyType(software.amazon.awssdk.services.dynamodb.model.KeyType.RANGE)
                        .build());
    }

    private static void createTable(DynamoDbClient c, String name, ScalarAttributeType skType, boolean gsi) {
        c.createTable(b -> {
            b.tableName(name).billingMode(BillingMode.PAY_PER_REQUEST).keySchema(keys("pk", "sk"));
            if (gsi) {
                b.attributeDefinitions(
                        def("pk", ScalarAttributeType.S),
                        def("sk", skType),
                        def("gpk", ScalarAttributeType.S),
                        def("gsk", ScalarAttributeType.N));
                b.globalSecondaryIndexes(software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex.builder()
                        .indexName(GSI)
                        .keySchema(keys("gpk", "gsk"))
                        .projection(p ->
                                p.projectionType(software.amazon.awssdk.services.dynamodb.model.ProjectionType.ALL))
                        .build());
            } else {
                b.attributeDefinitions(def("pk", ScalarAttributeType.S), def("sk", skType));
            }
        });
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (c.describeTable(b -> b.tableName(name)).table().tableStatus() != TableStatus.ACTIVE) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(name + " not ACTIVE after 20 s");
            }
            try {
                Thread.sleep(25);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    private static void put(DynamoDbClient c, String table, String pk, AttributeValue sk, int i, Random r) {
        put(c, table, pk, sk, i, r, Map.of());
    }

    private static void put(
            DynamoDbClient c,
            String table,
            String pk,
            AttributeValue sk,
            int i,
            Random r,
            Map<String, AttributeValue> more) {
        Map<String, AttributeValue> item = new java.util.HashMap<>(more);
        item.putAll(Map.of(
                "pk",
                AttributeValue.fromS(pk),
                "sk",
                sk,
                "amount",
                AttributeValue.fromN(Integer.toString(r.nextInt(100))),
                "note",
                AttributeValue.fromS("item " + i)));
        c.putItem(b -> b.tableName(table).item(item));
    }

    enum Layout {
        HASH8,
        RANDOM4,
        DAY_HASH4,
        SUM4_GSI;

        List<String> keys() {
            return switch (this) {
                case HASH8 -> ScatterPlan.shardKeys(KeyScheme.parse("hash:8"), BASE, "#", 0, 0);
                case SUM4_GSI -> ScatterPlan.shardKeys(KeyScheme.parse("sum:4"), "OPEN", "#", 0, 0);
                case RANDOM4 -> ScatterPlan.shardKeys(KeyScheme.parse("random:4"), "R_" + BASE, "#", 0, 0);
                // three days: the third has no items, so its four shards are empty
                case DAY_HASH4 ->
                    ScatterPlan.shardKeys(KeyScheme.parse("day+hash:4"), BASE, "#", DAY1, DAY1 + 72 * HOUR);
            };
        }

        KeyType skType() {
            return this == DAY_HASH4 ? KeyType.S : KeyType.N;
        }
    }

    ScatterPlan plan(Layout layout) {
        if (layout == Layout.SUM4_GSI) {
            return ScatterPlan.of(tables().numeric(), GSI, "gpk", "gsk", KeyType.N, layout.keys())
                    .withConcurrency(3);
        }
        return ScatterPlan.of(
                        layout == Layout.DAY_HASH4 ? tables().text() : tables().numeric(),
                        null,
                        "pk",
                        "sk",
                        layout.skType(),
                        layout.keys())
                .withConcurrency(3);
    }

    static Stream<Arguments> cases() {
        List<Arguments> all = new ArrayList<>();
        for (Layout l : Layout.values()) {
            for (boolean asc : new boolean[] {true, false}) {
                for (int limit : new int[] {0, 7, 33}) {
                    for (boolean filter : new boolean[] {false, true}) {
                        for (boolean condition : new boolean[] {false, true}) {
                            all.add(Arguments.of(l, asc, limit, filter, condition));
                        }
                    }
                }
            }
        }
        return all.stream();
    }

    @ParameterizedTest(name = "{0} asc={1} limit={2} filter={3} condition={4}")
    @MethodSource("cases")
    void mergedEqualsBruteForce(Layout layout, boolean asc, int limit, boolean filter, boolean condition) {
        ScatterPlan plan = plan(layout).withOrder(asc).withLimit(limit);
        Predicate<Map<String, AttrValue>> keep = m -> true;
        if (filter) {
            plan = plan.withFilter("#a > :min", Map.of("#a", "amount"), Map.of(":min", AttrValue.n(40)));
            keep = m -> ((AttrValue.N) m.get("amount")).value().intValue() > 40;
        }
        if (condition) {
            SortCondition c = layout == Layout.SUM4_GSI
                    ? SortCondition.of(SortCondition.Op.LE, AttrValue.n(4900))
                    : layout.skType() == KeyType.N
                            ? SortCondition.between(AttrValue.n(100), AttrValue.n(2050))
                            : SortCondition.of(SortCondition.Op.BEGINS_WITH, AttrValue.s("2026-06-22T1"));
            plan = plan.withSortCondition(c);
            Predicate<Map<String, AttrValue>> before = keep;
            String skName = plan.sortKey();
            keep = m -> before.test(m) && c.test(m.get(skName));
        }
        List<Map<String, AttrValue>> expected = bruteForce(plan, keep);
        List<Map<String, AttrValue>> streamed = java.util.Collections.synchronizedList(new ArrayList<>());
        List<RequestSpan> spans = java.util.Collections.synchronizedList(new ArrayList<>());
        ScatterResult result = new ScatterGather(client()).run(plan, () -> false, new ScatterGather.Listener() {
            @Override
            public void shard(ShardStats stats) {}

            @Override
            public void request(RequestSpan span) {
                spans.add(span);
            }

            @Override
            public void merged(List<Map<String, AttrValue>> items) {
                streamed.addAll(items);
            }
        });
        assertThat(streamed)
                .as("the items streamed while the read ran, in order")
                .isEqualTo(result.items());
        assertThat(result.requests())
                .hasSameSizeAs(spans)
                .hasSize(result.totals().pages())
                .allMatch(sp -> sp.outcome() == RequestSpan.Outcome.OK
                        && sp.endMs() >= sp.startMs()
                        && sp.endMs() <= result.totals().wallMs() + 1);
        assertThat(new ScanBaseline(client()).run(plan, () -> false).items())
                .as("the Scan baseline (BruteForce over a Scan) agrees with the test's own brute force")
                .isEqualTo(expected);

        assertThat(result.complete()).as(result.reasons().toString()).isTrue();
        assertThat(expected).as("the case must have data").isNotEmpty();
        assertThat(result.items()).isEqualTo(expected);
        assertThat(result.shards()).extracting(ShardStats::key).containsExactlyElementsOf(plan.shardKeys());
        assertThat(result.totals().items()).isEqualTo(expected.size());
        if (limit == 7 && !filter && !condition) {
            int all = bruteForce(plan.withLimit(0), m -> true).size();
            int fetched = result.shards().stream().mapToInt(ShardStats::items).sum();
            assertThat(fetched)
                    .as("early termination reads less than everything")
                    .isLessThan(all);
            assertThat(result.shards()).anyMatch(s -> s.state() == ShardStats.State.NOT_NEEDED);
        }
    }

    @Test
    void bothPatternsReadsTheLegacyKeyAndTheShardsOnceEach() {
        DynamoDbClient c = client();
        String table = tables().text();
        Random r = new Random(11);
        KeyScheme hash = KeyScheme.parse("hash:4");
        int dups = 0;
        for (int i = 0; i < 60; i++) {
            String sk = String.format("2026-07-01T00:%02d:00Z-m%d", i % 60, i);
            boolean migrated = i >= 20;
            boolean legacy = i < 40; // 20..39 were written under both during the migration
            if (legacy) {
                put(c, table, "MIG", AttributeValue.fromS(sk), i, r);
            }
            if (migrated) {
                put(c, table, hash.apply("MIG", "id" + i, 0L, r, "#"), AttributeValue.fromS(sk), i, r);
            }
            dups += legacy && migrated ? 1 : 0;
        }
        List<String> keys = new ArrayList<>(List.of("MIG"));
        keys.addAll(ScatterPlan.shardKeys(hash, "MIG", "#", 0, 0));
        for (boolean asc : new boolean[] {true, false}) {
            ScatterPlan plan = ScatterPlan.of(table, null, "pk", "sk", KeyType.S, keys)
                    .withOrder(asc)
                    .withDedupeBy(List.of("sk"));
            ScatterResult both = new ScatterGather(c).run(plan, () -> false, ScatterGather.Listener.NONE);
            assertThat(both.complete()).isTrue();
            assertThat(both.items()).hasSize(60);
            assertThat(both.items().stream().map(m -> m.get("sk")).distinct().count())
                    .isEqualTo(60);
            assertThat(both.duplicatesDropped()).isEqualTo(dups).isEqualTo(20);
            assertThat(both.items())
                    .isEqualTo(new ScanBaseline(c).run(plan, () -> false).items());
            ScatterResult legacyOnly = new ScatterGather(c)
                    .run(
                            plan.withShardKeys(List.of("MIG")).withDedupeBy(List.of()),
                            () -> false,
                            ScatterGather.Listener.NONE);
            assertThat(legacyOnly.items()).hasSize(40);
            ResultDiff d = ResultDiff.of(both.items(), legacyOnly.items(), List.of("sk"));
            assertThat(d.identical()).isFalse();
            assertThat(d.onlyLeftCount()).isEqualTo(20);
            assertThat(d.onlyRightCount()).isZero();
            assertThat(d.firstOrderDifference()).isEqualTo(-1);
            // limit cutting inside: the first 25 newest/oldest, still once each
            ScatterResult cut = new ScatterGather(c).run(plan.withLimit(25), () -> false, ScatterGather.Listener.NONE);
            assertThat(cut.items()).isEqualTo(both.items().subList(0, 25));
        }
    }

    @Test
    void reportsPagesCapacityAndEmptyShards() {
        ScatterPlan plan = plan(Layout.RANDOM4).withItemCap(10_000);
        ScatterResult result = new ScatterGather(client()).run(plan, () -> false, ScatterGather.Listener.NONE);
        assertThat(result.complete()).isTrue();
        ShardStats empty = result.shards().get(3);
        assertThat(empty.key()).isEqualTo("R_PENDING#4");
        assertThat(empty.items()).isZero();
        assertThat(empty.pages()).isEqualTo(1);
        assertThat(empty.state()).isEqualTo(ShardStats.State.DONE);
        assertThat(result.totals().items()).isEqualTo(120);
        assertThat(result.totals().consumedCapacity()).isPositive();
        assertThat(result.totals().slowestShardMs())
                .isLessThanOrEqualTo(result.totals().wallMs());
    }

    private static DynamoDbException serverError(int status, String code, String message) {
        return (DynamoDbException) DynamoDbException.builder()
                .statusCode(status)
                .awsErrorDetails(AwsErrorDetails.builder()
                        .errorCode(code)
                        .errorMessage(message)
                        .build())
                .build();
    }

    @Test
    void aFailingShardMakesTheResultIncompleteAndIsNamed() {
        ScatterPlan plan = plan(Layout.HASH8);
        String broken = plan.shardKeys().get(2);
        ScatterGather.QueryCall call = (key, request) -> {
            if (key.equals(broken)) {
                throw serverError(500, "InternalServerError", "injected fault");
            }
            return client().query(request);
        };
        ScatterResult result = new ScatterGather(call, a -> 1, 3).run(plan, () -> false, ScatterGather.Listener.NONE);
        assertThat(result.complete()).isFalse();
        assertThat(result.failedShards()).containsExactly(broken);
        assertThat(result.reasons()).anyMatch(r -> r.contains(broken) && r.contains("injected fault"));
        ShardStats s = result.shards().get(2);
        assertThat(s.state()).isEqualTo(ShardStats.State.FAILED);
        assertThat(s.error()).contains("InternalServerError");
        // the other shards' items are all there, in order
        List<Map<String, AttrValue>> others = bruteForce(plan, m -> !m.get("pk").equals(AttrValue.s(broken)));
        assertThat(result.items()).isEqualTo(others);
    }

    @Test
    void aTransientServerErrorIsRetriedUnderTheSharedPolicyAndTheShardCompletes() {
        ScatterPlan plan = plan(Layout.HASH8);
        String flaky = plan.shardKeys().get(3);
        AtomicInteger flakyCalls = new AtomicInteger();
        ScatterGather.QueryCall call = (key, request) -> {
            if (key.equals(flaky) && flakyCalls.incrementAndGet() == 1) {
                throw serverError(503, "ServiceUnavailable", "injected blip");
            }
            return client().query(request);
        };
        ScatterResult result = new ScatterGather(call, a -> 1, 3).run(plan, () -> false, ScatterGather.Listener.NONE);
        assertThat(result.complete()).isTrue();
        assertThat(result.shards().get(3).retries()).isEqualTo(1);
        assertThat(result.shards().get(3).state()).isEqualTo(ShardStats.State.DONE);
        assertThat(result.items()).isEqualTo(bruteForce(plan, m -> true));
    }

    @Test
    void throttledShardBacksOffRetriesAndKeepsTheReason() {
        ScatterPlan plan = plan(Layout.HASH8);
        String hot = plan.shardKeys().get(0);
        String hopeless = plan.shardKeys().get(1);
        AtomicInteger hotCalls = new AtomicInteger();
        ScatterGather.QueryCall call = (key, request) -> {
            if (key.equals(hopeless) || (key.equals(hot) && hotCalls.incrementAndGet() <= 2)) {
                throw ProvisionedThroughputExceededException.builder()
                        .statusCode(400)
                        .throttlingReasons(ThrottlingReason.builder()
                                .reason("TableReadKeyRangeThroughputExceeded")
                                .resource("arn:aws:dynamodb:us-east-1:0:table/t")
                                .build())
                        .awsErrorDetails(AwsErrorDetails.builder()
                                .errorCode("ProvisionedThroughputExceededException")
                                .errorMessage("slow down")
                                .build())
                        .build();
            }
            return client().query(request);
        };
        ScatterResult result = new ScatterGather(call, a -> 2, 4).run(plan, () -> false, ScatterGather.Listener.NONE);
        ShardStats h = result.shards().get(0);
        assertThat(h.throttles()).isEqualTo(2);
        assertThat(h.retries()).isEqualTo(2);
        assertThat(h.throttleReasons()).containsExactly("TableReadKeyRangeThroughputExceeded");
        assertThat(h.state()).isEqualTo(ShardStats.State.DONE);
        ShardStats gaveUp = result.shards().get(1);
        assertThat(gaveUp.state()).isEqualTo(ShardStats.State.FAILED);
        assertThat(gaveUp.throttles()).isEqualTo(4);
        assertThat(gaveUp.error()).contains("throttled 4 times").contains("TableReadKeyRangeThroughputExceeded");
        assertThat(result.complete()).isFalse();
        assertThat(result.failedShards()).containsExactly(hopeless);
        // The waterfall: the hot shard's two throttled attempts, then its answer as attempt 3 of page 1.
        assertThat(result.requests())
                .filteredOn(sp -> sp.shard() == 0)
                .extracting(RequestSpan::outcome, RequestSpan::attempt, RequestSpan::page)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(RequestSpan.Outcome.THROTTLED, 1, 1),
                        org.assertj.core.groups.Tuple.tuple(RequestSpan.Outcome.THROTTLED, 2, 1),
                        org.assertj.core.groups.Tuple.tuple(RequestSpan.Outcome.OK, 3, 1));
        assertThat(result.requests())
                .filteredOn(sp -> sp.shard() == 1)
                .hasSize(4)
                .allMatch(sp -> sp.outcome() == RequestSpan.Outcome.THROTTLED
                        && "TableReadKeyRangeThroughputExceeded".equals(sp.detail()));
        var hotSpans = result.requests().stream().filter(sp -> sp.shard() == 0).toList();
        assertThat(hotSpans.get(1).startMs())
                .as("the retry waits for its backoff")
                .isGreaterThanOrEqualTo(hotSpans.get(0).endMs() + 2);
    }

    @Test
    void repeatedLastEvaluatedKeyStopsTheShardWithAnError() {
        ScatterPlan plan = plan(Layout.HASH8);
        String looping = plan.shardKeys().get(4);
        // a broken endpoint: this shard answers its first one-item page again and again, whatever the start key
        ScatterGather.QueryCall call = (key, request) -> client().query(
                        key.equals(looping)
                                ? request.toBuilder()
                                        .limit(1)
                                        .exclusiveStartKey(null)
                                        .build()
                                : request);
        ScatterResult result = new ScatterGather(call, a -> 1, 2).run(plan, () -> false, ScatterGather.Listener.NONE);
        assertThat(result.failedShards()).containsExactly(looping);
        assertThat(result.shards().get(4).error()).contains("same LastEvaluatedKey");
        assertThat(result.shards().get(4).pages()).isEqualTo(2);
        assertThat(result.complete()).isFalse();
    }

    @Test
    void itemCapStopsWithAClearLabel() {
        ScatterPlan plan = plan(Layout.HASH8).withItemCap(20);
        ScatterResult result = new ScatterGather(client()).run(plan, () -> false, ScatterGather.Listener.NONE);
        assertThat(result.capped()).isTrue();
        assertThat(result.complete()).isFalse();
        assertThat(result.reasons()).anyMatch(r -> r.contains("item cap 20"));
        assertThat(result.items().size()).isLessThanOrEqualTo(20);
        List<Map<String, AttrValue>> all = bruteForce(plan, m -> true);
        assertThat(all.subList(0, result.items().size())).isEqualTo(result.items());
    }

    @Test
    void cancelStopsOutstandingRequestsPromptly() throws Exception {
        ScatterPlan plan = plan(Layout.HASH8).withConcurrency(8);
        String slow = plan.shardKeys().get(5);
        CountDownLatch never = new CountDownLatch(1);
        AtomicBoolean interrupted = new AtomicBoolean();
        CountDownLatch blocked = new CountDownLatch(1);
        // The other 7 shards answer (one page each) before the cancel: interrupting a request in flight to
        // dynalite can kill the node process (an unhandled socket reset), and what is tested is the slow shard.
        CountDownLatch othersAnswered = new CountDownLatch(7);
        ScatterGather.QueryCall call = (key, request) -> {
            if (!key.equals(slow)) {
                var response = client().query(request);
                othersAnswered.countDown();
                return response;
            }
            blocked.countDown(); // the slow shard
            try {
                never.await(60, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                interrupted.set(true);
                Thread.currentThread().interrupt();
                throw software.amazon.awssdk.core.exception.AbortedException.create("interrupted");
            }
            return client().query(request);
        };
        AtomicBoolean cancel = new AtomicBoolean();
        Thread canceller = new Thread(() -> {
            try {
                blocked.await(10, TimeUnit.SECONDS);
                othersAnswered.await(10, TimeUnit.SECONDS);
                Thread.sleep(200);
            } catch (InterruptedException e) {
                return;
            }
            cancel.set(true);
        });
        canceller.start();
        long t0 = System.nanoTime();
        List<ShardStats> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
        ScatterResult result = new ScatterGather(call, a -> 1, 3).run(plan, cancel::get, seen::add);
        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        assertThat(ms).as("returns promptly after the cancel").isLessThan(5_000);
        assertThat(result.cancelled()).isTrue();
        assertThat(result.complete()).isFalse();
        assertThat(result.shards().get(5).state()).isEqualTo(ShardStats.State.CANCELLED);
        assertThat(result.reasons()).anyMatch(r -> r.contains("cancelled") && r.contains(slow));
        assertThat(seen).isNotEmpty();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!interrupted.get() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(interrupted).as("the outstanding request was interrupted").isTrue();
    }

    /** Scan everything, keep the plan's shard keys and {@code keep}, sort by sk in the plan's order, cut at limit. */
    List<Map<String, AttrValue>> bruteForce(ScatterPlan plan, Predicate<Map<String, AttrValue>> keep) {
        String pkName = plan.partitionKey();
        String skName = plan.sortKey();
        Set<AttrValue> keys = new HashSet<>();
        plan.shardKeys().forEach(k -> keys.add(AttrValue.s(k)));
        List<Map<String, AttrValue>> all = new ArrayList<>();
        Map<String, AttributeValue> start = null;
        do {
            Map<String, AttributeValue> from = start;
            ScanResponse page = client().scan(b -> b.tableName(plan.table()).exclusiveStartKey(from));
            page.items().forEach(i -> all.add(SdkAttr.toCore(i)));
            start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
        } while (start != null);
        Comparator<Map<String, AttrValue>> bySk = Comparator.comparing(m -> m.get(skName), KeyOrder.INSTANCE);
        List<Map<String, AttrValue>> kept = new ArrayList<>(all.stream()
                .filter(m -> keys.contains(m.get(pkName)))
                .filter(keep)
                .sorted(plan.ascending() ? bySk : bySk.reversed())
                .toList());
        return plan.limit() == 0 ? kept : kept.subList(0, Math.min(plan.limit(), kept.size()));
    }
}
