package dev.partitionscope.lab.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.partitionscope.lab.Lab;
import dev.partitionscope.lab.clock.SimulatedClock;
import dev.partitionscope.lab.meter.InsightMetric;
import dev.partitionscope.lab.meter.KeyKind;
import dev.partitionscope.lab.meter.MinuteStats;
import dev.partitionscope.lab.meter.OrderBy;
import dev.partitionscope.lab.meter.ResourceId;
import dev.partitionscope.lab.partition.ModelSnapshot;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Fast-forward is a shortcut, not another model: the same plan sent as JSON through the Lab's engine gives the
 * same throttles, the same metered minutes, the same splits and the same hot keys.
 */
class FastForwardMatchesEngineTest {

    private record Pair(Lab fast, WorkloadProgress fastProgress, Lab engine, EngineDriver driver, long from, long to) {}

    private static Pair both(String scenario, String variant, Duration duration) {
        Scenario s = ScenarioCatalog.load(null).get(scenario);
        RunSettings settings = RunSettings.defaults().withDuration(duration);
        SimulatedClock c1 = new SimulatedClock(ScenarioOutcomesTest.START);
        Lab fast = Lab.inProcess(Lab.Options.defaults().withClock(c1));
        WorkloadProgress p = new FastForward(Plan.of(s, variant, settings), fast, c1, 0).run();
        SimulatedClock c2 = new SimulatedClock(ScenarioOutcomesTest.START);
        Lab engine = Lab.inProcess(Lab.Options.defaults().withClock(c2));
        EngineDriver driver = new EngineDriver();
        driver.run(Plan.of(s, variant, settings), engine, c2);
        assertThat(c1.epochMillis()).isEqualTo(c2.epochMillis());
        return new Pair(fast, p, engine, driver, ScenarioOutcomesTest.START.toEpochMilli(), c1.epochMillis());
    }

    @Test
    void orderStatusBeforeThrottlesTheSameRequestsAndMetersTheSameWrites() {
        Pair r = both("order-status", "before", Duration.ofSeconds(90));
        assertThat(r.fastProgress().requests()).isEqualTo(r.driver().requests);
        assertThat(r.fastProgress().throttled()).isEqualTo(r.driver().throttled).isPositive();
        assertThat(r.fastProgress().throttlesByReason()).isEqualTo(r.driver().reasons);

        ResourceId table = ResourceId.table("order-status-index");
        List<MinuteStats> a = r.fast().meter().minutes(table, r.from(), r.to());
        List<MinuteStats> b = r.engine().meter().minutes(table, r.from(), r.to());
        assertThat(a).hasSameSizeAs(b).hasSize(2);
        for (int i = 0; i < a.size(); i++) {
            assertThat(a.get(i).consumedWrite().sum())
                    .isEqualTo(b.get(i).consumedWrite().sum());
            assertThat(a.get(i).writeThrottleEvents()).isEqualTo(b.get(i).writeThrottleEvents());
            // Queries: fast-forward charges full pages, the engine what the key holds (full after a second).
            assertThat(a.get(i).consumedRead().sum())
                    .isCloseTo(
                            b.get(i).consumedRead().sum(),
                            within(b.get(i).consumedRead().sum() * 0.05));
        }
        assertSameModel(r, "order-status-index");
        var hotFast = r.fast()
                .meter()
                .topContributors(
                        table,
                        KeyKind.PARTITION_KEY,
                        InsightMetric.THROTTLE_COUNT,
                        r.from(),
                        r.to(),
                        Duration.ofMinutes(1),
                        3,
                        OrderBy.SUM);
        var hotEngine = r.engine()
                .meter()
                .topContributors(
                        table,
                        KeyKind.PARTITION_KEY,
                        InsightMetric.THROTTLE_COUNT,
                        r.from(),
                        r.to(),
                        Duration.ofMinutes(1),
                        3,
                        OrderBy.SUM);
        assertThat(hotFast.contributors().get(0).keys().get(0))
                .isEqualTo("PENDING")
                .isEqualTo(hotEngine.contributors().get(0).keys().get(0));
        assertThat(hotFast.contributors().get(0).aggregateValue())
                .isEqualTo(hotEngine.contributors().get(0).aggregateValue());
    }

    @Test
    void gsiBackPressureAndCountersMatchToo() {
        Pair ops = both("ops-log", "after", Duration.ofSeconds(40));
        assertThat(ops.fastProgress().throttled())
                .isEqualTo(ops.driver().throttled)
                .isPositive();
        assertThat(ops.fastProgress().throttlesByReason()).isEqualTo(ops.driver().reasons);
        ResourceId gsi = ResourceId.index("app", "GSI1");
        assertThat(sumWrites(ops.fast(), gsi, ops))
                .isEqualTo(sumWrites(ops.engine(), gsi, ops))
                .isPositive();
        assertSameModel(ops, "app");

        Pair counter = both("global-counter", "before", Duration.ofSeconds(30));
        assertThat(counter.fastProgress().throttled())
                .isEqualTo(counter.driver().throttled)
                .isPositive();
        // Fast-forward keeps the counter's total: what the engine's UpdateItem ADDs added up to.
        java.util.Map<String, dev.partitionscope.core.item.AttrValue> key =
                java.util.Map.of("PK", new dev.partitionscope.core.item.AttrValue.S("CONTADOR#visitas"));
        long total = Long.parseLong(get(counter.fast(), "counters", key));
        assertThat(total)
                .isEqualTo(Long.parseLong(get(counter.engine(), "counters", key)))
                .isBetween(
                        counter.fastProgress().succeeded() * 99 / 100,
                        counter.fastProgress().succeeded());
    }

    @Test
    void transactionsAreChargedTwicePerItemAndCancelledWholeAsTheEngineDoes() {
        Pair r = both("inventory-counter", "before", Duration.ofSeconds(40));
        assertThat(r.fastProgress().requests()).isEqualTo(r.driver().requests);
        assertThat(r.fastProgress().throttled()).isEqualTo(r.driver().throttled).isPositive();
        assertThat(r.fastProgress().throttlesByReason())
                .isEqualTo(r.driver().reasons)
                .containsOnlyKeys("ThrottlingError (transaction cancelled)");
        for (String table : java.util.List.of("inventory", "orders")) {
            ResourceId id = ResourceId.table(table);
            List<MinuteStats> a = r.fast().meter().minutes(id, r.from(), r.to());
            List<MinuteStats> b = r.engine().meter().minutes(id, r.from(), r.to());
            assertThat(a).hasSameSizeAs(b);
            for (int i = 0; i < a.size(); i++) {
                assertThat(a.get(i).consumedWrite().sum())
                        .as("%s minute %d", table, i)
                        .isEqualTo(b.get(i).consumedWrite().sum());
                assertThat(a.get(i).writeThrottleEvents()).isEqualTo(b.get(i).writeThrottleEvents());
                var fastCalls = a.get(i).operations().get("TransactWriteItems");
                var engineCalls = b.get(i).operations().get("TransactWriteItems");
                assertThat(fastCalls.requests()).isEqualTo(engineCalls.requests());
                assertThat(fastCalls.throttledRequests()).isEqualTo(engineCalls.throttledRequests());
            }
            assertSameModel(r, table);
        }
        // Only committed transactions reserved stock: the counter's total is the engine's.
        java.util.Map<String, dev.partitionscope.core.item.AttrValue> key =
                java.util.Map.of("PK", new dev.partitionscope.core.item.AttrValue.S("STOCK#sku-flash"));
        assertThat(Long.parseLong(get(r.fast(), "inventory", key, "reservado")))
                .isEqualTo(Long.parseLong(get(r.engine(), "inventory", key, "reservado")))
                .isPositive();
        var hot = r.engine()
                .meter()
                .topContributors(
                        ResourceId.table("inventory"),
                        KeyKind.PARTITION_KEY,
                        InsightMetric.CONSUMED_THROUGHPUT_UNITS,
                        r.from(),
                        r.to(),
                        Duration.ofMinutes(1),
                        1,
                        OrderBy.SUM);
        var hotFast = r.fast()
                .meter()
                .topContributors(
                        ResourceId.table("inventory"),
                        KeyKind.PARTITION_KEY,
                        InsightMetric.CONSUMED_THROUGHPUT_UNITS,
                        r.from(),
                        r.to(),
                        Duration.ofMinutes(1),
                        1,
                        OrderBy.SUM);
        assertThat(hotFast.contributors().get(0).keys()).containsExactly("STOCK#sku-flash");
        assertThat(hotFast.contributors().get(0).aggregateValue())
                .isEqualTo(hot.contributors().get(0).aggregateValue());
    }

    @Test
    void batchWritesLeaveTheSameItemsUnprocessed() {
        Pair bulk = both("collection-keys", "bulk-import", Duration.ofSeconds(20));
        assertThat(bulk.fastProgress().unprocessedItems())
                .isEqualTo(bulk.driver().unprocessed)
                .isPositive();
        assertSameModel(bulk, "app");
    }

    private static String get(
            Lab lab, String table, java.util.Map<String, dev.partitionscope.core.item.AttrValue> key) {
        return get(lab, table, key, "visitas");
    }

    private static String get(
            Lab lab,
            String table,
            java.util.Map<String, dev.partitionscope.core.item.AttrValue> key,
            String attribute) {
        var req = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance
                .objectNode()
                .put("TableName", table);
        req.set("Key", dev.partitionscope.lab.wire.AttrJson.toJson(key));
        return lab.engine()
                .handle("GetItem", req)
                .path("Item")
                .path(attribute)
                .path("N")
                .asText();
    }

    private static double sumWrites(Lab lab, ResourceId r, Pair p) {
        return lab.meter().minutes(r, p.from(), p.to()).stream()
                .mapToDouble(m -> m.consumedWrite().sum())
                .sum();
    }

    private static void assertSameModel(Pair r, String table) {
        ModelSnapshot a = r.fast().snapshot(table).orElseThrow();
        ModelSnapshot b = r.engine().snapshot(table).orElseThrow();
        assertThat(a.table().splitCount()).isEqualTo(b.table().splitCount());
        assertThat(a.table().partitions())
                .extracting(ModelSnapshot.PartitionView::lo)
                .isEqualTo(b.table().partitions().stream()
                        .map(ModelSnapshot.PartitionView::lo)
                        .toList());
        for (int i = 0; i < a.indexes().size(); i++) {
            assertThat(a.indexes().get(i).splitCount())
                    .isEqualTo(b.indexes().get(i).splitCount());
        }
    }
}
