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

    /** A clock whose wall time starts at {@code startEpochMillis} and whose monotonic time starts at 0. */
    public SimulatedClock(long startEpochMillis) {
        this.startEpochMillis = startEpochMillis;
    }

    public SimulatedClock(Instant start) {
        this(start.toEpochMilli());
    }

    @Override
    public long nanoTime() {
        return elapsedNanos.get();
    }

    @Override
    public long epochMillis() {
        return startEpochMillis + elapsedNanos.get() / 1_000_000L;
    }

    public long startEpochMillis() {
        return startEpochMillis;
    }

    /** Time elapsed since the clock was created. */
    public Duration elapsed() {
        return Duration.ofNanos(elapsedNanos.get());
    }

    /** Moves time forward; returns the new monotonic time. Negative amounts are refused: time never runs back. */
    public long advanceNanos(long nanos) {
        if (nanos < 0) {
            throw new IllegalArgumentException("A simulated clock only moves forward, not by " + nanos + " ns");
        }
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
        long target = Math.multiplyExact(epochMillis - startEpochMillis, 1_000_000L);
        elapsedNanos.accumulateAndGet(target, Math::max);
    }

    @Override
    public String toString() {
        return "SimulatedClock[" + Instant.ofEpochMilli(epochMillis()) + "]";
    }
}
