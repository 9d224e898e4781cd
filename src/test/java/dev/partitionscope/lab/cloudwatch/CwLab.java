package dev.partitionscope.lab.cloudwatch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.partitionscope.lab.Lab;
import dev.partitionscope.lab.clock.SimulatedClock;
import dev.partitionscope.lab.wire.LabException;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.cloudwatch.CloudWatchClient;

/**
 * A Lab on a simulated clock with the CloudWatch tests' table and workload helpers. The clock starts at a minute
 * boundary ({@link #T0}) and only moves when a test moves it, so "within one second" and "in minute 2" are exact.
 *
 * <p>Table {@code orders}: provisioned 5,000 RCU / 5,000 WCU, key status (S) + orderId (S), and a GSI
 * {@code byCustomer} (customer, S; 5,000 / 5,000) that every item feeds. Items are small: 1 WCU, 1 RCU (strong).
 */
public final class CwLab implements AutoCloseable {
    public static final Instant T0 = Instant.parse("2026-06-22T01:00:00Z");
    static final String TABLE = "orders";
    static final String GSI = "byCustomer";
    static final ObjectMapper JSON = new ObjectMapper();

    public final Lab lab;
    private final SimulatedClock clockRef;
    private final HttpClient http =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private CloudWatchClient cloudWatch;

    private CwLab(Lab lab, SimulatedClock clock) {
        this.lab = lab;
        this.clockRef = clock;
    }

    /** A Lab with its HTTP endpoint and the {@code orders} table, at {@link #T0}. */
    public static CwLab started() throws IOException {
        SimulatedClock c = new SimulatedClock(T0);
        CwLab f = new CwLab(Lab.start(Lab.Options.defaults().withClock(c)), c);
        f.createOrders();
        return f;
    }

    /** The same without an HTTP endpoint (service-level tests). */
    static CwLab inProcess() {
        SimulatedClock c = new SimulatedClock(T0);
        CwLab f = new CwLab(Lab.inProcess(Lab.Options.defaults().withClock(c)), c);
        f.createOrders();
        return f;
    }

    public SimulatedClock clock() {
        return clockRef;
    }

    /** Moves the clock to {@code T0 + seconds}. */
    public void at(long seconds) {
        clockRef.advanceTo(T0.toEpochMilli() + seconds * 1000);
    }

    static long t(long seconds) {
        return T0.toEpochMilli() + seconds * 1000;
    }

    public String endpoint() {
        return lab.endpoint().orElseThrow();
    }

    public ObjectNode ddb(String operation, String json) {
        try {
            return lab.engine().handle(operation, JSON.readTree(json));
        } catch (IOException e) {
            throw new IllegalArgumentException(e);
        }
    }

    private void createOrders() {
        ddb("CreateTable", """
                {"TableName": "orders", "BillingMode": "PROVISIONED",
                 "ProvisionedThroughput": {"ReadCapacityUnits": 5000, "WriteCapacityUnits": 5000},
                 "AttributeDefinitions": [{"AttributeName": "status", "AttributeType": "S"},
                   {"AttributeName": "orderId", "AttributeType": "S"},
                   {"AttributeName": "customer", "AttributeType": "S"}],
                 "KeySchema": [{"AttributeName": "status", "KeyType": "HASH"},
                   {"AttributeName": "orderId", "KeyType": "RANGE"}],
                 "GlobalSecondaryIndexes": [{"IndexName": "byCustomer",
                   "KeySchema": [{"AttributeName": "customer", "KeyType": "HASH"}],
                   "Projection": {"ProjectionType": "KEYS_ONLY"},
                   "ProvisionedThroughput": {"ReadCapacityUnits": 5000, "WriteCapacityUnits": 5000}}]}""");
    }

    /** PutItem of a small item; false when throttled. */
    public boolean put(String status, String orderId) {
        try {
            ddb(
                    "PutItem",
                    "{\"TableName\": \"orders\", \"Item\": {\"status\": {\"S\": \"" + status
                            + "\"}, \"orderId\": {\"S\": \"" + orderId + "\"}, \"customer\": {\"S\": \"c-" + orderId
                            + "\"}}}");
            return true;
        } catch (LabException e) {
            if (e.reasons().isEmpty()) {
                throw e;
            }
            return false;
        }
    }

    /** {@code n} puts of distinct items under one partition key; returns how many were accepted. */
    public int puts(String status, int n) {
        int ok = 0;
        for (int i = 0; i < n; i++) {
            ok += put(status, status + "-" + i + "-" + clockRef.epochMillis()) ? 1 : 0;
        }
        return ok;
    }

    /**
     * The readers' known workload: Contributor Insights enabled on the table and its GSI at T0; second 1 — 1,500 puts
     * of PENDING (1,000 pass at the per-key ceiling, 500 KeyRange-throttled); second 2 — 10 puts of SHIPPED.
     */
    public void playHotPending() {
        at(0);
        insights("ENABLE", null, null);
        insights("ENABLE", GSI, null);
        at(1);
        if (puts("PENDING", 1_500) != 1_000) {
            throw new IllegalStateException("expected exactly 1,000 PENDING puts to pass the per-key ceiling");
        }
        at(2);
        if (puts("SHIPPED", 10) != 10) {
            throw new IllegalStateException("SHIPPED puts were throttled");
        }
    }

    /** A strongly consistent GetItem (1 RCU for a small item, whether or not it exists). */
    public void get(String status, String orderId) {
        ddb(
                "GetItem",
                "{\"TableName\": \"orders\", \"ConsistentRead\": true, \"Key\": {\"status\": {\"S\": \"" + status
                        + "\"}, \"orderId\": {\"S\": \"" + orderId + "\"}}}");
    }

    JsonNode query(String status) {
        return ddb(
                "Query",
                "{\"TableName\": \"orders\", \"ConsistentRead\": true,"
                        + " \"KeyConditionExpression\": \"#s = :s\", \"ExpressionAttributeNames\": {\"#s\": \"status\"},"
                        + " \"ExpressionAttributeValues\": {\":s\": {\"S\": \"" + status + "\"}}}");
    }

    public void insights(String action, String index, String mode) {
        ddb(
                "UpdateContributorInsights",
                "{\"TableName\": \"orders\", \"ContributorInsightsAction\": \"" + action
                        + "\"" + (index == null ? "" : ", \"IndexName\": \"" + index + "\"")
                        + (mode == null ? "" : ", \"ContributorInsightsMode\": \"" + mode + "\"") + "}");
    }

    CloudWatchClient cloudWatch() {
        if (cloudWatch == null) {
            cloudWatch = CloudWatchClient.builder()
                    .endpointOverride(URI.create(endpoint()))
                    .region(Region.US_EAST_1)
                    .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("lab", "lab")))
                    .overrideConfiguration(o -> o.retryStrategy(b -> b.maxAttempts(1)))
                    .build();
        }
        return cloudWatch;
    }

    /** A raw HTTP POST to the Lab's port. */
    HttpResponse<byte[]> post(String path, String contentType, byte[] body, String... headers) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(endpoint() + path))
                .header("Content-Type", contentType)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                // Signed as the SDKs sign: the Lab refuses an unsigned DynamoDB call, as DynamoDB does.
                .header(
                        "Authorization",
                        "AWS4-HMAC-SHA256 Credential=lab/20260101/us-east-1/dynamodb/aws4_request,"
                                + " SignedHeaders=host, Signature=0")
                .header("X-Amz-Date", "20260101T000000Z");
        for (int i = 0; i < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        try {
            return http.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** An AWS JSON 1.0 CloudWatch call, as the AWS CLI v2 and boto3 make it. */
    HttpResponse<byte[]> json(String operation, String body) {
        return post(
                "/",
                "application/x-amz-json-1.0",
                body.getBytes(java.nio.charset.StandardCharsets.UTF_8),
                "X-Amz-Target",
                "GraniteServiceVersion20100801." + operation);
    }

    @Override
    public void close() {
        if (cloudWatch != null) {
            cloudWatch.close();
        }
        lab.close();
    }
}
