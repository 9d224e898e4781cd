package dev.partitionscope.lab.engine;

import dev.partitionscope.lab.partition.ThrottleReason;
import java.util.List;

/**
 * An error the Lab answers with, in DynamoDB's shape: {@code __type} is
 * {@code com.amazonaws.dynamodb.v20120810#<name>}, HTTP 400 (500 for internal errors). Throttles carry the
 * ThrottlingReasons the SDKs read since August 2025.
 */
public final class LabException extends RuntimeException {
    private final String name;
    private final int status;
    private final transient List<ThrottleReason> reasons;
    private final transient com.fasterxml.jackson.databind.JsonNode extra;

    public LabException(String name, String message) {
        this(name, message, 400, List.of(), null);
    }

    public LabException(String name, String message, int status, List<ThrottleReason> reasons,
                        com.fasterxml.jackson.databind.JsonNode extra) {
        super(message, null, false, false);
        this.name = name;
        this.status = status;
        this.reasons = List.copyOf(reasons);
        this.extra = extra;
    }

    public static LabException validation(String message) {
        return new LabException("ValidationException", message);
    }

    public static LabException notFound(String message) {
        return new LabException("ResourceNotFoundException", message);
    }

    public static LabException inUse(String message) {
        return new LabException("ResourceInUseException", message);
    }

    public static LabException conditionFailed(com.fasterxml.jackson.databind.JsonNode item) {
        return new LabException("ConditionalCheckFailedException", "The conditional request failed", 400, List.of(),
                item);
    }

    public static LabException throttled(String exceptionName, List<ThrottleReason> reasons) {
        String message = exceptionName.equals("ThrottlingException")
                ? "Throughput exceeds the maximum allowed for the table or account."
                : "The level of configured provisioned throughput for the table was exceeded. Consider increasing"
                + " your provisioning level with the UpdateTable API.";
        return new LabException(exceptionName, message, 400, reasons, null);
    }

    /** Short exception name, e.g. "ValidationException". */
    public String name() {
        return name;
    }

    public int status() {
        return status;
    }

    public List<ThrottleReason> reasons() {
        return reasons;
    }

    /** Extra body fields (e.g. the existing Item of a failed condition when ReturnValuesOnConditionCheckFailure). */
    public com.fasterxml.jackson.databind.JsonNode extra() {
        return extra;
    }
}
