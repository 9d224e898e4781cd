package dev.partitionscope.lab.proxy;

import dev.partitionscope.lab.server.Headers;
import dev.partitionscope.lab.server.LabServer;
import dev.partitionscope.lab.streams.StreamsRoute;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * DynamoDB Streams in proxy mode: the upstream (LocalStack serves Streams) holds the tables and their streams, so a
 * Streams call is forwarded as it came — body, target, content type and signature — and its answer relayed as it is.
 * Nothing is admitted or metered: reading a stream takes no table capacity.
 */
public final class StreamsForward implements LabServer.Route {
    private final URI upstream;
    private final HttpClient http;

    public StreamsForward(String upstream) {
        this.upstream = URI.create(upstream.replaceAll("/+$", "") + "/");
        this.http = HttpClient.newBuilder()
                .connectTimeout(Duration.ofSeconds(3))
                .version(HttpClient.Version.HTTP_1_1)
                .build();
    }

    @Override
    public boolean accepts(String path, Headers headers) {
        return StreamsRoute.isStreamsCall(headers);
    }

    @Override
    public LabServer.Reply answer(String path, Headers headers, byte[] body) {
        String type = StreamsRoute.answerType(headers);
        HttpRequest.Builder b = HttpRequest.newBuilder(upstream)
                .timeout(Duration.ofSeconds(30))
                .header(
                        "Content-Type",
                        headers.getFirst("Content-Type") == null ? type : headers.getFirst("Content-Type"))
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        for (String h : List.of("X-Amz-Target", "Authorization", "X-Amz-Date", "X-Amz-Security-Token")) {
            String v = headers.getFirst(h);
            if (v != null) {
                b.header(h, v);
            }
        }
        try {
            HttpResponse<byte[]> r = http.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
            return new LabServer.Reply(
                    r.statusCode(), r.headers().firstValue("Content-Type").orElse(type), Map.of(), r.body());
        } catch (IOException e) {
            return unavailable(
                    type,
                    "The Lab proxy cannot reach its upstream " + upstream + " ("
                            + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage())
                            + "). Is it running?");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return unavailable(type, "Interrupted while calling the upstream");
        }
    }

    private static LabServer.Reply unavailable(String type, String message) {
        var f = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance;
        String body = f.objectNode()
                .put("__type", "com.amazonaws.dynamodb.v20120810#ServiceUnavailable")
                .put("message", message)
                .toString();
        return new LabServer.Reply(503, type, Map.of(), body.getBytes(StandardCharsets.UTF_8));
    }
}
