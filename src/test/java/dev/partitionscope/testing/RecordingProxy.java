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
    private static final Set<String> NOT_FORWARDED = Set.of("host", "content-length", "connection", "expect",
            "upgrade", "keep-alive", "transfer-encoding", "te", "trailer", "proxy-connection");

    private final URI target;
    private final HttpServer server;
    private final ExecutorService executor;
    private final HttpClient client;
    private final List<String> targets = new CopyOnWriteArrayList<>();
    private final Map<String, String> cannedAnswers = new java.util.concurrent.ConcurrentHashMap<>();

    private RecordingProxy(String targetEndpoint) throws IOException {
        this.target = URI.create(targetEndpoint.replaceAll("/+$", ""));
        this.client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5)).build();
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

    private void forward(HttpExchange exchange) throws IOException {
        try (exchange) {
            String amzTarget = exchange.getRequestHeaders().getFirst("X-Amz-Target");
            targets.add(amzTarget == null ? "" : amzTarget);
            byte[] body;
            try (InputStream in = exchange.getRequestBody()) {
                body = in.readAllBytes();
            }
            String canned = amzTarget == null ? null : cannedAnswers.get(amzTarget.substring(amzTarget.indexOf('.') + 1));
            if (canned != null) {
                reply(exchange, 200, canned.getBytes(StandardCharsets.UTF_8),
                        Map.of("Content-Type", List.of("application/x-amz-json-1.0")));
                return;
            }
            HttpRequest.Builder request = HttpRequest.newBuilder(target.resolve(exchange.getRequestURI().toString()))
                    .timeout(Duration.ofSeconds(30))
                    .method(exchange.getRequestMethod(), body.length == 0 ? HttpRequest.BodyPublishers.noBody()
                            : HttpRequest.BodyPublishers.ofByteArray(body));
            for (Map.Entry<String, List<String>> header : exchange.getRequestHeaders().entrySet()) {
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
            reply(exchange, response.statusCode(), response.body(), response.headers().map());
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
