package dev.partitionscope.lab.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.partitionscope.lab.Lab;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;

/** wrk's {@code bench} table and PutItem bodies ({@code src/jmh/wrk/}) for the in-process PutItem benchmarks. */
final class WrkTable {
    /** The key space of {@code put.lua}'s random keys. */
    static final int KEYS = 1 << 20;

    private static final ObjectMapper JSON = new ObjectMapper();

    private WrkTable() {}

    /** Creates wrk's table with ten times its write capacity: one core here puts faster than 200,000 WCU allow. */
    static void create(Lab lab) throws IOException {
        lab.engine()
                .handle(
                        "CreateTable",
                        JSON.readTree(Files.readString(Path.of("src/jmh/wrk/create-table.json"))
                                .replace("\"WriteCapacityUnits\":200000", "\"WriteCapacityUnits\":2000000")));
    }

    /** {@code count} PutItem bodies as {@code put.lua} writes them, on random keys (seeded). */
    static byte[][] putBodies(int count) {
        SplittableRandom random = new SplittableRandom(42);
        byte[][] bodies = new byte[count][];
        for (int i = 0; i < count; i++) {
            bodies[i] = ("{\"TableName\":\"bench\",\"Item\":{\"pk\":{\"S\":\"key-" + (1 + random.nextInt(KEYS))
                            + "\"},\"v\":{\"S\":\"payload-payload-payload-payload\"},\"n\":{\"N\":\"" + i + "\"}}}")
                    .getBytes(StandardCharsets.UTF_8);
        }
        return bodies;
    }

    /** The bodies parsed, for benchmarks that leave parsing out. */
    static JsonNode[] trees(byte[][] bodies) throws IOException {
        JsonNode[] trees = new JsonNode[bodies.length];
        for (int i = 0; i < bodies.length; i++) {
            trees[i] = JSON.readTree(bodies[i]);
        }
        return trees;
    }
}
