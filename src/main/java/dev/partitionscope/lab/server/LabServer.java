package dev.partitionscope.lab.server;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.partitionscope.lab.engine.LabException;
import dev.partitionscope.lab.partition.ThrottleReason;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.CRC32;

/**
 * The Lab's HTTP endpoint: DynamoDB's AWS JSON 1.0 protocol ({@code X-Amz-Target: DynamoDB_20120810.<Op>}) on
 * 127.0.0.1 by default. Signatures are accepted without checking. Every failure — malformed JSON, wrong types, unknown
 * targets, oversized bodies — is answered in DynamoDB's error shape, and the server keeps serving.
 */
public final class LabServer implements AutoCloseable {
    public static final String DYNAMODB_PREFIX = "DynamoDB_20120810.";
    static final long MAX_REQUEST_BYTES = 16L * 1024 * 1024;
    private static final String DYNAMODB_ERROR = "com.amazonaws.dynamodb.v20120810#";
    private static final String CORAL_ERROR = "com.amazon.coral.service#";

    private final HttpServer server;
    private final ExecutorService pool;
    private final RequestHandler handler;
    private final ObjectMapper json;
    private volatile long latencyMillis;

    /** What answers a parsed DynamoDB request: the engine, or the proxy in front of an upstream. */
    @FunctionalInterface
    public interface RequestHandler {
        ObjectNode handle(String operation, JsonNode request);
    }

    private LabServer(HttpServer server, ExecutorService pool, RequestHandler handler, long latencyMillis) {
        this.server = server;
        this.pool = pool;
        this.handler = handler;
        this.latencyMillis = latencyMillis;
        this.json = new ObjectMapper();
        // DynamoDB allows 32 levels of nesting; anything far deeper is an attack, not data.
        json.getFactory().setStreamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(256).build());
    }

    /**
     * Starts serving. {@code port} 0 picks a free port; {@code host} null binds 127.0.0.1 (the Lab has no
     * authentication, so binding elsewhere is the caller's explicit choice).
     */
    public static LabServer start(String host, int port, RequestHandler handler, long latencyMillis)
            throws IOException {
        InetAddress address = host == null ? InetAddress.getLoopbackAddress() : InetAddress.getByName(host);
        HttpServer server = HttpServer.create(new InetSocketAddress(address, port), 256);
        AtomicInteger n = new AtomicInteger();
        int threads = Math.max(16, Runtime.getRuntime().availableProcessors() * 4);
        ThreadPoolExecutor pool = new ThreadPoolExecutor(threads, threads, 30, TimeUnit.SECONDS,
                new LinkedBlockingQueue<>(), r -> {
                    Thread t = new Thread(r, "lab-http-" + n.incrementAndGet());
                    t.setDaemon(true);
                    return t;
                });
        pool.allowCoreThreadTimeOut(true);
        LabServer lab = new LabServer(server, pool, handler, latencyMillis);
        server.createContext("/", lab::exchange);
        server.setExecutor(pool);
        server.start();
        return lab;
    }

    public int port() {
        return server.getAddress().getPort();
    }

    public String endpoint() {
        String host = server.getAddress().getAddress().isAnyLocalAddress() ? "127.0.0.1"
                : server.getAddress().getAddress().getHostAddress();
        return "http://" + host + ":" + port();
    }

    /** Added before every answer, to imitate network distance. */
    public void setLatencyMillis(long millis) {
        this.latencyMillis = Math.max(0, millis);
    }

    public long latencyMillis() {
        return latencyMillis;
    }

    private void exchange(HttpExchange ex) throws IOException {
        try (ex) {
            String requestId = UUID.randomUUID().toString();
            try {
                if (latencyMillis > 0) {
                    Thread.sleep(latencyMillis);
                }
                if (ex.getRequestMethod().equals("GET")) {
                    reply(ex, 200, "text/plain", ("healthy: PartitionScope Lab\n").getBytes(StandardCharsets.UTF_8),
                            requestId);
                    return;
                }
                String target = ex.getRequestHeaders().getFirst("X-Amz-Target");
                byte[] body = readBody(ex);
                if (target == null || !target.startsWith(DYNAMODB_PREFIX)) {
                    replyError(ex, 400, CORAL_ERROR + "UnknownOperationException", null, null, requestId);
                    return;
                }
                String operation = target.substring(DYNAMODB_PREFIX.length());
                JsonNode request;
                try {
                    request = body.length == 0 ? json.createObjectNode() : json.readTree(body);
                } catch (JsonProcessingException e) {
                    replyError(ex, 400, CORAL_ERROR + "SerializationException", serializationMessage(e), null,
                            requestId);
                    return;
                }
                ObjectNode answer = handler.handle(operation, request);
                reply(ex, 200, "application/x-amz-json-1.0", json.writeValueAsBytes(answer), requestId);
            } catch (BodyTooLarge e) {
                replyError(ex, 413, CORAL_ERROR + "RequestEntityTooLarge", "Request size exceeded "
                        + MAX_REQUEST_BYTES + " bytes", null, requestId);
            } catch (LabException e) {
                String prefix = e.name().equals("UnknownOperationException") ? CORAL_ERROR : DYNAMODB_ERROR;
                replyError(ex, e.status(), prefix + e.name(), e.getMessage(), e, requestId);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                replyError(ex, 500, DYNAMODB_ERROR + "InternalServerError", "The Lab is shutting down", null,
                        requestId);
            } catch (RuntimeException | StackOverflowError e) {
                // A bug in the Lab must not take the endpoint down: answer like DynamoDB's internal error.
                replyError(ex, 500, DYNAMODB_ERROR + "InternalServerError", "Internal server error ("
                        + e.getClass().getSimpleName() + ": " + e.getMessage() + ")", null, requestId);
            }
        }
    }

    private static String serializationMessage(JsonProcessingException e) {
        String m = e.getOriginalMessage();
        if (m != null && m.toLowerCase(Locale.ROOT).contains("nesting depth")) {
            return "Nesting Levels have exceeded supported limits";
        }
        return "Start of structure or map found where not expected";
    }

    private static final class BodyTooLarge extends IOException {
    }

    private static byte[] readBody(HttpExchange ex) throws IOException {
        String length = ex.getRequestHeaders().getFirst("Content-Length");
        if (length != null) {
            try {
                if (Long.parseLong(length.trim()) > MAX_REQUEST_BYTES) {
                    throw new BodyTooLarge();
                }
            } catch (NumberFormatException ignored) {
                // read and count instead
            }
        }
        try (InputStream in = ex.getRequestBody()) {
            byte[] body = in.readNBytes((int) MAX_REQUEST_BYTES + 1);
            if (body.length > MAX_REQUEST_BYTES) {
                throw new BodyTooLarge();
            }
            return body;
        }
    }

    private void replyError(HttpExchange ex, int status, String type, String message, LabException cause,
                            String requestId) throws IOException {
        ObjectNode error = json.createObjectNode().put("__type", type);
        if (message != null) {
            error.put("message", message);
        }
        if (cause != null && !cause.reasons().isEmpty()) {
            ArrayNode reasons = error.putArray("ThrottlingReasons");
            for (ThrottleReason r : cause.reasons()) {
                reasons.addObject().put("reason", r.wire()).put("resource", r.resourceArn());
            }
        }
        if (cause != null && cause.extra() != null) {
            cause.extra().fields().forEachRemaining(f -> error.set(f.getKey(), f.getValue()));
        }
        reply(ex, status, "application/x-amz-json-1.0", json.writeValueAsBytes(error), requestId);
    }

    private static void reply(HttpExchange ex, int status, String contentType, byte[] body, String requestId)
            throws IOException {
        CRC32 crc = new CRC32();
        crc.update(body);
        ex.getResponseHeaders().set("Content-Type", contentType);
        ex.getResponseHeaders().set("x-amzn-RequestId", requestId);
        ex.getResponseHeaders().set("x-amz-crc32", Long.toString(crc.getValue()));
        ex.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        if (body.length > 0) {
            try (OutputStream out = ex.getResponseBody()) {
                out.write(body);
            }
        }
    }

    @Override
    public void close() {
        server.stop(0);
        pool.shutdownNow();
    }
}
