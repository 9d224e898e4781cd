package dev.partitionscope.lab.partition;

import java.util.List;

/**
 * The partition model's answer to one request: allowed (and charged), or throttled with every reason that applied.
 * A throttled request is charged nothing and must change nothing.
 */
public record Decision(boolean allowed, List<ThrottleReason> reasons) {
    public static final Decision ALLOWED = new Decision(true, List.of());

    public Decision {
        reasons = List.copyOf(reasons);
    }

    public static Decision throttled(List<ThrottleReason> reasons) {
        return new Decision(false, reasons);
    }

    /**
     * Which exception DynamoDB raises. The account's per-table quota is RequestLimitExceeded ("throughput exceeds
     * the current throughput quota for your account"), an on-demand table's own maximum is ThrottlingException, and
     * everything else (provisioned capacity, hot key ranges) ProvisionedThroughputExceededException. When reasons of
     * several kinds apply, the partition-level one wins: it is the one the caller can act on by spreading keys.
     */
    public String exceptionName() {
        if (reasons.isEmpty()) {
            return "ProvisionedThroughputExceededException";
        }
        if (reasons.stream().allMatch(r -> r.cause() == ThrottleReason.Cause.ACCOUNT_LIMIT)) {
            return "RequestLimitExceeded";
        }
        boolean onDemandLimit = reasons.stream()
                .allMatch(r -> r.cause() == ThrottleReason.Cause.MAX_ON_DEMAND
                        || r.cause() == ThrottleReason.Cause.ACCOUNT_LIMIT);
        return onDemandLimit ? "ThrottlingException" : "ProvisionedThroughputExceededException";
    }
}
