package dev.partitionscope.ui.task;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class TaskSlotTest {
    private final ManualTaskRunner runner = new ManualTaskRunner();
    private final TaskSlot slot = new TaskSlot(runner);
    private final List<String> log = new ArrayList<>();

    private void submit(String name, TaskRunner.Work<String> work) {
        slot.submit(
                name,
                work,
                v -> log.add(name + " ok " + v),
                e -> log.add(name + " failed " + e.getMessage()),
                () -> log.add(name + " cancelled"));
    }

    @Test
    void submitCancelsThePreviousRunFirstAndItsCancellationIsNotReported() {
        submit("a", ctx -> "A");
        ManualTaskRunner.Pending<?> a = runner.last("a");
        submit("b", ctx -> {
            log.add("b works; a cancelled: " + a.isCancelled());
            return "B";
        });
        assertThat(a.isCancelled()).isTrue();
        assertThat(log)
                .as("a's onCancelled is the superseded run's: it does not run")
                .isEmpty();

        runner.last("b").complete();
        assertThat(log).containsExactly("b works; a cancelled: true", "b ok B");
        assertThat(slot.isRunning()).isFalse();
    }

    @Test
    void aLateResultOfASupersededRunIsDropped() {
        submit("a", ctx -> "A");
        ManualTaskRunner.Pending<?> a = runner.last("a").finishWork(); // done, its callback on its way
        submit("b", ctx -> "B");
        a.deliver();
        assertThat(log).isEmpty();
        assertThat(slot.isRunning()).as("b still runs").isTrue();
        runner.last("b").complete();
        assertThat(log).containsExactly("b ok B");
    }

    @Test
    void aLateFailureOfASupersededRunIsDropped() {
        submit("a", ctx -> "A");
        ManualTaskRunner.Pending<?> a = runner.last("a").failWork(new IllegalStateException("timed out"));
        submit("b", ctx -> "B");
        a.deliver();
        assertThat(log).isEmpty();
        runner.last("b").failWork(new IllegalStateException("denied")).deliver();
        assertThat(log).containsExactly("b failed denied");
    }

    @Test
    void postsOfASupersededRunAreDroppedAndTheCurrentRunsArrive() {
        AtomicReference<TaskContext> aContext = new AtomicReference<>();
        submit("a", ctx -> {
            aContext.set(ctx);
            ctx.post(() -> log.add("a page 1"));
            return "A";
        });
        runner.last("a").finishWork();
        submit("b", ctx -> {
            ctx.post(() -> log.add("b page 1"));
            return "B";
        });
        aContext.get().post(() -> log.add("a page 2"));
        runner.last("b").complete();
        assertThat(log).containsExactly("a page 1", "b page 1", "b ok B");
    }

    @Test
    void eachRunHasItsOwnTokenStopAffectsTheCurrentRunOnly() {
        AtomicReference<TaskContext> aContext = new AtomicReference<>();
        AtomicReference<TaskContext> bContext = new AtomicReference<>();
        TaskSlot other = new TaskSlot(runner);
        other.submit(
                "other",
                ctx -> {
                    bContext.set(ctx);
                    return "O";
                },
                v -> log.add("other ok"),
                e -> log.add("other failed"));
        submit("a", ctx -> {
            aContext.set(ctx);
            return ctx.isCancelled() ? "partial" : "all";
        });
        slot.stop();
        runner.last("other").complete();
        assertThat(bContext.get().isCancelled())
                .as("stopping one slot leaves the other")
                .isFalse();

        // Starting other work in another slot does not un-stop a: it still stops and reports what it has.
        other.submit("other 2", ctx -> "O2", v -> log.add("other 2 ok"), e -> {});
        runner.last("a").complete();
        assertThat(aContext.get().isCancelled()).isTrue();
        assertThat(log).containsExactly("other ok", "a ok partial");
    }

    @Test
    void aNewRunIsNotStoppedByTheStopOfThePrevious() {
        AtomicReference<TaskContext> bContext = new AtomicReference<>();
        submit("a", ctx -> "A");
        slot.stop();
        submit("b", ctx -> {
            bContext.set(ctx);
            return ctx.isCancelled() ? "partial" : "all";
        });
        runner.last("b").complete();
        assertThat(bContext.get().isCancelled()).isFalse();
        assertThat(log).containsExactly("b ok all");
    }

    @Test
    void cancelReportsTheCancellationOnceAndDropsALateResult() {
        submit("a", ctx -> "A");
        ManualTaskRunner.Pending<?> a = runner.last("a").finishWork(); // too late for the runner to cancel it
        slot.cancel();
        assertThat(log).containsExactly("a cancelled");
        assertThat(slot.isRunning()).isFalse();
        a.deliver();
        slot.cancel();
        assertThat(log).containsExactly("a cancelled");
    }

    @Test
    void cancelOfARunningTaskCancelsItAndReportsOnce() {
        submit("a", ctx -> "A");
        slot.cancel();
        assertThat(runner.last("a").isCancelled()).isTrue();
        assertThat(log).containsExactly("a cancelled");
    }

    @Test
    void aCancelFromOutsideTheStatusBarsLinkIsReported() {
        submit("a", ctx -> "A");
        runner.last("a").cancel();
        assertThat(log).containsExactly("a cancelled");
        assertThat(slot.isRunning()).isFalse();
    }

    @Test
    void discardRunsNoneOfTheCallbacks() {
        submit("a", ctx -> "A");
        ManualTaskRunner.Pending<?> a = runner.last("a");
        slot.discard();
        assertThat(a.isCancelled()).isTrue();
        assertThat(slot.isRunning()).isFalse();
        assertThat(log).isEmpty();
    }

    @Test
    void withTheDirectRunnerCallbacksRunAtOnceAndMayStartTheNextRun() {
        DirectTaskRunner direct = new DirectTaskRunner();
        TaskSlot s = new TaskSlot(direct);
        s.submit(
                "first",
                ctx -> 1,
                v -> {
                    log.add("first " + v);
                    s.submit("second", ctx -> 2, w -> log.add("second " + w), e -> log.add("failed"));
                },
                e -> log.add("failed"));
        assertThat(log).containsExactly("first 1", "second 2");
        assertThat(s.isRunning()).isFalse();
        assertThat(direct.titles()).containsExactly("first", "second");

        s.submit(
                "third",
                ctx -> {
                    throw new IllegalStateException("no");
                },
                v -> log.add("third ok"),
                e -> log.add("third " + e.getMessage()));
        assertThat(log).endsWith("third no");
    }
}
