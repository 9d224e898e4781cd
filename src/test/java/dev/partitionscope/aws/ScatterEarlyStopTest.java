package dev.partitionscope.aws;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.item.KeyOrder;
import dev.partitionscope.core.scatter.ScatterPlan;
import dev.partitionscope.core.scatter.ScatterResult;
import dev.partitionscope.core.scatter.ShardStats;
import dev.partitionscope.core.table.KeyType;
import dev.partitionscope.lab.Lab;
import dev.partitionscope.lab.wire.AttrJson;
import dev.partitionscope.testing.LabFixture;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Early termination per shard, counted in requests: a limit of 50 over 200 shards must cost each shard at most its
 * first page. {@link ScatterGatherContract} checks that a limit reads less than everything and leaves some shard
 * NOT_NEEDED; this pins the stronger property the scatter-gather console promises for wide fan-outs — exactly one
 * Query a shard, whatever the shards hold — through the {@link ScatterGather.QueryCall} seam, which sees every request
 * (the client does not retry, so a call is one HTTP request).
 *
 * <p>Why it holds: every page is asked for with {@code Limit} = the items the merge still wants when it is sent (50 for
 * the first round, all 200 shards being sent before any answer is merged). A shard can supply at most that many of
 * the remaining items, so its first page never runs dry before the limit is reached; a second request would mean a
 * page asked for fewer items than were still wanted. The data puts that to the test: one shard's sort keys sort before
 * every other shard's and another's after, so in each direction a single shard supplies the whole result (and in the
 * 30-item layout all it has, the next 20 coming from the rest), while the other shards interleave at random. Two
 * layouts: 30 items a shard (every first page ends the shard: DONE) and 160 items a shard, over three pages' worth at
 * Limit 50 (every first page carries a LastEvaluatedKey that must never be followed: NOT_NEEDED). The merged 50 must
 * equal the brute force: every written item sorted by the sort key, first 50.
 */
final class ScatterEarlyStopTest {
    private static final int SHARDS = 200;
    private static final int LIMIT = 50;
    /** The shard whose sort keys are the smallest: ascending, the result is its first 50 (or its 30 and then others'). */
    private static final int LOW_SHARD = 137;
    /** The shard whose sort keys are the largest: the same, descending. */
    private static final int HIGH_SHARD = 42;

    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private static Lab lab;
    private static DynamoDbClient client;
    /** Table name by items per shard, and every item written to it. */
    private static final Map<Integer, String> TABLES = new LinkedHashMap<>();

    private static final Map<Integer, List<Map<String, AttrValue>>> WRITTEN = new LinkedHashMap<>();

    @BeforeAll
    static void start() throws IOException {
        // Lab itself rather than LabFixture: the fixture keeps every metered request in a copy-on-write list, which
        // makes 38,000 writes quadratic. Throttling off, so the partition model cannot get in the way of the count.
        lab = Lab.start(Lab.Options.defaults().withThrottling(false));
        client = LabFixture.newClient(lab.endpoint().orElseThrow());
        Random random = new Random(20260622);
        for (int perShard : new int[] {30, 160}) {
            String table = LabFixture.uniqueName("early-stop-" + perShard);
            ObjectNode create = F.objectNode().put("TableName", table).put("BillingMode", "PAY_PER_REQUEST");
            var attrs = create.putArray("AttributeDefinitions");
            attrs.addObject().put("AttributeName", "pk").put("AttributeType", "S");
            attrs.addObject().put("AttributeName", "sk").put("AttributeType", "S");
            var keys = create.putArray("KeySchema");
            keys.addObject().put("AttributeName", "pk").put("KeyType", "HASH");
            keys.addObject().put("AttributeName", "sk").put("KeyType", "RANGE");
            lab.engine().handle("CreateTable", create);
            // Straight into the engine: 38,000 PutItems over HTTP would dominate the test's time.
            List<Map<String, AttrValue>> items = new ArrayList<>();
            Set<String> used = new HashSet<>();
            List<String> pks = shardKeys();
            for (int shard = 0; shard < SHARDS; shard++) {
                String pk = pks.get(shard);
                // zero-padded random numbers (string order = numeric order); LOW_SHARD's sort below every other
                // shard's and HIGH_SHARD's above, so one shard holds the whole result (or all it has of it)
                long from = shard == LOW_SHARD ? 0 : shard == HIGH_SHARD ? 900_000_000_000L : 100_000_000_000L;
                long span = shard == LOW_SHARD || shard == HIGH_SHARD ? 100_000_000_000L : 800_000_000_000L;
                for (int i = 0; i < perShard; i++) {
                    String sk;
                    do {
                        sk = String.format("%012d", from + (long) (random.nextDouble() * span));
                    } while (!used.add(sk));
                    Map<String, AttrValue> item = new LinkedHashMap<>();
                    item.put("pk", AttrValue.s(pk));
                    item.put("sk", AttrValue.s(sk));
                    item.put("amount", AttrValue.n(random.nextInt(1000)));
                    ObjectNode put = F.objectNode().put("TableName", table);
                    put.set("Item", AttrJson.toJson(item));
                    lab.engine().handle("PutItem", put);
                    items.add(item);
                }
            }
            TABLES.put(perShard, table);
            WRITTEN.put(perShard, items);
        }
    }

    @AfterAll
    static void stop() {
        if (client != null) {
            client.close();
        }
        if (lab != null) {
            lab.close();
        }
    }

    private static List<String> shardKeys() {
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < SHARDS; i++) {
            keys.add(String.format("PENDING#%03d", i));
        }
        return keys;
    }

    @ParameterizedTest(name = "{0} items a shard, ascending={1}")
    @CsvSource({"30, true", "160, true", "160, false"})
    void limit50Over200ShardsReadsAtMostTheFirstPageOfEachShard(int perShard, boolean ascending) {
        Map<String, AtomicInteger> perShardRequests = new ConcurrentHashMap<>();
        AtomicInteger requests = new AtomicInteger();
        List<Integer> limitsSent = new CopyOnWriteArrayList<>();
        ScatterGather.QueryCall counting = (key, request) -> {
            requests.incrementAndGet();
            perShardRequests.computeIfAbsent(key, k -> new AtomicInteger()).incrementAndGet();
            limitsSent.add(request.limit());
            return client.query(request);
        };
        ScatterPlan plan = ScatterPlan.of(TABLES.get(perShard), null, "pk", "sk", KeyType.S, shardKeys())
                .withLimit(LIMIT)
                .withOrder(ascending)
                .withConcurrency(16);

        ScatterResult result =
                new ScatterGather(counting, a -> 1, 3).run(plan, () -> false, ScatterGather.Listener.NONE);

        assertThat(result.complete()).as(result.reasons().toString()).isTrue();
        assertThat(requests.get())
                .as("Query requests for limit %d over %d shards", LIMIT, SHARDS)
                .isLessThanOrEqualTo(SHARDS);
        // At most once: the first page only. At least once: any shard may hold the first item.
        assertThat(perShardRequests.keySet()).containsExactlyInAnyOrderElementsOf(plan.shardKeys());
        assertThat(perShardRequests)
                .allSatisfy(
                        (key, n) -> assertThat(n.get()).as("requests to " + key).isEqualTo(1));
        assertThat(limitsSent)
                .as("page Limit sent: the items still wanted")
                .hasSize(SHARDS)
                .containsOnly(LIMIT);

        Comparator<Map<String, AttrValue>> bySk = Comparator.comparing(m -> m.get("sk"), KeyOrder.INSTANCE);
        List<Map<String, AttrValue>> expected = WRITTEN.get(perShard).stream()
                .sorted(ascending ? bySk : bySk.reversed())
                .limit(LIMIT)
                .toList();
        assertThat(result.items()).isEqualTo(expected);
        assertThat(result.totals().items()).isEqualTo(LIMIT);
        String extreme = plan.shardKeys().get(ascending ? LOW_SHARD : HIGH_SHARD);
        assertThat(result.items().stream()
                        .filter(i -> i.get("pk").equals(AttrValue.s(extreme)))
                        .count())
                .as("items of the result from %s, whose keys sort first", extreme)
                .isEqualTo(Math.min(perShard, LIMIT));

        assertThat(result.shards()).extracting(ShardStats::key).containsExactlyElementsOf(plan.shardKeys());
        assertThat(result.shards()).allSatisfy(s -> {
            assertThat(s.pages()).as("pages of " + s.key()).isEqualTo(1);
            assertThat(s.state()).as("state of " + s.key()).isIn(ShardStats.State.DONE, ShardStats.State.NOT_NEEDED);
        });
        assertThat(result.totals().pages()).isEqualTo(SHARDS);
        if (perShard < LIMIT) {
            // a page of Limit 50 holds all 30 items and no LastEvaluatedKey: each shard ended with its first page
            assertThat(result.shards()).allSatisfy(s -> {
                assertThat(s.state()).as(s.key()).isEqualTo(ShardStats.State.DONE);
                assertThat(s.items()).as(s.key()).isEqualTo(perShard);
            });
        } else {
            // 50 of 160 read, a LastEvaluatedKey left unfollowed: not needed for the result
            assertThat(result.shards()).allSatisfy(s -> {
                assertThat(s.state()).as(s.key()).isEqualTo(ShardStats.State.NOT_NEEDED);
                assertThat(s.items()).as(s.key()).isEqualTo(LIMIT);
            });
        }
    }

    /**
     * A limit above cap / N (100 over 200 shards: 200 first pages of 100 are 20,000 items, above the default cap of
     * 10,000) still merges: pages shrink to cap / N instead of the read stopping "capped" with nothing merged.
     */
    @ParameterizedTest(name = "limit {0}")
    @CsvSource({"51", "100", "400"})
    void aLimitAboveTheCapPerShardStillMergesAndStaysUnderTheCap(int limit) {
        AtomicInteger maxPage = new AtomicInteger();
        ScatterGather.QueryCall call = (key, request) -> {
            maxPage.accumulateAndGet(request.limit() == null ? Integer.MAX_VALUE : request.limit(), Math::max);
            return client.query(request);
        };
        ScatterPlan plan = ScatterPlan.of(TABLES.get(160), null, "pk", "sk", KeyType.S, shardKeys())
                .withLimit(limit)
                .withConcurrency(16);
        ScatterResult result = new ScatterGather(call, a -> 1, 3).run(plan, () -> false, ScatterGather.Listener.NONE);
        assertThat(result.complete()).as(result.reasons().toString()).isTrue();
        assertThat(result.capped()).isFalse();
        Comparator<Map<String, AttrValue>> bySk = Comparator.comparing(m -> m.get("sk"), KeyOrder.INSTANCE);
        assertThat(result.items())
                .isEqualTo(WRITTEN.get(160).stream().sorted(bySk).limit(limit).toList());
        assertThat(maxPage.get())
                .as("no page above cap / N")
                .isLessThanOrEqualTo(ScatterPlan.DEFAULT_ITEM_CAP / SHARDS);

        // With a cap below what is wanted, the read stops at the cap, labelled, with the right first items.
        ScatterResult capped = new ScatterGather(call, a -> 1, 3)
                .run(plan.withLimit(0).withItemCap(300), () -> false, ScatterGather.Listener.NONE);
        assertThat(capped.capped()).isTrue();
        assertThat(capped.complete()).isFalse();
        assertThat(capped.items())
                .isEqualTo(WRITTEN.get(160).stream().sorted(bySk).limit(300).toList());
        assertThat(capped.reasons()).contains("stopped at 300 items (item cap 300); more remain unread");
    }
}
