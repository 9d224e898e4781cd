package dev.partitionscope.lab.workload;

import java.time.Duration;

/**
 * How to run a variant: the overrides a user may set (null keeps the scenario's value) and the run's knobs.
 *
 * @param rate        operations per second
 * @param duration    how long (real or simulated time)
 * @param skewPercent share of requests on the hottest key of the scenario's skew generator, percent
 * @param itemSize    bytes per written item
 * @param seed        random seed: the same seed makes the same keys
 * @param threads     worker threads of a real-time run
 */
public record RunSettings(
        Double rate, Duration duration, Double skewPercent, Integer itemSize, long seed, int threads) {
    public static final long DEFAULT_SEED = 42;
    public static final int DEFAULT_THREADS = 8;

    public RunSettings {
        if (rate != null && !(rate > 0 && rate <= 1_000_000)) {
            throw new IllegalArgumentException(
                    "the rate must be above 0 and at most 1,000,000 operations/s, not " + rate);
        }
        if (duration != null && (duration.isNegative() || duration.isZero())) {
            throw new IllegalArgumentException("the duration must be positive, not " + duration);
        }
        if (skewPercent != null && !(skewPercent > 0 && skewPercent <= 100)) {
            throw new IllegalArgumentException(
                    "the key skew is a share of requests: above 0 and at most 100 %, not " + skewPercent);
        }
        if (itemSize != null && (itemSize < 1 || itemSize > 400 * 1024)) {
            throw new IllegalArgumentException("the item size must be 1 byte to 400 KB, not " + itemSize);
        }
        if (threads < 1 || threads > 256) {
            throw new IllegalArgumentException("threads must be 1 to 256, not " + threads);
        }
    }

    public static RunSettings defaults() {
        return new RunSettings(null, null, null, null, DEFAULT_SEED, DEFAULT_THREADS);
    }

    public RunSettings withRate(Double r) {
        return new RunSettings(r, duration, skewPercent, itemSize, seed, threads);
    }

    public RunSettings withDuration(Duration d) {
        return new RunSettings(rate, d, skewPercent, itemSize, seed, threads);
    }

    public RunSettings withSkewPercent(Double s) {
        return new RunSettings(rate, duration, s, itemSize, seed, threads);
    }

    public RunSettings withItemSize(Integer bytes) {
        return new RunSettings(rate, duration, skewPercent, bytes, seed, threads);
    }

    public RunSettings withSeed(long s) {
        return new RunSettings(rate, duration, skewPercent, itemSize, s, threads);
    }

    public RunSettings withThreads(int t) {
        return new RunSettings(rate, duration, skewPercent, itemSize, seed, t);
    }
}
