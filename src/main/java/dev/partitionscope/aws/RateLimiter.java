package dev.partitionscope.aws;

import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;

/**
 * Spaces calls to at most {@code permitsPerSecond}, shared by the threads of one load. CloudWatch allows about 20
 * GetInsightRuleReport calls a second per region; going faster only buys throttling errors and backoff.
 */
final class RateLimiter {
    private final long intervalNanos;
    private long next;

    RateLimiter(double permitsPerSecond) {
        this.intervalNanos = Double.isInfinite(permitsPerSecond) ? 0 : (long) (1e9 / permitsPerSecond);
        this.next = System.nanoTime();
    }

    static RateLimiter unlimited() {
        return new RateLimiter(Double.POSITIVE_INFINITY);
    }

    /** Waits for the next slot; throws {@link CancellationException} when cancelled while waiting. */
    void acquire(BooleanSupplier cancelled) {
        if (intervalNanos == 0) {
            return;
        }
        long slot;
        synchronized (this) {
            long now = System.nanoTime();
            slot = Math.max(now, next);
            next = slot + intervalNanos;
        }
        try {
            while (true) {
                long wait = slot - System.nanoTime();
                if (wait <= 0) {
                    return;
                }
                if (cancelled.getAsBoolean()) {
                    throw new CancellationException();
                }
                Thread.sleep(Math.max(1, Math.min(50, wait / 1_000_000)));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException();
        }
    }
}
