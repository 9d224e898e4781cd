package dev.partitionscope.core.metrics;

import dev.partitionscope.core.iam.IamPolicies;

/**
 * A {@link DataState} with what the user needs to act on it: a sentence of detail and, for access denied, the IAM
 * permission that is missing.
 */
public record DataStatus(DataState state, String detail, String permission) {
    public static final DataStatus DATA = new DataStatus(DataState.DATA, null, null);
    public static final DataStatus ZERO = new DataStatus(DataState.ZERO, null, null);
    public static final DataStatus NO_DATA = new DataStatus(DataState.NO_DATA, null, null);

    public static DataStatus of(DataState state, String detail) {
        return new DataStatus(state, detail, null);
    }

    public static DataStatus accessDenied(String permission) {
        return new DataStatus(
                DataState.ACCESS_DENIED,
                "The credentials are not allowed to call " + permission + ". "
                        + IamPolicies.accessDeniedHint(permission),
                permission);
    }

    /** One line for a chart or banner: "Access denied — needs cloudwatch:GetMetricData (docs/iam.md)". */
    public String message() {
        String base = state.label();
        if (permission != null) {
            return base + " — needs " + permission + " (" + IamPolicies.DOC + ")";
        }
        return detail == null ? base : base + " — " + detail;
    }
}
