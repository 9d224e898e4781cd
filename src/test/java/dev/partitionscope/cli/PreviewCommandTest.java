package dev.partitionscope.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.partitionscope.core.scheme.Suffixes;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code partitionscope preview} in-process on files and stdin, checked against counts computed here. */
class PreviewCommandTest {
    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @AfterEach
    void restoreStdin() {
        PreviewCommand.stdin = System.in;
    }

    private int run(String... args) {
        String[] all = new String[args.length + 1];
        all[0] = "preview";
        System.arraycopy(args, 0, all, 1, args.length);
        return RootCommand.execute(new PrintWriter(out, true), new PrintWriter(err, true), all);
    }

    private JsonNode json(String... args) throws Exception {
        assertThat(run(args)).as(out + "\n" + err).isZero();
        assertThat(err.toString()).isEmpty();
        return new ObjectMapper().readTree(out.toString());
    }

    private Path file(String name, List<String> lines) throws Exception {
        return Files.write(dir.resolve(name), lines, StandardCharsets.UTF_8);
    }

    /** Seed 002's order ids, P100000 onwards. */
    private Path orderIds(int n) throws Exception {
        return file(
                "ids.txt",
                IntStream.range(0, n).mapToObj(i -> "P" + (100_000 + i)).toList());
    }

    @Test
    void jsonCountsEveryKeyAsTheHashFormulaDoes() throws Exception {
        JsonNode doc = json("--keys", orderIds(5_000).toString(), "--scheme", "hash:8", "--base", "PENDING", "--json");
        assertThat(doc.path("scheme").asText()).isEqualTo("hash:8");
        assertThat(doc.path("keys").asInt()).isEqualTo(5_000);
        int[] expected = new int[9];
        for (int i = 0; i < 5_000; i++) {
            expected[Suffixes.hash("P" + (100_000 + i), 8)]++;
        }
        JsonNode shards = doc.path("shards");
        assertThat(shards).hasSize(8);
        int max = 0;
        for (int s = 1; s <= 8; s++) {
            JsonNode shard = shards.get(s - 1);
            assertThat(shard.path("suffix").asText()).isEqualTo(String.valueOf(s));
            assertThat(shard.path("key").asText()).isEqualTo("PENDING#" + s);
            assertThat(shard.path("count").asInt()).isEqualTo(expected[s]);
            assertThat(shard.path("share").asDouble()).isEqualTo(expected[s] / 5_000.0);
            max = Math.max(max, expected[s]);
        }
        assertThat(doc.path("distinctShards").asInt()).isEqualTo(8);
        assertThat(doc.path("maxShare").asDouble()).isEqualTo(max / 5_000.0);
        assertThat(doc.path("maxToMean").asDouble()).isCloseTo(max / 625.0, within(1e-12));
        assertThat(doc.has("recommendedShards")).isFalse();
        assertThat(doc.has("predictedThrottledShare")).isFalse();
    }

    /** AWS's product:200 on seed 002's ids at seed 002's 4,000 writes/s: the prediction from the real counts. */
    @Test
    void rateAddsTheRecommendationAndThePredictedThrottledShare() throws Exception {
        int n = 20_000;
        JsonNode doc = json(
                "--keys",
                orderIds(n).toString(),
                "--scheme",
                "product:200",
                "--base",
                "2014-07-09",
                "--separator",
                ".",
                "--rate",
                "4000",
                "--item-size",
                "1000",
                "--json");
        int[] counts = new int[201];
        for (int i = 0; i < n; i++) {
            counts[Suffixes.product("P" + (100_000 + i), 200)]++;
        }
        double throttled = 0;
        for (int c : counts) {
            throttled += Math.max(0, 4_000.0 * c / n - 1_000);
        }
        assertThat(doc.path("recommendedShards").asInt()).isEqualTo(10);
        assertThat(doc.path("predictedThrottledShare").asDouble())
                .isCloseTo(throttled / 4_000, within(1e-9))
                .as("a third of the writes still throttled")
                .isGreaterThan(0.3);
        assertThat(doc.path("throttledShareBefore").asDouble()).isEqualTo(0.75);
        assertThat(doc.path("distinctShards").asInt()).isEqualTo(5);
        assertThat(doc.path("shards").get(0).path("key").asText()).isEqualTo("2014-07-09.1");
        assertThat(doc.path("verdict").asText()).startsWith("product:200 spreads these 20,000 ids unevenly");
    }

    @Test
    void textShowsBarsTheVerdictAndTheReasoning() throws Exception {
        assertThat(run(
                        "--keys",
                        orderIds(4_000).toString(),
                        "--scheme",
                        "hash:10",
                        "--base",
                        "PEDIDOS",
                        "--rate",
                        "4000"))
                .isZero();
        String text = out.toString();
        assertThat(text)
                .contains(
                        "Scheme hash:10 on 4,000 ids under PEDIDOS",
                        "PEDIDOS#10",
                        "█",
                        "hash:10 spreads these 4,000 ids within ±",
                        "before (one key): 400 % of the 1,000 WCU/s ceiling," + " 75.0 % of writes throttled",
                        "0.0 % of writes throttled",
                        "Recommended shards: 10",
                        "With 10 suffixes each key takes 400 writes/s");
    }

    @Test
    void stdinWithHotValuesAndTimestamps() throws Exception {
        String lines = IntStream.range(0, 1_000)
                .mapToObj(i -> (i % 4 == 0 ? "DELIVERED" : "PENDING") + "\to-" + i)
                .collect(Collectors.joining("\n", "", "\n\n"));
        PreviewCommand.stdin = new ByteArrayInputStream(lines.getBytes(StandardCharsets.UTF_8));
        JsonNode doc = json("--keys", "-", "--scheme", "PENDING:hash:4", "--json");
        assertThat(doc.path("keys").asInt()).isEqualTo(1_000);
        assertThat(doc.path("shards").get(0).path("key").asText()).isEqualTo("DELIVERED");
        assertThat(doc.path("shards").get(0).path("count").asInt()).isEqualTo(250);
        assertThat(doc.path("shards")).hasSize(5);

        out.getBuffer().setLength(0);
        InputStream days = new ByteArrayInputStream("""
                        a,2026-06-22T01:00:00Z
                        b,2026-06-23T01:00:00Z
                        c,1782090000000
                        """.getBytes(StandardCharsets.UTF_8));
        PreviewCommand.stdin = days;
        JsonNode timed = json("--keys", "-", "--scheme", "day", "--base", "OPS_LOG", "--json");
        assertThat(timed.path("shards").findValuesAsText("key"))
                .containsExactly("OPS_LOG#2026-06-22", "OPS_LOG#2026-06-23");
        assertThat(timed.path("verdict").asText()).contains("the load is not divided");
    }

    @Test
    void badInputGetsAMessageAndAnExitCodeNeverAStackTrace() throws Exception {
        assertThat(run("--keys", dir.resolve("missing.txt").toString(), "--scheme", "hash:8"))
                .isEqualTo(1);
        assertThat(err.toString()).contains("error: no such file", "what to do").doesNotContain("Exception", "\tat ");

        err.getBuffer().setLength(0);
        assertThat(run("--keys", orderIds(3).toString(), "--scheme", "hash:0")).isEqualTo(2);
        assertThat(err.toString())
                .contains("bad --scheme: 'hash:0'", "from 1 to 10000")
                .doesNotContain("Exception");

        err.getBuffer().setLength(0);
        assertThat(run("--keys", orderIds(3).toString(), "--scheme", "shard:8")).isEqualTo(2);
        assertThat(err.toString()).contains("'shard:8' is not a scheme; use random:N");

        err.getBuffer().setLength(0);
        assertThat(run("--keys", file("empty.txt", List.of("", "  ")).toString(), "--scheme", "hash:8"))
                .isEqualTo(1);
        assertThat(err.toString()).contains("has no ids");

        err.getBuffer().setLength(0);
        assertThat(run("--keys", orderIds(3).toString(), "--scheme", "day+hash:8"))
                .isEqualTo(1);
        assertThat(err.toString())
                .contains("line 1 has 1 field, needs 2 (ID,TIME)")
                .doesNotContain("Exception");

        err.getBuffer().setLength(0);
        assertThat(run("--keys", file("t.txt", List.of("a,yesterday")).toString(), "--scheme", "day"))
                .isEqualTo(1);
        assertThat(err.toString()).contains("'yesterday' is not a time");

        err.getBuffer().setLength(0);
        assertThat(run("--scheme", "hash:8")).isEqualTo(2);
        assertThat(err.toString())
                .contains("Missing required option: '--keys=FILE|-'")
                .doesNotContain("Exception");

        err.getBuffer().setLength(0);
        assertThat(run("--keys", orderIds(3).toString(), "--scheme", "hash:8", "--rate", "-5"))
                .isEqualTo(2);
        assertThat(err.toString()).contains("--rate must be");
        assertThat(out.toString()).isEmpty();
    }
}
