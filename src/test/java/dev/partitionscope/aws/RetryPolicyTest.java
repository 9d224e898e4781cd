package dev.partitionscope.aws;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.AbortedException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.RequestLimitExceededException;
import software.amazon.awssdk.services.dynamodb.model.ThrottlingException;

class RetryPolicyTest {
    private static AwsServiceException service(int status, String code) {
        return AwsServiceException.builder()
                .statusCode(status)
                .awsErrorDetails(AwsErrorDetails.builder()
                        .errorCode(code)
                        .errorMessage(code)
                        .build())
                .build();
    }

    @Test
    void everyFailureIsOneOfFourKinds() {
        assertThat(RetryPolicy.classify(
                        ProvisionedThroughputExceededException.builder().build(), () -> false))
                .isEqualTo(RetryPolicy.Kind.THROTTLED);
        assertThat(RetryPolicy.classify(ThrottlingException.builder().build(), () -> false))
                .isEqualTo(RetryPolicy.Kind.THROTTLED);
        assertThat(RetryPolicy.classify(RequestLimitExceededException.builder().build(), () -> false))
                .isEqualTo(RetryPolicy.Kind.THROTTLED);
        assertThat(RetryPolicy.classify(service(400, "Throttling"), () -> false))
                .as("CloudWatch's code")
                .isEqualTo(RetryPolicy.Kind.THROTTLED);
        assertThat(RetryPolicy.classify(service(429, "Whatever"), () -> false)).isEqualTo(RetryPolicy.Kind.THROTTLED);
        assertThat(RetryPolicy.classify(service(503, "ServiceUnavailable"), () -> false))
                .isEqualTo(RetryPolicy.Kind.TRANSIENT);
        assertThat(RetryPolicy.classify(SdkClientException.create("Read timed out"), () -> false))
                .isEqualTo(RetryPolicy.Kind.TRANSIENT);
        assertThat(RetryPolicy.classify(service(400, "ValidationException"), () -> false))
                .isEqualTo(RetryPolicy.Kind.FATAL);
        assertThat(RetryPolicy.classify(new IllegalStateException("bug"), () -> false))
                .isEqualTo(RetryPolicy.Kind.FATAL);
        assertThat(RetryPolicy.classify(AbortedException.create("aborted"), () -> false))
                .isEqualTo(RetryPolicy.Kind.CANCELLED);
        assertThat(RetryPolicy.classify(service(503, "ServiceUnavailable"), () -> true))
                .as("a cancel wins")
                .isEqualTo(RetryPolicy.Kind.CANCELLED);
    }

    @Test
    void throttlesAndTransientErrorsAreRetriedUpToTheAttemptsFatalOnesNever() {
        RetryPolicy p = new RetryPolicy(a -> 0, 3, true);
        assertThat(p.retries(RetryPolicy.Kind.THROTTLED, 1)).isTrue();
        assertThat(p.retries(RetryPolicy.Kind.THROTTLED, 3)).isFalse();
        assertThat(p.retries(RetryPolicy.Kind.TRANSIENT, 2)).isTrue();
        assertThat(p.retries(RetryPolicy.Kind.FATAL, 1)).isFalse();
        assertThat(p.retries(RetryPolicy.Kind.CANCELLED, 1)).isFalse();
        assertThat(RetryPolicy.CLOUDWATCH.retries(RetryPolicy.Kind.TRANSIENT, 1))
                .as("CloudWatch clients keep the SDK's retries for transient errors")
                .isFalse();
    }

    @Test
    void runRetriesUntilItPassesAndThrowsTheLastFailureOtherwise() {
        AtomicInteger calls = new AtomicInteger();
        String ok = new RetryPolicy(a -> 1, 4, true)
                .run(
                        () -> {
                            if (calls.incrementAndGet() < 3) {
                                throw ThrottlingException.builder()
                                        .message("slow down")
                                        .build();
                            }
                            return "ok";
                        },
                        () -> false);
        assertThat(ok).isEqualTo("ok");
        assertThat(calls).hasValue(3);

        calls.set(0);
        assertThatThrownBy(() -> new RetryPolicy(a -> 1, 2, true)
                        .run(
                                () -> {
                                    calls.incrementAndGet();
                                    throw service(500, "InternalServerError");
                                },
                                () -> false))
                .isInstanceOf(AwsServiceException.class);
        assertThat(calls).hasValue(2);

        calls.set(0);
        assertThatThrownBy(() -> new RetryPolicy(a -> 1, 5, true)
                        .run(
                                () -> {
                                    calls.incrementAndGet();
                                    throw service(400, "ValidationException");
                                },
                                () -> false))
                .isInstanceOf(AwsServiceException.class);
        assertThat(calls).as("fatal: no retry").hasValue(1);
    }

    @Test
    void aCancelDuringTheBackoffEndsTheWaitAtOnce() {
        AtomicInteger calls = new AtomicInteger();
        long t0 = System.nanoTime();
        assertThatThrownBy(() -> new RetryPolicy(a -> 60_000, 5, true)
                        .run(
                                () -> {
                                    calls.incrementAndGet();
                                    throw ThrottlingException.builder().build();
                                },
                                () -> calls.get() > 0))
                .isInstanceOf(CancellationException.class);
        assertThat((System.nanoTime() - t0) / 1_000_000).isLessThan(5_000);
    }

    @Test
    void theBackoffDoublesFromItsFirstDelayToItsCapWithJitterOnTop() {
        RetryPolicy.Backoff b = RetryPolicy.Backoff.exponential(50, 3_200);
        for (int i = 0; i < 200; i++) {
            assertThat(b.delayMillis(1)).isBetween(50L, 100L);
            assertThat(b.delayMillis(3)).isBetween(200L, 400L);
            assertThat(b.delayMillis(12)).isBetween(3_200L, 6_400L);
        }
    }
}
