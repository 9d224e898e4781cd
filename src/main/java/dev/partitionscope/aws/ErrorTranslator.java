package dev.partitionscope.aws;

import dev.partitionscope.core.iam.IamPolicies;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.AbortedException;
import software.amazon.awssdk.core.exception.ApiCallAttemptTimeoutException;
import software.amazon.awssdk.core.exception.ApiCallTimeoutException;

/**
 * Turns whatever a connection or call threw into a {@link UserMessage}: the cause named plainly, with the next step.
 * The raw exception text is kept only as the detail line, so support can still match it.
 */
public final class ErrorTranslator {
    private static final Pattern NOT_AUTHORIZED =
            Pattern.compile("not authorized to perform:? ([A-Za-z0-9-]+:[A-Za-z0-9*]+)");

    private ErrorTranslator() {}

    /**
     * What went wrong, said for a person: a headline, the detail and a hint at what to do.
     *
     * @param error     what was thrown
     * @param spec      the connection it happened on (for endpoint and profile names in the hint)
     * @param operation the API operation that failed, e.g. "ListTables", used to name a missing permission
     */
    /** Whether {@code error} says the table (or index) is not there: DynamoDB's ResourceNotFoundException. */
    public static boolean isTableMissing(Throwable error) {
        return error instanceof software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
    }

    public static UserMessage translate(Throwable error, ConnectionSpec spec, String operation) {
        Throwable root = error;
        for (Throwable t = error; t != null; t = t.getCause()) {
            if (t instanceof ConnectException ce) {
                return ce.userMessage();
            }
            if (t instanceof WriteBlockedException wb) {
                return writeBlocked(wb);
            }
            if (t instanceof dev.partitionscope.aws.snapshot.SnapshotMissException miss) {
                return UserMessage.of(
                        "Not in this snapshot",
                        miss.getMessage(),
                        "A snapshot answers only what the"
                                + " screens read while it was taken: go back to its view (File ▸ Recent files), or connect"
                                + " to the live endpoint to read more.");
            }
            if (t instanceof AwsServiceException ase) {
                return service(ase, spec, operation);
            }
            root = t;
        }
        String where = where(spec);
        String text = allMessages(error);
        String lower = text.toLowerCase(Locale.ROOT);
        if (hasCause(error, UnknownHostException.class)) {
            return UserMessage.of(
                    "Unknown host",
                    "The host in " + where + " could not be resolved (" + firstLine(root.getMessage()) + ").",
                    "Check the spelling of the endpoint, or your network, DNS or VPN.");
        }
        if (hasCause(error, java.net.ConnectException.class)
                || lower.contains("connection refused")
                || hasCause(error, NoRouteToHostException.class)) {
            String hint = spec != null && spec.kind() == ConnectionKind.LOCALSTACK
                    ? "Start LocalStack ('localstack start' or your docker compose), or fix the URL and port."
                    : "Check that the server is running and that the URL and port are right.";
            return UserMessage.of(
                    "Cannot reach the endpoint", "Nothing is listening at " + where + " (connection refused).", hint);
        }
        if (hasCause(error, ApiCallTimeoutException.class)
                || hasCause(error, ApiCallAttemptTimeoutException.class)
                || hasCause(error, SocketTimeoutException.class)
                || lower.contains("timed out")) {
            return UserMessage.of(
                    "The endpoint did not answer in time",
                    where + " accepted no request within the" + " timeout.",
                    "Check the endpoint and your network; a proxy or firewall may be dropping the" + " connection.");
        }
        if (hasCause(error, AbortedException.class) || hasCause(error, InterruptedException.class)) {
            return UserMessage.of(
                    "Cancelled",
                    "The request was cancelled before it finished.",
                    "Run it again when" + " you are ready.");
        }
        // The SDK's own phrases only: the default chain's "no credentials" text names
        // WebIdentityTokenCredentialsProvider
        // and the profile (e.g. "sso-admin"), so "sso" plus "token" anywhere would misread it as an SSO expiry.
        if (lower.contains("sso session")
                || lower.contains("sso login")
                || lower.contains("sso token")
                || (lower.contains("sso") && lower.contains("token is expired"))) {
            String profile = spec == null || spec.profile() == null ? "<profile>" : spec.profile();
            return UserMessage.of(
                    "Your SSO session has expired",
                    firstLine(text),
                    "Run 'aws sso login --profile " + profile + "' in a terminal, then connect again.");
        }
        if (lower.contains("unable to load credentials")
                || lower.contains("unable to load an identity")
                || lower.contains("no credentials")) {
            return UserMessage.of(
                    "No AWS credentials found",
                    "None of the default credential sources"
                            + " (environment, profile files, SSO, instance role) provided credentials.",
                    "Run 'aws configure' or 'aws configure sso', or choose a profile in the connection dialog.");
        }
        if (lower.contains("profile file contained no credentials")
                || (lower.contains("profile") && lower.contains("not found"))) {
            return UserMessage.of(
                    "The profile has no usable credentials",
                    firstLine(text),
                    "Check the profile in your AWS config and credentials files, or choose another profile.");
        }
        if (lower.contains("unable to load region")) {
            return UserMessage.of("No region", firstLine(text), "Pick a region in the connection dialog.");
        }
        return UserMessage.of(
                "Unexpected error" + (operation == null ? "" : " in " + operation),
                root.getClass().getSimpleName() + ": " + firstLine(text),
                "Try again; if it keeps happening, copy this message into an issue.");
    }

    private static UserMessage service(AwsServiceException e, ConnectionSpec spec, String operation) {
        String code = e.awsErrorDetails() == null
                ? ""
                : nullToEmpty(e.awsErrorDetails().errorCode());
        String message = e.awsErrorDetails() == null
                ? e.getMessage()
                : nullToEmpty(e.awsErrorDetails().errorMessage());
        String service =
                e.awsErrorDetails() == null ? null : e.awsErrorDetails().serviceName();
        String detail = code + (message.isBlank() ? "" : ": " + firstLine(message));
        switch (code) {
            case "UnrecognizedClientException",
                    "InvalidClientTokenId",
                    "InvalidSignatureException",
                    "IncompleteSignature",
                    "SignatureDoesNotMatch",
                    "MissingAuthenticationToken" -> {
                return UserMessage.of(
                        "AWS rejected the credentials",
                        detail,
                        spec != null && spec.profile() != null
                                ? "Check the keys of profile '" + spec.profile() + "' (aws configure --profile "
                                        + spec.profile() + "), or pick another profile."
                                : "Check your credentials (aws configure), or pick a profile in the connection dialog.");
            }
            case "ExpiredTokenException", "ExpiredToken", "RequestExpired" -> {
                boolean sso = spec != null && spec.profile() != null;
                return UserMessage.of(
                        "The credentials have expired",
                        detail,
                        sso
                                ? "Refresh them: 'aws sso login --profile " + spec.profile() + "' (for SSO profiles) or"
                                        + " renew the session token, then connect again."
                                : "Renew the session token (or 'aws sso login'), then connect again.");
            }
            case "AccessDeniedException", "AccessDenied", "UnauthorizedOperation" -> {
                String permission = missingPermission(message, service, operation);
                return UserMessage.of(
                        "Access denied: " + permission + " is missing",
                        firstLine(message),
                        "Ask for " + permission + " on this resource, or connect with a profile that has it. "
                                + IamPolicies.accessDeniedHint(permission));
            }
            case "UnknownOperationException" -> {
                return UserMessage.of(
                        "Not supported by this endpoint",
                        (operation == null ? "The operation" : operation) + " is not implemented by " + where(spec)
                                + ".",
                        "This is normal for LocalStack, DynamoDB Local and dynalite; use AWS or the Lab for it.");
            }
            case "ResourceNotFoundException" -> {
                return UserMessage.of(
                        "Not found",
                        firstLine(message),
                        "The table may have been deleted or be in" + " another region; refresh the table list.");
            }
            case "ProvisionedThroughputExceededException",
                    "ThrottlingException",
                    "RequestLimitExceeded",
                    "LimitExceededException",
                    "Throttling" -> {
                return UserMessage.of(
                        "Throttled",
                        detail,
                        "The request was throttled after the SDK's retries;" + " wait a moment and try again.");
            }
            default -> {
                if (e.statusCode() >= 500) {
                    return UserMessage.of(
                            "The server failed (HTTP " + e.statusCode() + ")",
                            detail,
                            "Try again; if the endpoint is local, check its log.");
                }
                return UserMessage.of(
                        "Request refused" + (operation == null ? "" : ": " + operation),
                        detail,
                        "Check the request and the connection settings.");
            }
        }
    }

    private static UserMessage writeBlocked(WriteBlockedException e) {
        String table = e.tables().isEmpty() ? "the table" : String.join(", ", e.tables());
        return UserMessage.of(
                "Writes are locked on this connection",
                e.getMessage(),
                "Nothing was sent. If you really mean to change " + table + ", use Connection ▸ Unlock writes… and"
                        + " type the table name.");
    }

    /** The IAM action to name: from AWS's message when it says, else service prefix + operation. */
    static String missingPermission(String message, String serviceName, String operation) {
        if (message != null) {
            Matcher m = NOT_AUTHORIZED.matcher(message);
            if (m.find()) {
                return m.group(1);
            }
        }
        String prefix =
                serviceName != null && serviceName.toLowerCase(Locale.ROOT).contains("cloudwatch")
                        ? "cloudwatch"
                        : "dynamodb";
        return prefix + ":" + (operation == null ? "<operation>" : operation);
    }

    private static String where(ConnectionSpec spec) {
        if (spec == null) {
            return "the endpoint";
        }
        return spec.kind() == ConnectionKind.AWS
                ? "AWS " + (spec.region() == null ? "" : spec.region())
                : spec.endpoint() == null ? spec.kind().label() : spec.endpoint();
    }

    private static boolean hasCause(Throwable error, Class<? extends Throwable> type) {
        for (Throwable t = error; t != null; t = t.getCause()) {
            if (type.isInstance(t)) {
                return true;
            }
        }
        return false;
    }

    private static String allMessages(Throwable error) {
        StringBuilder sb = new StringBuilder();
        for (Throwable t = error; t != null; t = t.getCause()) {
            if (t.getMessage() != null) {
                if (sb.length() > 0) {
                    sb.append(" | ");
                }
                sb.append(t.getMessage());
            }
        }
        return sb.length() == 0 ? error.getClass().getSimpleName() : sb.toString();
    }

    static String firstLine(String s) {
        if (s == null) {
            return "";
        }
        int nl = s.indexOf('\n');
        String line = nl < 0 ? s : s.substring(0, nl);
        return line.length() > 400 ? line.substring(0, 400) + "…" : line;
    }

    private static String nullToEmpty(String s) {
        return s == null ? "" : s;
    }
}
