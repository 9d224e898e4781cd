package dev.partitionscope.lab.wire;

import com.fasterxml.jackson.databind.JsonNode;
import dev.partitionscope.lab.partition.ThrottleReason;
import java.util.List;

/**
 * An error the Lab answers with, in DynamoDB's shape: {@code __type} is {@code <namespace>#<name>}, HTTP 400 (500 for
 * internal errors). The namespace says which layer of DynamoDB refuses: {@code com.amazon.coral.service} for the
 * request as a whole (unknown operation, unreadable body — these spell their text {@code Message}),
 * {@code com.amazon.coral.validate} for every ValidationException, {@code com.amazonaws.dynamodb.v20120810} for the
 * service's own errors. Throttles carry the ThrottlingReasons the SDKs read since August 2025.
 */
public final class LabException extends RuntimeException {
    public static final String DYNAMODB = "com.amazonaws.dynamodb.v20120810";
    public static final String CORAL_SERVICE = "com.amazon.coral.service";
    public static final String CORAL_VALIDATE = "com.amazon.coral.validate";

    private final String name;
    private final String namespace;
    private final int status;
    private final boolean capitalMessage;
    private final transient List<ThrottleReason> reasons;
    private final transient JsonNode extra;

    public LabException(String name, String message) {
        this(name, message, 400, List.of(), null);
    }

    public LabException(String name, String message, int status, List<ThrottleReason> reasons, JsonNode extra) {
        this(DYNAMODB, name, message, status, false, reasons, extra);
    }

    private LabException(
            String namespace,
            String name,
            String message,
            int status,
            boolean capitalMessage,
            List<ThrottleReason> reasons,
            JsonNode extra) {
        super(message, null, false, false);
        this.namespace = namespace;
        this.name = name;
        this.status = status;
        this.capitalMessage = capitalMessage;
        this.reasons = List.copyOf(reasons);
        this.extra = extra;
    }

    /** DynamoDB's ValidationException ({@code com.amazon.coral.validate}). */
    public static LabException validation(String message) {
        return new LabException(CORAL_VALIDATE, "ValidationException", message, 400, false, List.of(), null);
    }

    /** A value of the wrong JSON type (or a body that is not JSON, then without a message). */
    public static LabException serialization(String message) {
        return coral("SerializationException", message);
    }

    /** A request-level error of DynamoDB's front end ({@code com.amazon.coral.service}, text in "Message"). */
    public static LabException coral(String name, String message) {
        return new LabException(CORAL_SERVICE, name, message, 400, true, List.of(), null);
    }

    /** The error as an upstream engine named it (proxy mode keeps the upstream's namespace and message field). */
    public static LabException upstream(
            String fullType, String message, boolean capitalMessage, int status, JsonNode extra) {
        int hash = fullType.indexOf('#');
        String namespace = hash < 0 ? DYNAMODB : fullType.substring(0, hash);
        return new LabException(
                namespace, fullType.substring(hash + 1), message, status, capitalMessage, List.of(), extra);
    }

    public static LabException notFound(String message) {
        return new LabException("ResourceNotFoundException", message);
    }

    public static LabException inUse(String message) {
        return new LabException("ResourceInUseException", message);
    }

    public static LabException limitExceeded(String message) {
        return new LabException("LimitExceededException", message);
    }

    public static LabException conditionFailed(JsonNode item) {
        return new LabException(
                "ConditionalCheckFailedException", "The conditional request failed", 400, List.of(), item);
    }

    /**
     * A transaction cancelled as a whole: the text lists each action's reason code in order, and the body carries the
     * reasons ({@code Code}, {@code Message}, {@code Item}) in {@code CancellationReasons}, as DynamoDB answers.
     */
    public static LabException transactionCanceled(JsonNode reasons) {
        StringBuilder codes = new StringBuilder();
        for (JsonNode r : reasons) {
            codes.append(codes.length() == 0 ? "" : ", ").append(r.path("Code").asText());
        }
        var body = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
        body.set("CancellationReasons", reasons);
        return new LabException(
                DYNAMODB,
                "TransactionCanceledException",
                "Transaction cancelled, please refer cancellation reasons for specific reasons [" + codes + "]",
                400,
                true,
                List.of(),
                body);
    }

    /**
     * A throttled item's reason, as a transaction's {@code CancellationReasons} and a PartiQL batch's {@code Error}
     * give it: {@code ThrottlingError} on an on-demand table, {@code ProvisionedThroughputExceeded} on a provisioned
     * one, with DynamoDB's text.
     */
    public static com.fasterxml.jackson.databind.node.ObjectNode throttledItem(boolean onDemand) {
        var reason = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
        return onDemand
                ? reason.put("Code", "ThrottlingError")
                        .put(
                                "Message",
                                "Throughput exceeds the current capacity of your table or index. DynamoDB is"
                                        + " automatically scaling your table or index so please try again shortly."
                                        + " If exceptions persist, check if you have a hot key:"
                                        + " https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/"
                                        + "bp-partition-key-design.html")
                : reason.put("Code", "ProvisionedThroughputExceeded")
                        .put(
                                "Message",
                                "The level of configured provisioned throughput for the table was exceeded."
                                        + " Consider increasing your provisioning level with the UpdateTable API");
    }

    /** A ClientRequestToken seen within 10 minutes with another request. */
    public static LabException idempotentParameterMismatch() {
        return new LabException(
                DYNAMODB,
                "IdempotentParameterMismatchException",
                "Request parameters do not match the previous request made with the same client request token",
                400,
                true,
                List.of(),
                null);
    }

    /** A ClientRequestToken whose first request is still running. */
    public static LabException transactionInProgress() {
        return new LabException(
                DYNAMODB,
                "TransactionInProgressException",
                "The transaction with the given request token is already in progress.",
                400,
                true,
                List.of(),
                null);
    }

    public static LabException throttled(String exceptionName, List<ThrottleReason> reasons) {
        String message =
                switch (exceptionName) {
                    case "ThrottlingException" -> "Throughput exceeds the maximum allowed for the table.";
                    case "RequestLimitExceeded" ->
                        "Throughput exceeds the current throughput limit for your account. Please"
                                + " contact AWS Support at https://aws.amazon.com/support request a limit increase";
                    default ->
                        "The level of configured provisioned throughput for the table was exceeded. Consider increasing"
                                + " your provisioning level with the UpdateTable API.";
                };
        return new LabException(exceptionName, message, 400, reasons, null);
    }

    /** Short exception name, e.g. "ValidationException". */
    public String name() {
        return name;
    }

    /** The whole {@code __type}, e.g. "com.amazon.coral.validate#ValidationException". */
    public String type() {
        return namespace + "#" + name;
    }

    /** Whether the text goes in "Message" (DynamoDB's front end) rather than "message". */
    public boolean capitalMessage() {
        return capitalMessage;
    }

    public int status() {
        return status;
    }

    public List<ThrottleReason> reasons() {
        return reasons;
    }

    /** Extra body fields (e.g. the existing Item of a failed condition when ReturnValuesOnConditionCheckFailure). */
    public JsonNode extra() {
        return extra;
    }
}
