package dev.partitionscope.aws;

import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.AbortedException;
import software.amazon.awssdk.core.exception.SdkClientException;

/**
 * The one rule for calls the app retries by itself (scatter-gather pages, audit scans, CloudWatch reads): every
 * failure is a {@link Kind} — throttled, transient, cancelled or fatal — and throttled and transient calls are tried
 * again after an exponential backoff with full jitter, up to a number of attempts; a cancel is never retried and
 * always wins a wait. Callers keep their own counting (a throttle's reasons, a span per attempt); what is retried,
 * how long to wait and when to give up are decided here.
 */
public final class RetryPolicy {
    /** How a failed call is treated. */
    public enum Kind {
        /** The service refused for rate (DynamoDB's three throttling exceptions, CloudWatch's Throttling, HTTP 429). */
        THROTTLED,
        /** Worth another try: a 5xx, a timed-out attempt, a dropped connection. */
        TRANSIENT,
        /** The user cancelled (an aborted call, an interrupt, a cancellation). */
        CANCELLED,
        /** Anything else: retrying would fail the same way. */
        FATAL
    }

    /** Delay before retry {@code attempt} (1-based). */
    @FunctionalInterface
    public interface Backoff {
        long delayMillis(int attempt);

        /** 50 ms doubling to 3.2 s, plus up to 100 % jitter: DynamoDB pages. */
        Backoff DEFAULT = exponential(50, 3_200);

        /** 250 ms doubling to 8 s, plus jitter: CloudWatch, whose per-account rates are low. */
        Backoff CLOUDWATCH = exponential(250, 8_000);

        static Backoff exponential(long firstMillis, long capMillis) {
            return attempt -> {
                long base = Math.min(capMillis, firstMillis << Math.min(Math.max(attempt - 1, 0), 20));
                return base + ThreadLocalRandom.current().nextLong(base + 1);
            };
        }
    }

    /** Error codes that mean "slow down" across DynamoDB and CloudWatch. */
    private static final Set<String> THROTTLING_CODES = Set.of(
            "Throttling",
            "ThrottlingException",
            "ProvisionedThroughputExceededException",
            "RequestLimitExceeded",
            "LimitExceeded",
            "LimitExceededException",
            "TooManyRequestsException");

    /** Scatter-gather and the audit: 7 backoffs from 50 ms to 3.2 s, ~6–13 s in all with jitter. */
    public static final RetryPolicy DYNAMODB = new RetryPolicy(Backoff.DEFAULT, 8, true);

    /**
     * CloudWatch reads: throttles only (the SDK's own retries, on for CloudWatch clients, already cover transient
     * errors), 4 attempts.
     */
    public static final RetryPolicy CLOUDWATCH = new RetryPolicy(Backoff.CLOUDWATCH, 4, false);

    private final Backoff backoff;
    private final int maxAttempts;
    private final boolean retryTransient;

    public RetryPolicy(Backoff backoff, int maxAttempts, boolean retryTransient) {
        this.backoff = backoff;
        this.maxAttempts = Math.max(1, maxAttempts);
        this.retryTransient = retryTransient;
    }

    /** The same rule with another backoff (tests shorten it) or number of attempts. */
    public RetryPolicy with(Backoff b, int attempts) {
        return new RetryPolicy(b, attempts, retryTransient);
    }

    public int maxAttempts() {
        return maxAttempts;
    }

    /** What kind of failure {@code e} is; {@code cancelled} says whether the caller has been cancelled meanwhile. */
    public static Kind classify(Throwable e, BooleanSupplier cancelled) {
        if (cancelled.getAsBoolean() || Thread.currentThread().isInterrupted()) {
            return Kind.CANCELLED;
        }
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof AbortedException
                    || t instanceof CancellationException
                    || t instanceof InterruptedException) {
                return Kind.CANCELLED;
            }
        }
        if (e instanceof AwsServiceException a) {
            if (isThrottle(a)) {
                return Kind.THROTTLED;
            }
            return a.statusCode() >= 500 ? Kind.TRANSIENT : Kind.FATAL;
        }
        if (e instanceof SdkClientException) {
            return Kind.TRANSIENT; // a timed-out attempt, a refused or dropped connection
        }
        return Kind.FATAL;
    }

    /** Whether the service asked to slow down. */
    public static boolean isThrottle(AwsServiceException e) {
        String code = e.awsErrorDetails() == null ? null : e.awsErrorDetails().errorCode();
        return Throttles.isThrottle(e)
                || e.isThrottlingException()
                || e.statusCode() == 429
                || (code != null && THROTTLING_CODES.contains(code));
    }

    /** Whether a call that failed this way on attempt {@code attempt} (1-based) is tried again. */
    public boolean retries(Kind kind, int attempt) {
        boolean kindRetried = kind == Kind.THROTTLED || (kind == Kind.TRANSIENT && retryTransient);
        return kindRetried && attempt < maxAttempts;
    }

    /** Waits before retry {@code attempt}; false when cancelled (or interrupted) meanwhile. */
    public boolean pause(int attempt, BooleanSupplier cancelled) {
        return Throttles.sleep(backoff.delayMillis(attempt), cancelled);
    }

    /**
     * Runs {@code call} under this policy: throttled (and, where the policy says so, transient) failures are tried
     * again after a backoff; the last failure is thrown as it came.
     *
     * @throws CancellationException when cancelled before or between attempts
     */
    public <T> T run(Supplier<T> call, BooleanSupplier cancelled) {
        for (int attempt = 1; ; attempt++) {
            if (cancelled.getAsBoolean()) {
                throw new CancellationException();
            }
            try {
                return call.get();
            } catch (RuntimeException e) {
                Kind kind = classify(e, cancelled);
                if (kind == Kind.CANCELLED) {
                    throw e instanceof CancellationException c ? c : cancellation(e);
                }
                if (!retries(kind, attempt)) {
                    throw e;
                }
                if (!pause(attempt, cancelled)) {
                    throw new CancellationException();
                }
            }
        }
    }

    private static CancellationException cancellation(Throwable cause) {
        CancellationException c = new CancellationException("cancelled");
        c.initCause(cause);
        return c;
    }
}
