package dev.partitionscope.lab.clock;

/**
 * Time as the Lab sees it. Real time for a live Lab; simulated time for deterministic tests and fast-forwarded demos,
 * where an hour of traffic can be modelled in seconds. Everything time-dependent in the Lab (token refill, burst
 * accumulation, split for heat, metering buckets) reads this clock and never the system clock directly.
 */
public interface LabClock {
    /** Monotonic nanoseconds (only differences are meaningful). */
    long nanoTime();

    /** Wall-clock milliseconds since the epoch, for timestamps shown to users and metric buckets. */
    long epochMillis();
}
