package dev.partitionscope.lab.server;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.partitionscope.lab.api.DynamoDbApi;
import dev.partitionscope.lab.partition.ThrottleReason;
import dev.partitionscope.lab.wire.LabException;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufOutputStream;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollEventLoopGroup;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpRequestDecoder;
import io.netty.handler.codec.http.HttpResponseEncoder;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.AsciiString;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayDeque;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.CRC32;

/**
 * The Lab's HTTP endpoint: DynamoDB's AWS JSON 1.0 protocol ({@code X-Amz-Target: DynamoDB_20120810.<Op>}) on
 * 127.0.0.1 by default. Signatures are accepted without checking. Every failure — malformed JSON, wrong types, unknown
 * targets, oversized bodies — is answered in DynamoDB's error shape, and the server keeps serving.
 *
 * <p>Served by Netty: HTTP/1.1 keep-alive and pipelining (answers leave in the order their requests came on each
 * connection), bodies up to 16 MB, epoll where its native library loads and NIO elsewhere. The requests SDKs send (a
 * keep-alive POST with a Content-Length) are read by {@link FastRequests} straight from the received buffer, their
 * bodies into trees by {@link RequestTrees}; any other request, and the rest of its connection, goes through Netty's
 * decoder and aggregator. Answers are written as bytes ({@link Answer}): status line, headers and body in one pooled
 * buffer.
 */
public final class LabServer implements AutoCloseable {
    public static final String DYNAMODB_PREFIX = "DynamoDB_20120810.";
    static final long MAX_REQUEST_BYTES = 16L * 1024 * 1024;

    /** Thread names: the I/O loops and the workers of every Lab server start with this. */
    static final String THREAD_PREFIX = "lab-http-";

    private static final AtomicInteger SERVERS = new AtomicInteger();

    private final EventLoopGroup loops;
    private final Channel listener;
    /** Runs handlers that may wait (the proxy's upstream calls) and the routes, off the I/O loops. */
    private final ThreadPoolExecutor pool;
    /** Every thread the server started (I/O loops and workers): close() waits until each has ended. */
    private final java.util.List<Thread> threads;
    /** The open connections, closed by {@link #close}. */
    private final Set<Channel> connections = ConcurrentHashMap.newKeySet();
    /** Requests received and not yet answered (their answer not yet handed to the connection). */
    private final AtomicInteger inFlight = new AtomicInteger();

    private final RequestHandler handler;
    private final ObjectMapper json;
    /** Reads request bodies into trees (with {@link #json}'s parser settings). */
    private final RequestTrees trees;

    private volatile long latencyMillis;
    private volatile boolean closed;

    /**
     * Another AWS protocol served on the same port (the Lab's CloudWatch): asked about every POST before DynamoDB's
     * JSON 1.0 handling. Served by the Lab itself in proxy mode too: routes are never forwarded upstream.
     */
    public interface Route {
        /** Whether this request (by path and headers) is the route's; decided before the body is read. */
        boolean accepts(String path, Headers headers);

        /** The answer, errors included in the route's own shape; must not throw. */
        Reply answer(String path, Headers headers, byte[] body);
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
        default ObjectNode handle(String operation, JsonNode request, Headers headers) {
            return handle(operation, request);
        }

        /**
         * Answers the request straight from its body's JSON ({@code body[offset, offset + length)}, signed, naming a
         * DynamoDB operation) when the handler reads that body without a tree (the engine's plain PutItem); null,
         * having done nothing, when it does not, and the request goes on to {@link #handle}. None by default.
         */
        default ObjectNode handlePlain(String operation, byte[] body, int offset, int length) {
            return null;
        }

        /**
         * Whether answering this DynamoDB operation may wait on something other than the CPU (a network call, a
         * sleep) or take long (a Scan of a large table). Such requests run on worker threads; the others on the
         * connection's I/O thread, which saves two thread hand-offs per request. Asked per request; {@code operation}
         * is null when the target names no DynamoDB operation. By default every request may wait.
         */
        default boolean mayWait(String operation) {
            return true;
        }
    }

    /**
     * A handler whose listed operations only compute, briefly (the engine's single-item operations): those run on the
     * connection's I/O thread, every other one on a worker (a Scan or a batch does not hold up the other connections
     * of its loop). Two thread hand-offs per request cost more than a PutItem itself (measured with wrk: {@code
     * src/jmh/wrk/README.md}).
     */
    public static RequestHandler quickOn(RequestHandler handler, java.util.Set<String> quickOperations) {
        return delegating(handler, operation -> operation == null || !quickOperations.contains(operation));
    }

    /** A handler that only computes (the Lab's engine): run on the I/O threads (see {@link RequestHandler#mayWait}). */
    public static RequestHandler computing(RequestHandler handler) {
        return delegating(handler, operation -> false);
    }

    /** The handler, with {@code mayWait} deciding per operation where its requests run. */
    private static RequestHandler delegating(RequestHandler handler, java.util.function.Predicate<String> mayWait) {
        return new RequestHandler() {
            @Override
            public ObjectNode handle(String operation, JsonNode request) {
                return handler.handle(operation, request);
            }

            @Override
            public ObjectNode handle(String operation, JsonNode request, Headers headers) {
                return handler.handle(operation, request, headers);
            }

            @Override
            public ObjectNode handlePlain(String operation, byte[] body, int offset, int length) {
                return handler.handlePlain(operation, body, offset, length);
            }

            @Override
            public boolean mayWait(String operation) {
                return mayWait.test(operation);
            }
        };
    }

    private LabServer(
            EventLoopGroup loops,
            ServerBootstrap bootstrap,
            InetSocketAddress address,
            ThreadPoolExecutor pool,
            java.util.List<Thread> threads,
            RequestHandler handler,
            long latencyMillis)
            throws IOException {
        this.loops = loops;
        this.pool = pool;
        this.threads = threads;
        this.handler = handler;
        this.latencyMillis = latencyMillis;
        this.json = new ObjectMapper();
        json.setNodeFactory(SmallObjects.INSTANCE);
        // A malformed body is answered with DynamoDB's SerializationException, which quotes none of it: the parser
        // need not keep the body for its error locations.
        json.getFactory()
                .disable(com.fasterxml.jackson.core.StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION.mappedFeature());
        // DynamoDB allows 32 levels of nesting; anything far deeper is an attack, not data.
        json.getFactory()
                .setStreamReadConstraints(
                        StreamReadConstraints.builder().maxNestingDepth(256).build());
        this.trees = new RequestTrees(json.getFactory(), SmallObjects.INSTANCE);
        bootstrap.childHandler(new ChannelInitializer<SocketChannel>() {
            @Override
            protected void initChannel(SocketChannel ch) {
                // The Lab writes its answers as bytes itself (Answer), past Netty's encoder, which stays for the
                // aggregator's own "100 Continue". FastRequests reads the usual requests; it hands anything else,
                // and the rest of its connection, to Netty's decoder behind it.
                ch.pipeline()
                        .addLast(
                                new HttpResponseEncoder(),
                                new FastRequests(),
                                new HttpRequestDecoder(new HttpDecoderConfig()
                                        .setMaxInitialLineLength(64 * 1024)
                                        .setMaxHeaderSize(256 * 1024)
                                        .setMaxChunkSize(64 * 1024)),
                                new BodyLimit(),
                                new HttpObjectAggregator((int) MAX_REQUEST_BYTES),
                                new Connection());
            }
        });
        Channel bound;
        try {
            bound = bootstrap.bind(address).syncUninterruptibly().channel();
        } catch (Exception e) { // Netty rethrows the bind's own exception (a BindException) without declaring it
            shutDown(loops, pool, threads);
            if (e instanceof IOException io) {
                throw io;
            }
            throw new IOException("The Lab cannot listen on " + address + ": " + e.getMessage(), e);
        }
        this.listener = bound;
    }

    /**
     * Starts serving. {@code port} 0 picks a free port; {@code host} null binds 127.0.0.1 (the Lab has no
     * authentication, so binding elsewhere is the caller's explicit choice).
     */
    public static LabServer start(String host, int port, RequestHandler handler, long latencyMillis)
            throws IOException {
        InetAddress address = host == null ? InetAddress.getLoopbackAddress() : InetAddress.getByName(host);
        String name = THREAD_PREFIX + SERVERS.incrementAndGet();
        int cpus = Runtime.getRuntime().availableProcessors();
        boolean epoll = Epoll.isAvailable();
        java.util.List<Thread> threads = new java.util.concurrent.CopyOnWriteArrayList<>();
        DefaultThreadFactory netty = new DefaultThreadFactory(name + "-io", true);
        java.util.concurrent.ThreadFactory ioThreads = r -> {
            Thread t = netty.newThread(r);
            threads.add(t);
            return t;
        };
        // Two I/O loops per core (Netty's own default): the engine's quick operations run on them, and with one per
        // core a two-core machine under wrk served 5-25 % fewer PutItems (src/jmh/wrk/README.md).
        int loopCount = Integer.getInteger("partitionscope.lab.loops", 2 * cpus);
        EventLoopGroup loops =
                epoll ? new EpollEventLoopGroup(loopCount, ioThreads) : new NioEventLoopGroup(loopCount, ioThreads);
        Class<? extends ServerChannel> channel = epoll ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
        AtomicInteger n = new AtomicInteger();
        int workers = Integer.getInteger("partitionscope.lab.workers", Math.max(16, cpus * 4));
        ThreadPoolExecutor pool =
                new ThreadPoolExecutor(workers, workers, 30, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), r -> {
                    Thread t = new Thread(r, name + "-worker-" + n.incrementAndGet());
                    threads.add(t);
                    t.setDaemon(true);
                    return t;
                });
        pool.allowCoreThreadTimeOut(true);
        ServerBootstrap bootstrap = new ServerBootstrap()
                .group(loops)
                .channel(channel)
                .option(ChannelOption.SO_BACKLOG, 1024)
                .option(ChannelOption.SO_REUSEADDR, true)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childOption(ChannelOption.SO_KEEPALIVE, true);
        return new LabServer(
                loops, bootstrap, new InetSocketAddress(address, port), pool, threads, handler, latencyMillis);
    }

    public int port() {
        return ((InetSocketAddress) listener.localAddress()).getPort();
    }

    public String endpoint() {
        InetSocketAddress a = (InetSocketAddress) listener.localAddress();
        String host = a.getAddress().isAnyLocalAddress()
                ? "127.0.0.1"
                : a.getAddress().getHostAddress();
        return "http://" + host + ":" + port();
    }

    /** Added before every answer, to imitate network distance. */
    public void setLatencyMillis(long millis) {
        this.latencyMillis = Math.max(0, millis);
    }

    public long latencyMillis() {
        return latencyMillis;
    }

    /** Stands in the inbound pipeline for a request whose body was over the limit, in that request's place. */
    private enum TooLarge {
        INSTANCE
    }

    /**
     * Refuses bodies over {@link #MAX_REQUEST_BYTES} before they are aggregated: by their Content-Length, or (chunked)
     * by counting. The body is read and dropped (up to {@link #DRAIN_BYTES}) before the 413 is answered: closing a
     * connection with unread input resets it, and the client would see "connection reset" instead of the 413. The
     * connection closes after the 413, as DynamoDB's does; nothing after the oversized request on it is read.
     */
    private static final class BodyLimit extends ChannelInboundHandlerAdapter {
        private boolean dropping;
        private boolean answered;
        private long seen;

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (answered) {
                ReferenceCountUtil.release(msg); // the connection closes after the 413
                return;
            }
            if (msg instanceof HttpRequest req && !req.decoderResult().isFailure()) {
                seen = 0;
                dropping = declaredLength(req) > MAX_REQUEST_BYTES;
                if (dropping && HttpUtil.is100ContinueExpected(req)) {
                    answer(ctx); // the client waits for "100 Continue" before sending the body: it never comes
                }
                if (dropping) {
                    if (msg instanceof HttpContent c) {
                        drop(ctx, c);
                    } else {
                        ReferenceCountUtil.release(msg);
                    }
                    return;
                }
            }
            if (msg instanceof HttpContent c && !(msg instanceof HttpRequest)) {
                if (!dropping) {
                    seen += c.content().readableBytes();
                    if (seen > MAX_REQUEST_BYTES) {
                        // What was aggregated so far stays behind in the aggregator and goes with the connection.
                        dropping = true;
                    }
                }
                if (dropping) {
                    drop(ctx, c);
                    return;
                }
            }
            ctx.fireChannelRead(msg);
        }

        private void drop(ChannelHandlerContext ctx, HttpContent c) {
            seen += c.content().readableBytes();
            boolean last = c instanceof LastHttpContent;
            c.release();
            if (last || seen > DRAIN_BYTES) {
                answer(ctx);
            }
        }

        private void answer(ChannelHandlerContext ctx) {
            if (!answered) {
                answered = true;
                ctx.fireChannelRead(TooLarge.INSTANCE);
            }
        }

        private static long declaredLength(HttpRequest req) {
            String length = req.headers().get(HttpHeaderNames.CONTENT_LENGTH);
            if (length == null) {
                return -1;
            }
            try {
                return Long.parseLong(length.trim());
            } catch (NumberFormatException e) {
                return -1;
            }
        }
    }

    /** A request's place in its connection's queue of answers: answers leave in the order requests came. */
    private static final class Slot {
        /** The answer's bytes, once known. */
        ByteBuf answer;
        /** The connection closes after this answer. */
        boolean last;
    }

    /** One connection: takes its requests in order, answers them in order. Everything here runs on its I/O loop. */
    private final class Connection extends ChannelInboundHandlerAdapter {
        private final ArrayDeque<Slot> waiting = new ArrayDeque<>();
        /** Requests waiting for the one before them on this connection to be answered. */
        private final ArrayDeque<Runnable> queued = new ArrayDeque<>();

        private boolean busy;
        private boolean draining;
        private ChannelFuture lastWrite;
        /** Where answers are written: past Netty's response encoder, as the bytes they are. */
        private ChannelHandlerContext out;

        @Override
        public void handlerAdded(ChannelHandlerContext ctx) {
            lastWrite = ctx.newSucceededFuture();
            out = ctx.pipeline().context(HttpResponseEncoder.class);
        }

        @Override
        public void channelActive(ChannelHandlerContext ctx) {
            connections.add(ctx.channel());
            if (closed) {
                ChannelFuture unused = ctx.close();
            }
            ctx.fireChannelActive();
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            connections.remove(ctx.channel());
            for (Slot s : waiting) {
                if (s.answer != null) {
                    s.answer.release();
                    s.answer = null;
                }
            }
            ctx.fireChannelInactive();
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            Slot slot = new Slot();
            waiting.add(slot);
            inFlight.incrementAndGet();
            if (msg == TooLarge.INSTANCE) {
                // Chunked with no body: as DynamoDB answers.
                Answer r = response(HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE, requestId())
                        .chunkedEmpty();
                slot.last = true;
                complete(ctx, slot, r.encode(ctx.alloc(), false, false, true));
                return;
            }
            LabRequest req;
            if (msg instanceof LabRequest fast) {
                req = fast;
            } else if (msg instanceof FullHttpRequest full
                    && !full.decoderResult().isFailure()) {
                req = LabRequest.of(full);
            } else {
                ReferenceCountUtil.release(msg);
                slot.last = true;
                complete(ctx, slot, badRequest(ctx));
                return;
            }
            slot.last = !req.keepAlive();
            long latency = latencyMillis;
            if (latency > 0) {
                // Held on the loop's timer, not on a thread: 64 requests at once each wait side by side.
                ScheduledFuture<?> unused =
                        ctx.executor().schedule(() -> dispatch(ctx, slot, req), latency, TimeUnit.MILLISECONDS);
                return;
            }
            dispatch(ctx, slot, req);
        }

        private ByteBuf badRequest(ChannelHandlerContext ctx) {
            return response(HttpResponseStatus.BAD_REQUEST, requestId()).encode(ctx.alloc(), false, false, true);
        }

        /**
         * Runs a connection's requests one after the other, in the order they came, as HTTP/1.1 pipelining wants: a
         * PutItem pipelined after a CreateTable finds the table. Requests of different connections run side by side.
         */
        private void dispatch(ChannelHandlerContext ctx, Slot slot, LabRequest req) {
            queued.add(() -> run(ctx, slot, req));
            next();
        }

        private void next() {
            if (draining) {
                return; // the loop below is already taking the queue (a request answered on the I/O thread)
            }
            draining = true;
            try {
                Runnable r;
                while (!busy && (r = queued.poll()) != null) {
                    busy = true;
                    r.run();
                }
            } finally {
                draining = false;
            }
        }

        private void done() {
            busy = false;
            next();
        }

        /** Answers here when the request is DynamoDB's and the handler only computes, else on a worker. */
        private void run(ChannelHandlerContext ctx, Slot slot, LabRequest req) {
            if (!ctx.channel().isActive()) {
                req.release();
                complete(ctx, slot, null);
                done();
                return;
            }
            String operation = operation(req.headers.getFirst("X-Amz-Target")); // read once, here and to answer
            boolean close = slot.last;
            if (!handler.mayWait(operation) && !routed(req)) {
                complete(ctx, slot, answer(ctx, req, operation, close));
                done();
                return;
            }
            try {
                pool.execute(() -> {
                    ByteBuf r = answer(ctx, req, operation, close);
                    ctx.executor().execute(() -> {
                        complete(ctx, slot, r);
                        done();
                    });
                });
            } catch (RejectedExecutionException closing) {
                req.release();
                complete(ctx, slot, null);
                ChannelFuture unused = ctx.close();
                done();
            }
        }

        private boolean routed(LabRequest req) {
            if (!req.method.equals("POST") || routes.isEmpty()) {
                return false;
            }
            String path = target(req.uri)[0];
            for (Route route : routes) {
                if (route.accepts(path, req.headers)) {
                    return true;
                }
            }
            return false;
        }

        /** Hands an answer to its slot and writes every answer that is next in line. */
        private void complete(ChannelHandlerContext ctx, Slot slot, ByteBuf answer) {
            if (!ctx.executor().inEventLoop()) {
                ctx.executor().execute(() -> complete(ctx, slot, answer));
                return;
            }
            inFlight.decrementAndGet();
            slot.answer = answer;
            if (answer == null) {
                slot.last = true; // nothing to answer: the connection goes
            }
            boolean wrote = false;
            while (!waiting.isEmpty() && (waiting.peek().answer != null || waiting.peek().last)) {
                Slot next = waiting.poll();
                if (next.answer != null) {
                    lastWrite = out.write(next.answer);
                    next.answer = null;
                    wrote = true;
                }
                if (next.last) {
                    // Closes once what was written has left (closing at once would drop it).
                    ctx.flush();
                    lastWrite.addListener(ChannelFutureListener.CLOSE);
                    waiting.clear();
                    return;
                }
            }
            if (wrote) {
                ctx.flush();
            }
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            if (!(cause instanceof IOException)) {
                LOG.log(System.Logger.Level.DEBUG, "Lab connection closed after an error", cause);
            }
            ChannelFuture unused =
                    ctx.close(); // a reset or a broken request: nothing more can be answered on this connection
        }
    }

    /** The decoded path and the raw query (null without one) of a request target. */
    private static String[] target(String uri) {
        String raw = uri;
        if (!uri.startsWith("/")) {
            try {
                URI u = new URI(uri);
                return new String[] {u.getPath() == null ? "" : u.getPath(), u.getRawQuery()};
            } catch (URISyntaxException e) {
                return new String[] {uri, null};
            }
        }
        int q = raw.indexOf('?');
        String path = q < 0 ? raw : raw.substring(0, q);
        String query = q < 0 ? null : raw.substring(q + 1);
        if (path.indexOf('%') >= 0) {
            try {
                path = new URI(path).getPath();
            } catch (URISyntaxException e) {
                // left as it came
            }
        }
        return new String[] {path, query};
    }

    /**
     * The answer to one request, as bytes; releases the request. {@code close}: the connection closes after it. Never
     * throws.
     */
    private ByteBuf answer(ChannelHandlerContext ctx, LabRequest req, String operation, boolean close) {
        try {
            Answer r = answerOrFail(ctx, req, operation);
            if (req.headers.getFirst("Origin") != null) {
                r.set("Access-Control-Allow-Origin", "*");
            }
            return r.encode(ctx.alloc(), req.http10, req.isHead(), close);
        } finally {
            req.release();
        }
    }

    /** {@code operation}: the DynamoDB operation the request's target names ({@link #operation}), or null. */
    private Answer answerOrFail(ChannelHandlerContext ctx, LabRequest req, String operation) {
        CharSequence requestId = requestId();
        Headers in = req.headers;
        String method = req.method;
        String contentTypeHeader = in.getFirst("Content-Type");
        try {
            if (method.equals("OPTIONS") && in.getFirst("Origin") != null) {
                Answer r = response(HttpResponseStatus.OK, requestId);
                copy(in, "Access-Control-Request-Headers", r, "Access-Control-Allow-Headers");
                copy(in, "Access-Control-Request-Method", r, "Access-Control-Allow-Methods");
                r.set("Access-Control-Max-Age", "172800");
                return r;
            }
            if (method.equals("GET")) {
                return reply(
                        200,
                        "text/plain",
                        ("healthy: dynamodb." + region + ".amazonaws.com ").getBytes(StandardCharsets.UTF_8),
                        requestId);
            }
            String[] target = target(req.uri);
            String path = target[0];
            ByteBuf body = req.content;
            if (method.equals("POST")) {
                for (Route route : routes) {
                    if (route.accepts(path, in)) {
                        Reply r = route.answer(path, in, ByteBufUtil.getBytes(body));
                        Answer out = reply(r.status(), r.contentType(), r.body(), requestId);
                        r.headers().forEach(out::set);
                        return out;
                    }
                }
            }
            String contentType = contentType(contentTypeHeader);
            boolean hasBody = body.isReadable();
            if (!method.equals("POST") || (hasBody && !contentType.equals(JSON) && !contentType.equals(AMZ_JSON))) {
                return reply(404, null, "<UnknownOperationException/>\n".getBytes(StandardCharsets.UTF_8), requestId);
            }
            String answerType = contentType.equals(AMZ_JSON) ? AMZ_JSON : JSON;
            JsonNode request = null;
            LabException unsigned =
                    operation == null ? null : Signatures.check(in.getFirst("Authorization"), target[1], in);
            if (hasBody) {
                byte[] bytes;
                int offset;
                int length = body.readableBytes();
                if (body.hasArray()) {
                    bytes = body.array();
                    offset = body.arrayOffset() + body.readerIndex();
                } else {
                    bytes = ByteBufUtil.getBytes(body);
                    offset = 0;
                }
                if (operation != null && unsigned == null) {
                    // A body the handler reads without a tree (a plain PutItem) is answered here; it is valid JSON,
                    // so the checks below would have passed it in the same order.
                    ObjectNode plain = handler.handlePlain(operation, bytes, offset, length);
                    if (plain != null) {
                        return reply(ctx, 200, answerType, plain, requestId);
                    }
                }
                try {
                    request = trees.read(bytes, offset, length);
                } catch (JsonProcessingException e) {
                    String m = e.getOriginalMessage();
                    boolean tooDeep =
                            m != null && m.toLowerCase(java.util.Locale.ROOT).contains("nesting depth");
                    return replyError(
                            ctx,
                            LabException.serialization(
                                    tooDeep ? "Nesting Levels have exceeded supported limits" : null),
                            requestId,
                            answerType);
                }
            }
            if (operation == null) {
                return replyError(ctx, LabException.coral("UnknownOperationException", null), requestId, answerType);
            }
            if (unsigned != null) {
                return replyError(ctx, unsigned, requestId, answerType);
            }
            if (request == null) {
                return replyError(ctx, LabException.serialization(null), requestId, answerType);
            }
            ObjectNode answer = handler.handle(operation, request, in);
            return reply(ctx, 200, answerType, answer, requestId);
        } catch (LabException e) {
            return replyError(ctx, e, requestId, contentType(contentTypeHeader).equals(AMZ_JSON) ? AMZ_JSON : JSON);
        } catch (IOException | RuntimeException | AssertionError | LinkageError | StackOverflowError e) {
            // A bug in the Lab must not take the endpoint down: answer like DynamoDB's internal error, and say
            // what happened where someone can read it.
            LOG.log(System.Logger.Level.ERROR, "Lab answered 500 to " + in.getFirst("X-Amz-Target"), e);
            return replyError(
                    ctx,
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

    private static final System.Logger LOG = System.getLogger(LabServer.class.getName());

    static {
        // Netty's default leak report samples one buffer in 128 and records a stack trace for it: about 1 % of a
        // PutItem's CPU (async-profiler, src/jmh/wrk/README.md). The Lab releases its buffers where it reads and writes
        // them (LabRequest.release, Answer.encode); set io.netty.leakDetection.level to have the report back.
        if (System.getProperty("io.netty.leakDetection.level") == null
                && System.getProperty("io.netty.leakDetectionLevel") == null) {
            io.netty.util.ResourceLeakDetector.setLevel(io.netty.util.ResourceLeakDetector.Level.DISABLED);
        }
    }

    private static final String JSON = "application/json";
    private static final String AMZ_JSON = "application/x-amz-json-1.0";
    private static final byte[] EMPTY_OBJECT = {'{', '}'};
    // Header names and values as AsciiStrings: hashed once, written as bytes (a String is hashed and encoded per
    // answer).
    private static final AsciiString JSON_VALUE = AsciiString.cached(JSON);
    private static final AsciiString AMZ_JSON_VALUE = AsciiString.cached(AMZ_JSON);
    private static final AsciiString CONTENT_TYPE = AsciiString.cached("content-type");
    private static final AsciiString DATE = AsciiString.cached("date");
    private static final AsciiString CRC32_HEADER = AsciiString.cached("x-amz-crc32");
    private static final AsciiString REQUEST_ID_HEADER = AsciiString.cached("x-amzn-RequestId");
    private static final AsciiString LAB_TIME_NAME = AsciiString.cached(LAB_TIME_HEADER);
    private static final byte[] ID_CHARS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ".getBytes(StandardCharsets.US_ASCII);
    private static final int ID_LENGTH = 52;

    /**
     * Each thread's last request id. A thread starts at a random one and counts up from it in base 36: 52 random
     * digits per answer (five random longs and 52 divisions) were 1.5 % of a PutItem's CPU, and two threads' counts
     * would meet only after about 36^50 answers.
     */
    private static final io.netty.util.concurrent.FastThreadLocal<byte[]> LAST_ID =
            new io.netty.util.concurrent.FastThreadLocal<>() {
                @Override
                protected byte[] initialValue() {
                    java.util.Random r = new java.security.SecureRandom();
                    byte[] id = new byte[ID_LENGTH];
                    for (int i = 0; i < id.length; i++) {
                        id[i] = ID_CHARS[r.nextInt(ID_CHARS.length)];
                    }
                    return id;
                }
            };

    /** DynamoDB's request ids: 52 characters of 0-9 and A-Z, a new one for every answer. */
    static CharSequence requestId() {
        byte[] id = LAST_ID.get();
        for (int i = id.length - 1; i >= 0; i--) { // one more, in base 36
            byte c = id[i];
            if (c != 'Z') {
                id[i] = c == '9' ? (byte) 'A' : (byte) (c + 1);
                break;
            }
            id[i] = '0';
        }
        return new AsciiString(id, true); // a copy: the thread's own goes on counting
    }

    /** The media type without parameters, trimmed ("application/json; charset=utf-8" → "application/json"). */
    private static String contentType(String header) {
        if (header == null) {
            return "";
        }
        int semi = header.indexOf(';');
        return (semi < 0 ? header : header.substring(0, semi)).trim();
    }

    private static void copy(Headers in, String from, Answer out, String to) {
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
        // "<version>.<operation>", exactly one dot; read without a split (an array and two strings per request).
        int dot = target.indexOf('.');
        if (dot < 0 || target.indexOf('.', dot + 1) >= 0) {
            return null;
        }
        if (!(target.startsWith(DYNAMODB_PREFIX) || target.startsWith("DynamoDB_20111205."))) {
            return null;
        }
        String operation = target.substring(dot + 1);
        return DynamoDbApi.isDynamoDbOperation(operation) ? operation : null;
    }

    /** How much of an oversized body is read (and dropped) so that its 413 answer reaches the client. */
    static final long DRAIN_BYTES = 4 * MAX_REQUEST_BYTES;

    private Answer replyError(ChannelHandlerContext ctx, LabException e, CharSequence requestId, String contentType) {
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
        return reply(ctx, e.status(), contentType, error, requestId);
    }

    /** An answer whose JSON is written straight into a pooled buffer. */
    private Answer reply(ChannelHandlerContext ctx, int status, String contentType, JsonNode body, CharSequence id) {
        if (body.isObject() && body.isEmpty()) {
            // A write's usual answer: no serializer, generator and buffer for two bytes.
            return stamp(status, contentType, Unpooled.wrappedBuffer(EMPTY_OBJECT), id);
        }
        ByteBuf buf = ctx.alloc().buffer(256);
        try (OutputStream out = new ByteBufOutputStream(buf)) {
            json.writeValue(out, body);
        } catch (IOException | RuntimeException e) {
            buf.release();
            throw new IllegalStateException("The Lab could not write its answer", e);
        }
        return stamp(status, contentType, buf, id);
    }

    private Answer reply(int status, String contentType, byte[] body, CharSequence id) {
        return stamp(status, contentType, Unpooled.wrappedBuffer(body), id);
    }

    private Answer stamp(int status, String contentType, ByteBuf body, CharSequence id) {
        CRC32 crc = new CRC32();
        if (body.nioBufferCount() == 1) {
            crc.update(body.nioBuffer());
        } else {
            crc.update(ByteBufUtil.getBytes(body));
        }
        Answer r = new Answer(HttpResponseStatus.valueOf(status), body);
        stampCommon(r, id);
        if (contentType != null) {
            r.set(
                    CONTENT_TYPE,
                    contentType.equals(AMZ_JSON)
                            ? AMZ_JSON_VALUE
                            : contentType.equals(JSON) ? JSON_VALUE : contentType);
        }
        r.set(CRC32_HEADER, Long.toString(crc.getValue()));
        return r;
    }

    /** A bodiless answer (CORS preflight, 413, 400). */
    private Answer response(HttpResponseStatus status, CharSequence id) {
        Answer r = Answer.empty(status);
        stampCommon(r, id);
        return r;
    }

    private void stampCommon(Answer r, CharSequence id) {
        r.set(DATE, HttpDate.now());
        java.util.function.LongSupplier clock = clockMillis;
        if (clock != null) {
            r.set(LAB_TIME_NAME, Long.toString(clock.getAsLong()));
        }
        r.set(REQUEST_ID_HEADER, id);
    }

    /** Request objects whose members are kept in a {@link SmallMap}. */
    static final class SmallObjects extends com.fasterxml.jackson.databind.node.JsonNodeFactory {
        private static final long serialVersionUID = 1L;
        static final SmallObjects INSTANCE = new SmallObjects();

        @Override
        public ObjectNode objectNode() {
            return new ObjectNode(this, new SmallMap<>());
        }
    }

    /** The Date header, formatted once a second. */
    private static final class HttpDate {
        /** HTTP's date format (RFC 9110 IMF-fixdate: a two-digit day, which RFC_1123_DATE_TIME does not write). */
        private static final DateTimeFormatter IMF_FIXDATE =
                DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", java.util.Locale.ENGLISH);

        private static volatile long second = -1;
        private static volatile String text = "";

        static String now() {
            long s = System.currentTimeMillis() / 1000;
            if (s != second) {
                text = IMF_FIXDATE.format(ZonedDateTime.ofInstant(java.time.Instant.ofEpochSecond(s), ZoneOffset.UTC));
                second = s;
            }
            return text;
        }
    }

    /**
     * Stops accepting connections, lets answers under way finish (a second at most), closes every connection and
     * ends the server's threads before returning.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        listener.close().awaitUninterruptibly(2, TimeUnit.SECONDS);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
        while (inFlight.get() > 0 && System.nanoTime() < deadline) {
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        for (Channel c : connections) {
            ChannelFuture unused = c.close();
        }
        shutDown(loops, pool, threads);
    }

    private static void shutDown(EventLoopGroup loops, ThreadPoolExecutor pool, java.util.List<Thread> threads) {
        pool.shutdownNow();
        io.netty.util.concurrent.Future<?> unused = loops.shutdownGracefully(0, 2, TimeUnit.SECONDS);
        if (threads.contains(Thread.currentThread())) {
            return; // closed from one of its own threads: they end once this task returns
        }
        try {
            pool.awaitTermination(2, TimeUnit.SECONDS);
            loops.terminationFuture().awaitUninterruptibly(3, TimeUnit.SECONDS);
            // A terminated pool or loop group still has threads on their way out: wait for them to be gone.
            for (Thread t : threads) {
                t.join(1_000);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
