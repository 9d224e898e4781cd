package dev.partitionscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.partitionscope.lab.cloudwatch.CwLab;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * {@code partitionscope heat} in-process against a Lab on a simulated clock. Table {@code events} has a
 * NEW_AND_OLD_IMAGES stream: at T0 + 5 s, key {@code hot} gets 5 puts of 1.5 KB items (2 WCU each), {@code warm} 3
 * puts of 100 B and {@code cold} one 3 KB put; at T0 + 6 s {@code warm} one more. Table {@code orders} (no stream) has
 * the CloudWatch tests' Contributor Insights workload. The stream tests are skipped while the Lab does not serve
 * DynamoDB Streams.
 */
class HeatCommandTest {
    private static final Instant T0 = CwLab.T0;
    private static final String END = T0.plusSeconds(600).toString();

    private static CwLab lab;
    private static boolean servesStreams;
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeAll
    static void start() throws Exception {
        lab = CwLab.started();
        lab.playHotPending();
        lab.ddb("CreateTable", """
                {"TableName": "events", "BillingMode": "PAY_PER_REQUEST",
                 "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "S"},
                   {"AttributeName": "n", "AttributeType": "N"}],
                 "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"},
                   {"AttributeName": "n", "KeyType": "RANGE"}],
                 "StreamSpecification": {"StreamEnabled": true, "StreamViewType": "NEW_AND_OLD_IMAGES"}}""");
        lab.at(5);
        for (int i = 0; i < 5; i++) {
            put("hot", i, 1500);
        }
        for (int i = 0; i < 3; i++) {
            put("warm", i, 10);
        }
        put("cold", 0, 3000);
        lab.at(6);
        put("warm", 9, 10);
        lab.at(600);
        try (DynamoDbStreamsClient streams = DynamoDbStreamsClient.builder()
                .endpointOverride(URI.create(lab.endpoint()))
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("t", "t")))
                .build()) {
            streams.listStreams(b -> b.limit(1));
            servesStreams = true;
        } catch (RuntimeException notYet) {
            servesStreams = false;
        }
    }

    private static void put(String id, int n, int padding) {
        lab.ddb(
                "PutItem",
                "{\"TableName\": \"events\", \"Item\": {\"id\": {\"S\": \"" + id + "\"}, \"n\": {\"N\": \"" + n
                        + "\"}, \"pad\": {\"S\": \"" + "x".repeat(padding) + "\"}}}");
    }

    @AfterAll
    static void stop() {
        lab.close();
    }

    private int run(String... args) {
        List<String> all = new ArrayList<>(List.of("heat", "--endpoint", lab.endpoint()));
        all.addAll(List.of(args));
        return RootCommand.execute(new PrintWriter(out, true), new PrintWriter(err, true), all.toArray(String[]::new));
    }

    @Test
    void jsonGivesEveryKeyWithExactlyTheWritesMadeToIt() throws Exception {
        Assumptions.assumeTrue(servesStreams, "the Lab does not serve DynamoDB Streams yet");
        assertThat(run(
                        "--table",
                        "events",
                        "--source",
                        "streams",
                        "--from",
                        T0.toString(),
                        "--to",
                        END,
                        "--resolution",
                        "1s",
                        "--json"))
                .as(out + "\n" + err)
                .isZero();
        assertThat(err.toString()).isEmpty();
        JsonNode doc = new ObjectMapper().readTree(out.toString());

        List<String> fields = new ArrayList<>();
        doc.fieldNames().forEachRemaining(fields::add);
        assertThat(fields)
                .containsExactly(
                        "table", "index", "source", "start", "end", "resolutionSeconds", "records", "shards", "keys");
        assertThat(doc.path("table").asText()).isEqualTo("events");
        assertThat(doc.path("index").isNull()).isTrue();
        assertThat(doc.path("source").asText()).isEqualTo("streams");
        assertThat(doc.path("start").asText()).isEqualTo(T0.toString());
        assertThat(doc.path("end").asText()).isEqualTo(END);
        assertThat(doc.path("resolutionSeconds").asInt()).isEqualTo(1);
        assertThat(doc.path("records").asLong()).isEqualTo(10);
        assertThat(doc.path("shards").asInt()).isPositive();
        JsonNode keys = doc.path("keys");
        assertThat(keys).hasSize(3);
        assertKey(keys.get(0), "hot", 5, 10, 10);
        assertKey(keys.get(1), "warm", 4, 4, 3);
        assertKey(keys.get(2), "cold", 1, 3, 3);
        List<String> keyFields = new ArrayList<>();
        keys.get(0).fieldNames().forEachRemaining(keyFields::add);
        assertThat(keyFields).containsExactly("partitionKey", "writes", "writeUnits", "peakWriteUnitsPerSecond");
    }

    private static void assertKey(JsonNode k, String key, long writes, long units, long peak) {
        assertThat(k.path("partitionKey").asText()).isEqualTo(key);
        assertThat(k.path("writes").asLong()).as(key + " writes").isEqualTo(writes);
        assertThat(k.path("writeUnits").asLong()).as(key + " units").isEqualTo(units);
        assertThat(k.path("peakWriteUnitsPerSecond").asLong()).as(key + " peak").isEqualTo(peak);
    }

    @Test
    void textIsATableWithUnits() {
        Assumptions.assumeTrue(servesStreams, "the Lab does not serve DynamoDB Streams yet");
        assertThat(run("--table", "events", "--source", "streams", "--from", T0.toString(), "--to", END, "--top", "2"))
                .as(err.toString())
                .isZero();
        String text = out.toString();
        assertThat(text).contains("PARTITION KEY").contains("WCU/s").contains("10 writes from");
        assertThat(text).containsPattern("hot +5 writes +10 WCU +10 WCU/s");
        assertThat(text).contains("warm").doesNotContain("cold");
    }

    @Test
    void aTableWithoutAStreamIsOneLineAndExitOne() {
        assertThat(run("--table", "orders", "--source", "streams", "--range", "1h"))
                .isEqualTo(CliSupport.FAILED);
        assertThat(err.toString()).startsWith("error: Not enabled — Streams are off on this table");
        assertThat(err.toString()).contains("what to do: enable a stream").doesNotContain("Exception");
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void anUnknownTableOrSourceIsClear() {
        assertThat(run("--table", "nope", "--source", "streams")).isEqualTo(CliSupport.FAILED);
        assertThat(err.toString()).contains("Table 'nope' not found").doesNotContain("Exception");
        StringWriter e2 = new StringWriter();
        int code = RootCommand.execute(
                new PrintWriter(new StringWriter(), true),
                new PrintWriter(e2, true),
                "heat",
                "--endpoint",
                lab.endpoint(),
                "--table",
                "orders",
                "--source",
                "kinesis");
        assertThat(code).isEqualTo(CliSupport.USAGE);
        assertThat(e2.toString()).contains("Unknown heat source 'kinesis'");
    }

    @Test
    void aBadResolutionIsAUsageError() {
        assertThat(run("--table", "events", "--source", "streams", "--resolution", "fast"))
                .isEqualTo(CliSupport.USAGE);
        assertThat(err.toString()).contains("'fast' is not a resolution");
        assertThat(HeatCommand.resolutionSeconds("1s")).isEqualTo(1);
        assertThat(HeatCommand.resolutionSeconds("1m")).isEqualTo(60);
        assertThat(HeatCommand.resolutionSeconds("90")).isEqualTo(90);
    }

    @Test
    void insightsGivesTheTopKeysWithoutWritesOrStreamCounts() throws Exception {
        assertThat(run("--table", "orders", "--source", "insights", "--from", T0.toString(), "--to", END, "--json"))
                .as(out + "\n" + err)
                .isZero();
        JsonNode doc = new ObjectMapper().readTree(out.toString());
        assertThat(doc.path("source").asText()).isEqualTo("insights");
        assertThat(doc.path("records").asLong()).isZero();
        assertThat(doc.path("shards").asLong()).isZero();
        JsonNode keys = doc.path("keys");
        assertThat(keys.get(0).path("partitionKey").asText()).isEqualTo("PENDING");
        assertThat(keys.get(0).path("writes").isNull()).isTrue();
        List<String> names = new ArrayList<>();
        keys.forEach(k -> names.add(k.path("partitionKey").asText()));
        assertThat(names).contains("PENDING", "SHIPPED");
    }
}
