package dev.partitionscope.aws;

import java.time.Instant;
import java.util.Optional;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;

/**
 * "Now" as the endpoint sees it. AWS, LocalStack and dynalite live in real time; a PartitionScope Lab says its own
 * time in every answer ({@code x-partitionscope-lab-time}), because a fast-forwarded or replayed Lab lives in
 * simulated time and "the last 3 hours" must mean its last 3 hours. Learned from every response, on both clients.
 */
public final class EndpointClock implements ExecutionInterceptor {
    static final String HEADER = "x-partitionscope-lab-time";

    private volatile long endpointMillis = Long.MIN_VALUE;
    private volatile long seenAtNanos;

    @Override
    public void afterTransmission(Context.AfterTransmission context, ExecutionAttributes attributes) {
        context.httpResponse().firstMatchingHeader(HEADER).ifPresent(v -> {
            try {
                long millis = Long.parseLong(v.trim());
                seenAtNanos = System.nanoTime();
                endpointMillis = millis;
            } catch (NumberFormatException ignored) {
                // not a Lab's header: keep the real clock
            }
        });
    }

    /** The endpoint's time, when it has said it (a Lab); empty for real-time endpoints. */
    public Optional<Instant> reported() {
        long m = endpointMillis;
        if (m == Long.MIN_VALUE) {
            return Optional.empty();
        }
        return Optional.of(Instant.ofEpochMilli(m + (System.nanoTime() - seenAtNanos) / 1_000_000));
    }

    /** The endpoint's time: what it last said plus the time since, or this machine's clock. */
    public Instant now() {
        return reported().orElseGet(Instant::now);
    }
}
