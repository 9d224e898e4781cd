package dev.partitionscope.aws;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The read budget's bucket on a clock the test moves: reservations, debt, settling, the cap on saved budget. */
final class RcuBucketTest {
    private final AtomicLong now = new AtomicLong(1_000_000_000L);
    private final RcuBucket bucket = new RcuBucket(50, 5, now::get);

    @Test
    void startsEmptyReservesIntoDebtAndWaitsItOff() {
        assertThat(bucket.tokens()).isZero();
        assertThat(bucket.tryTake(2))
                .as("not in debt: the reservation goes out")
                .isTrue();
        assertThat(bucket.tryTake(2)).as("in debt: wait").isFalse();
        assertThat(bucket.debtNanos()).isEqualTo(40_000_000L); // 2 RCU at 50 RCU/s
        now.addAndGet(40_000_000L);
        assertThat(bucket.debtNanos()).isZero();
        assertThat(bucket.tryTake(2)).isTrue();
    }

    @Test
    void settlingCorrectsTheEstimateBothWays() {
        bucket.tryTake(2);
        bucket.settle(2, 3.5); // the page cost more than estimated: 1.5 more debt
        assertThat(bucket.tokens()).isCloseTo(-3.5, within(1e-9));
        bucket.settle(0, 0);
        now.addAndGet(70_000_000L);
        assertThat(bucket.tokens()).isCloseTo(0, within(1e-9));
        bucket.tryTake(2);
        bucket.settle(2, 0); // throttled: nothing consumed, the reservation comes back
        assertThat(bucket.tokens()).isCloseTo(0, within(1e-9));
    }

    @Test
    void unusedBudgetIsSavedOnlyUpToTheCapacity() {
        now.addAndGet(10_000_000_000L); // 10 s idle
        assertThat(bucket.tokens()).isEqualTo(5);
        bucket.settle(10, 0);
        assertThat(bucket.tokens()).isEqualTo(5);
    }

    @Test
    void acquireGivesUpAtTheDeadlineOrWhenStopped() {
        bucket.tryTake(100); // 2 s of debt
        assertThat(bucket.acquire(1, () -> false, now.get() + 1_000_000_000L)).isFalse();
        assertThat(bucket.acquire(1, () -> true, RcuBucket.NO_DEADLINE)).isFalse();
        assertThatThrownBy(() -> new RcuBucket(0, 1, now::get)).isInstanceOf(IllegalArgumentException.class);
    }
}
