package dev.partitionscope.lab.workload;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.lab.Lab;
import dev.partitionscope.lab.clock.SimulatedClock;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The real-time runner through the real AWS SDK against a running Lab endpoint. The Lab's clock is simulated and
 * stands still, so its buckets never refill: the test does not depend on how fast this machine sends requests.
 */
class RealTimeTest {
    private final SimulatedClock clock = new SimulatedClock(ScenarioOutcomesTest.START);
    private Lab lab;

    @AfterEach
    void close() {
        if (lab != null) {
            lab.close();
        }
    }

    private SdkTarget lab() throws Exception {
        lab = Lab.start(Lab.Options.defaults().withClock(clock));
        return SdkTarget.local(lab.endpoint().orElseThrow());
    }

    @Test
    void orderStatusBeforeThroughTheSdkCountsKeyRangeThrottlesByReason() throws Exception {
        SdkTarget target = lab();
        // All orders PENDING, 4 WCU each: the PENDING partition's 1,000 WCU last 250 writes.
        Plan plan = Plan.of(
                ScenarioCatalog.load(null).get("order-status"),
                "before",
                RunSettings.defaults()
                        .withRate(500.0)
                        .withSkewPercent(100.0)
                        .withItemSize(4_000)
                        .withDuration(Duration.ofMinutes(1))
                        .withThreads(4));
        RealTime run = RealTime.start(plan, target, clock::epochMillis);
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (run.progress().throttled() < 100 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        run.stop();
        assertThat(run.await(Duration.ofSeconds(10))).isTrue();

        WorkloadProgress p = run.progress();
        assertThat(p.state()).as(p.message()).isEqualTo(WorkloadProgress.State.STOPPED);
        assertThat(p.mode()).isEqualTo(WorkloadProgress.Mode.REAL_TIME);
        assertThat(p.errors()).as("errors %s", p.errorsByKind()).isZero();
        assertThat(p.requests()).isGreaterThan(350).isEqualTo(p.succeeded() + p.throttled());
        assertThat(p.throttled()).isGreaterThanOrEqualTo(100);
        assertThat(p.throttlesByReason()).containsOnlyKeys("TableWriteKeyRangeThroughputExceeded");
        assertThat(p.throttlesByReason().get("TableWriteKeyRangeThroughputExceeded"))
                .isEqualTo(p.throttled());
        assertThat(p.doing()).startsWith("PutItem order-status-index · status = PENDING");
        assertThat(p.message()).startsWith("Stopped after ");
        assertThat(lab.engine().tablesByName()).containsKey("order-status-index");
        // Every admitted PutItem stored its item (the 0.5 % of queries store nothing).
        assertThat(lab.engine().tablesByName().get("order-status-index").itemCount())
                .isBetween(p.succeeded() * 97 / 100, p.succeeded());
    }

    @Test
    void aHotCounterInTransactionsThroughTheSdkCancelsWholeOrders() throws Exception {
        SdkTarget target = lab();
        // 2 WCU per transaction on STOCK#sku-flash: the counter's 1,000 WCU last about 500 transactions.
        Plan plan = Plan.of(
                ScenarioCatalog.load(null).get("inventory-counter"),
                "before",
                RunSettings.defaults()
                        .withRate(400.0)
                        .withDuration(Duration.ofMinutes(1))
                        .withThreads(4));
        RealTime run = RealTime.start(plan, target, clock::epochMillis);
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (run.progress().throttled() < 50 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        run.stop();
        assertThat(run.await(Duration.ofSeconds(10))).isTrue();

        WorkloadProgress p = run.progress();
        assertThat(p.errors()).as("errors %s", p.errorsByKind()).isZero();
        assertThat(p.throttled()).isGreaterThanOrEqualTo(50);
        assertThat(p.throttlesByReason()).containsOnlyKeys("ThrottlingError (transaction cancelled)");
        assertThat(p.throttlesByReason().get("ThrottlingError (transaction cancelled)"))
                .isEqualTo(p.throttled());
        // All or nothing: only committed transactions wrote their order and reserved stock.
        long gets = lab.meter().operations("inventory").contains("GetItem")
                ? lab.meter()
                        .minutes(
                                dev.partitionscope.lab.meter.ResourceId.table("inventory"),
                                clock.epochMillis() - 60_000,
                                clock.epochMillis() + 60_000)
                        .get(0)
                        .operations()
                        .get("GetItem")
                        .requests()
                : 0;
        long committed = p.succeeded() - gets;
        assertThat(committed).isBetween(450L, 510L);
        assertThat(lab.engine().tablesByName().get("orders").itemCount()).isEqualTo(committed);
        var stock = lab.engine().handle("GetItem", (com.fasterxml.jackson.databind.node.ObjectNode)
                new com.fasterxml.jackson.databind.ObjectMapper()
                        .readTree("{\"TableName\":\"inventory\",\"Key\":{\"PK\":{\"S\":\"STOCK#sku-flash\"}}}"));
        assertThat(stock.path("Item").path("reservado").path("N").asLong()).isEqualTo(committed);
    }

    @Test
    void stopEndsARunAtOnceAndAMissingEndpointFailsWithASentence() throws Exception {
        SdkTarget target = lab();
        Plan plan = Plan.of(
                ScenarioCatalog.load(null).get("global-counter"),
                "after",
                RunSettings.defaults()
                        .withRate(200.0)
                        .withDuration(Duration.ofHours(1))
                        .withThreads(2));
        RealTime run = RealTime.start(plan, target, clock::epochMillis);
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (run.progress().succeeded() < 20 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(run.progress().state()).isEqualTo(WorkloadProgress.State.RUNNING);
        assertThat(run.progress().doing()).startsWith("UpdateItem counters · PK = CONTADOR#visitas#");
        run.stop();
        assertThat(run.await(Duration.ofSeconds(10))).isTrue();
        assertThat(run.progress().state()).isEqualTo(WorkloadProgress.State.STOPPED);
        assertThat(run.progress().throttled()).isZero();

        lab.close();
        RealTime dead = RealTime.start(plan, target, clock::epochMillis);
        assertThat(dead.await(Duration.ofSeconds(30))).isTrue();
        assertThat(dead.progress().state()).isEqualTo(WorkloadProgress.State.FAILED);
        assertThat(dead.progress().message()).contains("could not reach the endpoint (connection refused)");
    }
}
