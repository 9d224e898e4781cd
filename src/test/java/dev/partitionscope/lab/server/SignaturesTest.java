package dev.partitionscope.lab.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.lab.wire.LabException;
import org.junit.jupiter.api.Test;

/**
 * The Authorization header read in place (no regex split, no map): parts split at every ',' and ' ', trimmed, a part
 * without '=' or with an empty value missing, the last of parts named alike counting — as DynamoDB answers (the
 * conformance suite's connection tests hold the exact sentences for the common cases).
 */
class SignaturesTest {
    private static final String SIGNED =
            "AWS4-HMAC-SHA256 Credential=a/20261130/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0";

    private static Headers dated() {
        return new Headers().add("X-Amz-Date", "20261130T000000Z");
    }

    private static String refusal(String authorization, Headers headers) {
        LabException e = Signatures.check(authorization, null, headers);
        return e == null ? null : e.getMessage();
    }

    @Test
    void aWellSignedHeaderPasses() {
        assertThat(refusal(SIGNED, dated())).isNull();
        // Commas alone, tabs around parts, parts in any order.
        assertThat(refusal("AWS4-HMAC-SHA256 Signature=0,\tSignedHeaders=host\t,Credential=a", dated()))
                .isNull();
        // A Date header instead of X-Amz-Date.
        assertThat(refusal(SIGNED, new Headers().add("Date", "Mon, 30 Nov 2026 00:00:00 GMT")))
                .isNull();
    }

    @Test
    void everyMissingPartIsNamedInDynamoDbsOrder() {
        assertThat(refusal("AWS4-", new Headers()))
                .isEqualTo("Authorization header requires 'Credential' parameter. "
                        + "Authorization header requires 'Signature' parameter. "
                        + "Authorization header requires 'SignedHeaders' parameter. "
                        + "Authorization header requires existence of either a 'X-Amz-Date' or a 'Date' header. "
                        + "Authorization=AWS4-");
        assertThat(refusal("AWS4- Signature=b, Credential=a", dated()))
                .isEqualTo("Authorization header requires 'SignedHeaders' parameter. "
                        + "Authorization=AWS4- Signature=b, Credential=a");
    }

    @Test
    void aPartWithoutAValueIsMissing() {
        assertThat(refusal("AWS4-X Credential=a SignedHeaders= Signature", dated()))
                .isEqualTo("Authorization header requires 'Signature' parameter. "
                        + "Authorization header requires 'SignedHeaders' parameter. "
                        + "Authorization=AWS4-X Credential=a SignedHeaders= Signature");
    }

    @Test
    void theLastOfPartsNamedAlikeCounts() {
        assertThat(refusal("AWS4-X Credential=a SignedHeaders=h Signature=s Signature=", dated()))
                .isEqualTo("Authorization header requires 'Signature' parameter. "
                        + "Authorization=AWS4-X Credential=a SignedHeaders=h Signature=s Signature=");
        assertThat(refusal("AWS4-X Credential=a SignedHeaders=h Signature= Signature=s", dated()))
                .isNull();
    }

    @Test
    void theAlgorithmIsNotAPartAndNamesMatchExactly() {
        // The first word is the algorithm, even when it looks like a part; names are case-sensitive.
        assertThat(refusal("AWS4-Credential=a signature=s SignedHeaders=h Signature=s", dated()))
                .isEqualTo("Authorization header requires 'Credential' parameter. "
                        + "Authorization=AWS4-Credential=a signature=s SignedHeaders=h Signature=s");
    }

    @Test
    void notAnAws4HeaderIsAMissingToken() {
        assertThat(refusal("Bearer x", dated())).isEqualTo("Request is missing Authentication Token");
        assertThat(refusal(null, dated())).isEqualTo("Request is missing Authentication Token");
    }
}
