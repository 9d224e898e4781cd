package dev.partitionscope.lab.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.lab.wire.LabException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link PlainPuts} reads a PutItem body without the front door's tree: it must accept only bodies the front door
 * ({@link DynamoDbApi#read}) accepts, and give the same request for them — else a write the front door would refuse
 * (a bad number, a null, a second type) would be stored, or an accepted one stored differently.
 */
class PlainPutsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** What the front door makes of the body: its request, or the LabException it throws, or a parse failure. */
    private record FrontDoor(DynamoDbApi.ApiRequest request, String error) {}

    private static FrontDoor frontDoor(String body) {
        JsonNode tree;
        try {
            tree = JSON.readTree(body);
        } catch (Exception e) {
            return new FrontDoor(null, "SerializationException");
        }
        try {
            return new FrontDoor(DynamoDbApi.read("PutItem", tree), null);
        } catch (LabException e) {
            return new FrontDoor(null, e.getMessage());
        }
    }

    private static DynamoDbApi.ApiRequest plain(String body) {
        byte[] bytes = ("  " + body + " ").getBytes(StandardCharsets.UTF_8);
        return DynamoDbApi.readPlain("PutItem", bytes, 2, bytes.length - 3);
    }

    /** Reads {@code body} both ways and checks they agree; true when the plain reader took it. */
    private static boolean agree(String body) {
        DynamoDbApi.ApiRequest plain = plain(body);
        if (plain == null) {
            return false;
        }
        FrontDoor door = frontDoor(body);
        assertThat(door.error()).as("the front door's answer to %s", body).isNull();
        DynamoDbApi.ApiRequest expected = door.request();
        assertThat(plain.operation()).isEqualTo("PutItem");
        assertThat(plain.meteredAs()).isEqualTo("PutItem");
        assertThat(plain.data().get("TableName")).isEqualTo(expected.data().get("TableName"));
        Map<String, AttrValue> item = plain.expressions().item(null);
        Map<String, AttrValue> expectedItem =
                expected.expressions().item(expected.data().get("Item"));
        assertThat(item).as(body).isEqualTo(expectedItem);
        assertThat(List.copyOf(item.keySet())).as("attribute order").isEqualTo(List.copyOf(expectedItem.keySet()));
        for (String name : item.keySet()) { // N's equality is by value: the text must be the same too
            assertThat(item.get(name).toString())
                    .isEqualTo(expectedItem.get(name).toString());
        }
        assertThat(plain.expressions().itemSize())
                .isEqualTo(expected.expressions().itemSize());
        return true;
    }

    @Test
    void readsThePutsWritersSendAsTheFrontDoorDoes() {
        assertThat(agree("{\"TableName\":\"bench\",\"Item\":{\"pk\":{\"S\":\"key-1\"},\"v\":{\"S\":\"payload\"},"
                        + "\"n\":{\"N\":\"12\"}}}"))
                .isTrue();
        // The SDK's order (Item first), every plain type, unicode, escapes, an empty string, numbers in other forms.
        assertThat(agree("{\"Item\":{\"PK\":{\"S\":\"OPS_LOG\"},\"SK\":{\"S\":\"2026-06-22T01:00:00Z#1\"},"
                        + "\"ok\":{\"BOOL\":true},\"no\":{\"BOOL\":false},\"gone\":{\"NULL\":true},"
                        + "\"name\":{\"S\":\"Zoë \\u263A \\\"q\\\"\"},\"empty\":{\"S\":\"\"},"
                        + "\"f\":{\"N\":\"-0012.5000\"},\"e\":{\"N\":\"1.5E+3\"},\"z\":{\"N\":\"-0\"},"
                        + "\"p\":{\"N\":\"+7\"}},\"TableName\":\"app.table-1_x\"}"))
                .isTrue();
    }

    @Test
    void leavesEveryOtherBodyToTheFrontDoor() {
        List<String> others = List.of(
                "{\"TableName\":\"bench\",\"Item\":{\"pk\":{\"S\":\"a\"}},\"ReturnValues\":\"ALL_OLD\"}",
                "{\"TableName\":\"bench\",\"Item\":{\"pk\":{\"S\":\"a\"}},\"ReturnValues\":null}",
                "{\"TableName\":\"bench\",\"TableName\":\"bench\",\"Item\":{\"pk\":{\"S\":\"a\"}}}",
                "{\"TableName\":\"bench\",\"Item\":{\"pk\":{\"S\":\"a\"},\"pk\":{\"S\":\"b\"}}}",
                "{\"TableName\":\"bench\",\"Item\":{}}",
                "{\"TableName\":\"bench\"}",
                "{\"Item\":{\"pk\":{\"S\":\"a\"}}}",
                "{\"TableName\":\"be\",\"Item\":{\"pk\":{\"S\":\"a\"}}}",
                "{\"TableName\":\"be nch\",\"Item\":{\"pk\":{\"S\":\"a\"}}}",
                "{\"TableName\":\"arn:aws:dynamodb:us-east-1:1:table/t\",\"Item\":{\"pk\":{\"S\":\"a\"}}}",
                "{\"TableName\":null,\"Item\":{\"pk\":{\"S\":\"a\"}}}",
                "{\"TableName\":\"bench\",\"Item\":{\"pk\":{\"S\":null}}}",
                "{\"TableName\":\"bench\",\"Item\":{\"pk\":{\"S\":\"a\",\"N\":\"1\"}}}",
                "{\"TableName\":\"bench\",\"Item\":{\"pk\":{}}}",
                "{\"TableName\":\"bench\",\"Item\":{\"pk\":{\"S\":1}}}",
                "{\"TableName\":\"bench\",\"Item\":{\"pk\":{\"N\":1}}}",
                "{\"TableName\":\"bench\",\"Item\":{\"pk\":{\"N\":\"abc\"}}}",
                "{\"TableName\":\"bench\",\"Item\":{\"pk\":{\"N\":\"\"}}}",
                "{\"TableName\":\"bench\",\"Item\":{\"pk\":{\"N\":\"1E+126\"}}}",
                "{\"TableName\":\"bench\",\"Item\":{\"pk\":{\"N\":\"1E-131\"}}}",
                "{\"TableName\":\"bench\",\"Item\":{\"pk\":{\"N\":\"123456789012345678901234567890123456789\"}}}",
                "{\"TableName\":\"bench\",\"Item\":{\"pk\":{\"NULL\":false}}}",
                "{\"TableName\":\"bench\",\"Item\":{\"pk\":{\"BOOL\":\"true\"}}}",
                "{\"TableName\":\"bench\",\"Item\":{\"pk\":{\"SS\":[\"a\"]}}}",
                "{\"TableName\":\"bench\",\"Item\":{\"pk\":{\"M\":{}}}}",
                "{\"TableName\":\"bench\",\"Item\":{\"\":{\"S\":\"a\"}}}",
                "{\"TableName\":\"bench\",\"Item\":{\"pk\":{\"S\":\"a\"}}",
                "{\"TableName\":\"bench\",\"Item\":[]}",
                "[]",
                "{\"TableName\":\"bench\",\"Item\":{\"pk\":{\"S\":\"" + "x".repeat(410 * 1024) + "\"}}}");
        for (String body : others) {
            assertThat(plain(body))
                    .as(body.length() > 200 ? body.substring(0, 200) : body)
                    .isNull();
        }
        assertThat(DynamoDbApi.readPlain("GetItem", "{}".getBytes(StandardCharsets.UTF_8), 0, 2))
                .isNull();
    }

    /**
     * Random bodies near the plain form (members, types and values drawn from sets that mix valid and invalid): every
     * body the plain reader takes, the front door takes and reads the same. Most of them are taken (the check is not
     * vacuous).
     */
    @Test
    void neverTakesABodyTheFrontDoorRefusesOrReadsDifferently() {
        Random random = new Random(20261203);
        String[] tables = {"\"bench\"", "\"app\"", "\"ab\"", "\"a b c\"", "null", "7", "\"" + "t".repeat(256) + "\""};
        String[] names = {"pk", "sk", "v", "n", "PK", "ünï", "", "a.b", "#x"};
        String[] values = {
            "{\"S\":\"x\"}",
            "{\"S\":\"\"}",
            "{\"S\":\"\\n\\t\\u0000\"}",
            "{\"N\":\"42\"}",
            "{\"N\":\"0.000\"}",
            "{\"N\":\"-1e5\"}",
            "{\"N\":\"1e200\"}",
            "{\"N\":\"0x10\"}",
            "{\"N\":\" 1\"}",
            "{\"N\":\"99999999999999999999999999999999999999\"}",
            "{\"N\":\"999999999999999999999999999999999999999\"}",
            "{\"N\":\".5\"}",
            "{\"N\":\"5.\"}",
            "{\"BOOL\":true}",
            "{\"BOOL\":false}",
            "{\"BOOL\":null}",
            "{\"NULL\":true}",
            "{\"NULL\":false}",
            "{\"S\":\"x\",\"S\":\"y\"}",
            "{\"B\":\"AAE=\"}",
            "{\"L\":[]}",
            "null",
            "{}"
        };
        int taken = 0;
        int runs = 4000;
        for (int run = 0; run < runs; run++) {
            StringBuilder item = new StringBuilder("{");
            int attributes = random.nextInt(5);
            for (int a = 0; a < attributes; a++) {
                if (a > 0) {
                    item.append(',');
                }
                // Mostly valid values, so that many bodies are taken.
                String value =
                        random.nextInt(3) > 0 ? values[random.nextInt(6)] : values[random.nextInt(values.length)];
                item.append('"')
                        .append(names[random.nextInt(names.length)])
                        .append("\":")
                        .append(value);
            }
            item.append('}');
            List<String> members = new ArrayList<>();
            members.add("\"TableName\":" + (random.nextInt(4) > 0 ? tables[0] : tables[random.nextInt(tables.length)]));
            members.add("\"Item\":" + item);
            if (random.nextInt(8) == 0) {
                members.add(random.nextBoolean() ? "\"ReturnValues\":\"NONE\"" : "\"Item\":" + item);
            }
            java.util.Collections.shuffle(members, random);
            if (agree("{" + String.join(",", members) + "}")) {
                taken++;
            }
        }
        assertThat(taken).as("bodies the plain reader took").isGreaterThan(runs / 5);
    }
}
