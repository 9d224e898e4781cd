package dev.partitionscope.aws;

import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

/**
 * A token bucket on consumed read capacity, shared by the segments of one {@link AuditSampler} run: it refills at
 * the budget's RCU per second, up to {@code capacity}, and may go into debt, because what a Scan page costs is known
 * only from its answer (ReturnConsumedCapacity).
 *
 * <p>A segment {@link #acquire reserves} its page's estimated cost before sending — waiting while the bucket is in
 * debt — and {@link #settle settles} the difference once the page says what it consumed. Reserving rather than only
 * consuming afterwards matters with eight segments: all of them would otherwise see the same positive balance and
 * send together, a burst of eight pages at every refill. With reservations the pages go out one by one, spaced by
 * their cost over the rate, so the consumed capacity per second stays flat. The bucket starts empty (a run does not
 * begin with a burst) and holds at most {@code capacity}: unused budget is not saved up for later.
 */
final class RcuBucket {
    static final long NO_DEADLINE = Long.MAX_VALUE;

    private final double ratePerSecond;
    private final double capacity;
    private final LongSupplier nanoClock;
    private double tokens;
    private long last;

    RcuBucket(double ratePerSecond, double capacity, LongSupplier nanoClock) {
        if (!(ratePerSecond > 0) || Double.isInfinite(ratePerSecond)) {
            throw new IllegalArgumentException(
                    "a read budget is a positive number of RCU per second, not " + ratePerSecond);
        }
        this.ratePerSecond = ratePerSecond;
        this.capacity = Math.max(0, capacity);
        this.nanoClock = nanoClock;
        this.last = nanoClock.getAsLong();
    }

    double ratePerSecond() {
        return ratePerSecond;
    }

    /** Takes {@code units} if the bucket is not in debt (it may go into debt by doing so). */
    synchronized boolean tryTake(double units) {
        refill();
        if (tokens < 0) {
            return false;
        }
        tokens -= units;
        return true;
    }

    /** Nanoseconds until the bucket is out of debt (0 when it is not in debt). */
    synchronized long debtNanos() {
        refill();
        return tokens >= 0 ? 0 : (long) Math.ceil(-tokens / ratePerSecond * 1e9);
    }

    /** A request that reserved {@code reserved} consumed {@code actual} (0 when it was throttled or never sent). */
    synchronized void settle(double reserved, double actual) {
        refill();
        tokens = Math.min(capacity, tokens + reserved - actual);
    }

    synchronized double tokens() {
        refill();
        return tokens;
    }

    /**
     * Waits until the bucket is out of debt and reserves {@code units}. False, without reserving, when {@code stop}
     * turns true, the thread is interrupted, or the wait would pass {@code deadlineNanos} (on the same clock;
     * {@link #NO_DEADLINE} for none).
     */
    boolean acquire(double units, BooleanSupplier stop, long deadlineNanos) {
        while (true) {
            if (stop.getAsBoolean()) {
                return false;
            }
            if (tryTake(units)) {
                return true;
            }
            long wait = debtNanos();
            if (deadlineNanos != NO_DEADLINE && nanoClock.getAsLong() + wait - deadlineNanos > 0) {
                return false;
            }
            try {
                // at most 20 ms at a time, so a cancel is seen promptly even while a large debt is paid off
                long millis = Math.max(1, Math.min(20, (wait + 999_999) / 1_000_000));
                Thread.sleep(millis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
    }

    private void refill() {
        long now = nanoClock.getAsLong();
        long dt = now - last;
        if (dt > 0) {
            tokens = Math.min(capacity, tokens + ratePerSecond * (dt * 1e-9));
            last = now;
        }
    }
}
