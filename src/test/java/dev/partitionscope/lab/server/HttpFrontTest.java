package dev.partitionscope.lab.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.testing.LabFixture;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.zip.CRC32;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The Lab's HTTP front answers as DynamoDB's endpoint does before any operation runs: a health answer to GET, CORS
 * preflights, 404 for other methods and content types, the body read before the target, authentication demanded
 * (signatures are not checked), and every answer carrying a request id and the body's CRC32.
 */
class HttpFrontTest {
    private static final String SIGNED = "AWS4-HMAC-SHA256 Credential=a/20260101/us-east-1/dynamodb/aws4_request,"
            + " SignedHeaders=host, Signature=0";
    private static LabFixture lab;
    private static final HttpClient HTTP =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @BeforeAll
    static void start() {
        lab = LabFixture.start();
    }

    @AfterAll
    static void stop() {
        lab.close();
    }

    private static HttpResponse<String> send(String method, String body, String... headers) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(lab.endpoint() + "/"))
                .method(
                        method,
                        body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        for (int i = 0; i < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static void assertStamped(HttpResponse<String> r) {
        assertThat(r.headers().firstValue("x-amzn-RequestId"))
                .hasValueSatisfying(id -> assertThat(id).matches("[0-9A-Z]{52}"));
        CRC32 crc = new CRC32();
        crc.update(r.body().getBytes(StandardCharsets.UTF_8));
        assertThat(r.headers().firstValue("x-amz-crc32")).contains(Long.toString(crc.getValue()));
    }

    @Test
    void everyAnswerHasItsOwnRequestId() throws Exception {
        java.util.Set<String> ids = new java.util.HashSet<>();
        java.util.function.Consumer<java.util.Set<String>> draw = into -> {
            for (int i = 0; i < 50_000; i++) {
                into.add(LabServer.requestId().toString());
            }
        };
        draw.accept(ids);
        java.util.Set<String> other = java.util.concurrent.ConcurrentHashMap.newKeySet();
        Thread t = new Thread(() -> draw.accept(other));
        t.start();
        t.join();
        assertThat(ids).hasSize(50_000).allSatisfy(id -> assertThat(id).matches("[0-9A-Z]{52}"));
        assertThat(other).hasSize(50_000);
        assertThat(java.util.Collections.disjoint(ids, other))
                .as("ids from two threads never meet")
                .isTrue();
        // And over HTTP: two answers, two ids.
        assertThat(send("GET", null).headers().firstValue("x-amzn-RequestId"))
                .isNotEqualTo(send("GET", null).headers().firstValue("x-amzn-RequestId"));
    }

    @Test
    void getIsAHealthAnswerNamingTheRegion() throws Exception {
        HttpResponse<String> r = send("GET", null);
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.body()).isEqualTo("healthy: dynamodb.us-east-1.amazonaws.com ");
        assertStamped(r);
    }

    @Test
    void otherMethodsAndContentTypesAreNotFound() throws Exception {
        for (HttpResponse<String> r : List.of(
                send("PUT", "{}"),
                send("DELETE", null),
                send("POST", "hi", "Content-Type", "text/plain"),
                send("POST", "hi", "Content-Type", "application/x-amz-json-1.1"))) {
            assertThat(r.statusCode()).isEqualTo(404);
            assertThat(r.body()).isEqualTo("<UnknownOperationException/>\n");
            assertStamped(r);
        }
    }

    @Test
    void corsPreflightsAreAnsweredAndOriginsAllowed() throws Exception {
        HttpResponse<String> r = send(
                "OPTIONS",
                null,
                "Origin",
                "http://localhost:3000",
                "Access-Control-Request-Headers",
                "x-amz-target, content-type",
                "Access-Control-Request-Method",
                "POST");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.body()).isEmpty();
        assertThat(r.headers().firstValue("Access-Control-Allow-Origin")).contains("*");
        assertThat(r.headers().firstValue("Access-Control-Allow-Headers")).contains("x-amz-target, content-type");
        assertThat(r.headers().firstValue("Access-Control-Allow-Methods")).contains("POST");
        assertThat(r.headers().firstValue("Access-Control-Max-Age")).contains("172800");
    }

    @Test
    void theBodyIsReadBeforeTheTargetAndAuthenticationIsDemanded() throws Exception {
        HttpResponse<String> notJson = send("POST", "hi", "Content-Type", "application/json");
        assertThat(notJson.statusCode()).isEqualTo(400);
        assertThat(notJson.body()).isEqualTo("{\"__type\":\"com.amazon.coral.service#SerializationException\"}");
        assertThat(notJson.headers().firstValue("Content-Type")).contains("application/json");
        assertStamped(notJson);

        HttpResponse<String> noTarget = send("POST", "{}", "Content-Type", "application/x-amz-json-1.0");
        assertThat(noTarget.body()).isEqualTo("{\"__type\":\"com.amazon.coral.service#UnknownOperationException\"}");
        assertThat(noTarget.headers().firstValue("Content-Type")).contains("application/x-amz-json-1.0");

        HttpResponse<String> unsigned = send(
                "POST",
                "{}",
                "Content-Type",
                "application/x-amz-json-1.0",
                "X-Amz-Target",
                "DynamoDB_20120810.ListTables");
        assertThat(unsigned.statusCode()).isEqualTo(400);
        assertThat(unsigned.body())
                .isEqualTo("{\"__type\":\"com.amazon.coral.service#MissingAuthenticationToken"
                        + "Exception\",\"message\":\"Request is missing Authentication Token\"}");

        HttpResponse<String> incomplete = send(
                "POST",
                "{}",
                "Content-Type",
                "application/x-amz-json-1.0",
                "X-Amz-Target",
                "DynamoDB_20120810.ListTables",
                "Authorization",
                "AWS4-HMAC-SHA256 Credential=a");
        assertThat(incomplete.body())
                .contains("IncompleteSignatureException")
                .contains("Authorization header requires 'Signature' parameter.");

        HttpResponse<String> signed = send(
                "POST",
                "{}",
                "Content-Type",
                "application/x-amz-json-1.0",
                "X-Amz-Target",
                "DynamoDB_20120810.ListTables",
                "Authorization",
                SIGNED,
                "X-Amz-Date",
                "20260101T000000Z");
        assertThat(signed.statusCode()).isEqualTo(200);
        assertThat(signed.body()).isEqualTo("{\"TableNames\":[]}");
        assertStamped(signed);

        HttpResponse<String> notServed = send(
                "POST",
                "{}",
                "Content-Type",
                "application/x-amz-json-1.0",
                "X-Amz-Target",
                "DynamoDB_20120810.CreateBackup",
                "Authorization",
                SIGNED,
                "X-Amz-Date",
                "20260101T000000Z");
        assertThat(notServed.statusCode()).isEqualTo(400);
        assertThat(notServed.body()).contains("UnknownOperationException").contains("CreateBackup");
    }
}
