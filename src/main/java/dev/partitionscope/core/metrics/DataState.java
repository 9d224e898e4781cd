package dev.partitionscope.core.metrics;

/**
 * Why a chart or table shows what it shows. Each state calls for a different next step, so the product never folds
 * them into one "no data": an idle table, a feature that is off, an endpoint that cannot answer and a missing
 * permission look alike as an empty chart but are not alike.
 */
public enum DataState {
    /** Datapoints with at least one non-zero value. */
    DATA("Data"),
    /** Datapoints, all zero (or a counting metric with no datapoints while the table had traffic). */
    ZERO("Zero"),
    /** No datapoints at all in the range: no traffic, or nothing published yet. */
    NO_DATA("No data"),
    /** The feature that would produce the data is switched off (Contributor Insights disabled). */
    NOT_ENABLED("Not enabled"),
    /**
     * A Contributor Insights rule the status named is gone (the feature was disabled, or its mode changed, since the
     * status was read): refresh the status, then load again.
     */
    RULE_MISSING("Rule not found"),
    /** The endpoint does not implement the API (LocalStack, DynamoDB Local, dynalite). */
    NOT_SUPPORTED("Not supported by this endpoint"),
    /** The credentials lack a permission; {@link DataStatus#permission()} names it. */
    ACCESS_DENIED("Access denied"),
    /** Shown, but cut: Contributor Insights returns at most 25 keys per report. */
    TRUNCATED("Truncated"),
    /** Some of the data loaded, some failed or was cancelled. */
    PARTIAL("Partial"),
    /** Nothing loaded; {@link DataStatus#detail()} says why. */
    FAILED("Failed");

    private final String label;

    DataState(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** Whether there is something to draw. */
    public boolean hasValues() {
        return this == DATA || this == ZERO || this == TRUNCATED || this == PARTIAL;
    }
}
