package dev.partitionscope.lab.server;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.partitionscope.lab.api.DynamoDbApi;
import dev.partitionscope.lab.partition.ThrottleReason;
import dev.partitionscope.lab.wire.LabException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledFuture;
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

    static {
        // The JDK server flushes a response's headers before its body; with Nagle's algorithm on, the body then waits
        // for the client's delayed ACK (40 ms on Linux), so every call took 40+ ms. The JDK reads this property once,
        // when the first HttpServer of the JVM starts: an explicit setting (either way) is left alone.
        if (System.getProperty("sun.net.httpserver.nodelay") == null) {
            System.setProperty("sun.net.httpserver.nodelay", "true");
        }
        // Above 200 idle keep-alive connections (the JDK default) the server closes each connection as it turns idle,
        // racing clients that reuse it at that moment ("connection reset"). SDK pools of 50 per client add up fast.
        if (System.getProperty("sun.net.httpserver.maxIdleConnections") == null) {
            System.setProperty("sun.net.httpserver.maxIdleConnections", "4096");
        }
    }

    private final HttpServer server;
    private final ExecutorService pool;
    /**
     * Holds answers for the configured latency without holding a worker thread, as a network would: 64 queries
     * sent at once each wait 20 ms side by side, not 16 at a time on the pool's threads.
     */
    private final java.util.concurrent.ScheduledExecutorService delays =
            java.util.concurrent.Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "lab-latency");
                t.setDaemon(true);
                return t;
            });

    private final RequestHandler handler;
    private final ObjectMapper json;
    private volatile long latencyMillis;

    /**
     * Another AWS protocol served on the same port (the Lab's CloudWatch): asked about every POST before DynamoDB's
     * JSON 1.0 handling. Served by the Lab itself in proxy mode too: routes are never forwarded upstream.
     */
    public interface Route {
        /** Whether this request (by path and headers) is the route's; decided before the body is read. */
        boolean accepts(String path, com.sun.net.httpserver.Headers headers);

        /** The answer, errors included in the route's own shape; must not throw. */
        Reply answer(String path, com.sun.net.httpserver.Headers headers, byte[] body);
    }

    /** A route's HTTP answer; {@code headers} are added to the Lab's own (request id, CRC32). */
    public record Reply(int status, String contentType, java.util.Map<String, String> headers, byte[] body) {}

    private final java.util.List<Route> routes = new java.util.concurrent.CopyOnWriteArrayList<>();

    /**
     * Every answer carries the Lab's own time (epoch milliseconds) in this header: a fast-forwarded or replayed Lab
     * lives in simulated time, and a client asking for "the last 3 hours" must mean the Lab's last 3 hours.
     */
    public static final String LAB_TIME_HEADER = "x-partitionscope-lab-time";

    private volatile java.util.function.LongSupplier clockMillis;
    private volatile String region = "us-east-1";

    /** The region the Lab names (in its health answer, as DynamoDB's endpoint does). */
    public void setRegion(String region) {
        this.region = region;
    }

    /** Stamps every answer with this clock (see {@link #LAB_TIME_HEADER}). */
    public void setClock(java.util.function.LongSupplier epochMillis) {
        this.clockMillis = epochMillis;
    }

    /** Serves another protocol on this port (see {@link Route}). */
    public void addRoute(Route route) {
        routes.add(route);
    }

    /** What answers a parsed DynamoDB request: the engine, or the proxy in front of an upstream. */
    @FunctionalInterface
    public interface RequestHandler {
        ObjectNode handle(String operation, JsonNode request);

        /** With the request's headers (the proxy forwards Authorization, which picks DynamoDB Local's database). */
        default ObjectNode handle(String operation, JsonNode request, com.sun.net.httpserver.Headers headers) {
            return handle(operation, request);
        }
    }

    private LabServer(HttpServer server, ExecutorService pool, RequestHandler handler, long latencyMillis) {
        this.server = server;
        this.pool = pool;
        this.handler = handler;
        this.latencyMillis = latencyMillis;
        this.json = new ObjectMapper();
        // DynamoDB allows 32 levels of nesting; anything far deeper is an attack, not data.
        json.getFactory()
                .setStreamReadConstraints(
                        StreamReadConstraints.builder().maxNestingDepth(256).build());
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
        ThreadPoolExecutor pool =
                new ThreadPoolExecutor(threads, threads, 30, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), r -> {
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
        String host = server.getAddress().getAddress().isAnyLocalAddress()
                ? "127.0.0.1"
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
        long latency = latencyMillis;
        if (latency > 0) {
            try {
                // Fire and forget: the task deals with its own failure (a closing pool closes the exchange) and
                // shutdownNow() drops it with the server, so its future has nothing to report.
                ScheduledFuture<?> unused = delays.schedule(
                        () -> {
                            try {
                                pool.execute(() -> {
                                    try {
                                        answer(ex);
                                    } catch (IOException clientGone) {
                                        // the client closed the connection while its answer waited: nothing to send
                                    }
                                });
                            } catch (java.util.concurrent.RejectedExecutionException closing) {
                                ex.close();
                            }
                        },
                        latency,
                        TimeUnit.MILLISECONDS);
                return; // the exchange stays open until answer() closes it
            } catch (java.util.concurrent.RejectedExecutionException closing) {
                // closing: answer now
            }
        }
        answer(ex);
    }

    private void answer(HttpExchange ex) throws IOException {
        try (ex) {
            String requestId = requestId();
            com.sun.net.httpserver.Headers in = ex.getRequestHeaders();
            com.sun.net.httpserver.Headers out = ex.getResponseHeaders();
            java.util.function.LongSupplier clock = clockMillis;
            if (clock != null) {
                out.set(LAB_TIME_HEADER, Long.toString(clock.getAsLong()));
            }
            String method = ex.getRequestMethod();
            try {
                if (in.getFirst("Origin") != null) {
                    out.set("Access-Control-Allow-Origin", "*");
                    if (method.equals("OPTIONS")) {
                        copy(in, "Access-Control-Request-Headers", out, "Access-Control-Allow-Headers");
                        copy(in, "Access-Control-Request-Method", out, "Access-Control-Allow-Methods");
                        out.set("Access-Control-Max-Age", "172800");
                        out.set("x-amzn-RequestId", requestId);
                        ex.sendResponseHeaders(200, -1);
                        return;
                    }
                }
                if (method.equals("GET")) {
                    reply(
                            ex,
                            200,
                            "text/plain",
                            ("healthy: dynamodb." + region + ".amazonaws.com ").getBytes(StandardCharsets.UTF_8),
                            requestId);
                    return;
                }
                String path = ex.getRequestURI().getPath();
                byte[] body = readBody(ex);
                if (method.equals("POST")) {
                    for (Route route : routes) {
                        if (route.accepts(path, in)) {
                            Reply r = route.answer(path, in, body);
                            r.headers().forEach(out::set);
                            reply(ex, r.status(), r.contentType(), r.body(), requestId);
                            return;
                        }
                    }
                }
                String contentType = contentType(in.getFirst("Content-Type"));
                if (!method.equals("POST")
                        || (body.length > 0 && !contentType.equals(JSON) && !contentType.equals(AMZ_JSON))) {
                    reply(ex, 404, null, "<UnknownOperationException/>\n".getBytes(StandardCharsets.UTF_8), requestId);
                    return;
                }
                String answerType = contentType.equals(AMZ_JSON) ? AMZ_JSON : JSON;
                JsonNode request = null;
                if (body.length > 0) {
                    try {
                        request = json.readTree(body);
                    } catch (JsonProcessingException e) {
                        String m = e.getOriginalMessage();
                        boolean tooDeep = m != null
                                && m.toLowerCase(java.util.Locale.ROOT).contains("nesting depth");
                        replyError(
                                ex,
                                LabException.serialization(
                                        tooDeep ? "Nesting Levels have exceeded supported limits" : null),
                                requestId,
                                answerType);
                        return;
                    }
                }
                String operation = operation(in.getFirst("X-Amz-Target"));
                if (operation == null) {
                    replyError(ex, LabException.coral("UnknownOperationException", null), requestId, answerType);
                    return;
                }
                LabException unsigned = Signatures.check(in.getFirst("Authorization"), ex.getRequestURI(), in);
                if (unsigned != null) {
                    replyError(ex, unsigned, requestId, answerType);
                    return;
                }
                if (request == null) {
                    replyError(ex, LabException.serialization(null), requestId, answerType);
                    return;
                }
                ObjectNode answer = handler.handle(operation, request, in);
                reply(ex, 200, answerType, json.writeValueAsBytes(answer), requestId);
            } catch (BodyTooLarge e) {
                drain(ex);
                out.set("Connection", "close");
                out.set("x-amzn-RequestId", requestId);
                ex.sendResponseHeaders(413, 0); // chunked, no body: as DynamoDB answers
            } catch (LabException e) {
                replyError(
                        ex,
                        e,
                        requestId,
                        contentType(in.getFirst("Content-Type")).equals(AMZ_JSON) ? AMZ_JSON : JSON);
            } catch (RuntimeException | AssertionError | LinkageError | StackOverflowError e) {
                // A bug in the Lab must not take the endpoint down: answer like DynamoDB's internal error, and say
                // what happened where someone can read it.
                LOG.log(System.Logger.Level.ERROR, "Lab answered 500 to " + in.getFirst("X-Amz-Target"), e);
                replyError(
                        ex,
                        new LabException(
                                "InternalServerError",
                                "Internal server error (" + e.getClass().getSimpleName() + ": " + e.getMessage() + ")",
                                500,
                                java.util.List.of(),
                                null),
                        requestId,
                        JSON);
            }
        }
    }

    private static final System.Logger LOG = System.getLogger(LabServer.class.getName());
    private static final String JSON = "application/json";
    private static final String AMZ_JSON = "application/x-amz-json-1.0";
    private static final char[] ID_CHARS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ".toCharArray();

    /** DynamoDB's request ids: 52 characters of 0-9 and A-Z. */
    private static String requestId() {
        java.util.concurrent.ThreadLocalRandom r = java.util.concurrent.ThreadLocalRandom.current();
        char[] id = new char[52];
        for (int i = 0; i < id.length; i++) {
            id[i] = ID_CHARS[r.nextInt(ID_CHARS.length)];
        }
        return new String(id);
    }

    /** The media type without parameters, trimmed ("application/json; charset=utf-8" → "application/json"). */
    private static String contentType(String header) {
        if (header == null) {
            return "";
        }
        int semi = header.indexOf(';');
        return (semi < 0 ? header : header.substring(0, semi)).trim();
    }

    private static void copy(
            com.sun.net.httpserver.Headers in, String from, com.sun.net.httpserver.Headers out, String to) {
        String v = in.getFirst(from);
        if (v != null) {
            out.set(to, v);
        }
    }

    /**
     * The operation a DynamoDB target names ({@code DynamoDB_20120810.PutItem}; the 2011 version's prefix is accepted
     * too, as by DynamoDB), or null when the target is not a DynamoDB operation at all.
     */
    static String operation(String target) {
        if (target == null) {
            return null;
        }
        String[] parts = target.split("\\.", -1);
        if (parts.length != 2 || !(parts[0].equals("DynamoDB_20120810") || parts[0].equals("DynamoDB_20111205"))) {
            return null;
        }
        return DynamoDbApi.isDynamoDbOperation(parts[1]) ? parts[1] : null;
    }

    private static final class BodyTooLarge extends IOException {}

    /** How much of an oversized body is read (and dropped) so that its 413 answer reaches the client. */
    static final long DRAIN_BYTES = 4 * MAX_REQUEST_BYTES;

    /**
     * Reads the rest of an oversized body and throws it away. Closing a connection with unread input resets it, and
     * the client then sees "connection reset" instead of the 413; a body beyond {@link #DRAIN_BYTES} still gets that.
     */
    private static void drain(HttpExchange ex) {
        try (InputStream in = ex.getRequestBody()) {
            discard(in);
        } catch (IOException ignored) {
            // the client went away (or readBody drained and closed the body already): nothing more to read
        }
    }

    private static void discard(InputStream in) throws IOException {
        byte[] buffer = new byte[64 * 1024];
        long left = DRAIN_BYTES;
        int n;
        while (left > 0 && (n = in.read(buffer, 0, (int) Math.min(buffer.length, left))) > 0) {
            left -= n;
        }
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
                discard(in); // now: closing the body stream gives up on what is left of it
                throw new BodyTooLarge();
            }
            return body;
        }
    }

    private void replyError(HttpExchange ex, LabException e, String requestId, String contentType) throws IOException {
        ObjectNode error = json.createObjectNode().put("__type", e.type());
        if (e.getMessage() != null) {
            error.put(e.capitalMessage() ? "Message" : "message", e.getMessage());
        }
        if (!e.reasons().isEmpty()) {
            // The SDK matches member names exactly: ThrottlingException spells its list with a lower-case t.
            ArrayNode reasons =
                    error.putArray(e.name().equals("ThrottlingException") ? "throttlingReasons" : "ThrottlingReasons");
            for (ThrottleReason r : e.reasons()) {
                reasons.addObject().put("reason", r.wire()).put("resource", r.resourceArn());
            }
        }
        if (e.extra() != null) {
            e.extra().properties().forEach(f -> error.set(f.getKey(), f.getValue()));
        }
        reply(ex, e.status(), contentType, json.writeValueAsBytes(error), requestId);
    }

    private static void reply(HttpExchange ex, int status, String contentType, byte[] body, String requestId)
            throws IOException {
        CRC32 crc = new CRC32();
        crc.update(body);
        if (contentType != null) {
            ex.getResponseHeaders().set("Content-Type", contentType);
        }
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
        delays.shutdownNow();
        server.stop(0);
        pool.shutdownNow();
    }
}
