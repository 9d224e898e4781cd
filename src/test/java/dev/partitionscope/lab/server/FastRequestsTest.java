package dev.partitionscope.lab.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.io.BufferedInputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The Lab's two request readers: {@link FastRequests} reads the plain keep-alive POSTs itself and hands every other
 * request, with the rest of its connection, to Netty's decoder — and a client cannot tell which one read its request.
 */
class FastRequestsTest {
    private static final String PUT = ConnectionHandlingTest.post("DynamoDB_20120810.GetItem", "{\"n\":1}");

    private static ByteBuf bytes(String s) {
        return Unpooled.copiedBuffer(s, StandardCharsets.ISO_8859_1);
    }

    @Test
    void aPlainPostIsReadWithItsHeadersAndBody() {
        ByteBuf buf = bytes(PUT + PUT);
        Object first = FastRequests.read(buf);
        assertThat(first).isInstanceOf(LabRequest.class);
        LabRequest r = (LabRequest) first;
        assertThat(r.method).isEqualTo("POST");
        assertThat(r.uri).isEqualTo("/");
        assertThat(r.http10).isFalse();
        assertThat(r.keepAlive()).isTrue();
        assertThat(r.headers.getFirst("x-amz-target")).isEqualTo("DynamoDB_20120810.GetItem");
        assertThat(r.headers.getFirst("CONTENT-TYPE")).isEqualTo("application/x-amz-json-1.0");
        assertThat(r.content.toString(StandardCharsets.UTF_8)).isEqualTo("{\"n\":1}");
        assertThat(buf.readerIndex())
                .as("the first request's bytes are consumed")
                .isEqualTo(PUT.length());
        Object second = FastRequests.read(buf);
        assertThat(second).isInstanceOf(LabRequest.class);
        assertThat(buf.isReadable()).isFalse();
        r.release();
        ((LabRequest) second).release();
        assertThat(buf.refCnt()).isEqualTo(1);
        buf.release();
    }

    @Test
    void aRequestCutAnywhereWaitsForTheRest() {
        for (int cut = 0; cut < PUT.length(); cut++) {
            ByteBuf buf = bytes(PUT.substring(0, cut));
            assertThat(FastRequests.read(buf)).as("cut at %d", cut).isSameAs(FastRequests.MORE);
            assertThat(buf.readerIndex()).isZero();
            buf.release();
        }
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "POST / HTTP/1.1\r\nHost: lab\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n",
                "POST / HTTP/1.1\r\nHost: lab\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n{}",
                "POST / HTTP/1.0\r\nHost: lab\r\nContent-Length: 2\r\n\r\n{}",
                "GET / HTTP/1.1\r\nHost: lab\r\n\r\n",
                "POST / HTTP/1.1\r\nHost: lab\r\nX-Long: a\r\n b\r\nContent-Length: 2\r\n\r\n{}",
                "POST / HTTP/1.1\nHost: lab\nContent-Length: 2\n\n{}",
                "POST / HTTP/1.1\nHost: lab\nContent-Len",
                "POST / HTTP/1.1\r\nHost: lab\rX: y\r\nContent-Length: 2\r\n\r\n{}",
                "POST / HTTP/1.1\r\nHost : lab\r\nContent-Length: 2\r\n\r\n{}",
                "POST / HTTP/1.1\r\nHost: lab\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\n{}",
                "POST / HTTP/1.1\r\nHost: lab\r\nContent-Length: +2\r\n\r\n{}",
                "POST / HTTP/1.1\r\nHost: lab\r\n\r\n",
                "POST / HTTP/1.1\r\nHost: l\u00e4b\r\nContent-Length: 2\r\n\r\n{}",
                "POST /a b HTTP/1.1\r\nHost: lab\r\nContent-Length: 2\r\n\r\n{}",
                "POST / HTTP/1.1\r\nHost: lab\r\nContent-Length: 2000000\r\n\r\n{}",
                "\r\nPOST / HTTP/1.1\r\nHost: lab\r\nContent-Length: 2\r\n\r\n{}",
            })
    void anythingElseIsHandedOnUnread(String request) {
        ByteBuf buf = bytes(request);
        assertThat(FastRequests.read(buf)).isSameAs(FastRequests.ASIDE);
        assertThat(buf.readerIndex()).as("nothing consumed").isZero();
        buf.release();
    }

    @Test
    void aHeadBeyondItsLimitIsHandedOn() {
        String huge = "POST / HTTP/1.1\r\nX-Big: " + "a".repeat(FastRequests.MAX_HEAD) + "\r\n";
        ByteBuf buf = bytes(huge);
        assertThat(FastRequests.read(buf)).isSameAs(FastRequests.ASIDE);
        ByteBuf shorter = bytes(huge.substring(0, 5000));
        assertThat(FastRequests.read(shorter)).as("could still end in time").isSameAs(FastRequests.MORE);
        buf.release();
        shorter.release();
    }

    private static LabServer echo() throws java.io.IOException {
        return LabServer.start(
                null,
                0,
                (op, req) -> JsonNodeFactory.instance
                        .objectNode()
                        .put("n", req.path("n").asInt()),
                0);
    }

    private static Socket connect(LabServer server) throws java.io.IOException {
        URI u = URI.create(server.endpoint());
        Socket s = new Socket();
        s.connect(new InetSocketAddress(u.getHost(), u.getPort()), 5_000);
        s.setSoTimeout(20_000);
        return s;
    }

    private static String chunked(int n) {
        String body = "{\"n\":" + n + "}";
        return "POST / HTTP/1.1\r\nHost: lab\r\nContent-Type: application/x-amz-json-1.0\r\n"
                + "X-Amz-Target: DynamoDB_20120810.GetItem\r\nAuthorization: AWS4-HMAC-SHA256 Credential=a/20260101/"
                + "us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0\r\nX-Amz-Date: 20260101T000000Z\r\n"
                + "Transfer-Encoding: chunked\r\n\r\n" + Integer.toHexString(body.length()) + "\r\n" + body
                + "\r\n0\r\n\r\n";
    }

    @Test
    void aConnectionHandedToNettyMidwayKeepsItsOrder() throws Exception {
        try (LabServer server = echo();
                Socket s = connect(server)) {
            OutputStream out = s.getOutputStream();
            InputStream in = new BufferedInputStream(s.getInputStream());
            // Two plain requests, a chunked one (Netty's from here on), two plain ones again: one write, pipelined.
            String all = ConnectionHandlingTest.post("DynamoDB_20120810.GetItem", "{\"n\":1}")
                    + ConnectionHandlingTest.post("DynamoDB_20120810.GetItem", "{\"n\":2}")
                    + chunked(3)
                    + ConnectionHandlingTest.post("DynamoDB_20120810.GetItem", "{\"n\":4}")
                    + ConnectionHandlingTest.post("DynamoDB_20120810.GetItem", "{\"n\":5}");
            out.write(all.getBytes(StandardCharsets.UTF_8));
            for (int n = 1; n <= 5; n++) {
                ConnectionHandlingTest.Answer a = ConnectionHandlingTest.read(in);
                assertThat(a.status()).isEqualTo(200);
                assertThat(a.json().path("n").asInt()).isEqualTo(n);
                assertThat(a.headers()).containsKeys("x-amzn-requestid", "x-amz-crc32", "date", "content-length");
                assertThat(a.headers().get("content-type")).isEqualTo("application/x-amz-json-1.0");
            }
        }
    }

    @Test
    void aRequestSentOneByteAtATimeIsAnswered() throws Exception {
        try (LabServer server = echo();
                Socket s = connect(server)) {
            s.setTcpNoDelay(true);
            OutputStream out = s.getOutputStream();
            InputStream in = new BufferedInputStream(s.getInputStream());
            byte[] request = ConnectionHandlingTest.post("DynamoDB_20120810.GetItem", "{\"n\":7}")
                    .getBytes(StandardCharsets.UTF_8);
            for (byte b : request) {
                out.write(b);
                out.flush();
            }
            ConnectionHandlingTest.Answer a = ConnectionHandlingTest.read(in);
            assertThat(a.json().path("n").asInt()).isEqualTo(7);
        }
    }

    @Test
    void headAnswersCarryTheLengthButNoBody() throws Exception {
        try (LabServer server = echo();
                Socket s = connect(server)) {
            OutputStream out = s.getOutputStream();
            InputStream in = new BufferedInputStream(s.getInputStream());
            out.write("HEAD / HTTP/1.1\r\nHost: lab\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            out.write(ConnectionHandlingTest.post("DynamoDB_20120810.GetItem", "{\"n\":8}")
                    .getBytes(StandardCharsets.UTF_8));
            String head = new String(in.readNBytes(12), StandardCharsets.US_ASCII);
            assertThat(head).isEqualTo("HTTP/1.1 404");
            StringBuilder rest = new StringBuilder();
            while (!rest.toString().endsWith("\r\n\r\n")) {
                rest.append((char) in.read());
            }
            assertThat(rest.toString().toLowerCase(java.util.Locale.ROOT)).contains("content-length: 29");
            // No body follows: the next bytes are the next answer's status line.
            ConnectionHandlingTest.Answer a = ConnectionHandlingTest.read(in);
            assertThat(a.status()).isEqualTo(200);
            assertThat(a.json().path("n").asInt()).isEqualTo(8);
        }
    }

    @Test
    void anHttp10RequestIsAnsweredIn10AndTheConnectionCloses() throws Exception {
        try (LabServer server = echo();
                Socket s = connect(server)) {
            OutputStream out = s.getOutputStream();
            InputStream in = new BufferedInputStream(s.getInputStream());
            out.write(ConnectionHandlingTest.post("DynamoDB_20120810.GetItem", "{\"n\":6}")
                    .replace("HTTP/1.1", "HTTP/1.0")
                    .getBytes(StandardCharsets.UTF_8));
            String status = new String(in.readNBytes(8), StandardCharsets.US_ASCII);
            assertThat(status).isEqualTo("HTTP/1.0");
            in.readAllBytes();
            assertThat(in.read()).as("closed after the answer").isEqualTo(-1);
        }
    }
}
