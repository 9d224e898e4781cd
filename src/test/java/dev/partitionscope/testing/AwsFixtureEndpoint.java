package dev.partitionscope.testing;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.cbor.CBORFactory;
import com.fasterxml.jackson.dataformat.cbor.CBORGenerator;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

/**
 * An endpoint on 127.0.0.1 that answers the SDK with documented AWS responses (fixtures under
 * {@code src/test/resources/fixtures/aws}), in the wire protocol the SDK speaks: Smithy RPC v2 CBOR for CloudWatch
 * (timestamps as tag 1 + epoch seconds) and {@code application/x-amz-json-1.0} for DynamoDB. It is written apart from
 * the Lab, so readers are checked against AWS's shapes rather than against the Lab's idea of them.
 *
 * <p>Every request is recorded, decoded, so a test can check what the reader asked for.
 */
public final class AwsFixtureEndpoint implements AutoCloseable {
    private static final String CBOR_PATH = "/service/GraniteServiceVersion20100801/operation/";
    /** CloudWatch members whose values are timestamps, written as CBOR tag 1. */
    private static final Set<String> TIMESTAMPS = Set.of("Timestamp", "Timestamps", "StartTime", "EndTime");

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ObjectMapper CBOR = new ObjectMapper(new CBORFactory());

    /** What the endpoint answers: a status and a document (null for an empty body). */
    public record Answer(int status, JsonNode body, String errorCode) {
        public static Answer ok(JsonNode body) {
            return new Answer(200, body, null);
        }

        /** An AWS error: {@code __type} and {@code message}, plus x-amzn-query-error for CloudWatch. */
        public static Answer error(int status, String code, String message) {
            return new Answer(
                    status, JSON.createObjectNode().put("__type", code).put("message", message), code);
        }
    }

    /** One recorded request: the operation and its decoded body. */
    public record Call(String operation, JsonNode body) {}

    private final HttpServer server;
    private final Map<String, Function<JsonNode, Answer>> handlers = new ConcurrentHashMap<>();
    private final List<Call> calls = new CopyOnWriteArrayList<>();

    public AwsFixtureEndpoint() {
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.createContext("/", this::handle);
        server.start();
    }

    public String endpoint() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** Answers an operation ("DescribeTable", "GetMetricData", ...) with a function of its request. */
    public AwsFixtureEndpoint on(String operation, Function<JsonNode, Answer> handler) {
        handlers.put(operation, handler);
        return this;
    }

    /** Answers an operation with a fixture document, whatever it is asked. */
    public AwsFixtureEndpoint on(String operation, String fixture) {
        JsonNode doc = fixture(fixture);
        return on(operation, request -> Answer.ok(doc));
    }

    public List<Call> calls() {
        return List.copyOf(calls);
    }

    public List<Call> calls(String operation) {
        return calls.stream().filter(c -> c.operation().equals(operation)).toList();
    }

    /** A fixture file without its {@code _source} note. */
    public static JsonNode fixture(String name) {
        try (InputStream in = AwsFixtureEndpoint.class.getResourceAsStream("/fixtures/aws/" + name)) {
            if (in == null) {
                throw new IllegalArgumentException("No fixture " + name);
            }
            ObjectNode doc = (ObjectNode) JSON.readTree(in);
            doc.remove("_source");
            return doc;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** ListMetrics from a fixture holding {@code pages}: each NextToken leads to the next page. */
    public static Function<JsonNode, Answer> pagedListMetrics(String fixture) {
        JsonNode pages = fixture(fixture).path("pages");
        return request -> {
            String token = request.path("NextToken").asText("");
            int page = token.isEmpty() ? 0 : Integer.parseInt(token.substring("page-".length())) - 1;
            return Answer.ok(pages.get(page));
        };
    }

    /**
     * GetMetricData from a fixture of series keyed {@code MetricName|Dim=Value,...} (dimensions sorted by name), each
     * a list of pages: every query Id of the request is answered from its series' page for this call (NextToken
     * "p2", "p3", ...), a series with fewer pages is left out of later ones, and unknown series get the default.
     */
    public static Function<JsonNode, Answer> metricData(String fixture) {
        JsonNode doc = fixture(fixture);
        return request -> {
            String token = request.path("NextToken").asText("");
            int page = token.isEmpty() ? 0 : Integer.parseInt(token.substring(1)) - 1;
            ObjectNode out = JSON.createObjectNode();
            ArrayNode results = out.putArray("MetricDataResults");
            boolean more = false;
            for (JsonNode q : request.path("MetricDataQueries")) {
                JsonNode series =
                        doc.path("series").get(seriesKey(q.path("MetricStat").path("Metric")));
                JsonNode answer;
                if (series == null) {
                    answer = page == 0 ? doc.path("default") : null;
                } else {
                    answer = series.get(page);
                    more |= series.size() > page + 1;
                }
                if (answer != null) {
                    ObjectNode r = results.addObject().put("Id", q.path("Id").asText());
                    r.setAll((ObjectNode) answer.deepCopy());
                }
            }
            if (more) {
                out.put("NextToken", "p" + (page + 2));
            }
            out.putArray("Messages");
            return Answer.ok(out);
        };
    }

    /** "WriteThrottleEvents|TableName=Thread" for a MetricStat's Metric. */
    static String seriesKey(JsonNode metric) {
        Map<String, String> dims = new TreeMap<>();
        metric.path("Dimensions")
                .forEach(d -> dims.put(d.path("Name").asText(), d.path("Value").asText()));
        List<String> parts = new ArrayList<>();
        dims.forEach((k, v) -> parts.add(k + "=" + v));
        return metric.path("MetricName").asText() + "|" + String.join(",", parts);
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            byte[] body = exchange.getRequestBody().readAllBytes();
            String path = exchange.getRequestURI().getPath();
            boolean cbor = path.startsWith(CBOR_PATH);
            String target = exchange.getRequestHeaders().getFirst("X-Amz-Target");
            String operation = cbor
                    ? path.substring(CBOR_PATH.length())
                    : target == null ? "" : target.substring(target.indexOf('.') + 1);
            JsonNode request = body.length == 0 ? JSON.createObjectNode() : (cbor ? CBOR : JSON).readTree(body);
            calls.add(new Call(operation, request));
            Function<JsonNode, Answer> handler = handlers.get(operation);
            Answer answer = handler == null
                    ? Answer.error(400, "UnknownOperationException", "No fixture for " + operation)
                    : handler.apply(request);
            byte[] out = answer.body() == null
                    ? new byte[0]
                    : cbor ? cbor(answer.body()) : JSON.writeValueAsBytes(answer.body());
            exchange.getResponseHeaders().add("Content-Type", cbor ? "application/cbor" : "application/x-amz-json-1.0");
            exchange.getResponseHeaders().add("x-amzn-RequestId", "fixture-" + calls.size());
            if (cbor) {
                exchange.getResponseHeaders().add("smithy-protocol", "rpc-v2-cbor");
                if (answer.errorCode() != null) {
                    exchange.getResponseHeaders().add("x-amzn-query-error", answer.errorCode() + ";Sender");
                }
            }
            exchange.sendResponseHeaders(answer.status(), out.length == 0 ? -1 : out.length);
            if (out.length > 0) {
                try (OutputStream o = exchange.getResponseBody()) {
                    o.write(out);
                }
            }
        }
    }

    /** A JSON document as CloudWatch's CBOR: definite-length maps and arrays, timestamps as tag 1 + epoch seconds. */
    static byte[] cbor(JsonNode doc) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (CBORGenerator g = ((CBORFactory) CBOR.getFactory()).createGenerator(bytes)) {
            write(g, doc, false);
        }
        return bytes.toByteArray();
    }

    private static void write(CBORGenerator g, JsonNode n, boolean timestamp) throws IOException {
        if (n.isObject()) {
            g.writeStartObject(n, n.size());
            for (Map.Entry<String, JsonNode> f : n.properties()) {
                g.writeFieldName(f.getKey());
                write(g, f.getValue(), TIMESTAMPS.contains(f.getKey()));
            }
            g.writeEndObject();
        } else if (n.isArray()) {
            g.writeStartArray(n, n.size());
            for (JsonNode e : n) {
                write(g, e, timestamp);
            }
            g.writeEndArray();
        } else if (timestamp) {
            g.writeTag(1);
            g.writeNumber(n.isTextual() ? Instant.parse(n.asText()).toEpochMilli() / 1000.0 : n.asDouble());
        } else {
            JSON.writeTree((JsonGenerator) g, n);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }

    static String utf8(byte[] b) {
        return new String(b, StandardCharsets.UTF_8);
    }
}
