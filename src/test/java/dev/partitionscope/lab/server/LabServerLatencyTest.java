package dev.partitionscope.lab.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The Lab's added latency models a network round trip: requests sent together wait it out side by side, as they
 * would on the wire — not a few at a time on the server's worker threads. 64 requests with 300 ms each take about
 * 300 ms, where sleeping on 16 workers took 4 rounds (1.2 s). The answers still arrive, each after the latency.
 */
class LabServerLatencyTest {

    @Test
    void manyRequestsWaitOutTheLatencySideBySide() throws Exception {
        AtomicInteger handled = new AtomicInteger();
        try (LabServer server = LabServer.start(
                null,
                0,
                (op, req) -> {
                    handled.incrementAndGet();
                    return JsonNodeFactory.instance.objectNode().put("op", op);
                },
                300)) {
            HttpClient http =
                    HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            HttpRequest one = RobustnessFuzzTest.signed(HttpRequest.newBuilder(URI.create(server.endpoint() + "/")))
                    .header("X-Amz-Target", "DynamoDB_20120810.ListTables")
                    .header("Content-Type", "application/x-amz-json-1.0")
                    .POST(HttpRequest.BodyPublishers.ofString("{}"))
                    .build();
            http.send(one, HttpResponse.BodyHandlers.ofString()); // warm up
            long t0 = System.nanoTime();
            List<CompletableFuture<HttpResponse<String>>> all = new ArrayList<>();
            for (int i = 0; i < 64; i++) {
                all.add(http.sendAsync(one, HttpResponse.BodyHandlers.ofString()));
            }
            List<Long> took = new ArrayList<>();
            for (var f : all) {
                HttpResponse<String> r = f.get();
                took.add((System.nanoTime() - t0) / 1_000_000);
                assertThat(r.statusCode()).isEqualTo(200);
                assertThat(r.body()).isEqualTo("{\"op\":\"ListTables\"}");
            }
            long wall = Duration.ofNanos(System.nanoTime() - t0).toMillis();
            assertThat(handled.get()).isEqualTo(65);
            assertThat(took).allMatch(ms -> ms >= 290, "every answer waited the latency");
            assertThat(wall)
                    .as("64 answers of 300 ms side by side, not 4 rounds on 16 workers")
                    .isLessThan(1_000);
        }
    }
}
