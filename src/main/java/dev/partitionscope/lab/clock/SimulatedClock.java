package dev.partitionscope.lab.clock;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A clock that only moves when told to. Tests use it to make the partition model deterministic (token refill,
 * burst, split for heat and metering all read the same instant), and demos use it to fast-forward an hour of
 * traffic in seconds. Thread-safe: the elapsed time is one atomic counter, so a workload thread can advance it
 * while server threads read it; both views ({@link #nanoTime()} and {@link #epochMillis()}) derive from it and
 * therefore never disagree.
 */
public final class SimulatedClock implements LabClock {
    private final long startEpochMillis;
    private final AtomicLong elapsedNanos = new AtomicLong();
    /** Set once the clock follows the system clock ({@link #followSystemClock()}); null while it is simulated. */
    private volatile Follow follow;

    /** Following the system clock: elapsed = {@code base} + the system's nanoseconds since {@code sinceNanos}. */
    private record Follow(long base, long sinceNanos) {}

    /** A clock whose wall time starts at {@code startEpochMillis} and whose monotonic time starts at 0. */
    public SimulatedClock(long startEpochMillis) {
        this.startEpochMillis = startEpochMillis;
    }

    public SimulatedClock(Instant start) {
        this(start.toEpochMilli());
    }

    @Override
    public long nanoTime() {
        Follow f = follow;
        return f == null ? elapsedNanos.get() : f.base() + (System.nanoTime() - f.sinceNanos());
    }

    @Override
    public long epochMillis() {
        return startEpochMillis + nanoTime() / 1_000_000L;
    }

    /**
     * From now on time runs with the system clock, caught up to the system's wall time (never back): a Lab whose
     * past was fast-forwarded goes on living in real time. {@link #advanceNanos} is refused afterwards.
     */
    public synchronized void followSystemClock() {
        if (follow != null) {
            return;
        }
        long sinceNanos = System.nanoTime();
        long wall = Math.multiplyExact(System.currentTimeMillis() - startEpochMillis, 1_000_000L);
        follow = new Follow(Math.max(elapsedNanos.get(), wall), sinceNanos);
    }

    /** Whether {@link #followSystemClock()} was called: time now moves by itself. */
    public boolean followsSystemClock() {
        return follow != null;
    }

    public long startEpochMillis() {
        return startEpochMillis;
    }

    /** Time elapsed since the clock was created. */
    public Duration elapsed() {
        return Duration.ofNanos(nanoTime());
    }

    /** Moves time forward; returns the new monotonic time. Negative amounts are refused: time never runs back. */
    public long advanceNanos(long nanos) {
        if (nanos < 0) {
            throw new IllegalArgumentException("A simulated clock only moves forward, not by " + nanos + " ns");
        }
        refuseWhenFollowing();
        return elapsedNanos.addAndGet(nanos);
    }

    public long advance(Duration amount) {
        return advanceNanos(amount.toNanos());
    }

    public long advanceMillis(long millis) {
        return advanceNanos(Math.multiplyExact(millis, 1_000_000L));
    }

    public long advanceSeconds(long seconds) {
        return advanceNanos(Math.multiplyExact(seconds, 1_000_000_000L));
    }

    /** Moves forward to {@code epochMillis} (no-op when that instant is already past). */
    public void advanceTo(long epochMillis) {
        refuseWhenFollowing();
        long target = Math.multiplyExact(epochMillis - startEpochMillis, 1_000_000L);
        elapsedNanos.accumulateAndGet(target, Math::max);
    }

    private void refuseWhenFollowing() {
        if (follow != null) {
            throw new IllegalStateException("This clock follows the system clock now; it cannot be moved by hand");
        }
    }

    @Override
    public String toString() {
        return "SimulatedClock[" + Instant.ofEpochMilli(epochMillis()) + "]";
    }
}
