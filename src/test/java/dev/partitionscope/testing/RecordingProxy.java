package dev.partitionscope.testing;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A tiny HTTP proxy on 127.0.0.1 that forwards every request unchanged to a target endpoint (normally
 * {@link Dynalite}) and records each request's {@code X-Amz-Target} header, e.g. {@code DynamoDB_20120810.PutItem}.
 * Point a connection at {@link #endpoint()} to prove which calls actually left the process.
 */
public final class RecordingProxy implements AutoCloseable {
    /** Hop-by-hop headers and the ones java.net.http sets itself (it refuses to have them set). */
    private static final Set<String> NOT_FORWARDED = Set.of(
            "host",
            "content-length",
            "connection",
            "expect",
            "upgrade",
            "keep-alive",
            "transfer-encoding",
            "te",
            "trailer",
            "proxy-connection");

    private final URI target;
    private final HttpServer server;
    private final ExecutorService executor;
    private final HttpClient client;
    private final List<String> targets = new CopyOnWriteArrayList<>();
    private final Map<String, String> cannedAnswers = new java.util.concurrent.ConcurrentHashMap<>();
    private final Map<String, FaultPlan> faults = new java.util.concurrent.ConcurrentHashMap<>();
    private final Map<String, java.util.function.Consumer<com.fasterxml.jackson.databind.node.ObjectNode>> rewrites =
            new java.util.concurrent.ConcurrentHashMap<>();

    /** What a faulty endpoint does instead of answering. */
    public enum Fault {
        /** HTTP 403 with CloudWatch's / DynamoDB's AccessDenied shape and an IAM message naming the action. */
        ACCESS_DENIED,
        /** HTTP 400 Throttling (CloudWatch) or ThrottlingException (DynamoDB). */
        THROTTLING,
        /** Waits 20 s before answering, longer than any client timeout in the tests. */
        TIMEOUT,
        /** HTTP 501 with a plain body, as LocalStack answers an API it does not implement. */
        NOT_IMPLEMENTED,
        /** HTTP 400 UnknownOperationException, as DynamoDB Local and LocalStack answer unknown DynamoDB calls. */
        UNKNOWN_OPERATION
    }

    private record FaultPlan(Fault fault, java.util.concurrent.atomic.AtomicInteger remaining) {}

    private RecordingProxy(String targetEndpoint) throws IOException {
        this.target = URI.create(targetEndpoint.replaceAll("/+$", ""));
        this.client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5))
                .build();
        this.executor = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "recording-proxy");
            t.setDaemon(true);
            return t;
        });
        this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::forward);
        server.setExecutor(executor);
        server.start();
    }

    /** Starts a proxy in front of {@code targetEndpoint} ("http://127.0.0.1:PORT"). */
    public static RecordingProxy to(String targetEndpoint) {
        try {
            return new RecordingProxy(targetEndpoint);
        } catch (IOException e) {
            throw new IllegalStateException("Could not start the recording proxy: " + e.getMessage(), e);
        }
    }

    public String endpoint() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** Every {@code X-Amz-Target} seen so far, in arrival order ("" for a request without one). */
    public List<String> targets() {
        return List.copyOf(targets);
    }

    /** The operation names only ("ListTables", "PutItem", ...), in arrival order. */
    public List<String> operations() {
        return targets.stream().map(t -> t.substring(t.indexOf('.') + 1)).toList();
    }

    public void clear() {
        targets.clear();
    }

    /**
     * Answers an operation itself with HTTP 200 and this JSON body instead of forwarding it (still recorded). Lets a
     * test play an endpoint feature dynalite lacks, e.g. LocalStack's "DescribeContributorInsights says DISABLED".
     */
    public RecordingProxy answer(String operation, String json) {
        cannedAnswers.put(operation, json);
        return this;
    }

    /**
     * Makes the next {@code times} calls of {@code operation} fail with {@code fault} (then they pass again);
     * {@code times} below 0 means always. Works for DynamoDB (X-Amz-Target) and CloudWatch (CBOR path or
     * X-Amz-Target) operations alike, e.g. "GetMetricData", "GetInsightRuleReport", "DescribeContributorInsights".
     */
    public RecordingProxy fault(String operation, Fault fault, int times) {
        faults.put(
                operation,
                new FaultPlan(
                        fault, new java.util.concurrent.atomic.AtomicInteger(times < 0 ? Integer.MAX_VALUE : times)));
        return this;
    }

    public void clearFaults() {
        faults.clear();
        rewrites.clear();
    }

    /**
     * Rewrites every successful CBOR answer of a CloudWatch operation before it reaches the client (decoded to a
     * tree, changed, encoded again; tag-1 timestamps come back as plain epoch seconds, so a rewrite should drop or
     * keep no timestamps it needs typed). Lets a test play answers the Lab never gives, e.g. refused series.
     */
    public RecordingProxy rewrite(
            String operation, java.util.function.Consumer<com.fasterxml.jackson.databind.node.ObjectNode> change) {
        rewrites.put(operation, change);
        return this;
    }

    /**
     * GetMetricData as a role without permission on the metrics answers it: HTTP 200, every result
     * {@code StatusCode: Forbidden} with no datapoints and a message saying why.
     */
    public RecordingProxy refuseEverySeries() {
        return rewrite("GetMetricData", doc -> {
            for (com.fasterxml.jackson.databind.JsonNode r : doc.path("MetricDataResults")) {
                com.fasterxml.jackson.databind.node.ObjectNode o = (com.fasterxml.jackson.databind.node.ObjectNode) r;
                o.put("StatusCode", "Forbidden");
                o.putArray("Timestamps");
                o.putArray("Values");
                o.putArray("Messages")
                        .addObject()
                        .put("Code", "Forbidden")
                        .put("Value", "Access to this metric is" + " denied");
            }
            doc.remove("NextToken");
        });
    }

    private static final String CBOR_PATH = "/service/GraniteServiceVersion20100801/operation/";

    private void forward(HttpExchange exchange) throws IOException {
        try (exchange) {
            String amzTarget = exchange.getRequestHeaders().getFirst("X-Amz-Target");
            String path = exchange.getRequestURI().getPath();
            if (amzTarget == null && path.startsWith(CBOR_PATH)) {
                amzTarget = "GraniteServiceVersion20100801." + path.substring(CBOR_PATH.length());
            }
            targets.add(amzTarget == null ? "" : amzTarget);
            String op = amzTarget == null ? "" : amzTarget.substring(amzTarget.indexOf('.') + 1);
            FaultPlan plan = faults.get(op);
            if (plan != null && plan.remaining().getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
                exchange.getRequestBody().readAllBytes();
                injure(exchange, plan.fault(), op, path.startsWith(CBOR_PATH));
                return;
            }
            byte[] body;
            try (InputStream in = exchange.getRequestBody()) {
                body = in.readAllBytes();
            }
            String canned =
                    amzTarget == null ? null : cannedAnswers.get(amzTarget.substring(amzTarget.indexOf('.') + 1));
            if (canned != null) {
                reply(
                        exchange,
                        200,
                        canned.getBytes(StandardCharsets.UTF_8),
                        Map.of("Content-Type", List.of("application/x-amz-json-1.0")));
                return;
            }
            HttpRequest.Builder request = HttpRequest.newBuilder(
                            target.resolve(exchange.getRequestURI().toString()))
                    .timeout(Duration.ofSeconds(30))
                    .method(
                            exchange.getRequestMethod(),
                            body.length == 0
                                    ? HttpRequest.BodyPublishers.noBody()
                                    : HttpRequest.BodyPublishers.ofByteArray(body));
            for (Map.Entry<String, List<String>> header :
                    exchange.getRequestHeaders().entrySet()) {
                if (NOT_FORWARDED.contains(header.getKey().toLowerCase(Locale.ROOT))) {
                    continue;
                }
                for (String value : header.getValue()) {
                    try {
                        request.header(header.getKey(), value);
                    } catch (IllegalArgumentException restricted) {
                        // a header java.net.http manages itself
                    }
                }
            }
            HttpResponse<byte[]> response;
            try {
                response = client.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
            } catch (IOException e) {
                reply(exchange, 502, ("proxy: " + e).getBytes(StandardCharsets.UTF_8), Map.of());
                return;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                reply(exchange, 502, "proxy: interrupted".getBytes(StandardCharsets.UTF_8), Map.of());
                return;
            }
            byte[] answer = response.body();
            Map<String, List<String>> headers = response.headers().map();
            var change = rewrites.get(op);
            if (change != null && response.statusCode() == 200 && path.startsWith(CBOR_PATH)) {
                var cbor = new com.fasterxml.jackson.databind.ObjectMapper(
                        new com.fasterxml.jackson.dataformat.cbor.CBORFactory());
                var doc = (com.fasterxml.jackson.databind.node.ObjectNode) cbor.readTree(answer);
                change.accept(doc);
                answer = cbor.writeValueAsBytes(doc);
                headers = new java.util.HashMap<>(headers);
                headers.keySet().removeIf(h -> h.equalsIgnoreCase("x-amz-crc32")); // the body changed
            }
            reply(exchange, response.statusCode(), answer, headers);
        }
    }

    private static void injure(HttpExchange exchange, Fault fault, String op, boolean cbor) throws IOException {
        boolean cloudWatch = cbor
                || (op.startsWith("Get") && (op.contains("Metric") || op.contains("Insight")))
                || op.equals("ListMetrics")
                || op.equals("DescribeInsightRules");
        switch (fault) {
            case TIMEOUT -> {
                try {
                    Thread.sleep(20_000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                reply(exchange, 200, new byte[0], Map.of());
            }
            case NOT_IMPLEMENTED ->
                reply(
                        exchange,
                        501,
                        ("API for service '" + (cloudWatch ? "cloudwatch" : "dynamodb")
                                        + "' not yet implemented or pro feature")
                                .getBytes(StandardCharsets.UTF_8),
                        Map.of("Content-Type", List.of("text/plain")));
            default -> {
                String code =
                        switch (fault) {
                            case ACCESS_DENIED -> cloudWatch ? "AccessDenied" : "AccessDeniedException";
                            case THROTTLING -> cloudWatch ? "Throttling" : "ThrottlingException";
                            default -> "UnknownOperationException";
                        };
                int status = fault == Fault.ACCESS_DENIED ? 403 : 400;
                String message = fault == Fault.ACCESS_DENIED
                        ? "User: arn:aws:iam::000000000000:user/test is not"
                                + " authorized to perform: " + (cloudWatch ? "cloudwatch:" : "dynamodb:") + op
                                + " because no identity-based policy allows the action"
                        : code;
                String type = (cloudWatch ? "com.amazonaws.cloudwatch#" : "com.amazonaws.dynamodb.v20120810#") + code;
                if (cbor) {
                    var mapper = new com.fasterxml.jackson.databind.ObjectMapper(
                            new com.fasterxml.jackson.dataformat.cbor.CBORFactory());
                    byte[] body = mapper.writeValueAsBytes(Map.of("__type", type, "message", message));
                    reply(
                            exchange,
                            status,
                            body,
                            Map.of(
                                    "Content-Type",
                                    List.of("application/cbor"),
                                    "smithy-protocol",
                                    List.of("rpc-v2-cbor"),
                                    "x-amzn-query-error",
                                    List.of(code + ";Sender")));
                } else {
                    String json = "{\"__type\":\"" + type + "\",\"message\":\"" + message + "\"}";
                    reply(
                            exchange,
                            status,
                            json.getBytes(StandardCharsets.UTF_8),
                            Map.of(
                                    "Content-Type",
                                    List.of("application/x-amz-json-1.0"),
                                    "x-amzn-query-error",
                                    List.of(code + ";Sender")));
                }
            }
        }
    }

    private static void reply(HttpExchange exchange, int status, byte[] body, Map<String, List<String>> headers)
            throws IOException {
        headers.forEach((name, values) -> {
            String lower = name.toLowerCase(Locale.ROOT);
            if (!lower.startsWith(":") && !NOT_FORWARDED.contains(lower) && !lower.equals("date")) {
                exchange.getResponseHeaders().put(name, values);
            }
        });
        exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        if (body.length > 0) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
