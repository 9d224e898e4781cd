package dev.partitionscope.lab.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.partitionscope.lab.Lab;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The Lab's connections behave as an HTTP/1.1 server's must under load tools and SDK pools: pipelined requests are
 * answered in the order they came, keep-alive connections are reused and {@code Connection: close} honoured, an
 * oversized body gets its 413 before the connection closes, 256 connections at once are all served, and a closed Lab
 * leaves none of its threads behind. Raw sockets, so that what is on the wire is what is tested.
 */
class ConnectionHandlingTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String SIGNED = "AWS4-HMAC-SHA256 Credential=a/20260101/us-east-1/dynamodb/aws4_request,"
            + " SignedHeaders=host, Signature=0";

    /** An HTTP answer as read off the socket. */
    record Answer(int status, Map<String, String> headers, byte[] body) {
        String text() {
            return new String(body, StandardCharsets.UTF_8);
        }

        JsonNode json() throws IOException {
            return JSON.readTree(body);
        }
    }

    static String post(String target, String body, String... extraHeaders) {
        StringBuilder b = new StringBuilder("POST / HTTP/1.1\r\nHost: lab\r\n")
                .append("Content-Type: application/x-amz-json-1.0\r\n")
                .append("X-Amz-Target: ")
                .append(target)
                .append("\r\nAuthorization: ")
                .append(SIGNED)
                .append("\r\nX-Amz-Date: 20260101T000000Z\r\n");
        for (String h : extraHeaders) {
            b.append(h).append("\r\n");
        }
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        return b.append("Content-Length: ")
                .append(bytes.length)
                .append("\r\n\r\n")
                .append(body)
                .toString();
    }

    /** Reads one answer (Content-Length or chunked), or null when the server closed the connection first. */
    static Answer read(InputStream in) throws IOException {
        String status = line(in);
        if (status == null) {
            return null;
        }
        Map<String, String> headers = new LinkedHashMap<>();
        for (String l = line(in); l != null && !l.isEmpty(); l = line(in)) {
            int colon = l.indexOf(':');
            headers.put(
                    l.substring(0, colon).trim().toLowerCase(Locale.ROOT),
                    l.substring(colon + 1).trim());
        }
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
            for (int size = Integer.parseInt(line(in).trim(), 16); size > 0; size = Integer.parseInt(line(in), 16)) {
                body.write(in.readNBytes(size));
                line(in);
            }
            line(in);
        } else {
            body.write(in.readNBytes(Integer.parseInt(headers.getOrDefault("content-length", "0"))));
        }
        return new Answer(Integer.parseInt(status.substring(9, 12)), headers, body.toByteArray());
    }

    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        int c;
        while ((c = in.read()) >= 0) {
            if (c == '\n') {
                String s = b.toString(StandardCharsets.US_ASCII);
                return s.endsWith("\r") ? s.substring(0, s.length() - 1) : s;
            }
            b.write(c);
        }
        return b.size() == 0 ? null : b.toString(StandardCharsets.US_ASCII);
    }

    private static Socket connect(LabServer server) throws IOException {
        return connect(server.endpoint());
    }

    private static Socket connect(String endpoint) throws IOException {
        URI u = URI.create(endpoint);
        Socket s = new Socket();
        s.connect(new InetSocketAddress(u.getHost(), u.getPort()), 5_000);
        s.setSoTimeout(20_000);
        return s;
    }

    /** Answers {"n": n} for {"n": n}; the requests marked slow wait first, on a worker thread. */
    private static LabServer echo() throws IOException {
        return LabServer.start(
                null,
                0,
                (op, req) -> {
                    if (req.path("slow").asBoolean()) {
                        try {
                            Thread.sleep(300);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    }
                    return JsonNodeFactory.instance
                            .objectNode()
                            .put("n", req.path("n").asInt());
                },
                0);
    }

    @Test
    void pipelinedRequestsAreAnsweredInTheOrderTheyCame() throws Exception {
        try (LabServer server = echo();
                Socket s = connect(server)) {
            // All written before anything is read; the first takes longest, so out-of-order answers would show.
            String all = post("DynamoDB_20120810.GetItem", "{\"n\":1,\"slow\":true}")
                    + post("DynamoDB_20120810.GetItem", "{\"n\":2}")
                    + "GET / HTTP/1.1\r\nHost: lab\r\n\r\n"
                    + post("DynamoDB_20120810.GetItem", "{\"n\":3,\"slow\":true}")
                    + post("DynamoDB_20120810.GetItem", "{\"n\":4}");
            s.getOutputStream().write(all.getBytes(StandardCharsets.UTF_8));
            s.getOutputStream().flush();
            InputStream in = new BufferedInputStream(s.getInputStream());
            assertThat(read(in).json().path("n").asInt()).isEqualTo(1);
            assertThat(read(in).json().path("n").asInt()).isEqualTo(2);
            assertThat(read(in).text()).startsWith("healthy: ");
            assertThat(read(in).json().path("n").asInt()).isEqualTo(3);
            assertThat(read(in).json().path("n").asInt()).isEqualTo(4);
        }
    }

    @Test
    void pipelinedRequestsOnTheEngineAreAnsweredInOrder() throws Exception {
        try (Lab lab = Lab.start(Lab.Options.defaults().withThrottling(false))) {
            String server = lab.endpoint().orElseThrow();
            try (Socket s = connect(server)) {
                StringBuilder all = new StringBuilder(post(
                        "DynamoDB_20120810.CreateTable",
                        "{\"TableName\":\"conn\",\"AttributeDefinitions\":[{\"AttributeName\":\"pk\","
                                + "\"AttributeType\":\"S\"}],\"KeySchema\":[{\"AttributeName\":\"pk\","
                                + "\"KeyType\":\"HASH\"}],\"BillingMode\":\"PAY_PER_REQUEST\"}"));
                for (int i = 0; i < 50; i++) {
                    all.append(post(
                            "DynamoDB_20120810.PutItem",
                            "{\"TableName\":\"conn\",\"Item\":{\"pk\":{\"S\":\"k\"},\"n\":{\"N\":\"" + i
                                    + "\"}},\"ReturnValues\":\"ALL_OLD\"}"));
                }
                s.getOutputStream().write(all.toString().getBytes(StandardCharsets.UTF_8));
                InputStream in = new BufferedInputStream(s.getInputStream());
                Answer created = read(in);
                assertThat(created.status()).as(created.text()).isEqualTo(200);
                assertThat(read(in).json().has("Attributes")).isFalse();
                for (int i = 1; i < 50; i++) {
                    // Each put returns the item the one before it wrote: answered in order, applied in order.
                    Answer a = read(in);
                    assertThat(a.status()).isEqualTo(200);
                    assertThat(a.json().at("/Attributes/n/N").asText()).isEqualTo(Integer.toString(i - 1));
                }
            }
        }
    }

    @Test
    void quickOperationsAreAnsweredOnTheIoThreadAndTheRestOnWorkers() throws Exception {
        LabServer.RequestHandler threadNames = (op, req) -> JsonNodeFactory.instance
                .objectNode()
                .put("thread", Thread.currentThread().getName());
        try (LabServer server = LabServer.start(null, 0, LabServer.quickOn(threadNames, Set.of("PutItem")), 0);
                Socket s = connect(server)) {
            String all = post("DynamoDB_20120810.PutItem", "{}")
                    + post("DynamoDB_20120810.Scan", "{}")
                    + post("DynamoDB_20120810.PutItem", "{}")
                    + post("DynamoDB_20120810.GetItem", "{}");
            s.getOutputStream().write(all.getBytes(StandardCharsets.UTF_8));
            InputStream in = new BufferedInputStream(s.getInputStream());
            List<String> threads = new java.util.ArrayList<>();
            for (int i = 0; i < 4; i++) {
                threads.add(read(in).json().path("thread").asText());
            }
            assertThat(threads.get(0)).contains("-io-");
            assertThat(threads.get(1)).contains("-worker-");
            assertThat(threads.get(2)).contains("-io-");
            assertThat(threads.get(3)).contains("-worker-");
        }
    }

    @Test
    void keepAliveConnectionsAreReusedAndConnectionCloseIsHonoured() throws Exception {
        try (LabServer server = echo();
                Socket s = connect(server)) {
            OutputStream out = s.getOutputStream();
            InputStream in = new BufferedInputStream(s.getInputStream());
            for (int i = 0; i < 5; i++) {
                out.write(post("DynamoDB_20120810.GetItem", "{\"n\":" + i + "}").getBytes(StandardCharsets.UTF_8));
                Answer a = read(in);
                assertThat(a.status()).isEqualTo(200);
                assertThat(a.json().path("n").asInt()).isEqualTo(i);
                assertThat(a.headers().get("connection")).isNotEqualToIgnoringCase("close");
                // HTTP's date (IMF-fixdate, two-digit day), as the SDK reads it to correct clock skew.
                assertThat(a.headers().get("date"))
                        .matches("(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \\d{2} [A-Z][a-z]{2} \\d{4} \\d{2}:\\d{2}:\\d{2} GMT");
            }
            out.write(post("DynamoDB_20120810.GetItem", "{\"n\":9}", "Connection: close")
                    .getBytes(StandardCharsets.UTF_8));
            Answer last = read(in);
            assertThat(last.json().path("n").asInt()).isEqualTo(9);
            assertThat(last.headers().get("connection")).isEqualToIgnoringCase("close");
            assertThat(in.read()).as("the server closed the connection").isEqualTo(-1);
        }
    }

    @Test
    void anOversizedBodyIsAnsweredWith413ThenTheConnectionCloses() throws Exception {
        try (LabServer server = echo()) {
            int size = 16 * 1024 * 1024 + 1;
            try (Socket s = connect(server)) {
                OutputStream out = s.getOutputStream();
                out.write(("POST / HTTP/1.1\r\nHost: lab\r\nContent-Type: application/x-amz-json-1.0\r\n"
                                + "X-Amz-Target: DynamoDB_20120810.PutItem\r\nContent-Length: " + size + "\r\n\r\n")
                        .getBytes(StandardCharsets.US_ASCII));
                byte[] chunk = new byte[1024 * 1024];
                java.util.Arrays.fill(chunk, (byte) ' ');
                for (int left = size; left > 0; left -= chunk.length) {
                    out.write(chunk, 0, Math.min(left, chunk.length));
                }
                out.flush();
                Answer a = read(s.getInputStream());
                assertThat(a.status()).isEqualTo(413);
                assertThat(a.body()).isEmpty();
                assertThat(a.headers().get("connection")).isEqualToIgnoringCase("close");
                assertThat(a.headers().get("x-amzn-requestid")).matches("[0-9A-Z]{52}");
                assertThat(s.getInputStream().read()).isEqualTo(-1);
            }
            // The server itself serves on.
            try (Socket s = connect(server)) {
                s.getOutputStream()
                        .write(post("DynamoDB_20120810.GetItem", "{\"n\":7}").getBytes(StandardCharsets.UTF_8));
                assertThat(read(s.getInputStream()).json().path("n").asInt()).isEqualTo(7);
            }
        }
    }

    @Test
    void twoHundredFiftySixConnectionsAtOnceAreAllServed() throws Exception {
        int connections = 256;
        int perConnection = 40;
        try (Lab lab = Lab.start(Lab.Options.defaults().withThrottling(false))) {
            String server = lab.endpoint().orElseThrow();
            try (Socket s = connect(server)) {
                s.getOutputStream()
                        .write(post(
                                        "DynamoDB_20120810.CreateTable",
                                        "{\"TableName\":\"conn\",\"AttributeDefinitions\":[{\"AttributeName\":\"pk\","
                                                + "\"AttributeType\":\"S\"}],\"KeySchema\":[{\"AttributeName\":"
                                                + "\"pk\",\"KeyType\":\"HASH\"}],\"BillingMode\":\"PAY_PER_REQUEST\"}")
                                .getBytes(StandardCharsets.UTF_8));
                Answer created = read(s.getInputStream());
                assertThat(created.status()).as(created.text()).isEqualTo(200);
            }
            AtomicInteger ok = new AtomicInteger();
            ExecutorService clients = Executors.newFixedThreadPool(connections);
            try {
                List<Future<?>> all = new ArrayList<>();
                java.util.concurrent.CountDownLatch ready = new java.util.concurrent.CountDownLatch(connections);
                for (int c = 0; c < connections; c++) {
                    int client = c;
                    all.add(clients.submit(() -> {
                        try (Socket s = connect(server)) {
                            ready.countDown();
                            ready.await(); // every connection open before the first request
                            InputStream in = new BufferedInputStream(s.getInputStream());
                            for (int i = 0; i < perConnection; i++) {
                                s.getOutputStream()
                                        .write(post(
                                                        "DynamoDB_20120810.PutItem",
                                                        "{\"TableName\":\"conn\",\"Item\":{\"pk\":{\"S\":\"k" + client
                                                                + "-" + (i % 7) + "\"}}}")
                                                .getBytes(StandardCharsets.UTF_8));
                                Answer a = read(in);
                                assertThat(a).isNotNull();
                                assertThat(a.status()).as(a.text()).isEqualTo(200);
                                ok.incrementAndGet();
                            }
                        }
                        return null;
                    }));
                }
                for (Future<?> f : all) {
                    f.get();
                }
            } finally {
                clients.shutdownNow();
            }
            assertThat(ok.get()).isEqualTo(connections * perConnection);
            assertThat(lab.engine()
                            .handle("Scan", JSON.readTree("{\"TableName\":\"conn\",\"Select\":\"COUNT\"}"))
                            .path("Count")
                            .asInt())
                    .isEqualTo(connections * 7);
        }
    }

    @Test
    void aClosedServerLeavesNoThreadsBehind() throws Exception {
        Set<Thread> before = new HashSet<>(Thread.getAllStackTraces().keySet());
        for (int round = 0; round < 3; round++) {
            try (LabServer server = LabServer.start(
                    null, 0, (op, req) -> JsonNodeFactory.instance.objectNode(), 5 /* the loop's timer too */)) {
                // Busy on all its threads: the I/O loops and the workers.
                List<Socket> open = new ArrayList<>();
                for (int c = 0; c < 8; c++) {
                    Socket s = connect(server);
                    s.getOutputStream()
                            .write(post("DynamoDB_20120810.GetItem", "{}").getBytes(StandardCharsets.UTF_8));
                    open.add(s);
                }
                for (Socket s : open) {
                    assertThat(read(s.getInputStream()).status()).isEqualTo(200);
                }
                assertThat(labThreads(before))
                        .as("the server runs on its own threads")
                        .isNotEmpty();
                // Left open: close() must close them.
            }
        }
        assertThat(labThreads(before)).as("threads of closed Lab servers").isEmpty();
    }

    private static List<String> labThreads(Set<Thread> before) {
        List<String> names = new ArrayList<>();
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (!before.contains(t) && t.isAlive() && t.getName().startsWith(LabServer.THREAD_PREFIX)) {
                names.add(t.getName());
            }
        }
        return names;
    }
}
