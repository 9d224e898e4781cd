package dev.partitionscope.lab.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The Lab's own tree reader builds the tree Jackson's {@code readTree} builds, and fails where it fails: checked on
 * hand-picked bodies and on 20,000 seeded mutations of a PutItem. SmallMap behaves as a LinkedHashMap.
 */
class RequestTreesTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    static {
        MAPPER.getFactory()
                .setStreamReadConstraints(
                        StreamReadConstraints.builder().maxNestingDepth(256).build());
    }

    private static final RequestTrees TREES = new RequestTrees(MAPPER.getFactory(), LabServer.SmallObjects.INSTANCE);

    /** What readTree gives: the tree (its text, so that node classes and number types count) or the failure. */
    private static String jackson(byte[] b) {
        try {
            JsonNode n = MAPPER.readTree(b);
            return n == null ? "null" : describe(n);
        } catch (Exception e) {
            return "failure";
        }
    }

    private static String ours(byte[] b) {
        try {
            JsonNode n = TREES.read(b, 0, b.length);
            return n == null ? "null" : describe(n);
        } catch (JsonProcessingException e) {
            return "failure";
        } catch (Exception e) {
            return "unexpected " + e;
        }
    }

    /** The tree with each node's class: an IntNode and a LongNode of the same value differ. */
    private static String describe(JsonNode n) {
        StringBuilder s = new StringBuilder(n.getClass().getSimpleName()).append(':');
        if (n.isObject()) {
            s.append('{');
            n.properties().forEach(e -> s.append(e.getKey())
                    .append('=')
                    .append(describe(e.getValue()))
                    .append(','));
            s.append('}');
        } else if (n.isArray()) {
            s.append('[');
            n.forEach(e -> s.append(describe(e)).append(','));
            s.append(']');
        } else {
            s.append(n.toString());
        }
        return s.toString();
    }

    @Test
    void handPickedBodiesGiveJacksonsTree() {
        String[] bodies = {
            "{}",
            "[]",
            "   ",
            "",
            "{\"a\":1,\"a\":2}",
            "{\"n\":12345678901,\"m\":123456789012345678901234567890}",
            "{\"f\":1.5e300,\"g\":-0.0,\"h\":1E2}",
            "{\"t\":true,\"f\":false,\"z\":null}",
            "{} trailing",
            "{\"a\":}",
            "{\"a\":[1,2,{\"b\":[]}]}",
            "[1,2",
            "{\"a\"",
            "\"text\"",
            "42",
            "nul",
            "{\"k\":\"\\u00e9\\n\"}",
            "[".repeat(300) + "]".repeat(300),
            "[".repeat(200) + "]".repeat(200),
            "{,}",
            "{\"a\":1,}",
            "[1,]",
            "{\"a\":1 \"b\":2}",
            "\uFEFF{}"
        };
        for (String body : bodies) {
            byte[] b = body.getBytes(StandardCharsets.UTF_8);
            assertThat(ours(b))
                    .as(body.length() > 60 ? body.substring(0, 60) : body)
                    .isEqualTo(jackson(b));
        }
    }

    @Test
    void seededMutationsOfAPutItemGiveJacksonsTreeOrItsFailure() {
        byte[] base = ("{\"TableName\":\"bench\",\"Item\":{\"pk\":{\"S\":\"key-1\"},\"v\":{\"S\":\"payload\"},"
                        + "\"n\":{\"N\":\"12\"},\"l\":{\"L\":[{\"N\":\"1\"},{\"BOOL\":true},{\"NULL\":true}]}},"
                        + "\"ReturnValues\":\"ALL_OLD\",\"Limit\":25,\"Ratio\":0.5}")
                .getBytes(StandardCharsets.UTF_8);
        byte[] alphabet = "{}[]\":,0123456789.eE-+ truefalsnul\\abc".getBytes(StandardCharsets.UTF_8);
        Random random = new Random(23);
        int failures = 0;
        for (int round = 0; round < 20_000; round++) {
            byte[] b = base.clone();
            int edits = 1 + random.nextInt(3);
            for (int e = 0; e < edits; e++) {
                b[random.nextInt(b.length)] = alphabet[random.nextInt(alphabet.length)];
            }
            String expected = jackson(b);
            failures += expected.equals("failure") ? 1 : 0;
            assertThat(ours(b)).as(new String(b, StandardCharsets.UTF_8)).isEqualTo(expected);
        }
        assertThat(failures).as("the mutations reach both outcomes").isBetween(1_000, 19_000);
    }

    @Test
    void smallMapActsAsALinkedHashMapThroughGrowthAndRemoval() {
        Random random = new Random(5);
        for (int round = 0; round < 2_000; round++) {
            Map<String, Integer> expected = new LinkedHashMap<>();
            SmallMap<Integer> actual = new SmallMap<>();
            for (int op = 0; op < 40; op++) {
                String key = "k" + random.nextInt(14);
                int v = random.nextInt(100);
                switch (random.nextInt(4)) {
                    case 0, 1 -> assertThat(actual.put(key, v)).isEqualTo(expected.put(key, v));
                    case 2 -> assertThat(actual.remove(key)).isEqualTo(expected.remove(key));
                    default -> {
                        var it = actual.entrySet().iterator();
                        var itExpected = expected.entrySet().iterator();
                        while (it.hasNext()) {
                            var e = it.next();
                            var f = itExpected.next();
                            assertThat(e.getKey()).isEqualTo(f.getKey());
                            if (e.getValue() % 3 == 0) {
                                it.remove();
                                itExpected.remove();
                            }
                        }
                    }
                }
                assertThat(actual).isEqualTo(expected);
                assertThat(new ArrayList<>(actual.keySet())).isEqualTo(new ArrayList<>(expected.keySet()));
                assertThat(actual.get(key)).isEqualTo(expected.get(key));
                assertThat(actual.hashCode()).isEqualTo(expected.hashCode());
            }
        }
    }

    @Test
    void objectNodesOverSmallMapsCompareAsJacksonsDo() throws Exception {
        byte[] b = "{\"a\":{\"S\":\"x\"},\"b\":[1,{\"c\":null}]}".getBytes(StandardCharsets.UTF_8);
        JsonNode ours = TREES.read(b, 0, b.length);
        assertThat(ours).isEqualTo(MAPPER.readTree(b));
        assertThat(MAPPER.readTree(b)).isEqualTo(ours);
        ((ObjectNode) ours).remove("a");
        assertThat(ours.toString()).isEqualTo("{\"b\":[1,{\"c\":null}]}");
        List<String> names = new ArrayList<>();
        ours.fieldNames().forEachRemaining(names::add);
        assertThat(names).containsExactly("b");
    }
}
