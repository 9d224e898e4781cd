package dev.partitionscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.partitionscope.core.scheme.KeyScheme;
import dev.partitionscope.testing.LabFixture;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * {@code partitionscope scatter} in-process against a Lab: table {@code orders} (pk S, sk N) with 40 PENDING orders
 * under hash:4 (sort keys 0, 10, …, 390; amount = i mod 7) and noise under SHIPPED.
 */
class ScatterCommandTest {
    private static LabFixture lab;
    private static String table;
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeAll
    static void start() {
        lab = LabFixture.start();
        table = LabFixture.uniqueName("orders");
        lab.client().createTable(b -> b.tableName(table)
                .billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(
                        AttributeDefinition.builder()
                                .attributeName("pk")
                                .attributeType(ScalarAttributeType.S)
                                .build(),
                        AttributeDefinition.builder()
                                .attributeName("sk")
                                .attributeType(ScalarAttributeType.N)
                                .build())
                .keySchema(
                        KeySchemaElement.builder()
                                .attributeName("pk")
                                .keyType(KeyType.HASH)
                                .build(),
                        KeySchemaElement.builder()
                                .attributeName("sk")
                                .keyType(KeyType.RANGE)
                                .build()));
        KeyScheme hash = KeyScheme.parse("hash:4");
        Random r = new Random(1);
        for (int i = 0; i < 40; i++) {
            put(hash.apply("PENDING", "o" + i, 0L, r, "#"), i * 10, i % 7);
            put(hash.apply("SHIPPED", "s" + i, 0L, r, "#"), i * 10 + 5, 1);
        }
    }

    private static void put(String pk, int sk, int amount) {
        lab.client().putItem(b -> b.tableName(table)
                .item(Map.of(
                        "pk",
                        AttributeValue.fromS(pk),
                        "sk",
                        AttributeValue.fromN(Integer.toString(sk)),
                        "amount",
                        AttributeValue.fromN(Integer.toString(amount)))));
    }

    @AfterAll
    static void stop() {
        if (lab != null) {
            lab.close();
        }
    }

    private int run(String... args) {
        List<String> all = new ArrayList<>(List.of("scatter", "--endpoint", lab.endpoint()));
        all.addAll(List.of(args));
        return RootCommand.execute(new PrintWriter(out, true), new PrintWriter(err, true), all.toArray(String[]::new));
    }

    private static List<Integer> sks(JsonNode doc) {
        List<Integer> sks = new ArrayList<>();
        doc.get("items").forEach(i -> sks.add(i.get("sk").asInt()));
        return sks;
    }

    @Test
    void jsonHasItemsShardsAndTotals() throws Exception {
        assertThat(run("--table", table, "--base", "PENDING", "--scheme", "hash:4", "--limit", "5", "--json"))
                .as(err.toString())
                .isZero();
        JsonNode doc = new ObjectMapper().readTree(out.toString());
        assertThat(sks(doc)).containsExactly(0, 10, 20, 30, 40);
        assertThat(doc.get("complete").asBoolean()).isTrue();
        assertThat(doc.get("items").get(0).get("pk").asText()).startsWith("PENDING#");
        JsonNode shards = doc.get("shards");
        assertThat(shards).hasSize(4);
        List<String> keys = new ArrayList<>();
        shards.forEach(s -> keys.add(s.get("key").asText()));
        assertThat(keys).containsExactly("PENDING#1", "PENDING#2", "PENDING#3", "PENDING#4");
        for (JsonNode s : shards) {
            assertThat(s.has("items")
                            && s.has("pages")
                            && s.has("consumedCapacity")
                            && s.has("latencyMs")
                            && s.has("throttles")
                            && s.has("error"))
                    .as(s.toString())
                    .isTrue();
        }
        assertThat(doc.get("totals").get("items").asInt()).isEqualTo(5);
        assertThat(doc.get("totals").get("consumedCapacity").asDouble()).isPositive();
        assertThat(doc.get("totals").has("wallMs")).isTrue();
        assertThat(doc.get("totals").has("slowestShardMs")).isTrue();
    }

    @Test
    void descendingWithConditionAndFilterMatchesBruteForce() throws Exception {
        assertThat(run(
                        "--table",
                        table,
                        "--base",
                        "PENDING",
                        "--scheme",
                        "hash:4",
                        "--descending",
                        "--sk-condition",
                        "between 50 and 300",
                        "--filter",
                        "#a >= :min",
                        "--name",
                        "#a=amount",
                        "--value",
                        ":min=N:4",
                        "--limit",
                        "6",
                        "--concurrency",
                        "2",
                        "--json"))
                .as(err.toString())
                .isZero();
        List<Integer> expected = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            if (i * 10 >= 50 && i * 10 <= 300 && i % 7 >= 4) {
                expected.add(i * 10);
            }
        }
        expected.sort(Comparator.reverseOrder());
        assertThat(sks(new ObjectMapper().readTree(out.toString()))).isEqualTo(expected.subList(0, 6));
    }

    @Test
    void textShowsItemsAndTheShardTable() {
        assertThat(run("--table", table, "--base", "PENDING", "--scheme", "hash:4", "--show", "3"))
                .as(err.toString())
                .isZero();
        String text = out.toString();
        assertThat(text)
                .contains("40 items from 4 shard keys")
                .contains("… 37 more")
                .contains("PENDING#4")
                .contains("shard")
                .contains("RCU")
                .contains("complete");
    }

    @Test
    void itemCapIsLabelledIncompleteWithExitOne() throws Exception {
        assertThat(run("--table", table, "--base", "PENDING", "--scheme", "hash:4", "--max-items", "8", "--json"))
                .isEqualTo(1);
        JsonNode doc = new ObjectMapper().readTree(out.toString());
        assertThat(doc.get("complete").asBoolean()).isFalse();
        assertThat(doc.get("capped").asBoolean()).isTrue();
        assertThat(err.toString()).contains("INCOMPLETE").contains("item cap 8");
    }

    @Test
    void cancelPrintsWhatArrivedMarkedIncomplete() throws Exception {
        ScatterCommand.cancel = () -> true;
        try {
            assertThat(run("--table", table, "--base", "PENDING", "--scheme", "hash:4", "--json"))
                    .isEqualTo(1);
        } finally {
            ScatterCommand.cancel = () -> false;
        }
        JsonNode doc = new ObjectMapper().readTree(out.toString());
        assertThat(doc.get("cancelled").asBoolean()).isTrue();
        assertThat(doc.get("complete").asBoolean()).isFalse();
        assertThat(err.toString()).contains("INCOMPLETE").contains("cancelled");
    }

    @Test
    void badSchemeIsAUsageErrorWithoutStackTrace() {
        assertThat(run("--table", table, "--base", "PENDING", "--scheme", "hash:0"))
                .isEqualTo(2);
        assertThat(err.toString())
                .contains("bad --scheme")
                .doesNotContain("Exception")
                .doesNotContain("\tat ");
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void missingTableFailsWithAMessage() {
        assertThat(run("--table", "no-such-table", "--base", "PENDING", "--scheme", "hash:4"))
                .isEqualTo(1);
        assertThat(err.toString())
                .startsWith("error:")
                .contains("no-such-table")
                .doesNotContain("\tat ");
    }

    @Test
    void badConditionAndUnknownIndexAreUsageErrors() {
        assertThat(run("--table", table, "--base", "PENDING", "--scheme", "hash:4", "--sk-condition", "~ 3"))
                .isEqualTo(2);
        assertThat(err.toString()).contains("cannot read sort-key condition");
        assertThat(run("--table", table, "--base", "PENDING", "--scheme", "hash:4", "--index", "nope"))
                .isEqualTo(2);
        assertThat(err.toString()).contains("has no index nope");
    }
}
