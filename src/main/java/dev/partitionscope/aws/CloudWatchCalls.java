package dev.partitionscope.aws;

import dev.partitionscope.core.metrics.DataState;
import dev.partitionscope.core.metrics.DataStatus;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import software.amazon.awssdk.awscore.exception.AwsServiceException;

/**
 * What CloudWatch reads share: a backoff loop for throttled calls on top of the SDK's own retries (CloudWatch's
 * per-account rates are low, ~20 insight reports/s, and a screen makes many calls), and the mapping from a failure to
 * the {@link DataStatus} the screen shows — access denied with the permission, not supported by this endpoint,
 * throttled, timed out.
 */
final class CloudWatchCalls {
    /** Attempts per call (throttles are retried with backoff up to this many tries). */
    static final int MAX_ATTEMPTS = RetryPolicy.CLOUDWATCH.maxAttempts();

    private CloudWatchCalls() {}

    /**
     * Runs {@code call} under {@code policy} (normally {@link RetryPolicy#CLOUDWATCH}): throttled calls are retried
     * with exponential backoff and jitter.
     *
     * @throws CancellationException when {@code cancelled} turns true while waiting
     */
    static <T> T withBackoff(Supplier<T> call, BooleanSupplier cancelled, RetryPolicy policy) {
        return policy.run(call, cancelled);
    }

    static boolean isThrottling(Throwable t) {
        return t instanceof AwsServiceException e && RetryPolicy.isThrottle(e);
    }

    /** The data state for a failed call of {@code operation} (e.g. "GetMetricData") in service {@code prefix}. */
    static DataStatus status(Throwable error, ConnectionSpec spec, String prefix, String operation) {
        for (Throwable t = error; t != null; t = t.getCause()) {
            if (t instanceof CancellationException) {
                return DataStatus.of(DataState.PARTIAL, "cancelled");
            }
            if (t instanceof AwsServiceException e) {
                String code = e.awsErrorDetails() == null || e.awsErrorDetails().errorCode() == null
                        ? ""
                        : e.awsErrorDetails().errorCode();
                String message = e.awsErrorDetails() == null
                        ? e.getMessage()
                        : e.awsErrorDetails().errorMessage();
                if (code.startsWith("AccessDenied")
                        || code.equals("UnauthorizedOperation")
                        || (e.statusCode() == 403
                                && !code.contains("Signature")
                                && !code.contains("Token")
                                && !code.contains("Expired"))) {
                    String named = ErrorTranslator.missingPermission(message, null, operation);
                    return DataStatus.accessDenied(
                            named.startsWith("dynamodb:") && prefix.equals("cloudwatch")
                                    ? "cloudwatch:" + operation
                                    : named);
                }
                if (isNotFound(e)) {
                    return DataStatus.of(
                            DataState.RULE_MISSING,
                            "CloudWatch no longer has what " + operation
                                    + " asked for; refresh the status and load again");
                }
                if (code.equals("UnknownOperationException")
                        || code.equals("UnknownOperation")
                        || code.equals("InvalidAction")
                        || e.statusCode() == 501
                        || e.statusCode() == 404) {
                    return notSupported(spec, operation);
                }
                if (isThrottling(e)) {
                    return DataStatus.of(
                            DataState.FAILED,
                            "CloudWatch kept throttling " + operation + " after " + MAX_ATTEMPTS
                                    + " tries with backoff (" + code + "); refresh in a minute");
                }
            }
        }
        UserMessage m = ErrorTranslator.translate(error, spec, operation);
        if (m.headline().startsWith("Not supported")) {
            return notSupported(spec, operation);
        }
        return DataStatus.of(DataState.FAILED, m.headline() + ": " + m.detail());
    }

    /**
     * Whether CloudWatch answered that the thing asked for does not exist (a deleted insight rule:
     * ResourceNotFoundException, HTTP 404) — unlike an endpoint that does not implement the call at all.
     */
    static boolean isNotFound(Throwable error) {
        for (Throwable t = error; t != null; t = t.getCause()) {
            if (t instanceof AwsServiceException e
                    && e.awsErrorDetails() != null
                    && e.awsErrorDetails().errorCode() != null
                    && e.awsErrorDetails().errorCode().startsWith("ResourceNotFound")) {
                return true;
            }
        }
        return false;
    }

    static DataStatus notSupported(ConnectionSpec spec, String operation) {
        String who = spec == null
                ? "This endpoint"
                : switch (spec.kind()) {
                    case LOCALSTACK -> "LocalStack";
                    case AWS -> "AWS";
                    default -> "This endpoint (" + spec.endpoint() + ")";
                };
        String hint = spec != null && spec.kind() != ConnectionKind.AWS && spec.kind() != ConnectionKind.LAB
                ? "; connect through the Lab proxy (\"Meter and throttle through the Lab\") to get metrics and"
                        + " Contributor Insights for it"
                : "";
        return DataStatus.of(DataState.NOT_SUPPORTED, who + " does not implement " + operation + hint);
    }
}
