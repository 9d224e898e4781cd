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
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Raw HTTP (java.net.http) against the Lab: malformed JSON, wrong JSON types, deep nesting, oversized bodies, unknown
 * and missing targets, random bytes, items over 400 KB, then a seeded fuzz loop of mutated valid requests. Every
 * answer must be a success or a DynamoDB-shaped error (400/413/500 with a JSON {@code __type} and {@code message}),
 * never a hang or a dropped connection, and the Lab must keep serving afterwards.
 */
class RobustnessFuzzTest {
    private static final String TARGET = "DynamoDB_20120810.";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final Set<Integer> ERROR_STATUSES = Set.of(400, 413, 500);
    private static LabFixture lab;
    private static HttpClient http;
    private static URI endpoint;

    /** Internal errors seen, by what caused them: a wrong input should never be the Lab's fault. */
    private final Map<String, String> internalErrors = new TreeMap<>();

    @BeforeAll
    static void start() {
        lab = LabFixture.start();
        endpoint = URI.create(lab.endpoint() + "/");
        http = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5))
                .build();
        call("CreateTable", table("fuzz"));
        call("CreateTable", table("fuzz2"));
        call("CreateTable", obj(o -> {
            o.put("TableName", "fuzzsorted").put("BillingMode", "PAY_PER_REQUEST");
            o.putArray("AttributeDefinitions")
                    .add(obj(a -> a.put("AttributeName", "pk").put("AttributeType", "S")))
                    .add(obj(a -> a.put("AttributeName", "sk").put("AttributeType", "N")));
            o.putArray("KeySchema")
                    .add(obj(k -> k.put("AttributeName", "pk").put("KeyType", "HASH")))
                    .add(obj(k -> k.put("AttributeName", "sk").put("KeyType", "RANGE")));
        }));
        for (int i = 0; i < 5; i++) {
            int sk = i;
            call("PutItem", obj(o -> o.put("TableName", "fuzzsorted").set("Item", obj(it -> {
                it.putObject("pk").put("S", "k1");
                it.putObject("sk").put("N", String.valueOf(sk));
            }))));
        }
    }

    @AfterAll
    static void stop() {
        lab.close();
    }

    @AfterEach
    void theLabStillServes() {
        String pk = "alive-" + System.nanoTime();
        Answer put = call("PutItem", obj(o -> o.put("TableName", "fuzz").set("Item", item(pk, "still here"))));
        assertThat(put.status()).as(put.body()).isEqualTo(200);
        Answer get = call("GetItem", obj(o -> o.put("TableName", "fuzz")
                .set("Key", obj(k -> k.set("pk", obj(v -> v.put("S", pk)))))));
        assertThat(get.status()).isEqualTo(200);
        assertThat(get.json().at("/Item/v/S").asText()).isEqualTo("still here");
    }

    private static ObjectNode table(String name) {
        return obj(o -> {
            o.put("TableName", name).put("BillingMode", "PAY_PER_REQUEST");
            o.putArray("AttributeDefinitions")
                    .addObject()
                    .put("AttributeName", "pk")
                    .put("AttributeType", "S");
            o.putArray("KeySchema").addObject().put("AttributeName", "pk").put("KeyType", "HASH");
        });
    }

    private static ObjectNode item(String pk, String v) {
        return obj(i -> {
            i.putObject("pk").put("S", pk);
            i.putObject("v").put("S", v);
        });
    }

    private static ObjectNode obj(Consumer<ObjectNode> fill) {
        ObjectNode o = F.objectNode();
        fill.accept(o);
        return o;
    }

    // ---------------------------------------------------------------------------------------------------------------

    record Answer(int status, String body, JsonNode json) {}

    private static Answer call(String operation, JsonNode body) {
        try {
            return send(TARGET + operation, JSON.writeValueAsBytes(body));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Sends raw bytes; fails the test on a hang (10 s) or a dropped connection. */
    private static Answer send(String target, byte[] body) {
        HttpRequest.Builder b = signed(HttpRequest.newBuilder(endpoint)
                .timeout(Duration.ofSeconds(10))
                .header("Content-Type", "application/x-amz-json-1.0")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body)));
        if (target != null) {
            b.header("X-Amz-Target", target);
        }
        HttpResponse<String> res;
        try {
            try {
                res = http.send(b.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            } catch (IOException stale) {
                // A pooled keep-alive connection the server had already closed: the JDK client retries only GETs
                // on those, so a POST sees "header parser received no bytes". Send once more on a fresh
                // connection; a Lab that really drops the request fails the second time too.
                if (stale instanceof HttpTimeoutException
                        || stale.getMessage() == null
                        || !stale.getMessage().contains("received no bytes")) {
                    throw stale;
                }
                res = http.send(b.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            }
        } catch (HttpTimeoutException e) {
            throw new AssertionError("The Lab did not answer within 10 s (target " + target + ")", e);
        } catch (IOException e) {
            throw new AssertionError("The Lab dropped the connection (target " + target + "): " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        JsonNode json;
        try {
            json = JSON.readTree(res.body());
        } catch (IOException e) {
            throw new AssertionError("Not JSON (HTTP " + res.statusCode() + "): " + res.body(), e);
        }
        return new Answer(res.statusCode(), res.body(), json);
    }

    /** A request signed as the SDKs sign (the Lab does not check the signature, but refuses a request without one). */
    static HttpRequest.Builder signed(HttpRequest.Builder b) {
        return b.header(
                        "Authorization",
                        "AWS4-HMAC-SHA256 Credential=lab/20260101/us-east-1/dynamodb/aws4_request,"
                                + " SignedHeaders=host;x-amz-date, Signature=0")
                .header("X-Amz-Date", "20260101T000000Z");
    }

    /** A success (a JSON object) or a DynamoDB-shaped error; internal errors are remembered for the test to judge. */
    private Answer wellFormed(String what, Answer a) {
        if (a.status() == 200) {
            assertThat(a.json().isObject())
                    .as("%s: a success is a JSON object: %s", what, a.body())
                    .isTrue();
            return a;
        }
        assertThat(a.status()).as("%s: %s", what, a.body()).isIn(ERROR_STATUSES);
        assertThat(a.json().path("__type").isTextual())
                .as("%s: __type in %s", what, a.body())
                .isTrue();
        assertThat(a.json().path("__type").asText())
                .as("%s", what)
                .matches("com\\.amaz(on|onaws)\\.[a-z0-9.]+#[A-Za-z]+");
        // DynamoDB's front end answers an unreadable body or an unknown target with the type alone, and spells its
        // deserializer's text "Message"; everything else says what was wrong in "message".
        String type = type(a);
        JsonNode message =
                a.json().has("Message") ? a.json().get("Message") : a.json().get("message");
        if (message == null) {
            assertThat(type)
                    .as("%s: message in %s", what, a.body())
                    .isIn("SerializationException", "UnknownOperationException");
        } else {
            assertThat(message.isTextual())
                    .as("%s: message in %s", what, a.body())
                    .isTrue();
            assertThat(message.asText()).as("%s: message", what).isNotBlank();
        }
        if (a.status() == 500) {
            internalErrors.putIfAbsent(a.json().path("message").asText(), what);
        }
        return a;
    }

    private static String type(Answer a) {
        String t = a.json().path("__type").asText();
        return t.substring(t.indexOf('#') + 1);
    }

    private Answer expectError(String what, String target, byte[] body, int status, String type) {
        Answer a = wellFormed(what, send(target, body));
        assertThat(a.status()).as("%s: %s", what, a.body()).isEqualTo(status);
        assertThat(type(a)).as("%s: %s", what, a.body()).isEqualTo(type);
        return a;
    }

    /** One raw request of a batch. */
    private record Probe(String what, String target, byte[] body) {}

    /** Sends every probe from four threads; answers in probe order (each still failing on a hang or a drop). */
    private static List<Answer> sendAll(List<Probe> probes) {
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(4);
        try {
            List<java.util.concurrent.Future<Answer>> futures = new ArrayList<>();
            for (Probe p : probes) {
                futures.add(pool.submit(() -> send(p.target(), p.body())));
            }
            List<Answer> answers = new ArrayList<>();
            for (int i = 0; i < futures.size(); i++) {
                try {
                    answers.add(futures.get(i).get(60, java.util.concurrent.TimeUnit.SECONDS));
                } catch (java.util.concurrent.ExecutionException e) {
                    throw new AssertionError(
                            probes.get(i).what() + ": " + e.getCause().getMessage(), e.getCause());
                }
            }
            return answers;
        } catch (InterruptedException | java.util.concurrent.TimeoutException e) {
            throw new AssertionError("The fuzz batch did not finish", e);
        } finally {
            pool.shutdownNow();
        }
    }

    private static byte[] bytes(JsonNode node) {
        try {
            return JSON.writeValueAsBytes(node);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    // ---------------------------------------------------------------------------------------------------------------

    @Test
    void malformedJsonIsASerializationException() {
        for (String body : List.of(
                "{",
                "{\"TableName\":",
                "not json",
                "{\"TableName\" \"fuzz\"}",
                "{'a':1}",
                "{\"a\":1,}",
                "{\"TableName\":\"fuzz\",\"Key\":{\"pk\":{\"S\":\"x\"}}",
                "\u0000\u0001",
                "{\"TableName\":\"fu\\uZZZZ\"}")) {
            expectError(body, TARGET + "GetItem", utf8(body), 400, "SerializationException");
        }
        // Valid JSON that is not an object.
        for (String body : List.of("[1,2]", "null", "\"str\"", "42", "true")) {
            Answer a = wellFormed(body, send(TARGET + "GetItem", utf8(body)));
            assertThat(a.status()).as(body).isEqualTo(400);
            assertThat(type(a)).as(body).isIn("SerializationException", "ValidationException");
        }
        // An empty body is not a request at all, as on DynamoDB; "{}" is an empty one, and the missing table name is
        // named.
        expectError("empty body", TARGET + "GetItem", new byte[0], 400, "SerializationException");
        Answer empty = expectError("empty object", TARGET + "GetItem", utf8("{}"), 400, "ValidationException");
        assertThat(empty.json().path("message").asText()).contains("tableName");
    }

    @Test
    void wrongJsonTypesInEveryFieldPositionAreClientErrors() {
        List<JsonNode> wrong = List.of(
                F.numberNode(123),
                F.textNode("str"),
                F.booleanNode(true),
                F.nullNode(),
                F.arrayNode(),
                F.objectNode(),
                F.arrayNode().add(1),
                obj(o -> o.put("S", 1)),
                obj(o -> o.putObject("S").put("S", "x")),
                F.numberNode(1e300),
                // well-formed attribute values of the wrong type for a key
                obj(o -> o.put("N", "1")),
                obj(o -> o.put("S", "x")),
                obj(o -> o.put("BOOL", true)),
                obj(o -> o.put("B", "AAE=")));
        List<Probe> probes = new ArrayList<>();
        for (Map.Entry<String, ObjectNode> request : validRequests().entrySet()) {
            for (String path : paths(request.getValue(), "")) {
                for (JsonNode replacement : wrong) {
                    ObjectNode mutated = request.getValue().deepCopy();
                    replace(mutated, path, replacement);
                    probes.add(new Probe(
                            request.getKey() + " " + path + " = " + replacement,
                            TARGET + operation(request.getKey()),
                            bytes(mutated)));
                }
            }
        }
        List<Answer> answers = sendAll(probes);
        for (int i = 0; i < probes.size(); i++) {
            wellFormed(probes.get(i).what(), answers.get(i));
        }
        assertThat(probes).hasSizeGreaterThan(1000);
        assertThat(internalErrors)
                .as("wrong types must be answered as client errors (400), not internal errors")
                .isEmpty();
    }

    @Test
    void deepNestingIsRefusedWithDynamoDbsMessages() {
        // DynamoDB allows 32 levels of nested lists and maps.
        for (String kind : List.of("L", "M")) {
            Answer ok = call("PutItem", obj(o -> o.put("TableName", "fuzz")
                    .set("Item", obj(i -> i.<ObjectNode>set("pk", obj(v -> v.put("S", "deep-" + kind)))
                            .set("d", nested(kind, 32))))));
            assertThat(ok.status()).as(ok.body()).isEqualTo(200);
            Answer deep = call("PutItem", obj(o -> o.put("TableName", "fuzz")
                    .set("Item", obj(i -> i.<ObjectNode>set("pk", obj(v -> v.put("S", "deeper-" + kind)))
                            .set("d", nested(kind, 33))))));
            wellFormed("33 levels of " + kind, deep);
            assertThat(deep.status()).isEqualTo(400);
            assertThat(type(deep)).isEqualTo("ValidationException");
            assertThat(deep.json().path("message").asText()).contains("Nesting Levels have exceeded supported limits");
        }
        Answer stored = call("GetItem", obj(o -> o.put("TableName", "fuzz")
                .set("Key", obj(k -> k.set("pk", obj(v -> v.put("S", "deeper-L")))))));
        assertThat(stored.json().has("Item")).as("nothing stored").isFalse();

        // JSON nested beyond the parser's limit, in an attribute value and as plain JSON, up to a megabyte deep.
        for (int depth : new int[] {300, 5_000, 500_000}) {
            String deepJson = "{\"TableName\":\"fuzz\",\"Item\":{\"pk\":{\"S\":\"x\"},\"d\":" + "{\"L\":[".repeat(depth)
                    + "{\"S\":\"x\"}" + "]}".repeat(depth) + "}}";
            Answer a = expectError(
                    "JSON depth " + depth, TARGET + "PutItem", utf8(deepJson), 400, "SerializationException");
            assertThat(a.json().path("Message").asText()).contains("Nesting Levels");
            expectError(
                    "array depth " + depth,
                    TARGET + "PutItem",
                    utf8("[".repeat(depth) + "]".repeat(depth)),
                    400,
                    "SerializationException");
        }
    }

    private static ObjectNode nested(String kind, int levels) {
        ObjectNode v = obj(o -> o.put("S", "bottom"));
        for (int i = 0; i < levels; i++) {
            ObjectNode inner = v;
            v = kind.equals("L")
                    ? obj(o -> o.putArray("L").add(inner))
                    : obj(o -> o.putObject("M").set("k", inner));
        }
        return v;
    }

    @Test
    void bodiesOverSixteenMegabytesAre413() throws Exception {
        for (int size : new int[] {16 * 1024 * 1024 + 1, 24 * 1024 * 1024}) {
            byte[] big = new byte[size];
            java.util.Arrays.fill(big, (byte) ' ');
            big[0] = '{';
            big[big.length - 1] = '}';
            // DynamoDB answers an oversized body with a bare 413.
            HttpResponse<String> a = http.send(
                    signed(HttpRequest.newBuilder(endpoint)
                                    .timeout(Duration.ofSeconds(10))
                                    .header("X-Amz-Target", TARGET + "PutItem")
                                    .header("Content-Type", "application/x-amz-json-1.0")
                                    .POST(HttpRequest.BodyPublishers.ofByteArray(big)))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(a.statusCode()).as(size + " bytes").isEqualTo(413);
            assertThat(a.body()).isEmpty();
        }
        // Without a Content-Length (chunked), the Lab counts as it reads. Several times: a lost answer is a race.
        byte[] chunk = new byte[20 * 1024 * 1024];
        java.util.Arrays.fill(chunk, (byte) ' ');
        for (int i = 0; i < 4; i++) {
            HttpResponse<String> chunked;
            try {
                chunked = http.send(
                        signed(HttpRequest.newBuilder(endpoint))
                                .timeout(Duration.ofSeconds(10))
                                .header("X-Amz-Target", TARGET + "PutItem")
                                .POST(HttpRequest.BodyPublishers.ofInputStream(
                                        () -> new java.io.ByteArrayInputStream(chunk)))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
            } catch (IOException e) {
                throw new AssertionError("The Lab dropped the connection of a chunked 20 MB body: " + e, e);
            }
            assertThat(chunked.statusCode()).isEqualTo(413);
            assertThat(chunked.body()).isEmpty();
        }
    }

    @Test
    void unknownAndMissingTargetsAreUnknownOperations() {
        byte[] body = utf8("{}");
        for (String target : new String[] {
            null,
            "",
            "DynamoDB_20120810.",
            "DynamoDB_20120810.Nope",
            "DynamoDB_20120810.putitem",
            "DynamoDB_20130101.PutItem",
            "GraniteServiceVersion20100801.PutMetricData",
            "DynamoDB_20120810.CreateBackup",
            "DynamoDB_20120810.PutItem.Extra",
            "\u00e9\u00e9"
        }) {
            Answer a = expectError(String.valueOf(target), target, body, 400, "UnknownOperationException");
            assertThat(a.json().path("__type").asText()).startsWith("com.amazon.coral.service#");
        }
    }

    @Test
    void aFailingHandlerIsAnInternalErrorNotADroppedConnection() throws Exception {
        for (Throwable failure : List.of(
                new IllegalStateException("bug"),
                new AssertionError("broken invariant"),
                new NoClassDefFoundError("dev/partitionscope/Missing"),
                new StackOverflowError())) {
            try (LabServer failing = LabServer.start(
                    null,
                    0,
                    (op, req) -> {
                        if (failure instanceof RuntimeException r) {
                            throw r;
                        }
                        throw (Error) failure;
                    },
                    0)) {
                HttpResponse<String> res = http.send(
                        signed(HttpRequest.newBuilder(URI.create(failing.endpoint() + "/")))
                                .timeout(Duration.ofSeconds(10))
                                .header("X-Amz-Target", TARGET + "GetItem")
                                .header("Content-Type", "application/x-amz-json-1.0")
                                .POST(HttpRequest.BodyPublishers.ofString("{}"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
                assertThat(res.statusCode()).as(failure.toString()).isEqualTo(500);
                JsonNode body = JSON.readTree(res.body());
                assertThat(body.path("__type").asText())
                        .isEqualTo("com.amazonaws.dynamodb.v20120810#InternalServerError");
                assertThat(body.path("message").asText())
                        .contains(failure.getClass().getSimpleName());
            }
        }
    }

    @Test
    void randomBytesAreSerializationErrors() {
        Random r = new Random(99);
        for (int i = 0; i < 200; i++) {
            byte[] body = new byte[1 + r.nextInt(2000)];
            r.nextBytes(body);
            body[0] = (byte) (r.nextBoolean() ? '{' : body[0]);
            Answer a = wellFormed("random bytes " + i, send(TARGET + "PutItem", body));
            assertThat(a.status()).isEqualTo(400);
        }
        assertThat(internalErrors).isEmpty();
    }

    @Test
    void itemsOverFourHundredKilobytesAreRefused() {
        int limit = 400 * 1024;
        // "pk" + "big" 5 B, "v" + value: exactly 400 KB is accepted, one byte more is not.
        String exact = "x".repeat(limit - 5 - 1);
        Answer ok = call("PutItem", obj(o -> o.put("TableName", "fuzz").set("Item", item("big", exact))));
        assertThat(ok.status()).as(ok.body()).isEqualTo(200);
        Answer over = call("PutItem", obj(o -> o.put("TableName", "fuzz").set("Item", item("big", exact + "x"))));
        assertThat(over.status()).isEqualTo(400);
        assertThat(type(over)).isEqualTo("ValidationException");
        assertThat(over.json().path("message").asText()).contains("Item size has exceeded the maximum allowed size");
        Answer grow = call("UpdateItem", obj(o -> {
            o.put("TableName", "fuzz").set("Key", obj(k -> k.set("pk", obj(v -> v.put("S", "big")))));
            o.put("UpdateExpression", "SET w = :w");
            o.putObject("ExpressionAttributeValues").putObject(":w").put("S", "yy");
        }));
        assertThat(grow.status()).isEqualTo(400);
        assertThat(grow.json().path("message").asText()).contains("Item size");
        Answer still = call("GetItem", obj(o -> o.put("TableName", "fuzz")
                .set("Key", obj(k -> k.set("pk", obj(v -> v.put("S", "big")))))));
        assertThat(still.json().at("/Item/v/S").asText()).hasSize(exact.length());
        assertThat(still.json().at("/Item").has("w")).isFalse();
    }

    @Test
    void seededFuzzOfMutatedRequestsNeverBreaksTheLab() {
        Random r = new Random(20_240_607L);
        List<Map.Entry<String, ObjectNode>> corpus =
                new ArrayList<>(validRequests().entrySet());
        Map<Integer, Integer> statuses = new TreeMap<>();
        int total = 3000;
        List<Probe> probes = new ArrayList<>();
        for (int i = 0; i < total; i++) {
            Map.Entry<String, ObjectNode> base = corpus.get(r.nextInt(corpus.size()));
            String operation = r.nextInt(40) == 0 ? randomAscii(r, 12) : operation(base.getKey());
            byte[] body = mutate(r, base.getValue().deepCopy());
            String text = new String(body, StandardCharsets.UTF_8);
            probes.add(new Probe(
                    "fuzz #" + i + " " + operation + " " + text.substring(0, Math.min(300, text.length())),
                    TARGET + operation,
                    body));
        }
        // Generated in seed order, sent by four clients at once (so also concurrently), judged in order.
        List<Answer> answers = sendAll(probes);
        for (int i = 0; i < total; i++) {
            statuses.merge(wellFormed(probes.get(i).what(), answers.get(i)).status(), 1, Integer::sum);
        }
        assertThat(statuses.values().stream().mapToInt(Integer::intValue).sum()).isEqualTo(total);
        assertThat(statuses)
                .as("the mutations reach both successes and refusals")
                .containsKeys(200, 400);
        assertThat(internalErrors).as("no mutated request is an internal error").isEmpty();
    }

    // ---------------------------------------------------------------------------------------------------------------

    /** The operation of a request in {@link #validRequests()} ("Query#sorted" is a Query). */
    private static String operation(String name) {
        int cut = name.indexOf('#');
        return cut < 0 ? name : name.substring(0, cut);
    }

    /** One valid request of every operation (some twice), against the "fuzz" tables. */
    private static Map<String, ObjectNode> validRequests() {
        Map<String, ObjectNode> m = new TreeMap<>();
        ObjectNode key = obj(k -> k.set("pk", obj(v -> v.put("S", "k1"))));
        ObjectNode values = obj(v -> {
            v.putObject(":v").put("S", "x");
            v.putObject(":n").put("N", "1");
        });
        m.put("PutItem", obj(o -> {
            o.put("TableName", "fuzz").set("Item", obj(i -> {
                i.putObject("pk").put("S", "k1");
                i.putObject("n").put("N", "5");
                i.putObject("ss").putArray("SS").add("a").add("b");
                i.putObject("l").putArray("L").addObject().put("BOOL", true);
                i.putObject("m").putObject("M").putObject("x").put("NULL", true);
                i.putObject("b").put("B", "AAEC");
            }));
            o.put("ConditionExpression", "attribute_not_exists(v) OR v = :v");
            o.set("ExpressionAttributeValues", obj(v -> v.putObject(":v").put("S", "x")));
            o.put("ReturnValues", "ALL_OLD").put("ReturnConsumedCapacity", "TOTAL");
        }));
        m.put("GetItem", obj(o -> o.put("TableName", "fuzz")
                .put("ConsistentRead", true)
                .put("ProjectionExpression", "#p, n")
                .<ObjectNode>set("Key", key.deepCopy())
                .set("ExpressionAttributeNames", obj(n -> n.put("#p", "pk")))));
        m.put("UpdateItem", obj(o -> o.put("TableName", "fuzz")
                .<ObjectNode>set("Key", key.deepCopy())
                .put("UpdateExpression", "SET v = :v ADD n :n")
                .put("ReturnValues", "UPDATED_NEW")
                .set("ExpressionAttributeValues", values.deepCopy())));
        m.put("DeleteItem", obj(o -> o.put("TableName", "fuzz2")
                .<ObjectNode>set("Key", key.deepCopy())
                .put("ReturnValues", "ALL_OLD")));
        m.put("Query", obj(o -> o.put("TableName", "fuzz")
                .put("KeyConditionExpression", "pk = :v")
                .put("FilterExpression", "n > :n")
                .put("Limit", 5)
                .put("ScanIndexForward", false)
                .put("ReturnConsumedCapacity", "INDEXES")
                .<ObjectNode>set("ExpressionAttributeValues", values.deepCopy())
                .set("ExclusiveStartKey", key.deepCopy())));
        m.put("Scan", obj(o -> o.put("TableName", "fuzz")
                .put("Segment", 1)
                .put("TotalSegments", 3)
                .put("Limit", 10)
                .put("Select", "COUNT")
                .set("ExclusiveStartKey", key.deepCopy())));
        ObjectNode sortedKey = obj(k -> {
            k.putObject("pk").put("S", "k1");
            k.putObject("sk").put("N", "2");
        });
        m.put("Query#sorted", obj(o -> o.put("TableName", "fuzzsorted")
                .put("KeyConditionExpression", "pk = :p AND sk BETWEEN :a AND :b")
                .put("Limit", 2)
                .<ObjectNode>set("ExclusiveStartKey", sortedKey.deepCopy())
                .set("ExpressionAttributeValues", obj(v -> {
                    v.putObject(":p").put("S", "k1");
                    v.putObject(":a").put("N", "1");
                    v.putObject(":b").put("N", "4");
                }))));
        m.put("Scan#sorted", obj(o -> o.put("TableName", "fuzzsorted")
                .put("Limit", 2)
                .set("ExclusiveStartKey", sortedKey.deepCopy())));
        m.put("GetItem#sorted", obj(o -> o.put("TableName", "fuzzsorted").set("Key", sortedKey.deepCopy())));
        m.put("BatchWriteItem", obj(o -> {
            ArrayNode writes = o.putObject("RequestItems").putArray("fuzz2");
            writes.addObject().putObject("PutRequest").set("Item", item("b1", "v"));
            writes.addObject().putObject("DeleteRequest").set("Key", obj(k -> k.set("pk", obj(v -> v.put("S", "b2")))));
        }));
        m.put("BatchGetItem", obj(o -> {
            ObjectNode spec = o.putObject("RequestItems").putObject("fuzz");
            spec.putArray("Keys").add(key.deepCopy()).add(obj(k -> k.set("pk", obj(v -> v.put("S", "k2")))));
            spec.put("ConsistentRead", true);
        }));
        m.put("CreateTable", obj(o -> {
            o.put("TableName", "fuzz-created").put("BillingMode", "PROVISIONED");
            o.putArray("AttributeDefinitions")
                    .add(obj(a -> a.put("AttributeName", "pk").put("AttributeType", "S")))
                    .add(obj(a -> a.put("AttributeName", "g").put("AttributeType", "N")));
            o.putArray("KeySchema").addObject().put("AttributeName", "pk").put("KeyType", "HASH");
            o.putObject("ProvisionedThroughput").put("ReadCapacityUnits", 1).put("WriteCapacityUnits", 1);
            ObjectNode gsi = o.putArray("GlobalSecondaryIndexes").addObject().put("IndexName", "byG");
            gsi.putArray("KeySchema").addObject().put("AttributeName", "g").put("KeyType", "HASH");
            gsi.putObject("Projection")
                    .put("ProjectionType", "INCLUDE")
                    .putArray("NonKeyAttributes")
                    .add("x");
            gsi.putObject("ProvisionedThroughput").put("ReadCapacityUnits", 1).put("WriteCapacityUnits", 1);
        }));
        m.put("DescribeTable", obj(o -> o.put("TableName", "fuzz")));
        m.put("ListTables", obj(o -> o.put("Limit", 3).put("ExclusiveStartTableName", "a")));
        m.put("UpdateTable", obj(o -> o.put("TableName", "fuzz2")
                .put("BillingMode", "PAY_PER_REQUEST")
                .put("DeletionProtectionEnabled", false)));
        m.put("DeleteTable", obj(o -> o.put("TableName", "fuzz-created")));
        m.put("DescribeContributorInsights", obj(o -> o.put("TableName", "fuzz")));
        m.put("UpdateContributorInsights", obj(o -> o.put("TableName", "fuzz")
                .put("ContributorInsightsAction", "ENABLE")
                .put("ContributorInsightsMode", "THROTTLED_KEYS")));
        m.put("ListContributorInsights", obj(o -> o.put("MaxResults", 5).put("NextToken", "0")));
        return m;
    }

    /** JSON pointer-like paths of every field and array element below {@code node}. */
    private static List<String> paths(JsonNode node, String prefix) {
        List<String> out = new ArrayList<>();
        if (node.isObject()) {
            for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
                String f = it.next();
                out.add(prefix + "/" + f);
                out.addAll(paths(node.get(f), prefix + "/" + f));
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                out.add(prefix + "/" + i);
                out.addAll(paths(node.get(i), prefix + "/" + i));
            }
        }
        return out;
    }

    private static void replace(JsonNode root, String path, JsonNode value) {
        int cut = path.lastIndexOf('/');
        JsonNode parent = cut == 0 ? root : root.at(path.substring(0, cut));
        String last = path.substring(cut + 1);
        if (parent instanceof ObjectNode o) {
            o.set(last, value);
        } else if (parent instanceof ArrayNode a) {
            a.set(Integer.parseInt(last), value);
        }
    }

    private static void remove(JsonNode root, String path) {
        int cut = path.lastIndexOf('/');
        JsonNode parent = cut == 0 ? root : root.at(path.substring(0, cut));
        String last = path.substring(cut + 1);
        if (parent instanceof ObjectNode o) {
            o.remove(last);
        } else if (parent instanceof ArrayNode a) {
            a.remove(Integer.parseInt(last));
        }
    }

    /** One or two mutations of a valid request, most on the JSON tree, some on the bytes. */
    private static byte[] mutate(Random r, ObjectNode request) {
        int count = r.nextInt(4) == 0 ? 2 : 1;
        for (int i = 0; i < count; i++) {
            List<String> paths = paths(request, "");
            if (paths.isEmpty()) {
                break;
            }
            String path = paths.get(r.nextInt(paths.size()));
            switch (r.nextInt(8)) {
                case 0 -> remove(request, path);
                case 1 -> replace(request, path, randomValue(r));
                case 2 -> replace(request, path, F.textNode(randomUnicode(r, r.nextInt(3) == 0 ? 0 : 40)));
                case 3 -> replace(request, path, hugeNumber(r));
                case 4 -> replace(request, path, r.nextBoolean() ? F.arrayNode() : F.objectNode());
                case 5 ->
                    replace(request, path, obj(o -> o.putArray(new String[] {"SS", "NS", "BS", "L"}[r.nextInt(4)])));
                case 6 -> {
                    JsonNode at = request.at(path);
                    replace(request, path, obj(o -> o.putArray("L")
                            .add(at.deepCopy())
                            .add(at.deepCopy())));
                }
                default ->
                    replace(
                            request,
                            path,
                            obj(o -> o.put(
                                    new String[] {"S", "N", "B", "BOOL", "NULL", "X"}[r.nextInt(6)],
                                    randomUnicode(r, 5))));
            }
        }
        byte[] body;
        try {
            body = JSON.writeValueAsBytes(request);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return switch (r.nextInt(20)) {
            case 0 -> java.util.Arrays.copyOf(body, r.nextInt(body.length + 1)); // truncated
            case 1 -> { // a duplicated field: the same key twice in one object
                String s = new String(body, StandardCharsets.UTF_8);
                yield utf8(s.length() > 1 ? "{\"TableName\":\"fuzz2\"," + s.substring(1) : s);
            }
            case 2 -> { // a flipped byte
                byte[] copy = body.clone();
                copy[r.nextInt(copy.length)] ^= (byte) (1 << r.nextInt(8));
                yield copy;
            }
            case 3 -> { // a lone surrogate and raw control characters inside the JSON text
                String s = new String(body, StandardCharsets.UTF_8);
                int at = r.nextInt(s.length());
                yield utf8(s.substring(0, at) + (r.nextBoolean() ? "\\ud800" : "\u0007\u0000") + s.substring(at));
            }
            default -> body;
        };
    }

    private static JsonNode randomValue(Random r) {
        return switch (r.nextInt(8)) {
            case 0 -> F.numberNode(r.nextLong());
            case 1 -> F.booleanNode(r.nextBoolean());
            case 2 -> F.nullNode();
            case 3 -> F.textNode("");
            case 4 -> F.numberNode(r.nextDouble() * 1e308);
            case 5 -> F.arrayNode().add(randomUnicode(r, 3)).add(randomUnicode(r, 3));
            case 6 -> obj(o -> o.put("N", "1e400"));
            default -> obj(o -> o.put(randomUnicode(r, 4), randomUnicode(r, 4)));
        };
    }

    private static JsonNode hugeNumber(Random r) {
        return switch (r.nextInt(5)) {
            case 0 -> F.numberNode(new java.math.BigInteger("9".repeat(400)));
            case 1 -> F.numberNode(new java.math.BigDecimal("1e-400"));
            case 2 -> obj(o -> o.put("N", "9".repeat(39)));
            case 3 -> obj(o -> o.put("N", "-1E+126"));
            default -> F.numberNode(Long.MIN_VALUE);
        };
    }

    /** Printable ASCII (header values must be ASCII for java.net.http). */
    private static String randomAscii(Random r, int max) {
        StringBuilder b = new StringBuilder();
        for (int i = r.nextInt(max + 1); i > 0; i--) {
            b.append((char) (33 + r.nextInt(94)));
        }
        return b.toString();
    }

    /** Random text from ASCII, Latin, CJK and emoji (valid UTF-16: surrogates only in pairs). */
    private static String randomUnicode(Random r, int max) {
        int len = max == 0 ? 0 : r.nextInt(max + 1);
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < len; i++) {
            switch (r.nextInt(5)) {
                case 0 -> b.append((char) (32 + r.nextInt(95)));
                case 1 -> b.append((char) (0xA0 + r.nextInt(0x500)));
                case 2 -> b.append((char) (0x4E00 + r.nextInt(0x5000)));
                case 3 -> b.appendCodePoint(0x1F600 + r.nextInt(0x50));
                default -> b.append(":#.[]()".charAt(r.nextInt(7)));
            }
        }
        return b.toString();
    }
}
