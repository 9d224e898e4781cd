package dev.partitionscope.aws;

import java.util.List;
import java.util.function.BooleanSupplier;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.SdkPlugin;
import software.amazon.awssdk.services.dynamodb.DynamoDbServiceClientConfiguration;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.RequestLimitExceededException;
import software.amazon.awssdk.services.dynamodb.model.ThrottlingException;
import software.amazon.awssdk.services.dynamodb.model.ThrottlingReason;

/**
 * What the readers that back off by themselves ({@link ScatterGather}, {@link AuditSampler}) share: switching the
 * SDK's own retries off for one request, so every throttle reaches the reader to be counted with its reason; the
 * service's ThrottlingReasons of a throttle; and a sleep that a cancel cuts short.
 */
final class Throttles {
    /** A per-request plugin: the SDK does not retry this request (the reader does, with its own backoff). */
    static final SdkPlugin NO_SDK_RETRY = config -> {
        var b = (DynamoDbServiceClientConfiguration.Builder) config;
        b.overrideConfiguration(b.overrideConfiguration().toBuilder()
                .retryStrategy(AwsRetryStrategy.doNotRetry())
                .build());
    };

    private Throttles() {}

    /** True for the three exceptions DynamoDB throttles with. */
    static boolean isThrottle(Throwable e) {
        return e instanceof ProvisionedThroughputExceededException
                || e instanceof ThrottlingException
                || e instanceof RequestLimitExceededException;
    }

    /** The error code the service gave, or the exception's class name when it gave none. */
    static String code(AwsServiceException e) {
        return e.awsErrorDetails() == null
                ? e.getClass().getSimpleName()
                : e.awsErrorDetails().errorCode();
    }

    /** The ThrottlingReasons of a throttle (since August 2025); empty when the service sent none. */
    static List<ThrottlingReason> reasons(AwsServiceException e) {
        if (e instanceof ProvisionedThroughputExceededException p && p.hasThrottlingReasons()) {
            return p.throttlingReasons();
        }
        if (e instanceof ThrottlingException t && t.hasThrottlingReasons()) {
            return t.throttlingReasons();
        }
        if (e instanceof RequestLimitExceededException r && r.hasThrottlingReasons()) {
            return r.throttlingReasons();
        }
        return List.of();
    }

    /** Sleeps {@code millis}, looking at {@code cancelled} every 20 ms; false when cancelled or interrupted. */
    static boolean sleep(long millis, BooleanSupplier cancelled) {
        long until = System.currentTimeMillis() + millis;
        try {
            while (System.currentTimeMillis() < until) {
                if (cancelled.getAsBoolean()) {
                    return false;
                }
                Thread.sleep(Math.min(20, Math.max(1, until - System.currentTimeMillis())));
            }
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
