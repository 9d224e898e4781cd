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
    /** The parts a signed Authorization header must carry, in the order DynamoDB names the missing ones. */
    private static final String[] REQUIRED_PARTS = {"Credential", "Signature", "SignedHeaders"};

    private Signatures() {}

    /**
     * The refusal for this request's authentication, or null when it is signed well enough. {@code rawQuery} is the
     * request target's query string, still encoded (null without one).
     */
    static LabException check(String authorization, String rawQuery, Headers headers) {
        Map<String, String> query = rawQuery == null || rawQuery.isEmpty() ? Map.of() : query(rawQuery);
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
        StringBuilder msg = null;
        if (authorization != null) {
            // The header's parts after the algorithm, split at every ',' and ' ' and trimmed; a part without '=' has no
            // value, and of parts named alike the last counts. Read in place: a regex split and a map per request were
            // a twentieth of a PutItem's CPU.
            boolean[] present = new boolean[REQUIRED_PARTS.length];
            // The next ',' and ' ' are found with indexOf (a vectorised search), not a char at a time.
            int n = authorization.length();
            int comma = authorization.indexOf(',');
            int space = authorization.indexOf(' ');
            int start = 0;
            boolean first = true;
            while (true) {
                if (comma >= 0 && comma < start) {
                    comma = authorization.indexOf(',', start);
                }
                if (space >= 0 && space < start) {
                    space = authorization.indexOf(' ', start);
                }
                int sep = comma < 0 ? space : space < 0 ? comma : Math.min(comma, space);
                if (!first) {
                    part(authorization, start, sep < 0 ? n : sep, present);
                }
                first = false;
                if (sep < 0) {
                    break;
                }
                start = sep + 1;
            }
            for (int r = 0; r < REQUIRED_PARTS.length; r++) {
                if (!present[r]) {
                    msg = msg == null ? new StringBuilder() : msg;
                    msg.append("Authorization header requires '")
                            .append(REQUIRED_PARTS[r])
                            .append("' parameter. ");
                }
            }
            if (headers.getFirst("X-Amz-Date") == null && headers.getFirst("Date") == null) {
                msg = msg == null ? new StringBuilder() : msg;
                msg.append("Authorization header requires existence of either a 'X-Amz-Date' or a 'Date' header. ");
            }
            if (msg != null) {
                msg.append("Authorization=").append(authorization);
            }
        } else {
            msg = new StringBuilder();
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
        return msg == null || msg.length() == 0 ? null : coral("IncompleteSignatureException", msg.toString());
    }

    /**
     * One part of the header ({@code from} to {@code to}, trimmed): marks a required part as present when it has a
     * non-empty value, absent when it has none (a later part of the same name overrides an earlier one).
     */
    private static void part(String header, int from, int to, boolean[] present) {
        while (from < to && header.charAt(from) <= ' ') {
            from++;
        }
        while (to > from && header.charAt(to - 1) <= ' ') {
            to--;
        }
        if (from == to) {
            return;
        }
        int eq = header.indexOf('=', from);
        int nameEnd = eq < 0 || eq >= to ? to : eq;
        for (int r = 0; r < REQUIRED_PARTS.length; r++) {
            String name = REQUIRED_PARTS[r];
            if (nameEnd - from == name.length() && header.startsWith(name, from)) {
                present[r] = nameEnd < to && nameEnd + 1 < to;
            }
        }
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
