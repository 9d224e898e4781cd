package dev.partitionscope.lab.workload;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.lab.Lab;
import dev.partitionscope.lab.clock.SimulatedClock;
import dev.partitionscope.lab.meter.MinuteStats;
import dev.partitionscope.lab.meter.OperationStats;
import dev.partitionscope.lab.meter.ResourceId;
import dev.partitionscope.lab.streams.LabStream;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** A fast-forwarded run appends one stream record per admitted write to a table with a stream, as the engine would. */
class FastForwardStreamTest {
    private static final Instant START = Instant.parse("2026-06-22T10:00:00Z");

    @Test
    void orderStatusBeforeRecordsEveryAdmittedPut() {
        SimulatedClock clock = new SimulatedClock(START);
        Lab lab = Lab.inProcess(Lab.Options.defaults().withClock(clock));
        Plan plan = Plan.of(
                ScenarioCatalog.load(null).get("order-status"),
                "before",
                RunSettings.defaults().withDuration(Duration.ofMinutes(1)));

        WorkloadProgress p = new FastForward(plan, lab, clock, 50).run();

        LabStream stream = lab.engine().tablesByName().get("order-status-index").stream();
        assertThat(stream).isNotNull();
        assertThat(stream.viewType()).isEqualTo(LabStream.ViewType.NEW_AND_OLD_IMAGES);
        long admittedPuts = 0;
        long throttledPuts = 0;
        for (MinuteStats m : lab.meter()
                .minutes(ResourceId.table("order-status-index"), START.toEpochMilli(), clock.epochMillis() + 60_000)) {
            OperationStats puts = m.operations().get("PutItem");
            if (puts != null) {
                admittedPuts += puts.requests() - puts.throttledRequests();
                throttledPuts += puts.throttledRequests();
            }
        }
        assertThat(throttledPuts).isPositive(); // PENDING is throttled in this variant: not every put is recorded
        assertThat(admittedPuts).isPositive();
        assertThat(stream.recordCount(clock.epochMillis())).isEqualTo(admittedPuts);
        assertThat(p.succeeded()).isGreaterThanOrEqualTo(admittedPuts);
    }
}
