package dev.partitionscope.lab.cloudwatch;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * A NextToken: where the next page starts (a position, and for GetMetricData the last timestamp returned), bound to
 * the request it came from. A token from another request, or a made-up one, is CloudWatch's InvalidNextToken.
 *
 * @param query index of the query (GetMetricData) or of the next item (lists)
 * @param after the last timestamp returned for that query, null to start at its beginning
 */
record PageToken(int query, Long after) {
    static final PageToken START = new PageToken(0, null);

    static String encode(String fingerprint, int query, Long after) {
        String raw = "v1|" + fingerprint + "|" + query + "|" + (after == null ? "-" : after.toString());
        return Base64.getUrlEncoder().withoutPadding().encodeToString(raw.getBytes(StandardCharsets.UTF_8));
    }

    static PageToken parse(String token, String fingerprint) {
        if (token == null) {
            return START;
        }
        try {
            String raw = new String(Base64.getUrlDecoder().decode(token), StandardCharsets.UTF_8);
            String[] parts = raw.split("\\|", -1);
            if (parts.length == 4 && parts[0].equals("v1") && parts[1].equals(fingerprint)) {
                int query = Integer.parseInt(parts[2]);
                Long after = parts[3].equals("-") ? null : Long.parseLong(parts[3]);
                if (query >= 0) {
                    return new PageToken(query, after);
                }
            }
        } catch (IllegalArgumentException e) {
            // not base64 or not numbers: invalid, as below
        }
        throw CloudWatchError.invalidNextToken("The NextToken is invalid or does not belong to this request.");
    }
}
