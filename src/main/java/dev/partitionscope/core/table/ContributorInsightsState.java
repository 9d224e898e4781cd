package dev.partitionscope.core.table;

import java.util.List;
import java.util.Locale;

/**
 * Contributor Insights status for one table or GSI, with the CloudWatch rule names DynamoDB reports for it (never
 * built by hand: AWS may change them). The product keeps "not supported by this endpoint" and
 * "access denied" apart from "disabled": each calls for a different next step.
 */
public record ContributorInsightsState(
        String tableName, String indexName, Status status, String mode, String detail, List<String> rules) {

    public ContributorInsightsState {
        rules = rules == null ? List.of() : List.copyOf(rules);
    }

    public ContributorInsightsState(String tableName, String indexName, Status status, String mode, String detail) {
        this(tableName, indexName, status, mode, detail, List.of());
    }

    public enum Status {
        ENABLED,
        ENABLING,
        DISABLED,
        DISABLING,
        FAILED,
        NOT_SUPPORTED,
        ACCESS_DENIED,
        UNAVAILABLE;

        public static Status fromWire(String wire) {
            if (wire == null) {
                return UNAVAILABLE;
            }
            try {
                return valueOf(wire);
            } catch (IllegalArgumentException e) {
                return UNAVAILABLE;
            }
        }
    }

    /** The table itself or the GSI's name, for display. */
    public String resourceLabel() {
        return indexName == null ? tableName + " (table)" : indexName + " (GSI)";
    }

    public String describe() {
        return switch (status) {
            case ENABLED, ENABLING, DISABLING ->
                status.name().charAt(0)
                        + status.name().substring(1).toLowerCase(Locale.ROOT)
                        + (mode == null ? "" : " · " + modeLabel(mode));
            case DISABLED -> "Disabled";
            case FAILED -> "Failed" + (detail == null ? "" : ": " + detail);
            case NOT_SUPPORTED -> "Not supported by this endpoint";
            case ACCESS_DENIED -> "Access denied" + (detail == null ? "" : " (" + detail + ")");
            case UNAVAILABLE -> "Unavailable" + (detail == null ? "" : ": " + detail);
        };
    }

    static String modeLabel(String mode) {
        return switch (mode) {
            case "ACCESSED_AND_THROTTLED_KEYS" -> "accessed and throttled keys";
            case "THROTTLED_KEYS" -> "throttled keys only";
            default -> mode;
        };
    }
}
