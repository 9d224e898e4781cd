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
     * Which exception DynamoDB raises: on-demand limits (table maximum, account limit) give ThrottlingException,
     * everything else ProvisionedThroughputExceededException.
     */
    public String exceptionName() {
        boolean onDemandLimit = reasons.stream().allMatch(r -> r.cause() == ThrottleReason.Cause.MAX_ON_DEMAND
                || r.cause() == ThrottleReason.Cause.ACCOUNT_LIMIT);
        return !reasons.isEmpty() && onDemandLimit ? "ThrottlingException" : "ProvisionedThroughputExceededException";
    }
}
