package dev.partitionscope.lab.meter;

import dev.partitionscope.lab.partition.ThrottleReason;
import java.util.List;

/** Building RequestRecords and reasons tersely in tests. */
final class Records {
    static final String ARN = "arn:aws:dynamodb:us-east-1:000000000000:table/Orders";
    static final String GSI_ARN = ARN + "/index/byStatus";

    private Records() {}

    static RequestRecord put(String pk, String sk, double wcu) {
        return new RequestRecord("Orders", null, "PutItem", pk, sk, 0, wcu, List.of(), List.of(), 2_000_000, 0);
    }

    static RequestRecord get(String pk, String sk, double rcu) {
        return new RequestRecord("Orders", null, "GetItem", pk, sk, rcu, 0, List.of(), List.of(), 1_000_000, 1);
    }

    static RequestRecord throttledPut(String pk, String sk, ThrottleReason... reasons) {
        return new RequestRecord("Orders", null, "PutItem", pk, sk, 0, 0, List.of(), List.of(reasons), 500_000, 0);
    }

    static ThrottleReason tableWrite(ThrottleReason.Cause cause) {
        return new ThrottleReason(false, true, cause, ARN);
    }

    static ThrottleReason indexWrite(ThrottleReason.Cause cause) {
        return new ThrottleReason(true, true, cause, GSI_ARN);
    }

    static ThrottleReason indexRead(ThrottleReason.Cause cause) {
        return new ThrottleReason(true, false, cause, GSI_ARN);
    }
}
