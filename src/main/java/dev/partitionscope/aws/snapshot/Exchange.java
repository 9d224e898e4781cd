package dev.partitionscope.aws.snapshot;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.Set;

/**
 * One read call a connection made and what the endpoint answered: the operation, the request in
 * {@link SdkCanonical canonical form}, and the HTTP status, content headers and body as they came. Nothing that
 * identifies the caller is kept: no credentials, no signature, no request ids.
 *
 * @param service   the SDK's service name ({@code DynamoDb}, {@code CloudWatch})
 * @param key       what matches a later identical call: a digest of service, operation and request
 * @param headers   the content headers an SDK needs to read the body again (content type, protocol, error type)
 */
public record Exchange(
        String service,
        String operation,
        ObjectNode request,
        String key,
        int status,
        Map<String, String> headers,
        byte[] body) {
    /** DynamoDB operations whose answers (and requests) hold item contents. */
    private static final Set<String> ITEM_OPERATIONS = Set.of(
            "Scan",
            "Query",
            "GetItem",
            "BatchGetItem",
            "TransactGetItems",
            "ExecuteStatement",
            "BatchExecuteStatement",
            "ExecuteTransaction");

    public Exchange {
        headers = Map.copyOf(headers);
    }

    /** An exchange keyed by its request. */
    public static Exchange of(
            String service,
            String operation,
            ObjectNode request,
            int status,
            Map<String, String> headers,
            byte[] body) {
        return new Exchange(service, operation, request, key(service, operation, request), status, headers, body);
    }

    /** The key of a call: equal for calls that ask the same thing. */
    public static String key(String service, String operation, ObjectNode request) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update((service + "\n" + operation + "\n" + request).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(sha.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JVM", e);
        }
    }

    /** True for reads of items (Scan, Query, GetItem…): their answers hold the table's data itself. */
    public boolean itemContents() {
        return isItemOperation(service, operation);
    }

    static boolean isItemOperation(String service, String operation) {
        return (service == null || service.toLowerCase(java.util.Locale.ROOT).startsWith("dynamo"))
                && ITEM_OPERATIONS.contains(operation);
    }

    /** Bytes held in memory, for the log's bound. */
    long size() {
        return body.length + request.toString().length() + 128L;
    }
}
