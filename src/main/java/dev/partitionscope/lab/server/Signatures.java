package dev.partitionscope.lab.server;

import dev.partitionscope.lab.wire.LabException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * DynamoDB's first look at a request's authentication, which the Lab repeats without checking signatures: a request
 * must carry an AWS Signature Version 4 in its Authorization header or its query string, with the parts a signature
 * needs. A request without one is refused as DynamoDB refuses it (MissingAuthenticationTokenException, …); what the
 * signature says is never verified, so any credentials work.
 */
final class Signatures {
    /** Between an Authorization header's parts (compiled once: String.split compiled it for every request). */
    private static final java.util.regex.Pattern SEPARATORS = java.util.regex.Pattern.compile("[, ]");

    private Signatures() {}

    /**
     * The refusal for this request's authentication, or null when it is signed well enough. {@code rawQuery} is the
     * request target's query string, still encoded (null without one).
     */
    static LabException check(String authorization, String rawQuery, Headers headers) {
        Map<String, String> query = query(rawQuery);
        boolean queryAuth = query.containsKey("X-Amz-Algorithm");
        if (authorization != null && queryAuth) {
            return coral(
                    "InvalidSignatureException",
                    "Found both 'X-Amz-Algorithm' as a query-string param and" + " 'Authorization' as HTTP header.");
        }
        if ((authorization == null && !queryAuth)
                || (authorization != null && !authorization.trim().startsWith("AWS4-"))) {
            return coral("MissingAuthenticationTokenException", "Request is missing Authentication Token");
        }
        StringBuilder msg = new StringBuilder();
        if (authorization != null) {
            Map<String, String> params = new LinkedHashMap<>();
            String[] parts = SEPARATORS.split(authorization, -1);
            for (int i = 1; i < parts.length; i++) {
                String p = parts[i].trim();
                if (p.isEmpty()) {
                    continue;
                }
                int eq = p.indexOf('=');
                params.put(eq < 0 ? p : p.substring(0, eq), eq < 0 ? null : p.substring(eq + 1));
            }
            for (String required : new String[] {"Credential", "Signature", "SignedHeaders"}) {
                String v = params.get(required);
                if (v == null || v.isEmpty()) {
                    msg.append("Authorization header requires '")
                            .append(required)
                            .append("' parameter. ");
                }
            }
            if (headers.getFirst("X-Amz-Date") == null && headers.getFirst("Date") == null) {
                msg.append("Authorization header requires existence of either a 'X-Amz-Date' or a 'Date' header. ");
            }
            if (msg.length() > 0) {
                msg.append("Authorization=").append(authorization);
            }
        } else {
            for (String required : new String[] {
                "X-Amz-Algorithm", "X-Amz-Credential", "X-Amz-Signature", "X-Amz-SignedHeaders", "X-Amz-Date"
            }) {
                String v = query.get(required);
                if (v == null || v.isEmpty()) {
                    msg.append("AWS query-string parameters must include '")
                            .append(required)
                            .append("'. ");
                }
            }
            if (msg.length() > 0) {
                msg.append("Re-examine the query-string parameters.");
            }
        }
        return msg.length() == 0 ? null : coral("IncompleteSignatureException", msg.toString());
    }

    private static LabException coral(String name, String message) {
        // These front-end errors spell their text "message", unlike the deserializer's.
        return LabException.upstream("com.amazon.coral.service#" + name, message, false, 400, null);
    }

    // split("&") drops the empty pairs a trailing '&' leaves, so "a=1&" has one parameter, not an empty second.
    @SuppressWarnings("StringSplitter")
    private static Map<String, String> query(String raw) {
        Map<String, String> out = new LinkedHashMap<>();
        if (raw == null || raw.isEmpty()) {
            return out;
        }
        for (String pair : raw.split("&")) {
            int eq = pair.indexOf('=');
            String key = java.net.URLDecoder.decode(
                    eq < 0 ? pair : pair.substring(0, eq), java.nio.charset.StandardCharsets.UTF_8);
            String value = eq < 0
                    ? ""
                    : java.net.URLDecoder.decode(pair.substring(eq + 1), java.nio.charset.StandardCharsets.UTF_8);
            out.put(key, value);
        }
        return out;
    }
}
