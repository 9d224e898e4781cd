package dev.partitionscope.lab.server;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.ByteToMessageDecoder;
import java.nio.charset.StandardCharsets;

/**
 * The first reader of a connection's bytes: turns the requests every DynamoDB client sends — an HTTP/1.1 POST with a
 * Content-Length of at most {@link #MAX_BODY} bytes, plain header lines — into {@link LabRequest}s straight from the
 * received buffer (the body a slice of it, header names mostly shared constants), without Netty's header tables,
 * request objects and aggregation, about a third of the garbage and a tenth of the CPU a PutItem cost the server.
 *
 * <p>It reads nothing it is unsure of. At the first request that is anything else (chunked, {@code Expect}, HTTP/1.0,
 * another method, a folded or unusual header line, a larger body, a head over {@link #MAX_HEAD} bytes) it steps
 * aside for good: it leaves the pipeline and hands that request's bytes, and every later byte of the connection, to
 * Netty's decoder behind it, which answers them as before (limits, 400s and 413s included). Requests it has already
 * read are ahead of them in the connection's queue, so answers keep the order of their requests.
 */
final class FastRequests extends ChannelInboundHandlerAdapter {
    /** The longest request line and headers read here. */
    static final int MAX_HEAD = 16 * 1024;
    /** The largest body read here (bigger ones go the long way, through the 16 MB limit and its 413). */
    static final int MAX_BODY = 1024 * 1024;
    /** The most header lines read here. */
    private static final int MAX_HEADERS = 64;

    /** Header names as the SDKs and wrk spell them, shared instead of a new string per request. */
    private static final String[] KNOWN = {
        "Host",
        "host",
        "Content-Type",
        "content-type",
        "Content-Length",
        "content-length",
        "X-Amz-Target",
        "x-amz-target",
        "X-Amz-Date",
        "x-amz-date",
        "Authorization",
        "authorization",
        "User-Agent",
        "user-agent",
        "amz-sdk-invocation-id",
        "amz-sdk-request",
        "Accept-Encoding",
        "accept-encoding",
        "Accept",
        "accept",
        "Connection",
        "connection",
        "X-Amz-Security-Token",
        "x-amz-security-token",
        "X-Amz-Content-Sha256",
        "x-amz-content-sha256",
        "Expect",
        "expect"
    };

    private static final byte[][] KNOWN_BYTES = new byte[KNOWN.length][];

    static {
        for (int i = 0; i < KNOWN.length; i++) {
            KNOWN_BYTES[i] = KNOWN[i].getBytes(StandardCharsets.US_ASCII);
        }
    }

    /** Bytes received and not yet read into a request; null when there are none. */
    private ByteBuf pending;

    private boolean aside;

    /** What {@link #read} found: a request (its bytes consumed), too few bytes yet, or something to hand on. */
    static final Object MORE = new Object();

    static final Object ASIDE = new Object();

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (aside || !(msg instanceof ByteBuf in)) {
            ctx.fireChannelRead(msg);
            return;
        }
        pending = pending == null ? in : ByteToMessageDecoder.MERGE_CUMULATOR.cumulate(ctx.alloc(), pending, in);
        while (pending.isReadable()) {
            Object r = read(pending);
            if (r == MORE) {
                break;
            }
            if (r == ASIDE) {
                stepAside(ctx);
                return;
            }
            ctx.fireChannelRead(r);
            if (aside || pending == null) {
                return; // the connection closed while the request was answered
            }
        }
        if (!pending.isReadable()) {
            pending.release();
            pending = null;
        } else if (pending.readerIndex() > 0 && pending.refCnt() == 1) {
            pending.discardReadBytes();
        }
    }

    /** Leaves the pipeline; what was received and not read goes to Netty's decoder next (see handlerRemoved). */
    private void stepAside(ChannelHandlerContext ctx) {
        aside = true;
        ctx.pipeline().remove(this);
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        ByteBuf rest = pending;
        pending = null;
        if (rest != null) {
            if (rest.isReadable() && ctx.channel().isActive()) {
                ctx.fireChannelRead(rest);
                ctx.fireChannelReadComplete();
            } else {
                rest.release();
            }
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (pending != null) {
            pending.release();
            pending = null;
        }
        ctx.fireChannelInactive();
    }

    /**
     * The head's bytes, copied out of the buffer in one go and read from an array: byte by byte from a pooled buffer
     * (an index and a reference-count check per byte) the reading cost more than Netty's whole decoder. One per I/O
     * thread; requests are read on their connection's thread only.
     */
    private static final io.netty.util.concurrent.FastThreadLocal<byte[]> SCRATCH =
            new io.netty.util.concurrent.FastThreadLocal<>() {
                @Override
                protected byte[] initialValue() {
                    return new byte[MAX_HEAD + 16]; // room for a look a few bytes past a head at the limit
                }
            };

    /** How much of a buffer is copied first: a usual request's head, and its body, fit. */
    private static final int FIRST_COPY = 1024;

    /** One request from the buffer's reader index: a {@link LabRequest}, {@link #MORE} or {@link #ASIDE}. */
    static Object read(ByteBuf buf) {
        int start = buf.readerIndex();
        int available = buf.writerIndex() - start;
        byte[] a = SCRATCH.get();
        int n = Math.min(available, FIRST_COPY);
        buf.getBytes(start, a, 0, n);
        int headEnd = headEnd(a, 0, n);
        if (headEnd < 0 && n < available) {
            int more = Math.min(available, MAX_HEAD);
            buf.getBytes(start + n, a, n, more - n);
            headEnd = headEnd(a, Math.max(0, n - 3), more);
            n = more;
        }
        if (headEnd < 0) {
            return available >= MAX_HEAD || !plainLines(a, n) ? ASIDE : MORE;
        }
        return read(buf, a, headEnd, available);
    }

    /** Whether every line ending in {@code a[0, n)} is a CRLF (else the head would never end here: Netty reads it). */
    private static boolean plainLines(byte[] a, int n) {
        for (int i = 0; i < n; i++) {
            if ((a[i] == '\n' && (i == 0 || a[i - 1] != '\r')) || (a[i] == '\r' && i + 1 < n && a[i + 1] != '\n')) {
                return false;
            }
        }
        return true;
    }

    /** The index just past the first CRLF CRLF in {@code a[from, to)}, or -1. */
    private static int headEnd(byte[] a, int from, int to) {
        for (int i = from + 3; i < to; i++) {
            if (a[i] == '\n' && a[i - 2] == '\n' && a[i - 1] == '\r' && a[i - 3] == '\r') {
                return i + 1;
            }
        }
        return -1;
    }

    /** Bytes a header name may hold (RFC 9110 tchar). */
    private static final boolean[] NAME = new boolean[256];
    /** Bytes a header value or the request target may hold here: printable ASCII, space and tab. */
    private static final boolean[] VALUE = new boolean[256];

    static {
        for (int b = 0; b < 256; b++) {
            NAME[b] = (b >= 'a' && b <= 'z')
                    || (b >= 'A' && b <= 'Z')
                    || (b >= '0' && b <= '9')
                    || "!#$%&'*+-.^_`|~".indexOf(b) >= 0;
            VALUE[b] = (b >= ' ' && b < 0x7f) || b == '\t';
        }
    }

    /**
     * The request whose head is {@code a[0, headEnd)} (a copy of the buffer's bytes from its reader index, ending in
     * CRLF CRLF), read in one pass.
     */
    private static Object read(ByteBuf buf, byte[] a, int headEnd, int available) {
        // Request line: POST SP target SP HTTP/1.1 CRLF
        if (headEnd < 19 || !matches(a, 0, "POST ")) {
            return ASIDE;
        }
        int targetStart = 5;
        int i = targetStart;
        while (a[i] > ' ' && a[i] < 0x7f) {
            i++;
        }
        int targetEnd = i;
        if (targetEnd == targetStart || !matches(a, i, " HTTP/1.1\r\n")) {
            return ASIDE;
        }
        i += 11;
        Headers headers = new Headers(8);
        long length = -1;
        while (a[i] != '\r') {
            if (headers.size() == MAX_HEADERS) {
                return ASIDE;
            }
            int line = i;
            while (NAME[a[i] & 0xff]) {
                i++;
            }
            if (i == line || a[i] != ':') {
                return ASIDE; // a folded line, a space before the colon, a control byte: Netty decides
            }
            int colon = i++;
            while (a[i] == ' ' || a[i] == '\t') {
                i++;
            }
            int v = i;
            while (VALUE[a[i] & 0xff]) {
                i++;
            }
            if (a[i] != '\r' || a[i + 1] != '\n') {
                return ASIDE; // a bare CR or LF, or a byte outside printable ASCII
            }
            int ve = i;
            while (ve > v && (a[ve - 1] == ' ' || a[ve - 1] == '\t')) {
                ve--;
            }
            i += 2;
            String name = name(a, line, colon - line);
            if (name.length() >= 6) {
                if (name.equalsIgnoreCase("Transfer-Encoding") || name.equalsIgnoreCase("Expect")) {
                    return ASIDE;
                }
                if (name.equalsIgnoreCase("Content-Length")) {
                    if (length >= 0 || ve == v || ve - v > 8) {
                        return ASIDE;
                    }
                    length = 0;
                    for (int k = v; k < ve; k++) {
                        if (a[k] < '0' || a[k] > '9') {
                            return ASIDE;
                        }
                        length = length * 10 + (a[k] - '0');
                    }
                    if (length > MAX_BODY) {
                        return ASIDE;
                    }
                }
            }
            headers.add(name, new String(a, v, ve - v, StandardCharsets.ISO_8859_1));
        }
        if (i + 2 != headEnd || length < 0) {
            return ASIDE; // a bare CR before the end, or no Content-Length
        }
        if (available - headEnd < length) {
            return MORE;
        }
        int start = buf.readerIndex();
        String uri = new String(a, targetStart, targetEnd - targetStart, StandardCharsets.ISO_8859_1);
        ByteBuf body = buf.retainedSlice(start + headEnd, (int) length);
        buf.readerIndex(start + headEnd + (int) length);
        return new LabRequest("POST", uri, false, headers, body);
    }

    private static boolean matches(byte[] a, int at, String ascii) {
        for (int i = 0; i < ascii.length(); i++) {
            if (a[at + i] != ascii.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private static String name(byte[] a, int at, int length) {
        outer:
        for (int k = 0; k < KNOWN_BYTES.length; k++) {
            byte[] known = KNOWN_BYTES[k];
            if (known.length != length) {
                continue;
            }
            for (int i = 0; i < length; i++) {
                if (a[at + i] != known[i]) {
                    continue outer;
                }
            }
            return KNOWN[k];
        }
        return new String(a, at, length, StandardCharsets.ISO_8859_1);
    }
}
