package dev.partitionscope.lab.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.partitionscope.testing.LabFixture;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Seeded fuzzing of PartiQL through the Lab's real HTTP front: valid statements mutated token by token (dropped,
 * doubled, swapped, replaced, truncated) with random parameters, sent as ExecuteStatement, BatchExecuteStatement and
 * ExecuteTransaction. Every answer must be a success or a DynamoDB-shaped 400 (an exception name and a message),
 * never a 500; a batch's per-statement errors must carry a code and a message.
 */
class PartiqlFuzzTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final List<String> SEEDS = List.of(
            "SELECT * FROM \"pqf\" WHERE pk = 'a'",
            "SELECT pk, m.x, l[0] FROM pqf WHERE pk = ? AND n > 3",
            "SELECT * FROM \"pqf2\" WHERE pk = 'a' AND sk BETWEEN 1 AND 5 AND begins_with(s, 'x')",
            "SELECT * FROM \"pqf2\".\"byN\" WHERE n = 1 AND s IS NOT MISSING",
            "SELECT * FROM pqf2 WHERE pk IN ['a', 'b'] AND (sk = 1 OR NOT contains(s, 'q'))",
            "SELECT * FROM pqf WHERE attribute_exists(n) OR size(s) >= 2",
            "INSERT INTO pqf VALUE {'pk': ?, 'n': 1, 'l': [1, 'a', true, null], 'm': {'x': <<1, 2>>}}",
            "UPDATE pqf SET n = n + 1, l = list_append(l, [2]) REMOVE m.x WHERE pk = 'a' RETURNING ALL NEW *",
            "UPDATE pqf2 SET s = set_add(s, <<'z'>>) WHERE pk = 'a' AND sk = 1 AND n <> 4 RETURNING MODIFIED OLD *",
            "DELETE FROM pqf WHERE pk = ? AND n < 10 RETURNING ALL OLD *",
            "EXISTS(SELECT * FROM pqf WHERE pk = 'a' AND n = 1)");
    private static final List<String> VOCABULARY = List.of(
            "SELECT",
            "FROM",
            "WHERE",
            "AND",
            "OR",
            "NOT",
            "IN",
            "IS",
            "MISSING",
            "NULL",
            "BETWEEN",
            "SET",
            "REMOVE",
            "VALUE",
            "VALUES",
            "INSERT",
            "INTO",
            "UPDATE",
            "DELETE",
            "RETURNING",
            "ALL",
            "MODIFIED",
            "OLD",
            "NEW",
            "EXISTS",
            "ORDER",
            "BY",
            "*",
            "?",
            "=",
            "<>",
            "<",
            ">=",
            "+",
            "-",
            ",",
            ".",
            "(",
            ")",
            "[",
            "]",
            "{",
            "}",
            "<<",
            ">>",
            ":",
            "'x'",
            "''",
            "\"\"",
            "\"pqf\"",
            "pk",
            "sk",
            "n",
            "1",
            "-1.5e3",
            "1e999",
            "TRUE",
            "begins_with",
            "size",
            "list_append",
            "set_add",
            "nosuchfn",
            "[99999999999]",
            "'",
            "\"");
    private static LabFixture lab;
    private static HttpClient http;
    private static URI endpoint;

    @BeforeAll
    static void start() {
        lab = LabFixture.start();
        endpoint = URI.create(lab.endpoint() + "/");
        http = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5))
                .build();
        send(
                "CreateTable",
                parse("{\"TableName\":\"pqf\",\"BillingMode\":\"PAY_PER_REQUEST\","
                        + "\"AttributeDefinitions\":[{\"AttributeName\":\"pk\",\"AttributeType\":\"S\"}],"
                        + "\"KeySchema\":[{\"AttributeName\":\"pk\",\"KeyType\":\"HASH\"}]}"));
        send(
                "CreateTable",
                parse("{\"TableName\":\"pqf2\",\"BillingMode\":\"PAY_PER_REQUEST\","
                        + "\"AttributeDefinitions\":[{\"AttributeName\":\"pk\",\"AttributeType\":\"S\"},"
                        + "{\"AttributeName\":\"sk\",\"AttributeType\":\"N\"},{\"AttributeName\":\"n\",\"AttributeType\":\"N\"}],"
                        + "\"KeySchema\":[{\"AttributeName\":\"pk\",\"KeyType\":\"HASH\"},"
                        + "{\"AttributeName\":\"sk\",\"KeyType\":\"RANGE\"}],"
                        + "\"GlobalSecondaryIndexes\":[{\"IndexName\":\"byN\",\"KeySchema\":[{\"AttributeName\":\"n\","
                        + "\"KeyType\":\"HASH\"}],\"Projection\":{\"ProjectionType\":\"KEYS_ONLY\"}}]}"));
        send("PutItem", parse("{\"TableName\":\"pqf\",\"Item\":{\"pk\":{\"S\":\"a\"},\"n\":{\"N\":\"1\"}}}"));
    }

    private static JsonNode parse(String json) {
        try {
            return JSON.readTree(json);
        } catch (IOException e) {
            throw new IllegalArgumentException(json, e);
        }
    }

    @AfterAll
    static void stop() {
        lab.close();
    }

    @Test
    void mutatedStatementsNeverAnswerAnInternalError() {
        Random rnd = new Random(20261201);
        Map<String, String> problems = new TreeMap<>();
        int ok = 0;
        int refused = 0;
        for (int i = 0; i < 1500 && problems.size() < 10; i++) {
            String operation = List.of("ExecuteStatement", "BatchExecuteStatement", "ExecuteTransaction")
                    .get(rnd.nextInt(3));
            int count = operation.equals("ExecuteStatement") ? 1 : 1 + rnd.nextInt(3);
            ArrayNode statements = F.arrayNode();
            for (int s = 0; s < count; s++) {
                statements.add(statement(rnd));
            }
            ObjectNode body = F.objectNode();
            switch (operation) {
                case "ExecuteStatement" -> {
                    body.setAll((ObjectNode) statements.get(0));
                    if (rnd.nextInt(4) == 0) {
                        body.put("Limit", 1 + rnd.nextInt(3));
                    }
                    if (rnd.nextInt(8) == 0) {
                        body.put(
                                "NextToken",
                                List.of("eyJoIjoiMCIsImkiOjB9", "!!", "e30").get(rnd.nextInt(3)));
                    }
                }
                case "BatchExecuteStatement" -> body.set("Statements", statements);
                default -> body.set("TransactStatements", statements);
            }
            if (rnd.nextBoolean()) {
                body.put("ReturnConsumedCapacity", "TOTAL");
            }
            HttpResponse<String> res = send(operation, body);
            String what = operation + " " + body;
            JsonNode json;
            try {
                json = JSON.readTree(res.body());
            } catch (IOException e) {
                problems.put(what, "not JSON: " + res.body());
                continue;
            }
            if (res.statusCode() == 200) {
                ok++;
                for (JsonNode r : json.path("Responses")) {
                    if (r.has("Error")
                            && (r.at("/Error/Code").asText().isEmpty()
                                    || r.at("/Error/Code").asText().equals("InternalServerError")
                                    || r.at("/Error/Message").asText().isEmpty())) {
                        problems.put(what, "statement error without code or message: " + r);
                    }
                }
            } else if (res.statusCode() == 400) {
                refused++;
                String type = json.path("__type").asText();
                String message = json.has("message")
                        ? json.path("message").asText()
                        : json.path("Message").asText();
                if (!type.matches("com\\.amazon(aws)?\\.[a-z0-9.]+#[A-Za-z]+Exception") || message.isBlank()) {
                    problems.put(what, "not DynamoDB-shaped: " + res.body());
                }
            } else {
                problems.put(what, "HTTP " + res.statusCode() + ": " + res.body());
            }
        }
        assertThat(problems).as("answers that were not DynamoDB's").isEmpty();
        assertThat(ok).as("some mutations still run").isGreaterThan(50);
        assertThat(refused).as("most mutations are refused").isGreaterThan(300);
    }

    /** One seed statement, mutated a few times, with zero to three random parameters. */
    private static ObjectNode statement(Random rnd) {
        List<String> tokens =
                new ArrayList<>(List.of(SEEDS.get(rnd.nextInt(SEEDS.size())).split(" ")));
        int mutations = rnd.nextInt(4);
        for (int m = 0; m < mutations && !tokens.isEmpty(); m++) {
            int at = rnd.nextInt(tokens.size());
            switch (rnd.nextInt(6)) {
                case 0 -> tokens.remove(at);
                case 1 -> tokens.add(at, tokens.get(at));
                case 2 -> tokens.set(at, VOCABULARY.get(rnd.nextInt(VOCABULARY.size())));
                case 3 -> tokens.add(at, VOCABULARY.get(rnd.nextInt(VOCABULARY.size())));
                case 4 -> {
                    if (at + 1 < tokens.size()) {
                        String t = tokens.get(at);
                        tokens.set(at, tokens.get(at + 1));
                        tokens.set(at + 1, t);
                    }
                }
                default -> tokens.subList(at, tokens.size()).clear();
            }
        }
        ObjectNode s = F.objectNode().put("Statement", String.join(rnd.nextInt(5) == 0 ? "" : " ", tokens));
        int params = rnd.nextInt(4);
        if (params > 0) {
            ArrayNode p = s.putArray("Parameters");
            for (int i = 0; i < params; i++) {
                p.add(value(rnd, 0));
            }
        }
        return s;
    }

    private static JsonNode value(Random rnd, int depth) {
        ObjectNode v = F.objectNode();
        switch (rnd.nextInt(depth > 1 ? 6 : 9)) {
            case 0 -> v.put("S", List.of("a", "", "x".repeat(5)).get(rnd.nextInt(3)));
            case 1 -> v.put("N", List.of("1", "-2.5", "1e200", "abc").get(rnd.nextInt(4)));
            case 2 -> v.put("BOOL", rnd.nextBoolean());
            case 3 -> v.put("NULL", true);
            case 4 -> v.put("B", "AAEC");
            case 5 -> v.putArray("SS").add("a").add("b");
            case 6 -> v.putArray("L").add(value(rnd, depth + 1));
            case 7 -> v.putObject("M").set("k", value(rnd, depth + 1));
            default -> v.putArray("NS").add("1").add("1");
        }
        return v;
    }

    private static HttpResponse<String> send(String operation, JsonNode body) {
        try {
            HttpRequest request = RobustnessFuzzTest.signed(HttpRequest.newBuilder(endpoint)
                            .timeout(Duration.ofSeconds(10))
                            .header("Content-Type", "application/x-amz-json-1.0")
                            .header("X-Amz-Target", "DynamoDB_20120810." + operation)
                            .POST(HttpRequest.BodyPublishers.ofString(body.toString(), StandardCharsets.UTF_8)))
                    .build();
            return http.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new AssertionError("The Lab dropped or did not answer " + operation + " " + body, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
