package dev.partitionscope.ui.scatter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.item.PlainValues;
import dev.partitionscope.core.scatter.RequestSpan;
import dev.partitionscope.core.scatter.ScatterResult;
import dev.partitionscope.core.scatter.ShardStats;
import dev.partitionscope.lab.DemoTables;
import dev.partitionscope.lab.Lab;
import dev.partitionscope.lab.LabHost;
import dev.partitionscope.lab.clock.SimulatedClock;
import dev.partitionscope.ui.LabSessions;
import dev.partitionscope.ui.lab.LabViewModel;
import dev.partitionscope.ui.lab.WorkloadViewModel;
import dev.partitionscope.ui.shell.MainViewModel;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The issue's "done when", without a toolkit: the Lab's order-status after-scenario (fast-forwarded 10 minutes, so
 * PENDING lives under PENDING#1 … PENDING#8), then "all PENDING orders, newest first, limit 100" in the console runs
 * 8 overlapping queries and matches the unsharded baseline (a Scan of the table, filtered and sorted) item for item;
 * the unsharded legacy key holds none of them, "both patterns" all of them once; a point read finds an order under
 * the key its id hashes to.
 */
class ScatterOrderStatusTest {
    private final SimulatedClock clock = new SimulatedClock(Instant.parse("2026-06-22T10:00:00Z"));
    private final LabHost labHost = new LabHost(Lab.Options.defaults().withClock(clock));
    private MainViewModel main;
    private LabViewModel lab;
    private ScatterViewModel vm;

    @BeforeEach
    void fastForwardOrderStatusAfter() {
        main = LabSessions.on(labHost);
        lab = new LabViewModel(main, labHost);
        lab.connectToLab();
        WorkloadViewModel w = lab.workload();
        assertThat(w.scenarioProperty().get().name()).isEqualTo("order-status");
        w.variantProperty().set("after");
        w.fastForwardProperty().set(true);
        w.durationProperty().set("10 min");
        w.start();
        assertThat(main.selectedTableProperty().get()).isEqualTo(DemoTables.ORDER_STATUS);
        assertThat(main.tableShapeProperty().get()).isNotNull();
        vm = new ScatterViewModel(main);
        vm.baseKeyProperty().set("PENDING");
        vm.schemeProperty().set("PENDING,SHIPPED:hash:8");
        vm.descendingProperty().set(true);
        vm.limitProperty().set("100");
    }

    @AfterEach
    void close() {
        if (lab != null) {
            lab.workload().dispose();
        }
        if (main != null) {
            main.shutdown();
        }
        labHost.close();
    }

    @Test
    void allPendingOrdersNewestFirstMatchTheUnshardedBaselineItemForItem() {
        assertThat(vm.planProperty().get().shardKeys())
                .containsExactly(
                        "PENDING#1",
                        "PENDING#2",
                        "PENDING#3",
                        "PENDING#4",
                        "PENDING#5",
                        "PENDING#6",
                        "PENDING#7",
                        "PENDING#8");
        vm.run();
        ScatterResult r = vm.resultProperty().get();
        assertThat(r).isNotNull();
        assertThat(r.complete()).as(r.reasons().toString()).isTrue();
        assertThat(r.items()).hasSize(100);
        assertThat(vm.items()).isEqualTo(r.items());
        List<String> ids =
                r.items().stream().map(m -> PlainValues.text(m.get("orderId"))).toList();
        List<String> sorted = new ArrayList<>(ids);
        sorted.sort(java.util.Comparator.reverseOrder());
        assertThat(ids).as("newest (largest order id) first").isEqualTo(sorted);
        assertThat(r.shards())
                .extracting(ShardStats::state)
                .allMatch(s -> s == ShardStats.State.DONE || s == ShardStats.State.NOT_NEEDED);
        assertThat(r.items())
                .extracting(m -> PlainValues.text(m.get("status")))
                .allMatch(s -> s.matches("PENDING#[1-8]"));
        // The waterfall: one request per shard, all sent at once and overlapping.
        assertThat(vm.requests())
                .hasSize(8)
                .extracting(RequestSpan::shard)
                .containsExactlyInAnyOrder(0, 1, 2, 3, 4, 5, 6, 7);
        assertThat(Waterfall.maxOverlap(vm.requests()))
                .as("the 8 queries ran side by side")
                .isGreaterThanOrEqualTo(2);
        assertThat(r.totals().wallMs()).isLessThanOrEqualTo(r.totals().slowestShardMs() * 8 + 50);

        vm.compare(ScatterViewModel.CompareKind.SCAN, null);
        ScatterViewModel.Comparison scan = vm.comparisonProperty().get();
        assertThat(scan.complete()).isTrue();
        assertThat(scan.items()).hasSize(100);
        assertThat(scan.diff().identical()).as(scan.diff().summary()).isTrue();
        assertThat(scan.diff().summary()).isEqualTo("Same 100 items in the same order (matched by orderId)");
        assertThat(scan.how()).startsWith("a Scan of order-status-index, filtered and sorted here (");

        vm.compare(ScatterViewModel.CompareKind.UNSHARDED, null);
        ScatterViewModel.Comparison legacy = vm.comparisonProperty().get();
        assertThat(legacy.how()).isEqualTo("1 Query of PENDING on order-status-index");
        assertThat(legacy.items())
                .as("after the fix nothing is written under PENDING itself")
                .isEmpty();
        assertThat(legacy.diff().identical()).isFalse();
        assertThat(legacy.diff().onlyLeftCount()).isEqualTo(100);

        vm.compare(ScatterViewModel.CompareKind.BOTH, null);
        ScatterViewModel.Comparison both = vm.comparisonProperty().get();
        assertThat(both.requests()).isEqualTo(9);
        assertThat(both.diff().identical()).as(both.diff().summary()).isTrue();

        // Point read: the order's key is recomputed from its id.
        Map<String, AttrValue> some = r.items().get(17);
        String id = PlainValues.text(some.get("orderId"));
        vm.pointIdProperty().set(id);
        vm.readPoint();
        ScatterViewModel.PointRead p = vm.pointReadProperty().get();
        assertThat(p.key())
                .containsEntry("status", PlainValues.text(some.get("status")))
                .containsEntry("orderId", id);
        assertThat(p.item()).isEqualTo(some);
        assertThat(p.how()).startsWith("PENDING,SHIPPED:hash:8 of \"" + id + "\" → PENDING#");
    }

    @Test
    void detectsTheSchemeFromTheKeysAndRejectsWhatCannotWork() {
        vm.schemeProperty().set("random:2");
        vm.detectScheme();
        assertThat(vm.schemeProperty().get()).isEqualTo("hash:8");
        assertThat(vm.noteProperty().get()).startsWith("Scheme detected: 8 keys of the form PENDING#…: hash:8");

        vm.schemeProperty().set("random:8");
        vm.pointIdProperty().set("abc");
        vm.readPoint();
        assertThat(vm.pointReadProperty().get()).isNull();
        assertThat(vm.noteProperty().get())
                .startsWith("random:8 picks its suffix at random: the item may be under" + " any of 8 keys");

        vm.filterProperty().set("#total > :min");
        assertThat(vm.planProperty().get()).isNull();
        assertThat(vm.planErrorProperty().get()).startsWith("The filter uses :min but no value is given");
        vm.filterValuesProperty().set(":min=400");
        vm.schemeProperty().set("hash:8");
        vm.limitProperty().set("0");
        vm.projectionProperty().set("total");
        vm.run();
        ScatterResult r = vm.resultProperty().get();
        assertThat(r.complete()).isTrue();
        assertThat(r.items())
                .isNotEmpty()
                .allMatch(m -> ((AttrValue.N) m.get("total")).value().intValue() > 400)
                .allMatch(m -> m.keySet().equals(java.util.Set.of("status", "orderId", "total")));
        assertThat(vm.columns()).containsExactly("status", "orderId", "total");
        assertThat(vm.csv(r.items())).startsWith("status,orderId,total\r\n");

        vm.itemCapProperty().set("50");
        vm.filterProperty().set("");
        vm.filterValuesProperty().set("");
        vm.run();
        ScatterResult capped = vm.resultProperty().get();
        assertThat(capped.complete()).isFalse();
        assertThat(capped.capped()).isTrue();
        assertThat(capped.reasons()).anyMatch(s -> s.startsWith("stopped at ") && s.contains("item cap 50"));
    }
}
