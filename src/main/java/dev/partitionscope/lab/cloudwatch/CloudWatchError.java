package dev.partitionscope.lab.cloudwatch;

/**
 * A CloudWatch error as the service reports it, so both wire protocols can give clients what AWS gives them: the
 * error shape's name ({@code __type}, which the Java SDK maps to its exception class), the AWS Query error code
 * (the {@code x-amzn-query-error: Code;Sender} header that query-compatible clients, botocore included, report as the
 * error code) and the HTTP status of CloudWatch's model.
 */
public final class CloudWatchError extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private static final String CLOUDWATCH = "com.amazonaws.cloudwatch#";
    private static final String CORAL = "com.amazon.coral.service#";

    private final String type;
    private final String code;
    private final int status;
    private final boolean sender;
    private final String namespace;

    private CloudWatchError(String namespace, String type, String code, int status, boolean sender, String message) {
        super(message);
        this.namespace = namespace;
        this.type = type;
        this.code = code;
        this.status = status;
        this.sender = sender;
    }

    public static CloudWatchError invalidParameterValue(String message) {
        return new CloudWatchError(
                CLOUDWATCH, "InvalidParameterValueException", "InvalidParameterValue", 400, true, message);
    }

    public static CloudWatchError invalidParameterCombination(String message) {
        return new CloudWatchError(
                CLOUDWATCH, "InvalidParameterCombinationException", "InvalidParameterCombination", 400, true, message);
    }

    public static CloudWatchError missingParameter(String parameter) {
        return new CloudWatchError(
                CLOUDWATCH,
                "MissingRequiredParameterException",
                "MissingParameter",
                400,
                true,
                "The parameter " + parameter + " is required.");
    }

    /** CloudWatch's model gives this one HTTP 404 (not 400). */
    public static CloudWatchError resourceNotFound(String message) {
        return new CloudWatchError(
                CLOUDWATCH, "ResourceNotFoundException", "ResourceNotFoundException", 404, true, message);
    }

    public static CloudWatchError limitExceeded(String message) {
        return new CloudWatchError(CLOUDWATCH, "LimitExceededFault", "LimitExceeded", 400, true, message);
    }

    public static CloudWatchError invalidNextToken(String message) {
        return new CloudWatchError(CLOUDWATCH, "InvalidNextToken", "InvalidNextToken", 400, true, message);
    }

    /** Constraint violations: CloudWatch's {@code ValidationError} (the SDK's ValidationException). */
    public static CloudWatchError validation(String message) {
        return new CloudWatchError(CLOUDWATCH, "ValidationException", "ValidationError", 400, true, message);
    }

    public static CloudWatchError internal(String message) {
        return new CloudWatchError(CLOUDWATCH, "InternalServiceFault", "InternalServiceError", 500, false, message);
    }

    public static CloudWatchError unknownOperation(String operation) {
        return new CloudWatchError(
                CORAL,
                "UnknownOperationException",
                "UnknownOperationException",
                400,
                true,
                operation == null || operation.isEmpty()
                        ? "Missing operation"
                        : "The Lab's CloudWatch does not implement " + operation);
    }

    /** A body that is not CBOR/JSON, or a member of the wrong type. */
    public static CloudWatchError serialization(String message) {
        return new CloudWatchError(CORAL, "SerializationException", "SerializationException", 400, true, message);
    }

    /** The error shape's name, e.g. {@code InvalidParameterValueException}. */
    public String type() {
        return type;
    }

    /** {@code __type} on the wire: the shape id, e.g. {@code com.amazonaws.cloudwatch#InvalidParameterValueException}. */
    public String wireType() {
        return namespace + type;
    }

    /** The AWS Query error code, e.g. {@code InvalidParameterValue}. */
    public String code() {
        return code;
    }

    public int status() {
        return status;
    }

    /** The {@code x-amzn-query-error} header value. */
    public String queryErrorHeader() {
        return code + ";" + (sender ? "Sender" : "Receiver");
    }
}
