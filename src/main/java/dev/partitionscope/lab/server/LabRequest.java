package dev.partitionscope.lab.server;

import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpVersion;

/**
 * One whole HTTP request as the Lab's server answers it, whichever decoder read it: {@link FastRequests} (the usual
 * keep-alive POST with a Content-Length) or Netty's decoder and aggregator (everything else). Owns its body until
 * {@link #release}.
 */
final class LabRequest {
    final String method;
    final String uri;
    /** HTTP/1.0 (answered as 1.0, and the connection closed) or 1.1. */
    final boolean http10;

    final Headers headers;
    final ByteBuf content;

    LabRequest(String method, String uri, boolean http10, Headers headers, ByteBuf content) {
        this.method = method;
        this.uri = uri;
        this.http10 = http10;
        this.headers = headers;
        this.content = content;
    }

    /** A request Netty decoded and aggregated: its headers copied, its body taken over. */
    static LabRequest of(FullHttpRequest netty) {
        return new LabRequest(
                netty.method().name(),
                netty.uri(),
                netty.protocolVersion().equals(HttpVersion.HTTP_1_0),
                Headers.of(netty.headers()),
                netty.content());
    }

    /**
     * Whether the connection stays open after the answer: HTTP/1.1 unless the request says {@code Connection: close}.
     * An HTTP/1.0 request's connection closes after its answer, as it did behind Netty's keep-alive handler (the Lab
     * does not answer 1.0's {@code Connection: keep-alive}).
     */
    boolean keepAlive() {
        return !http10 && !headers.hasToken("Connection", "close");
    }

    boolean isHead() {
        return "HEAD".equals(method);
    }

    void release() {
        content.release();
    }
}
