package dev.partitionscope.lab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.partitionscope.lab.clock.SimulatedClock;
import dev.partitionscope.lab.meter.RequestRecord;
import dev.partitionscope.lab.wire.LabException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Time to Live on the Lab's clock: expired items stay readable until the sweep (a configurable delay after expiry),
 * then go from the table and its indexes without being metered; TTL values that are not numbers, lie in the future
 * or more than five years in the past are left alone, as AWS documents.
 */
class TimeToLiveTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final SimulatedClock clock = new SimulatedClock(Instant.parse("2026-06-22T10:00:00Z"));
    private final List<RequestRecord> metered = new CopyOnWriteArrayList<>();
    private LabEngine engine;
    private long now;

    @BeforeEach
    void createTable() {
        engine = new LabEngine(clock, "us-east-1", c -> CapacityGate.UNLIMITED, metered::add);
        engine.setTimeToLive(Duration.ofMinutes(10).toMillis(), 1_000);
        now = clock.epochMillis() / 1000;
        call("CreateTable", """
                {"TableName": "sessions", "BillingMode": "PAY_PER_REQUEST",
                 "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "S"},
                                          {"AttributeName": "user", "AttributeType": "S"}],
                 "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}],
                 "GlobalSecondaryIndexes": [{"IndexName": "byUser", "Projection": {"ProjectionType": "ALL"},
                    "KeySchema": [{"AttributeName": "user", "KeyType": "HASH"}]}]}""");
    }

    private ObjectNode call(String op, String json) {
        try {
            return engine.handle(op, JSON.readTree(json));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void put(String id, String expires) {
        call(
                "PutItem",
                "{\"TableName\": \"sessions\", \"Item\": {\"id\": {\"S\": \"" + id + "\"}, \"user\": {\"S\":"
                        + " \"ann\"}, \"expires\": " + expires + "}}");
    }

    private List<String> ids() {
        List<String> ids = new java.util.ArrayList<>();
        for (JsonNode item : call("Scan", "{\"TableName\": \"sessions\"}").get("Items")) {
            ids.add(item.at("/id/S").asText());
        }
        ids.sort(null);
        return ids;
    }

    private int indexCount() {
        return call(
                        "Query",
                        "{\"TableName\": \"sessions\", \"IndexName\": \"byUser\", \"KeyConditionExpression\":"
                                + " \"#u = :u\", \"ExpressionAttributeNames\": {\"#u\": \"user\"}, \"ExpressionAttributeValues\":"
                                + " {\":u\": {\"S\": \"ann\"}}}")
                .get("Count")
                .asInt();
    }

    @Test
    void expiredItemsAreReadableUntilTheSweepThenGoFromTableAndIndexUnmetered() {
        assertThat(call(
                                "UpdateTimeToLive",
                                "{\"TableName\": \"sessions\", \"TimeToLiveSpecification\":"
                                        + " {\"AttributeName\": \"expires\", \"Enabled\": true}}")
                        .toString())
                .isEqualTo("{\"TimeToLiveSpecification\":{\"AttributeName\":\"expires\",\"Enabled\":true}}");
        put("past", "{\"N\": \"" + (now - 60) + "\"}");
        put("soon", "{\"N\": \"" + (now + 300) + "\"}");
        put("later", "{\"N\": \"" + (now + 86_400) + "\"}");
        put("text", "{\"S\": \"" + (now - 60) + "\"}");
        put("ancient", "{\"N\": \"" + (now - 6L * 365 * 86_400) + "\"}");
        put("none", "{\"NULL\": true}");
        assertThat(ids()).containsExactly("ancient", "later", "none", "past", "soon", "text");

        // Expired a minute ago, but the sweep waits ten minutes after expiry: still there, as on AWS.
        clock.advance(Duration.ofMinutes(5));
        assertThat(ids()).contains("past");
        metered.clear();

        clock.advance(Duration.ofMinutes(6)); // past: 11 min after expiry; soon: 6 min after
        assertThat(ids()).containsExactly("ancient", "later", "none", "soon", "text");
        assertThat(indexCount()).isEqualTo(5);
        assertThat(metered)
                .as("only the two reads were metered, not the TTL delete")
                .extracting(RequestRecord::operation)
                .containsExactly("Scan", "Query");

        clock.advance(Duration.ofMinutes(5));
        assertThat(ids()).containsExactly("ancient", "later", "none", "text");
        clock.advance(Duration.ofDays(2));
        assertThat(ids())
                .as("a string, a NULL and a TTL over five years old never expire")
                .containsExactly("ancient", "none", "text");
        assertThat(indexCount()).isEqualTo(3);
    }

    @Test
    void nothingExpiresWhileTimeToLiveIsDisabledAndTheStatusSaysSo() {
        put("past", "{\"N\": \"" + (now - 60) + "\"}");
        clock.advance(Duration.ofHours(1));
        assertThat(ids()).containsExactly("past");
        assertThat(call("DescribeTimeToLive", "{\"TableName\": \"sessions\"}").toString())
                .isEqualTo("{\"TimeToLiveDescription\":{\"TimeToLiveStatus\":\"DISABLED\"}}");
        assertThatThrownBy(() -> call(
                        "UpdateTimeToLive",
                        "{\"TableName\": \"sessions\", \"TimeToLiveSpecification\":"
                                + " {\"AttributeName\": \"expires\", \"Enabled\": false}}"))
                .isInstanceOfSatisfying(LabException.class, e -> assertThat(e.getMessage())
                        .isEqualTo("TimeToLive is already disabled"));

        call(
                "UpdateTimeToLive",
                "{\"TableName\": \"sessions\", \"TimeToLiveSpecification\": {\"AttributeName\":"
                        + " \"expires\", \"Enabled\": true}}");
        assertThat(call("DescribeTimeToLive", "{\"TableName\": \"sessions\"}").toString())
                .isEqualTo("{\"TimeToLiveDescription\":{\"TimeToLiveStatus\":\"ENABLED\",\"AttributeName\":"
                        + "\"expires\"}}");
        assertThatThrownBy(() -> call(
                        "UpdateTimeToLive",
                        "{\"TableName\": \"sessions\", \"TimeToLiveSpecification\":"
                                + " {\"AttributeName\": \"other\", \"Enabled\": true}}"))
                .hasMessage("TimeToLive is active on a different AttributeName: current AttributeName is expires");
        clock.advance(Duration.ofMinutes(11));
        assertThat(ids()).isEmpty();
    }
}
