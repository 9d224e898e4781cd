package dev.partitionscope.lab.partition;

/**
 * A token bucket refilled lazily from the Lab clock: no timer thread, so simulated time can jump an hour ahead and
 * the next request sees exactly the tokens an hour of refill gives (capped). {@code pending} holds the demand of the
 * request being decided, so a request that hits the same bucket twice (a GSI written twice when its key changes)
 * is checked against its total, and a throttled request never touches {@code tokens}.
 */
final class Bucket {
    double rate;
    double capacity;
    double tokens;
    long lastNanos;
    double pending;

    Bucket(double rate, double capacity, double initialTokens, long now) {
        this.rate = rate;
        this.capacity = capacity;
        this.tokens = Math.min(initialTokens, capacity);
        this.lastNanos = now;
    }

    void refill(long now) {
        long dt = now - lastNanos;
        if (dt > 0) {
            // Math.min rather than a branch: "bucket full" may first happen after minutes of simulated time, and a
            // branch the JIT had never seen taken would then deoptimize the whole hot path.
            tokens = Math.min(tokens + rate * (dt * 1e-9), capacity);
            lastNanos = now;
        }
    }

    /**
     * Whether the pending demand fits. A demand larger than the whole bucket is admitted when the bucket is full
     * and leaves it in debt; without that, an item costing more than one second of a tiny table's rate could
     * never be written (DynamoDB does accept it).
     */
    boolean admits() {
        double p = pending;
        return p <= 0 || (capacity > 0 && tokens >= Math.min(p, capacity));
    }

    /**
     * A bucket of {@code rate × windowSeconds} tokens: {@code existing} resized (keeping the tokens earned so far,
     * capped), or a new one holding {@code startSeconds} of its rate (burst is earned by idling, not granted).
     */
    static Bucket resize(Bucket existing, double rate, double windowSeconds, double startSeconds, long now) {
        double cap = rate * windowSeconds;
        if (existing == null) {
            return new Bucket(rate, cap, rate * startSeconds, now);
        }
        existing.reconfigure(rate, cap, now);
        return existing;
    }

    /** Changes the rate and size, keeping the tokens earned so far (capped). */
    void reconfigure(double newRate, double newCapacity, long now) {
        refill(now);
        rate = newRate;
        capacity = newCapacity;
        if (tokens > capacity) {
            tokens = capacity;
        }
    }
}
