package dev.partitionscope.ui.lab;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.aws.ConnectionSpec;
import dev.partitionscope.lab.DemoTables;
import dev.partitionscope.lab.Lab;
import dev.partitionscope.lab.LabHost;
import dev.partitionscope.lab.clock.SimulatedClock;
import dev.partitionscope.lab.partition.ModelParams;
import dev.partitionscope.lab.workload.ScenarioCatalog;
import dev.partitionscope.lab.workload.WorkloadProgress;
import dev.partitionscope.ui.LabSessions;
import dev.partitionscope.ui.shell.MainViewModel;
import java.time.Duration;
import java.time.Instant;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The workload generator's ViewModel without a toolkit, against the real embedded Lab through the SDK: the demo story
 * (order-status before throttles PENDING, switching to after stops the throttles) and the input messages.
 *
 * <p>The Lab's clock is paced by the run: it moves 1/900 s per operation sent, so the Lab sees the scenario's 900
 * ops/s whether this machine sends 900 or 300 a second (on a busy 2-core machine the real clock made the result
 * depend on the load). With a quarter-second bucket the hot partition empties in about 2 Lab seconds instead of 9.
 */
class WorkloadViewModelTest {
    private static final double RATE = 900;
    private final SimulatedClock clock = new SimulatedClock(Instant.parse("2026-06-22T10:00:00Z"));
    private final LabHost labHost = new LabHost(Lab.Options.defaults()
            .withClock(clock)
            .withParams(ModelParams.defaults().with("bucket-seconds", "0.25")));
    private final MainViewModel main = LabSessions.on(labHost);
    private final WorkloadViewModel vm = new WorkloadViewModel(main, labHost, () -> ScenarioCatalog.load(null));

    @AfterEach
    void close() {
        vm.dispose();
        main.shutdown();
        labHost.close();
    }

    /** Operations of the current run the clock has already moved for. */
    private long pacedOperations;

    /** Polls every 10 ms, moving the Lab's clock by the operations sent since the last poll. */
    private WorkloadProgress pollUntil(String what, Duration timeout, Predicate<WorkloadProgress> condition)
            throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            vm.poll();
            WorkloadProgress p = vm.progressProperty().get();
            if (p != null) {
                clock.advanceNanos((long) ((p.operations() - pacedOperations) * 1e9 / RATE));
                pacedOperations = p.operations();
                if (condition.test(p)) {
                    return p;
                }
            }
            Thread.sleep(10);
        }
        throw new AssertionError("Timed out after " + timeout.toSeconds() + " s waiting until " + what + "; last: "
                + vm.progressProperty().get());
    }

    @Test
    void orderStatusBeforeThrottlesPendingAndSwitchingToAfterStopsTheThrottles() throws Exception {
        main.connect(ConnectionSpec.lab());
        assertThat(vm.scenarioProperty().get().name()).isEqualTo("order-status");
        assertThat(vm.variantProperty().get()).isEqualTo("before");
        assertThat(vm.variants()).containsExactly("before", "after");
        assertThat(vm.rateProperty().get()).isEqualTo("900");
        assertThat(vm.durationProperty().get()).isEqualTo("5 min");
        assertThat(vm.skewProperty().get()).isEqualTo("70");
        assertThat(vm.skewKeyProperty().get()).isEqualTo("PENDING");
        assertThat(vm.itemSizeProperty().get()).isEqualTo("1200");
        assertThat(vm.captionProperty().get()).contains("PENDING alone gets 70 %");
        assertThat(vm.previewProperty().get())
                .isEqualTo("order-status · before · 900 ops/s for 5 min, items of"
                        + " 1,200 bytes, PENDING 70 % · offers 1,791 WCU/s");
        assertThat(vm.unavailableProperty().get()).isEmpty();
        assertThat(vm.canStartProperty().get()).isTrue();
        assertThat(vm.canStopProperty().get()).isFalse();

        vm.start();
        WorkloadProgress before =
                pollUntil("PENDING is throttled", Duration.ofSeconds(12), p -> p.keyRangeThrottles() > 0);
        assertThat(labHost.lab())
                .isSameAs(labHost.forEndpoint(main.getConnection().spec().endpoint())
                        .orElseThrow());
        assertThat(before.state()).isEqualTo(WorkloadProgress.State.RUNNING);
        assertThat(before.throttlesByReason()).containsKey("TableWriteKeyRangeThroughputExceeded");
        assertThat(before.headline()).startsWith("order-status · before · 900 ops/s");
        assertThat(vm.runningProperty().get()).isTrue();
        assertThat(vm.stateTextProperty().get()).isEqualTo("Running");
        assertThat(vm.canStopProperty().get()).isTrue();
        assertThat(vm.canStartProperty().get())
                .as("the same variant is already running")
                .isFalse();
        assertThat(vm.elapsedProperty().get()).endsWith(" of 5 min");
        assertThat(vm.achievedProperty().get()).endsWith(" req/s");
        assertThat(main.selectedTableProperty().get())
                .as("the partitions view shows the run's table")
                .isEqualTo(DemoTables.ORDER_STATUS);

        vm.variantProperty().set("after");
        assertThat(vm.startTextProperty().get()).isEqualTo("Switch to after");
        assertThat(vm.canStartProperty().get()).isTrue();
        assertThat(vm.rateProperty().get()).isEqualTo("900");
        vm.start();
        pacedOperations = 0;
        clock.advanceSeconds(1); // the presenter's click: the emptied partition refills, as it does in real time
        assertThat(vm.previousProperty().get())
                .startsWith("Before the switch: before ran ")
                .contains(" throttled", "hot-partition");
        WorkloadProgress started = pollUntil(
                "the after run sends requests",
                Duration.ofSeconds(5),
                p -> p.state() == WorkloadProgress.State.RUNNING && p.requests() > 0);
        assertThat(started.headline()).startsWith("order-status · after · 900 ops/s");
        long until = System.nanoTime() + 3_000_000_000L;
        WorkloadProgress after = pollUntil(
                "3 s and at least one Lab second of after",
                Duration.ofSeconds(8),
                p -> System.nanoTime() >= until && p.operations() >= started.operations() + 900);
        assertThat(after.state()).isEqualTo(WorkloadProgress.State.RUNNING);
        assertThat(after.requests()).isGreaterThanOrEqualTo(900);
        assertThat(after.errors()).as("errors %s", after.errorsByKind()).isZero();
        assertThat(after.throttled())
                .as("throttles %s", after.throttlesByReason())
                .isZero();
        assertThat(after.doing())
                .as("the latest request, a write or now and then a query")
                .matches("(PutItem|Query) order-status-index · status = .+");

        vm.stop();
        assertThat(vm.canStopProperty().get()).isFalse();
        WorkloadProgress stopped = pollUntil("the run stops", Duration.ofSeconds(5), p -> !vm.runningProperty()
                .get());
        assertThat(stopped.state()).isEqualTo(WorkloadProgress.State.STOPPED);
        assertThat(vm.stateTextProperty().get()).isEqualTo("Stopped");
        assertThat(vm.messageProperty().get()).startsWith("Stopped after ");
        assertThat(vm.runningProperty().get()).isFalse();
        assertThat(vm.startTextProperty().get()).isEqualTo("Start");
        assertThat(vm.canStartProperty().get()).isTrue();
    }

    @Test
    void badInputsSayWhatToWriteAndBlockStart() {
        main.connect(ConnectionSpec.lab());

        vm.rateProperty().set("0");
        assertThat(vm.problemProperty().get())
                .isEqualTo("Rate: enter more than 0 and at most 1,000,000 ops/s (not '0').");
        assertThat(vm.fieldErrorsProperty().get()).containsOnlyKeys(WorkloadForm.Field.RATE);
        assertThat(vm.canStartProperty().get()).isFalse();
        assertThat(vm.previewProperty().get()).isEmpty();
        vm.start();
        assertThat(vm.progressProperty().get()).as("nothing started").isNull();

        vm.rateProperty().set("fast");
        assertThat(vm.problemProperty().get())
                .isEqualTo("Rate: 'fast' is not a number; enter operations per second, e.g. 900.");
        vm.rateProperty().set("1,200 ops/s");
        assertThat(vm.problemProperty().get()).isEmpty();
        assertThat(vm.previewProperty().get()).startsWith("order-status · before · 1,200 ops/s for 5 min");

        vm.durationProperty().set("soon");
        vm.itemSizeProperty().set("1.5");
        assertThat(vm.problemProperty().get())
                .isEqualTo("Duration: 'soon' is not a duration; write seconds (300)"
                        + " or 90s, 5m, 1h, 1h30m.\nItem size: enter whole bytes from 1 to 409,600 (400 KB, DynamoDB's item"
                        + " limit), not '1.5'.");
        assertThat(vm.fieldErrorsProperty().get())
                .containsOnlyKeys(WorkloadForm.Field.DURATION, WorkloadForm.Field.ITEM_SIZE);
        vm.durationProperty().set("90 s");
        vm.itemSizeProperty().set("500000");
        assertThat(vm.problemProperty().get()).startsWith("Item size: enter whole bytes from 1 to 409,600");
        vm.itemSizeProperty().set("4000");

        vm.skewProperty().set("150 %");
        assertThat(vm.problemProperty().get())
                .isEqualTo("Key skew: enter a share of requests above 0 and at most 100 % (not '150 %').");
        vm.skewProperty().set("80");
        assertThat(vm.problemProperty().get()).isEmpty();
        assertThat(vm.previewProperty().get())
                .isEqualTo("order-status · before · 1,200 ops/s for 90 s, items of"
                        + " 4,000 bytes, PENDING 80 % · offers 4,776 WCU/s");
        assertThat(vm.canStartProperty().get()).isTrue();

        // A variant the scenario does not have (a stale name): Plan.of refuses it with its own sentence.
        vm.variantProperty().set("sideways");
        assertThat(vm.problemProperty().get())
                .isEqualTo("Scenario order-status has no variant 'sideways'; it has before, after.");
        assertThat(vm.canStartProperty().get()).isFalse();

        // Another scenario resets the fields to its defaults; one with a single constant hot key has no skew.
        vm.scenarioProperty()
                .set(vm.scenarios().stream()
                        .filter(s -> s.name().equals("global-counter"))
                        .findFirst()
                        .orElseThrow());
        assertThat(vm.variantProperty().get()).isEqualTo("before");
        assertThat(vm.rateProperty().get()).isEqualTo("1300");
        assertThat(vm.skewEnabledProperty().get()).isFalse();
        assertThat(vm.skewKeyProperty().get()).isEmpty();
        assertThat(vm.problemProperty().get()).isEmpty();
        assertThat(vm.canStartProperty().get()).isTrue();
    }

    @Test
    void leavingTheLabStopsTheRunAndSaysWhy() throws Exception {
        main.connect(ConnectionSpec.lab());
        vm.rateProperty().set("100");
        vm.start();
        pollUntil("the run sends requests", Duration.ofSeconds(5), p -> p.requests() > 0);

        main.disconnect();

        WorkloadProgress stopped = pollUntil("the run stops", Duration.ofSeconds(5), p -> !vm.runningProperty()
                .get());
        assertThat(stopped.state()).isEqualTo(WorkloadProgress.State.STOPPED);
        assertThat(vm.messageProperty().get())
                .startsWith("Stopped because the app left the Lab it was writing to." + " Stopped after ");
        assertThat(vm.unavailableProperty().get()).startsWith("Connect to the Lab");
        assertThat(vm.canStartProperty().get()).isFalse();
    }

    @Test
    void withoutTheLabNothingCanStartAndTheReasonIsShown() {
        assertThat(vm.unavailableProperty().get()).startsWith("Connect to the Lab to run a workload");
        assertThat(vm.canStartProperty().get()).isFalse();
        vm.start();
        assertThat(vm.progressProperty().get()).isNull();

        main.connect(ConnectionSpec.lab());
        assertThat(vm.unavailableProperty().get()).isEmpty();
        assertThat(vm.canStartProperty().get()).isTrue();
    }
}
