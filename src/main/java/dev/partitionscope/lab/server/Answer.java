package dev.partitionscope.lab.server;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.util.Arrays;

/**
 * One HTTP answer of the Lab's server, written as bytes by {@link #encode}: status line, headers in the order they were
 * set, and the body — one buffer, one write. Netty's response object, header table and encoder cost a PutItem about a
 * tenth of the server's CPU and a kilobyte of garbage for six headers the Lab knows the spelling of.
 */
final class Answer {
    /** Small bodies are copied behind the head (one buffer on the wire); bigger ones follow it as they are. */
    private static final int COPY_BODY_UP_TO = 8 * 1024;

    private static final byte[] HTTP_1_1 = {'H', 'T', 'T', 'P', '/', '1', '.', '1', ' '};
    private static final byte[] HTTP_1_0 = {'H', 'T', 'T', 'P', '/', '1', '.', '0', ' '};
    private static final byte[] CHUNKED_END = {'0', '\r', '\n', '\r', '\n'};

    private final HttpResponseStatus status;
    private CharSequence[] names = new CharSequence[8];
    private CharSequence[] values = new CharSequence[8];
    private int size;
    /** Owned until encoded. */
    private ByteBuf body;
    /** Chunked with no chunk instead of a Content-Length (DynamoDB's 413). */
    private boolean chunkedEmpty;

    Answer(HttpResponseStatus status, ByteBuf body) {
        this.status = status;
        this.body = body;
    }

    /** Sets a header: replaces the value of one set before under this name (ignoring case), else adds it. */
    Answer set(CharSequence name, CharSequence value) {
        for (int i = 0; i < size; i++) {
            if (io.netty.util.AsciiString.contentEqualsIgnoreCase(names[i], name)) {
                values[i] = value;
                return this;
            }
        }
        return add(name, value);
    }

    private Answer add(CharSequence name, CharSequence value) {
        if (size == names.length) {
            names = Arrays.copyOf(names, size * 2);
            values = Arrays.copyOf(values, size * 2);
        }
        names[size] = name;
        values[size] = value;
        size++;
        return this;
    }

    /** Answered chunked, with no chunk and no Content-Length (the 413 DynamoDB sends). */
    Answer chunkedEmpty() {
        chunkedEmpty = true;
        return this;
    }

    /**
     * The answer's bytes. {@code head}: the request was a HEAD (headers only, Content-Length as for a GET);
     * {@code close}: the connection closes after it ({@code Connection: close} on an HTTP/1.1 answer). Hands the body
     * on: the answer is spent.
     */
    ByteBuf encode(ByteBufAllocator alloc, boolean http10, boolean head, boolean close) {
        ByteBuf b = body;
        body = null;
        int length = b.readableBytes();
        boolean copy = !head && !chunkedEmpty && length <= COPY_BODY_UP_TO;
        ByteBuf out = alloc.directBuffer(256 + (copy ? length : 0));
        out.writeBytes(http10 ? HTTP_1_0 : HTTP_1_1);
        ByteBufUtil.writeAscii(out, status.codeAsText());
        out.writeByte(' ');
        ByteBufUtil.writeAscii(out, status.reasonPhrase());
        crlf(out);
        for (int i = 0; i < size; i++) {
            header(out, names[i], values[i]);
        }
        if (chunkedEmpty) {
            header(out, "transfer-encoding", "chunked");
        } else {
            header(out, "content-length", Integer.toString(length));
        }
        if (close && !http10) {
            header(out, "connection", "close");
        }
        crlf(out);
        if (chunkedEmpty) {
            b.release();
            out.writeBytes(CHUNKED_END);
            return out;
        }
        if (head || length == 0) {
            b.release();
            return out;
        }
        if (copy) {
            out.writeBytes(b, b.readerIndex(), length);
            b.release();
            return out;
        }
        return Unpooled.wrappedBuffer(out, b); // a composite: the big body is not copied
    }

    private static void header(ByteBuf out, CharSequence name, CharSequence value) {
        ByteBufUtil.writeAscii(out, name);
        out.writeByte(':');
        out.writeByte(' ');
        ByteBufUtil.writeAscii(out, value);
        crlf(out);
    }

    private static void crlf(ByteBuf out) {
        out.writeByte('\r');
        out.writeByte('\n');
    }

    /** An answer without a body. */
    static Answer empty(HttpResponseStatus status) {
        return new Answer(status, Unpooled.EMPTY_BUFFER);
    }
}
