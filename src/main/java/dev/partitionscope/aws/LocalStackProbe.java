package dev.partitionscope.aws;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;

/**
 * Asks LocalStack's health endpoint ({@code GET /_localstack/health}) for its version and service states, so the
 * connection dialog can say which LocalStack it reached and warn when its CloudWatch cannot talk to this SDK.
 */
public final class LocalStackProbe {
    /** The first LocalStack that accepts the Smithy RPC v2 CBOR protocol of the Java SDK's CloudWatch client. */
    public static final String MIN_CBOR_VERSION = "4.9.0";

    private static final ObjectMapper JSON = new ObjectMapper();

    public record Health(String version, String edition, String dynamodb, String cloudwatch) {
        public boolean cloudWatchSpeaksCbor() {
            return version != null && compareVersions(version, MIN_CBOR_VERSION) >= 0;
        }

        public String describe() {
            return "LocalStack " + (version == null ? "(version unknown)" : version)
                    + (edition == null ? "" : " " + edition)
                    + " · dynamodb " + (dynamodb == null ? "not listed" : dynamodb)
                    + " · cloudwatch " + (cloudwatch == null ? "not listed" : cloudwatch);
        }
    }

    private final Duration timeout;

    public LocalStackProbe(Duration timeout) {
        this.timeout = timeout;
    }

    /** Empty when the endpoint does not answer like LocalStack (not running, or something else listens there). */
    public Optional<Health> probe(String endpoint) throws InterruptedException {
        HttpClient client = HttpClient.newBuilder().connectTimeout(timeout).build();
        URI uri = URI.create(endpoint.replaceAll("/+$", "") + "/_localstack/health");
        try {
            HttpResponse<String> response = client.send(
                    HttpRequest.newBuilder(uri).timeout(timeout).GET().build(), HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                return Optional.empty();
            }
            return Optional.of(parse(response.body()));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    static Health parse(String body) throws IOException {
        JsonNode root = JSON.readTree(body);
        JsonNode services = root.path("services");
        return new Health(
                text(root.path("version")),
                text(root.path("edition")),
                text(services.path("dynamodb")),
                text(services.path("cloudwatch")));
    }

    private static String text(JsonNode node) {
        return node.isMissingNode() || node.isNull() ? null : node.asText();
    }

    /** Compares dotted versions numerically ("4.10.0" > "4.9.0"); a suffix like "-dev" is ignored. */
    public static int compareVersions(String a, String b) {
        String[] pa = a.replaceAll("[^0-9.].*$", "").split("\\.", -1);
        String[] pb = b.replaceAll("[^0-9.].*$", "").split("\\.", -1);
        for (int i = 0; i < Math.max(pa.length, pb.length); i++) {
            int x = i < pa.length && !pa[i].isEmpty() ? Integer.parseInt(pa[i]) : 0;
            int y = i < pb.length && !pb[i].isEmpty() ? Integer.parseInt(pb[i]) : 0;
            if (x != y) {
                return Integer.compare(x, y);
            }
        }
        return 0;
    }
}
